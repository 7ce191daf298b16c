import type { Machine } from '@sk/shared';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError, invalid, notFound } from '../../platform/errors';
import type { PageRequest } from '../../platform/list';
import { changeState, type StateTable } from '../../platform/state';
import { checkFiles } from '../customers/index';
import { uploadsOf } from '../files/index';
import * as repo from './announcements.repo';
import { addNotices, markAnnouncementRead } from './notices.repo';
import { sanitizeHtml, textOf } from './sanitize';

export const ANNOUNCEMENT_STATE: StateTable = {
  table: 'announcements',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'announcement_logs', recordColumn: 'announcement_id' },
};

type Action = 'withdraw';
/** Published (1) → withdrawn (2); a withdrawn announcement stays withdrawn. */
export const announcementMachine: Machine<Action> = {
  name: 'announcement',
  actions: ['withdraw'],
  decide: (state) => (state === 1 ? { to: 2 } : { refuse: 'INVALID_STATE' }),
};

export interface PublishInput {
  title: string;
  content: string;
  deptIds?: number[];
  attachments?: number[];
  pinned?: boolean;
}

export async function publish(db: Db, u: Actor, b: PublishInput): Promise<{ id: number; recipients: number }> {
  const content = sanitizeHtml(b.content);
  const text = textOf(content);
  if (!text && !/<img\b/.test(content)) throw invalid('内容：请输入内容');
  const deptIds = [...new Set(b.deptIds ?? [])];
  return db.transaction(async (tx) => {
    if (deptIds.length && (await repo.countDepts(tx, u.enterpriseId, deptIds)) !== deptIds.length) throw invalid('发布范围：部门不存在或已被删除');
    await checkFiles(tx, u.enterpriseId, b.attachments ?? []);
    const id = await repo.insertAnnouncement(tx, u.enterpriseId, {
      title: b.title,
      content,
      attachments: b.attachments ?? [],
      deptIds,
      pinned: b.pinned ?? false,
      publisherId: u.id,
    });
    const written = await addNotices(tx, {
      enterpriseId: u.enterpriseId,
      userIds: await repo.recipientsOf(tx, u.enterpriseId, deptIds),
      category: 2,
      kind: 'announcement',
      title: b.title,
      content: text.slice(0, 200),
      link: `/noticeDetail/${id}`,
      announcementId: id,
      dedupeKey: `announcement:${id}`,
    });
    return { id, recipients: written };
  });
}

export async function setPinned(db: Db, u: Actor, id: number, pinned: boolean): Promise<void> {
  if (!(await repo.setPinnedRow(db, u.enterpriseId, id, pinned))) throw notFound();
}

export async function withdraw(db: Db, u: Actor, id: number): Promise<void> {
  await changeState(db, { table: ANNOUNCEMENT_STATE, machine: announcementMachine, enterpriseId: u.enterpriseId, id, action: 'withdraw', actorId: u.id });
}

/** Readers: the published announcements they received. Administrators (`manage`): all, with read counts. */
export async function list(db: Db, u: Actor, q: PageRequest & { keyword?: string; unread?: number; manage?: number }) {
  const manage = q.manage === 1;
  if (manage && !u.admin) throw new AppError('ADMIN_ONLY');
  return repo.listPage(db, u.enterpriseId, u.timeZone, { userId: u.id, manage, keyword: q.keyword, unreadOnly: q.unread === 1 }, q);
}

/**
 * Opens one: a recipient sees a published one (and their copy becomes read); an administrator sees any.
 * Someone who is not a recipient gets "not found", as does anyone for a withdrawn one unless administrator.
 */
export async function detail(db: Db, u: Actor, id: number) {
  return db.transaction(async (tx) => {
    const r = await repo.detailRow(tx, u.enterpriseId, u.timeZone, u.id, id);
    const received = r != null && r.copy != null && r.state === 1;
    if (!r || (!u.admin && !received)) throw notFound();
    const opensNow = received && !r.read;
    if (opensNow) await markAnnouncementRead(tx, u.enterpriseId, u.id, id);
    const out = repo.toAnnouncementRow(r);
    // the figures read before this opening: count the caller's own first reading too
    if (opensNow) out.readers += 1;
    return {
      ...out,
      read: received ? true : out.read,
      recipients: u.admin ? out.recipients : 0,
      readers: u.admin ? out.readers : 0,
      content: r.content ?? '',
      attachments: await uploadsOf(tx, u.enterpriseId, r.attachments ?? []),
      dept_ids: (r.dept_ids ?? []).map(Number),
    };
  });
}

/** Who has read and who not, read first by time, then the rest by name. */
export async function readers(db: Db, u: Actor, q: PageRequest & { id: number; read?: number }) {
  if (!(await repo.exists(db, u.enterpriseId, q.id))) throw notFound();
  return repo.readerPage(db, u.enterpriseId, u.timeZone, q.id, q.read === 1 ? true : q.read === 0 ? false : undefined, q);
}
