import type { Db, Executor } from '../../db/client';
import { hashPassword } from '../../platform/crypto';
import { assertNewPassword } from '../../platform/passwords';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from '../../platform/sql';
import { editableCustomer } from './common';
import type { Actor } from '../../platform/actor';
import * as repo from './portal.repo';
import { type AccountFilters, listAccounts } from './portal.repo';

export { type AccountFilters, listAccounts };

export interface AccountBody {
  id?: number | null;
  customerId: number;
  linkPersonId?: number | null;
  name: string;
  mobile: string;
  password?: string;
}

/** Creates (password required, stored hashed) or updates a portal account; one mobile per enterprise. */
export async function saveAccount(db: Db, v: Actor, b: AccountBody): Promise<number> {
  if (!b.id && !b.password) throw new AppError('VALIDATION', { detail: '密码：请输入密码' });
  if (b.password) assertNewPassword(b.password);
  const hash = b.password ? await hashPassword(b.password) : null;
  try {
    return await db.transaction(async (tx) => {
      await editableCustomer(tx, v, b.customerId);
      if (b.linkPersonId) {
        if (!(await repo.contactOfCustomer(tx, v.enterpriseId, b.linkPersonId, b.customerId)))
          throw new AppError('VALIDATION', { detail: '联系人：该联系人不属于所选客户' });
      }
      const values = { customerId: b.customerId, linkPersonId: b.linkPersonId ?? null, name: b.name, mobile: b.mobile, hash };
      if (b.id) {
        const current = await repo.accountCustomer(tx, v, b.id);
        if (!current) throw new AppError('NOT_FOUND');
        await editableCustomer(tx, v, current);
        await repo.updateAccount(tx, v.enterpriseId, b.id, values);
        return b.id;
      }
      return repo.insertAccount(tx, v, values);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('MOBILE_TAKEN');
    throw err;
  }
}

/** All ids must be accounts of customers the viewer may edit. */
async function editableAccounts(ex: Executor, v: Actor, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const found = await repo.accountCustomers(ex, v, unique);
  if (found.length !== unique.length) throw new AppError('NOT_FOUND');
  for (const c of new Set(found.map((r) => r.customer_id))) await editableCustomer(ex, v, c);
  return unique;
}

export async function setAccountsEnabled(db: Db, v: Actor, ids: number[], enabled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const unique = await editableAccounts(tx, v, ids);
    await repo.setEnabled(tx, v.enterpriseId, unique, enabled);
  });
}

export async function resetAccountPassword(db: Db, v: Actor, id: number, password: string): Promise<void> {
  assertNewPassword(password);
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await editableAccounts(tx, v, [id]);
    await repo.setPasswordHash(tx, v.enterpriseId, id, hash);
  });
}

export async function deleteAccounts(db: Db, v: Actor, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const unique = await editableAccounts(tx, v, ids);
    await repo.deleteAccountRows(tx, v.enterpriseId, unique);
  });
}
