// npm run typecheck: the server's, the web's and the browser tests' projects, each with one checker (TypeScript 7's
// default of four checkers on two cores resolved the shared types once per checker: three times the CPU and twice the
// memory), the three at once so that both cores work. Fails when any of them fails; each prints its own errors.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const run = (project) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--checkers', '1'], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code === 0 && !signal ? 0 : 1));
  });
const codes = await Promise.all(['apps/server', 'apps/web', 'e2e'].map(run));
const failed = codes.some((c) => c !== 0);
if (failed) console.error(`typecheck failed: ${['apps/server', 'apps/web', 'e2e'].filter((_, i) => codes[i] !== 0).join(', ')}`);
process.exit(failed ? 1 : 0);
