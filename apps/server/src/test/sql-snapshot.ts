import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * The SQL snapshots (docs/database.md "SQL snapshots"): a module's list and report queries that matter for speed,
 * rendered with fixed parameters into `<module>.sql.snap` beside its repo, so a change of their SQL (and so of their
 * plan) shows in a review's diff. A module's `*.sql.test.ts` compares with `toMatchFileSnapshot`; `npx vitest run <it> -u`
 * rewrites the file after an intended change.
 */
const dialect = new PgDialect();

/** One statement as text: its lines trimmed, blank lines dropped, then its parameters. */
export function renderSql(query: SQL): string {
  const { sql, params } = dialect.sqlToQuery(query);
  const text = sql
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n  ');
  return `${text}\n-- params: ${JSON.stringify(params)}`;
}

/** Named statements, each under a `-- name` heading, as one snapshot file's content. */
export function renderSqlSet(queries: Record<string, SQL>): string {
  return `${Object.entries(queries)
    .map(([name, q]) => `-- ${name}\n${renderSql(q)}`)
    .join('\n\n')}\n`;
}
