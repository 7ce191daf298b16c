import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Extended planner statistics drizzle-kit cannot express, created after the migrations (idempotent).
 * orders (state, in_pool): the pool is a few thousand 待派单 rows of 1,000,000, and without the pair's statistics the
 * planner guesses ~50, then sorts the whole pool instead of walking orders_pool_list_idx newest first (87 ms → 0.2 ms
 * for the pool list's first page on the bench).
 */
const STATISTICS = [sql`create statistics if not exists orders_state_pool_stx (mcv) on state, in_pool from orders`];

export async function createStatistics(database: Database): Promise<void> {
  for (const s of STATISTICS) await database.db.execute(s);
}
