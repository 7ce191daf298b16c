import type { ProviderRow } from '@sk/shared';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/errors';
import { isUniqueViolation } from './org.common';
import * as repo from './provider.repo';

export type { ProviderFilter } from './provider.repo';
export { list, simpleList } from './provider.repo';

export interface ProviderInput {
  name?: string;
  partnerType?: number;
  linkman?: string | null;
  phone?: string | null;
  address?: string | null;
  serviceArea?: string | null;
  remark?: string | null;
  /** 结算系数 as a number (1.2); stored in hundredths. */
  coefficient?: number;
}

async function nameSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('NAME_TAKEN');
    throw err;
  }
}

const blankToNull = ({ coefficient, ...v }: ProviderInput) =>
  Object.fromEntries(
    [...Object.entries(v), ...(coefficient === undefined ? [] : [['coefficientPct', Math.round(coefficient * 100)]])]
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => [k, x === '' ? null : x]),
  );

export async function detail(db: Db, enterpriseId: number, timeZone: string, id: number): Promise<ProviderRow> {
  const found = await repo.find(db, enterpriseId, timeZone, id);
  if (!found) throw new AppError('NOT_FOUND');
  return found;
}

export function create(db: Db, enterpriseId: number, v: ProviderInput & { name: string; partnerType: number }): Promise<number> {
  return nameSafe(() => repo.insert(db, enterpriseId, { ...blankToNull(v), name: v.name, partnerType: v.partnerType }));
}

export function update(db: Db, enterpriseId: number, id: number, v: ProviderInput): Promise<void> {
  return nameSafe(async () => {
    if (!(await repo.updateRow(db, enterpriseId, id, blankToNull(v)))) throw new AppError('NOT_FOUND');
  });
}

/** Disabling a provider disables its outsourced users (re-enabling the provider leaves them for the admin to enable one by one). */
export async function setEnabled(db: Db, enterpriseId: number, id: number, enabled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const now = await repo.enabledOf(tx, enterpriseId, id);
    if (now === null) throw new AppError('NOT_FOUND');
    if (now === enabled) return;
    if (!(await repo.setEnabledIf(tx, enterpriseId, id, enabled))) throw new AppError('CONFLICT');
    if (!enabled) await repo.disableUsersOf(tx, enterpriseId, id);
  });
}
