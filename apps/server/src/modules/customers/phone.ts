import type { Tx } from '../../db/client';
import { lockPhone, phoneTaken } from './customers.repo';
import { AppError } from '../../platform/errors';
import { getSettingBool } from '../settings/index';

/** The setting 客户电话不可重复 (settings catalogue). */
export const PHONE_UNIQUE_SETTING = 'customer_phone_unique';

/**
 * Before a customer's phone is written: with 客户电话不可重复 on, refuses a phone another customer has. Two saves of one
 * phone at once queue on a transaction-level advisory lock of (enterprise, phone), so the second sees the first's row
 * (no unique index: the setting can be switched, and customers saved while it was off keep their phones).
 */
export async function claimCustomerPhone(tx: Tx, enterpriseId: number, phone: string | null | undefined, exceptId: number | null): Promise<void> {
  if (!phone) return;
  if (!(await getSettingBool(tx, enterpriseId, PHONE_UNIQUE_SETTING))) return;
  await lockPhone(tx, enterpriseId, phone);
  if (await phoneTaken(tx, enterpriseId, phone, exceptId)) throw new AppError('CUSTOMER_PHONE_TAKEN', { phone });
}
