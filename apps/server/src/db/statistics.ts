import { sql } from 'drizzle-orm';
import { type Database, rows } from './client';

/**
 * Extended planner statistics drizzle-kit cannot express, created after the migrations (idempotent).
 * orders (state, in_pool): the pool is a few thousand 待派单 rows of 1,000,000, and without the pair's statistics the
 * planner guesses ~50, then sorts the whole pool instead of walking orders_pool_list_idx newest first (87 ms → 0.2 ms
 * for the pool list's first page on the bench).
 */
const STATISTICS = [sql`create statistics if not exists orders_state_pool_stx (mcv) on state, in_pool from orders`];

/**
 * The texts the contains-searches recheck with ILIKE (platform/search.ts), as the lists write them. Without statistics
 * of their own the planner takes `text ilike '%空调%'` for 0.5 % of the rows the grams found: for a broad keyword it
 * expected 389 matches of 5,000,000 orders where there were 630,000, and read the search's 10,000-row snapshot by
 * sorting all of them (11.7 s) instead of walking the list's sort index newest first (0.27 s). A statistics object
 * costs nothing on writes; ANALYZE (autovacuum's, or the one below when the object is new) fills it.
 */
const TEXTS: { name: string; table: string; text: string }[] = [
  { name: 'orders_text_stx', table: 'orders', text: `concat_ws(' ', title, order_no, custom_link_person, custom_phone, full_address)` },
  { name: 'customers_text_stx', table: 'customers', text: `concat_ws(' ', name, link_name)` },
  { name: 'customer_addresses_text_stx', table: 'customer_addresses', text: `concat_ws(' ', full_address, map_name)` },
  { name: 'installed_products_text_stx', table: 'installed_products', text: `concat_ws(' ', name, serial_number)` },
  { name: 'product_models_text_stx', table: 'product_models', text: `concat_ws(' ', name, brand, model, category)` },
  { name: 'events_text_stx', table: 'events', text: `concat_ws(' ', title, event_no, custom_name, custom_linkperson)` },
];

export async function createStatistics(database: Database): Promise<void> {
  for (const s of STATISTICS) await database.db.execute(s);
  const have = new Set(
    (
      await rows<{ name: string }>(database.db, sql`select stxname::text as name from pg_statistic_ext where stxnamespace = current_schema()::regnamespace`)
    ).map((r) => r.name),
  );
  for (const t of TEXTS) {
    if (have.has(t.name)) continue;
    await database.db.execute(sql.raw(`create statistics if not exists ${t.name} on (${t.text}) from ${t.table}`));
    // A table that already holds rows gets the new object's figures now (a 30,000-row sample, seconds at 5,000,000).
    // An empty one is left to autovacuum: analysed empty, a fresh database's tables would be planned as empty until
    // autovacuum came round again (the demo's seed right after the migrations met nested loops over "no rows").
    const [held] = await rows<{ some: boolean }>(database.db, sql.raw(`select exists (select 1 from ${t.table}) as some`));
    if (held?.some) await database.db.execute(sql.raw(`analyze ${t.table}`));
  }
}
