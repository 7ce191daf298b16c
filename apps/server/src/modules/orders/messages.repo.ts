// An order's message thread (留言): its rows with the writer's name, in the reader's zone.
import type { OrderMessage, PageQuery, UploadedFile } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import { pageSql } from '../../platform/list';

/** A message as read; the driver gives the bigint[] of upload ids as text. */
export type MessageRaw = {
  id: number;
  kind: number;
  content: string | null;
  upload_ids: string[] | null;
  user_id: number | null;
  user_name: string | null;
  create_time: string;
};

/** The upload ids a message carries. */
export const uploadIdsOf = (m: MessageRaw): number[] => (m.upload_ids ?? []).map(Number);

/** The message as the thread shows it: its files from `files`, deletable when `canDelete` says so of its writer. */
export function toOrderMessage(m: MessageRaw, files: Map<number, UploadedFile>, canDelete: (userId: number | null) => boolean): OrderMessage {
  const userId = m.user_id;
  return {
    id: m.id,
    kind: m.kind,
    content: m.content ?? '',
    files: uploadIdsOf(m).flatMap((id) => files.get(id) ?? []),
    user: userId == null ? null : { id: userId, name: m.user_name ?? '' },
    createTime: m.create_time,
    canDelete: canDelete(userId),
  };
}

const selectMessages = (timeZone: string) => sql`select m.id, m.kind, m.content, m.upload_ids, m.user_id, u.name as user_name,
    to_char(m.created_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as create_time
  from order_messages m left join users u on u.enterprise_id = m.enterprise_id and u.id = m.user_id`;

const ofOrder = (enterpriseId: number, orderId: number): SQL => sql`m.enterprise_id = ${enterpriseId} and m.order_id = ${orderId}`;

/** One page of the order's thread, newest first. */
export function messagePage(ex: Executor, timeZone: string, enterpriseId: number, orderId: number, page: PageQuery): Promise<MessageRaw[]> {
  return rows<MessageRaw>(ex, sql`${selectMessages(timeZone)} where ${ofOrder(enterpriseId, orderId)} order by m.created_at desc, m.id desc ${pageSql(page)}`);
}

/** How many messages the order's thread holds. */
export async function messageCount(ex: Executor, enterpriseId: number, orderId: number): Promise<number> {
  const [c] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from order_messages m where ${ofOrder(enterpriseId, orderId)}`);
  return c?.n ?? 0;
}

/** Writes a message; answers its id. */
export async function insertMessage(
  tx: Tx,
  enterpriseId: number,
  m: { orderId: number; userId: number; kind: number; content: string; uploadIds: number[] },
): Promise<number | undefined> {
  const [r] = await rows<{ id: number }>(
    tx,
    sql`insert into order_messages (enterprise_id, order_id, user_id, kind, content, upload_ids)
        values (${enterpriseId}, ${m.orderId}, ${m.userId}, ${m.kind}, ${m.content}, ${`{${m.uploadIds.join(',')}}`}::bigint[]) returning id`,
  );
  return r?.id;
}

/** One message of the enterprise as the thread reads it. */
export async function messageById(ex: Executor, timeZone: string, enterpriseId: number, id: number | undefined): Promise<MessageRaw | undefined> {
  const [row] = await rows<MessageRaw>(ex, sql`${selectMessages(timeZone)} where m.enterprise_id = ${enterpriseId} and m.id = ${id}`);
  return row;
}

/** The writer of a message of the order, locked; undefined when there is none. */
export async function lockedMessageWriter(tx: Tx, enterpriseId: number, orderId: number, id: number): Promise<{ user_id: number | null } | undefined> {
  const [m] = await rows<{ user_id: number | null }>(
    tx,
    sql`select user_id from order_messages where enterprise_id = ${enterpriseId} and order_id = ${orderId} and id = ${id} for update`,
  );
  return m;
}

export async function deleteMessageRow(tx: Tx, enterpriseId: number, orderId: number, id: number): Promise<void> {
  await tx.execute(sql`delete from order_messages where enterprise_id = ${enterpriseId} and order_id = ${orderId} and id = ${id}`);
}
