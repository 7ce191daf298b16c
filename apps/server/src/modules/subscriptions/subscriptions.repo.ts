import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { subscriptionItems, subscriptions, users } from '../../db/schema/index';

/** 1 subscribed, 0 not (no row). */
export async function typeState(ex: Executor, enterpriseId: number, userId: number, type: number): Promise<number> {
  const [r] = await ex
    .select({ state: subscriptions.state })
    .from(subscriptions)
    .where(and(eq(subscriptions.enterpriseId, enterpriseId), eq(subscriptions.userId, userId), eq(subscriptions.type, type)));
  return r?.state ?? 0;
}

export async function setTypeState(ex: Executor, enterpriseId: number, userId: number, type: number, state: number): Promise<void> {
  await ex
    .insert(subscriptions)
    .values({ enterpriseId, userId, type, state })
    .onConflictDoUpdate({ target: [subscriptions.enterpriseId, subscriptions.userId, subscriptions.type], set: { state, updatedAt: sql`now()` } });
}

/** Item switches of users; an item without a row is on. */
export async function itemValues(ex: Executor, enterpriseId: number, userIds: number[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const r = await ex
    .select({ userId: subscriptionItems.userId, code: subscriptionItems.code, value: subscriptionItems.value })
    .from(subscriptionItems)
    .where(and(eq(subscriptionItems.enterpriseId, enterpriseId), inArray(subscriptionItems.userId, userIds)));
  return new Map(r.map((x) => [`${x.userId}:${x.code}`, x.value]));
}

export async function setItemValue(ex: Executor, enterpriseId: number, userId: number, code: string, value: number): Promise<void> {
  await ex
    .insert(subscriptionItems)
    .values({ enterpriseId, userId, code, value })
    .onConflictDoUpdate({ target: [subscriptionItems.enterpriseId, subscriptionItems.userId, subscriptionItems.code], set: { value, updatedAt: sql`now()` } });
}

/** Enabled users of the enterprise subscribed to the type. */
export async function subscribers(ex: Executor, enterpriseId: number, type: number): Promise<number[]> {
  const r = await ex
    .select({ id: subscriptions.userId })
    .from(subscriptions)
    .innerJoin(users, and(eq(users.enterpriseId, subscriptions.enterpriseId), eq(users.id, subscriptions.userId)))
    .where(
      and(
        eq(subscriptions.enterpriseId, enterpriseId),
        eq(subscriptions.type, type),
        eq(subscriptions.state, 1),
        eq(users.enabled, true),
        isNull(users.deletedAt),
      ),
    );
  return r.map((x) => x.id);
}

/**
 * Enterprises on a paid plan whose service has not expired, with a subscriber of the type, and their time zones
 * (the digest fan-out: the free plan gets no digests).
 */
export async function enterprisesWithSubscribers(ex: Executor, type: number): Promise<{ id: number; timeZone: string }[]> {
  const r = await rows<{ id: number; time_zone: string }>(
    ex,
    sql`select e.id, e.time_zone from enterprises e
        where e.is_charge_user in (1, 2) and not (e.ep_service_expire_time is not null and e.ep_service_expire_time < now())
          and exists (select 1 from subscriptions s where s.enterprise_id = e.id and s.type = ${type} and s.state = 1)
        order by 1`,
  );
  return r.map((x) => ({ id: x.id, timeZone: x.time_zone }));
}
