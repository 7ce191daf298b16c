// The statements of outgoing deliveries (webhook_deliveries): the log row, its attempt's read and its outcome.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

export interface NewDelivery {
  enterpriseId: number;
  kind: 1 | 2;
  orderId: number | null;
  ruleId: number | null;
  url: string;
  secret: string;
  robotType?: number | null;
  body: unknown;
}

/** A delivery as an attempt reads it (`select *`, the columns it uses). */
export interface DeliveryRecord {
  kind: number;
  url: string;
  secret: string;
  robot_type: number | null;
  body: string;
  status: number;
  attempts: number;
}

export async function insertDelivery(ex: Executor, d: NewDelivery): Promise<number | undefined> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into webhook_deliveries (enterprise_id, kind, order_id, rule_id, url, secret, robot_type, body)
        values (${d.enterpriseId}, ${d.kind}, ${d.orderId}, ${d.ruleId}, ${d.url}, ${d.secret}, ${d.robotType ?? null}, ${JSON.stringify(d.body)}) returning id`,
  );
  return r?.id;
}

/** The delivery if it is still to send (pending or waiting to retry). */
export async function pendingDelivery(ex: Executor, enterpriseId: number, id: number): Promise<DeliveryRecord | undefined> {
  const [d] = await rows<DeliveryRecord>(ex, sql`select * from webhook_deliveries where enterprise_id = ${enterpriseId} and id = ${id} and status in (0, 2)`);
  return d;
}

export async function markDelivered(ex: Executor, enterpriseId: number, id: number, attempts: number, code: number | null): Promise<void> {
  await ex.execute(
    sql`update webhook_deliveries set status = 1, attempts = ${attempts}, last_code = ${code}, last_error = null, next_attempt_at = null, delivered_at = now() where enterprise_id = ${enterpriseId} and id = ${id}`,
  );
}

/** A failed attempt: to retry after `wait` seconds (2), or failed for good without one (3). Answers the next attempt's time. */
export async function markFailed(
  ex: Executor,
  enterpriseId: number,
  id: number,
  o: { attempts: number; code: number | null; error: string; wait: number | undefined },
): Promise<string | null | undefined> {
  const next = o.wait == null ? sql`null` : sql`now() + make_interval(secs => ${o.wait})`;
  const [r] = await rows<{ next_attempt_at: string | null }>(
    ex,
    sql`update webhook_deliveries set status = ${o.wait == null ? 3 : 2}, attempts = ${o.attempts}, last_code = ${o.code}, last_error = ${o.error}, next_attempt_at = ${next}
          where enterprise_id = ${enterpriseId} and id = ${id} returning next_attempt_at`,
  );
  return r?.next_attempt_at;
}
