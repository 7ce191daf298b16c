import type { MoneyItemRow } from '@sk/shared';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from './forms.repo';
import * as repo from './money.repo';
import { resolveTemplate } from './templates.service';

const ORDER = 1 as const;

/** The order type an item belongs to must be this enterprise's. */
async function orderType(ex: Executor, enterpriseId: number, tmpId: number): Promise<number> {
  return (await resolveTemplate(ex, enterpriseId, ORDER, tmpId)).id;
}

/** The order type asked for, checked; undefined asks for all. */
const orderTypeOrAll = async (ex: Executor, enterpriseId: number, tmpId?: number): Promise<number | undefined> =>
  tmpId === undefined ? undefined : orderType(ex, enterpriseId, tmpId);

export async function listItems(ex: Executor, enterpriseId: number, timeZone: string, tmpId?: number): Promise<MoneyItemRow[]> {
  return repo.selectLiveItems(ex, enterpriseId, timeZone, await orderTypeOrAll(ex, enterpriseId, tmpId));
}

export async function listDeleted(
  ex: Executor,
  enterpriseId: number,
  timeZone: string,
  tmpId: number | undefined,
  page: { pageIndex: number; pageSize: number },
) {
  return repo.selectDeletedItems(ex, enterpriseId, timeZone, await orderTypeOrAll(ex, enterpriseId, tmpId), page);
}

export async function countDeleted(ex: Executor, enterpriseId: number, tmpId?: number): Promise<number> {
  return repo.countDeletedItems(ex, enterpriseId, await orderTypeOrAll(ex, enterpriseId, tmpId));
}

const nameTaken = (e: unknown) => (isUniqueViolation(e) ? new AppError('NAME_TAKEN') : e);

export async function addItem(ex: Executor, enterpriseId: number, tmpId: number, v: repo.MoneyItemInput): Promise<number> {
  const templateId = await orderType(ex, enterpriseId, tmpId);
  try {
    return await ex.transaction(async (tx) => repo.insertItem(tx, enterpriseId, templateId, v));
  } catch (e) {
    throw nameTaken(e);
  }
}

export async function updateItem(ex: Executor, enterpriseId: number, id: number, v: repo.MoneyItemInput): Promise<void> {
  try {
    if (!(await repo.updateItem(ex, enterpriseId, id, v))) throw new AppError('NOT_FOUND');
  } catch (e) {
    throw nameTaken(e);
  }
}

/** Moves items to their recycle bin; all or nothing. */
export async function deleteItems(ex: Executor, enterpriseId: number, userId: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await ex.transaction(async (tx) => {
    if ((await repo.softDeleteItems(tx, enterpriseId, userId, unique)) !== unique.length) throw new AppError('NOT_FOUND');
  });
}

/** Restores items from the recycle bin; an item whose name is in use again is refused. */
export async function restoreItems(ex: Executor, enterpriseId: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  try {
    await ex.transaction(async (tx) => {
      if ((await repo.restoreItems(tx, enterpriseId, unique)) !== unique.length) throw new AppError('NOT_FOUND');
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('VALIDATION', { detail: '收费项目：已有同名收费项目，无法恢复' });
    throw e;
  }
}
