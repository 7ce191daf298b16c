import type { Executor } from '../../db/client';
import { randomToken, sha256 } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import { dropReportLink, insertReportLink, openLiveLink, revokeEarlierLinks } from './links.repo';

/** A report link lives this long; a newer link for the same order replaces it at once. */
export const REPORT_LINK_DAYS = 7;

/**
 * A fresh link token for an order (only its hash is stored). Once its text is sent, `replace` makes the order's earlier
 * links stop working; if the send fails, `drop` removes it and the earlier links go on.
 */
export async function createReportLink(tx: Executor, o: { enterpriseId: number; orderId: number; mobile: string; userId: number; timeZone: string }) {
  const token = randomToken(24);
  const r = await insertReportLink(tx, o, sha256(token), REPORT_LINK_DAYS);
  return {
    token,
    expireTime: String(r.expire_time),
    replace: (ex: Executor) => revokeEarlierLinks(ex, o.enterpriseId, o.orderId, r.id),
    drop: (ex: Executor) => dropReportLink(ex, o.enterpriseId, r.id),
  };
}

/** The order a live link opens, or one refusal for unknown, replaced and expired links alike. */
export async function openReportLink(ex: Executor, token: string): Promise<{ enterpriseId: number; orderId: number; timeZone: string }> {
  const bad = new AppError('VALIDATION', { detail: '报告链接无效或已过期' });
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) throw bad;
  const r = await openLiveLink(ex, sha256(token));
  if (!r) throw bad;
  return { enterpriseId: r.enterprise_id, orderId: r.order_id, timeZone: r.time_zone };
}
