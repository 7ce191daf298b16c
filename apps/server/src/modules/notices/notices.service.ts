import { NOTICE_FALLBACK_LINKS, NOTICE_GROUPS, type NoticeGroup } from '@sk/shared';
import type { Db } from '../../db/client';
import { notFound } from '../../platform/errors';
import * as notices from './notices.repo';
import type { Actor } from '../../platform/actor';

export const PERSONAL = 1;
export const ENTERPRISE = 2;

export const unread = (db: Db, u: Actor, category: number) => notices.unreadCount(db, u.enterpriseId, u.id, category);

/** Marks read the given notices (all must be the caller's) or all of the category. */
export async function clearUnread(db: Db, u: Actor, category: number, ids?: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    if (ids?.length && (await notices.ownNoticeIds(tx, u.enterpriseId, u.id, category, ids)).length !== ids.length) throw notFound();
    await notices.markRead(tx, u.enterpriseId, u.id, category, ids?.length ? ids : undefined);
  });
}

export function list(db: Db, u: Actor, q: { category: number; unread?: number; group?: string; keyword?: string; pageIndex: number; pageSize: number }) {
  return notices.listNotices(
    db,
    {
      enterpriseId: u.enterpriseId,
      userId: u.id,
      category: q.category,
      unreadOnly: q.unread === 1,
      tz: u.timeZone,
      kinds: q.group ? NOTICE_GROUPS[q.group as NoticeGroup].kinds : undefined,
      keyword: q.keyword || undefined,
    },
    q,
  );
}

/** Opening a notice marks that one read; it goes to its record (a digest, which has none, to the work it counts). */
export async function open(db: Db, u: Actor, id: number): Promise<{ link: string | null }> {
  const r = await notices.openNotice(db, u.enterpriseId, u.id, id);
  if (!r) throw notFound();
  return { link: r.link ?? NOTICE_FALLBACK_LINKS[r.kind] ?? null };
}
