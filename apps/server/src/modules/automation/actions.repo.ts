// The statements of the rules' actions: what an order's notice needs to know, and the rows the actions add.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/** The order's tags (obj_type 3). */
export async function orderTagIds(ex: Executor, ep: number, orderId: number): Promise<number[]> {
  const tags = await rows<{ tag_id: number }>(ex, sql`select tag_id from tag_links where enterprise_id = ${ep} and obj_type = 3 and obj_id = ${orderId}`);
  return tags.map((t) => t.tag_id);
}

export interface RunningClock {
  type: number;
  deadline_at: string | null;
  warn_at: string | null;
  breached_at: string | null;
}

/** The order's running SLA clocks with a deadline, the earliest first. */
export function runningClocks(ex: Executor, ep: number, orderId: unknown): Promise<RunningClock[]> {
  return rows<RunningClock>(
    ex,
    sql`select type::int, deadline_at, warn_at, breached_at from order_sla_clocks
      where enterprise_id = ${ep} and order_id = ${orderId} and outcome = 0 and stopped_at is null and deadline_at is not null
      order by deadline_at, type`,
  );
}

/** The customer's name and the enterprise's time zone. */
export async function customerAndZone(ex: Executor, ep: number, customerId: unknown): Promise<{ name: string; tz: string } | undefined> {
  const [c] = await rows<{ name: string; tz: string }>(
    ex,
    sql`select c.name, e.time_zone tz from customers c join enterprises e on e.id = c.enterprise_id where c.enterprise_id = ${ep} and c.id = ${customerId}`,
  );
  return c;
}

/** The order's 协作人员 (part 4). */
export async function orderHelpers(ex: Executor, ep: number, orderId: number): Promise<number[]> {
  const c = await rows<{ user_id: number }>(ex, sql`select user_id from order_people where enterprise_id = ${ep} and order_id = ${orderId} and part = 4`);
  return c.map((r) => r.user_id);
}

/** Live, enabled users: these ids, or anyone with one of these roles. */
export function usersByIdsOrRoles(ex: Executor, ep: number, ids: readonly number[], roles: readonly number[]): Promise<{ id: number; mobile: string }[]> {
  const byRole = roles.length
    ? sql` or roles && array[${sql.join(
        roles.map((r) => sql`${r}`),
        sql`, `,
      )}]::smallint[]`
    : sql``;
  const idList = ids.length
    ? sql`id = any(array[${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )}]::bigint[])`
    : sql`false`;
  return rows<{ id: number; mobile: string }>(
    ex,
    sql`select id::int, mobile from users where enterprise_id = ${ep} and deleted_at is null and enabled and (${idList}${byRole}) order by id`,
  );
}

export interface AutomationNotice {
  userId: number;
  title: string;
  content: string;
  link: string;
  dedupe: string;
}

/** An in-app notice, once per dedupe key. */
export async function insertNotice(ex: Executor, ep: number, n: AutomationNotice): Promise<void> {
  await ex.execute(sql`insert into notices (enterprise_id, user_id, kind, title, content, link, dedupe_key)
        values (${ep}, ${n.userId}, 'automation', ${n.title}, ${n.content}, ${n.link}, ${n.dedupe}) on conflict do nothing`);
}

/** Copies a live user onto the order (part 6). */
export async function addCopyPerson(ex: Executor, ep: number, orderId: number, userId: number): Promise<void> {
  await ex.execute(sql`insert into order_people (enterprise_id, order_id, part, user_id)
            select ${ep}, ${orderId}, 6, u.id from users u where u.enterprise_id = ${ep} and u.id = ${userId} and u.deleted_at is null on conflict do nothing`);
}

/** Tags the order with one of the enterprise's tags. */
export async function addOrderTag(ex: Executor, ep: number, orderId: number, tagId: number): Promise<void> {
  await ex.execute(sql`insert into tag_links (enterprise_id, obj_type, obj_id, tag_id)
          select ${ep}, 3, ${orderId}, t.id from tags t where t.enterprise_id = ${ep} and t.id = ${tagId} on conflict do nothing`);
}
