// The statements of one user's preferences: table columns and saved search plans.
import type { SearchPlan, TableColumn } from '@sk/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { searchPlans, tableConfigs } from '../../db/schema/index';
import { apiTime } from '../../platform/sql';

/** Whose preferences: always the session's user in the session's enterprise. */
export interface Me {
  enterpriseId: number;
  userId: number;
  timeZone: string;
}

export type PlanInput = { pageKey: string; name: string; conditions: Record<string, unknown>; isDefault?: boolean };

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

export async function deleteTable(ex: Executor, me: Me, tableKey: string): Promise<void> {
  await ex.delete(tableConfigs).where(and(mine(me), eq(tableConfigs.tableKey, tableKey)));
}

export async function upsertTable(ex: Executor, me: Me, tableKey: string, columns: TableColumn[]): Promise<void> {
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
const toSearchPlan = (r: Record<string, unknown>): SearchPlan => ({ ...r, createTime: String(r.createTime), updateTime: String(r.updateTime) }) as SearchPlan;

export async function planList(ex: Executor, me: Me, pageKey: string): Promise<SearchPlan[]> {
  const list = await ex
    .select(planCols(me.timeZone))
    .from(searchPlans)
    .where(and(myPlans(me), eq(searchPlans.pageKey, pageKey)))
    .orderBy(asc(searchPlans.id));
  return list.map(toSearchPlan);
}

export async function planCount(ex: Executor, me: Me, pageKey: string): Promise<number> {
  return ex.$count(searchPlans, and(myPlans(me), eq(searchPlans.pageKey, pageKey)));
}

/** One of the user's own plans, or null. */
export async function planById(ex: Executor, me: Me, id: number): Promise<SearchPlan | null> {
  const [r] = await ex
    .select(planCols(me.timeZone))
    .from(searchPlans)
    .where(and(myPlans(me), eq(searchPlans.id, id)));
  return r ? toSearchPlan(r) : null;
}

export async function planDefault(ex: Executor, me: Me, pageKey: string): Promise<SearchPlan | null> {
  const [r] = await ex
    .select(planCols(me.timeZone))
    .from(searchPlans)
    .where(and(myPlans(me), eq(searchPlans.pageKey, pageKey), eq(searchPlans.isDefault, true)));
  return r ? toSearchPlan(r) : null;
}

/** Takes the user's row (for no key update) until the transaction ends. */
export async function lockUser(tx: Executor, me: Me): Promise<void> {
  await tx.execute(sql`select 1 from users where enterprise_id = ${me.enterpriseId} and id = ${me.userId} for no key update`);
}

export async function clearDefault(ex: Executor, me: Me, pageKey: string): Promise<void> {
  await ex
    .update(searchPlans)
    .set({ isDefault: false })
    .where(and(myPlans(me), eq(searchPlans.pageKey, pageKey), eq(searchPlans.isDefault, true)));
}

export async function insertPlan(ex: Executor, me: Me, p: PlanInput): Promise<number> {
  const [r] = await ex
    .insert(searchPlans)
    .values({ enterpriseId: me.enterpriseId, userId: me.userId, pageKey: p.pageKey, name: p.name, conditions: p.conditions, isDefault: !!p.isDefault })
    .returning({ id: searchPlans.id });
  return (r as { id: number }).id;
}

/** Changes the user's plan of that page (its default flag only when given); false when there is none. */
export async function updatePlan(ex: Executor, me: Me, id: number, p: PlanInput): Promise<boolean> {
  const set = { name: p.name, conditions: p.conditions, updatedAt: sql`now()`, ...(p.isDefault === undefined ? {} : { isDefault: p.isDefault }) };
  const r = await ex
    .update(searchPlans)
    .set(set)
    .where(and(myPlans(me), eq(searchPlans.id, id), eq(searchPlans.pageKey, p.pageKey)))
    .returning({ id: searchPlans.id });
  return r.length > 0;
}

export async function deletePlan(ex: Executor, me: Me, id: number): Promise<boolean> {
  const r = await ex
    .delete(searchPlans)
    .where(and(myPlans(me), eq(searchPlans.id, id)))
    .returning({ id: searchPlans.id });
  return r.length > 0;
}

export async function markDefault(ex: Executor, me: Me, id: number): Promise<void> {
  await ex
    .update(searchPlans)
    .set({ isDefault: true })
    .where(and(myPlans(me), eq(searchPlans.id, id)));
}
