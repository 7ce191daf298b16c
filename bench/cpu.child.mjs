// The app as bench/cpu.ts runs it: the production app of scripts/start.mjs and main.ts (NODE_ENV=production, the same
// buildApp, pool and logger) on the bench's migrated database, plus an IPC channel (no route) on which the parent asks
// for this process's CPU time (process.cpuUsage) and the statements the requests sent so far (db/statements.ts counts
// each request's round trips until its answer goes out). The background (job workers polling their queues, schedules)
// is left out unless BENCH_CPU_BACKGROUND=1: its CPU would land on the requests measured. Started only by bench/cpu.ts.
import { register } from 'tsx/esm/api';

register();
const { onRequestStatements } = await import('../apps/server/src/db/statements.ts');
const { loadConfig } = await import('../apps/server/src/config.ts');
const { openDatabase } = await import('../apps/server/src/db/open.ts');
const { buildApp } = await import('../apps/server/src/app.ts');
const { wireApp } = await import('../apps/server/src/modules/wiring.ts');
const { createDeps } = await import('../apps/server/src/platform/create-deps.ts');

let requests = 0;
let statements = 0;
onRequestStatements((r) => {
  requests++;
  statements += r.statements;
});
process.on('message', (m) => {
  if (m === 'usage') process.send?.({ cpu: process.cpuUsage(), requests, statements });
});
// The IPC channel must not keep the process alive once the app has stopped.
process.channel?.unref();

const config = loadConfig();
const database = await openDatabase(config);
wireApp();
const deps = createDeps(config, database);
const app = await buildApp(deps, { logger: { level: config.LOG_LEVEL }, webDist: config.WEB_DIST });
const background = process.env.BENCH_CPU_BACKGROUND === '1';
if (background) await deps.startBackground(app.log);
process.on('SIGTERM', async () => {
  await Promise.allSettled([app.close(), background ? deps.stopBackground() : null]);
  await database.close().catch(() => {});
  process.exit(0);
});
await app.listen({ port: config.PORT, host: config.HOST });
