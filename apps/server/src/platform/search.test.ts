import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client';
import { createTestApp, type TestApp } from '../test/harness';
import { likePattern, textContains } from './search';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const TEXTS = ['GREE空调异响', 'gree空调', 'İstanbul 空调', 'STRASSE 管路改造', 'straße', '张三 13800000000', '100%_满意', 'Ǆemal', 'ǆ'];
const KEYWORDS = ['空调', '管路改造', '138', '100%_', '%', 'gree', 'Gree空调', 'i', 'ß', 'SS', 'ǅ', 'ǆ', '张三 1'];

const sqlOf = (q: string) => new PgDialect().sqlToQuery(textContains(sql`t`, q)).sql;

async function matching(cond: (t: ReturnType<typeof sql>) => ReturnType<typeof sql>): Promise<string[]> {
  const list = sql.join(
    TEXTS.map((x) => sql`(${x}::text)`),
    sql`, `,
  );
  const r = await rows<{ t: string }>(t.deps.db, sql`select x.t from (values ${list}) as x(t) where ${cond(sql`x.t`)} order by x.t`);
  return r.map((x) => x.t);
}

describe('textContains', () => {
  it('finds exactly the texts ILIKE finds, for keywords with and without a case', async () => {
    for (const q of KEYWORDS) {
      const ours = await matching((x) => textContains(x, q));
      const ilike = await matching((x) => sql`${x} ilike ${likePattern(q)}`);
      expect(ours, q).toEqual(ilike);
    }
    expect(await matching((x) => textContains(x, 'gree'))).toEqual(['GREE空调异响', 'gree空调']);
  });

  it('reads a keyword without a case with LIKE, one with a case with ILIKE', () => {
    for (const q of ['空调', '管路改造', '138', '张三 1', '100%_']) expect(sqlOf(q), q).toMatch(/ like \$1$/);
    for (const q of ['gree', 'Gree空调', 'ß', 'ǅ', 'SS']) expect(sqlOf(q), q).toMatch(/ ilike \$1$/);
  });
});
