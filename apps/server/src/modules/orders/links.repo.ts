// The statements of the service report's links (report.links.ts): stored by the token's hash only.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { apiTime } from '../forms/index';

/** Revokes the order's live links made before link `id` (the one that replaces them). */
export async function revokeEarlierLinks(tx: Executor, enterpriseId: number, orderId: number, id: number): Promise<void> {
  await tx.execute(sql`update order_report_links set revoked_at = now()
    where enterprise_id = ${enterpriseId} and order_id = ${orderId} and id < ${id} and revoked_at is null`);
}

/** Removes a link whose text was never delivered. */
export const dropReportLink = (ex: Executor, enterpriseId: number, id: number) =>
  ex.execute(sql`delete from order_report_links where enterprise_id = ${enterpriseId} and id = ${id}`);

/** Stores a link living `days` days; answers its id and when it expires, in the zone. */
export async function insertReportLink(
  tx: Executor,
  o: { enterpriseId: number; orderId: number; mobile: string; userId: number; timeZone: string },
  tokenHash: string,
  days: number,
): Promise<{ id: number; expire_time: string }> {
  const [r] = await rows<{ id: number; expire_time: string }>(
    tx,
    sql`insert into order_report_links (enterprise_id, order_id, token_hash, mobile, expires_at, created_by)
      values (${o.enterpriseId}, ${o.orderId}, ${tokenHash}, ${o.mobile}, now() + make_interval(days => ${days}), ${o.userId})
      returning id::int, ${apiTime(sql`expires_at`, o.timeZone)} as expire_time`,
  );
  if (!r) throw new Error('order_report_links insert returned no row');
  return r;
}

/** Marks the live link of this hash opened (the first time); answers its order and the enterprise's zone. */
export async function openLiveLink(ex: Executor, tokenHash: string): Promise<{ enterprise_id: number; order_id: number; time_zone: string } | undefined> {
  const [r] = await rows<{ enterprise_id: number; order_id: number; time_zone: string }>(
    ex,
    sql`update order_report_links l set opened_at = coalesce(l.opened_at, now())
      from enterprises e
      where l.token_hash = ${tokenHash} and l.revoked_at is null and l.expires_at > now() and e.id = l.enterprise_id
      returning l.enterprise_id, l.order_id, e.time_zone`,
  );
  return r;
}
