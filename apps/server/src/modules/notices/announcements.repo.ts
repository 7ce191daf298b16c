import { textContains } from '../../platform/search';
import type { AnnouncementRow } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { type PageRequest, pageSql } from '../../platform/list';
import { apiTime, intArray } from '../../platform/sql';

const time = (col: string, tz: string) => apiTime(sql.raw(col), tz);

/** Enabled users of the enterprise in the departments (and their sub-departments), or everyone when none. */
export async function recipientsOf(ex: Executor, ep: number, deptIds: number[]): Promise<number[]> {
  const inDepts = deptIds.length
    ? sql`and u.dept_id in (with recursive d as (
        select id from departments where enterprise_id = ${ep} and id = any(${intArray(deptIds)})
        union select c.id from departments c join d on c.parent_id = d.id where c.enterprise_id = ${ep})
        select id from d)`
    : sql``;
  const r = await rows<{ id: number }>(ex, sql`select u.id from users u where u.enterprise_id = ${ep} and u.enabled and u.deleted_at is null ${inDepts}`);
  return r.map((x) => x.id);
}

/** How many of `deptIds` are departments of the enterprise. */
export async function countDepts(ex: Executor, ep: number, deptIds: number[]): Promise<number> {
  const [r] = await rows<{ n: number }>(ex, sql`select count(*)::int n from departments where enterprise_id = ${ep} and id = any(${intArray(deptIds)})`);
  return r?.n ?? 0;
}

export interface NewAnnouncement {
  title: string;
  content: string;
  attachments: number[];
  deptIds: number[];
  pinned: boolean;
  publisherId: number;
}

export async function insertAnnouncement(ex: Executor, ep: number, a: NewAnnouncement): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into announcements (enterprise_id, title, content, attachments, dept_ids, pinned, publisher_id)
      values (${ep}, ${a.title}, ${a.content}, ${JSON.stringify(a.attachments)}::jsonb, ${intArray(a.deptIds)}, ${a.pinned}, ${a.publisherId})
      returning id`,
  );
  if (!r) throw new Error('announcement insert failed');
  return r.id;
}

/** Answers whether the announcement exists here. */
export async function setPinnedRow(ex: Executor, ep: number, id: number, pinned: boolean): Promise<boolean> {
  const r = await rows<{ id: number }>(
    ex,
    sql`update announcements set pinned = ${pinned}, updated_at = now() where enterprise_id = ${ep} and id = ${id} returning id`,
  );
  return r.length > 0;
}

export async function exists(ex: Executor, ep: number, id: number): Promise<boolean> {
  const r = await rows<{ id: number }>(ex, sql`select id from announcements where enterprise_id = ${ep} and id = ${id}`);
  return r.length > 0;
}

interface AnnouncementRaw {
  id: number;
  title: string;
  pinned: boolean;
  state: number;
  publisher: string;
  create_time: string;
  read: boolean;
  recipients: number;
  readers: number;
  dept_names: string[];
}

/** An announcement as the list shows it. */
export const toAnnouncementRow = (r: AnnouncementRaw): AnnouncementRow => ({
  id: r.id,
  title: r.title,
  pinned: r.pinned,
  state: r.state,
  publisher: r.publisher,
  create_time: r.create_time,
  read: r.read,
  recipients: r.recipients,
  readers: r.readers,
  dept_names: r.dept_names,
});

const ROW_COLUMNS = (tz: string) => sql`a.id, a.title, a.pinned, a.state::int, coalesce(p.name, '') as publisher, ${time('a.created_at', tz)} as create_time,
  coalesce(mine.read_at is not null, false) as read,
  coalesce((select array_agg(d.name order by d.name) from departments d where d.enterprise_id = a.enterprise_id and d.id = any(a.dept_ids)), '{}') as dept_names`;

const COUNTS = sql`(select count(*)::int from notices n where n.enterprise_id = a.enterprise_id and n.announcement_id = a.id) as recipients,
  (select count(*)::int from notices n where n.enterprise_id = a.enterprise_id and n.announcement_id = a.id and n.read_at is not null) as readers`;

export interface AnnouncementFilter {
  userId: number;
  /** Every announcement with read counts (administrators), else the published ones the user received. */
  manage: boolean;
  keyword?: string;
  unreadOnly: boolean;
}

function listFrom(ep: number, f: AnnouncementFilter): SQL {
  const like = f.keyword ? sql` and (${textContains(sql`a.title`, f.keyword)} or ${textContains(sql`a.content`, f.keyword)})` : sql``;
  return sql`from announcements a
    left join users p on p.enterprise_id = a.enterprise_id and p.id = a.publisher_id
    ${f.manage ? sql`left` : sql``} join notices mine on mine.enterprise_id = a.enterprise_id and mine.announcement_id = a.id and mine.user_id = ${f.userId}
    where a.enterprise_id = ${ep} ${f.manage ? sql`` : sql`and a.state = 1`}${like}${f.unreadOnly ? sql` and mine.read_at is null and mine.id is not null` : sql``}`;
}

export async function listPage(
  ex: Executor,
  ep: number,
  tz: string,
  f: AnnouncementFilter,
  page: PageRequest,
): Promise<{ list: AnnouncementRow[]; count: number }> {
  const from = listFrom(ep, f);
  const counts = f.manage ? sql`, ${COUNTS}` : sql`, 0 as recipients, 0 as readers`;
  const [list, total] = await Promise.all([
    rows<AnnouncementRaw>(ex, sql`select ${ROW_COLUMNS(tz)}${counts} ${from} order by a.pinned desc, a.id desc ${pageSql(page)}`),
    rows<{ n: number }>(ex, sql`select count(*)::int n ${from}`),
  ]);
  return { list: list.map(toAnnouncementRow), count: total[0]?.n ?? 0 };
}

export interface AnnouncementDetailRaw extends AnnouncementRaw {
  content: string;
  attachments: number[] | null;
  /** bigint[]: the driver answers its elements as text */
  dept_ids: string[] | null;
  /** The user's own notice of it, null for someone who is no recipient. */
  copy: number | null;
}

/** One announcement with the user's copy, its row locked for share until the transaction ends. */
export async function detailRow(ex: Executor, ep: number, tz: string, userId: number, id: number): Promise<AnnouncementDetailRaw | null> {
  const [r] = await rows<AnnouncementDetailRaw>(
    ex,
    sql`select ${ROW_COLUMNS(tz)}, a.content, a.attachments, a.dept_ids, mine.id as copy, ${COUNTS}
      from announcements a
      left join users p on p.enterprise_id = a.enterprise_id and p.id = a.publisher_id
      left join notices mine on mine.enterprise_id = a.enterprise_id and mine.announcement_id = a.id and mine.user_id = ${userId}
      where a.enterprise_id = ${ep} and a.id = ${id} for share of a`,
  );
  return r ?? null;
}

export interface ReaderRow {
  user_id: number;
  name: string;
  dept_name: string;
  read: boolean;
  read_time: string;
}

/** Who has read and who not (`read` true/false, or both), read first by time, then the rest by name. */
export async function readerPage(ex: Executor, ep: number, tz: string, id: number, read: boolean | undefined, page: PageRequest) {
  const filter = read === true ? sql` and n.read_at is not null` : read === false ? sql` and n.read_at is null` : sql``;
  const from = sql`from notices n join users x on x.enterprise_id = n.enterprise_id and x.id = n.user_id
    left join departments d on d.enterprise_id = x.enterprise_id and d.id = x.dept_id
    where n.enterprise_id = ${ep} and n.announcement_id = ${id}${filter}`;
  const [list, total] = await Promise.all([
    rows<ReaderRow>(
      ex,
      sql`select x.id as user_id, x.name, coalesce(d.name, '') as dept_name, n.read_at is not null as read,
        coalesce(${time('n.read_at', tz)}, '') as read_time
      ${from} order by n.read_at desc nulls last, x.name, x.id ${pageSql(page)}`,
    ),
    rows<{ n: number }>(ex, sql`select count(*)::int n ${from}`),
  ]);
  return { list, count: total[0]?.n ?? 0 };
}
