import {
  type AbnormalKind,
  abilitiesOf,
  APPROVAL_KIND_OF_TYPE,
  DEFAULT_ORDER_PROCESS,
  type ExamineType,
  examineOpened,
  ORDER_PEOPLE_PARTS,
  type OrderAction,
  type OrderActor,
  type OrderContext,
  type OrderFlags,
  type OrderPart,
  type OrderProcess,
  orderMachine,
} from '@sk/shared';
import type { Executor, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { EnqueueInput } from '../../platform/jobs';
import { asOrderRecord, type OrderRecord, type OrderRecordWith, lockedOrderRecord } from './orders.repo';
import { openableOrders } from './scope';
import { movableOrders, VIEWER_PARTS, viewerPartsColumn, viewerPartsOf } from './state.repo';
import { examineApplicantOf } from './examine.kinds';
import { holdsOpenTask, waitingOrderApproval } from './examine.repo';
import { changeState, type HookContext, type PatchValue, registerStateHook, type StateResult, type StateTable } from '../../platform/state';
import type { Actor, SystemActor } from '../../platform/actor';
import { NOW } from '../../platform/sql';

/**
 * Orders on the platform's state change: where the state and log live, the context the machine
 * decides on (read from the very row the change updates), the columns each action sets, and the
 * named hook points ("before" each step, ORDER_HOOK_POINTS). Every order endpoint that acts calls `moveOrder`.
 */
export const ORDER_STATE: StateTable = {
  table: 'orders',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'order_logs', recordColumn: 'order_id' },
};

const actorIdOf = (v: SystemActor): number | null => (v.id > 0 ? v.id : null);

type Row = OrderRecord;

export const processOf = (row: Pick<OrderRecord, 'process'>): OrderProcess => ({
  ...DEFAULT_ORDER_PROCESS,
  ...(row.process as Partial<OrderProcess> | null),
});

/** The examine the order waits for: only a pending approval (result 0) is waited for; a decided one is history. */
export const waitedExamine = (row: Pick<OrderRecord, 'examine_type' | 'examine_result'>): ExamineType | null =>
  row.examine_result === 0 ? (row.examine_type as ExamineType | null) : null;

export function flagsOf(row: Row): OrderFlags {
  return {
    invalid: row.invalid === true,
    abnormal: row.abnormal_kind as AbnormalKind | null,
    examineType: waitedExamine(row),
    archived: row.place_state === 1,
    deleted: row.deleted_at != null,
    inPool: row.in_pool === true,
    grabbed: row.grabbed === true,
    receipted: row.receipted_at != null,
    collected: row.paid_at != null,
    reconciled: row.reconciled_at != null,
  };
}

const PART_COLUMNS: [OrderPart, keyof OrderRecord][] = [
  ['creator', 'created_by'],
  ['salesperson', 'salesperson_id'],
  ['acceptor', 'acceptor_id'],
  ['dispatcher', 'dispatcher_id'],
  ['service', 'service_user_id'],
  ['returnVisitor', 'return_visitor_id'],
];

/** The viewer's order_people parts read with the row itself (lockOrder), so deciding on it asks nothing more. */
const viewerParts = new WeakMap<Row, { viewerId: number; parts: number[] }>();

/** The row an action holds, locked by withOrder in its transaction: moveOrder's change takes it instead of reading again (once). */
const heldRows = new WeakMap<object, Row>();

/**
 * The order of the viewer's scope, locked FOR UPDATE for the transaction `tx`, with the viewer's order_people parts in
 * the same statement; the next moveOrder of this order in `tx` decides on it without reading it again.
 */
export async function lockOrder(tx: Tx, v: SystemActor, id: number): Promise<OrderRecord> {
  const got = await lockedOrderRecord(tx, v, id, openableOrders(v), viewerPartsColumn(v));
  if (!got) throw new AppError('NOT_FOUND');
  const row = withViewerParts(got, v);
  heldRows.set(tx, row);
  return row;
}

/** The row read with viewerPartsColumn, without that column: deciding on it for `v` (actorOf) reads nothing more. */
export function withViewerParts(got: OrderRecordWith, v: Pick<Actor, 'id'>): OrderRecord {
  const { [VIEWER_PARTS]: parts, ...row } = got;
  viewerParts.set(row, { viewerId: v.id, parts: (parts ?? []) as number[] });
  return row;
}

/** The viewer's parts on the order and the roles that matter to the machine. */
export async function actorOf(ex: Executor, v: SystemActor, row: Row): Promise<OrderActor> {
  const parts = PART_COLUMNS.filter(([, col]) => row[col] === v.id).map(([p]) => p);
  const held = viewerParts.get(row);
  const people = held && held.viewerId === v.id ? held.parts.map((part) => ({ part })) : await viewerPartsOf(ex, v, row.id);
  for (const p of people) {
    if (p.part === ORDER_PEOPLE_PARTS.collaborator) parts.push('collaborator');
    if (p.part === ORDER_PEOPLE_PARTS.copied) parts.push('copied');
  }
  const role = v.sysrole;
  return { parts, admin: v.admin, dispatchRole: role === 1, acceptRole: role === 6, serviceRole: role === 2, approver: await mayExamine(ex, v, row), role };
}

/**
 * May decide the examine the order waits for now. An approval flow's instance (docs/approvals.md) gives it to
 * those holding an open task of its current step; without one, the process's approver (isApprover) unless he
 * caused the examine himself — nobody examines what he submitted.
 */
async function mayExamine(ex: Executor, v: SystemActor, row: Row): Promise<boolean> {
  if (!flagsOf(row).examineType || row.id == null) return isApprover(v, row);
  const inst = await waitingOrderApproval(ex, v.enterpriseId, row.id);
  if (inst) return v.id > 0 && holdsOpenTask(ex, v.enterpriseId, inst.id, v.id);
  return isApprover(v, row) && (v.id <= 0 || (await examineApplicantOf(ex, v.enterpriseId, row)) !== v.id);
}

/**
 * May decide the approval the order waits for: the approver its pinned process names for that approval
 * (a role by the current role, a named person, or the order's dispatcher); without one, administrators
 * and the dispatcher role. An order never dispatched has no dispatcher: its administrators decide.
 */
export function isApprover(v: SystemActor, row: Pick<OrderRecord, 'examine_type' | 'examine_result' | 'process' | 'dispatcher_id'>): boolean {
  const type = waitedExamine(row);
  const who = type ? processOf(row).approvers[APPROVAL_KIND_OF_TYPE[type]] : undefined;
  if (!who) return v.admin || v.sysrole === 1;
  if (who.by === 'role') return v.sysrole === who.role;
  if (who.by === 'user') return v.id === who.userId;
  const dispatcher = row.dispatcher_id;
  return dispatcher == null ? v.admin : dispatcher === v.id;
}

export async function orderContext(ex: Executor, v: SystemActor, row: Row): Promise<OrderContext> {
  return { process: processOf(row), flags: flagsOf(row), actor: await actorOf(ex, v, row) };
}

/** The detail answer's `abilities`: the actions this viewer may take on this order now. */
export async function orderAbilities(ex: Executor, v: SystemActor, row: Row): Promise<OrderAction[]> {
  return abilitiesOf(orderMachine, row.state, await orderContext(ex, v, row));
}

const unassigned = { service_user_id: null, taken_by: null, taken_at: null, grabbed: false };

/** Columns an approval decision sets, by examine type. */
function examinePatch(type: ExamineType | null, approved: boolean, actorId: number | null): Record<string, PatchValue> {
  const p: Record<string, PatchValue> = { examine_result: approved ? 1 : 2 };
  if (type === 1) Object.assign(p, { create_examine_operator_id: actorId, create_examined_at: NOW });
  if (type === 2) Object.assign(p, { complete_examine_operator_id: actorId, complete_examined_at: NOW }, approved ? { finished_at: NOW } : {});
  // A rejected receipt or collection is to be done again.
  if (type === 3) Object.assign(p, { receipt_examined_at: NOW }, approved ? {} : { receipted_at: null });
  if (type === 4) Object.assign(p, { collection_examined_at: NOW }, approved ? {} : { paid_at: null });
  return p;
}

/** The columns that follow from an action (times, people, flags); the endpoint adds its own fields over these. */
export function standardPatch(action: OrderAction, d: { ctx: OrderContext; to: number }, actorId: number | null): Record<string, PatchValue> {
  const opened = (a: OrderAction): Record<string, PatchValue> => {
    const t = examineOpened(a, d.ctx.process);
    return t ? { examine_type: t, examine_result: 0 } : {};
  };
  switch (action) {
    case 'acceptance':
      return { accepted_at: NOW, acceptor_id: actorId };
    case 'invalid':
      return { invalid: true, accepted_at: NOW, acceptor_id: actorId };
    case 'dispatch':
      return { dispatched_at: NOW, dispatcher_id: actorId, in_pool: false, abnormal_kind: null, abnormal_reason: null, ...unassigned };
    case 'grab':
      return { service_user_id: actorId, taken_by: actorId, taken_at: NOW, in_pool: false, grabbed: true };
    case 'revokeGrab':
      return { ...unassigned, in_pool: true };
    case 'accept':
      return { taken_by: actorId, taken_at: NOW };
    case 'refuseOrder':
      return unassigned;
    case 'startService':
      return { started_at: NOW };
    case 'serviceComplete':
      return { finished_at: NOW };
    case 'applyEndService':
      return opened(action);
    case 'cancel':
    case 'employeeCancel':
      return { cancelled_at: NOW };
    case 'applyAbnormalOrder':
      return { abnormal_by: actorId, abnormal_at: NOW };
    case 'handleAbnormal':
    case 'rejectAbnormal':
      return { abnormal_kind: null, abnormal_reason: null, ...(d.to === 1 ? unassigned : {}), ...(d.to === 6 ? { cancelled_at: NOW } : {}) };
    case 'approve':
    case 'reject':
      return examinePatch(d.ctx.flags.examineType, action === 'approve', actorId);
    case 'receipt':
      return { receipted_at: NOW, ...opened(action) };
    case 'collect':
      return { paid_at: NOW, ...opened(action) };
    case 'archive':
      return { place_state: 1, archived_at: NOW };
    case 'delete':
      return { deleted_at: NOW, deleted_by: actorId };
    case 'restore':
      return { deleted_at: null, deleted_by: null };
    case 'reconcile':
      return { reconciled_at: NOW, reconciled_by: actorId };
    default:
      return {};
  }
}

export interface OrderMove {
  /** The endpoint's own columns (e.g. service_user_id on dispatch), set over the standard ones. */
  patch?: Record<string, PatchValue>;
  note?: string | null;
  /** The state the user saw (from the detail page): a moved order answers STATE_CHANGED. */
  expected?: number | readonly number[];
  follow?: EnqueueInput[];
}

/** One action on one order of the viewer's enterprise: machine, compare-and-set, log, hooks, follow-ups. */
export function moveOrder(ex: Executor, v: SystemActor, id: number, action: OrderAction, o: OrderMove = {}): Promise<StateResult> {
  const held = heldRows.get(ex);
  const current = held && held.id === id ? held : undefined;
  if (current) heldRows.delete(ex);
  return changeState(ex, {
    current,
    table: ORDER_STATE,
    machine: orderMachine,
    enterpriseId: v.enterpriseId,
    id,
    action,
    actorId: actorIdOf(v),
    ctxOf: (row, tx) => orderContext(tx, v, asOrderRecord(row)),
    patchOf: (d) => ({ ...standardPatch(action, d, actorIdOf(v)), ...o.patch }),
    // Orders in the recycle bin are not found, except to be restored.
    // The one order scope, at the one place orders change: an order outside it is not found.
    guard: movableOrders(v, action === 'restore'),
    note: o.note,
    expected: o.expected,
    follow: o.follow,
  });
}

/**
 * The order-step hook points ("before" each step), by the actions that perform the
 * step. A check registered here runs inside the action's transaction and refuses with its AppError.
 * Reconciliation is the finance role's `reconcile` (/order/reconcile, docs/decisions.md).
 */
export const ORDER_STEPS = {
  acceptance: ['acceptance'],
  dispatch: ['dispatch'],
  accepting: ['accept', 'grab'],
  reservation: ['keepDate', 'workerBespokeDate'],
  startService: ['startService'],
  endService: ['serviceComplete', 'applyEndService'],
  receipt: ['receipt'],
  collection: ['collect'],
  reconciliation: ['reconcile'],
} as const satisfies Record<string, readonly OrderAction[]>;
export type OrderStep = keyof typeof ORDER_STEPS;

/** Registers a check before an order step; answers a function that removes it. */
export function beforeOrderStep(step: OrderStep, check: (h: HookContext<OrderContext>) => Promise<void>, name?: string): () => void {
  const offs = ORDER_STEPS[step].map((action) => registerStateHook<OrderContext>(orderMachine, action, { check }, name));
  return () => {
    for (const off of offs) off();
  };
}
