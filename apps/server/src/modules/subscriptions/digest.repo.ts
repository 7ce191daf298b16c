// The statistics digest's counts (digest.items.ts): orders and events of the user's scope on the reported day.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { UserActor } from '../../platform/actor';
import { eventScope } from '../events/index';
import { orderScope } from '../orders/index';

/** The reported day ('YYYY-MM-DD') as a [start, end) range of instants in the enterprise's time zone. */
const dayRange = (col: SQL, day: string, tz: string): SQL =>
  sql`${col} >= (${day}::date)::timestamp at time zone ${tz} and ${col} < (${day}::date + 1)::timestamp at time zone ${tz}`;

export const ordersCreatedOn = (day: string, tz: string): SQL => dayRange(sql`o.created_at`, day, tz);
export const ordersFinishedOn = (day: string, tz: string): SQL => sql`o.state = 5 and ${dayRange(sql`o.finished_at`, day, tz)}`;
/** Due during the day and not finished by then (still open, or finished late); cancelled and invalid orders are not late. */
export const ordersOverdueOn = (day: string, tz: string): SQL =>
  sql`o.state <> 6 and not o.invalid and ${dayRange(sql`o.due_at`, day, tz)} and (o.finished_at is null or o.finished_at > o.due_at)`;
export const ordersEvaluatedOn = (day: string, tz: string): SQL => dayRange(sql`o.evaluated_at`, day, tz);
export const eventsCreatedOn = (day: string, tz: string): SQL => dayRange(sql`e.created_at`, day, tz);

/** Orders of the user's scope (the AllOrder list's rule), outside the recycle bin, matching `where`. */
export async function countOrders(ex: Executor, a: UserActor, where: SQL): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from orders o where o.enterprise_id = ${a.enterpriseId} and o.deleted_at is null
      and ${orderScope(a)} and ${where}`,
  );
  return r?.n ?? 0;
}

/** Events the user sees in his event lists, matching `where`. */
export async function countEvents(ex: Executor, a: UserActor, where: SQL): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from events e where e.enterprise_id = ${a.enterpriseId} and ${eventScope(a)} and ${where}`,
  );
  return r?.n ?? 0;
}
