import type { SearchPlan, TableColumn } from '@sk/shared';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from './forms.repo';
import * as repo from './preferences.repo';

export { planCount, planDefault, planList, tableColumns, tableList } from './preferences.repo';

/** Whose preferences: always the session's user in the session's enterprise. */
export type Me = repo.Me;

/** Saves the chosen columns; an empty choice resets the table to its default columns. */
export async function saveTable(ex: Executor, me: Me, tableKey: string, columns: TableColumn[]): Promise<void> {
  if (columns.length === 0) {
    await repo.deleteTable(ex, me, tableKey);
    return;
  }
  const keys = columns.map((c) => c.key);
  if (new Set(keys).size !== keys.length) throw new AppError('VALIDATION', { detail: '列：不能重复' });
  await repo.upsertTable(ex, me, tableKey, columns);
}

/** One of the user's own plans; anybody else's answers NOT_FOUND. */
export async function planDetail(ex: Executor, me: Me, id: number): Promise<SearchPlan> {
  const p = await repo.planById(ex, me, id);
  if (!p) throw new AppError('NOT_FOUND');
  return p;
}

/**
 * Serialises one user's plan writes on their user row: clearing the old default and setting the new one
 * then never interleave (deadlocks, the one-default index firing, a false 名称已存在).
 */
const lockMyPlans = (tx: Executor, me: Me): Promise<void> => repo.lockUser(tx, me);

export async function savePlan(ex: Executor, me: Me, p: repo.PlanInput & { id?: number }): Promise<number> {
  try {
    return await ex.transaction(async (tx) => {
      await lockMyPlans(tx, me);
      if (p.isDefault) await repo.clearDefault(tx, me, p.pageKey);
      if (p.id === undefined) return repo.insertPlan(tx, me, p);
      if (!(await repo.updatePlan(tx, me, p.id, p))) throw new AppError('NOT_FOUND');
      return p.id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('NAME_TAKEN');
    throw e;
  }
}

export async function deletePlan(ex: Executor, me: Me, id: number): Promise<void> {
  if (!(await repo.deletePlan(ex, me, id))) throw new AppError('NOT_FOUND');
}

/** Makes one plan the page's default (the others lose it); without an id, the page has no default. */
export async function setDefault(ex: Executor, me: Me, pageKey: string, id: number | null | undefined): Promise<void> {
  await ex.transaction(async (tx) => {
    await lockMyPlans(tx, me);
    if (id && (await planDetail(tx, me, id)).pageKey !== pageKey) throw new AppError('NOT_FOUND');
    await repo.clearDefault(tx, me, pageKey);
    if (id) await repo.markDefault(tx, me, id);
  });
}
