// Installing a summary kept by statement triggers (the report, quality and return-visit summaries): its functions,
// then — under a lock on the table it summarises, so no writer slips between the two — its triggers, and the
// backfill of a database from before them. Idempotent: run by migrate on every start.
import { sql } from 'drizzle-orm';
import type { Database, Tx } from './client';

export interface SummaryInstall {
  /** The summarised table, locked while the triggers are (re)created. */
  table: string;
  /** `create or replace function …` statements. */
  functions: string[];
  /** `create or replace trigger …` (and `alter table … enable always trigger …`) statements. */
  triggers: string[];
  /** A trigger among them whose absence means the summary is new and must be backfilled. */
  marker: string;
  backfill(tx: Tx): Promise<void>;
}

export async function installSummary(database: Database, s: SummaryInstall): Promise<void> {
  for (const f of s.functions) await database.db.execute(sql.raw(f));
  await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`lock table ${s.table} in share row exclusive mode`));
    const found = (await tx.execute(sql`select 1 from pg_trigger where tgname = ${s.marker}`)) as unknown as { rows: unknown[] };
    for (const t of s.triggers) await tx.execute(sql.raw(t));
    if (found.rows.length === 0) await s.backfill(tx);
  });
}
