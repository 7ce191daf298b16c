import { createHmac } from 'node:crypto';
import type { Executor } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { enqueue, registerJobHandler } from '../../platform/jobs';
import { type DeliveryRecord, insertDelivery, markDelivered, markFailed, type NewDelivery, pendingDelivery } from './deliver.repo';

export type { NewDelivery };

/**
 * Outgoing HTTP posts (webhooks and robots): logged in webhook_deliveries, sent by a job after the order's
 * transaction commits, retried with our own backoff (each wait is logged as next_attempt_at), re-sendable.
 */
export const DELIVER_JOB = 'automation.deliver';
/** Waits before the 2nd … 6th attempt; after the 6th failure the delivery is failed (a re-send starts it again). */
export const BACKOFF_SECONDS = [30, 120, 600, 1800, 7200] as const;
const TIMEOUT_MS = 10_000;

/** The webhook signature: HMAC-SHA256 of `timestamp.body` with the rule's secret, hex. */
export const signBody = (secret: string, timestamp: string, body: string): string => createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** DingTalk's custom-robot signing: HMAC-SHA256 of `timestamp\nsecret`, base64, as URL parameters. */
export function dingtalkUrl(url: string, secret: string, now = Date.now()): string {
  if (!secret) return url;
  const sign = createHmac('sha256', secret).update(`${now}\n${secret}`).digest('base64');
  return `${url}${url.includes('?') ? '&' : '?'}timestamp=${now}&sign=${encodeURIComponent(sign)}`;
}

/** Robot message bodies: DingTalk and WeCom both take markdown, shaped differently. */
export function robotBody(robotType: number, title: string, text: string): Record<string, unknown> {
  if (robotType === 2) return { msgtype: 'markdown', markdown: { content: `**${title}**\n${text}` } };
  return { msgtype: 'markdown', markdown: { title, text: `#### ${title}\n${text}` } };
}

/** Logs a delivery and queues its first attempt, in the caller's transaction (sent only if it commits). */
export async function addDelivery(ex: Executor, d: NewDelivery): Promise<number> {
  const id = await insertDelivery(ex, d);
  if (id == null) throw new Error('insert into webhook_deliveries returned no row');
  await enqueue(ex, { kind: DELIVER_JOB, enterpriseId: d.enterpriseId, payload: { id }, maxAttempts: 1 });
  return id;
}

async function post(d: DeliveryRecord, id: number): Promise<{ code: number | null; error: string | null }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'ServiceKeeper-Webhook' };
  let url = d.url;
  if (d.kind === 1) {
    const ts = String(Math.floor(Date.now() / 1000));
    Object.assign(headers, { 'x-sk-delivery': String(id), 'x-sk-timestamp': ts, 'x-sk-signature': `sha256=${signBody(d.secret, ts, d.body)}` });
  } else if (d.robot_type === 1) url = dingtalkUrl(url, d.secret);
  try {
    const res = await fetch(url, { method: 'POST', headers, body: d.body, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'manual' });
    const text = await res.text().catch(() => '');
    // A robot answers 200 with errcode ≠ 0 when it refuses the message.
    const errcode = d.kind === 2 ? (JSON.parse(text || '{}') as { errcode?: number }).errcode : 0;
    if (res.ok && !errcode) return { code: res.status, error: null };
    return { code: res.status, error: `HTTP ${res.status} ${text.slice(0, 200)}` };
  } catch (err) {
    return { code: null, error: (err instanceof Error ? err.message : String(err)).slice(0, 300) };
  }
}

/** One attempt: delivered (1), or a retry queued after its backoff (2), or failed for good (3). */
export async function attemptDelivery(deps: Deps, enterpriseId: number, id: number): Promise<void> {
  const d = await pendingDelivery(deps.db, enterpriseId, id);
  if (!d) return;
  const { code, error } = await post(d, id);
  const attempts = d.attempts + 1;
  if (!error) {
    await markDelivered(deps.db, enterpriseId, id, attempts, code);
    return;
  }
  const wait = BACKOFF_SECONDS[attempts - 1];
  await deps.db.transaction(async (tx) => {
    const nextAt = await markFailed(tx, enterpriseId, id, { attempts, code, error, wait });
    if (wait != null && nextAt) await enqueue(tx, { kind: DELIVER_JOB, enterpriseId, payload: { id }, runAt: new Date(nextAt), maxAttempts: 1 });
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireAutomationDeliver(): void {
  registerJobHandler(DELIVER_JOB, (job, deps) => attemptDelivery(deps, job.enterpriseId ?? 0, job.payload.id));
}
