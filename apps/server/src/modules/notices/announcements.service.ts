import type { Machine } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, rows } from '../../db/client';
import { AppError, invalid, notFound } from '../../platform/errors';
import { type PageRequest, pageSql } from '../../platform/list';
import { likePattern } from '../../platform/search';
import type { Actor } from '../../platform/actor';
import { changeState, type StateTable } from '../../platform/state';
import { apiTime } from '../../platform/sql';
import { checkFiles } from '../customers/integrations';
import { uploadsOf } from '../files/uploads.repo';
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

type Row = Record<string, unknown>;
const tzOf = (u: Actor) => u.timeZone;
const time = (col: string, tz: string) => apiTime(sql.raw(col), tz);

/** Enabled users of the enterprise in the departments (and their sub-departments), or everyone when none. */
async function recipientsOf(ex: Executor, ep: number, deptIds: number[]): Promise<number[]> {
  const inDepts = deptIds.length
    ? sql`and u.dept_id in (with recursive d as (
        select id from departments where enterprise_id = ${ep} and id = any(${`{${deptIds.join(',')}}`}::bigint[])
        union select c.id from departments c join d on c.parent_id = d.id where c.enterprise_id = ${ep})
        select id from d)`
    : sql``;
  const r = await rows<{ id: number }>(ex, sql`select u.id::int from users u where u.enterprise_id = ${ep} and u.enabled and u.deleted_at is null ${inDepts}`);
  return r.map((x) => Number(x.id));
}

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
    if (deptIds.length) {
      const found = await rows<{ n: number }>(
        tx,
        sql`select count(*)::int n from departments where enterprise_id = ${u.enterpriseId} and id = any(${`{${deptIds.join(',')}}`}::bigint[])`,
      );
      if (Number(found[0]?.n) !== deptIds.length) throw invalid('发布范围：部门不存在或已被删除');
    }
    await checkFiles(tx, u.enterpriseId, b.attachments ?? []);
    const [a] = await rows<{ id: number }>(
      tx,
      sql`insert into announcements (enterprise_id, title, content, attachments, dept_ids, pinned, publisher_id)
        values (${u.enterpriseId}, ${b.title}, ${content}, ${JSON.stringify(b.attachments ?? [])}::jsonb, ${`{${deptIds.join(',')}}`}::bigint[], ${b.pinned ?? false}, ${u.id})
        returning id::int`,
    );
    const id = Number(a?.id);
    const people = await recipientsOf(tx, u.enterpriseId, deptIds);
    const written = await addNotices(tx, {
      enterpriseId: u.enterpriseId,
      userIds: people,
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
  const r = await rows(
    db,
    sql`update announcements set pinned = ${pinned}, updated_at = now() where enterprise_id = ${u.enterpriseId} and id = ${id} returning id`,
  );
  if (!r.length) throw notFound();
}

export async function withdraw(db: Db, u: Actor, id: number): Promise<void> {
  await changeState(db, { table: ANNOUNCEMENT_STATE, machine: announcementMachine, enterpriseId: u.enterpriseId, id, action: 'withdraw', actorId: u.id });
}

const ROW_COLUMNS = (
  tz: string,
) => sql`a.id::int, a.title, a.pinned, a.state::int, coalesce(p.name, '') as publisher, ${time('a.created_at', tz)} as create_time,
  coalesce(mine.read_at is not null, false) as read,
  coalesce((select array_agg(d.name order by d.name) from departments d where d.enterprise_id = a.enterprise_id and d.id = any(a.dept_ids)), '{}') as dept_names`;

/** Readers: the published announcements they received. Administrators (`manage`): all, with read counts. */
export async function list(db: Db, u: Actor, q: PageRequest & { keyword?: string; unread?: number; manage?: number }) {
  const manage = q.manage === 1;
  if (manage && !u.admin) throw new AppError('ADMIN_ONLY');
  const like = q.keyword ? sql` and (a.title ilike ${likePattern(q.keyword)} or a.content ilike ${likePattern(q.keyword)})` : sql``;
  const from = sql`from announcements a
    left join users p on p.enterprise_id = a.enterprise_id and p.id = a.publisher_id
    ${manage ? sql`left` : sql``} join notices mine on mine.enterprise_id = a.enterprise_id and mine.announcement_id = a.id and mine.user_id = ${u.id}
    where a.enterprise_id = ${u.enterpriseId} ${manage ? sql`` : sql`and a.state = 1`}${like}${q.unread === 1 ? sql` and mine.read_at is null and mine.id is not null` : sql``}`;
  const counts = manage
    ? sql`, (select count(*)::int from notices n where n.enterprise_id = a.enterprise_id and n.announcement_id = a.id) as recipients,
        (select count(*)::int from notices n where n.enterprise_id = a.enterprise_id and n.announcement_id = a.id and n.read_at is not null) as readers`
    : sql`, 0 as recipients, 0 as readers`;
  const [list, total] = await Promise.all([
    rows<Row>(db, sql`select ${ROW_COLUMNS(tzOf(u))}${counts} ${from} order by a.pinned desc, a.id desc ${pageSql(q)}`),
    rows<{ n: number }>(db, sql`select count(*)::int n ${from}`),
  ]);
  return { list: list.map(rowOut), count: Number(total[0]?.n ?? 0) };
}

const rowOut = (r: Row) => ({
  id: Number(r.id),
  title: String(r.title),
  pinned: Boolean(r.pinned),
  state: Number(r.state),
  publisher: String(r.publisher ?? ''),
  create_time: String(r.create_time),
  read: Boolean(r.read),
  recipients: Number(r.recipients ?? 0),
  readers: Number(r.readers ?? 0),
  dept_names: (r.dept_names as string[]) ?? [],
});

/**
 * Opens one: a recipient sees a published one (and their copy becomes read); an administrator sees any.
 * Someone who is not a recipient gets "not found", as does anyone for a withdrawn one unless administrator.
 */
export async function detail(db: Db, u: Actor, id: number) {
  return db.transaction(async (tx) => {
    const [r] = await rows<Row>(
      tx,
      sql`select ${ROW_COLUMNS(tzOf(u))}, a.content, a.attachments, a.dept_ids, mine.id as copy,
        (select count(*)::int from notices n where n.enterprise_id = a.enterprise_id and n.announcement_id = a.id) as recipients,
        (select count(*)::int from notices n where n.enterprise_id = a.enterprise_id and n.announcement_id = a.id and n.read_at is not null) as readers
      from announcements a
      left join users p on p.enterprise_id = a.enterprise_id and p.id = a.publisher_id
      left join notices mine on mine.enterprise_id = a.enterprise_id and mine.announcement_id = a.id and mine.user_id = ${u.id}
      where a.enterprise_id = ${u.enterpriseId} and a.id = ${id} for share of a`,
    );
    if (!r || (!u.admin && (r.copy == null || Number(r.state) !== 1))) throw notFound();
    const opensNow = r.copy != null && Number(r.state) === 1 && !r.read;
    if (opensNow) await markAnnouncementRead(tx, u.enterpriseId, u.id, id);
    const out = rowOut(r);
    // the figures read before this opening: count the caller's own first reading too
    if (opensNow) out.readers += 1;
    return {
      ...out,
      read: r.copy != null && Number(r.state) === 1 ? true : out.read,
      recipients: u.admin ? out.recipients : 0,
      readers: u.admin ? out.readers : 0,
      content: String(r.content ?? ''),
      attachments: await uploadsOf(tx, u.enterpriseId, ((r.attachments as unknown[]) ?? []).map(Number)),
      dept_ids: ((r.dept_ids as unknown[]) ?? []).map(Number),
    };
  });
}

/** Who has read and who not, read first by time, then the rest by name. */
export async function readers(db: Db, u: Actor, q: PageRequest & { id: number; read?: number }) {
  const [a] = await rows(db, sql`select id from announcements where enterprise_id = ${u.enterpriseId} and id = ${q.id}`);
  if (!a) throw notFound();
  const filter = q.read === 1 ? sql` and n.read_at is not null` : q.read === 0 ? sql` and n.read_at is null` : sql``;
  const from = sql`from notices n join users x on x.enterprise_id = n.enterprise_id and x.id = n.user_id
    left join departments d on d.enterprise_id = x.enterprise_id and d.id = x.dept_id
    where n.enterprise_id = ${u.enterpriseId} and n.announcement_id = ${q.id}${filter}`;
  const [list, total] = await Promise.all([
    rows<Row>(
      db,
      sql`select x.id::int as user_id, x.name, coalesce(d.name, '') as dept_name, n.read_at is not null as read,
        coalesce(${time('n.read_at', tzOf(u))}, '') as read_time
      ${from} order by n.read_at desc nulls last, x.name, x.id ${pageSql(q)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int n ${from}`),
  ]);
  return {
    list: list.map((r) => ({
      user_id: Number(r.user_id),
      name: String(r.name),
      dept_name: String(r.dept_name),
      read: Boolean(r.read),
      read_time: String(r.read_time),
    })),
    count: Number(total[0]?.n ?? 0),
  };
}
