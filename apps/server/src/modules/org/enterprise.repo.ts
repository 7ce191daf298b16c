// The org module's statements on the enterprise's own row: the structure lock and the seats' plan and message.
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { enterprises } from '../../db/schema/index';

/**
 * Serialises structure changes of one enterprise (department moves, last-administrator checks),
 * so two concurrent requests cannot each pass a check the other one breaks.
 */
export async function lockEnterprise(ex: Executor, enterpriseId: number): Promise<void> {
  await ex.execute(sql`select 1 from enterprises where id = ${enterpriseId} for no key update`);
}

/** The enterprise's plan code and purchased seats. */
export async function seatPlan(ex: Executor, enterpriseId: number): Promise<{ plan: number; bought: number }> {
  const [e] = await ex.select({ plan: enterprises.isChargeUser, bought: enterprises.buyPersonNum }).from(enterprises).where(eq(enterprises.id, enterpriseId));
  return { plan: e?.plan ?? 0, bought: e?.bought ?? 0 };
}

/** Stores the version message (null clears it), writing only when it changes. */
export async function storeVersionMessage(ex: Executor, enterpriseId: number, message: string | null): Promise<void> {
  await ex
    .update(enterprises)
    .set({ versionMessage: message })
    .where(sql`${enterprises.id} = ${enterpriseId} and ${enterprises.versionMessage} is distinct from ${message}`);
}
