// Reads the query plans of the order lists on a large database: `tsx list.explain.ts <database url>` (docs: report).
import { orderListQuery } from '@sk/shared';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { orderListWhere } from './list.filters';
import { orderPageSql } from './list.repo';
import { cappedCountSql, pageIdsSql } from './list-reads.repo';

const dialect = new PgDialect();

async function main() {
  const client = new pg.Client({ connectionString: process.argv[2] });
  await client.connect();
  const cases: [string, Record<string, unknown>, number?][] = JSON.parse(process.argv[3] ?? '[]');
  for (const [name, input, userId] of cases) {
    const q = orderListQuery.parse(input);
    const v = {
      id: userId ?? 1,
      enterpriseId: Number(process.env.EID ?? 1),
      sysrole: userId ? 2 : 3,
      timeZone: 'Asia/Shanghai',
      admin: !userId,
      providerId: null,
      powers: [],
    };
    const where = orderListWhere(v, q);
    const countSql = cappedCountSql(where);
    const c = dialect.sqlToQuery(countSql);
    const count = Number((await client.query(c.sql, c.params)).rows[0].n);
    for (const [kind, stmt] of [
      [`page of ${count}`, pageIdsSql(orderPageSql(v, q, count))],
      ['count', countSql],
    ] as const) {
      const { sql: text, params } = dialect.sqlToQuery(stmt);
      const r = await client.query(`explain (analyze, buffers, costs off, timing on) ${text}`, params);
      const plan = r.rows.map((x) => x['QUERY PLAN']).join('\n');
      const time = plan.match(/Execution Time: ([\d.]+)/)?.[1];
      console.log(`\n=== ${name} [${kind}] ${time} ms`);
      if (process.env.FULL) console.log(plan);
      else
        console.log(
          plan
            .split('\n')
            .filter((l) => /Scan|Sort|Index Cond|BitmapOr|Limit/.test(l))
            .slice(0, 8)
            .join('\n'),
        );
    }
  }
  await client.end();
}
void main();
