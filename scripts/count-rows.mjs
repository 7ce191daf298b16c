#!/usr/bin/env node
// Typed data access figures per server module (docs/database.md "Typed rows"): untyped rows() calls, Number() casts of
// row fields, and raw sql`` fragments outside repos. Usage: node scripts/count-rows.mjs [module ...]
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../apps/server/src/modules/', import.meta.url).pathname;
const files = (dir) =>
  readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
// A cast of a field of something that is not a request, a parameter object or the environment.
const NOT_ROWS =
  /^(req|request|params|query|body|input|process|opts|options|filters|filter|cfg|config|settings|env|a|v|viewer|actor|p|b|q|s|o|f|page|item|args|data|e|err|ctx)$/;
const count = (text, re) => (text.match(re) ?? []).length;
const modules = process.argv.slice(2).length ? process.argv.slice(2) : readdirSync(root).filter((n) => statSync(join(root, n)).isDirectory());
const total = { number: 0, untyped: 0, serviceSql: 0 };
console.log('module'.padEnd(14), 'Number(row.x)'.padStart(14), 'rows() untyped'.padStart(15), 'sql` outside repo'.padStart(18));
for (const m of modules) {
  let number = 0;
  let untyped = 0;
  let serviceSql = 0;
  for (const f of files(join(root, m))) {
    const t = readFileSync(f, 'utf8');
    for (const x of t.matchAll(/Number\(\s*([A-Za-z_$][\w$]*)\??\.[A-Za-z_$]/g)) if (!NOT_ROWS.test(x[1])) number++;
    untyped += count(t, /\brows\(/g) + count(t, /\brows<Record<string, unknown>>\(/g);
    if (!/(repo|\.sql|demo|fixtures|test-helpers)\.ts$|\/repo\//.test(f)) serviceSql += count(t, /sql`/g);
  }
  Object.assign(total, { number: total.number + number, untyped: total.untyped + untyped, serviceSql: total.serviceSql + serviceSql });
  console.log(m.padEnd(14), String(number).padStart(14), String(untyped).padStart(15), String(serviceSql).padStart(18));
}
console.log('total'.padEnd(14), String(total.number).padStart(14), String(total.untyped).padStart(15), String(total.serviceSql).padStart(18));
