import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rows } from '../db/client';
import { AppError } from './errors';
import { type UserActor, paidPlan, planOverdue } from './actor';

export function guardPlan(u: Pick<UserActor, 'plan'>): void {
  if (planOverdue(u)) throw new AppError('SERVICE_EXPIRED');
}

export async function usedSeats(ex: Executor, enterpriseId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from users where enterprise_id = ${enterpriseId} and enabled and deleted_at is null and user_type = 0`,
  );
  return Number(r?.n ?? 0);
}

/**
 * A paid plan with fewer purchased seats than enabled users. Answered from the
 * version message the organisation module stores on every change to who counts (org/seats.ts
 * refreshSeats), so the session and menu calls never count users.
 */
export async function seatsExceeded(_ex: Executor, u: Pick<UserActor, 'plan'>): Promise<boolean> {
  return paidPlan(u) && u.plan.seatNotice != null;
}
