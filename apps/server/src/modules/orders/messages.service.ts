import type { OrderMessage, PageQuery } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { pageSql } from '../../platform/list';
import { checkFiles } from '../customers/integrations';
import { uploadsOf } from '../files/uploads.repo';
import { type OrderReader, visibleOrder } from './detail.access';

/** 1 text, 2 image, 3 file: the kind says what a message carries beyond its words (any file wins over images). */
function kindOf(files: { kind: string }[]): number {
  if (files.some((f) => f.kind !== 'image')) return 3;
  if (files.length > 0) return 2;
  return 1;
}

const canDelete = (r: OrderReader, userId: number | null) => r.admin || userId === r.id;

async function present(ex: Executor, r: OrderReader, list: Record<string, unknown>[]): Promise<OrderMessage[]> {
  const files = new Map(
    (await uploadsOf(ex, r.enterpriseId, [...new Set(list.flatMap((m) => ((m.upload_ids as unknown[]) ?? []).map(Number)))])).map((f) => [f.id, f]),
  );
  return list.map((m) => {
    const userId = m.user_id == null ? null : Number(m.user_id);
    return {
      id: Number(m.id),
      kind: Number(m.kind),
      content: String(m.content ?? ''),
      files: ((m.upload_ids as unknown[]) ?? []).map(Number).flatMap((id) => files.get(id) ?? []),
      user: userId == null ? null : { id: userId, name: String(m.user_name ?? '') },
      createTime: String(m.create_time),
      canDelete: canDelete(r, userId),
    };
  });
}

const selectMessages = (r: OrderReader) => sql`select m.id, m.kind, m.content, m.upload_ids, m.user_id, u.name as user_name,
    to_char(m.created_at at time zone ${r.timeZone}, 'YYYY-MM-DD HH24:MI:SS') as create_time
  from order_messages m left join users u on u.enterprise_id = m.enterprise_id and u.id = m.user_id`;

/** GET /v2/order/messageList: the thread, newest first, paged. */
export async function listMessages(ex: Executor, r: OrderReader, orderId: number, page: PageQuery): Promise<{ list: OrderMessage[]; count: number }> {
  await visibleOrder(ex, r, orderId);
  const where = sql`m.enterprise_id = ${r.enterpriseId} and m.order_id = ${orderId}`;
  const list = await rows(ex, sql`${selectMessages(r)} where ${where} order by m.created_at desc, m.id desc ${pageSql(page)}`);
  const [c] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from order_messages m where ${where}`);
  return { list: await present(ex, r, list), count: Number(c?.n ?? 0) };
}

/** POST /v2/order/addMessage: anyone who may open the order may write to its thread (text, images, files). */
export async function addMessage(db: Db, r: OrderReader, b: { orderId: number; content: string | null; fileIds?: number[] }): Promise<OrderMessage> {
  return db.transaction(async (tx) => {
    await visibleOrder(tx, r, b.orderId);
    const ids = [...new Set(b.fileIds ?? [])];
    await checkFiles(tx, r.enterpriseId, ids);
    const files = await uploadsOf(tx, r.enterpriseId, ids);
    const [m] = await rows<{ id: number }>(
      tx,
      sql`insert into order_messages (enterprise_id, order_id, user_id, kind, content, upload_ids)
        values (${r.enterpriseId}, ${b.orderId}, ${r.id}, ${kindOf(files)}, ${b.content ?? ''}, ${`{${ids.join(',')}}`}::bigint[]) returning id`,
    );
    const [row] = await rows(tx, sql`${selectMessages(r)} where m.enterprise_id = ${r.enterpriseId} and m.id = ${m?.id}`);
    const [out] = await present(tx, r, row ? [row] : []);
    if (!out) throw new AppError('INTERNAL');
    return out;
  });
}

/** DELETE /v2/order/delMessage: one's own message, or any as an administrator. */
export async function deleteMessage(db: Db, r: OrderReader, orderId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await visibleOrder(tx, r, orderId);
    const [m] = await rows<{ user_id: number | null }>(
      tx,
      sql`select user_id from order_messages where enterprise_id = ${r.enterpriseId} and order_id = ${orderId} and id = ${id} for update`,
    );
    if (!m) throw new AppError('NOT_FOUND');
    if (!canDelete(r, m.user_id == null ? null : Number(m.user_id))) throw new AppError('VALIDATION', { detail: '只能删除自己发送的留言' });
    await tx.execute(sql`delete from order_messages where enterprise_id = ${r.enterpriseId} and order_id = ${orderId} and id = ${id}`);
  });
}
