// Type-checks the four projects at once: each tsc spends much of its time reading files, so two cores take them in
// parallel faster than one after another. Output is printed per project when it ends; any failure fails the run.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

// TypeScript 7 exports no './bin/tsc' subpath: the binary is found next to its package.json.
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');

const PROJECTS = ['packages/shared', 'apps/server', 'apps/web', 'e2e'];

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ project, code, out }));
  });
}

const results = await Promise.all(PROJECTS.map(check));
for (const r of results) {
  console.log(`tsc -p ${r.project}: ${r.code === 0 ? 'ok' : 'failed'}`);
  if (r.out.trim()) console.log(r.out);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
