import type { ImMessage } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { countOf, pageSql } from '../../platform/list';

interface Row {
  id: number;
  event_type: string;
  payload: unknown;
  createtime: string;
  user_id: number;
  user_name: string;
}

const present = (r: Row): ImMessage => ({
  id: r.id,
  eventType: r.event_type as ImMessage['eventType'],
  payload: r.payload,
  createtime: r.createtime,
  fromUserId: r.user_id,
  fromUserName: r.user_name,
});

const columns = (tz: string) =>
  sql`m.id, m.event_type, m.payload, to_char(m.created_at at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS') as createtime, m.user_id, u.name as user_name`;

export async function insertMessage(ex: Executor, enterpriseId: number, userId: number, eventType: string, payload: unknown): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into im_messages (enterprise_id, user_id, event_type, payload)
        values (${enterpriseId}, ${userId}, ${eventType}, ${JSON.stringify(payload)}::jsonb) returning id`,
  );
  if (!r) throw new Error('message insert failed');
  return r.id;
}

export async function messageById(ex: Executor, enterpriseId: number, id: number, tz: string): Promise<ImMessage | null> {
  const [r] = await rows<Row>(
    ex,
    sql`select ${columns(tz)} from im_messages m join users u on u.enterprise_id = m.enterprise_id and u.id = m.user_id
        where m.enterprise_id = ${enterpriseId} and m.id = ${id}`,
  );
  return r ? present(r) : null;
}

/** Newest first; `beforeId` pages backwards from a message already shown. */
export async function pageMessages(ex: Executor, enterpriseId: number, tz: string, p: { pageIndex: number; pageSize: number; beforeId?: number }) {
  const before = p.beforeId ? sql`and m.id < ${p.beforeId}` : sql``;
  const list = await rows<Row>(
    ex,
    sql`select ${columns(tz)} from im_messages m join users u on u.enterprise_id = m.enterprise_id and u.id = m.user_id
        where m.enterprise_id = ${enterpriseId} ${before}
        order by m.id desc ${pageSql(p)}`,
  );
  const count = await countOf(ex, sql`im_messages m`, sql`m.enterprise_id = ${enterpriseId} ${before}`);
  return { list: list.map(present), count };
}

/** Sends a small signal (ids only) to every instance; delivered when the surrounding transaction commits. */
export async function notifyMessage(ex: Executor, channel: string, signal: { e: number; id: number; o: string }): Promise<void> {
  await ex.execute(sql`select pg_notify(${channel}, ${JSON.stringify(signal)})`);
}

/** Sends an enterprise-wide event (`{ e, t, d }`) to every instance; delivered when the surrounding transaction commits. */
export async function notifyBroadcast(ex: Executor, channel: string, signal: { e: number; t: string; d: object }): Promise<void> {
  await ex.execute(sql`select pg_notify(${channel}, ${JSON.stringify(signal)})`);
}
