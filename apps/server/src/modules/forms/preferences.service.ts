import type { SearchPlan, TableColumn } from '@sk/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { searchPlans, tableConfigs } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { apiTime, isUniqueViolation } from './forms.repo';

/** Whose preferences: always the session's user in the session's enterprise. */
export interface Me {
  enterpriseId: number;
  userId: number;
  timeZone: string;
}

const mine = (me: Me) => and(eq(tableConfigs.enterpriseId, me.enterpriseId), eq(tableConfigs.userId, me.userId));

export async function tableColumns(ex: Executor, me: Me, tableKey: string): Promise<TableColumn[]> {
  const [r] = await ex
    .select({ columns: tableConfigs.columns })
    .from(tableConfigs)
    .where(and(mine(me), eq(tableConfigs.tableKey, tableKey)));
  return (r?.columns as TableColumn[] | undefined) ?? [];
}

export async function tableList(ex: Executor, me: Me) {
  const list = await ex
    .select({ tableKey: tableConfigs.tableKey, columns: tableConfigs.columns, updateTime: apiTime(sql`${tableConfigs.updatedAt}`, me.timeZone) })
    .from(tableConfigs)
    .where(mine(me))
    .orderBy(asc(tableConfigs.tableKey));
  return list.map((r) => ({ tableKey: r.tableKey, columns: r.columns as TableColumn[], updateTime: String(r.updateTime) }));
}

/** Saves the chosen columns; an empty choice resets the table to its default columns. */
export async function saveTable(ex: Executor, me: Me, tableKey: string, columns: TableColumn[]): Promise<void> {
  const where = and(mine(me), eq(tableConfigs.tableKey, tableKey));
  if (columns.length === 0) {
    await ex.delete(tableConfigs).where(where);
    return;
  }
  const keys = columns.map((c) => c.key);
  if (new Set(keys).size !== keys.length) throw new AppError('VALIDATION', { detail: '列：不能重复' });
  await ex
    .insert(tableConfigs)
    .values({ enterpriseId: me.enterpriseId, userId: me.userId, tableKey, columns })
    .onConflictDoUpdate({
      target: [tableConfigs.enterpriseId, tableConfigs.userId, tableConfigs.tableKey],
      set: { columns, updatedAt: sql`now()` },
    });
}

const myPlans = (me: Me) => and(eq(searchPlans.enterpriseId, me.enterpriseId), eq(searchPlans.userId, me.userId));

const planCols = (tz: string) => ({
  id: searchPlans.id,
  pageKey: searchPlans.pageKey,
  name: searchPlans.name,
  conditions: searchPlans.conditions,
  isDefault: searchPlans.isDefault,
  createTime: apiTime(sql`${searchPlans.createdAt}`, tz),
  updateTime: apiTime(sql`${searchPlans.updatedAt}`, tz),
});
const toPlan = (r: Record<string, unknown>): SearchPlan => ({ ...r, createTime: String(r.createTime), updateTime: String(r.updateTime) }) as SearchPlan;

export async function planList(ex: Executor, me: Me, pageKey: string): Promise<SearchPlan[]> {
  const list = await ex
    .select(planCols(me.timeZone))
    .from(searchPlans)
    .where(and(myPlans(me), eq(searchPlans.pageKey, pageKey)))
    .orderBy(asc(searchPlans.id));
  return list.map(toPlan);
}

export async function planCount(ex: Executor, me: Me, pageKey: string): Promise<number> {
  return ex.$count(searchPlans, and(myPlans(me), eq(searchPlans.pageKey, pageKey)));
}

/** One of the user's own plans; anybody else's answers NOT_FOUND. */
export async function planDetail(ex: Executor, me: Me, id: number): Promise<SearchPlan> {
  const [r] = await ex
    .select(planCols(me.timeZone))
    .from(searchPlans)
    .where(and(myPlans(me), eq(searchPlans.id, id)));
  if (!r) throw new AppError('NOT_FOUND');
  return toPlan(r);
}

export async function planDefault(ex: Executor, me: Me, pageKey: string): Promise<SearchPlan | null> {
  const [r] = await ex
    .select(planCols(me.timeZone))
    .from(searchPlans)
    .where(and(myPlans(me), eq(searchPlans.pageKey, pageKey), eq(searchPlans.isDefault, true)));
  return r ? toPlan(r) : null;
}

/**
 * Serialises one user's plan writes on their user row: clearing the old default and setting the new one
 * then never interleave (deadlocks, the one-default index firing, a false 名称已存在).
 */
async function lockMyPlans(tx: Executor, me: Me): Promise<void> {
  await tx.execute(sql`select 1 from users where enterprise_id = ${me.enterpriseId} and id = ${me.userId} for no key update`);
}

async function clearDefault(ex: Executor, me: Me, pageKey: string): Promise<void> {
  await ex
    .update(searchPlans)
    .set({ isDefault: false })
    .where(and(myPlans(me), eq(searchPlans.pageKey, pageKey), eq(searchPlans.isDefault, true)));
}

export async function savePlan(
  ex: Executor,
  me: Me,
  p: { id?: number; pageKey: string; name: string; conditions: Record<string, unknown>; isDefault?: boolean },
): Promise<number> {
  try {
    return await ex.transaction(async (tx) => {
      await lockMyPlans(tx, me);
      if (p.isDefault) await clearDefault(tx, me, p.pageKey);
      if (p.id === undefined) {
        const [r] = await tx
          .insert(searchPlans)
          .values({ enterpriseId: me.enterpriseId, userId: me.userId, pageKey: p.pageKey, name: p.name, conditions: p.conditions, isDefault: !!p.isDefault })
          .returning({ id: searchPlans.id });
        return (r as { id: number }).id;
      }
      const set = { name: p.name, conditions: p.conditions, updatedAt: sql`now()`, ...(p.isDefault === undefined ? {} : { isDefault: p.isDefault }) };
      const r = await tx
        .update(searchPlans)
        .set(set)
        .where(and(myPlans(me), eq(searchPlans.id, p.id), eq(searchPlans.pageKey, p.pageKey)))
        .returning({ id: searchPlans.id });
      if (r.length === 0) throw new AppError('NOT_FOUND');
      return p.id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('NAME_TAKEN');
    throw e;
  }
}

export async function deletePlan(ex: Executor, me: Me, id: number): Promise<void> {
  const r = await ex
    .delete(searchPlans)
    .where(and(myPlans(me), eq(searchPlans.id, id)))
    .returning({ id: searchPlans.id });
  if (r.length === 0) throw new AppError('NOT_FOUND');
}

/** Makes one plan the page's default (the others lose it); without an id, the page has no default. */
export async function setDefault(ex: Executor, me: Me, pageKey: string, id: number | null | undefined): Promise<void> {
  await ex.transaction(async (tx) => {
    await lockMyPlans(tx, me);
    if (id && (await planDetail(tx, me, id)).pageKey !== pageKey) throw new AppError('NOT_FOUND');
    await clearDefault(tx, me, pageKey);
    if (id)
      await tx
        .update(searchPlans)
        .set({ isDefault: true })
        .where(and(myPlans(me), eq(searchPlans.id, id)));
  });
}
