import { isPaid, seatMessage } from '@sk/shared';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { usedSeats } from '../../platform/guards';
import { seatPlan, storeVersionMessage } from './enterprise.repo';

async function planOf(ex: Executor, enterpriseId: number): Promise<{ paid: boolean; bought: number }> {
  const { plan, bought } = await seatPlan(ex, enterpriseId);
  return { paid: isPaid(plan), bought };
}

/**
 * Stores the version message while enabled staff exceed the purchased seats on a paid plan,
 * and clears it once they fit again. Call after every change to who counts.
 */
export async function refreshSeats(ex: Executor, enterpriseId: number): Promise<void> {
  const { paid, bought } = await planOf(ex, enterpriseId);
  const used = await usedSeats(ex, enterpriseId);
  const message = paid && used > bought ? seatMessage(used, bought) : null;
  await storeVersionMessage(ex, enterpriseId, message);
}

/**
 * Adding a seat (a new or re-enabled staff user) is refused only while the seats are already exceeded:
 * the change that crosses the line is allowed and stores the message; disabling and deleting always work.
 */
export async function assertSeatFree(ex: Executor, enterpriseId: number): Promise<void> {
  const { paid, bought } = await planOf(ex, enterpriseId);
  if (paid && (await usedSeats(ex, enterpriseId)) > bought) throw new AppError('SEAT_EXCEEDED');
}
