import { type ApprovalAction, type ApprovalCtx, approvalKindOf, approvalLink, approvalMachine } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, type Executor, rows, type Tx } from '../../db/client';
import type { StoredStep } from '../../db/schema/approvals';
import { AppError, invalid } from '../../platform/errors';
import { changeState, insertStateLog, type StateTable } from '../../platform/state';
import { addNotices } from '../subscriptions/notices.repo';
import { intArray } from '../../platform/sql';
import { publishApprovalEnded } from '../../platform/signals';

/**
 * The approval engine (docs/approvals.md): starts an instance on the flow that applies, pins that flow's
 * version, opens one task per approver of the current step, and takes decisions through changeState on the
 * instance (a compare-and-set on its `rev`): of parallel decisions exactly one counts each time.
 */

export const INSTANCE_TABLE: StateTable = {
  table: 'approval_instances',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'rev',
  log: { table: 'approval_logs', recordColumn: 'instance_id' },
};

export interface StartInput {
  enterpriseId: number;
  kind: string;
  docId: number;
  applicantId: number;
  docNo?: string;
  title?: string;
  amount?: number | null;
  docType?: number | null;
  responsibleId?: number | null;
  providerId?: number | null;
}

export interface Instance {
  id: number;
  state: number;
  step: number;
}

interface FlowPick {
  id: number;
  version: number;
  steps: StoredStep[];
}

/** The conditions a flow of the kind must meet for the document (on `approval_flows f`). */
const flowMatches = (s: Pick<StartInput, 'enterpriseId' | 'kind' | 'amount' | 'docType'>): SQL => {
  const amount = s.amount ?? null;
  return sql`f.enterprise_id = ${s.enterpriseId} and f.kind = ${s.kind} and f.enabled and f.deleted_at is null
    and (f.min_amount is null or (${amount}::numeric is not null and ${amount}::numeric >= f.min_amount))
    and (f.max_amount is null or (${amount}::numeric is not null and ${amount}::numeric < f.max_amount))
    and (cardinality(f.doc_types) = 0 or ${s.docType ?? null}::int = any(f.doc_types))`;
};

/** The first enabled flow of the kind whose conditions hold (lowest sort, then oldest), with its current version's steps. */
export async function flowFor(ex: Executor, s: StartInput): Promise<FlowPick | null> {
  const [f] = await rows<{ id: number; version: number; steps: StoredStep[] }>(
    ex,
    sql`select f.id::int as id, f.version, v.steps from approval_flows f
      join approval_flow_versions v on v.enterprise_id = f.enterprise_id and v.flow_id = f.id and v.version = f.version
      where ${flowMatches(s)}
      order by f.sort, f.id limit 1`,
  );
  return f ? { id: f.id, version: f.version, steps: f.steps } : null;
}

/**
 * hasFlow as a boolean SQL expression, for an area's own read before it files a document: false means startApproval
 * would start nothing, so the area need not call it.
 */
export const hasFlowSql = (s: Pick<StartInput, 'enterpriseId' | 'kind' | 'amount' | 'docType'>): SQL =>
  sql`exists (select 1 from approval_flows f join approval_flow_versions v on v.enterprise_id = f.enterprise_id and v.flow_id = f.id and v.version = f.version
    where ${flowMatches(s)})`;

/** Whether documents of the kind need approval now (some enabled flow exists), for areas that ask before starting. */
export async function hasFlow(ex: Executor, s: StartInput): Promise<boolean> {
  return (await flowFor(ex, s)) !== null;
}

/** The people a step's approvers name, enabled and not deleted; nobody resolves → the enterprise's administrators. */
async function resolveApprovers(tx: Executor, inst: Record<string, unknown>, step: StoredStep): Promise<number[]> {
  const e = Number(inst.enterprise_id);
  const found = new Set<number>();
  for (const a of step.approvers) {
    let q: ReturnType<typeof sql> | null = null;
    if (a.type === 'user' && a.ids?.length) q = sql`id = any(${intArray(a.ids, 'bigint')})`;
    else if (a.type === 'role' && a.ids?.length) q = sql`roles && ${intArray(a.ids, 'smallint')}`;
    else if (a.type === 'responsible' && inst.responsible_id != null) q = sql`id = ${Number(inst.responsible_id)}`;
    else if (a.type === 'deptHead')
      q = sql`id in (select h.user_id from department_heads h join users u on u.enterprise_id = h.enterprise_id and u.id = ${Number(inst.applicant_id)}
        where h.enterprise_id = ${e} and h.dept_id = u.dept_id)`;
    if (!q) continue;
    const r = await rows<{ id: number }>(
      tx,
      sql`select id::int as id from users where enterprise_id = ${e} and enabled and deleted_at is null and ${q} order by id`,
    );
    for (const u of r) found.add(u.id);
  }
  // The applicant never approves his own document.
  found.delete(Number(inst.applicant_id));
  if (found.size === 0) {
    const admins = await rows<{ id: number }>(
      tx,
      sql`select id::int as id from users where enterprise_id = ${e} and admin and enabled and deleted_at is null
        and id <> ${Number(inst.applicant_id)} order by id`,
    );
    for (const u of admins) found.add(u.id);
  }
  return [...found];
}

/** An approver's notice opens the instance in his inbox: he may hold none of the document's own page powers. */
const todoLink = (instanceId: unknown): string => `/approvalProcess?id=${Number(instanceId)}`;

const titleOf = (inst: Record<string, unknown>) => {
  const label = approvalKindOf(String(inst.kind))?.label ?? '审批';
  return `${label}${inst.doc_no ? ` ${inst.doc_no}` : ''}${inst.title ? ` ${inst.title}` : ''}`;
};

/** Opens the tasks of step `step` and tells each approver. */
async function activateStep(tx: Tx, inst: Record<string, unknown>, step: number): Promise<void> {
  const steps = inst.steps as StoredStep[];
  const s = steps[step];
  if (!s) return;
  const e = Number(inst.enterprise_id);
  const userIds = await resolveApprovers(tx, inst, s);
  for (const u of userIds) {
    await tx.execute(sql`insert into approval_tasks (enterprise_id, instance_id, step, user_id) values (${e}, ${Number(inst.id)}, ${step}, ${u})
      on conflict do nothing`);
  }
  await addNotices(tx, {
    enterpriseId: e,
    userIds,
    kind: 'approval_todo',
    title: `待审批：${titleOf(inst)}`,
    content: `第${step + 1}步「${s.name}」等待您审批`,
    link: todoLink(inst.id),
  });
}

/**
 * Starts the approval of a document, in the caller's transaction. Answers null when no flow applies (the
 * document needs no approval). A document has at most one waiting instance.
 */
export async function startApproval(ex: Executor, s: StartInput, actorId = s.applicantId): Promise<Instance | null> {
  if (!approvalKindOf(s.kind)) throw invalid(`单据类型：不支持的类型 ${s.kind}`);
  return (ex as Db).transaction(async (tx) => {
    const flow = await flowFor(tx, s);
    if (!flow) return null;
    const waiting = await rows<{ one: number }>(
      tx,
      sql`select 1 as one from approval_instances where enterprise_id = ${s.enterpriseId} and kind = ${s.kind} and doc_id = ${s.docId} and state = 0`,
    );
    if (waiting.length) throw new AppError('VALIDATION', { detail: '该单据已在审批中，请勿重复提交' });
    const [inst] = await rows(
      tx,
      sql`insert into approval_instances (enterprise_id, kind, doc_id, doc_no, title, amount, doc_type, applicant_id, responsible_id, provider_id,
          flow_id, flow_version, steps, link)
        values (${s.enterpriseId}, ${s.kind}, ${s.docId}, ${s.docNo ?? ''}, ${s.title ?? ''}, ${s.amount ?? null}, ${s.docType ?? null}, ${s.applicantId},
          ${s.responsibleId ?? null}, ${s.providerId ?? null}, ${flow.id}, ${flow.version}, ${JSON.stringify(flow.steps)}::jsonb, ${approvalLink(s.kind, s.docId)})
        on conflict do nothing
        returning *`,
    );
    if (!inst) throw new AppError('VALIDATION', { detail: '该单据已在审批中，请勿重复提交' });
    await insertStateLog(tx, INSTANCE_TABLE, {
      enterpriseId: s.enterpriseId,
      id: Number(inst.id),
      from: null,
      to: 0,
      action: 'start',
      actorId,
      changed: { flowId: flow.id, flowVersion: flow.version },
    });
    await activateStep(tx, inst, 0);
    return { id: Number(inst.id), state: 0, step: 0 };
  });
}

export interface DecideInput {
  enterpriseId: number;
  actorId: number;
  id: number;
  action: ApprovalAction;
  comment?: string | null;
  /** transfer: the colleague who takes over the actor's task. */
  transferTo?: number;
}

interface OpenTask {
  id: number;
  user_id: number;
}

/** The actor's open task on the current step: his own first, else one delegated to him inside its window. */
async function openTaskOf(tx: Executor, enterpriseId: number, row: Record<string, unknown>, actorId: number): Promise<{ mine: OpenTask | null; open: number }> {
  const open = await rows<OpenTask>(
    tx,
    sql`select id::int as id, user_id::int as user_id from approval_tasks
      where enterprise_id = ${enterpriseId} and instance_id = ${Number(row.id)} and step = ${Number(row.step)} and decision is null order by id`,
  );
  const own = open.find((t) => t.user_id === actorId);
  if (own) return { mine: own, open: open.length };
  if (open.length === 0) return { mine: null, open: 0 };
  const principals = await rows<{ user_id: number }>(
    tx,
    sql`select user_id::int as user_id from approval_delegations where enterprise_id = ${enterpriseId} and delegate_id = ${actorId}
      and starts_at <= now() and ends_at > now()`,
  );
  const by = new Set(principals.map((p) => p.user_id));
  return { mine: open.find((t) => by.has(t.user_id)) ?? null, open: open.length };
}

/**
 * Approve, reject, withdraw or transfer one instance. The instance row is locked first, so parallel
 * decisions queue; changeState's compare-and-set on `rev` is the guarantee that each counts against the
 * state the one before left. On an all-of step every approver's approval counts once and the step
 * completes with the last; when the instance ends the kind's handler runs in this transaction.
 */
export async function decide(db: Db, d: DecideInput): Promise<{ state: number; step: number }> {
  if (d.action === 'reject' && !d.comment?.trim()) throw invalid('请输入驳回理由');
  for (let attempt = 0; ; attempt++) {
    try {
      return await decideOnce(db, d);
    } catch (err) {
      if (err instanceof AppError && err.code === 'STATE_CHANGED' && attempt < 3) continue;
      throw err;
    }
  }
}

async function decideOnce(db: Db, d: DecideInput): Promise<{ state: number; step: number }> {
  return db.transaction(async (tx) => {
    const [locked] = await rows<{ id: number; applicant_id: number }>(
      tx,
      sql`select id, applicant_id from approval_instances where enterprise_id = ${d.enterpriseId} and id = ${d.id} for update`,
    );
    if (!locked) throw new AppError('NOT_FOUND');
    if (d.action === 'transfer') {
      if (d.transferTo === d.actorId) throw invalid('转交人：不能转交给自己');
      if (d.transferTo === locked.applicant_id) throw invalid('转交人：不能转交给申请人');
      const [target] = await rows<{ id: number }>(
        tx,
        sql`select id from users where enterprise_id = ${d.enterpriseId} and id = ${d.transferTo ?? 0} and enabled and deleted_at is null`,
      );
      if (!target) throw invalid('转交人：该成员不存在或已停用');
    }
    let task: OpenTask | null = null;
    let ctxSeen: ApprovalCtx | null = null;
    const res = await changeState(tx, {
      table: INSTANCE_TABLE,
      machine: approvalMachine,
      enterpriseId: d.enterpriseId,
      id: d.id,
      action: d.action,
      actorId: d.actorId,
      note: d.comment?.trim() || null,
      ctxOf: async (row, t) => {
        const { mine, open } = await openTaskOf(t, d.enterpriseId, row, d.actorId);
        task = mine;
        const steps = row.steps as StoredStep[];
        const step = steps[Number(row.step)];
        const ctx: ApprovalCtx = {
          approver: mine !== null,
          applicant: Number(row.applicant_id) === d.actorId,
          completesStep: step?.mode !== 'all' || open <= 1,
          lastStep: Number(row.step) >= steps.length - 1,
        };
        ctxSeen = ctx;
        return ctx;
      },
      patchOf: ({ row, ctx, to }) => {
        const t = task as OpenTask | null;
        const step = Number(row.step);
        const advance = d.action === 'approve' && ctx.completesStep && !ctx.lastStep;
        return {
          step: advance ? step + 1 : step,
          last_act: {
            step,
            action: d.action,
            onBehalfOf: t && Number(t.user_id) !== d.actorId ? Number(t.user_id) : null,
            transferTo: d.action === 'transfer' ? (d.transferTo ?? null) : null,
          },
          finished_at: to === 0 ? null : sql`now()`,
        };
      },
    });
    const row = res.row;
    const t = task as OpenTask | null;
    const ctx = ctxSeen as ApprovalCtx | null;
    const step = Number(res.row.step);
    if (t && d.action === 'transfer') {
      const taken = await rows<{ one: number }>(
        tx,
        sql`select 1 as one from approval_tasks where enterprise_id = ${d.enterpriseId} and instance_id = ${d.id} and step = ${step}
          and user_id = ${d.transferTo ?? 0} and decision is null`,
      );
      if (taken.length) throw invalid('转交人：该成员已是当前步骤的审批人');
      await tx.execute(sql`update approval_tasks set decision = 3, acted_by = ${d.actorId}, comment = ${d.comment?.trim() || '转交'}, decided_at = now()
        where enterprise_id = ${d.enterpriseId} and id = ${t.id}`);
      await tx.execute(sql`insert into approval_tasks (enterprise_id, instance_id, step, user_id) values (${d.enterpriseId}, ${d.id}, ${step}, ${d.transferTo ?? 0})
        on conflict (enterprise_id, instance_id, step, user_id) do update set decision = null, acted_by = null, comment = null, decided_at = null`);
      await addNotices(tx, {
        enterpriseId: d.enterpriseId,
        userIds: [d.transferTo ?? 0],
        kind: 'approval_todo',
        title: `待审批：${titleOf(row)}`,
        content: '同事将审批转交给您',
        link: todoLink(d.id),
      });
      return { state: res.to, step };
    }
    if (t && (d.action === 'approve' || d.action === 'reject')) {
      await tx.execute(sql`update approval_tasks set decision = ${d.action === 'approve' ? 1 : 2}, acted_by = ${d.actorId},
          comment = ${d.comment?.trim() || null}, decided_at = now()
        where enterprise_id = ${d.enterpriseId} and id = ${t.id} and decision is null`);
    }
    const prevStep = Number(res.row.last_act ? (res.row.last_act as { step: number }).step : step);
    if (d.action === 'approve' && ctx?.completesStep) {
      // Any-of: the others of the step need not act any more.
      await tx.execute(sql`update approval_tasks set decision = 3, decided_at = now()
        where enterprise_id = ${d.enterpriseId} and instance_id = ${d.id} and step = ${prevStep} and decision is null`);
      if (res.to === 0) await activateStep(tx, row, step);
    }
    if (res.to !== 0) {
      await tx.execute(sql`update approval_tasks set decision = 3, decided_at = now()
        where enterprise_id = ${d.enterpriseId} and instance_id = ${d.id} and decision is null`);
      await publishApprovalEnded(tx, {
        enterpriseId: d.enterpriseId,
        instanceId: d.id,
        kind: String(row.kind),
        docId: Number(row.doc_id),
        result: res.to as 1 | 2 | 3,
        actorId: d.actorId,
        comment: d.comment?.trim() || null,
      });
      if (res.to === 1 || res.to === 2) {
        await addNotices(tx, {
          enterpriseId: d.enterpriseId,
          userIds: [Number(row.applicant_id)],
          kind: 'approval_result',
          title: `${res.to === 1 ? '审批已通过' : '审批已驳回'}：${titleOf(row)}`,
          content: d.comment?.trim() ?? '',
          link: String(row.link),
        });
      }
    }
    return { state: res.to, step };
  });
}

/** The waiting instance of a document, if any (for the owning area's pages). */
export async function waitingInstanceOf(ex: Executor, enterpriseId: number, kind: string, docId: number): Promise<Instance | null> {
  const [r] = await rows<{ id: number; state: number; step: number }>(
    ex,
    sql`select id::int as id, state, step from approval_instances where enterprise_id = ${enterpriseId} and kind = ${kind} and doc_id = ${docId} and state = 0`,
  );
  return r ? { id: r.id, state: r.state, step: r.step } : null;
}

/**
 * The document left approval another way (cancelled, moved to the recycle bin): its waiting instance ends as
 * withdrawn (3) in the caller's transaction and its open tasks close. The kind's end handler does not run —
 * the document has already moved. Answers whether an instance was waiting.
 */
export async function closeApproval(
  ex: Executor,
  c: { enterpriseId: number; kind: string; docId: number; actorId: number | null; note: string },
): Promise<boolean> {
  const inst = await waitingInstanceOf(ex, c.enterpriseId, c.kind, c.docId);
  if (!inst) return false;
  return (ex as Db).transaction(async (tx) => {
    await changeState(tx, {
      table: INSTANCE_TABLE,
      machine: approvalMachine,
      enterpriseId: c.enterpriseId,
      id: inst.id,
      action: 'withdraw',
      actorId: c.actorId,
      note: c.note,
      ctx: { approver: false, applicant: true, completesStep: false, lastStep: false },
      patchOf: ({ row }) => ({
        last_act: { step: Number(row.step), action: 'withdraw', onBehalfOf: null, transferTo: null },
        finished_at: sql`now()`,
      }),
    });
    await tx.execute(sql`update approval_tasks set decision = 3, decided_at = now()
      where enterprise_id = ${c.enterpriseId} and instance_id = ${inst.id} and decision is null`);
    return true;
  });
}
