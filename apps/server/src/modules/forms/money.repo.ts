// The statements of money items (收费项目) of an order type, live and in their recycle bin.
import type { MoneyItemRow } from '@sk/shared';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { moneyItems } from '../../db/schema/index';
import { countOf, pageSql } from '../../platform/list';
import { apiTime } from '../../platform/sql';

export type MoneyItemInput = { name: string; price: number; unit: string };
type Page = { pageIndex: number; pageSize: number };

function select(enterpriseId: number, timeZone: string, where: SQL, page?: Page): SQL {
  const limit = page ? pageSql(page) : sql``;
  return sql`select m.id, m.template_id, t.name as template_name, m.name, m.price::float8 as price, m.unit, m.sort,
      ${apiTime(sql`m.created_at`, timeZone)} as create_time, ${apiTime(sql`m.deleted_at`, timeZone)} as delete_time
    from money_items m join form_templates t on t.enterprise_id = m.enterprise_id and t.id = m.template_id
    where m.enterprise_id = ${enterpriseId} and ${where}
    order by ${page ? sql`m.deleted_at desc, m.id desc` : sql`m.template_id, m.sort, m.id`} ${limit}`;
}

interface MoneyItemRaw {
  id: number;
  template_id: number;
  template_name: string;
  name: string;
  /** numeric, read as float8 (two decimals) */
  price: number;
  unit: string;
  sort: number;
  create_time: string;
  delete_time: string | null;
}

const toMoneyItemRow = (r: MoneyItemRaw): MoneyItemRow => ({
  id: r.id,
  templateId: r.template_id,
  templateName: r.template_name,
  name: r.name,
  price: r.price,
  unit: r.unit,
  sort: r.sort,
  createTime: r.create_time,
  deleteTime: r.delete_time,
});

/** Items of one order type, or of all when `templateId` is undefined. */
const ofTemplate = (templateId: number | undefined, col: SQL): SQL => (templateId === undefined ? sql`true` : sql`${col} = ${templateId}`);

export async function selectLiveItems(ex: Executor, enterpriseId: number, timeZone: string, templateId?: number): Promise<MoneyItemRow[]> {
  const where = sql`m.deleted_at is null and ${ofTemplate(templateId, sql`m.template_id`)}`;
  return (await rows<MoneyItemRaw>(ex, select(enterpriseId, timeZone, where))).map(toMoneyItemRow);
}

export async function selectDeletedItems(
  ex: Executor,
  enterpriseId: number,
  timeZone: string,
  templateId: number | undefined,
  page: Page,
): Promise<MoneyItemRow[]> {
  const where = sql`m.deleted_at is not null and ${ofTemplate(templateId, sql`m.template_id`)}`;
  return (await rows<MoneyItemRaw>(ex, select(enterpriseId, timeZone, where, page))).map(toMoneyItemRow);
}

export async function countDeletedItems(ex: Executor, enterpriseId: number, templateId?: number): Promise<number> {
  return countOf(ex, sql`money_items`, sql`enterprise_id = ${enterpriseId} and deleted_at is not null and ${ofTemplate(templateId, sql`template_id`)}`);
}

/** Appends an item at the end of its order type's items. */
export async function insertItem(tx: Executor, enterpriseId: number, templateId: number, v: MoneyItemInput): Promise<number> {
  const [s] = await rows<{ n: number }>(
    tx,
    sql`select coalesce(max(sort), 0) + 1 as n from money_items where enterprise_id = ${enterpriseId} and template_id = ${templateId}`,
  );
  const [r] = await tx
    .insert(moneyItems)
    .values({ enterpriseId, templateId, ...v, sort: s?.n ?? 1 })
    .returning({ id: moneyItems.id });
  return (r as { id: number }).id;
}

/** Changes a live item; false when there is none. */
export async function updateItem(ex: Executor, enterpriseId: number, id: number, v: MoneyItemInput): Promise<boolean> {
  const r = await ex
    .update(moneyItems)
    .set(v)
    .where(and(eq(moneyItems.enterpriseId, enterpriseId), eq(moneyItems.id, id), isNull(moneyItems.deletedAt)))
    .returning({ id: moneyItems.id });
  return r.length > 0;
}

/** Moves the live ones of `ids` to the recycle bin; how many moved. */
export async function softDeleteItems(ex: Executor, enterpriseId: number, userId: number, ids: number[]): Promise<number> {
  const r = await ex
    .update(moneyItems)
    .set({ deletedAt: sql`now()`, deletedBy: userId })
    .where(and(eq(moneyItems.enterpriseId, enterpriseId), inArray(moneyItems.id, ids), isNull(moneyItems.deletedAt)))
    .returning({ id: moneyItems.id });
  return r.length;
}

/** Brings the deleted ones of `ids` back; how many came back. */
export async function restoreItems(ex: Executor, enterpriseId: number, ids: number[]): Promise<number> {
  const r = await ex
    .update(moneyItems)
    .set({ deletedAt: null, deletedBy: null })
    .where(and(eq(moneyItems.enterpriseId, enterpriseId), inArray(moneyItems.id, ids), sql`${moneyItems.deletedAt} is not null`))
    .returning({ id: moneyItems.id });
  return r.length;
}
