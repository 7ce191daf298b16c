import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/open';
import { migrate, OldSchemaError } from './migrate';
import { wireApp } from './modules/wiring';
import { seedDemo } from './seed';
import { createDeps } from './platform/create-deps';
import { resumeProvisioning } from './platform/provision';
import { storageFor } from './platform/storage';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await serve(config, database);
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}

async function serve(config: ReturnType<typeof loadConfig>, database: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  await migrate(database);
  // The subscribers first: the demo seed and a resumed provisioning run them as the app will.
  wireApp();
  const seedStart = Date.now();
  if (config.SEED_DEMO === '1' && (await seedDemo(database.db, config.DEMO_PASSWORD, false, { dataDir: config.dataDir, storage: storageFor(config) }))) {
    console.info(`已写入演示数据（演示企业、免费体验企业、试用企业），用时 ${((Date.now() - seedStart) / 1000).toFixed(1)} 秒`);
  }
  await resumeProvisioning(database.db);
  const deps = createDeps(config, database);
  const webDist = config.WEB_DIST ?? path.resolve(here, '../../web/dist');
  const logger = config.NODE_ENV === 'production' ? { level: config.LOG_LEVEL } : { level: config.LOG_LEVEL, transport: { target: 'pino-pretty' } };
  const app = await buildApp(deps, { logger, webDist });
  await deps.startBackground(app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`收到 ${signal}，正在停止…`);
    // Stop taking requests (new ones on open connections answer 503) and let those in flight finish, while the job
    // runner stops claiming and waits for its running jobs; then the pool closes.
    // A failure while stopping is logged: the pool still closes and the process still ends.
    const stopped = await Promise.allSettled([app.close(), deps.stopBackground()]);
    for (const r of stopped) if (r.status === 'rejected') app.log.error({ err: r.reason }, '停止时出错');
    await database.close().catch((err) => app.log.error({ err }, '关闭数据库连接出错'));
    app.log.info('已停止');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = database.kind === 'embedded' ? `嵌入式 PostgreSQL（数据目录 ${path.join(config.dataDir, 'pg')}）` : 'PostgreSQL（DATABASE_URL）';
  app.log.info(`服务管家已启动：http://localhost:${config.PORT}  数据库：${where}`);
}

main().catch((err) => {
  console.error(err instanceof OldSchemaError || err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
