// Queries of the approvals inbox: instances (list, detail), their tasks and log, and delegations, as typed rows with
// one presenter per entity.
import { APPROVAL_STATES, type ApprovalInstanceRow, approvalKindOf } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { StoredStep } from '../../db/schema/approvals';
import { countOf, type PageRequest, pageSql } from '../../platform/list';
import { apiTime } from '../../platform/sql';

/** Who asks, as the inbox's scopes need it. */
export interface InboxUser {
  id: number;
  enterpriseId: number;
  providerId: number | null;
}

/** Tasks a delegate may act on now: the principals whose window is open. */
export const principalsOf = (e: number, me: number): SQL =>
  sql`(select d.user_id from approval_delegations d where d.enterprise_id = ${e} and d.delegate_id = ${me} and d.starts_at <= now() and d.ends_at > now())`;

export function boxWhere(user: InboxUser, box: 'todo' | 'done' | 'mine'): SQL {
  const e = user.enterpriseId;
  const me = user.id;
  if (box === 'todo')
    return sql`i.state = 0 and exists (select 1 from approval_tasks t where t.enterprise_id = ${e} and t.instance_id = i.id and t.step = i.step
      and t.decision is null and (t.user_id = ${me} or t.user_id in ${principalsOf(e, me)}))`;
  if (box === 'done')
    return sql`exists (select 1 from approval_tasks t where t.enterprise_id = ${e} and t.acted_by = ${me} and t.instance_id = i.id and t.decision in (1, 2))`;
  // A provider's user also sees his provider's documents.
  return user.providerId ? sql`(i.applicant_id = ${me} or i.provider_id = ${user.providerId})` : sql`i.applicant_id = ${me}`;
}

/** An instance as rowCols reads it; the amount is numeric (text). */
export interface InstanceRaw {
  id: number;
  kind: string;
  doc_id: number;
  doc_no: string;
  title: string;
  amount: string | null;
  state: number;
  step: number;
  steps: StoredStep[];
  applicant_id: number;
  applicant_name: string;
  link: string;
  create_time: string;
  finish_time: string | null;
}

const rowCols = (tz: string) => sql`i.id::int as id, i.kind, i.doc_id::int as doc_id, i.doc_no, i.title, i.amount, i.state, i.step, i.steps,
  i.applicant_id::int as applicant_id, coalesce(u.name, '') as applicant_name, i.link,
  ${apiTime(sql`i.created_at`, tz)} as create_time, case when i.finished_at is null then null else ${apiTime(sql`i.finished_at`, tz)} end as finish_time`;

/** The one place an instance row becomes the contract's (its numeric amount a number). */
export function toInstanceRow(r: InstanceRaw): ApprovalInstanceRow {
  return {
    id: r.id,
    kind: r.kind,
    kindName: approvalKindOf(r.kind)?.label ?? r.kind,
    docId: r.doc_id,
    docNo: r.doc_no,
    title: r.title,
    amount: r.amount == null ? null : Number(r.amount),
    state: r.state,
    stateName: APPROVAL_STATES[r.state as 0] ?? '',
    step: r.step,
    stepName: r.state === 0 ? (r.steps[r.step]?.name ?? '') : '',
    applicantId: r.applicant_id,
    applicantName: r.applicant_name,
    link: r.link,
    create_time: r.create_time,
    finish_time: r.finish_time,
  };
}

export interface InboxFilter {
  box: 'todo' | 'done' | 'mine';
  kind?: string;
  state?: number;
  keyword?: string;
}

const listWhere = (user: InboxUser, q: InboxFilter): SQL => {
  const conds = [sql`i.enterprise_id = ${user.enterpriseId}`, boxWhere(user, q.box)];
  if (q.kind) conds.push(sql`i.kind = ${q.kind}`);
  if (q.state != null) conds.push(sql`i.state = ${q.state}`);
  if (q.keyword) conds.push(sql`(i.doc_no ilike ${`%${q.keyword}%`} or i.title ilike ${`%${q.keyword}%`})`);
  return sql.join(conds, sql` and `);
};

/** A page of the inbox's instances (approvals.sql.snap). */
export const inboxPageSql = (user: InboxUser, tz: string, q: InboxFilter, page: PageRequest): SQL =>
  sql`select ${rowCols(tz)} from approval_instances i left join users u on u.enterprise_id = i.enterprise_id and u.id = i.applicant_id
        where ${listWhere(user, q)} order by i.id desc ${pageSql(page)}`;

export async function inboxPage(
  ex: Executor,
  user: InboxUser,
  tz: string,
  q: InboxFilter,
  page: PageRequest,
): Promise<{ list: ApprovalInstanceRow[]; count: number }> {
  const where = listWhere(user, q);
  const [list, count] = await Promise.all([rows<InstanceRaw>(ex, inboxPageSql(user, tz, q, page)), countOf(ex, sql`approval_instances i`, where)]);
  return { list: list.map(toInstanceRow), count };
}

export const boxCount = (ex: Executor, user: InboxUser, box: 'todo' | 'done' | 'mine'): Promise<number> =>
  countOf(ex, sql`approval_instances i`, sql`i.enterprise_id = ${user.enterpriseId} and ${boxWhere(user, box)}`);

/** The latest instance of a document. */
export async function latestInstanceOf(ex: Executor, ep: number, kind: string, docId: number): Promise<number | undefined> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`select id::int as id from approval_instances where enterprise_id = ${ep} and kind = ${kind} and doc_id = ${docId} order by id desc limit 1`,
  );
  return r?.id;
}

export interface InstanceDetailRaw extends InstanceRaw {
  flow_version: number;
  provider_id: number | null;
}

export async function instanceRow(ex: Executor, ep: number, tz: string, id: number): Promise<InstanceDetailRaw | undefined> {
  const [r] = await rows<InstanceDetailRaw>(
    ex,
    sql`select ${rowCols(tz)}, i.flow_version, i.provider_id from approval_instances i
      left join users u on u.enterprise_id = i.enterprise_id and u.id = i.applicant_id where i.enterprise_id = ${ep} and i.id = ${id}`,
  );
  return r;
}

export interface TaskRaw {
  id: number;
  step: number;
  user_id: number;
  user_name: string;
  decision: number | null;
  acted_by: number | null;
  acted_by_name: string | null;
  comment: string | null;
  decide_time: string | null;
}

export function instanceTasks(ex: Executor, ep: number, tz: string, id: number): Promise<TaskRaw[]> {
  return rows<TaskRaw>(
    ex,
    sql`select t.id::int as id, t.step, t.user_id::int as user_id, coalesce(u.name, '') as user_name, t.decision, t.acted_by::int as acted_by,
        a.name as acted_by_name, t.comment, case when t.decided_at is null then null else ${apiTime(sql`t.decided_at`, tz)} end as decide_time
      from approval_tasks t left join users u on u.enterprise_id = t.enterprise_id and u.id = t.user_id
      left join users a on a.enterprise_id = t.enterprise_id and a.id = t.acted_by
      where t.enterprise_id = ${ep} and t.instance_id = ${id} order by t.step, t.id`,
  );
}

/** The one place a task row becomes the contract's. */
export const toTask = (t: TaskRaw) => ({
  id: t.id,
  step: t.step,
  userId: t.user_id,
  userName: t.user_name,
  decision: t.decision,
  actedBy: t.acted_by,
  actedByName: t.acted_by_name,
  comment: t.comment,
  decide_time: t.decide_time,
});

/** Whether the user acts for a principal with an open task of the instance. */
export async function isDelegateOn(ex: Executor, ep: number, userId: number, id: number): Promise<boolean> {
  const found = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from approval_tasks t where t.enterprise_id = ${ep} and t.instance_id = ${id} and t.decision is null
      and t.user_id in ${principalsOf(ep, userId)}`,
  );
  return found.length > 0;
}

export interface LogRaw {
  id: number;
  action: string;
  from_state: number | null;
  to_state: number;
  user_id: number | null;
  user_name: string | null;
  note: string | null;
  step: number | null;
  on_behalf_of: number | null;
  on_behalf_of_name: string | null;
  create_time: string;
}

export function instanceLog(ex: Executor, ep: number, tz: string, id: number): Promise<LogRaw[]> {
  return rows<LogRaw>(
    ex,
    sql`select l.id::int as id, l.action, l.from_state, l.to_state, l.user_id::int as user_id, u.name as user_name, l.note,
        (l.changed->'last_act'->>'step')::int as step, (l.changed->'last_act'->>'onBehalfOf')::bigint::int as on_behalf_of, b.name as on_behalf_of_name,
        ${apiTime(sql`l.created_at`, tz)} as create_time
      from approval_logs l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      left join users b on b.enterprise_id = l.enterprise_id and b.id = (l.changed->'last_act'->>'onBehalfOf')::bigint
      where l.enterprise_id = ${ep} and l.instance_id = ${id} order by l.id`,
  );
}

/** The one place a log row becomes the contract's. */
export const toLogEntry = (l: LogRaw) => ({
  id: l.id,
  action: l.action,
  fromState: l.from_state,
  toState: l.to_state,
  userId: l.user_id,
  userName: l.user_name,
  step: l.step,
  onBehalfOf: l.on_behalf_of,
  onBehalfOfName: l.on_behalf_of_name,
  comment: l.note,
  create_time: l.create_time,
});

interface DelegationRaw {
  id: number;
  user_id: number;
  user_name: string;
  delegate_id: number;
  delegate_name: string;
  starts_at: string;
  ends_at: string;
}

/** The one place a delegation row becomes the contract's. */
const toDelegation = (d: DelegationRaw) => ({
  id: d.id,
  userId: d.user_id,
  userName: d.user_name,
  delegateId: d.delegate_id,
  delegateName: d.delegate_name,
  startsAt: d.starts_at,
  endsAt: d.ends_at,
});

/** The user's current and coming delegations, given and received. */
export async function delegationsOf(ex: Executor, user: InboxUser, tz: string) {
  const r = await rows<DelegationRaw>(
    ex,
    sql`select d.id::int as id, d.user_id::int as user_id, coalesce(u.name, '') as user_name, d.delegate_id::int as delegate_id, coalesce(g.name, '') as delegate_name,
        ${apiTime(sql`d.starts_at`, tz)} as starts_at, ${apiTime(sql`d.ends_at`, tz)} as ends_at
      from approval_delegations d left join users u on u.enterprise_id = d.enterprise_id and u.id = d.user_id
      left join users g on g.enterprise_id = d.enterprise_id and g.id = d.delegate_id
      where d.enterprise_id = ${user.enterpriseId} and (d.user_id = ${user.id} or d.delegate_id = ${user.id}) and d.ends_at > now()
      order by d.starts_at, d.id limit 100`,
  );
  return r.map(toDelegation);
}

/** Whether `start` is before `end` (both local timestamps); a malformed one throws. */
export async function isBefore(ex: Executor, start: string, end: string): Promise<boolean> {
  const [ok] = await rows<{ ok: boolean }>(ex, sql`select (${start}::timestamp < ${end}::timestamp) as ok`);
  return ok?.ok === true;
}

export async function activeUserExists(ex: Executor, ep: number, id: number): Promise<boolean> {
  const found = await rows<{ one: number }>(ex, sql`select 1 as one from users where enterprise_id = ${ep} and id = ${id} and enabled and deleted_at is null`);
  return found.length > 0;
}

export async function insertDelegation(
  ex: Executor,
  user: InboxUser,
  tz: string,
  b: { delegateId: number; startsAt: string; endsAt: string },
): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into approval_delegations (enterprise_id, user_id, delegate_id, starts_at, ends_at)
      values (${user.enterpriseId}, ${user.id}, ${b.delegateId}, ${b.startsAt}::timestamp at time zone ${tz}, ${b.endsAt}::timestamp at time zone ${tz})
      returning id::int as id`,
  );
  return r?.id as number;
}

export async function deleteDelegation(ex: Executor, user: InboxUser, id: number): Promise<boolean> {
  const r = await rows<{ id: number }>(
    ex,
    sql`delete from approval_delegations where enterprise_id = ${user.enterpriseId} and id = ${id} and user_id = ${user.id} returning id`,
  );
  return r.length > 0;
}
