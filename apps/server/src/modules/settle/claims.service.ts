import {
  CLAIM_TOLERANCE_SETTING,
  type ClaimCtx,
  claimAbilities,
  claimMachine,
  computedClaimCents,
  DICT_TYPES,
  distanceMeters,
  type FeeClaimDetail,
  type FeeClaimRow,
  overTolerance,
} from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import type { PageRequest } from '../../platform/list';
import { changeState, insertStateLog, type StateTable } from '../../platform/state';
import { decideDocument, startApproval, waitingInstanceOf } from '../approvals/index';
import { onApprovalEnd } from '../../platform/signals';
import { orderInScope } from '../orders/index';
import { getSettingInt } from '../settings/index';
import { sideOf } from './settle.service';
import {
  type ClaimFilter,
  claimAmounts,
  claimLogs,
  claimPage,
  claimRaw,
  claimScope,
  claimStateOf,
  insertClaim,
  lockClaimOrder,
  nextClaimCounter,
  reasonExists,
  toClaimRow,
} from './claims.repo';
import { NOW } from '../../platform/sql';

export { claimScope };

/** Fee claims (费用申请, docs/settlement.md): where they keep their state and log. */
export const CLAIM_TABLE: StateTable = {
  table: 'fee_claims',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'fee_claim_logs', recordColumn: 'claim_id' },
};
export const CLAIM_APPROVAL_KIND = 'fee_claim';
const COST_REASON_TYPE = DICT_TYPES.find((t) => t.code === 'cost_check_reason')?.type ?? 125;

export interface ClaimInput {
  orderId: number;
  kind: 1 | 2;
  amountCents: number;
  claimedM?: number | null;
  note?: string | null;
  attachments: string[];
}

/**
 * A provider's user claims a fee on one of his provider's completed orders. The server measures the straight line
 * (R = 6,378,137 m) from the serving engineer's base to the order's pin — the origin pricing uses; within the tolerance
 * (setting fee_claim_tolerance_pct) the claim is approved at once, past it an approval flow (kind fee_claim) or finance
 * decides, and once approved the cost check (费用审核) settles the amount.
 */
export async function createClaim(db: Db, a: Actor, v: ClaimInput): Promise<{ id: number; state: number; overTolerance: boolean; computedM: number | null }> {
  const providerId = a.providerId;
  if (providerId == null) throw new AppError('NO_POWER');
  return db.transaction(async (tx) => {
    const o = await lockClaimOrder(tx, a, v.orderId);
    if (!o) throw new AppError('NOT_FOUND');
    if (o.state !== 5) throw new AppError('CLAIM_ORDER_NOT_DONE');
    const computedM =
      o.lat != null && o.lng != null && o.base_lat != null && o.base_lng != null ? Math.round(distanceMeters(o.base_lat, o.base_lng, o.lat, o.lng)) : null;
    const claimedM = v.kind === 1 ? (v.claimedM ?? null) : null;
    const tolerance = await getSettingInt(tx, a.enterpriseId, CLAIM_TOLERANCE_SETTING);
    const over = overTolerance(v.kind, claimedM, computedM, tolerance);
    const computedCents = computedClaimCents(v.amountCents, claimedM, computedM);
    const no = await nextClaimNo(tx, a);
    const id = await insertClaim(tx, a, {
      no,
      orderId: v.orderId,
      providerId,
      kind: v.kind,
      amountCents: v.amountCents,
      claimedM,
      computedM,
      computedCents,
      tolerance,
      over,
      note: v.note ?? null,
      attachments: v.attachments,
    });
    const why = over
      ? v.kind === 1
        ? computedM == null
          ? '无法计算直线距离，需审批'
          : `申请里程超出直线距离${tolerance}%以上，需审批`
        : '其他费用，需审批'
      : `申请里程在直线距离的${tolerance}%容差内，自动通过`;
    await insertStateLog(tx, CLAIM_TABLE, { enterpriseId: a.enterpriseId, id, from: null, to: over ? 1 : 2, action: 'create', actorId: a.id, note: why });
    if (over)
      await startApproval(tx, {
        enterpriseId: a.enterpriseId,
        kind: CLAIM_APPROVAL_KIND,
        docId: id,
        applicantId: a.id,
        docNo: no,
        title: `工单 ${o.order_no}`,
        amount: v.amountCents / 100,
        docType: v.kind,
        providerId: a.providerId,
      });
    return { id, state: over ? 1 : 2, overTolerance: over, computedM };
  });
}

async function nextClaimNo(tx: Tx, a: Actor): Promise<string> {
  const value = await nextClaimCounter(tx, a.enterpriseId);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: a.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .replaceAll('-', '');
  return `FY${day}-${String(value).padStart(4, '0')}`;
}

/** Approve or reject a claim in one compare-and-set; an approved transport fee past the tolerance waits for the cost check. */
async function move(tx: Tx, enterpriseId: number, id: number, action: 'approve' | 'reject', actorId: number, ctx: ClaimCtx, note: string | null, guard?: SQL) {
  return changeState(tx, {
    table: CLAIM_TABLE,
    machine: claimMachine,
    enterpriseId,
    id,
    action,
    ctx,
    actorId,
    guard,
    note,
    patchOf: ({ row }) => {
      // A transport fee past the tolerance (or whose line is unknown) is checked for its amount; anything else is payable.
      const differs = row.kind === 1 && row.over_tolerance === true;
      return {
        decided_by: actorId,
        decided_at: NOW,
        ...(action === 'approve' ? (differs ? { check_state: 1 } : { payable_at: NOW }) : {}),
      };
    },
  });
}

/**
 * Finance decides a waiting claim. The engine is asked once, in the deciding transaction (decideDocument): while an
 * approval flow's instance waits, the caller decides there and the claim moves through the kind's end handler;
 * otherwise finance decides in one step. A claim's instance starts only with the claim itself, so none appears later.
 */
export async function decideClaim(db: Db, a: Actor, id: number, action: 'approve' | 'reject', note: string | null): Promise<{ state: number }> {
  const side = sideOf(a);
  return db.transaction(async (tx) => {
    if (side === 'finance') {
      const decided = await decideDocument(tx, { enterpriseId: a.enterpriseId, actorId: a.id, kind: CLAIM_APPROVAL_KIND, docId: id, action, comment: note });
      if (decided) return { state: (await claimStateOf(tx, a.enterpriseId, id)) ?? Number.NaN };
    }
    const r = await move(tx, a.enterpriseId, id, action, a.id, { side }, note, claimScope(a, 'fee_claims'));
    return { state: r.to };
  });
}

/**
 * 费用审核: accept the claimed amount, the computed one, or another, with a reason from the dictionary 费用审核原因. One
 * compare-and-set on the check state: of parallel checks one wins. The claim then becomes payable.
 */
export async function checkClaim(
  db: Db,
  a: Actor,
  v: { id: number; choice: 1 | 2 | 3; amountCents?: number | null; reason: string; note?: string | null },
): Promise<{ finalCents: number }> {
  if (sideOf(a) !== 'finance') throw new AppError('NO_POWER');
  return db.transaction(async (tx) => {
    const reason = await reasonExists(tx, a.enterpriseId, COST_REASON_TYPE, v.reason);
    const c = await claimAmounts(tx, a.enterpriseId, v.id);
    if (!c) throw new AppError('NOT_FOUND');
    if (!reason) throw new AppError('CLAIM_REASON');
    if (c.check_state !== 1) throw new AppError('CLAIM_CHECKED');
    const finalCents = v.choice === 1 ? c.amount_cents : v.choice === 2 ? c.computed_cents : Number(v.amountCents);
    const r = await changeState(tx, {
      table: { ...CLAIM_TABLE, stateColumn: 'check_state' },
      machine: CHECK_MACHINE,
      enterpriseId: a.enterpriseId,
      id: v.id,
      action: 'check',
      ctx: null,
      actorId: a.id,
      note: `${v.reason}${v.note ? `；${v.note}` : ''}`,
      patch: {
        check_choice: v.choice,
        check_reason: v.reason,
        check_note: v.note ?? null,
        checked_by: a.id,
        checked_at: NOW,
        final_cents: finalCents,
        payable_at: NOW,
      },
    });
    // The locked claim row after its patch: final_cents is bigint, a number.
    return { finalCents: r.row.final_cents as number };
  });
}

/** The cost check's own two states on the claim's check_state column: 1 waiting → 2 decided. */
const CHECK_MACHINE = {
  name: 'fee_claim_check',
  actions: ['check'] as const,
  decide: (state: number) => (state === 1 ? { to: 2 } : { refuse: 'CLAIM_CHECKED' as const }),
};

export async function listClaims(db: Db, a: Actor, f: ClaimFilter, page: PageRequest): Promise<{ list: FeeClaimRow[]; count: number }> {
  // An order named as the filter must be one the caller may open: an order outside it answers as a missing one.
  if (f.orderId) await orderInScope(db, a, f.orderId);
  return claimPage(db, a, f, page);
}

export async function claimDetail(db: Db, a: Actor, id: number): Promise<FeeClaimDetail> {
  const r = await claimRaw(db, a, id);
  if (!r) throw new AppError('NOT_FOUND');
  const inst = await waitingInstanceOf(db, a.enterpriseId, CLAIM_APPROVAL_KIND, id);
  const logs = await claimLogs(db, a, id);
  const row = toClaimRow(r);
  return {
    ...row,
    attachments: r.attachments ?? [],
    checkNote: r.check_note,
    abilities: claimAbilities(row.state, { side: sideOf(a) }),
    approvalId: inst?.id ?? null,
    logs,
  };
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireClaimsService(): void {
  onApprovalEnd(CLAIM_APPROVAL_KIND, async (tx, end) => {
    const action = end.result === 1 ? 'approve' : 'reject';
    const what = end.result === 1 ? '通过' : end.result === 2 ? '驳回' : '撤回';
    await move(
      tx,
      end.enterpriseId,
      end.docId,
      action,
      end.actorId,
      { side: 'finance' },
      [`费用申请${what}（审批流程）`, end.comment].filter(Boolean).join('；'),
    );
  });
}
