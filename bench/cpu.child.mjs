// The app as bench/cpu.ts runs it: `node scripts/start.mjs` in production mode, plus an IPC channel (no route) on
// which the parent asks for this process's CPU time (process.cpuUsage) and the statements the requests sent so far
// (db/statements.ts counts each request's round trips until its answer goes out). Started only by bench/cpu.ts.
import { register } from 'tsx/esm/api';

register();
const { onRequestStatements } = await import('../apps/server/src/db/statements.ts');
let requests = 0;
let statements = 0;
onRequestStatements((r) => {
  requests++;
  statements += r.statements;
});
process.on('message', (m) => {
  if (m === 'usage') process.send?.({ cpu: process.cpuUsage(), requests, statements, heap: process.memoryUsage().heapUsed });
});
// The IPC channel must not keep the process alive once the app has stopped (SIGTERM ends it through main.ts).
process.channel?.unref();
await import('../apps/server/src/main.ts');
