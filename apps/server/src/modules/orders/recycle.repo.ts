// The recycle bin's statements: the orders of the bin a purge takes, and the purge itself.
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import { bigints } from '../../platform/sql';

/** The orders among the ids that are in the bin, locked in id order. */
export function lockBinned(tx: Tx, enterpriseId: number, ids: readonly number[]): Promise<{ id: number; order_no: string }[]> {
  return rows<{ id: number; order_no: string }>(
    tx,
    sql`select id, order_no from orders where enterprise_id = ${enterpriseId} and id = any(${bigints(ids)}) and deleted_at is not null
        order by id for update`,
  );
}

/** Deletes the orders for good: their tag links, then the rows (people, logs, items, fees and messages go with them). */
export async function purge(tx: Tx, enterpriseId: number, ids: readonly number[]): Promise<void> {
  await tx.execute(sql`delete from tag_links where enterprise_id = ${enterpriseId} and obj_type = 3 and obj_id = any(${bigints(ids)})`);
  await tx.execute(sql`delete from orders where enterprise_id = ${enterpriseId} and id = any(${bigints(ids)})`);
}
