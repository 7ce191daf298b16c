// npm run test:pg — the same suite against a real PostgreSQL server.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? `postgres://postgres@127.0.0.1:${process.env.PGPORT ?? 5432}/postgres`;
if (!process.env.TEST_DATABASE_URL) {
  const up = spawnSync('bash', ['scripts/pg-server.sh'], { stdio: 'inherit' });
  if (up.status !== 0) process.exit(up.status ?? 1);
}
const r = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(r.status ?? 1);
