// The oldest PostgreSQL on this machine (Debian's, when installed) runs the migrations, the demo seed and its triggers,
// and the app on top: production may be any PostgreSQL 14+, while the embedded server and the other tests run 18.
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDeps } from '../platform/create-deps';
import { Client } from '../test/factories';
import { type Database, openPostgres, rows } from './client';
import { type EmbeddedServer, startEmbeddedPostgres } from './embedded';
import { migrate } from '../migrate';
import { seedDemo } from '../seed';

const ROOT = '/usr/lib/postgresql';
/** The bin directory of the oldest installed major version below the embedded one, if any. */
const older = existsSync(ROOT)
  ? readdirSync(ROOT)
      .filter((v) => /^\d+$/.test(v) && Number(v) < 18 && existsSync(path.join(ROOT, v, 'bin', 'postgres')))
      .sort((a, b) => Number(a) - Number(b))[0]
  : undefined;
if (!older) console.info(`older-server.test: no PostgreSQL below 18 under ${ROOT} (apt-get install postgresql): skipped`);

describe.skipIf(!older)(`PostgreSQL ${older ?? '(none)'} from ${ROOT}`, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sk-older-pg-'));
  let server: EmbeddedServer;
  let database: Database;
  beforeAll(async () => {
    chmodSync(dir, 0o755); // the server runs as the postgres user when the tests run as root
    server = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), fsync: false, binDir: path.join(ROOT, older as string, 'bin') });
    database = await openPostgres(server.url, 5);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('migrates, seeds the demo and serves it', { timeout: 180_000 }, async () => {
    const [v] = await rows<{ version: string }>(database.db, sql`select current_setting('server_version') as version`);
    expect(v?.version.startsWith(`${older}.`)).toBe(true);
    await migrate(database);
    // The app first: its modules add the steps that fill a new enterprise (dictionaries, roles) the demo relies on.
    const app = await buildApp(createDeps(loadConfig({ NODE_ENV: 'test', SEED_DEMO: '0', DATA_DIR: path.join(dir, 'data') }), database));
    try {
      await seedDemo(database.db, 'demo1234', true, { dataDir: path.join(dir, 'data') });
      // The report summary's statement triggers (their functions are plain SQL this server parses) marked the seeded days.
      const [dirty] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from order_report_dirty`);
      expect(dirty?.n).toBeGreaterThan(0);
      const admin = await new Client(app).login('13800000001', 'demo1234');
      const list = await admin.get('/v2/order/getAllOrderList', { pageIndex: 1, pageSize: 10 });
      expect(list.success).toBe(true);
      expect(list.data.list.length).toBeGreaterThan(0);
      const stats = await admin.get('/v2/report/statusStatistics');
      expect(stats.success).toBe(true);
    } finally {
      await app.close();
    }
  });
});
