import { DIGEST_TIMES, SUBSCRIBE_ITEMS, type SubscribeType, subscribeItem } from '@sk/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import type { SessionUser } from '../../platform/session';
import * as notices from './notices.repo';
import * as repo from './subscriptions.repo';

export async function status(db: Db, u: SessionUser, type: number) {
  return { type, state: await repo.typeState(db, u.enterpriseId, u.id, type), time: DIGEST_TIMES[type as SubscribeType] };
}

export async function contentStatus(db: Db, u: SessionUser, type: number) {
  const switches = await repo.itemValues(db, u.enterpriseId, [u.id]);
  return SUBSCRIBE_ITEMS.filter((i) => i.type === type).map((i) => ({
    code: i.code,
    descri: i.descri,
    value: switches.get(`${u.id}:${i.code}`) ?? 1,
  }));
}

export const setStatus = (db: Db, u: SessionUser, type: number, state: number) => repo.setTypeState(db, u.enterpriseId, u.id, type, state);

export async function setContent(db: Db, u: SessionUser, code: string, value: number): Promise<void> {
  if (!subscribeItem(code)) throw notFound();
  await repo.setItemValue(db, u.enterpriseId, u.id, code, value);
}

// ---- notices ----

export const unread = (db: Db, u: SessionUser, category: number) => notices.unreadCount(db, u.enterpriseId, u.id, category);

/** Marks read the given notices (all must be the caller's) or all of the category. */
export async function clearUnread(db: Db, u: SessionUser, category: number, ids?: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    if (ids?.length && (await notices.ownNoticeIds(tx, u.enterpriseId, u.id, category, ids)).length !== ids.length) throw notFound();
    await notices.markRead(tx, u.enterpriseId, u.id, category, ids?.length ? ids : undefined);
  });
}

export function list(db: Db, u: SessionUser, q: { category: number; unread?: number; pageIndex: number; pageSize: number }) {
  return notices.listNotices(
    db,
    { enterpriseId: u.enterpriseId, userId: u.id, category: q.category, unreadOnly: q.unread === 1, tz: u.enterprise.timeZone },
    q,
  );
}
