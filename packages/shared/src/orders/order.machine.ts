import type { ErrorCode } from '../common/errors';
import type { Decision, Machine } from '../common/machine';
import type { AbnormalKind, ExamineType } from './orders.constants';

/**
 * The work-order lifecycle as a pure transition table (docs/orders.md explains each choice):
 * state × action × the order's process settings and flags × the actor's part → next state or refusal.
 */

export const ORDER_ACTIONS = [
  'acceptance',
  'invalid',
  'keepDate',
  'workerBespokeDate',
  'dispatch',
  'grab',
  'revokeGrab',
  'accept',
  'refuseOrder',
  'startService',
  'serviceComplete',
  'applyEndService',
  'cancel',
  'employeeCancel',
  'applyAbnormalOrder',
  'handleAbnormal',
  'rejectAbnormal',
  'approve',
  'reject',
  'receipt',
  'collect',
  'archive',
  'edit',
  'employeeEdit',
  'delete',
  'restore',
  'reconcile',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Who decides an approval: a role (by the approver's current role), a named person, or the order's dispatcher. */
export type OrderApprover = { by: 'role'; role: number } | { by: 'user'; userId: number } | { by: 'dispatcher' };
/** The approvals a process may require, by examine type (1 creation, 2 completion, 3 receipt, 4 collection). */
export const APPROVAL_KINDS = ['create', 'complete', 'receipt', 'collection'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_KIND_OF_TYPE: Record<ExamineType, ApprovalKind> = { 1: 'create', 2: 'complete', 3: 'receipt', 4: 'collection' };

/** The order stages in order: key i is stage i + 1 of ORDER_STAGES. */
export const ORDER_STAGE_KEYS = ['acceptance', 'dispatch', 'pickup', 'appointment', 'service', 'receipt', 'payment', 'abnormal', 'returnVisit'] as const;
export type OrderStage = (typeof ORDER_STAGE_KEYS)[number];

/** The hook points ("before" each step); the server maps each to its machine actions. */
export const ORDER_HOOK_POINTS = [
  'acceptance',
  'dispatch',
  'accepting',
  'reservation',
  'startService',
  'endService',
  'receipt',
  'collection',
  'reconciliation',
] as const;
export type OrderHookPoint = (typeof ORDER_HOOK_POINTS)[number];

/** What a hook point requires before it lets the order pass. */
export interface StepRequirement {
  /** Fields of the order's template (ids) that must be filled. */
  fields: number[];
  /** A signature field (type 21) of the order or its receipt is filled. */
  signature: boolean;
  /** At least one photo: an image field (type 10) of the order or its receipt, or an attachment. */
  photos: boolean;
  /** A fault mode (/fault/mode, a remedy of the order's product category) is recorded on the order. */
  faultMode?: boolean;
}

/** Who acts in a stage: person types 0–5 and roles 1–10. */
export interface StageActors {
  personTypes: number[];
  roles: number[];
}

/** The process settings an order pinned at creation (its process version). */
export interface OrderProcess {
  /** Stage 1: new orders wait in 0 for acceptance (受理) before dispatch. */
  acceptance: boolean;
  /** Stage 2: orders wait in 1 to be dispatched; without it they go straight to 3 with their creator as service person. */
  dispatch: boolean;
  /** Stage 3 (pickup): after dispatch the engineer accepts (接单, state 2); without it dispatch leads straight to 3. */
  engineerAccept: boolean;
  /** Stage 4: appointments (keepDate, workerBespokeDate). */
  appointment: boolean;
  /** Stage 5: service starts (4) before it completes; without it the engineer completes from 3. */
  service: boolean;
  /** Stage 6: receipt (回执). */
  receipt: boolean;
  /** Stage 7: payment (收款). */
  payment: boolean;
  /** Stage 8: the engineer's exception request (异常申请). */
  abnormal: boolean;
  /** Stage 9: return visits (read by the return-visit module; the machine does not use it). */
  returnVisit: boolean;
  /** Approvals by examine type: 1 creation, 2 completion, 3 receipt, 4 collection. */
  createApproval: boolean;
  completeApproval: boolean;
  receiptApproval: boolean;
  collectionApproval: boolean;
  /** Who approves each approval; absent: administrators and the dispatcher role. */
  approvers: Partial<Record<ApprovalKind, OrderApprover>>;
  /** Who acts in each stage (shown and kept with the version; the machine keeps its own parts). */
  actors: Partial<Record<OrderStage, StageActors>>;
  /** What each hook point requires. */
  requirements: Partial<Record<OrderHookPoint, StepRequirement>>;
}
export const DEFAULT_ORDER_PROCESS: OrderProcess = {
  acceptance: false,
  dispatch: true,
  engineerAccept: true,
  appointment: true,
  service: true,
  receipt: true,
  payment: true,
  abnormal: true,
  returnVisit: true,
  createApproval: false,
  completeApproval: false,
  receiptApproval: false,
  collectionApproval: false,
  approvers: {},
  actors: {},
  requirements: {},
};

/** Flags of the order besides its state. */
export interface OrderFlags {
  invalid: boolean;
  /** A pending change request (applyAbnormalOrder) and its kind, or null. */
  abnormal: AbnormalKind | null;
  /** The approval the order waits for, or null. */
  examineType: ExamineType | null;
  archived: boolean;
  deleted: boolean;
  /** Offered in the order pool (high seas) for engineers to grab. */
  inPool: boolean;
  /** The current service person took it from the pool (so may give it back). */
  grabbed: boolean;
  receipted: boolean;
  collected: boolean;
  /** Finance confirmed the collected fees (对账). */
  reconciled: boolean;
}
export const NO_FLAGS: OrderFlags = {
  invalid: false,
  abnormal: null,
  examineType: null,
  archived: false,
  deleted: false,
  inPool: false,
  grabbed: false,
  receipted: false,
  collected: false,
  reconciled: false,
};

/** The actor's parts on this order (person types 0–5, plus creator and copied-to). */
export type OrderPart = 'creator' | 'salesperson' | 'acceptor' | 'dispatcher' | 'service' | 'collaborator' | 'returnVisitor' | 'copied';

export interface OrderActor {
  parts: readonly OrderPart[];
  /** System administrator (role 3). */
  admin: boolean;
  /** Holds the dispatcher role (1): manages orders. */
  dispatchRole: boolean;
  /** Holds the acceptance customer-service role (6). */
  acceptRole: boolean;
  /** Holds the service-person role (2): may grab from the pool. */
  serviceRole: boolean;
  /** May decide the approval this order waits for (from the process's approvers). */
  approver: boolean;
  /** The current role (1–10), for the process's stage actors. */
  role?: number | null;
}

export interface OrderContext {
  process: OrderProcess;
  flags: OrderFlags;
  actor: OrderActor;
}

type Who = (a: OrderActor) => boolean;
const has =
  (...parts: OrderPart[]): Who =>
  (a) =>
    parts.some((p) => a.parts.includes(p));
const either =
  (...ws: Who[]): Who =>
  (a) =>
    ws.some((w) => w(a));
const staff: Who = (a) => a.admin || a.dispatchRole;
const admin: Who = (a) => a.admin;
const acceptStaff: Who = (a) => a.admin || a.dispatchRole || a.acceptRole;
const service = has('service');
const approver: Who = (a) => a.approver;
/** Administrators and the finance role (8): reconciliation. */
const finance: Who = (a) => a.admin || a.role === 8;

/** One action: from which states, under which conditions (a refusal code), by whom, to which state. */
interface Rule {
  from: readonly number[];
  /** The refusal when the actor may not (default ORDER_ACTOR). */
  notWho?: ErrorCode;
  /** A refusal from the flags or settings, checked after the state. */
  unless?: (c: OrderContext, state: number) => ErrorCode | null;
  who: Who;
  to: (state: number, c: OrderContext) => number;
}

const same = (s: number) => s;
const BAD: ErrorCode = 'ORDER_INVALID_TRANSITION';
const ifAbnormal = (c: OrderContext): ErrorCode | null => (c.flags.abnormal ? 'ORDER_ABNORMAL' : null);
const OFF: ErrorCode = 'ORDER_STAGE_OFF';
/** A stage the process switched off refuses its actions. */
const stage =
  (on: (p: OrderProcess) => boolean, then?: (c: OrderContext, s: number) => ErrorCode | null) =>
  (c: OrderContext, s: number): ErrorCode | null =>
    on(c.process) ? (then?.(c, s) ?? null) : OFF;
/** Without the dispatch stage an accepted or approved order goes straight to pending service. */
const afterAcceptance = (p: OrderProcess): number => (p.dispatch ? 1 : 3);
/** Completion from 3 only when the service stage is off (there is no 4 to pass through). */
const completable = (c: OrderContext, s: number): ErrorCode | null => (s === 3 && c.process.service ? BAD : ifAbnormal(c));
/** State 7 holds both creation and completion approvals; only a creation-pending order may still be cancelled. */
const cancellable = (c: OrderContext, s: number): ErrorCode | null => (s === 7 && c.flags.examineType !== 1 ? BAD : null);
/** The pending approval must belong to the state: 7 ↔ creation/completion, 5 ↔ receipt/collection. */
const examinable = (c: OrderContext, s: number): ErrorCode | null => {
  const t = c.flags.examineType;
  if (t == null) return BAD;
  return (s === 7) === (t === 1 || t === 2) ? null : BAD;
};

export const ORDER_RULES: Record<OrderAction, Rule> = {
  acceptance: { from: [0], who: acceptStaff, to: (_, c) => afterAcceptance(c.process) },
  invalid: { from: [0], who: acceptStaff, to: same },
  keepDate: { from: [1, 2, 3], unless: stage((p) => p.appointment), who: either(acceptStaff, has('dispatcher')), to: same },
  workerBespokeDate: { from: [3], unless: stage((p) => p.appointment, ifAbnormal), who: service, to: same },
  dispatch: { from: [1, 2, 3], who: staff, to: (_, c) => (c.process.engineerAccept ? 2 : 3) },
  grab: { from: [1], unless: (c) => (c.flags.inPool ? null : 'ORDER_NOT_IN_POOL'), who: (a) => a.serviceRole, to: () => 3 },
  revokeGrab: { from: [3], unless: (c) => (c.flags.grabbed ? ifAbnormal(c) : BAD), who: service, to: () => 1 },
  accept: { from: [2], unless: ifAbnormal, who: service, to: () => 3 },
  refuseOrder: { from: [2], unless: ifAbnormal, who: service, to: () => 1 },
  startService: { from: [3], unless: stage((p) => p.service, ifAbnormal), who: service, to: () => 4 },
  serviceComplete: {
    from: [3, 4],
    unless: (c, s) => completable(c, s) ?? (c.process.completeApproval ? 'ORDER_NEEDS_APPROVAL' : null),
    who: either(service, admin),
    to: () => 5,
  },
  applyEndService: {
    from: [3, 4],
    unless: (c, s) => completable(c, s) ?? (c.process.completeApproval ? null : 'ORDER_NO_APPROVAL'),
    who: either(service, admin),
    to: () => 7,
  },
  cancel: { from: [0, 1, 2, 3, 4, 7], unless: cancellable, who: staff, to: () => 6 },
  employeeCancel: { from: [0, 1, 2, 3, 7], unless: cancellable, who: has('creator'), to: () => 6 },
  applyAbnormalOrder: { from: [2, 3, 4], unless: stage((p) => p.abnormal, ifAbnormal), who: service, to: same },
  handleAbnormal: {
    from: [2, 3, 4],
    unless: (c) => (c.flags.abnormal ? null : BAD),
    who: staff,
    to: (s, c) => (c.flags.abnormal === 3 ? 6 : c.flags.abnormal === 2 ? 1 : s),
  },
  rejectAbnormal: { from: [2, 3, 4], unless: (c) => (c.flags.abnormal ? null : BAD), who: staff, to: same },
  approve: {
    from: [5, 7],
    unless: examinable,
    who: approver,
    notWho: 'ORDER_NOT_APPROVER',
    to: (s, c) => (c.flags.examineType === 1 ? (c.process.acceptance ? 0 : afterAcceptance(c.process)) : c.flags.examineType === 2 ? 5 : s),
  },
  reject: {
    from: [5, 7],
    unless: examinable,
    who: approver,
    notWho: 'ORDER_NOT_APPROVER',
    to: (s, c) => (c.flags.examineType === 1 ? 6 : c.flags.examineType === 2 ? 4 : s),
  },
  receipt: {
    from: [5],
    unless: stage(
      (p) => p.receipt,
      (c) => (c.flags.receipted || c.flags.examineType === 3 ? BAD : null),
    ),
    who: either(service, staff),
    to: same,
  },
  collect: {
    from: [5],
    unless: stage(
      (p) => p.payment,
      (c) => (c.flags.collected || c.flags.examineType === 4 ? BAD : null),
    ),
    who: either(service, staff),
    to: same,
  },
  archive: { from: [5, 6], who: staff, to: same },
  edit: { from: [0, 1, 2, 3, 4, 7], who: either(acceptStaff, has('creator')), to: same },
  employeeEdit: { from: [3, 4], who: has('service', 'collaborator'), to: same },
  delete: { from: [0, 1, 2, 3, 4, 5, 6, 7], who: admin, to: same },
  restore: { from: [0, 1, 2, 3, 4, 5, 6, 7], unless: (c) => (c.flags.deleted ? null : BAD), who: admin, to: same },
  // 对账: finance confirms the fees of a completed order once they are collected (and the collection approved, when asked).
  reconcile: { from: [5], unless: (c) => (!c.flags.collected || c.flags.examineType === 4 || c.flags.reconciled ? BAD : null), who: finance, to: same },
};

/** The stage whose actors (OrderProcess.actors) an action belongs to. */
const STAGE_OF: Partial<Record<OrderAction, OrderStage>> = {
  acceptance: 'acceptance',
  invalid: 'acceptance',
  dispatch: 'dispatch',
  accept: 'pickup',
  refuseOrder: 'pickup',
  grab: 'pickup',
  keepDate: 'appointment',
  workerBespokeDate: 'appointment',
  startService: 'service',
  serviceComplete: 'service',
  applyEndService: 'service',
  receipt: 'receipt',
  collect: 'payment',
  applyAbnormalOrder: 'abnormal',
};
/** Person types 0–5 as parts on the order. */
const PERSON_PART: readonly OrderPart[] = ['salesperson', 'acceptor', 'dispatcher', 'service', 'collaborator', 'returnVisitor'];

/**
 * A stage that names its actors narrows who may act in it to those person types and roles
 * (administrators always may); it never lets in someone the table does not.
 */
function stageActorOk(action: OrderAction, c: OrderContext): boolean {
  const stage = STAGE_OF[action];
  const who = stage ? c.process.actors[stage] : undefined;
  if (!who || (who.personTypes.length === 0 && who.roles.length === 0) || c.actor.admin) return true;
  if (who.personTypes.some((t) => c.actor.parts.includes(PERSON_PART[t] as OrderPart))) return true;
  return c.actor.role != null && who.roles.includes(c.actor.role);
}

/** Flags that freeze an order whatever its state: in the recycle bin, marked invalid, archived. */
function frozen(action: OrderAction, f: OrderFlags): boolean {
  if (f.deleted) return action !== 'restore';
  if (f.invalid || f.archived) return action !== 'delete';
  return false;
}

export function decideOrder(state: number, action: OrderAction, c: OrderContext): Decision {
  const r = ORDER_RULES[action];
  if (!r?.from.includes(state) || frozen(action, c.flags)) return { refuse: BAD };
  const refusal = r.unless?.(c, state);
  if (refusal) return { refuse: refusal };
  if (!r.who(c.actor) || !stageActorOk(action, c)) return { refuse: r.notWho ?? 'ORDER_ACTOR' };
  return { to: r.to(state, c) };
}

export const orderMachine: Machine<OrderAction, OrderContext> = { name: 'order', actions: ORDER_ACTIONS, decide: decideOrder };

/** Where a new order starts: creation approval first (7), then acceptance (0), dispatch (1), else pending service (3). */
export function initialOrderState(p: OrderProcess): { state: number; examineType: ExamineType | null } {
  if (p.createApproval) return { state: 7, examineType: 1 };
  return { state: p.acceptance ? 0 : afterAcceptance(p), examineType: null };
}

/** The approval a change opens (set as the order's pending examineType), or null. */
export function examineOpened(action: OrderAction, p: OrderProcess): ExamineType | null {
  if (action === 'applyEndService') return 2;
  if (action === 'receipt' && p.receiptApproval) return 3;
  if (action === 'collect' && p.collectionApproval) return 4;
  return null;
}
