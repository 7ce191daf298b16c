// The whole orders row as `select o.*` reads it (the detail, the actions' locked row), and the statements that read it
// for a reader or lock it for an action. Column types as the driver gives them (db/client.ts): bigint ids are numbers,
// bigint[] arrays text, numeric money text, timestamps ISO text, JSONB parsed.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import type { SystemActor } from '../../platform/actor';
import { bigints } from '../../platform/sql';

export type { OrderRecord } from '../../db/records';
import type { OrderRecord } from '../../db/records';

/** The row with an extra select-list column (the viewer's parts, order.state.ts viewerPartsColumn). */
export type OrderRecordWith = OrderRecord & Record<string, unknown>;

/** The state helper's row of orders (`select *`, read and updated by the change) as the record it is. */
export const asOrderRecord = (row: Record<string, unknown>): OrderRecord => row as OrderRecord;

/** The order `id` of the enterprise where `scope` (a condition on `o`) holds, with the `extra` column; undefined if none. */
export async function orderRecord(ex: Executor, enterpriseId: number, id: number, scope: SQL, extra: SQL): Promise<OrderRecordWith | undefined> {
  const [row] = await rows<OrderRecordWith>(ex, sql`select o.*, ${extra} from orders o where o.enterprise_id = ${enterpriseId} and o.id = ${id} and ${scope}`);
  return row;
}

const CURRENT = '__sk_current';

/**
 * The same, locked FOR UPDATE for the transaction (not in the recycle bin). A lock that waited out another transaction's
 * commit returns the row as that transaction left it, but `scope` and `extra` (order_people, approvals) as of the
 * statement's start: the row then differs from the one its own snapshot sees, and it is read again, now that it is held
 * (docs/database.md, "Locking reads"). Whoever changes an order's people changes its row in the same transaction.
 */
export async function lockedOrderRecord(
  tx: Tx,
  v: Pick<SystemActor, 'enterpriseId'>,
  id: number,
  scope: SQL,
  extra: SQL,
): Promise<OrderRecordWith | undefined> {
  const [row] = await rows<OrderRecordWith>(
    tx,
    sql`select o.*, ${extra}, o.xmin = (select x.xmin from orders x where x.enterprise_id = o.enterprise_id and x.id = o.id) as ${sql.identifier(CURRENT)}
      from orders o where o.enterprise_id = ${v.enterpriseId} and o.id = ${id} and o.deleted_at is null and ${scope} for update`,
  );
  if (!row) return undefined;
  const { [CURRENT]: current, ...got } = row;
  if (current) return got as OrderRecordWith;
  const [again] = await rows<OrderRecordWith>(
    tx,
    sql`select o.*, ${extra} from orders o where o.enterprise_id = ${v.enterpriseId} and o.id = ${id} and o.deleted_at is null and ${scope}`,
  );
  return again;
}

/** The order `id` of the enterprise where `scope` holds and not in the recycle bin, locked FOR UPDATE when asked. */
export async function liveOrderRecord(ex: Executor, enterpriseId: number, id: number, scope: SQL, lock = false): Promise<OrderRecord | undefined> {
  const [row] = await rows<OrderRecord>(
    ex,
    sql`select * from orders o where o.enterprise_id = ${enterpriseId} and o.id = ${id} and o.deleted_at is null and ${scope}${lock ? sql` for update` : sql``}`,
  );
  return row;
}

/** The order `id` of the enterprise, whatever its scope, locked FOR UPDATE (the system's own changes: automatic dispatch). */
export async function lockedOrderById(tx: Tx, enterpriseId: number, id: number): Promise<OrderRecord | undefined> {
  const [row] = await rows<OrderRecord>(tx, sql`select * from orders where enterprise_id = ${enterpriseId} and id = ${id} for update`);
  return row;
}

/** The order `id` of the enterprise, whatever its scope and even in the recycle bin, unlocked. */
export async function orderRecordById(ex: Executor, enterpriseId: number, id: number): Promise<OrderRecord | undefined> {
  const [row] = await rows<OrderRecord>(ex, sql`select * from orders where enterprise_id = ${enterpriseId} and id = ${id}`);
  return row;
}

/** Those of the orders that wait for an examine (result 0). */
export async function waitingExamineIds(ex: Executor, enterpriseId: number, ids: readonly number[]): Promise<number[]> {
  const waiting = await rows<{ id: number }>(
    ex,
    sql`select id from orders where enterprise_id = ${enterpriseId} and id = any(${bigints(ids)})
        and examine_type is not null and examine_result = 0`,
  );
  return waiting.map((r) => r.id);
}

/** The orders of the enterprise with the given ids where `scope` holds and not in the recycle bin, locked in id order. */
export function lockedOrderRecords(tx: Executor, enterpriseId: number, ids: readonly number[], scope: SQL): Promise<OrderRecord[]> {
  return rows<OrderRecord>(
    tx,
    sql`select * from orders o where o.enterprise_id = ${enterpriseId} and o.id = any(${bigints(ids)}) and o.deleted_at is null and ${scope} order by o.id for update`,
  );
}
