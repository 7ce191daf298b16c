// Prints the gzipped size of the JavaScript the shell loads first (index.html's entry and its static imports).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/([^"]+\.js)"/g)].map((m) => m[1]);
let total = 0;
for (const f of new Set(entries)) total += gzipSync(readFileSync(path.join(dist, f))).length;
const kb = (total / 1024).toFixed(1);
const BUDGET_KB = 345;
console.info(`初始 JavaScript（gzip）：${kb} KB，预算 ${BUDGET_KB} KB，共 ${entries.length} 个文件`);
if (total / 1024 > BUDGET_KB) {
  console.error('超出首屏 JavaScript 预算');
  process.exit(1);
}
