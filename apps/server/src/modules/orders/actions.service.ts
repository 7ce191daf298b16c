import {
  ABNORMAL_KINDS,
  type AcceptanceBody,
  type ApplyAbnormalBody,
  allowed,
  APPROVAL_KIND_OF_TYPE,
  type BespokeBody,
  type CollectBody,
  type CompleteBody,
  type DispatchBody,
  decideOrder,
  EXAMINE_TYPES,
  type ExamineBody,
  type ExtValues,
  type HandleAbnormalBody,
  type MissingItem,
  ORDER_PEOPLE_PARTS,
  type OrderAction,
  type ReceiptBody,
} from '@sk/shared';
import type { Db, Executor, Tx } from '../../db/client';
import type { PatchValue, StateResult } from '../../platform/state';
import { AppError, invalid } from '../../platform/errors';
import { bigints, NOW } from '../../platform/sql';
import { currentVersionOf, validateAndComputeExt } from '../forms/index';
import { latestVersion } from '../forms/index';
import { missingBeforeFinish, missingMessage, RECEIPT_FORM_KIND, receiptVersionOf } from './checks';
import { orderInScope } from './scope';
import type { SystemActor, Actor } from '../../platform/actor';
import { decideDocument } from '../approvals/index';
import { examineApplicantOf } from './examine.kinds';
import { ORDER_APPROVAL_KINDS, waitingOrderApproval } from './examine.repo';
import { orderStateOf } from './state.repo';
import { flagsOf, isApprover, lockOrder, moveOrder, orderContext, processOf, waitedExamine } from './order.state';
import { accountForOrder } from './receive.service';
import {
  approverFields,
  assignableProviderName,
  assigneeName,
  instantIn,
  keepOpKey,
  opKeyOf,
  outsourcedProvider,
  replacePeople,
  servicePeopleRows,
  uploadExt,
} from './actions.repo';
import type { OrderRecord } from './orders.repo';
import { checkFiles } from '../customers/index';

/**
 * The lifecycle actions of an order, each one `moveOrder` (docs/orders.md) inside `withOrder`, which
 * first locks the row and asks the machine: a refused action answers the machine's message before any
 * input check, and the columns an action computes from the order (form values, the abnormal request,
 * the approval waited for) are computed from the row it updates.
 */

export interface ActionResult {
  id: number;
  state: number;
}
type Row = OrderRecord;
const done = (id: number, r: StateResult): ActionResult => ({ id, state: r.to });
const join = (...parts: (string | null | undefined)[]): string | null => parts.filter(Boolean).join('；') || null;

/** What the page showed of the order: its state and version (both optional). */
export interface Seen {
  orderId: number;
  expectedState?: number;
  version?: number;
}

/**
 * Locks the order of the viewer's enterprise for the transaction and refuses what the user did not see
 * (another state or version: 数据已变更) and what the machine refuses; then `fn` computes the action's
 * columns from the row and moves it. Concurrent actions on one order queue on the lock: the first wins,
 * the next ones decide on the order it left.
 */
export async function withOrder<T>(
  db: Executor,
  v: SystemActor,
  action: OrderAction,
  seen: Seen,
  fn: (tx: Tx, row: Row) => Promise<T>,
  /** A refusal of its own, on the locked row before the machine's. */
  before?: (tx: Tx, row: Row) => Promise<void>,
): Promise<T> {
  return (db as Db).transaction(async (tx) => {
    const row = await lockOrder(tx, v, seen.orderId);
    const moved = (seen.expectedState !== undefined && row.state !== seen.expectedState) || (seen.version !== undefined && row.version !== seen.version);
    if (moved) throw new AppError('STATE_CHANGED');
    await before?.(tx, row);
    const d = decideOrder(row.state, action, await orderContext(tx, v, row));
    if (!allowed(d)) throw new AppError(d.refuse);
    return fn(tx, row);
  });
}

/** 'YYYY-MM-DD HH:mm[:ss]' in the enterprise's zone → an ISO instant (logged as the changed value). */
export async function instantOf(ex: Executor, timeZone: string, text: string): Promise<string> {
  return String(await instantIn(ex, timeZone, text));
}

/** One action on the locked order with the endpoint's columns and note. */
export function act(
  db: Db,
  v: SystemActor,
  action: OrderAction,
  b: Seen,
  o: { patch?: Record<string, PatchValue>; note?: string | null } = {},
): Promise<ActionResult> {
  return withOrder(db, v, action, b, async (tx) => done(b.orderId, await moveOrder(tx, v, b.orderId, action, { patch: o.patch, note: o.note ?? null })));
}

/** A plain action: the machine and the note. */
export const simpleAction = (db: Db, v: SystemActor, action: OrderAction, b: Seen & { note?: string | null }, note = b.note) => act(db, v, action, b, { note });

/** 受理, or 无效 with the reason. */
export const acceptance = (db: Db, v: SystemActor, b: AcceptanceBody) => simpleAction(db, v, b.invalid ? 'invalid' : 'acceptance', b, b.reason);

/** keepDate (staff) or workerBespokeDate (engineer): the appointment time. */
export async function bespoke(db: Db, v: Actor, action: 'keepDate' | 'workerBespokeDate', b: BespokeBody): Promise<ActionResult> {
  const at = await instantOf(db, v.timeZone, b.bespokeTime);
  return act(db, v, action, b, { patch: { appointment_at: at }, note: join(`预约时间：${b.bespokeTime}`, b.note) });
}

/**
 * The order form's values after a save: the given keys over the stored ones, checked against the pinned version
 * (types, formats, options). Required fields bind the completion, not each save (docs/orders.md): an edit and the
 * completion's own values pass with required fields empty, and the end-service check (checks.ts) names every one
 * still empty before the order may complete.
 */
export async function orderExtOf(tx: Tx, v: SystemActor, row: Row, given: ExtValues): Promise<ExtValues> {
  const previous = (row.ext ?? {}) as ExtValues;
  const versionId = row.template_version_id ?? (await latestVersion(tx, v.enterpriseId, row.template_id))?.id;
  if (!versionId) throw invalid('自定义字段：该工单类型没有表单');
  return validateAndComputeExt(
    tx,
    v.enterpriseId,
    1,
    versionId,
    { ...previous, ...given },
    { previous, roles: v.sysrole == null ? undefined : [v.sysrole], requiredLater: true },
  );
}

/** The receipt form's columns after a save, pinning the receipt form version on first use. */
export async function receiptPatchOf(tx: Tx, v: SystemActor, row: Row, given: ExtValues): Promise<Record<string, PatchValue>> {
  const previous = (row.receipt_ext ?? {}) as ExtValues;
  const versionId = (await receiptVersionOf(tx, v.enterpriseId, row))?.id ?? (await currentVersionOf(tx, v.enterpriseId, RECEIPT_FORM_KIND)).templateVersionId;
  const ext = await validateAndComputeExt(
    tx,
    v.enterpriseId,
    RECEIPT_FORM_KIND,
    versionId,
    { ...previous, ...given },
    {
      previous,
      roles: v.sysrole == null ? undefined : [v.sysrole],
    },
  );
  return { receipt_ext: ext, receipt_version_id: versionId };
}

/** Signatures are pictures: what the signature pad saves (PNG), or a photographed one. */
const SIGNATURE_EXTS = new Set(['png', 'jpg', 'jpeg']);

/** The customer's signature columns: an image uploaded by this enterprise, signed now. */
export async function signaturePatch(ex: Executor, v: SystemActor, uploadId: number): Promise<Record<string, PatchValue>> {
  const ext = await uploadExt(ex, v.enterpriseId, uploadId);
  if (ext == null) throw invalid('客户签名：签名图片不存在，请重新签名');
  if (!SIGNATURE_EXTS.has(ext.toLowerCase())) throw invalid('客户签名：只能是签名图片');
  return { signature_id: uploadId, signed_at: NOW };
}

/** serviceComplete or applyEndService with the completion and receipt forms as filled in on site. */
export async function complete(db: Db, v: SystemActor, action: 'serviceComplete' | 'applyEndService', b: CompleteBody): Promise<ActionResult> {
  const run = (ex: Db) =>
    withOrder(ex, v, action, b, async (tx, row) => {
      const patch: Record<string, PatchValue> = {};
      if (b.ext) patch.ext = await orderExtOf(tx, v, row, b.ext as ExtValues);
      if (b.receiptExt) Object.assign(patch, await receiptPatchOf(tx, v, row, b.receiptExt as ExtValues));
      if (b.signatureId) Object.assign(patch, await signaturePatch(tx, v, b.signatureId));
      if (b.photoIds?.length) {
        await checkFiles(tx, v.enterpriseId, b.photoIds);
        const had = row.attachments.map(Number);
        patch.attachments = bigints([...new Set([...had, ...b.photoIds])]);
      }
      return done(b.orderId, await moveOrder(tx, v, b.orderId, action, { patch, note: b.note }));
    });
  if (!b.opKey) return run(db);
  const key = b.opKey;
  return db.transaction(async (tx) => {
    // The order's lock first: replays of one key queue on it, and each one after the first finds the key written.
    await orderInScope(tx, v, b.orderId, true);
    const seen = await opKeyOf<ActionResult>(tx, v.enterpriseId, key);
    if (seen) {
      if (seen.order_id !== b.orderId) throw invalid('离线操作编号：该编号已用于其他工单，请放弃该条后重新提交');
      return seen.result;
    }
    const r = await run(tx as unknown as Db);
    if (!(await keepOpKey(tx, v, { key, orderId: b.orderId, action, result: r }))) throw invalid('离线操作编号：该编号已用于其他工单，请放弃该条后重新提交');
    return r;
  });
}

/** What is still missing before completion (read only). */
export async function checkFinish(db: Db, v: SystemActor, orderId: number): Promise<{ ready: boolean; missing: MissingItem[]; message: string }> {
  const row = await orderInScope(db, v, orderId);
  const { actor } = await orderContext(db, v, row);
  if (!actor.admin && !actor.dispatchRole && actor.parts.length === 0) throw new AppError('ORDER_ACTOR');
  const missing = await missingBeforeFinish(db, v.enterpriseId, row);
  return { ready: missing.length === 0, missing, message: missing.length ? missingMessage('完成前还需填写', missing) : '' };
}

/** 回执: the receipt form's values (opens the receipt approval when the process has one). */
export async function receipt(db: Db, v: SystemActor, b: ReceiptBody): Promise<ActionResult> {
  return withOrder(db, v, 'receipt', b, async (tx, row) => {
    const patch = await receiptPatchOf(tx, v, row, b.receiptExt as ExtValues);
    if (b.signatureId) Object.assign(patch, await signaturePatch(tx, v, b.signatureId));
    return done(b.orderId, await moveOrder(tx, v, b.orderId, 'receipt', { patch, note: b.note }));
  });
}

/** 收款: method, account and amount (opens the collection approval when the process has one). */
export async function collect(db: Db, v: SystemActor, b: CollectBody): Promise<ActionResult> {
  return withOrder(db, v, 'collect', b, async (tx, row) => {
    // The account must be one of the collection accounts of the order's type (/receive/list/orderTmpl).
    if (b.receivePaymentId) await accountForOrder(tx, v.enterpriseId, row.template_id, b.receivePaymentId);
    const patch = { payment_method: b.paymentMethod, receive_payment_id: b.receivePaymentId ?? null, paid_amount: b.amount };
    return done(b.orderId, await moveOrder(tx, v, b.orderId, 'collect', { patch, note: b.note }));
  });
}

/**
 * Whether the viewer is the approver the order's pinned process names by person (a named user, or the order's
 * dispatcher) for the approval it waits for: they may decide it without the 审核 power (docs/decisions.md).
 * Read without the lock: the machine checks the approver again on the locked row.
 */
export async function namedApprover(db: Db, v: SystemActor, orderId: number): Promise<boolean> {
  const row = await approverFields(db, v.enterpriseId, orderId);
  const type = row ? waitedExamine(row) : null;
  if (!row || !type) return false;
  const who = processOf(row).approvers[APPROVAL_KIND_OF_TYPE[type]];
  if (who?.by === 'user') return who.userId === v.id;
  if (who?.by === 'dispatcher') return row.dispatcher_id != null && row.dispatcher_id === v.id;
  return false;
}

/** Whether an approval flow's instance decides the order's examine now (then the engine is the gate, not the 审核 power). */
export async function onApprovalFlow(db: Db, v: SystemActor, orderId: number): Promise<boolean> {
  return (await waitingOrderApproval(db, v.enterpriseId, orderId)) !== null;
}

const pendingCheck = (row: Row, b: ExamineBody) => {
  const pending = flagsOf(row).examineType;
  if (pending !== b.examineType) throw invalid(`审核类型：该工单待审核的是${pending ? EXAMINE_TYPES[pending] : '无'}`);
};

/**
 * 审核: the type must be the approval the order waits for. While a flow's instance waits (examine.flow.ts) the
 * decision is the engine's — the caller's task on its current step is approved or rejected, and the order moves
 * when the instance ends. Otherwise the process's approver decides in one step, never the one who caused it.
 */
export async function examine(db: Db, v: SystemActor, b: ExamineBody): Promise<ActionResult & { next?: boolean }> {
  const action = b.result === 1 ? 'approve' : 'reject';
  // The engine is asked once, in the transaction that decides: while a flow's instance waits (locked first, as the
  // inbox locks it) the caller's task decides, after the order's own refusals; otherwise the order's machine below.
  return db.transaction(async (tx) => {
    const decided = await decideDocument(
      tx,
      { enterpriseId: v.enterpriseId, actorId: v.id, kind: ORDER_APPROVAL_KINDS, docId: b.orderId, action, comment: b.note ?? null },
      async (t) => {
        const row = await orderInScope(t, v, b.orderId);
        const moved = (b.expectedState !== undefined && row.state !== b.expectedState) || (b.version !== undefined && row.version !== b.version);
        if (moved) throw new AppError('STATE_CHANGED');
        pendingCheck(row, b);
      },
    );
    // `next`: approved, and the instance waits for its next step (or the rest of an all-of step).
    if (decided) return { id: b.orderId, state: await orderStateOf(tx, v.enterpriseId, b.orderId), next: decided.state === 0 };
    return examineByProcess(tx, v, b, action);
  });
}

/** 审核 without a flow's instance: the process's approver decides in one step on the locked order. */
function examineByProcess(ex: Executor, v: SystemActor, b: ExamineBody, action: 'approve' | 'reject'): Promise<ActionResult & { next?: boolean }> {
  const own = async (tx: Tx, row: Row) => {
    // A flow's instance committed since the engine looked (a savepoint's later read): its approvers decide, not this path.
    if (await waitingOrderApproval(tx, v.enterpriseId, b.orderId)) throw new AppError('STATE_CHANGED');
    // The process's approver who caused the examine: the engine's refusal (others get the machine's 不是审核人).
    if (flagsOf(row).examineType && isApprover(v, row) && (await examineApplicantOf(tx, v.enterpriseId, row)) === v.id) {
      throw new AppError('APPROVAL_OWN_DOCUMENT');
    }
  };
  return withOrder(
    ex,
    v,
    action,
    b,
    async (tx, row) => {
      pendingCheck(row, b);
      const note = join(`${EXAMINE_TYPES[b.examineType]}${b.result === 1 ? '通过' : '驳回'}`, b.note);
      return done(b.orderId, await moveOrder(tx, v, b.orderId, action, { note }));
    },
    own,
  );
}

/** The engineer asks for a change: the order is 异常 until staff handle it. */
export async function applyAbnormal(db: Db, v: SystemActor, b: ApplyAbnormalBody): Promise<ActionResult> {
  const patch = { abnormal_kind: b.abnormalType, abnormal_reason: b.reason };
  return act(db, v, 'applyAbnormalOrder', b, { patch, note: `${ABNORMAL_KINDS[b.abnormalType]}：${b.reason}` });
}

/** Staff approve the request (改约 may set the new time) or reject it. */
export async function handleAbnormal(db: Db, v: Actor, b: HandleAbnormalBody): Promise<ActionResult> {
  const action = b.pass ? 'handleAbnormal' : 'rejectAbnormal';
  return withOrder(db, v, action, b, async (tx, row) => {
    const kind = row.abnormal_kind as keyof typeof ABNORMAL_KINDS;
    const patch: Record<string, PatchValue> = {};
    if (b.pass && kind === 1 && b.bespokeTime) patch.appointment_at = await instantOf(tx, v.timeZone, b.bespokeTime);
    const what = `${b.pass ? '同意' : '驳回'}${ABNORMAL_KINDS[kind]}申请`;
    const note = join(what, b.pass && kind === 1 && b.bespokeTime ? `预约时间：${b.bespokeTime}` : null, b.note);
    return done(b.orderId, await moveOrder(tx, v, b.orderId, action, { patch, note }));
  });
}

/** Enabled users of the enterprise holding role 2 (the spec's pickers), of one provider when `provider` is given. */
export async function servicePeople(
  ex: Executor,
  v: SystemActor,
  ids: number[],
  label: string,
  provider?: number,
): Promise<Map<number, { name: string; providerId: number | null }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const found = await servicePeopleRows(ex, v.enterpriseId, unique, provider);
  if (found.length !== unique.length) throw invalid(`${label}：人员不存在、已停用或不是服务人员`);
  return new Map(found.map((u) => [u.id, { name: u.name, providerId: u.provider_id }]));
}

/** Replaces the order's people of one part. */
export async function setPeople(tx: Tx, v: SystemActor, orderId: number, part: number, ids: number[]): Promise<void> {
  await replacePeople(tx, v.enterpriseId, orderId, part, ids);
}

/**
 * The viewer's provider when they are an outsourced user (user_type 1): they dispatch only their provider's orders.
 * Staff (no provider in the request's session) need no read.
 */
export async function providerOfViewer(ex: Executor, v: SystemActor): Promise<number | null> {
  if (v.id <= 0 || v.providerId == null) return null;
  return outsourcedProvider(ex, v.enterpriseId, v.id);
}

/** An enabled provider that takes orders (partner types 1, 3, 4), by id. */
export async function assignableProvider(ex: Executor, v: SystemActor, id: number): Promise<string> {
  const name = await assignableProviderName(ex, v.enterpriseId, id);
  if (name == null) throw invalid('服务商：服务商不存在、已停用或不可接单');
  return name;
}

export type DispatchInput = Pick<DispatchBody, 'serviceUserId' | 'providerId' | 'coordinationUserId' | 'note'>;

/**
 * 派单 on an order already locked (withOrder, batchDesignate): to one engineer with collaborators, or to a provider
 * (whose own dispatcher then picks the engineer). A second dispatch is 改派 (not yet accepted) or 转派 (accepted),
 * and the log says from whom to whom. A provider's user dispatches only their provider's orders to its engineers.
 */
export async function dispatchLocked(tx: Tx, v: SystemActor, row: Row, b: DispatchInput): Promise<StateResult> {
  const orderId = row.id;
  const mine = await providerOfViewer(tx, v);
  if (mine != null && row.provider_id !== mine) throw new AppError('NOT_FOUND');
  if (mine != null && b.providerId) throw invalid('服务商：服务商的工单只能派给本服务商的服务人员');
  const helpers = b.coordinationUserId?.filter((id) => id !== b.serviceUserId);
  const names = helpers ? await servicePeople(tx, v, helpers, '协作人员', mine ?? undefined) : null;
  const helperNote = names?.size ? `协作人员：${[...names.values()].map((u) => u.name).join('、')}` : null;
  // A provider's first pick of its engineer is not a reassignment.
  const before =
    (mine != null && row.service_user_id == null) || (row.service_user_id == null && row.provider_id == null) ? null : await previousAssignee(tx, v, row);
  let patch: Record<string, PatchValue>;
  let to: string;
  if (b.providerId) {
    to = `服务商：${await assignableProvider(tx, v, b.providerId)}`;
    patch = { provider_id: b.providerId };
  } else {
    const id = Number(b.serviceUserId);
    const engineer = (await servicePeople(tx, v, [id], '服务人员', mine ?? undefined)).get(id);
    to = `服务人员：${engineer?.name}`;
    // An outsourced engineer's orders stay with their provider; staff clear it.
    patch = { service_user_id: id, provider_id: mine ?? engineer?.providerId ?? null };
  }
  const state = row.state;
  const head = before && state !== 1 ? `${state === 2 ? '改派' : '转派'}：${before} → ${to.replace(/^.+?：/, '')}` : to;
  const r = await moveOrder(tx, v, orderId, 'dispatch', { patch, note: join(head, helperNote, b.note) });
  if (helpers) await setPeople(tx, v, orderId, ORDER_PEOPLE_PARTS.collaborator, helpers);
  return r;
}

/** The engineer (or provider) the order had before this dispatch, by name. */
async function previousAssignee(ex: Executor, v: SystemActor, row: Row): Promise<string | null> {
  return assigneeName(ex, v.enterpriseId, row.service_user_id, row.provider_id);
}

/** POST /v2/order/dispatch: one order as the page showed it. */
export async function dispatch(db: Db, v: SystemActor, b: DispatchBody): Promise<ActionResult> {
  return withOrder(db, v, 'dispatch', b, async (tx, row) => done(b.orderId, await dispatchLocked(tx, v, row, b)));
}
