import {
  type PendingRow,
  type SettleAction,
  type SettlementDetail,
  type SettlementLineRow,
  type SettlementRow,
  settleAbilities,
  settleMachine,
  type SettleCtx,
} from '@sk/shared';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError, invalid } from '../../platform/errors';
import type { PageRequest } from '../../platform/list';
import { changeState, insertStateLog, type StateTable } from '../../platform/state';
import { decideDocument, startApproval, waitingDeciders } from '../approvals/index';
import { onApprovalEnd } from '../../platform/signals';
import {
  addClaimLines,
  addOrderLines,
  addRewardLines,
  deleteSettlement,
  directDeciders,
  disputeLine,
  insertSettlement,
  lockSettlement,
  lineExists,
  periodBounds,
  settlementRecord,
  linePage,
  nextSettleCounter,
  pendingByProvider,
  openDisputes,
  providerExists,
  type SettlementFilter,
  seesSettlement,
  settlementLogs,
  settlementPage,
  settlementRow,
  settlementState,
  settlementVersion,
  settleScope,
  resolveLine,
  updateTotals,
} from './settle.repo';
import { NOW } from '../../platform/sql';

export { settleScope };

/** Where statements keep their state and log (platform/state.ts). */
export const SETTLE_TABLE: StateTable = {
  table: 'settlements',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'settlement_logs', recordColumn: 'settlement_id' },
};

/** A provider's user acts on the provider's side; the enterprise's staff holding the settlement power on finance's. */
export const sideOf = (a: Pick<Actor, 'providerId'>): SettleCtx['side'] => (a.providerId == null ? 'finance' : 'provider');

const requireFinance = (a: Actor) => {
  if (sideOf(a) !== 'finance') throw new AppError('NO_POWER');
};

/** A readable number from the enterprise's counter: JS20261124-0001. */
async function nextSettleNo(tx: Tx, a: Actor): Promise<string> {
  const value = await nextSettleCounter(tx, a.enterpriseId);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: a.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .replaceAll('-', '');
  return `JS${day}-${String(value).padStart(4, '0')}`;
}

export interface CreateInput {
  providerId: number;
  periodStart: string;
  periodEnd: string;
  remark?: string | null;
}

/**
 * A draft statement of the provider's orders priced (completed or approved) in the period, days in the enterprise's
 * zone, of its fee claims payable in the period and of its rewards and penalties approved in it, that sit on no other
 * statement. An order never sits on two: the lines' unique index decides between parallel
 * creates (ON CONFLICT waits for the other and skips); a statement that gets no line is refused (SETTLE_EMPTY).
 */
export async function createStatement(db: Db, a: Actor, v: CreateInput): Promise<{ id: number; lineCount: number; totalCents: number }> {
  requireFinance(a);
  return db.transaction(async (tx) => {
    if (!(await providerExists(tx, a.enterpriseId, v.providerId))) throw new AppError('NOT_FOUND');
    const no = await nextSettleNo(tx, a);
    const id = await insertSettlement(tx, a, { no, providerId: v.providerId, periodStart: v.periodStart, periodEnd: v.periodEnd, remark: v.remark ?? null });
    const g = {
      enterpriseId: a.enterpriseId,
      settlementId: id,
      providerId: v.providerId,
      ...periodBounds(v.periodStart, v.periodEnd, a.timeZone),
    };
    const lineCount = (await addOrderLines(tx, g)) + (await addClaimLines(tx, g)) + (await addRewardLines(tx, g));
    if (lineCount === 0) throw new AppError('SETTLE_EMPTY');
    const t = await updateTotals(tx, a.enterpriseId, id, lineCount);
    await insertStateLog(tx, SETTLE_TABLE, { enterpriseId: a.enterpriseId, id, from: null, to: 1, action: 'create', actorId: a.id, note: v.remark ?? null });
    return { id, lineCount: t.line_count, totalCents: t.total_cents };
  });
}

/**
 * 新建结算单's preview: per provider (or for the one asked), what a statement of the period would take now — the same
 * sources the create inserts (settle.repo.ts). Finance only; another enterprise's provider is NOT_FOUND.
 */
export async function pending(
  db: Db,
  a: Actor,
  v: { providerId?: number | null; periodStart: string; periodEnd: string; uncovered?: '0' | '1' },
): Promise<PendingRow[]> {
  requireFinance(a);
  if (v.providerId != null && !(await providerExists(db, a.enterpriseId, v.providerId))) throw new AppError('NOT_FOUND');
  const found = await pendingByProvider(
    db,
    { enterpriseId: a.enterpriseId, ...periodBounds(v.periodStart, v.periodEnd, a.timeZone) },
    { providerId: v.providerId ?? undefined, uncovered: v.uncovered === '1' ? { start: v.periodStart, end: v.periodEnd } : undefined },
  );
  return found.map((r) => ({
    providerId: r.provider_id,
    providerName: r.provider_name,
    orderCount: r.order_count,
    orderCents: r.order_cents,
    claimCount: r.claim_count,
    claimCents: r.claim_cents,
    rewardCount: r.reward_count,
    rewardCents: r.reward_cents,
    totalCents: r.order_cents + r.claim_cents + r.reward_cents,
  }));
}

const STAMP: Partial<Record<SettleAction, string>> = { issue: 'issued_at', confirm: 'confirmed_at', approve: 'approved_at', pay: 'paid_at' };

/** The approval kind of statements (packages/shared/src/approvals/kinds.ts). */
export const SETTLE_APPROVAL_KIND = 'settlement';

/**
 * issue / confirm / approve / pay, each a compare-and-set through changeState (exactly one of parallel callers wins).
 * Approval is nobody's own (docs/settlement.md): the provider's confirmation starts an instance of the `settlement`
 * approval kind when a flow applies (applicant = the issuer). Finance's approve asks the engine once, in its own
 * transaction (decideDocument): while an instance waits the approve is the caller's decision there, and the statement
 * moves only through the kind's end handler (wireSettleService, below). No instance: finance approves in one step,
 * holding the statement, and the issuer's own approve is refused (APPROVAL_OWN_DOCUMENT). A statement that moved
 * between the first look and the lock (a confirmation that committed meanwhile, which may have started an instance)
 * answers STATE_CHANGED: the caller looks again, and the flow decides.
 */
export async function act(db: Db, a: Actor, id: number, action: 'issue' | 'confirm' | 'approve' | 'pay', note?: string | null): Promise<{ state: number }> {
  const stamp = STAMP[action];
  const direct = action === 'approve' && sideOf(a) === 'finance';
  return db.transaction(async (tx) => {
    let locked: Record<string, unknown> | undefined;
    if (action === 'issue' && (await directDeciders(tx, a.enterpriseId, id)).deciders.every((u) => u.id === a.id)) {
      // Nobody but the issuer could approve it later (the issuer never approves his own): say so before it leaves.
      throw invalid('没有人能审批该结算单：发起人不能审批自己的单据，请先添加另一位财务人员或管理员');
    }
    if (direct) {
      // The version before the engine is asked; instances are started only by a confirmation, which moves the statement.
      const seen = await settlementVersion(tx, a.enterpriseId, id);
      const decided = await decideDocument(tx, {
        enterpriseId: a.enterpriseId,
        actorId: a.id,
        kind: SETTLE_APPROVAL_KIND,
        docId: id,
        action: 'approve',
        comment: note ?? null,
      });
      if (decided) return { state: (await settlementState(tx, a.enterpriseId, id)) as number };
      // No instance waited: the statement is held from here, and one that moved since the look above is a lost race.
      locked = await lockSettlement(tx, a.enterpriseId, id);
      if (locked && seen !== undefined && Number(locked.version) !== seen) throw new AppError('STATE_CHANGED');
    }
    const r = await changeState(tx, {
      table: SETTLE_TABLE,
      machine: settleMachine,
      enterpriseId: a.enterpriseId,
      id,
      action,
      current: locked,
      ctxOf: async (row, t) => {
        const ctx: SettleCtx = { side: sideOf(a), openDisputes: await openDisputes(t, a.enterpriseId, id) };
        const s = settlementRecord(row);
        if (action === 'approve' && ctx.side === 'finance' && s.state === 3 && s.issued_by === a.id) throw new AppError('APPROVAL_OWN_DOCUMENT');
        return ctx;
      },
      actorId: a.id,
      guard: settleScope(a),
      patch: { ...(stamp ? { [stamp]: NOW } : {}), ...(action === 'issue' ? { issued_by: a.id } : {}) },
      note: note ?? null,
    });
    if (action === 'confirm') {
      const row = settlementRecord(r.row);
      await startApproval(tx, {
        enterpriseId: a.enterpriseId,
        kind: SETTLE_APPROVAL_KIND,
        docId: id,
        applicantId: row.issued_by ?? row.created_by ?? 0,
        docNo: row.settle_no,
        title: `${row.period_start} ~ ${row.period_end}`,
        amount: row.total_cents / 100,
        providerId: row.provider_id,
      });
    }
    return { state: r.to };
  });
}

/** The provider disputes one line (the statement goes to 4 有异议 until finance resolves every disputed line). */
export async function dispute(db: Db, a: Actor, id: number, lineId: number, reason: string): Promise<{ state: number }> {
  return db.transaction(async (tx) => {
    const r = await changeState(tx, {
      table: SETTLE_TABLE,
      machine: settleMachine,
      enterpriseId: a.enterpriseId,
      id,
      action: 'dispute',
      ctx: { side: sideOf(a), openDisputes: 0 },
      actorId: a.id,
      guard: settleScope(a),
      note: reason,
    });
    if (!(await disputeLine(tx, a, id, lineId, reason))) throw await lineRefusal(tx, a.enterpriseId, id, lineId);
    return { state: r.to };
  });
}

async function lineRefusal(tx: Tx, enterpriseId: number, id: number, lineId: number): Promise<AppError> {
  return new AppError((await lineExists(tx, enterpriseId, id, lineId)) ? 'SETTLE_LINE_STATE' : 'NOT_FOUND');
}

/** Finance resolves a disputed line with its amount (kept or changed) and a note; the last one re-issues the statement. */
export async function resolve(
  db: Db,
  a: Actor,
  id: number,
  lineId: number,
  amountCents: number,
  resolution: string,
): Promise<{ state: number; totalCents: number }> {
  return db.transaction(async (tx) => {
    const r = await changeState(tx, {
      table: SETTLE_TABLE,
      machine: settleMachine,
      enterpriseId: a.enterpriseId,
      id,
      action: 'resolve',
      ctxOf: async (_row, t) => ({ side: sideOf(a), openDisputes: await openDisputes(t, a.enterpriseId, id, lineId) }),
      actorId: a.id,
      guard: settleScope(a),
      note: resolution,
    });
    if (!(await resolveLine(tx, a, id, lineId, amountCents, resolution))) throw await lineRefusal(tx, a.enterpriseId, id, lineId);
    const t = await updateTotals(tx, a.enterpriseId, id);
    return { state: r.to, totalCents: t.total_cents };
  });
}

/** A draft may be thrown away (its orders become free for another statement); nothing else is deleted. */
export async function removeDraft(db: Db, a: Actor, id: number): Promise<void> {
  requireFinance(a);
  await db.transaction(async (tx) => {
    const state = await settlementState(tx, a.enterpriseId, id, { forUpdate: true });
    if (state == null) throw new AppError('NOT_FOUND');
    if (state === 6) throw new AppError('SETTLE_PAID');
    if (state !== 1) throw new AppError('SETTLE_NOT_DRAFT');
    await deleteSettlement(tx, a.enterpriseId, id);
  });
}

export function list(db: Db, a: Actor, f: SettlementFilter, page: PageRequest): Promise<{ list: SettlementRow[]; count: number }> {
  return settlementPage(db, a, f, page);
}

export async function detail(db: Db, a: Actor, id: number): Promise<SettlementDetail> {
  const row = await settlementRow(db, a, id);
  if (!row) throw new AppError('NOT_FOUND');
  const side = sideOf(a);
  const logs = await settlementLogs(db, a, id);
  // Who decides a confirmed statement: the flow's current approvers, else finance other than the issuer and the
  // administrators. Only they see 审核通过; the issuer sees their names instead (docs/approvals.md).
  let deciders: { id: number; name: string }[] = [];
  if (row.state === 3) {
    deciders = (await waitingDeciders(db, a.enterpriseId, SETTLE_APPROVAL_KIND, id)) ?? (await directDeciders(db, a.enterpriseId, id)).deciders;
  }
  const decides = side === 'finance' && deciders.some((u) => u.id === a.id);
  return {
    ...row,
    // A rejection is the approval flow's, never a button; 审核通过 only for who decides.
    abilities: settleAbilities(row.state, { side, openDisputes: row.disputedCount }).filter((x) => x !== 'reject' && (x !== 'approve' || decides)),
    deciders: deciders.map((u) => u.name),
    canDispute: side === 'provider' && [2, 4].includes(row.state),
    canResolve: side === 'finance' && row.state === 4,
    logs: logs.map((l) => ({
      action: l.action,
      fromState: l.from_state,
      toState: l.to_state,
      note: l.note,
      userName: l.user_name,
      create_time: l.create_time,
    })),
  };
}

export async function lines(db: Db, a: Actor, id: number, disputed: boolean, page: PageRequest): Promise<{ list: SettlementLineRow[]; count: number }> {
  if (!(await seesSettlement(db, a, id))) throw new AppError('NOT_FOUND');
  return linePage(db, a.enterpriseId, id, disputed, page);
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireSettleService(): void {
  // The statement's approval ended: approved → 5 (its last approver approves it); rejected or withdrawn → back to a draft.
  onApprovalEnd(SETTLE_APPROVAL_KIND, async (tx, end) => {
    const action = end.result === 1 ? 'approve' : 'reject';
    await changeState(tx, {
      table: SETTLE_TABLE,
      machine: settleMachine,
      enterpriseId: end.enterpriseId,
      id: end.docId,
      action,
      ctxOf: async (_row, t) => ({ side: 'finance', openDisputes: await openDisputes(t, end.enterpriseId, end.docId) }),
      actorId: end.actorId,
      patch: action === 'approve' ? { approved_at: NOW } : {},
      note: [`结算单${end.result === 1 ? '审批通过' : end.result === 2 ? '审批驳回' : '审批撤回'}（审批流程）`, end.comment].filter(Boolean).join('；'),
    });
  });
}
