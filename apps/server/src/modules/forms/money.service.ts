import type { MoneyItemRow } from '@sk/shared';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { moneyItems } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { apiTime, isUniqueViolation } from './forms.repo';
import { resolveTemplate } from './templates.service';
import { countOf, pageSql } from '../../platform/list';

const ORDER = 1 as const;

/** The order type an item belongs to must be this enterprise's. */
async function orderType(ex: Executor, enterpriseId: number, tmpId: number): Promise<number> {
  return (await resolveTemplate(ex, enterpriseId, ORDER, tmpId)).id;
}

function select(enterpriseId: number, timeZone: string, where: SQL, page?: { pageIndex: number; pageSize: number }): SQL {
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

const toRow = (r: MoneyItemRaw): MoneyItemRow => ({
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

export async function listItems(ex: Executor, enterpriseId: number, timeZone: string, tmpId?: number): Promise<MoneyItemRow[]> {
  const byTemplate = tmpId === undefined ? sql`true` : sql`m.template_id = ${await orderType(ex, enterpriseId, tmpId)}`;
  return (await rows<MoneyItemRaw>(ex, select(enterpriseId, timeZone, sql`m.deleted_at is null and ${byTemplate}`))).map(toRow);
}

export async function listDeleted(
  ex: Executor,
  enterpriseId: number,
  timeZone: string,
  tmpId: number | undefined,
  page: { pageIndex: number; pageSize: number },
) {
  const byTemplate = tmpId === undefined ? sql`true` : sql`m.template_id = ${await orderType(ex, enterpriseId, tmpId)}`;
  return (await rows<MoneyItemRaw>(ex, select(enterpriseId, timeZone, sql`m.deleted_at is not null and ${byTemplate}`, page))).map(toRow);
}

export async function countDeleted(ex: Executor, enterpriseId: number, tmpId?: number): Promise<number> {
  const byTemplate = tmpId === undefined ? sql`true` : sql`template_id = ${await orderType(ex, enterpriseId, tmpId)}`;
  return countOf(ex, sql`money_items`, sql`enterprise_id = ${enterpriseId} and deleted_at is not null and ${byTemplate}`);
}

const nameTaken = (e: unknown) => (isUniqueViolation(e) ? new AppError('NAME_TAKEN') : e);

export async function addItem(ex: Executor, enterpriseId: number, tmpId: number, v: { name: string; price: number; unit: string }): Promise<number> {
  const templateId = await orderType(ex, enterpriseId, tmpId);
  try {
    return await ex.transaction(async (tx) => {
      const [s] = await rows<{ n: number }>(
        tx,
        sql`select coalesce(max(sort), 0) + 1 as n from money_items where enterprise_id = ${enterpriseId} and template_id = ${templateId}`,
      );
      const [r] = await tx
        .insert(moneyItems)
        .values({ enterpriseId, templateId, ...v, sort: s?.n ?? 1 })
        .returning({ id: moneyItems.id });
      return (r as { id: number }).id;
    });
  } catch (e) {
    throw nameTaken(e);
  }
}

export async function updateItem(ex: Executor, enterpriseId: number, id: number, v: { name: string; price: number; unit: string }): Promise<void> {
  try {
    const r = await ex
      .update(moneyItems)
      .set(v)
      .where(and(eq(moneyItems.enterpriseId, enterpriseId), eq(moneyItems.id, id), isNull(moneyItems.deletedAt)))
      .returning({ id: moneyItems.id });
    if (r.length === 0) throw new AppError('NOT_FOUND');
  } catch (e) {
    throw nameTaken(e);
  }
}

/** Moves items to their recycle bin; all or nothing. */
export async function deleteItems(ex: Executor, enterpriseId: number, userId: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await ex.transaction(async (tx) => {
    const r = await tx
      .update(moneyItems)
      .set({ deletedAt: sql`now()`, deletedBy: userId })
      .where(and(eq(moneyItems.enterpriseId, enterpriseId), inArray(moneyItems.id, unique), isNull(moneyItems.deletedAt)))
      .returning({ id: moneyItems.id });
    if (r.length !== unique.length) throw new AppError('NOT_FOUND');
  });
}

/** Restores items from the recycle bin; an item whose name is in use again is refused. */
export async function restoreItems(ex: Executor, enterpriseId: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  try {
    await ex.transaction(async (tx) => {
      const r = await tx
        .update(moneyItems)
        .set({ deletedAt: null, deletedBy: null })
        .where(and(eq(moneyItems.enterpriseId, enterpriseId), inArray(moneyItems.id, unique), sql`${moneyItems.deletedAt} is not null`))
        .returning({ id: moneyItems.id });
      if (r.length !== unique.length) throw new AppError('NOT_FOUND');
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('VALIDATION', { detail: '收费项目：已有同名收费项目，无法恢复' });
    throw e;
  }
}
