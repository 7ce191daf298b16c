// Statements of the approval engine (engine.ts holds its rules): flows, instances, tasks and approvers.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import type { StoredStep } from '../../db/schema/approvals';
import { intArray } from '../../platform/sql';

/** A row of `approval_instances` as `returning *` and the state helper's locked row give it (the amount is numeric: text). */
export interface InstanceRecord {
  enterprise_id: number;
  id: number;
  kind: string;
  doc_id: number;
  doc_no: string;
  title: string;
  amount: string | null;
  doc_type: number | null;
  applicant_id: number;
  responsible_id: number | null;
  provider_id: number | null;
  flow_id: number;
  flow_version: number;
  steps: StoredStep[];
  state: number;
  step: number;
  rev: number;
  link: string;
  last_act: { step: number; action: string; onBehalfOf: number | null; transferTo: number | null } | null;
  finished_at: string | null;
}

/** The state helper's row (untyped, any table's) is an instance here. */
export const instanceOf = (row: Record<string, unknown>): InstanceRecord => row as unknown as InstanceRecord;

/** The conditions a flow of the kind must meet for the document (on `approval_flows f`). */
export interface FlowMatch {
  enterpriseId: number;
  kind: string;
  amount?: number | null;
  docType?: number | null;
}

export const flowMatches = (s: FlowMatch): SQL => {
  const amount = s.amount ?? null;
  return sql`f.enterprise_id = ${s.enterpriseId} and f.kind = ${s.kind} and f.enabled and f.deleted_at is null
    and (f.min_amount is null or (${amount}::numeric is not null and ${amount}::numeric >= f.min_amount))
    and (f.max_amount is null or (${amount}::numeric is not null and ${amount}::numeric < f.max_amount))
    and (cardinality(f.doc_types) = 0 or ${s.docType ?? null}::int = any(f.doc_types))`;
};

/** The first enabled flow of the kind whose conditions hold (lowest sort, then oldest), with its current version's steps. */
export async function firstFlow(ex: Executor, s: FlowMatch): Promise<{ id: number; version: number; steps: StoredStep[] } | undefined> {
  const [f] = await rows<{ id: number; version: number; steps: StoredStep[] }>(
    ex,
    sql`select f.id::int as id, f.version, v.steps from approval_flows f
      join approval_flow_versions v on v.enterprise_id = f.enterprise_id and v.flow_id = f.id and v.version = f.version
      where ${flowMatches(s)}
      order by f.sort, f.id limit 1`,
  );
  return f;
}

/** hasFlow as a boolean SQL expression. */
export const hasFlowSql = (s: FlowMatch): SQL =>
  sql`exists (select 1 from approval_flows f join approval_flow_versions v on v.enterprise_id = f.enterprise_id and v.flow_id = f.id and v.version = f.version
    where ${flowMatches(s)})`;

/** Who a step's approver entry names. */
export type ApproverPick =
  | { type: 'user'; ids: number[] }
  | { type: 'role'; ids: number[] }
  | { type: 'responsible'; id: number }
  | { type: 'deptHead'; applicantId: number };

/** The enterprise's enabled, undeleted users an approver entry names, by id. */
export async function approverIds(ex: Executor, enterpriseId: number, a: ApproverPick): Promise<number[]> {
  let q: SQL;
  if (a.type === 'user') q = sql`id = any(${intArray(a.ids, 'bigint')})`;
  else if (a.type === 'role') q = sql`roles && ${intArray(a.ids, 'smallint')}`;
  else if (a.type === 'responsible') q = sql`id = ${a.id}`;
  else
    q = sql`id in (select h.user_id from department_heads h join users u on u.enterprise_id = h.enterprise_id and u.id = ${a.applicantId}
        where h.enterprise_id = ${enterpriseId} and h.dept_id = u.dept_id)`;
  const r = await rows<{ id: number }>(
    ex,
    sql`select id::int as id from users where enterprise_id = ${enterpriseId} and enabled and deleted_at is null and ${q} order by id`,
  );
  return r.map((u) => u.id);
}

/** The enterprise's enabled administrators but `except`. */
export async function adminIds(ex: Executor, enterpriseId: number, except: number): Promise<number[]> {
  const r = await rows<{ id: number }>(
    ex,
    sql`select id::int as id from users where enterprise_id = ${enterpriseId} and admin and enabled and deleted_at is null
        and id <> ${except} order by id`,
  );
  return r.map((u) => u.id);
}

export async function insertTask(tx: Tx, enterpriseId: number, instanceId: number, step: number, userId: number): Promise<void> {
  await tx.execute(sql`insert into approval_tasks (enterprise_id, instance_id, step, user_id) values (${enterpriseId}, ${instanceId}, ${step}, ${userId})
      on conflict do nothing`);
}

/** Whether the document has a waiting instance. */
export async function isWaiting(ex: Executor, enterpriseId: number, kind: string, docId: number): Promise<boolean> {
  const waiting = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from approval_instances where enterprise_id = ${enterpriseId} and kind = ${kind} and doc_id = ${docId} and state = 0`,
  );
  return waiting.length > 0;
}

export interface NewInstance {
  enterpriseId: number;
  kind: string;
  docId: number;
  docNo: string;
  title: string;
  amount: number | null;
  docType: number | null;
  applicantId: number;
  responsibleId: number | null;
  providerId: number | null;
  flowId: number;
  flowVersion: number;
  steps: StoredStep[];
  link: string;
}

/** The new instance (none when the document has a waiting one). */
export async function insertInstance(tx: Tx, s: NewInstance): Promise<InstanceRecord | undefined> {
  const [inst] = await rows<InstanceRecord>(
    tx,
    sql`insert into approval_instances (enterprise_id, kind, doc_id, doc_no, title, amount, doc_type, applicant_id, responsible_id, provider_id,
          flow_id, flow_version, steps, link)
        values (${s.enterpriseId}, ${s.kind}, ${s.docId}, ${s.docNo}, ${s.title}, ${s.amount}, ${s.docType}, ${s.applicantId},
          ${s.responsibleId}, ${s.providerId}, ${s.flowId}, ${s.flowVersion}, ${JSON.stringify(s.steps)}::jsonb, ${s.link})
        on conflict do nothing
        returning *`,
  );
  return inst;
}

export interface OpenTask {
  id: number;
  user_id: number;
}

/** The open tasks of an instance's step. */
export function openTasks(ex: Executor, enterpriseId: number, instanceId: number, step: number): Promise<OpenTask[]> {
  return rows<OpenTask>(
    ex,
    sql`select id::int as id, user_id::int as user_id from approval_tasks
      where enterprise_id = ${enterpriseId} and instance_id = ${instanceId} and step = ${step} and decision is null order by id`,
  );
}

/** The users whose delegation to `delegateId` is open now. */
export async function principalsNow(ex: Executor, enterpriseId: number, delegateId: number): Promise<number[]> {
  const r = await rows<{ user_id: number }>(
    ex,
    sql`select user_id::int as user_id from approval_delegations where enterprise_id = ${enterpriseId} and delegate_id = ${delegateId}
      and starts_at <= now() and ends_at > now()`,
  );
  return r.map((p) => p.user_id);
}

/** The instance locked for a decision. */
export async function lockInstance(tx: Tx, enterpriseId: number, id: number): Promise<{ id: number; applicant_id: number } | undefined> {
  const [locked] = await rows<{ id: number; applicant_id: number }>(
    tx,
    sql`select id, applicant_id from approval_instances where enterprise_id = ${enterpriseId} and id = ${id} for update`,
  );
  return locked;
}

export async function enabledUserExists(ex: Executor, enterpriseId: number, id: number): Promise<boolean> {
  const [target] = await rows<{ id: number }>(
    ex,
    sql`select id from users where enterprise_id = ${enterpriseId} and id = ${id} and enabled and deleted_at is null`,
  );
  return !!target;
}

/** Whether the user already holds an open task of the step. */
export async function hasOpenTask(ex: Executor, enterpriseId: number, instanceId: number, step: number, userId: number): Promise<boolean> {
  const taken = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from approval_tasks where enterprise_id = ${enterpriseId} and instance_id = ${instanceId} and step = ${step}
          and user_id = ${userId} and decision is null`,
  );
  return taken.length > 0;
}

/** A transfer: the actor's task closes (3) with his comment, the colleague's opens (again). */
export async function transferTask(
  tx: Tx,
  d: { enterpriseId: number; instanceId: number; step: number; taskId: number; actorId: number; comment: string; to: number },
): Promise<void> {
  await tx.execute(sql`update approval_tasks set decision = 3, acted_by = ${d.actorId}, comment = ${d.comment}, decided_at = now()
        where enterprise_id = ${d.enterpriseId} and id = ${d.taskId}`);
  await tx.execute(sql`insert into approval_tasks (enterprise_id, instance_id, step, user_id) values (${d.enterpriseId}, ${d.instanceId}, ${d.step}, ${d.to})
        on conflict (enterprise_id, instance_id, step, user_id) do update set decision = null, acted_by = null, comment = null, decided_at = null`);
}

/** The actor's decision (1 approved, 2 rejected) on his open task. */
export async function decideTask(tx: Tx, enterpriseId: number, taskId: number, decision: 1 | 2, actorId: number, comment: string | null): Promise<void> {
  await tx.execute(sql`update approval_tasks set decision = ${decision}, acted_by = ${actorId},
          comment = ${comment}, decided_at = now()
        where enterprise_id = ${enterpriseId} and id = ${taskId} and decision is null`);
}

/** The open tasks of the instance (of one step, or all) close as no longer needed (3). */
export async function closeOpenTasks(ex: Executor, enterpriseId: number, instanceId: number, step?: number): Promise<void> {
  await ex.execute(sql`update approval_tasks set decision = 3, decided_at = now()
        where enterprise_id = ${enterpriseId} and instance_id = ${instanceId}${step == null ? sql`` : sql` and step = ${step}`} and decision is null`);
}

/** The waiting instance of a document. */
/** As a condition on the document `alias`: no instance of `kind` waits for it (no flow decides it: one step does). */
export const noFlowWaiting = (kind: string, alias: string): SQL =>
  sql`not exists (select 1 from approval_instances i where i.enterprise_id = ${sql.identifier(alias)}.enterprise_id and i.kind = ${kind}
    and i.doc_id = ${sql.identifier(alias)}.id and i.state = 0)`;

export async function waitingInstance(
  ex: Executor,
  enterpriseId: number,
  kind: string | readonly string[],
  docId: number,
  o: { forUpdate?: boolean } = {},
): Promise<{ id: number; state: number; step: number } | undefined> {
  const kinds = typeof kind === 'string' ? [kind] : kind;
  const [r] = await rows<{ id: number; state: number; step: number }>(
    ex,
    sql`select id::int as id, state, step from approval_instances where enterprise_id = ${enterpriseId} and kind in (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )}) and doc_id = ${docId} and state = 0${o.forUpdate ? sql` for update` : sql``}`,
  );
  return r;
}

/**
 * The people who may decide a document's waiting instance now (its current step's open tasks, by id), with names; null
 * when no instance waits.
 */
export async function waitingDeciders(ex: Executor, enterpriseId: number, kind: string, docId: number): Promise<{ id: number; name: string }[] | null> {
  const r = await rows<{ inst: number; id: number | null; name: string | null }>(
    ex,
    sql`select i.id::int as inst, u.id::int as id, u.name from approval_instances i
      left join approval_tasks t on t.enterprise_id = i.enterprise_id and t.instance_id = i.id and t.step = i.step and t.decision is null
      left join users u on u.enterprise_id = t.enterprise_id and u.id = t.user_id
      where i.enterprise_id = ${enterpriseId} and i.kind = ${kind} and i.doc_id = ${docId} and i.state = 0 order by u.id`,
  );
  if (r.length === 0) return null;
  return r.filter((x) => x.id != null).map((x) => ({ id: x.id as number, name: x.name ?? '' }));
}

/** The enterprise's enabled administrators other than `except`, with names (the approval's last resort). */
export async function adminsNamed(ex: Executor, enterpriseId: number, except: number): Promise<{ id: number; name: string }[]> {
  return rows<{ id: number; name: string }>(
    ex,
    sql`select id::int as id, name from users where enterprise_id = ${enterpriseId} and admin and enabled and deleted_at is null and id <> ${except} order by id`,
  );
}
