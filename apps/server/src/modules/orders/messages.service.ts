import type { OrderMessage, PageQuery } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { checkFiles } from '../customers/index';
import { uploadsOf } from '../files/index';
import { type OrderReader, visibleOrder } from './detail.access';
import {
  deleteMessageRow,
  insertMessage,
  lockedMessageWriter,
  type MessageRaw,
  messageById,
  messageCount,
  messagePage,
  toOrderMessage,
  uploadIdsOf,
} from './messages.repo';

/** 1 text, 2 image, 3 file: the kind says what a message carries beyond its words (any file wins over images). */
function kindOf(files: { kind: string }[]): number {
  if (files.some((f) => f.kind !== 'image')) return 3;
  if (files.length > 0) return 2;
  return 1;
}

const canDelete = (r: OrderReader, userId: number | null) => r.admin || userId === r.id;

async function present(ex: Executor, r: OrderReader, list: MessageRaw[]): Promise<OrderMessage[]> {
  const files = new Map((await uploadsOf(ex, r.enterpriseId, [...new Set(list.flatMap(uploadIdsOf))])).map((f) => [f.id, f]));
  return list.map((m) => toOrderMessage(m, files, (userId) => canDelete(r, userId)));
}

/** GET /v2/order/messageList: the thread, newest first, paged. */
export async function listMessages(ex: Executor, r: OrderReader, orderId: number, page: PageQuery): Promise<{ list: OrderMessage[]; count: number }> {
  await visibleOrder(ex, r, orderId);
  const list = await messagePage(ex, r.timeZone, r.enterpriseId, orderId, page);
  const count = await messageCount(ex, r.enterpriseId, orderId);
  return { list: await present(ex, r, list), count };
}

/** POST /v2/order/addMessage: anyone who may open the order may write to its thread (text, images, files). */
export async function addMessage(db: Db, r: OrderReader, b: { orderId: number; content: string | null; fileIds?: number[] }): Promise<OrderMessage> {
  return db.transaction(async (tx) => {
    await visibleOrder(tx, r, b.orderId);
    const ids = [...new Set(b.fileIds ?? [])];
    await checkFiles(tx, r.enterpriseId, ids);
    const files = await uploadsOf(tx, r.enterpriseId, ids);
    const id = await insertMessage(tx, r.enterpriseId, { orderId: b.orderId, userId: r.id, kind: kindOf(files), content: b.content ?? '', uploadIds: ids });
    const row = await messageById(tx, r.timeZone, r.enterpriseId, id);
    const [out] = await present(tx, r, row ? [row] : []);
    if (!out) throw new AppError('INTERNAL');
    return out;
  });
}

/** DELETE /v2/order/delMessage: one's own message, or any as an administrator. */
export async function deleteMessage(db: Db, r: OrderReader, orderId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await visibleOrder(tx, r, orderId);
    const m = await lockedMessageWriter(tx, r.enterpriseId, orderId, id);
    if (!m) throw new AppError('NOT_FOUND');
    if (!canDelete(r, m.user_id)) throw new AppError('VALIDATION', { detail: '只能删除自己发送的留言' });
    await deleteMessageRow(tx, r.enterpriseId, orderId, id);
  });
}
