import type { ReceiveAccountRow } from '@sk/shared';
import type { Db, Executor, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../forms/index';
import {
  accountRows,
  accountsServing,
  accountsUsed,
  deleteAccountRows,
  insertAccount,
  linkAccountTypes,
  orderTypeExists,
  orderTypesFound,
  shareAccount,
  updateAccount,
} from './receive.repo';

/** The collection accounts (收款账户) of the enterprise and the order types each serves. */

interface SaveInput {
  id?: number;
  name: string;
  method: number;
  account: string | null;
  enabled: boolean;
  templateIds: number[];
}

export function listAccounts(ex: Executor, enterpriseId: number): Promise<ReceiveAccountRow[]> {
  return accountRows(ex, enterpriseId);
}

/** GET /receive/list/orderTmpl: the enabled accounts of one order type (accounts linked to no type serve all). */
export async function accountsOfTemplate(ex: Executor, enterpriseId: number, templateId: number) {
  if (!(await orderTypeExists(ex, enterpriseId, templateId))) throw new AppError('NOT_FOUND');
  const r = await accountsServing(ex, enterpriseId, templateId);
  return r.map((a) => ({ name: a.name, fk_t_ep_receive_payment_id: a.id, method: a.method, account: a.account }));
}

/**
 * A collection account the order of `templateId` may be paid into, or a VALIDATION error (for the collection action).
 * The account is held FOR SHARE first, so a concurrent delete cannot pass its usage check before this order commits.
 */
export async function accountForOrder(tx: Tx, enterpriseId: number, templateId: number, accountId: number) {
  const held = await shareAccount(tx, enterpriseId, accountId);
  const found = held && (await accountsOfTemplate(tx, enterpriseId, templateId)).find((a) => a.fk_t_ep_receive_payment_id === accountId);
  if (!found) throw new AppError('VALIDATION', { detail: '收款账户：收款账户不存在或不适用于该工单类型' });
  return found;
}

export async function saveAccount(db: Db, enterpriseId: number, b: SaveInput): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const ids = [...new Set(b.templateIds)];
      if (ids.length) {
        if ((await orderTypesFound(tx, enterpriseId, ids)) !== ids.length)
          throw new AppError('VALIDATION', { detail: '适用工单类型：工单类型不存在或已被删除' });
      }
      let id = b.id;
      if (id) {
        if (!(await updateAccount(tx, enterpriseId, id, b))) throw new AppError('NOT_FOUND');
      } else {
        id = await insertAccount(tx, enterpriseId, b);
      }
      if (ids.length) await linkAccountTypes(tx, enterpriseId, id, ids);
      return id;
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('NAME_TAKEN');
    throw e;
  }
}

/**
 * Deletes accounts no order was paid into (those are kept; disable them instead). All or nothing. The rows are
 * deleted (locked) first and the usage read after: a collection holding an account (FOR SHARE) commits before
 * the delete goes on, and its order is then seen.
 */
export async function deleteAccounts(db: Db, enterpriseId: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    if ((await deleteAccountRows(tx, enterpriseId, unique)) !== unique.length) throw new AppError('NOT_FOUND');
    if (await accountsUsed(tx, enterpriseId, unique)) throw new AppError('VALIDATION', { detail: '收款账户已有工单收款记录，不能删除，可停用' });
  });
}
