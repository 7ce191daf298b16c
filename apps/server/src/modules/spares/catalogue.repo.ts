// The catalogue's statements (types, spares, warehouses, stock, the ledger's list): typed rows, one presenter per entity
// that needs one (toSpareUnit, toStockLog). The service holds the rules and calls these.
import { prefixPattern, textContains } from '../../platform/search';
import {
  type BodyOf,
  type HeldSpare,
  type QueryOf,
  type SpareOption,
  type sparesContract as C,
  type SpareRow,
  type SpareType,
  type SpareUnit,
  STOCK_LOG_TYPES,
  type StockLog,
  type StockRow,
  type Warehouse,
  type WarehouseOption,
} from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, type PageRequest, pageSql } from '../../platform/list';
import { searchPageIds } from '../../platform/list.snapshot';
import { and, apiTime, bigints, periodEnd } from '../../platform/sql';
import { unitPlaceName } from './units';

/** Who reads: the enterprise and the zone its times are shown in. */
export type Reader = Pick<Actor, 'enterpriseId' | 'timeZone'>;

// ---- types ----
export const typeTreeRows = (ex: Executor, ep: number) =>
  rows<SpareType>(
    ex,
    sql`select t.id::int, t.parent_id::int as "parentId", t.name, t.sort,
        (select count(*)::int from spares s where s.enterprise_id = t.enterprise_id and s.type_id = t.id) as "spareCount"
      from spare_types t where t.enterprise_id = ${ep} order by t.sort, t.id`,
  );

/** The type and its descendants (a type may not move under one of them). */
export async function descendantsOf(ex: Executor, enterpriseId: number, id: number): Promise<number[]> {
  const r = await rows<{ id: number }>(
    ex,
    sql`with recursive d as (select id from spare_types where enterprise_id = ${enterpriseId} and id = ${id}
        union all select t.id from spare_types t join d on t.parent_id = d.id where t.enterprise_id = ${enterpriseId})
      select id::int from d`,
  );
  return r.map((x) => x.id);
}

/** Whether the type exists, held against deletion (FOR KEY SHARE) while a child or a spare is saved under it. */
export const typeHeld = async (ex: Executor, ep: number, id: number): Promise<boolean> =>
  (await rows<{ one: number }>(ex, sql`select 1 as one from spare_types where enterprise_id = ${ep} and id = ${id} for key share`)).length > 0;

export async function updateType(ex: Executor, ep: number, id: number, name: string, parentId: number | null): Promise<number | undefined> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`update spare_types set name = ${name}, parent_id = ${parentId} where enterprise_id = ${ep} and id = ${id} returning id::int`,
  );
  return r?.id;
}

export async function insertType(ex: Executor, ep: number, name: string, parentId: number | null): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into spare_types (enterprise_id, parent_id, name, sort)
          values (${ep}, ${parentId}, ${name}, (select coalesce(max(sort), 0) + 1 from spare_types where enterprise_id = ${ep}))
          returning id::int`,
  );
  return (r as { id: number }).id;
}

/** Locks the type for its deletion; false: there is none. */
export const lockType = async (ex: Executor, ep: number, id: number): Promise<boolean> =>
  (await rows<{ one: number }>(ex, sql`select 1 as one from spare_types where enterprise_id = ${ep} and id = ${id} for update`)).length > 0;

/** Whether a child type or a spare still sits under the type. */
export async function typeInUse(ex: Executor, ep: number, id: number): Promise<boolean> {
  const [used] = await rows<{ one: number }>(
    ex,
    sql`select 1 as one where exists (select 1 from spare_types where enterprise_id = ${ep} and parent_id = ${id})
        or exists (select 1 from spares where enterprise_id = ${ep} and type_id = ${id})`,
  );
  return !!used;
}

export const deleteType = (ex: Executor, ep: number, id: number) => ex.execute(sql`delete from spare_types where enterprise_id = ${ep} and id = ${id}`);

// ---- spares ----
const spareCols = (a: Reader) => sql`s.id::int, s.code, s.name, s.model, s.unit, s.type_id::int as "typeId", t.name as "typeName",
  s.cost_price::text as "costPrice", s.sale_price::text as "salePrice", s.warranty, s.serialized, s.enabled, s.images,
  coalesce(s.product_ids, '{}')::int[] as "productIds", s.custom,
  coalesce((select sum(quantity)::int from stocks k where k.enterprise_id = s.enterprise_id and k.spare_id = s.id), 0) as "totalQuantity",
  ${apiTime(sql`s.created_at`, a.timeZone)} as create_time`;

/** A spare's code from its start or its name anywhere (alias `s` unless named). */
export const spareKeyword = (q: string | undefined, alias = 's'): SQL | null => {
  if (!q) return null;
  const a = sql.raw(alias);
  return sql`(${a}.code like ${prefixPattern(q)} or ${textContains(sql`${a}.name`, q)})`;
};

type SpareFilter = QueryOf<typeof C.spareList>;

/** The spare list's page: its ids (a keyword's later pages from the search's snapshot), then their rows, and the count. */
export async function sparePage(ex: Executor, a: Reader, q: SpareFilter) {
  const where = and([
    sql`s.enterprise_id = ${a.enterpriseId}`,
    spareKeyword(q.keyword),
    q.typeId ? sql`s.type_id = ${q.typeId}` : null,
    q.enabled ? sql`s.enabled = ${q.enabled === '1'}` : null,
  ]);
  // A keyword is walked along the id order row by row: its later pages come from the search's snapshot.
  const ids = async () =>
    q.keyword
      ? searchPageIds(ex, 'spares', 's', a.enterpriseId, where, sql`s.id desc`, q)
      : sql`select s.id from spares s where ${where} order by s.id desc ${pageSql(q)}`;
  return {
    list: async () =>
      rows<SpareRow>(
        ex,
        sql`select ${spareCols(a)} from spares s left join spare_types t on t.enterprise_id = s.enterprise_id and t.id = s.type_id
          where s.enterprise_id = ${a.enterpriseId} and s.id in (${await ids()}) order by s.id desc`,
      ),
    count: () => countOf(ex, sql`spares s`, where),
  };
}

export const spareOptionRows = (ex: Executor, ep: number, keyword: string | undefined) =>
  rows<SpareOption>(
    ex,
    sql`select s.id::int, s.code, s.name, s.model, s.unit, s.serialized from spares s
      where ${and([sql`s.enterprise_id = ${ep}`, sql`s.enabled`, spareKeyword(keyword)])} order by s.code limit 50`,
  );

/** Whether the spare is serial-tracked and how many of its units are in the warehouse (none: no such spare or warehouse). */
export async function unitCount(ex: Executor, ep: number, warehouseId: number, spareId: number) {
  const [r] = await rows<{ serialized: boolean; total: number }>(
    ex,
    sql`select s.serialized, (select count(*)::int from spare_units n where n.enterprise_id = s.enterprise_id and n.spare_id = s.id and n.place = 1 and n.warehouse_id = w.id) as total
      from spares s join warehouses w on w.enterprise_id = s.enterprise_id and w.id = ${warehouseId}
      where s.enterprise_id = ${ep} and s.id = ${spareId}`,
  );
  return r;
}

export async function spareRow(ex: Executor, a: Reader, id: number): Promise<SpareRow | undefined> {
  const [s] = await rows<SpareRow>(
    ex,
    sql`select ${spareCols(a)} from spares s left join spare_types t on t.enterprise_id = s.enterprise_id and t.id = s.type_id
      where s.enterprise_id = ${a.enterpriseId} and s.id = ${id}`,
  );
  return s;
}

type UnitRow = Omit<SpareUnit, 'placeName'>;
/** A unit as the detail shows it: where it is, by name. */
export const toSpareUnit = (x: UnitRow): SpareUnit => ({ ...x, placeName: unitPlaceName(x.place) });

/** A serial-tracked spare's units and where each is (the newest 500 moves first). */
export async function unitsOf(ex: Executor, a: Reader, spareId: number): Promise<SpareUnit[]> {
  const r = await rows<UnitRow>(
    ex,
    sql`select n.serial, n.place, w.name as "warehouseName", n.installed_product_id::int as "installedProductId", n.order_id::int as "orderId",
        ${apiTime(sql`n.updated_at`, a.timeZone)} as update_time
      from spare_units n left join warehouses w on w.enterprise_id = n.enterprise_id and w.id = n.warehouse_id
      where n.enterprise_id = ${a.enterpriseId} and n.spare_id = ${spareId} order by n.updated_at desc, n.id desc limit 500`,
  );
  return r.map(toSpareUnit);
}

export async function spareCustomOf(ex: Executor, ep: number, id: number): Promise<Record<string, unknown> | undefined> {
  return (await rows<{ custom: Record<string, unknown> }>(ex, sql`select custom from spares where enterprise_id = ${ep} and id = ${id}`))[0]?.custom;
}

/** How many of the product models exist in the enterprise. */
export async function productModelCount(ex: Executor, ep: number, ids: number[]): Promise<number | undefined> {
  const [n] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from product_models where enterprise_id = ${ep} and id = any(${bigints(ids)})`);
  return n?.n;
}

/** A spare's saved values: the form's, its type resolved and its custom values checked. */
export type SpareValues = Omit<BodyOf<typeof C.spareSave>, 'typeId' | 'custom'> & { typeId: number | null; custom: Record<string, unknown> };

const spareValues = (b: SpareValues) => sql`code = ${b.code}, name = ${b.name}, model = ${b.model}, unit = ${b.unit}, type_id = ${b.typeId},
    cost_price = ${b.costPrice}, sale_price = ${b.salePrice}, warranty = ${b.warranty}, serialized = ${b.serialized},
    images = ${JSON.stringify(b.images)}::jsonb, product_ids = ${bigints(b.productIds)}, custom = ${JSON.stringify(b.custom)}::jsonb, updated_at = now()`;

export async function updateSpare(ex: Executor, ep: number, id: number, b: SpareValues): Promise<number | undefined> {
  const [r] = await rows<{ id: number }>(ex, sql`update spares set ${spareValues(b)} where enterprise_id = ${ep} and id = ${id} returning id::int`);
  return r?.id;
}

export async function insertSpare(ex: Executor, ep: number, b: SpareValues): Promise<number> {
  const [r] = await rows<{ id: number }>(ex, sql`insert into spares (enterprise_id, code, name) values (${ep}, ${b.code}, ${b.name}) returning id::int`);
  const id = (r as { id: number }).id;
  await ex.execute(sql`update spares set ${spareValues(b)} where enterprise_id = ${ep} and id = ${id}`);
  return id;
}

/**
 * The spares, locked, each with whether stock or a document names it: read once held, so a stock posting that the lock
 * waited for counts (docs/database.md, "Locking reads").
 */
export async function lockSparesWithUse(ex: Executor, ep: number, ids: number[]) {
  await ex.execute(sql`select 1 from spares s where s.enterprise_id = ${ep} and s.id = any(${bigints(ids)}) for update`);
  return rows<{ id: number; name: string; used: boolean }>(
    ex,
    sql`select s.id::int, s.name, exists (select 1 from stocks k where k.enterprise_id = s.enterprise_id and k.spare_id = s.id)
          or exists (select 1 from spare_doc_items d where d.enterprise_id = s.enterprise_id and d.spare_id = s.id) as used
        from spares s where s.enterprise_id = ${ep} and s.id = any(${bigints(ids)})`,
  );
}

export const deleteSpares = (ex: Executor, ep: number, ids: number[]) =>
  ex.execute(sql`delete from spares where enterprise_id = ${ep} and id = any(${bigints(ids)})`);

// ---- warehouses ----
const warehouseCols = (a: Reader) => sql`w.id::int, w.name, w.kind, w.owner_id::int as "ownerId", o.name as "ownerName",
  w.keeper_id::int as "keeperId", k.name as "keeperName", w.enabled, ${apiTime(sql`w.created_at`, a.timeZone)} as create_time`;
const warehouseFrom = sql`warehouses w left join users o on o.enterprise_id = w.enterprise_id and o.id = w.owner_id
  left join users k on k.enterprise_id = w.enterprise_id and k.id = w.keeper_id`;

export function warehousePage(ex: Executor, a: Reader, q: QueryOf<typeof C.warehouseList>) {
  const where = and([
    sql`w.enterprise_id = ${a.enterpriseId}`,
    q.keyword ? textContains(sql`w.name`, q.keyword) : null,
    q.kind ? sql`w.kind = ${q.kind}` : null,
  ]);
  return {
    list: () => rows<Warehouse>(ex, sql`select ${warehouseCols(a)} from ${warehouseFrom} where ${where} order by w.kind, w.id ${pageSql(q)}`),
    count: () => countOf(ex, sql`warehouses w`, where),
  };
}

export const warehouseOptionRows = (ex: Executor, ep: number, keyword: string | undefined) =>
  rows<WarehouseOption>(
    ex,
    sql`select w.id::int, w.name, w.kind from warehouses w
      where ${and([sql`w.enterprise_id = ${ep}`, sql`w.enabled`, keyword ? textContains(sql`w.name`, keyword) : null])}
      order by w.kind, w.id limit 50`,
  );

/** Whether the user is one of the enterprise's, not deleted. */
export const ownUserExists = async (ex: Executor, ep: number, id: number): Promise<boolean> =>
  (await rows<{ one: number }>(ex, sql`select 1 as one from users where enterprise_id = ${ep} and id = ${id} and deleted_at is null`)).length > 0;

export interface WarehouseValues {
  name: string;
  kind: number;
  ownerId: number | null;
  keeperId: number | null;
  enabled: boolean;
}

export async function updateWarehouse(ex: Executor, ep: number, id: number, b: WarehouseValues): Promise<number | undefined> {
  const cols = sql`name = ${b.name}, kind = ${b.kind}, owner_id = ${b.ownerId}, keeper_id = ${b.keeperId}, enabled = ${b.enabled}`;
  const [r] = await rows<{ id: number }>(ex, sql`update warehouses set ${cols} where enterprise_id = ${ep} and id = ${id} returning id::int`);
  return r?.id;
}

export async function insertWarehouse(ex: Executor, ep: number, b: WarehouseValues): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into warehouses (enterprise_id, name, kind, owner_id, keeper_id, enabled)
          values (${ep}, ${b.name}, ${b.kind}, ${b.ownerId}, ${b.keeperId}, ${b.enabled}) returning id::int`,
  );
  return (r as { id: number }).id;
}

/** The user's own stock (kind 4), if made. */
export const ownWarehouseId = async (ex: Executor, ep: number, userId: number): Promise<number | undefined> =>
  (await rows<{ id: number }>(ex, sql`select id::int from warehouses where enterprise_id = ${ep} and owner_id = ${userId}`))[0]?.id;

/** Makes the user's own stock under the name; undefined: the name (or his own stock) is taken. */
export async function insertOwnWarehouse(ex: Executor, ep: number, userId: number, name: string): Promise<number | undefined> {
  const [made] = await rows<{ id: number }>(
    ex,
    sql`insert into warehouses (enterprise_id, name, kind, owner_id) values (${ep}, ${name}, 4, ${userId}) on conflict do nothing returning id::int`,
  );
  return made?.id;
}

// ---- stock ----
const stockFrom = sql`stocks k join spares s on s.enterprise_id = k.enterprise_id and s.id = k.spare_id
  join warehouses w on w.enterprise_id = k.enterprise_id and w.id = k.warehouse_id`;

/** The stock list's rows (ordered by warehouse and spare, the stocks primary key). */
export const stockPageSql = (a: Reader, where: SQL, page: PageRequest): SQL =>
  sql`select k.warehouse_id::int as "warehouseId", w.name as "warehouseName", w.kind as "warehouseKind", k.spare_id::int as "spareId",
        s.code as "spareCode", s.name as "spareName", s.model, s.unit, k.quantity, k.reserved, k.quantity - k.reserved as available, k.safety,
        ${apiTime(sql`k.updated_at`, a.timeZone)} as update_time
      from ${stockFrom} where k.enterprise_id = ${a.enterpriseId} and ${where} order by k.warehouse_id, k.spare_id ${pageSql(page)}`;

/** The stock rows of one spare (its detail). */
export const stockOfSpare = (id: number): SQL => sql`k.spare_id = ${id}`;

export const stockRows = (ex: Executor, a: Reader, where: SQL, page: PageRequest) => rows<StockRow>(ex, stockPageSql(a, where, page));

export type StockFilter = QueryOf<typeof C.stockList>;

/** The stock list's conditions (on stocks `k` and, for a type or keyword, spares `s`). */
export const stockWhere = (q: StockFilter): SQL =>
  and([
    sql`true`,
    q.warehouseId ? sql`k.warehouse_id = ${q.warehouseId}` : null,
    q.spareId ? sql`k.spare_id = ${q.spareId}` : null,
    q.typeId ? sql`s.type_id = ${q.typeId}` : null,
    spareKeyword(q.keyword),
    q.warning === '1' ? sql`k.quantity < k.safety` : null,
  ]);

/** What the stock list's count walks: spares joined only when a condition names them. */
export const stockCountFrom = (q: StockFilter): SQL =>
  q.typeId || q.keyword ? sql`stocks k join spares s on s.enterprise_id = k.enterprise_id and s.id = k.spare_id` : sql`stocks k`;

export function stockPage(ex: Executor, a: Reader, q: StockFilter) {
  const where = stockWhere(q);
  return {
    list: () => stockRows(ex, a, where, q),
    count: () => countOf(ex, stockCountFrom(q), sql`k.enterprise_id = ${a.enterpriseId} and ${where}`),
  };
}

/** Whether both the warehouse and the spare are the enterprise's. */
export async function warehouseAndSpareExist(ex: Executor, ep: number, warehouseId: number, spareId: number): Promise<boolean> {
  const [ok] = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from warehouses w, spares s where w.enterprise_id = ${ep} and w.id = ${warehouseId} and s.enterprise_id = ${ep} and s.id = ${spareId}`,
  );
  return !!ok;
}

export const upsertSafety = (ex: Executor, ep: number, warehouseId: number, spareId: number, safety: number) =>
  ex.execute(sql`insert into stocks (enterprise_id, warehouse_id, spare_id, safety) values (${ep}, ${warehouseId}, ${spareId}, ${safety})
      on conflict (enterprise_id, warehouse_id, spare_id) do update set safety = excluded.safety`);

/** The spares held in the warehouse with some available, the most held first (stocks by its primary key on the one warehouse). */
export const heldRows = (ex: Executor, ep: number, warehouseId: number, keyword: string | undefined) =>
  rows<Omit<HeldSpare, 'serials'>>(
    ex,
    sql`select s.id::int, s.code, s.name, s.model, s.unit, s.serialized, (k.quantity - k.reserved)::int as available
      from stocks k join spares s on s.enterprise_id = k.enterprise_id and s.id = k.spare_id
      where ${and([sql`k.enterprise_id = ${ep}`, sql`k.warehouse_id = ${warehouseId}`, sql`k.quantity - k.reserved > 0`, sql`s.enabled`, spareKeyword(keyword)])}
      order by k.quantity - k.reserved desc, s.code limit 100`,
  );

/** The free units (not held by a document) of each tracked spare in the warehouse, the first 200 by serial (spare_units_warehouse_idx). */
export const freeSerialRows = (ex: Executor, ep: number, warehouseId: number, spareIds: number[]) =>
  rows<{ spare_id: number; serials: string[] }>(
    ex,
    sql`select n.spare_id::int, (array_agg(n.serial order by n.serial))[1:200] as serials from spare_units n
          where n.enterprise_id = ${ep} and n.warehouse_id = ${warehouseId} and n.spare_id = any(${bigints(spareIds)})
            and n.place = 1 and n.doc_id is null
          group by n.spare_id`,
  );

// ---- ledger ----
type LogRow = Omit<StockLog, 'typeName'>;
/** A ledger row with its type's name. */
export const toStockLog = (r: LogRow): StockLog => ({ ...r, typeName: STOCK_LOG_TYPES[r.type as keyof typeof STOCK_LOG_TYPES] ?? '' });

/** The ledger's page (newest first; only: the types a list is limited to when none is asked for). */
export function logPage(ex: Executor, a: Reader, q: QueryOf<typeof C.logList>, only?: number[]) {
  const where = and([
    sql`l.enterprise_id = ${a.enterpriseId}`,
    q.spareId ? sql`l.spare_id = ${q.spareId}` : null,
    q.warehouseId ? sql`l.warehouse_id = ${q.warehouseId}` : null,
    q.type ? sql`l.type = ${q.type}` : only ? sql`l.type = any(${`{${only.join(',')}}`}::smallint[])` : null,
    q.orderId ? sql`l.order_id = ${q.orderId}` : null,
    q.start ? sql`l.created_at >= (${q.start}::timestamp at time zone ${a.timeZone})` : null,
    q.end ? sql`l.created_at < ${periodEnd(q.end, a.timeZone)}` : null,
  ]);
  return {
    list: async () =>
      (
        await rows<LogRow>(
          ex,
          sql`select l.id::int, l.type, l.warehouse_id::int as "warehouseId", w.name as "warehouseName", l.spare_id::int as "spareId",
            s.code as "spareCode", s.name as "spareName", l.change, l.before, l.after, l.doc_kind as "docKind", l.doc_id::int as "docId", d.doc_no as "docNo",
            l.order_id::int as "orderId", l.serial_in as "serialIn", l.serial_out as "serialOut", us.name as "userName",
            ${apiTime(sql`l.created_at`, a.timeZone)} as create_time
          from (select * from stock_logs l where ${where} order by l.id desc ${pageSql(q)}) l
          join spares s on s.enterprise_id = l.enterprise_id and s.id = l.spare_id
          join warehouses w on w.enterprise_id = l.enterprise_id and w.id = l.warehouse_id
          left join users us on us.enterprise_id = l.enterprise_id and us.id = l.user_id
          left join spare_docs d on l.doc_kind = 'doc' and d.enterprise_id = l.enterprise_id and d.id = l.doc_id
          order by l.id desc`,
        )
      ).map(toStockLog),
    count: () => countOf(ex, sql`stock_logs l`, where),
  };
}
