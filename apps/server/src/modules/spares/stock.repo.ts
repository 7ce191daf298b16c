// The stock rows' statements (stocks and stock_logs): what ledger.ts, the one place that moves stock, runs. Typed rows.
import { sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';

type Place = { warehouseId: number; spareId: number };

/** The spare's and warehouse's names and the stock row's quantity and reservation (a shortage's message). */
export async function shortageRow(ex: Executor, enterpriseId: number, m: Place) {
  const [r] = await rows<{ spare: string | null; warehouse: string | null; quantity: number | null; reserved: number | null }>(
    ex,
    sql`select (select name from spares where enterprise_id = ${enterpriseId} and id = ${m.spareId}) as spare,
      (select name from warehouses where enterprise_id = ${enterpriseId} and id = ${m.warehouseId}) as warehouse,
      k.quantity, k.reserved from (select 1) one
      left join stocks k on k.enterprise_id = ${enterpriseId} and k.warehouse_id = ${m.warehouseId} and k.spare_id = ${m.spareId}`,
  );
  return r;
}

/**
 * The movements of `json` (each on another stock row; `count` of them) in one statement: the stock rows locked in
 * (warehouse, spare) order, incoming ones made or raised, outgoing ones lowered only while enough is there, and the
 * ledger rows written only when every movement found its stock. One row per movement, in order; `id` null: short.
 */
export const movementRows = (ex: Executor, enterpriseId: number, json: string, count: number) =>
  rows<{ ord: number; id: number | null; before: number; after: number; safety: number }>(
    ex,
    sql`with x as (select * from jsonb_to_recordset(${json}::jsonb)
        as x(ord int, w bigint, s bigint, c int, t smallint, r boolean, dk text, di bigint, o bigint, si text, so text, u bigint)),
      lk as (select k.warehouse_id from stocks k join x on k.enterprise_id = ${enterpriseId} and k.warehouse_id = x.w and k.spare_id = x.s
        order by k.warehouse_id, k.spare_id for update of k),
      i as (insert into stocks (enterprise_id, warehouse_id, spare_id, quantity) select ${enterpriseId}, x.w, x.s, x.c from x
        where x.c > 0 and (select count(*) from lk) >= 0 order by x.ord
        on conflict (enterprise_id, warehouse_id, spare_id) do update set quantity = stocks.quantity + excluded.quantity, updated_at = now()
        returning warehouse_id, spare_id, quantity, safety),
      d as (update stocks k set quantity = k.quantity + x.c, reserved = k.reserved + (case when x.r then x.c else 0 end), updated_at = now()
        from x where x.c < 0 and k.enterprise_id = ${enterpriseId} and k.warehouse_id = x.w and k.spare_id = x.s
          and (case when x.r then k.reserved >= -x.c else k.quantity - k.reserved >= -x.c end) and (select count(*) from lk) >= 0
        returning k.warehouse_id, k.spare_id, k.quantity, k.safety),
      a as (select * from i union all select * from d),
      l as (insert into stock_logs (enterprise_id, warehouse_id, spare_id, type, change, before, after, doc_kind, doc_id, order_id, serial_in, serial_out, user_id)
        select ${enterpriseId}, x.w, x.s, x.t, x.c, a.quantity - x.c, a.quantity, x.dk, x.di, x.o, x.si, x.so, x.u
        from x join a on a.warehouse_id = x.w and a.spare_id = x.s
        where (select count(*) from a) = ${count}
        order by x.ord
        returning id, warehouse_id, spare_id, before, after)
      select x.ord, l.id, l.before, l.after, a.safety from x
        left join a on a.warehouse_id = x.w and a.spare_id = x.s left join l on l.warehouse_id = x.w and l.spare_id = x.s
        order by x.ord`,
  );

/** Who hears that the stock fell below its safety: the warehouse's keeper, or every warehouse keeper (role 9). */
export async function lowStockAudience(ex: Executor, enterpriseId: number, warehouseId: number, spareId: number) {
  const [w] = await rows<{ warehouse: string; spare: string; keepers: number[] }>(
    ex,
    sql`select w.name as warehouse, s.name as spare,
        case when w.keeper_id is not null then array[w.keeper_id::int]
          else coalesce((select array_agg(u.id::int) from users u where u.enterprise_id = ${enterpriseId} and 9 = any(u.roles) and u.enabled and u.deleted_at is null), '{}') end as keepers
      from warehouses w, spares s where w.enterprise_id = ${enterpriseId} and w.id = ${warehouseId} and s.enterprise_id = ${enterpriseId} and s.id = ${spareId}`,
  );
  return w;
}

/** Reserves while enough is available; false: not enough. */
export async function reserveRow(ex: Executor, enterpriseId: number, h: Place & { quantity: number }): Promise<boolean> {
  const r = await rows<{ one: number }>(
    ex,
    sql`update stocks set reserved = reserved + ${h.quantity}, updated_at = now()
      where enterprise_id = ${enterpriseId} and warehouse_id = ${h.warehouseId} and spare_id = ${h.spareId} and quantity - reserved >= ${h.quantity}
      returning 1 as one`,
  );
  return r.length > 0;
}

/** Moves the holds of `json` by `sign` in one statement, the stock rows locked in (warehouse, spare) order; the ords moved. */
export function moveReservationRows(tx: Tx, enterpriseId: number, json: string, sign: 1 | -1) {
  const enough = sign > 0 ? sql`k.quantity - k.reserved >= x.q` : sql`k.reserved >= x.q`;
  return rows<{ ord: number }>(
    tx,
    sql`with x as (select * from jsonb_to_recordset(${json}::jsonb) as x(ord int, w bigint, s bigint, q int)),
      lk as (select k.warehouse_id from stocks k join x on k.enterprise_id = ${enterpriseId} and k.warehouse_id = x.w and k.spare_id = x.s
        order by k.warehouse_id, k.spare_id for update of k)
      update stocks k set reserved = k.reserved + ${sign}::int * x.q, updated_at = now()
      from x where k.enterprise_id = ${enterpriseId} and k.warehouse_id = x.w and k.spare_id = x.s and ${enough}
        and (select count(*) from lk) >= 0
      returning x.ord`,
  );
}

/** Releases while that much is reserved; false: it is not. */
export async function releaseRow(ex: Executor, enterpriseId: number, h: Place & { quantity: number }): Promise<boolean> {
  const r = await rows<{ one: number }>(
    ex,
    sql`update stocks set reserved = reserved - ${h.quantity}, updated_at = now()
      where enterprise_id = ${enterpriseId} and warehouse_id = ${h.warehouseId} and spare_id = ${h.spareId} and reserved >= ${h.quantity}
      returning 1 as one`,
  );
  return r.length > 0;
}

/** Whether the user keeps a warehouse (or is a warehouse keeper), and how many stocks there are below their safety. */
export async function warningsRow(ex: Executor, enterpriseId: number, userId: number) {
  const [r] = await rows<{ keeper: boolean; n: number }>(
    ex,
    sql`with me as (select 9 = any(roles) as role9 from users where enterprise_id = ${enterpriseId} and id = ${userId}),
      mine as (select w.id from warehouses w, me where w.enterprise_id = ${enterpriseId} and w.enabled
        and (w.keeper_id = ${userId} or (w.keeper_id is null and me.role9)))
      select exists (select 1 from mine) or coalesce((select role9 from me), false) as keeper,
        (select count(*)::int from stocks k where k.enterprise_id = ${enterpriseId} and k.quantity < k.safety and k.warehouse_id in (select id from mine)) as n`,
  );
  return r;
}

/** The stock row, locked (a count). */
export async function lockStock(ex: Executor, enterpriseId: number, m: Place) {
  const [cur] = await rows<{ quantity: number; reserved: number }>(
    ex,
    sql`select quantity, reserved from stocks where enterprise_id = ${enterpriseId} and warehouse_id = ${m.warehouseId} and spare_id = ${m.spareId} for update`,
  );
  return cur;
}
