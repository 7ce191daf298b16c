// Builds the server for production: src/main.ts and the shared package bundled into dist/main.js (ES module, source
// map beside it), the npm packages left to node_modules, and the files the code opens beside itself copied along.
// `npm start` runs this when dist/ is missing or older than the sources; tests and `npm run dev` keep using tsx.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const out = path.join(here, 'dist');

/** Every package import stays an import, except our own shared package (TypeScript source, bundled). */
const packagesOutside = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@sk/shared') ? undefined : { path: args.path, external: true }));
  },
};

export async function buildServer() {
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(here, 'src/main.ts')],
    outfile: path.join(out, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [packagesOutside],
  });
  // Opened at run time relative to the running file (import.meta.url): the report worker, the migrations, the centres.
  cpSync(path.join(here, 'src/modules/orders/report.worker.mjs'), path.join(out, 'report.worker.mjs'));
  mkdirSync(path.join(out, 'db'), { recursive: true });
  cpSync(path.join(here, 'src/db/migrations'), path.join(out, 'db/migrations'), { recursive: true });
  cpSync(path.join(here, 'src/platform/geo/centres.json'), path.join(out, 'centres.json'));
}

if (process.argv[1] === import.meta.filename) await buildServer();
