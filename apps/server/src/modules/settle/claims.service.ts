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
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { countOf, listPage, type PageRequest, pageSql } from '../../platform/list';
import { apiTime } from '../../platform/sql';
import { changeState, insertStateLog, type StateTable } from '../../platform/state';
import { decide, startApproval, waitingInstanceOf } from '../approvals/engine';
import { onApprovalEnd } from '../../platform/signals';
import { orderInScope } from '../orders/scope';
import { getSettingInt } from '../settings/settings.repo';
import { sideOf } from './settle.service';

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

/** Finance sees every claim; a provider's user only his provider's. */
export function claimScope(a: Pick<Actor, 'providerId'>, alias = 'c'): SQL {
  if (a.providerId == null) return sql`true`;
  return sql`${sql.identifier(alias)}.provider_id = ${a.providerId}`;
}

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
  if (a.providerId == null) throw new AppError('NO_POWER');
  return db.transaction(async (tx) => {
    const [o] = await rows<{ state: number; order_no: string; lat: number | null; lng: number | null; base_lat: number | null; base_lng: number | null }>(
      tx,
      sql`select o.state, o.order_no, o.latitude as lat, o.longitude as lng, pp.base_lat, pp.base_lng
        from orders o left join pool_profiles pp on pp.enterprise_id = o.enterprise_id and pp.user_id = o.service_user_id
        where o.enterprise_id = ${a.enterpriseId} and o.id = ${v.orderId} and o.provider_id = ${a.providerId} and o.deleted_at is null
        for update of o`,
    );
    if (!o) throw new AppError('NOT_FOUND');
    if (Number(o.state) !== 5) throw new AppError('CLAIM_ORDER_NOT_DONE');
    const located = o.lat != null && o.lng != null && o.base_lat != null && o.base_lng != null;
    const computedM = located ? Math.round(distanceMeters(Number(o.base_lat), Number(o.base_lng), Number(o.lat), Number(o.lng))) : null;
    const claimedM = v.kind === 1 ? (v.claimedM ?? null) : null;
    const tolerance = await getSettingInt(tx, a.enterpriseId, CLAIM_TOLERANCE_SETTING);
    const over = overTolerance(v.kind, claimedM, computedM, tolerance);
    const computedCents = computedClaimCents(v.amountCents, claimedM, computedM);
    const no = await nextClaimNo(tx, a);
    const [c] = await rows<{ id: number }>(
      tx,
      sql`insert into fee_claims (enterprise_id, claim_no, order_id, provider_id, applicant_id, kind, amount_cents, claimed_m, computed_m, computed_cents,
          tolerance_pct, over_tolerance, note, attachments, state, decided_at, final_cents, payable_at)
        values (${a.enterpriseId}, ${no}, ${v.orderId}, ${a.providerId}, ${a.id}, ${v.kind}, ${v.amountCents}, ${claimedM}, ${computedM}, ${computedCents},
          ${tolerance}, ${over}, ${v.note ?? null}, ${JSON.stringify(v.attachments)}::jsonb, ${over ? 1 : 2}, ${over ? null : sql`now()`},
          ${v.amountCents}, ${over ? null : sql`now()`})
        returning id::int`,
    );
    const id = Number(c?.id);
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
  const [r] = await rows<{ value: number }>(
    tx,
    sql`insert into counters (enterprise_id, name, value) values (${a.enterpriseId}, 'fee_claim', 1)
      on conflict (enterprise_id, name) do update set value = counters.value + 1 returning value`,
  );
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: a.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .replaceAll('-', '');
  return `FY${day}-${String(r?.value ?? 1).padStart(4, '0')}`;
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
      const differs = Number(row.kind) === 1 && row.over_tolerance === true;
      return {
        decided_by: actorId,
        decided_at: sql`now()`,
        ...(action === 'approve' ? (differs ? { check_state: 1 } : { payable_at: sql`now()` }) : {}),
      };
    },
  });
}

/** Finance decides a waiting claim; while an approval flow's instance waits, the caller decides in the engine. */
export async function decideClaim(db: Db, a: Actor, id: number, action: 'approve' | 'reject', note: string | null): Promise<{ state: number }> {
  const side = sideOf(a);
  if (side === 'finance') {
    const inst = await waitingInstanceOf(db, a.enterpriseId, CLAIM_APPROVAL_KIND, id);
    if (inst) {
      await decide(db, { enterpriseId: a.enterpriseId, actorId: a.id, id: inst.id, action, comment: note });
      const [s] = await rows<{ state: number }>(db, sql`select state from fee_claims where enterprise_id = ${a.enterpriseId} and id = ${id}`);
      return { state: Number(s?.state) };
    }
  }
  const r = await db.transaction((tx) => move(tx, a.enterpriseId, id, action, a.id, { side }, note, claimScope(a, 'fee_claims')));
  return { state: r.to };
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
    const [reason] = await rows(
      tx,
      sql`select 1 from dict_items where enterprise_id = ${a.enterpriseId} and type = ${COST_REASON_TYPE} and name = ${v.reason} and enabled`,
    );
    const [c] = await rows<{ amount_cents: number; computed_cents: number; check_state: number; version: number }>(
      tx,
      sql`select amount_cents, computed_cents, check_state, version from fee_claims where enterprise_id = ${a.enterpriseId} and id = ${v.id}`,
    );
    if (!c) throw new AppError('NOT_FOUND');
    if (!reason) throw new AppError('CLAIM_REASON');
    if (Number(c.check_state) !== 1) throw new AppError('CLAIM_CHECKED');
    const finalCents = v.choice === 1 ? Number(c.amount_cents) : v.choice === 2 ? Number(c.computed_cents) : Number(v.amountCents);
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
        checked_at: sql`now()`,
        final_cents: finalCents,
        payable_at: sql`now()`,
      },
    });
    return { finalCents: Number(r.row.final_cents) };
  });
}

/** The cost check's own two states on the claim's check_state column: 1 waiting → 2 decided. */
const CHECK_MACHINE = {
  name: 'fee_claim_check',
  actions: ['check'] as const,
  decide: (state: number) => (state === 1 ? { to: 2 } : { refuse: 'CLAIM_CHECKED' as const }),
};

type Raw = Record<string, unknown>;
const n = (v: unknown) => (v == null ? null : Number(v));
const toRow = (r: Raw): FeeClaimRow => ({
  id: Number(r.id),
  claimNo: String(r.claim_no),
  orderId: Number(r.order_id),
  orderNo: String(r.order_no),
  providerId: Number(r.provider_id),
  providerName: String(r.provider_name),
  applicantName: String(r.applicant_name ?? ''),
  kind: Number(r.kind),
  amountCents: Number(r.amount_cents),
  claimedM: n(r.claimed_m),
  computedM: n(r.computed_m),
  computedCents: Number(r.computed_cents),
  tolerancePct: Number(r.tolerance_pct),
  overTolerance: Boolean(r.over_tolerance),
  state: Number(r.state),
  checkState: Number(r.check_state),
  checkChoice: n(r.check_choice),
  checkReason: (r.check_reason as string | null) ?? null,
  finalCents: Number(r.final_cents),
  note: (r.note as string | null) ?? null,
  settleNo: (r.settle_no as string | null) ?? null,
  create_time: String(r.create_time),
});

const rowSelect = (tz: string) => sql`select c.id, c.claim_no, c.order_id, o.order_no, c.provider_id, p.name as provider_name, u.name as applicant_name,
    c.kind, c.amount_cents, c.claimed_m, c.computed_m, c.computed_cents, c.tolerance_pct, c.over_tolerance, c.state, c.check_state, c.check_choice,
    c.check_reason, c.check_note, c.final_cents, c.note, c.attachments,
    (select s.settle_no from settlement_lines l join settlements s on s.enterprise_id = l.enterprise_id and s.id = l.settlement_id
      where l.enterprise_id = c.enterprise_id and l.claim_id = c.id) as settle_no,
    ${apiTime(sql`c.created_at`, tz)} as create_time
  from fee_claims c
  join orders o on o.enterprise_id = c.enterprise_id and o.id = c.order_id
  join service_providers p on p.enterprise_id = c.enterprise_id and p.id = c.provider_id
  left join users u on u.enterprise_id = c.enterprise_id and u.id = c.applicant_id`;

export async function listClaims(
  db: Db,
  a: Actor,
  f: { state?: number; providerId?: number | null; orderId?: number | null; checkState?: number },
  page: PageRequest,
): Promise<{ list: FeeClaimRow[]; count: number }> {
  // An order named as the filter must be one the caller may open: an order outside it answers as a missing one.
  if (f.orderId) await orderInScope(db, a, f.orderId);
  const conds: SQL[] = [sql`c.enterprise_id = ${a.enterpriseId}`, claimScope(a)];
  if (f.state) conds.push(sql`c.state = ${f.state}`);
  if (f.providerId) conds.push(sql`c.provider_id = ${f.providerId}`);
  if (f.orderId) conds.push(sql`c.order_id = ${f.orderId}`);
  if (f.checkState) conds.push(sql`c.check_state = ${f.checkState}`);
  const where = sql.join(conds, sql` and `);
  return listPage(
    page,
    async () => (await rows<Raw>(db, sql`${rowSelect(a.timeZone)} where ${where} order by c.created_at desc, c.id desc ${pageSql(page)}`)).map(toRow),
    () => countOf(db, sql`fee_claims c`, where),
  );
}

export async function claimDetail(db: Db, a: Actor, id: number): Promise<FeeClaimDetail> {
  const [r] = await rows<Raw>(db, sql`${rowSelect(a.timeZone)} where c.enterprise_id = ${a.enterpriseId} and c.id = ${id} and ${claimScope(a)}`);
  if (!r) throw new AppError('NOT_FOUND');
  const inst = await waitingInstanceOf(db, a.enterpriseId, CLAIM_APPROVAL_KIND, id);
  const logs = await rows<Raw>(
    db,
    sql`select l.action, l.from_state, l.to_state, l.note, u.name as user_name, ${apiTime(sql`l.created_at`, a.timeZone)} as create_time
      from fee_claim_logs l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${a.enterpriseId} and l.claim_id = ${id} order by l.created_at, l.id`,
  );
  const row = toRow(r);
  return {
    ...row,
    attachments: (r.attachments as string[]) ?? [],
    checkNote: (r.check_note as string | null) ?? null,
    abilities: claimAbilities(row.state, { side: sideOf(a) }),
    approvalId: inst?.id ?? null,
    logs: logs.map((l) => ({
      action: String(l.action),
      fromState: n(l.from_state),
      toState: Number(l.to_state),
      note: (l.note as string | null) ?? null,
      userName: (l.user_name as string | null) ?? null,
      create_time: String(l.create_time),
    })),
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
