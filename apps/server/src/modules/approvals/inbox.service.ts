import {
  APPROVAL_POWERS,
  APPROVAL_STATES,
  type ApprovalAction,
  approvalKindOf,
  approvalMachine,
  abilitiesOf,
  hasPower,
  type ApprovalInstanceRow,
  type QueryOf,
  type approvalsContract,
} from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { StoredStep } from '../../db/schema/approvals';
import { AppError, invalid } from '../../platform/errors';
import { countOf, pageSql, windowOf } from '../../platform/list';
import type { SessionUser } from '../../platform/session';
import { apiTime } from '../../platform/sql';

/** The page is the staff menu's 审批处理 or the provider menu's ApprovalProcessList: either power opens it. */
export function guardInbox(user: SessionUser): void {
  if (!hasPower(user.powers, APPROVAL_POWERS.process) && !hasPower(user.powers, APPROVAL_POWERS.providerProcess)) throw new AppError('NO_POWER');
}

/** Tasks a delegate may act on now: the principals whose window is open. */
const principalsOf = (e: number, me: number): SQL =>
  sql`(select d.user_id from approval_delegations d where d.enterprise_id = ${e} and d.delegate_id = ${me} and d.starts_at <= now() and d.ends_at > now())`;

function boxWhere(user: SessionUser, box: 'todo' | 'done' | 'mine'): SQL {
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

type ListQuery = QueryOf<typeof approvalsContract.list>;

const rowCols = (tz: string) => sql`i.id::int as id, i.kind, i.doc_id::int as doc_id, i.doc_no, i.title, i.amount, i.state, i.step, i.steps,
  i.applicant_id::int as applicant_id, coalesce(u.name, '') as applicant_name, i.link,
  ${apiTime(sql`i.created_at`, tz)} as create_time, case when i.finished_at is null then null else ${apiTime(sql`i.finished_at`, tz)} end as finish_time`;

function toRow(r: Record<string, unknown>): ApprovalInstanceRow {
  const steps = r.steps as StoredStep[];
  const state = Number(r.state);
  return {
    id: Number(r.id),
    kind: String(r.kind),
    kindName: approvalKindOf(String(r.kind))?.label ?? String(r.kind),
    docId: Number(r.doc_id),
    docNo: String(r.doc_no),
    title: String(r.title),
    amount: r.amount == null ? null : Number(r.amount),
    state,
    stateName: APPROVAL_STATES[state as 0] ?? '',
    step: Number(r.step),
    stepName: state === 0 ? (steps[Number(r.step)]?.name ?? '') : '',
    applicantId: Number(r.applicant_id),
    applicantName: String(r.applicant_name),
    link: String(r.link),
    create_time: String(r.create_time),
    finish_time: r.finish_time == null ? null : String(r.finish_time),
  };
}

export async function listInbox(ex: Executor, user: SessionUser, q: ListQuery): Promise<{ list: ApprovalInstanceRow[]; count: number }> {
  windowOf(q);
  const e = user.enterpriseId;
  const conds = [sql`i.enterprise_id = ${e}`, boxWhere(user, q.box)];
  if (q.kind) conds.push(sql`i.kind = ${q.kind}`);
  if (q.state != null) conds.push(sql`i.state = ${q.state}`);
  if (q.keyword) conds.push(sql`(i.doc_no ilike ${`%${q.keyword}%`} or i.title ilike ${`%${q.keyword}%`})`);
  const where = sql.join(conds, sql` and `);
  const tz = user.enterprise.timeZone;
  const [list, count] = await Promise.all([
    rows(
      ex,
      sql`select ${rowCols(tz)} from approval_instances i left join users u on u.enterprise_id = i.enterprise_id and u.id = i.applicant_id
        where ${where} order by i.id desc ${pageSql(q)}`,
    ),
    countOf(ex, sql`approval_instances i`, where),
  ]);
  return { list: list.map(toRow), count };
}

/** The 审批处理 badge: approvals waiting for the user's decision. */
export const todoCount = (ex: Executor, user: SessionUser): Promise<number> =>
  countOf(ex, sql`approval_instances i`, sql`i.enterprise_id = ${user.enterpriseId} and ${boxWhere(user, 'todo')}`);

export async function inboxCounts(ex: Executor, user: SessionUser): Promise<{ todo: number; done: number; mine: number }> {
  const one = (box: 'todo' | 'done' | 'mine') => countOf(ex, sql`approval_instances i`, sql`i.enterprise_id = ${user.enterpriseId} and ${boxWhere(user, box)}`);
  const [todo, done, mine] = await Promise.all([one('todo'), one('done'), one('mine')]);
  return { todo, done, mine };
}

/** The latest instance of a document, shown to those who may see that instance; null when the document never had one. */
/** `docSeen`: the owning area has already shown the caller may open the document (its page power and scope). */
export async function documentFlow(ex: Executor, user: SessionUser, kind: string, docId: number, docSeen = false) {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`select id::int as id from approval_instances where enterprise_id = ${user.enterpriseId} and kind = ${kind} and doc_id = ${docId} order by id desc limit 1`,
  );
  return r ? instanceDetail(ex, user, r.id, docSeen) : null;
}

/** One instance with its steps, tasks and log — for those who take part in it, its provider's users, and the flow administrators. */
export async function instanceDetail(ex: Executor, user: SessionUser, id: number, docSeen = false) {
  const e = user.enterpriseId;
  const tz = user.enterprise.timeZone;
  const [r] = await rows(
    ex,
    sql`select ${rowCols(tz)}, i.flow_version, i.provider_id from approval_instances i
      left join users u on u.enterprise_id = i.enterprise_id and u.id = i.applicant_id where i.enterprise_id = ${e} and i.id = ${id}`,
  );
  if (!r) throw new AppError('NOT_FOUND');
  const tasks = await rows(
    ex,
    sql`select t.id::int as id, t.step, t.user_id::int as user_id, coalesce(u.name, '') as user_name, t.decision, t.acted_by::int as acted_by,
        a.name as acted_by_name, t.comment, case when t.decided_at is null then null else ${apiTime(sql`t.decided_at`, tz)} end as decide_time
      from approval_tasks t left join users u on u.enterprise_id = t.enterprise_id and u.id = t.user_id
      left join users a on a.enterprise_id = t.enterprise_id and a.id = t.acted_by
      where t.enterprise_id = ${e} and t.instance_id = ${id} order by t.step, t.id`,
  );
  const part =
    docSeen ||
    Number(r.applicant_id) === user.id ||
    (user.providerId != null && Number(r.provider_id) === user.providerId) ||
    tasks.some((t) => Number(t.user_id) === user.id || Number(t.acted_by) === user.id) ||
    hasPower(user.powers, APPROVAL_POWERS.settings);
  const delegated = part
    ? []
    : await rows(
        ex,
        sql`select 1 from approval_tasks t where t.enterprise_id = ${e} and t.instance_id = ${id} and t.decision is null
          and t.user_id in ${principalsOf(e, user.id)}`,
      );
  if (!part && delegated.length === 0) throw new AppError('NOT_FOUND');
  const log = await rows(
    ex,
    sql`select l.id::int as id, l.action, l.from_state, l.to_state, l.user_id::int as user_id, u.name as user_name, l.note,
        (l.changed->'last_act'->>'step')::int as step, (l.changed->'last_act'->>'onBehalfOf')::bigint::int as on_behalf_of, b.name as on_behalf_of_name,
        ${apiTime(sql`l.created_at`, tz)} as create_time
      from approval_logs l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      left join users b on b.enterprise_id = l.enterprise_id and b.id = (l.changed->'last_act'->>'onBehalfOf')::bigint
      where l.enterprise_id = ${e} and l.instance_id = ${id} order by l.id`,
  );
  const open = tasks.filter((t) => Number(t.step) === Number(r.step) && t.decision == null);
  const steps = r.steps as StoredStep[];
  const mine = open.some((t) => Number(t.user_id) === user.id) || delegated.length > 0;
  const abilities = abilitiesOf(approvalMachine, Number(r.state), {
    approver: mine,
    applicant: Number(r.applicant_id) === user.id,
    completesStep: true,
    lastStep: true,
  }) as ApprovalAction[];
  return {
    ...toRow(r),
    flowVersion: Number(r.flow_version),
    steps: steps as never,
    tasks: tasks.map((t) => ({
      id: Number(t.id),
      step: Number(t.step),
      userId: Number(t.user_id),
      userName: String(t.user_name),
      decision: t.decision == null ? null : Number(t.decision),
      actedBy: t.acted_by == null ? null : Number(t.acted_by),
      actedByName: t.acted_by_name == null ? null : String(t.acted_by_name),
      comment: t.comment == null ? null : String(t.comment),
      decide_time: t.decide_time == null ? null : String(t.decide_time),
    })),
    log: log.map((l) => ({
      id: Number(l.id),
      action: String(l.action),
      fromState: l.from_state == null ? null : Number(l.from_state),
      toState: Number(l.to_state),
      userId: l.user_id == null ? null : Number(l.user_id),
      userName: l.user_name == null ? null : String(l.user_name),
      step: l.step == null ? null : Number(l.step),
      onBehalfOf: l.on_behalf_of == null ? null : Number(l.on_behalf_of),
      onBehalfOfName: l.on_behalf_of_name == null ? null : String(l.on_behalf_of_name),
      comment: l.note == null ? null : String(l.note),
      create_time: String(l.create_time),
    })),
    abilities,
  };
}

export async function listDelegations(ex: Executor, user: SessionUser) {
  const tz = user.enterprise.timeZone;
  const r = await rows(
    ex,
    sql`select d.id::int as id, d.user_id::int as user_id, coalesce(u.name, '') as user_name, d.delegate_id::int as delegate_id, coalesce(g.name, '') as delegate_name,
        ${apiTime(sql`d.starts_at`, tz)} as starts_at, ${apiTime(sql`d.ends_at`, tz)} as ends_at
      from approval_delegations d left join users u on u.enterprise_id = d.enterprise_id and u.id = d.user_id
      left join users g on g.enterprise_id = d.enterprise_id and g.id = d.delegate_id
      where d.enterprise_id = ${user.enterpriseId} and (d.user_id = ${user.id} or d.delegate_id = ${user.id}) and d.ends_at > now()
      order by d.starts_at, d.id limit 100`,
  );
  return {
    list: r.map((d) => ({
      id: Number(d.id),
      userId: Number(d.user_id),
      userName: String(d.user_name),
      delegateId: Number(d.delegate_id),
      delegateName: String(d.delegate_name),
      startsAt: String(d.starts_at),
      endsAt: String(d.ends_at),
    })),
  };
}

/** The actor hands his approvals to a colleague for an absence window (enterprise time zone). */
export async function saveDelegation(ex: Executor, user: SessionUser, b: { delegateId: number; startsAt: string; endsAt: string }): Promise<{ id: number }> {
  if (b.delegateId === user.id) throw invalid('代理人：不能委托给自己');
  const tz = user.enterprise.timeZone;
  const [ok] = await rows<{ ok: boolean }>(ex, sql`select (${b.startsAt}::timestamp < ${b.endsAt}::timestamp) as ok`).catch(() => {
    throw invalid('开始时间：时间格式应为YYYY-MM-DD HH:mm:ss');
  });
  if (!ok?.ok) throw invalid('结束时间：结束时间必须晚于开始时间');
  const [g] = await rows(ex, sql`select 1 from users where enterprise_id = ${user.enterpriseId} and id = ${b.delegateId} and enabled and deleted_at is null`);
  if (!g) throw invalid('代理人：该成员不存在或已停用');
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into approval_delegations (enterprise_id, user_id, delegate_id, starts_at, ends_at)
      values (${user.enterpriseId}, ${user.id}, ${b.delegateId}, ${b.startsAt}::timestamp at time zone ${tz}, ${b.endsAt}::timestamp at time zone ${tz})
      returning id::int as id`,
  );
  return { id: Number(r?.id) };
}

export async function removeDelegation(ex: Executor, user: SessionUser, id: number): Promise<void> {
  const r = await rows(
    ex,
    sql`delete from approval_delegations where enterprise_id = ${user.enterpriseId} and id = ${id} and user_id = ${user.id} returning id`,
  );
  if (!r.length) throw new AppError('NOT_FOUND');
}
