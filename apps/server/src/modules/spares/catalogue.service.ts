// Catalogue (types tree, spares), warehouses, stock and ledger lists.
import { currentVersionOf, validateAndComputeExt } from '../forms/ext.service';
import {
  type BodyOf,
  type HeldSpare,
  type QueryOf,
  type SpareOption,
  type SpareRow,
  type SpareType,
  type SpareUnit,
  STOCK_LOG_TYPES,
  type StockLog,
  type StockRow,
  type sparesContract as C,
  type Warehouse,
  type WarehouseOption,
} from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, rows, type Tx } from '../../db/client';
import { AppError, invalid, notFound } from '../../platform/errors';
import { countOf, listPage, type PageRequest, pageSql } from '../../platform/list';
import { searchPageIds } from '../../platform/list.snapshot';
import { likePattern, prefixPattern } from '../../platform/search';
import type { UserActor } from '../../platform/actor';
import { and, apiTime, bigints, isUniqueViolation } from '../../platform/sql';
import { unitPlaceName, unitsIn } from './units';

/** The spare-part form kind (forms.constants: 4 备件). */
const SPARE_FORM_KIND = 4;


// ---- types ----
export async function typeTree(db: Db, u: UserActor) {
  return rows<SpareType>(
    db,
    sql`select t.id::int, t.parent_id::int as "parentId", t.name, t.sort,
        (select count(*)::int from spares s where s.enterprise_id = t.enterprise_id and s.type_id = t.id) as "spareCount"
      from spare_types t where t.enterprise_id = ${u.enterpriseId} order by t.sort, t.id`,
  );
}

/** A type may not move under itself or one of its descendants. */
async function descendantsOf(ex: Executor, enterpriseId: number, id: number): Promise<number[]> {
  const r = await rows<{ id: number }>(
    ex,
    sql`with recursive d as (select id from spare_types where enterprise_id = ${enterpriseId} and id = ${id}
        union all select t.id from spare_types t join d on t.parent_id = d.id where t.enterprise_id = ${enterpriseId})
      select id::int from d`,
  );
  return r.map((x) => x.id);
}

export async function saveType(db: Db, u: UserActor, b: BodyOf<typeof C.typeSave>): Promise<number> {
  const ep = u.enterpriseId;
  try {
    return await db.transaction(async (tx) => {
      if (b.parentId) {
        const [p] = await rows(tx, sql`select 1 from spare_types where enterprise_id = ${ep} and id = ${b.parentId} for key share`);
        if (!p) throw notFound();
        if (b.id && (await descendantsOf(tx, ep, b.id)).includes(b.parentId)) throw invalid('上级分类：不能移动到自身或其下级分类之下');
      }
      if (b.id) {
        const [r] = await rows<{ id: number }>(
          tx,
          sql`update spare_types set name = ${b.name}, parent_id = ${b.parentId ?? null} where enterprise_id = ${ep} and id = ${b.id} returning id::int`,
        );
        if (!r) throw notFound();
        return r.id;
      }
      const [r] = await rows<{ id: number }>(
        tx,
        sql`insert into spare_types (enterprise_id, parent_id, name, sort)
          values (${ep}, ${b.parentId ?? null}, ${b.name}, (select coalesce(max(sort), 0) + 1 from spare_types where enterprise_id = ${ep}))
          returning id::int`,
      );
      return (r as { id: number }).id;
    });
  } catch (e) {
    throw isUniqueViolation(e) ? new AppError('NAME_TAKEN') : e;
  }
}

export async function removeType(db: Db, u: UserActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [t] = await rows(tx, sql`select 1 from spare_types where enterprise_id = ${u.enterpriseId} and id = ${id} for update`);
    if (!t) throw notFound();
    const [used] = await rows(
      tx,
      sql`select 1 where exists (select 1 from spare_types where enterprise_id = ${u.enterpriseId} and parent_id = ${id})
        or exists (select 1 from spares where enterprise_id = ${u.enterpriseId} and type_id = ${id})`,
    );
    if (used) throw invalid('该分类下还有子分类或备件，不能删除');
    await tx.execute(sql`delete from spare_types where enterprise_id = ${u.enterpriseId} and id = ${id}`);
  });
}

// ---- spares ----
const spareCols = (u: UserActor) => sql`s.id::int, s.code, s.name, s.model, s.unit, s.type_id::int as "typeId", t.name as "typeName",
  s.cost_price::text as "costPrice", s.sale_price::text as "salePrice", s.warranty, s.serialized, s.enabled, s.images,
  coalesce(s.product_ids, '{}')::int[] as "productIds", s.custom,
  coalesce((select sum(quantity)::int from stocks k where k.enterprise_id = s.enterprise_id and k.spare_id = s.id), 0) as "totalQuantity",
  ${apiTime(sql`s.created_at`, u.timeZone)} as create_time`;

const spareKeyword = (q: string | undefined, alias = 's'): SQL | null => {
  if (!q) return null;
  const a = sql.raw(alias);
  return sql`(${a}.code like ${prefixPattern(q)} or ${a}.name ilike ${likePattern(q)})`;
};

export async function spareList(db: Db, u: UserActor, q: QueryOf<typeof C.spareList>) {
  const where = and([
    sql`s.enterprise_id = ${u.enterpriseId}`,
    spareKeyword(q.keyword),
    q.typeId ? sql`s.type_id = ${q.typeId}` : null,
    q.enabled ? sql`s.enabled = ${q.enabled === '1'}` : null,
  ]);
  // A keyword is walked along the id order row by row: its later pages come from the search's snapshot.
  const ids = async () =>
    q.keyword
      ? searchPageIds(db, 'spares', 's', u.enterpriseId, where, sql`s.id desc`, q)
      : sql`select s.id from spares s where ${where} order by s.id desc ${pageSql(q)}`;
  return listPage(
    q,
    async () =>
      rows<SpareRow>(
        db,
        sql`select ${spareCols(u)} from spares s left join spare_types t on t.enterprise_id = s.enterprise_id and t.id = s.type_id
          where s.enterprise_id = ${u.enterpriseId} and s.id in (${await ids()}) order by s.id desc`,
      ),
    () => countOf(db, sql`spares s`, where),
  );
}

export async function spareOptions(db: Db, u: UserActor, keyword: string | undefined) {
  return rows<SpareOption>(
    db,
    sql`select s.id::int, s.code, s.name, s.model, s.unit, s.serialized from spares s
      where ${and([sql`s.enterprise_id = ${u.enterpriseId}`, sql`s.enabled`, spareKeyword(keyword)])} order by s.code limit 50`,
  );
}

export async function unitOptions(db: Db, u: UserActor, q: { warehouseId: number; spareId: number }) {
  const [r] = await rows<{ serialized: boolean; total: number }>(
    db,
    sql`select s.serialized, (select count(*)::int from spare_units n where n.enterprise_id = s.enterprise_id and n.spare_id = s.id and n.place = 1 and n.warehouse_id = w.id) as total
      from spares s join warehouses w on w.enterprise_id = s.enterprise_id and w.id = ${q.warehouseId}
      where s.enterprise_id = ${u.enterpriseId} and s.id = ${q.spareId}`,
  );
  if (!r) throw notFound();
  return { serialized: r.serialized, total: r.total, units: r.serialized ? await unitsIn(db, u.enterpriseId, q.warehouseId, q.spareId) : [] };
}

export async function spareDetail(db: Db, u: UserActor, id: number) {
  const [s] = await rows<SpareRow>(
    db,
    sql`select ${spareCols(u)} from spares s left join spare_types t on t.enterprise_id = s.enterprise_id and t.id = s.type_id
      where s.enterprise_id = ${u.enterpriseId} and s.id = ${id}`,
  );
  if (!s) throw notFound();
  const stocks = await stockRows(db, u, sql`k.spare_id = ${id}`, { pageIndex: 0, pageSize: 1000 });
  return { ...s, stocks, units: await unitsOf(db, u, id) };
}

/** A serial-tracked spare's units and where each is (the newest 500 moves first). */
async function unitsOf(db: Db, u: UserActor, spareId: number): Promise<SpareUnit[]> {
  const r = await rows<Omit<SpareUnit, 'placeName'>>(
    db,
    sql`select n.serial, n.place, w.name as "warehouseName", n.installed_product_id::int as "installedProductId", n.order_id::int as "orderId",
        ${apiTime(sql`n.updated_at`, u.timeZone)} as update_time
      from spare_units n left join warehouses w on w.enterprise_id = n.enterprise_id and w.id = n.warehouse_id
      where n.enterprise_id = ${u.enterpriseId} and n.spare_id = ${spareId} order by n.updated_at desc, n.id desc limit 500`,
  );
  return r.map((x) => ({ ...x, placeName: unitPlaceName(x.place) }));
}

/** The spare-part form kind's custom values, checked against its current fields (a catalogue record follows the form as it is). */
async function spareCustom(tx: Tx, u: UserActor, b: BodyOf<typeof C.spareSave>): Promise<Record<string, unknown>> {
  const previous = b.id
    ? ((await rows<{ custom: Record<string, unknown> }>(tx, sql`select custom from spares where enterprise_id = ${u.enterpriseId} and id = ${b.id}`))[0]
        ?.custom ?? {})
    : undefined;
  const { templateVersionId } = await currentVersionOf(tx, u.enterpriseId, SPARE_FORM_KIND);
  return validateAndComputeExt(tx, u.enterpriseId, SPARE_FORM_KIND, templateVersionId, b.custom, {
    isNew: !b.id,
    previous,
    roles: u.sysrole == null ? undefined : [u.sysrole],
  });
}

export async function saveSpare(db: Db, u: UserActor, b: BodyOf<typeof C.spareSave>): Promise<number> {
  const ep = u.enterpriseId;
  const values = (
    custom: Record<string, unknown>,
  ) => sql`code = ${b.code}, name = ${b.name}, model = ${b.model}, unit = ${b.unit}, type_id = ${b.typeId ?? null},
    cost_price = ${b.costPrice}, sale_price = ${b.salePrice}, warranty = ${b.warranty}, serialized = ${b.serialized},
    images = ${JSON.stringify(b.images)}::jsonb, product_ids = ${bigints(b.productIds)}, custom = ${JSON.stringify(custom)}::jsonb, updated_at = now()`;
  try {
    return await db.transaction(async (tx) => {
      if (b.typeId && !(await rows(tx, sql`select 1 from spare_types where enterprise_id = ${ep} and id = ${b.typeId} for key share`)).length) throw notFound();
      if (b.productIds.length) {
        const [n] = await rows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from product_models where enterprise_id = ${ep} and id = any(${bigints(b.productIds)})`,
        );
        if (n?.n !== new Set(b.productIds).size) throw notFound();
      }
      const custom = await spareCustom(tx, u, b);
      if (b.id) {
        const [r] = await rows<{ id: number }>(tx, sql`update spares set ${values(custom)} where enterprise_id = ${ep} and id = ${b.id} returning id::int`);
        if (!r) throw notFound();
        return r.id;
      }
      const [r] = await rows<{ id: number }>(tx, sql`insert into spares (enterprise_id, code, name) values (${ep}, ${b.code}, ${b.name}) returning id::int`);
      const id = (r as { id: number }).id;
      await tx.execute(sql`update spares set ${values(custom)} where enterprise_id = ${ep} and id = ${id}`);
      return id;
    });
  } catch (e) {
    throw isUniqueViolation(e) ? invalid('备件编号：该编号已被使用，请更换') : e;
  }
}

/** A spare with movements keeps its history: it can only be disabled. */
export async function removeSpares(db: Db, u: UserActor, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const found = await rows<{ id: number; name: string; used: boolean }>(
      tx,
      sql`select s.id::int, s.name, exists (select 1 from stocks k where k.enterprise_id = s.enterprise_id and k.spare_id = s.id)
          or exists (select 1 from spare_doc_items d where d.enterprise_id = s.enterprise_id and d.spare_id = s.id) as used
        from spares s where s.enterprise_id = ${u.enterpriseId} and s.id = any(${bigints(unique)}) for update of s`,
    );
    if (found.length !== unique.length) throw notFound();
    const used = found.find((f) => f.used);
    if (used) throw invalid(`备件“${used.name}”已有库存或单据，不能删除，可停用`);
    await tx.execute(sql`delete from spares where enterprise_id = ${u.enterpriseId} and id = any(${bigints(unique)})`);
  });
}

// ---- warehouses ----
const warehouseCols = (u: UserActor) => sql`w.id::int, w.name, w.kind, w.owner_id::int as "ownerId", o.name as "ownerName",
  w.keeper_id::int as "keeperId", k.name as "keeperName", w.enabled, ${apiTime(sql`w.created_at`, u.timeZone)} as create_time`;
const warehouseFrom = sql`warehouses w left join users o on o.enterprise_id = w.enterprise_id and o.id = w.owner_id
  left join users k on k.enterprise_id = w.enterprise_id and k.id = w.keeper_id`;

export async function warehouseList(db: Db, u: UserActor, q: QueryOf<typeof C.warehouseList>) {
  const where = and([
    sql`w.enterprise_id = ${u.enterpriseId}`,
    q.keyword ? sql`w.name ilike ${likePattern(q.keyword)}` : null,
    q.kind ? sql`w.kind = ${q.kind}` : null,
  ]);
  return listPage(
    q,
    () => rows<Warehouse>(db, sql`select ${warehouseCols(u)} from ${warehouseFrom} where ${where} order by w.kind, w.id ${pageSql(q)}`),
    () => countOf(db, sql`warehouses w`, where),
  );
}

export async function warehouseOptions(db: Db, u: UserActor, keyword: string | undefined) {
  return rows<WarehouseOption>(
    db,
    sql`select w.id::int, w.name, w.kind from warehouses w
      where ${and([sql`w.enterprise_id = ${u.enterpriseId}`, sql`w.enabled`, keyword ? sql`w.name ilike ${likePattern(keyword)}` : null])}
      order by w.kind, w.id limit 50`,
  );
}

async function ownUser(ex: Executor, enterpriseId: number, id: number | null | undefined): Promise<void> {
  if (id && !(await rows(ex, sql`select 1 from users where enterprise_id = ${enterpriseId} and id = ${id} and deleted_at is null`)).length) throw notFound();
}

export async function saveWarehouse(db: Db, u: UserActor, b: BodyOf<typeof C.warehouseSave>): Promise<number> {
  const ep = u.enterpriseId;
  if (b.kind === 4 && !b.ownerId) throw invalid('工程师：工程师库存请选择所属工程师');
  const ownerId = b.kind === 4 ? b.ownerId : null;
  try {
    return await db.transaction(async (tx) => {
      await ownUser(tx, ep, ownerId);
      await ownUser(tx, ep, b.keeperId);
      const cols = sql`name = ${b.name}, kind = ${b.kind}, owner_id = ${ownerId ?? null}, keeper_id = ${b.keeperId ?? null}, enabled = ${b.enabled}`;
      if (b.id) {
        const [r] = await rows<{ id: number }>(tx, sql`update warehouses set ${cols} where enterprise_id = ${ep} and id = ${b.id} returning id::int`);
        if (!r) throw notFound();
        return r.id;
      }
      const [r] = await rows<{ id: number }>(
        tx,
        sql`insert into warehouses (enterprise_id, name, kind, owner_id, keeper_id, enabled)
          values (${ep}, ${b.name}, ${b.kind}, ${ownerId ?? null}, ${b.keeperId ?? null}, ${b.enabled}) returning id::int`,
      );
      return (r as { id: number }).id;
    });
  } catch (e) {
    throw isUniqueViolation(e) ? invalid('该仓库名称已存在，或该工程师已有库存仓库') : e;
  }
}

/** The user's own stock (kind 4), made on first use; a name already taken gets the user's id appended. */
export async function ownWarehouse(ex: Executor, u: { id: number; enterpriseId: number; name: string }, missing = false): Promise<number> {
  const find = async () =>
    (await rows<{ id: number }>(ex, sql`select id::int from warehouses where enterprise_id = ${u.enterpriseId} and owner_id = ${u.id}`))[0]?.id;
  // `missing`: the caller's read just found none, so it is made straight away.
  const found = missing ? undefined : await find();
  if (found) return found;
  for (const name of [`${u.name}的库存`, `${u.name}的库存（${u.id}）`]) {
    const [made] = await rows<{ id: number }>(
      ex,
      sql`insert into warehouses (enterprise_id, name, kind, owner_id) values (${u.enterpriseId}, ${name}, 4, ${u.id}) on conflict do nothing returning id::int`,
    );
    if (made) return made.id;
    // Taken: by a stock made for him meanwhile (found), or another's name (the next one).
    const id = await find();
    if (id) return id;
  }
  throw new AppError('DATA_CHANGED');
}

// ---- stock ----
const stockFrom = sql`stocks k join spares s on s.enterprise_id = k.enterprise_id and s.id = k.spare_id
  join warehouses w on w.enterprise_id = k.enterprise_id and w.id = k.warehouse_id`;

async function stockRows(ex: Executor, u: UserActor, where: SQL, page: PageRequest) {
  return rows<StockRow>(
    ex,
    sql`select k.warehouse_id::int as "warehouseId", w.name as "warehouseName", w.kind as "warehouseKind", k.spare_id::int as "spareId",
        s.code as "spareCode", s.name as "spareName", s.model, s.unit, k.quantity, k.reserved, k.quantity - k.reserved as available, k.safety,
        ${apiTime(sql`k.updated_at`, u.timeZone)} as update_time
      from ${stockFrom} where k.enterprise_id = ${u.enterpriseId} and ${where} order by k.warehouse_id, k.spare_id ${pageSql(page)}`,
  );
}

type StockQuery = QueryOf<typeof C.stockList>;
export async function stockList(db: Db, u: UserActor, q: StockQuery) {
  const where = and([
    sql`true`,
    q.warehouseId ? sql`k.warehouse_id = ${q.warehouseId}` : null,
    q.spareId ? sql`k.spare_id = ${q.spareId}` : null,
    q.typeId ? sql`s.type_id = ${q.typeId}` : null,
    spareKeyword(q.keyword),
    q.warning === '1' ? sql`k.quantity < k.safety` : null,
  ]);
  const needsSpare = !!(q.typeId || q.keyword);
  return listPage(
    q,
    () => stockRows(db, u, where, q),
    () =>
      countOf(
        db,
        needsSpare ? sql`stocks k join spares s on s.enterprise_id = k.enterprise_id and s.id = k.spare_id` : sql`stocks k`,
        sql`k.enterprise_id = ${u.enterpriseId} and ${where}`,
      ),
  );
}

export async function setSafety(db: Db, u: UserActor, b: BodyOf<typeof C.setSafety>): Promise<void> {
  const ep = u.enterpriseId;
  await db.transaction(async (tx) => {
    const [ok] = await rows(
      tx,
      sql`select 1 from warehouses w, spares s where w.enterprise_id = ${ep} and w.id = ${b.warehouseId} and s.enterprise_id = ${ep} and s.id = ${b.spareId}`,
    );
    if (!ok) throw notFound();
    await tx.execute(sql`insert into stocks (enterprise_id, warehouse_id, spare_id, safety) values (${ep}, ${b.warehouseId}, ${b.spareId}, ${b.safety})
      on conflict (enterprise_id, warehouse_id, spare_id) do update set safety = excluded.safety`);
  });
}

/** 我的备件: a read, so it never makes the user's own stock (the first movement into it does). */
export async function mine(db: Db, u: UserActor, q: QueryOf<typeof C.mine>) {
  const [own] = await rows<{ id: number }>(db, sql`select id::int from warehouses where enterprise_id = ${u.enterpriseId} and owner_id = ${u.id}`);
  if (!own) return { list: [], count: 0, warehouseId: null };
  const warehouseId = own.id;
  const page = await stockList(db, u, { ...q, warehouseId, spareId: undefined, typeId: undefined, warning: undefined });
  return { ...page, warehouseId };
}

/**
 * The spares the user holds in their own stock, for the order's 登记备件: available > 0 only, the most held first
 * (stocks by its primary key on the one warehouse), each serial-tracked one with its free units (spare_units_warehouse_idx).
 */
export async function mineOptions(db: Db, u: UserActor, keyword: string | undefined): Promise<{ warehouseId: number | null; list: HeldSpare[] }> {
  const [own] = await rows<{ id: number }>(db, sql`select id::int from warehouses where enterprise_id = ${u.enterpriseId} and owner_id = ${u.id}`);
  if (!own) return { warehouseId: null, list: [] };
  const held = await rows<Omit<HeldSpare, 'serials'>>(
    db,
    sql`select s.id::int, s.code, s.name, s.model, s.unit, s.serialized, (k.quantity - k.reserved)::int as available
      from stocks k join spares s on s.enterprise_id = k.enterprise_id and s.id = k.spare_id
      where ${and([sql`k.enterprise_id = ${u.enterpriseId}`, sql`k.warehouse_id = ${own.id}`, sql`k.quantity - k.reserved > 0`, sql`s.enabled`, spareKeyword(keyword)])}
      order by k.quantity - k.reserved desc, s.code limit 100`,
  );
  const tracked = held.filter((h) => h.serialized).map((h) => h.id);
  const units = tracked.length
    ? await rows<{ spare_id: number; serials: string[] }>(
        db,
        sql`select n.spare_id::int, (array_agg(n.serial order by n.serial))[1:200] as serials from spare_units n
          where n.enterprise_id = ${u.enterpriseId} and n.warehouse_id = ${own.id} and n.spare_id = any(${bigints(tracked)})
            and n.place = 1 and n.doc_id is null
          group by n.spare_id`,
      )
    : [];
  const serials = new Map(units.map((x) => [x.spare_id, x.serials]));
  return { warehouseId: own.id, list: held.map((h) => ({ ...h, serials: serials.get(h.id) ?? [] })) };
}

// ---- ledger ----
type LogQuery = QueryOf<typeof C.logList>;
export async function logList(db: Db, u: UserActor, q: LogQuery, only?: number[]) {
  const ep = u.enterpriseId;
  const where = and([
    sql`l.enterprise_id = ${ep}`,
    q.spareId ? sql`l.spare_id = ${q.spareId}` : null,
    q.warehouseId ? sql`l.warehouse_id = ${q.warehouseId}` : null,
    q.type ? sql`l.type = ${q.type}` : only ? sql`l.type = any(${`{${only.join(',')}}`}::smallint[])` : null,
    q.orderId ? sql`l.order_id = ${q.orderId}` : null,
    q.start ? sql`l.created_at >= (${q.start}::timestamp at time zone ${u.timeZone})` : null,
    q.end ? sql`l.created_at <= (${q.end.length === 10 ? `${q.end} 23:59:59` : q.end}::timestamp at time zone ${u.timeZone})` : null,
  ]);
  const list = await listPage(
    q,
    () =>
      rows<Omit<StockLog, 'typeName'>>(
        db,
        sql`select l.id::int, l.type, l.warehouse_id::int as "warehouseId", w.name as "warehouseName", l.spare_id::int as "spareId",
            s.code as "spareCode", s.name as "spareName", l.change, l.before, l.after, l.doc_kind as "docKind", l.doc_id::int as "docId", d.doc_no as "docNo",
            l.order_id::int as "orderId", l.serial_in as "serialIn", l.serial_out as "serialOut", us.name as "userName",
            ${apiTime(sql`l.created_at`, u.timeZone)} as create_time
          from (select * from stock_logs l where ${where} order by l.id desc ${pageSql(q)}) l
          join spares s on s.enterprise_id = l.enterprise_id and s.id = l.spare_id
          join warehouses w on w.enterprise_id = l.enterprise_id and w.id = l.warehouse_id
          left join users us on us.enterprise_id = l.enterprise_id and us.id = l.user_id
          left join spare_docs d on l.doc_kind = 'doc' and d.enterprise_id = l.enterprise_id and d.id = l.doc_id
          order by l.id desc`,
      ),
    () => countOf(db, sql`stock_logs l`, where),
  );
  return { ...list, list: list.list.map((r) => ({ ...r, typeName: STOCK_LOG_TYPES[r.type as keyof typeof STOCK_LOG_TYPES] ?? '' })) };
}
