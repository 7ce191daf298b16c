// The statements of parts on orders and of old-part returns: typed rows; the presenter toOldPart adds what may be done.
import { OLD_PART_DUE_DAYS, type OldPartReturn, oldPartAbilities, type OrderSpare, type QueryOf, type sparesContract as C } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import { countOf, pageSql } from '../../platform/list';
import type { StateTable } from '../../platform/state';
import { apiTime } from '../../platform/sql';
import type { Reader } from './catalogue.repo';

export const OLD_PART_STATE: StateTable = {
  table: 'old_part_returns',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  log: { table: 'spare_state_logs', recordColumn: 'record_id', fixed: { kind: 'old_part' } },
};

/** The order's spare amount becomes the sum of its chargeable parts in use. */
export const syncSpareAmountSql = (tx: Tx, enterpriseId: number, orderId: number) =>
  tx.execute(sql`update orders set spare_amount = (select coalesce(sum(price * quantity), 0) from order_parts
      where enterprise_id = ${enterpriseId} and order_id = ${orderId} and state = 1 and chargeable), version = version + 1, updated_at = now()
    where enterprise_id = ${enterpriseId} and id = ${orderId}`);

/** An enabled spare as a part's use reads it (sale_price numeric, as text). */
export async function usableSpare(ex: Executor, ep: number, id: number) {
  const [spare] = await rows<{ warranty: boolean; serialized: boolean; sale_price: string; name: string }>(
    ex,
    sql`select warranty, serialized, sale_price::text, name from spares where enterprise_id = ${ep} and id = ${id} and enabled`,
  );
  return spare;
}

export interface NewPart {
  orderId: number;
  spareId: number;
  warehouseId: number;
  quantity: number;
  serialIn: string | null;
  serialOut: string | null;
  chargeable: boolean;
  price: string;
  userId: number;
}

export async function insertPart(ex: Executor, ep: number, p: NewPart): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into order_parts (enterprise_id, order_id, spare_id, warehouse_id, quantity, serial_in, serial_out, chargeable, price, user_id)
        values (${ep}, ${p.orderId}, ${p.spareId}, ${p.warehouseId}, ${p.quantity}, ${p.serialIn}, ${p.serialOut},
          ${p.chargeable}, ${p.price}, ${p.userId}) returning id::int`,
  );
  return (r as { id: number }).id;
}

/** The old part a warranty use owes back (type 1 physical return), due in OLD_PART_DUE_DAYS. */
export async function insertOldPart(
  ex: Executor,
  ep: number,
  o: { orderId: number; partId: number; spareId: number; serial: string | null; holderId: number },
) {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into old_part_returns (enterprise_id, order_id, order_part_id, spare_id, serial, return_type, holder_id, due_at)
          values (${ep}, ${o.orderId}, ${o.partId}, ${o.spareId}, ${o.serial}, 1, ${o.holderId}, now() + make_interval(days => ${OLD_PART_DUE_DAYS}))
          returning id::int`,
  );
  return (r as { id: number }).id;
}

/** A recorded part, locked for its cancellation. */
export async function lockPart(ex: Executor, ep: number, id: number) {
  const [p] = await rows<{
    order_id: number;
    spare_id: number;
    warehouse_id: number;
    quantity: number;
    state: number;
    serial_in: string | null;
    serial_out: string | null;
  }>(
    ex,
    sql`select order_id::int, spare_id::int, warehouse_id::int, quantity, state, serial_in, serial_out from order_parts
        where enterprise_id = ${ep} and id = ${id} for update`,
  );
  return p;
}

/**
 * Whether the part's old-part return has moved on from 待返还. Its rows are locked (FOR UPDATE, whatever their state:
 * a filter on the state would skip the row a step is moving), so a step under way commits first and is seen here,
 * and a later step waits for the cancellation and finds the return gone.
 */
export const returnUnderway = async (tx: Tx, ep: number, partId: number): Promise<boolean> =>
  (await rows<{ state: number }>(tx, sql`select state from old_part_returns where enterprise_id = ${ep} and order_part_id = ${partId} for update`)).some(
    (r) => r.state !== 1,
  );

/** The part cancelled, with its open return obligation. */
export async function cancelPartRows(ex: Executor, ep: number, id: number): Promise<void> {
  await ex.execute(sql`delete from old_part_returns where enterprise_id = ${ep} and order_part_id = ${id} and state = 1`);
  await ex.execute(sql`update order_parts set state = 2 where enterprise_id = ${ep} and id = ${id}`);
}

export const orderPartRows = (ex: Executor, a: Reader, orderId: number) =>
  rows<OrderSpare>(
    ex,
    sql`select p.id::int, p.order_id::int as "orderId", p.spare_id::int as "spareId", s.code as "spareCode", s.name as "spareName",
        p.warehouse_id::int as "warehouseId", p.quantity, p.serial_in as "serialIn", p.serial_out as "serialOut", p.chargeable,
        p.price::text as price, p.state, us.name as "userName", ${apiTime(sql`p.created_at`, a.timeZone)} as create_time
      from order_parts p join spares s on s.enterprise_id = p.enterprise_id and s.id = p.spare_id
      left join users us on us.enterprise_id = p.enterprise_id and us.id = p.user_id
      where p.enterprise_id = ${a.enterpriseId} and p.order_id = ${orderId} order by p.id`,
  );

// ---- old-part returns ----
const oldCols = (a: Reader) => sql`r.id::int, r.order_id::int as "orderId", r.spare_id::int as "spareId", s.code as "spareCode", s.name as "spareName",
  r.serial, r.return_type as "returnType", r.state, h.name as "holderName", r.warehouse_id::int as "warehouseId",
  ${apiTime(sql`r.due_at`, a.timeZone)} as due_time, (r.state = 1 and r.due_at < now()) as overdue, r.logistics, r.tracking_no as "trackingNo",
  r.address, r.remark, ${apiTime(sql`r.created_at`, a.timeZone)} as create_time`;
const oldFrom = sql`old_part_returns r join spares s on s.enterprise_id = r.enterprise_id and s.id = r.spare_id
  left join users h on h.enterprise_id = r.enterprise_id and h.id = r.holder_id`;

type OldRow = Omit<OldPartReturn, 'abilities'>;
/** An old-part return with the steps it may take next. */
export const toOldPart = (r: OldRow): OldPartReturn => ({ ...r, abilities: oldPartAbilities(r.state, { returnType: r.returnType }) });

export function oldPage(ex: Executor, a: Reader, q: QueryOf<typeof C.oldList>) {
  const parts: SQL[] = [sql`r.enterprise_id = ${a.enterpriseId}`];
  if (q.state) parts.push(sql`r.state = ${q.state}`);
  if (q.overdue === '1') parts.push(sql`r.state = 1 and r.due_at < now()`);
  if (q.orderId) parts.push(sql`r.order_id = ${q.orderId}`);
  const where = sql.join(parts, sql` and `);
  return {
    list: async () => (await rows<OldRow>(ex, sql`select ${oldCols(a)} from ${oldFrom} where ${where} order by r.id desc ${pageSql(q)}`)).map(toOldPart),
    count: () => countOf(ex, sql`old_part_returns r`, where),
  };
}

/** Returns waiting for the warehouse (2 已寄出, 3 已签收) and those `userId` owes (1 待返还, held by him). */
export const oldTodoCount = (ex: Executor, ep: number, userId: number): Promise<number> =>
  countOf(ex, sql`old_part_returns r`, sql`r.enterprise_id = ${ep} and (r.state in (2, 3) or (r.state = 1 and r.holder_id = ${userId}))`);

export async function oldRow(ex: Executor, a: Reader, id: number): Promise<OldPartReturn | undefined> {
  const [r] = await rows<OldRow>(ex, sql`select ${oldCols(a)} from ${oldFrom} where r.enterprise_id = ${a.enterpriseId} and r.id = ${id}`);
  return r && toOldPart(r);
}

export async function oldBySerial(ex: Executor, a: Reader, serial: string): Promise<OldPartReturn[]> {
  const list = await rows<OldRow>(
    ex,
    sql`select ${oldCols(a)} from ${oldFrom} where r.enterprise_id = ${a.enterpriseId} and r.serial = ${serial} order by r.id desc limit 50`,
  );
  return list.map(toOldPart);
}

/** Whether the warehouse is the enterprise's. */
export const warehouseExists = async (ex: Executor, ep: number, id: number): Promise<boolean> =>
  (await rows<{ one: number }>(ex, sql`select 1 as one from warehouses where enterprise_id = ${ep} and id = ${id}`)).length > 0;

/** An old_part_returns row as the state helper gives it, typed once (bigints parse to numbers). */
export interface OldPartRecord {
  id: number;
  state: number;
  return_type: number;
  spare_id: number;
  order_id: number | null;
  warehouse_id: number | null;
  serial: string | null;
  [column: string]: unknown;
}
export const toOldPartRecord = (row: Record<string, unknown>): OldPartRecord => row as OldPartRecord;

/** The parts swapped on an installed product (orders on it), newest first. */
export const productPartRows = (ex: Executor, a: Reader, productId: number) =>
  rows<{ id: number; order_no: string; name: string; serial_in: string | null; serial_out: string | null; state: number; time: string }>(
    ex,
    sql`select p.id::int, o.order_no, s.name, p.serial_in, p.serial_out, p.state, ${apiTime(sql`p.created_at`, a.timeZone)} as time
        from order_parts p join orders o on o.enterprise_id = p.enterprise_id and o.id = p.order_id
        join spares s on s.enterprise_id = p.enterprise_id and s.id = p.spare_id
        where p.enterprise_id = ${a.enterpriseId} and o.installed_product_id = ${productId} order by p.id desc limit 100`,
  );

/** The serial-tracked units installed on a product now, with the order that put each there. */
export const productUnitRows = (ex: Executor, a: Reader, productId: number) =>
  rows<{ id: number; order_no: string | null; name: string; serial: string; time: string }>(
    ex,
    sql`select n.id::int, o.order_no, s.name, n.serial, ${apiTime(sql`n.updated_at`, a.timeZone)} as time
        from spare_units n join spares s on s.enterprise_id = n.enterprise_id and s.id = n.spare_id
        left join orders o on o.enterprise_id = n.enterprise_id and o.id = n.order_id
        where n.enterprise_id = ${a.enterpriseId} and n.installed_product_id = ${productId} and n.place = 2 order by n.id desc limit 100`,
  );
