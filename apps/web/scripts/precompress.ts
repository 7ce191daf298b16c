// Vite build step: writes brotli (.br) and gzip (.gz) siblings of the text assets, so the server sends them as they are.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text formats worth compressing; images and fonts (woff2) are compressed already. */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|wasm|map)$/;
/** Below this a compressed answer saves less than its headers cost. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

async function compressFile(file: string): Promise<void> {
  const raw = await readFile(file);
  if (raw.length < MIN_BYTES) return;
  const [br, gzipped] = await Promise.all([
    brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
    gz(raw, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  // A sibling that is not smaller would only cost disk space; the server then sends the file itself.
  if (br.length < raw.length) await writeFile(`${file}.br`, br);
  if (gzipped.length < raw.length) await writeFile(`${file}.gz`, gzipped);
}

/** Compresses every text file under a directory (the build output) next to itself. */
export async function precompressDir(dir: string): Promise<void> {
  const files = (await filesUnder(dir)).filter((f) => TEXT.test(f));
  await Promise.all(files.map(compressFile));
}

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'sk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After every file (chunks, index.html, public/) is on disk.
    closeBundle: () => precompressDir(outDir),
  };
}
