import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { announcements, notices } from '../../db/schema/index';
import { countOf, type PageRequest, windowOf } from '../../platform/list';
import { apiTime } from '../../platform/sql';
import { textContains } from '../../platform/search';

export interface NewNotice {
  enterpriseId: number;
  userIds: number[];
  /** 1 personal notification (default), 2 enterprise announcement. */
  category?: 1 | 2;
  kind: string;
  title: string;
  content?: string;
  link?: string | null;
  /** An announcement's copies (category 2). */
  announcementId?: number;
  /** Writers that may run twice (jobs) pass a key: a user gets one notice per key. */
  dedupeKey?: string;
}

/** Writes one notice per recipient; other modules use this to notify users. Answers how many were written. */
export async function addNotices(ex: Executor, n: NewNotice): Promise<number> {
  if (n.userIds.length === 0) return 0;
  const r = await ex
    .insert(notices)
    .values(
      n.userIds.map((userId) => ({
        enterpriseId: n.enterpriseId,
        userId,
        category: n.category ?? 1,
        kind: n.kind,
        title: n.title,
        content: n.content ?? '',
        link: n.link ?? null,
        announcementId: n.announcementId ?? null,
        dedupeKey: n.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: notices.id });
  return r.length;
}

/** An announcement's copy counts only while the announcement is published (a withdrawn one vanishes from every reader). */
const live = sql`(${notices.announcementId} is null or exists (select 1 from ${announcements} a
  where a.enterprise_id = ${notices.enterpriseId} and a.id = ${notices.announcementId} and a.state = 1))`;

const mine = (enterpriseId: number, userId: number, category: number): SQL =>
  and(eq(notices.enterpriseId, enterpriseId), eq(notices.userId, userId), eq(notices.category, category), category === 2 ? live : undefined) as SQL;

export async function unreadCount(ex: Executor, enterpriseId: number, userId: number, category: number): Promise<number> {
  const [r] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(notices)
    .where(and(mine(enterpriseId, userId, category), isNull(notices.readAt)));
  return r?.n ?? 0;
}

/** Of `ids`, those that are the user's notices of the category. */
export async function ownNoticeIds(ex: Executor, enterpriseId: number, userId: number, category: number, ids: number[]): Promise<number[]> {
  const r = await ex
    .select({ id: notices.id })
    .from(notices)
    .where(and(mine(enterpriseId, userId, category), inArray(notices.id, ids)));
  return r.map((x) => x.id);
}

export async function markRead(ex: Executor, enterpriseId: number, userId: number, category: number, ids?: number[]): Promise<void> {
  await ex
    .update(notices)
    .set({ readAt: sql`now()` })
    .where(and(mine(enterpriseId, userId, category), isNull(notices.readAt), ids ? inArray(notices.id, ids) : undefined));
}

export async function listNotices(
  ex: Executor,
  p: { enterpriseId: number; userId: number; category: number; unreadOnly: boolean; tz: string; kinds?: readonly string[]; keyword?: string },
  page: PageRequest,
) {
  const { limit, offset } = windowOf(page);
  const where = and(
    mine(p.enterpriseId, p.userId, p.category),
    p.unreadOnly ? isNull(notices.readAt) : undefined,
    p.kinds ? inArray(notices.kind, [...p.kinds]) : undefined,
    p.keyword ? or(textContains(notices.title, p.keyword), textContains(notices.content, p.keyword)) : undefined,
  );
  const [list, count] = await Promise.all([
    ex
      .select({
        id: notices.id,
        category: notices.category,
        kind: notices.kind,
        title: notices.title,
        content: notices.content,
        link: notices.link,
        read: sql<boolean>`${notices.readAt} is not null`,
        create_time: apiTime(notices.createdAt, p.tz),
      })
      .from(notices)
      .where(where)
      .orderBy(desc(notices.id))
      .limit(limit)
      .offset(offset),
    countOf(ex, sql`${notices}`, where),
  ]);
  return { list, count };
}

/** Opens one of the user's notices: marks it read (once) and answers its link; null when it is not theirs. */
export async function openNotice(ex: Executor, enterpriseId: number, userId: number, id: number): Promise<{ link: string | null; kind: string } | null> {
  const [r] = await ex
    .update(notices)
    .set({ readAt: sql`coalesce(${notices.readAt}, now())` })
    .where(and(eq(notices.enterpriseId, enterpriseId), eq(notices.userId, userId), eq(notices.id, id)))
    .returning({ link: notices.link, kind: notices.kind });
  return r ?? null;
}

/** A reader opened an announcement: their copy becomes read. */
export async function markAnnouncementRead(ex: Executor, enterpriseId: number, userId: number, announcementId: number): Promise<void> {
  await ex
    .update(notices)
    .set({ readAt: sql`now()` })
    .where(and(eq(notices.enterpriseId, enterpriseId), eq(notices.userId, userId), eq(notices.announcementId, announcementId), isNull(notices.readAt)));
}
