// The built app on a free port with a fresh embedded database and the demo seed, for the browser tests.
// The database is thrown away afterwards, so it runs without fsync (each commit waited ~2 ms on this disk).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '3210';
// Named by port: the tests find the database of the app they talk to (sla.support.ts).
const dataDir = path.join(root, 'data', `e2e-${port}`);
rmSync(dataDir, { recursive: true, force: true });
const child = spawn('node', ['scripts/start.mjs'], {
  cwd: root,
  stdio: 'inherit',
  // RATE_LIMIT_SCALE: a few demo users and one address run every spec in minutes, far past a person's pace; the limits
  // are raised (docs/api.md "Rate limits"), their cost stays.
  env: {
    RATE_LIMIT_SCALE: '1000',
    ...process.env,
    PORT: port,
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DEMO_PASSWORD: 'demo1234',
    EMBEDDED_FSYNC: '0',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
