import { sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { getSettingBool } from '../settings/settings.repo';

/** The setting 客户电话不可重复 (settings catalogue). */
export const PHONE_UNIQUE_SETTING = 'customer_phone_unique';

/** Whether another customer of the enterprise has this phone (the customer's phone: its primary contact's). */
export async function phoneTaken(ex: Executor, enterpriseId: number, phone: string, exceptId: number | null): Promise<boolean> {
  const [r] = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from customers where enterprise_id = ${enterpriseId} and phone = ${phone} and id <> ${exceptId ?? 0} limit 1`,
  );
  return !!r;
}

/**
 * Before a customer's phone is written: with 客户电话不可重复 on, refuses a phone another customer has. Two saves of one
 * phone at once queue on a transaction-level advisory lock of (enterprise, phone), so the second sees the first's row
 * (no unique index: the setting can be switched, and customers saved while it was off keep their phones).
 */
export async function claimCustomerPhone(tx: Tx, enterpriseId: number, phone: string | null | undefined, exceptId: number | null): Promise<void> {
  if (!phone) return;
  if (!(await getSettingBool(tx, enterpriseId, PHONE_UNIQUE_SETTING))) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('customer_phone'), hashtext(${`${enterpriseId}:${phone}`}))`);
  if (await phoneTaken(tx, enterpriseId, phone, exceptId)) throw new AppError('CUSTOMER_PHONE_TAKEN', { phone });
}
