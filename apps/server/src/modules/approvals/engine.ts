import { type ApprovalAction, type ApprovalCtx, approvalKindOf, approvalLink, approvalMachine } from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import type { StoredStep } from '../../db/schema/approvals';
import { AppError, invalid } from '../../platform/errors';
import { changeState, insertStateLog, type StateTable } from '../../platform/state';
import { addNotices } from '../notices/index';
import {
  type ApproverPick,
  adminIds,
  approverIds,
  closeOpenTasks,
  decideTask,
  enabledUserExists,
  firstFlow,
  hasFlowSql as flowSql,
  hasOpenTask,
  type InstanceRecord,
  insertInstance,
  insertTask,
  instanceOf,
  isWaiting,
  lockInstance,
  type OpenTask,
  openTasks,
  principalsNow,
  transferTask,
  waitingDeciders as decidersRow,
  waitingInstance,
} from './engine.repo';
import { publishApprovalEnded } from '../../platform/signals';
import { NOW } from '../../platform/sql';

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

/** The first enabled flow of the kind whose conditions hold (lowest sort, then oldest), with its current version's steps. */
export async function flowFor(ex: Executor, s: StartInput): Promise<FlowPick | null> {
  const f = await firstFlow(ex, s);
  return f ? { id: f.id, version: f.version, steps: f.steps } : null;
}

/**
 * hasFlow as a boolean SQL expression, for an area's own read before it files a document: false means startApproval
 * would start nothing, so the area need not call it.
 */
export const hasFlowSql = (s: Pick<StartInput, 'enterpriseId' | 'kind' | 'amount' | 'docType'>): SQL => flowSql(s);

/** Whether documents of the kind need approval now (some enabled flow exists), for areas that ask before starting. */
export async function hasFlow(ex: Executor, s: StartInput): Promise<boolean> {
  return (await flowFor(ex, s)) !== null;
}

/** What an approver entry names for this instance; null: it names nobody. */
function approverPick(inst: InstanceRecord, a: StoredStep['approvers'][number]): ApproverPick | null {
  if (a.type === 'user' && a.ids?.length) return { type: 'user', ids: a.ids };
  if (a.type === 'role' && a.ids?.length) return { type: 'role', ids: a.ids };
  if (a.type === 'responsible' && inst.responsible_id != null) return { type: 'responsible', id: inst.responsible_id };
  if (a.type === 'deptHead') return { type: 'deptHead', applicantId: inst.applicant_id };
  return null;
}

/** The people a step's approvers name, enabled and not deleted; nobody resolves → the enterprise's administrators. */
async function resolveApprovers(tx: Executor, inst: InstanceRecord, step: StoredStep): Promise<number[]> {
  const e = inst.enterprise_id;
  const found = new Set<number>();
  for (const a of step.approvers) {
    const pick = approverPick(inst, a);
    if (!pick) continue;
    for (const u of await approverIds(tx, e, pick)) found.add(u);
  }
  // The applicant never approves his own document.
  found.delete(inst.applicant_id);
  if (found.size === 0) for (const u of await adminIds(tx, e, inst.applicant_id)) found.add(u);
  return [...found];
}

/** An approver's notice opens the instance in his inbox: he may hold none of the document's own page powers. */
const todoLink = (instanceId: number): string => `/approvalProcess?id=${instanceId}`;

const titleOf = (inst: InstanceRecord) => {
  const label = approvalKindOf(inst.kind)?.label ?? '审批';
  return `${label}${inst.doc_no ? ` ${inst.doc_no}` : ''}${inst.title ? ` ${inst.title}` : ''}`;
};

/** Opens the tasks of step `step` and tells each approver. */
async function activateStep(tx: Tx, inst: InstanceRecord, step: number): Promise<void> {
  const s = inst.steps[step];
  if (!s) return;
  const e = inst.enterprise_id;
  const userIds = await resolveApprovers(tx, inst, s);
  for (const u of userIds) await insertTask(tx, e, inst.id, step, u);
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
    if (await isWaiting(tx, s.enterpriseId, s.kind, s.docId)) throw new AppError('VALIDATION', { detail: '该单据已在审批中，请勿重复提交' });
    const inst = await insertInstance(tx, {
      enterpriseId: s.enterpriseId,
      kind: s.kind,
      docId: s.docId,
      docNo: s.docNo ?? '',
      title: s.title ?? '',
      amount: s.amount ?? null,
      docType: s.docType ?? null,
      applicantId: s.applicantId,
      responsibleId: s.responsibleId ?? null,
      providerId: s.providerId ?? null,
      flowId: flow.id,
      flowVersion: flow.version,
      steps: flow.steps,
      link: approvalLink(s.kind, s.docId),
    });
    if (!inst) throw new AppError('VALIDATION', { detail: '该单据已在审批中，请勿重复提交' });
    await insertStateLog(tx, INSTANCE_TABLE, {
      enterpriseId: s.enterpriseId,
      id: inst.id,
      from: null,
      to: 0,
      action: 'start',
      actorId,
      changed: { flowId: flow.id, flowVersion: flow.version },
    });
    await activateStep(tx, inst, 0);
    return { id: inst.id, state: 0, step: 0 };
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

/** The actor's open task on the current step: his own first, else one delegated to him inside its window. */
async function openTaskOf(tx: Executor, enterpriseId: number, row: InstanceRecord, actorId: number): Promise<{ mine: OpenTask | null; open: number }> {
  const open = await openTasks(tx, enterpriseId, row.id, row.step);
  const own = open.find((t) => t.user_id === actorId);
  if (own) return { mine: own, open: open.length };
  if (open.length === 0) return { mine: null, open: 0 };
  const by = new Set(await principalsNow(tx, enterpriseId, actorId));
  return { mine: open.find((t) => by.has(t.user_id)) ?? null, open: open.length };
}

/**
 * Approve, reject, withdraw or transfer one instance, in the caller's transaction when `ex` is one (a savepoint), else in
 * its own. The instance row is locked first, so parallel decisions queue; changeState's compare-and-set on `rev` is the
 * guarantee that each counts against the state the one before left. On an all-of step every approver's approval counts
 * once and the step completes with the last; when the instance ends the kind's handler (`onApprovalEnd`) runs in this
 * transaction. A lost race inside (the handler's document moved between its read and its update) is tried again.
 */
export async function decide(ex: Executor, d: DecideInput): Promise<{ state: number; step: number }> {
  if (d.action === 'reject' && !d.comment?.trim()) throw invalid('请输入驳回理由');
  for (let attempt = 0; ; attempt++) {
    try {
      return await (ex as Db).transaction((tx) => decideOnce(tx, d));
    } catch (err) {
      if (err instanceof AppError && err.code === 'STATE_CHANGED' && attempt < 3) continue;
      throw err;
    }
  }
}

/** A decision on a document as its owning area asks it: the document's kind and id instead of the instance's id. */
export interface DocumentDecision extends Omit<DecideInput, 'id'> {
  /** The document's approval kind (or the kinds one document may wait on, e.g. an order's examine kinds). */
  kind: string | readonly string[];
  docId: number;
}

/**
 * The one question an owning area asks about a decision on its document (approve / reject from the document's own
 * page), inside the transaction that acts on the document: while an instance of the kind waits for the document (looked
 * up and locked here, once), the decision is the caller's in that instance (decide above; when the instance ends the
 * kind's `onApprovalEnd` handler moves the document in this same transaction) and its state and step are answered.
 * Null: no instance waits, and the area decides by its own machine in the same transaction. `check` runs on the locked
 * instance before the decision (the area's own refusals: the document moved since the user saw it, another examine
 * type…). The instance is locked before the document (the inbox's order too), so the two paths never deadlock.
 */
export async function decideDocument(tx: Tx, d: DocumentDecision, check?: (tx: Tx) => Promise<void>): Promise<{ state: number; step: number } | null> {
  const inst = await waitingInstance(tx, d.enterpriseId, d.kind, d.docId, { forUpdate: true });
  if (!inst) return null;
  await check?.(tx);
  const { kind: _kind, docId: _docId, ...rest } = d;
  return decide(tx, { ...rest, id: inst.id });
}

async function decideOnce(tx: Tx, d: DecideInput): Promise<{ state: number; step: number }> {
  const locked = await lockInstance(tx, d.enterpriseId, d.id);
  if (!locked) throw new AppError('NOT_FOUND');
  if (d.action === 'transfer') {
    if (d.transferTo === d.actorId) throw invalid('转交人：不能转交给自己');
    if (d.transferTo === locked.applicant_id) throw invalid('转交人：不能转交给申请人');
    if (!(await enabledUserExists(tx, d.enterpriseId, d.transferTo ?? 0))) throw invalid('转交人：该成员不存在或已停用');
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
    ctxOf: async (locked, t) => {
      const row = instanceOf(locked);
      const { mine, open } = await openTaskOf(t, d.enterpriseId, row, d.actorId);
      task = mine;
      const steps = row.steps;
      const step = steps[row.step];
      const ctx: ApprovalCtx = {
        approver: mine !== null,
        applicant: row.applicant_id === d.actorId,
        completesStep: step?.mode !== 'all' || open <= 1,
        lastStep: row.step >= steps.length - 1,
      };
      ctxSeen = ctx;
      return ctx;
    },
    patchOf: ({ row, ctx, to }) => {
      const t = task as OpenTask | null;
      const step = instanceOf(row).step;
      const advance = d.action === 'approve' && ctx.completesStep && !ctx.lastStep;
      return {
        step: advance ? step + 1 : step,
        last_act: {
          step,
          action: d.action,
          onBehalfOf: t && t.user_id !== d.actorId ? t.user_id : null,
          transferTo: d.action === 'transfer' ? (d.transferTo ?? null) : null,
        },
        finished_at: to === 0 ? null : NOW,
      };
    },
  });
  const row = instanceOf(res.row);
  const t = task as OpenTask | null;
  const ctx = ctxSeen as ApprovalCtx | null;
  const step = row.step;
  if (t && d.action === 'transfer') {
    if (await hasOpenTask(tx, d.enterpriseId, d.id, step, d.transferTo ?? 0)) throw invalid('转交人：该成员已是当前步骤的审批人');
    await transferTask(tx, {
      enterpriseId: d.enterpriseId,
      instanceId: d.id,
      step,
      taskId: t.id,
      actorId: d.actorId,
      comment: d.comment?.trim() || '转交',
      to: d.transferTo ?? 0,
    });
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
    await decideTask(tx, d.enterpriseId, t.id, d.action === 'approve' ? 1 : 2, d.actorId, d.comment?.trim() || null);
  }
  const prevStep = row.last_act ? row.last_act.step : step;
  if (d.action === 'approve' && ctx?.completesStep) {
    // Any-of: the others of the step need not act any more.
    await closeOpenTasks(tx, d.enterpriseId, d.id, prevStep);
    if (res.to === 0) await activateStep(tx, row, step);
  }
  if (res.to !== 0) {
    await closeOpenTasks(tx, d.enterpriseId, d.id);
    await publishApprovalEnded(tx, {
      enterpriseId: d.enterpriseId,
      instanceId: d.id,
      kind: row.kind,
      docId: row.doc_id,
      result: res.to as 1 | 2 | 3,
      actorId: d.actorId,
      comment: d.comment?.trim() || null,
    });
    if (res.to === 1 || res.to === 2) {
      await addNotices(tx, {
        enterpriseId: d.enterpriseId,
        userIds: [row.applicant_id],
        kind: 'approval_result',
        title: `${res.to === 1 ? '审批已通过' : '审批已驳回'}：${titleOf(row)}`,
        content: d.comment?.trim() ?? '',
        link: row.link,
      });
    }
  }
  return { state: res.to, step };
}

/** The waiting instance of a document, if any (for the owning area's pages). */
export async function waitingInstanceOf(ex: Executor, enterpriseId: number, kind: string, docId: number): Promise<Instance | null> {
  const r = await waitingInstance(ex, enterpriseId, kind, docId);
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
        last_act: { step: instanceOf(row).step, action: 'withdraw', onBehalfOf: null, transferTo: null },
        finished_at: NOW,
      }),
    });
    await closeOpenTasks(tx, c.enterpriseId, inst.id);
    return true;
  });
}

/**
 * Who decides a document now: the open tasks' holders of its waiting instance (a flow named them; the engine's
 * fallback named the administrators); null when no instance waits (the area names its own deciders then).
 */
export function waitingDeciders(ex: Executor, enterpriseId: number, kind: string, docId: number): Promise<{ id: number; name: string }[] | null> {
  return decidersRow(ex, enterpriseId, kind, docId);
}
