import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { randomToken, sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { apiTime } from '../forms/forms.repo';

/** A report link lives this long; a newer link for the same order replaces it at once. */
export const REPORT_LINK_DAYS = 7;

/** A fresh link token for an order (only its hash is stored); earlier links of the order stop working. */
export async function createReportLink(tx: Executor, o: { enterpriseId: number; orderId: number; mobile: string; userId: number; timeZone: string }) {
  const token = randomToken(24);
  await tx.execute(sql`update order_report_links set revoked_at = now()
    where enterprise_id = ${o.enterpriseId} and order_id = ${o.orderId} and revoked_at is null`);
  const [r] = await rows<{ expire_time: string }>(
    tx,
    sql`insert into order_report_links (enterprise_id, order_id, token_hash, mobile, expires_at, created_by)
      values (${o.enterpriseId}, ${o.orderId}, ${sha256(token)}, ${o.mobile}, now() + make_interval(days => ${REPORT_LINK_DAYS}), ${o.userId})
      returning ${apiTime(sql`expires_at`, o.timeZone)} as expire_time`,
  );
  return { token, expireTime: String(r?.expire_time) };
}

/** The order a live link opens, or one refusal for unknown, replaced and expired links alike. */
export async function openReportLink(ex: Executor, token: string): Promise<{ enterpriseId: number; orderId: number; timeZone: string }> {
  const bad = new AppError('VALIDATION', { detail: '报告链接无效或已过期' });
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw bad;
  const [r] = await rows<{ enterprise_id: number; order_id: number; time_zone: string }>(
    ex,
    sql`update order_report_links l set opened_at = coalesce(l.opened_at, now())
      from enterprises e
      where l.token_hash = ${sha256(token)} and l.revoked_at is null and l.expires_at > now() and e.id = l.enterprise_id
      returning l.enterprise_id, l.order_id, e.time_zone`,
  );
  if (!r) throw bad;
  return { enterpriseId: r.enterprise_id, orderId: r.order_id, timeZone: r.time_zone };
}
