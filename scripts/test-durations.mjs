// Writes test-durations.json from the last `npm test` run's timings (vitest's results cache), for the order in which
// a fresh clone runs the files (vitest.config.ts). Run it after a full, passing `npm test`.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Vitest keeps the root project's results under the SHA-1 of its (empty) name.
const dir = createHash('sha1').update('').digest('hex');
const { results } = JSON.parse(readFileSync(path.join(root, 'node_modules/.vite/vitest', dir, 'results.json'), 'utf8'));
const durations = Object.fromEntries(
  results
    .filter(([, r]) => !r.failed)
    .map(([key, r]) => [key, Math.round(r.duration)])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(path.join(root, 'test-durations.json'), `${JSON.stringify(durations, null, 2)}\n`);
console.log(`test-durations.json: ${Object.keys(durations).length} files`);
