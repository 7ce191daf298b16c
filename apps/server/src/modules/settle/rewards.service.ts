import { type RewardAction, type RewardDetail, type RewardRow, rewardAbilities, rewardMachine } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { type PageRequest, pageSql } from '../../platform/list';
import { prefixPattern } from '../../platform/search';
import { apiTime } from '../../platform/sql';
import { changeState, insertStateLog, type StateTable } from '../../platform/state';
import { closeApproval, decide, startApproval, waitingInstanceOf } from '../approvals/engine';
import { onApprovalEnd } from '../../platform/signals';
import { containing } from '../org/org.common';
import { sideOf } from './settle.service';

/** 奖惩 (docs/settlement.md, "Rewards and penalties"): where records keep their state and log. */
export const REWARD_TABLE: StateTable = {
  table: 'rewards',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'reward_logs', recordColumn: 'reward_id' },
};
export const REWARD_APPROVAL_KIND = 'reward';

/** Finance sees every record; a provider's user only his provider's that were submitted (never a rule's open proposal). */
export function rewardScope(a: Pick<Actor, 'providerId'>, alias = 'r'): SQL {
  if (a.providerId == null) return sql`true`;
  const p = sql.identifier(alias);
  return sql`(${p}.provider_id = ${a.providerId} and ${p}.submitted_at is not null)`;
}

const requireFinance = (a: Actor) => {
  if (sideOf(a) !== 'finance') throw new AppError('NO_POWER');
};

/** A readable number from the enterprise's counter: JC20261124-0001. */
export async function nextRewardNo(tx: Tx, enterpriseId: number, timeZone: string): Promise<string> {
  const [r] = await rows<{ value: number }>(
    tx,
    sql`insert into counters (enterprise_id, name, value) values (${enterpriseId}, 'reward', 1)
      on conflict (enterprise_id, name) do update set value = counters.value + 1 returning value`,
  );
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()).replaceAll('-', '');
  return `JC${day}-${String(r?.value ?? 1).padStart(4, '0')}`;
}

export interface RewardInput {
  providerId: number;
  orderId?: number | null;
  kind: 1 | 2;
  amountCents: number;
  reason: string;
  attachments: string[];
}

/** Starts the record's approval (the submitter is the applicant); null: no flow applies and finance decides in one step. */
const startRewardApproval = (tx: Tx, enterpriseId: number, row: Record<string, unknown>, applicantId: number) =>
  startApproval(tx, {
    enterpriseId,
    kind: REWARD_APPROVAL_KIND,
    docId: Number(row.id),
    applicantId,
    docNo: String(row.reward_no),
    title: `${Number(row.kind) === 2 ? '处罚' : '奖励'} ${String(row.reason).slice(0, 40)}`,
    amount: Number(row.amount_cents) / 100,
    docType: Number(row.kind),
    providerId: Number(row.provider_id),
  });

/**
 * Finance records a reward or a penalty by hand (/rewards/addRewardsForm): it is submitted at once (state 1, the creator
 * its applicant) and starts an approval instance when a flow applies. The provider must be the enterprise's, and a
 * named order one of that provider's orders.
 */
export async function createReward(db: Db, a: Actor, v: RewardInput): Promise<{ id: number; state: number; rewardNo: string }> {
  requireFinance(a);
  return db.transaction(async (tx) => {
    const [p] = await rows(tx, sql`select 1 from service_providers where enterprise_id = ${a.enterpriseId} and id = ${v.providerId}`);
    if (!p) throw new AppError('NOT_FOUND');
    if (v.orderId) {
      const [o] = await rows<{ provider_id: number | null }>(
        tx,
        sql`select provider_id from orders where enterprise_id = ${a.enterpriseId} and id = ${v.orderId} and deleted_at is null`,
      );
      if (!o) throw new AppError('NOT_FOUND');
      if (Number(o.provider_id) !== v.providerId) throw new AppError('REWARD_ORDER_PROVIDER');
    }
    const no = await nextRewardNo(tx, a.enterpriseId, a.timeZone);
    const [r] = await rows(
      tx,
      sql`insert into rewards (enterprise_id, reward_no, provider_id, order_id, kind, amount_cents, reason, attachments, state, created_by,
          submitted_by, submitted_at)
        values (${a.enterpriseId}, ${no}, ${v.providerId}, ${v.orderId ?? null}, ${v.kind}, ${v.amountCents}, ${v.reason},
          ${JSON.stringify(v.attachments)}::jsonb, 1, ${a.id}, ${a.id}, now())
        returning *`,
    );
    if (!r) throw new AppError('NOT_FOUND');
    const id = Number(r.id);
    await insertStateLog(tx, REWARD_TABLE, { enterpriseId: a.enterpriseId, id, from: null, to: 1, action: 'create', actorId: a.id, note: v.reason });
    await startRewardApproval(tx, a.enterpriseId, r, a.id);
    return { id, state: 1, rewardNo: no };
  });
}

/** One compare-and-set through changeState; approve stamps approved_at (the statement period it falls in). */
async function move(tx: Tx, enterpriseId: number, id: number, action: RewardAction, actorId: number, note: string | null, guard?: SQL, ownCheck = false) {
  return changeState(tx, {
    table: REWARD_TABLE,
    machine: rewardMachine,
    enterpriseId,
    id,
    action,
    ctxOf: (row) => {
      // Nobody approves what he submitted (one-step decision without a flow).
      if (ownCheck && action === 'approve' && Number(row.state) === 1 && Number(row.submitted_by) === actorId) throw new AppError('APPROVAL_OWN_DOCUMENT');
      return { side: 'finance' as const };
    },
    actorId,
    guard,
    note,
    patch: {
      ...(action === 'approve' || action === 'reject' ? { decided_by: actorId } : {}),
      ...(action === 'approve' ? { approved_at: sql`now()` } : {}),
      ...(action === 'submit' ? { submitted_by: actorId, submitted_at: sql`now()` } : {}),
    },
  });
}

/**
 * submit / approve / reject / cancel. While the record's approval instance waits, approve and reject are the caller's
 * decision in the engine (the applicant is refused there); cancel withdraws the instance with the record. Without a
 * flow, finance decides in one step and the submitter's own approval is refused.
 */
export async function actReward(db: Db, a: Actor, id: number, action: RewardAction, note: string | null): Promise<{ state: number }> {
  const [row] = await rows<{ state: number }>(
    db,
    sql`select r.state from rewards r where r.enterprise_id = ${a.enterpriseId} and r.id = ${id} and ${rewardScope(a)}`,
  );
  if (!row) throw new AppError('NOT_FOUND');
  requireFinance(a);
  if (action === 'approve' || action === 'reject') {
    const inst = await waitingInstanceOf(db, a.enterpriseId, REWARD_APPROVAL_KIND, id);
    if (inst) {
      await decide(db, { enterpriseId: a.enterpriseId, actorId: a.id, id: inst.id, action, comment: note });
      const [s] = await rows<{ state: number }>(db, sql`select state from rewards where enterprise_id = ${a.enterpriseId} and id = ${id}`);
      return { state: Number(s?.state) };
    }
  }
  return db.transaction(async (tx) => {
    const r = await move(tx, a.enterpriseId, id, action, a.id, note, undefined, true);
    if (action === 'submit') await startRewardApproval(tx, a.enterpriseId, r.row, a.id);
    // A cancelled record leaves its approval: the waiting instance ends as withdrawn (its handler does not run).
    if (action === 'cancel')
      await closeApproval(tx, { enterpriseId: a.enterpriseId, kind: REWARD_APPROVAL_KIND, docId: id, actorId: a.id, note: note ?? '奖惩单已作废' });
    return { state: r.to };
  });
}

type Raw = Record<string, unknown>;
const n = (v: unknown) => (v == null ? null : Number(v));
const toRow = (r: Raw): RewardRow => ({
  id: Number(r.id),
  rewardNo: String(r.reward_no),
  providerId: Number(r.provider_id),
  providerName: String(r.provider_name),
  orderId: n(r.order_id),
  orderNo: (r.order_no as string | null) ?? null,
  kind: Number(r.kind),
  amountCents: Number(r.amount_cents),
  reason: String(r.reason),
  causeType: Number(r.cause_type),
  state: Number(r.state),
  settleState: r.settlement_id == null ? 0 : Number(r.settle_state) === 6 ? 2 : 1,
  settlementId: n(r.settlement_id),
  settleNo: (r.settle_no as string | null) ?? null,
  creatorName: (r.creator_name as string | null) ?? null,
  submitterName: (r.submitter_name as string | null) ?? null,
  create_time: String(r.create_time),
  approve_time: (r.approve_time as string | null) ?? null,
});

const rowSelect = (tz: string) => sql`select r.id, r.reward_no, r.provider_id, p.name as provider_name, r.order_id, o.order_no, r.kind, r.amount_cents,
    r.reason, r.cause_type, r.state, r.attachments, r.submitted_by, s.id as settlement_id, s.settle_no, s.state as settle_state,
    cu.name as creator_name, su.name as submitter_name, ${apiTime(sql`r.created_at`, tz)} as create_time,
    case when r.approved_at is null then null else ${apiTime(sql`r.approved_at`, tz)} end as approve_time
  from rewards r
  join service_providers p on p.enterprise_id = r.enterprise_id and p.id = r.provider_id
  left join orders o on o.enterprise_id = r.enterprise_id and o.id = r.order_id
  left join settlement_lines l on l.enterprise_id = r.enterprise_id and l.reward_id = r.id
  left join settlements s on s.enterprise_id = l.enterprise_id and s.id = l.settlement_id
  left join users cu on cu.enterprise_id = r.enterprise_id and cu.id = r.created_by
  left join users su on su.enterprise_id = r.enterprise_id and su.id = r.submitted_by`;

export interface RewardFilters {
  kind?: number;
  state?: number;
  providerId?: number | null;
  causeType?: number;
  startDay?: string;
  endDay?: string;
  keyword?: string | null;
}

function whereOf(a: Actor, f: RewardFilters): SQL {
  const conds: SQL[] = [sql`r.enterprise_id = ${a.enterpriseId}`, rewardScope(a)];
  if (f.kind) conds.push(sql`r.kind = ${f.kind}`);
  if (f.state != null) conds.push(sql`r.state = ${f.state}`);
  if (f.providerId) conds.push(sql`r.provider_id = ${f.providerId}`);
  if (f.causeType != null) conds.push(sql`r.cause_type = ${f.causeType}`);
  if (f.startDay) conds.push(sql`r.created_at >= (${f.startDay}::date)::timestamp at time zone ${a.timeZone}`);
  if (f.endDay) conds.push(sql`r.created_at < ((${f.endDay}::date + 1)::timestamp at time zone ${a.timeZone})`);
  if (f.keyword) {
    const k = f.keyword.trim();
    conds.push(sql`(r.reward_no like ${prefixPattern(k)} or r.reason ilike ${containing(k)}
      or r.order_id in (select id from orders where enterprise_id = ${a.enterpriseId} and order_no = ${k}))`);
  }
  return sql.join(conds, sql` and `);
}

/** The list (newest first); the count is /rewards/count (the spec's split list). */
export async function listRewards(db: Db, a: Actor, f: RewardFilters, page: PageRequest): Promise<RewardRow[]> {
  const list = await rows<Raw>(db, sql`${rowSelect(a.timeZone)} where ${whereOf(a, f)} order by r.created_at desc, r.id desc ${pageSql(page)}`);
  return list.map(toRow);
}

export async function countRewards(db: Db, a: Actor, f: RewardFilters): Promise<number> {
  const [c] = await rows<{ n: number }>(db, sql`select count(*)::int as n from rewards r where ${whereOf(a, f)}`);
  return Number(c?.n ?? 0);
}

export async function rewardDetail(db: Db, a: Actor, id: number): Promise<RewardDetail> {
  const [r] = await rows<Raw>(db, sql`${rowSelect(a.timeZone)} where r.enterprise_id = ${a.enterpriseId} and r.id = ${id} and ${rewardScope(a)}`);
  if (!r) throw new AppError('NOT_FOUND');
  const inst = await waitingInstanceOf(db, a.enterpriseId, REWARD_APPROVAL_KIND, id);
  const logs = await rows<Raw>(
    db,
    sql`select l.action, l.from_state, l.to_state, l.note, u.name as user_name, ${apiTime(sql`l.created_at`, a.timeZone)} as create_time
      from reward_logs l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${a.enterpriseId} and l.reward_id = ${id} order by l.created_at, l.id`,
  );
  const row = toRow(r);
  return {
    ...row,
    attachments: (r.attachments as string[]) ?? [],
    // The submitter never decides his own record: no approve or reject buttons for him.
    abilities: rewardAbilities(row.state, { side: sideOf(a) }).filter((x) => Number(r.submitted_by) !== a.id || (x !== 'approve' && x !== 'reject')),
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

/** Existence in the caller's scope (for /rewards/approvalProcess). */
export async function rewardVisible(db: Db, a: Actor, id: number): Promise<void> {
  const [r] = await rows(db, sql`select 1 from rewards r where r.enterprise_id = ${a.enterpriseId} and r.id = ${id} and ${rewardScope(a)}`);
  if (!r) throw new AppError('NOT_FOUND');
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireRewardsService(): void {
  // The record's approval ended: approved → 2; rejected → 3; withdrawn by its applicant → 4 已作废.
  onApprovalEnd(REWARD_APPROVAL_KIND, async (tx, end) => {
    const action: RewardAction = end.result === 1 ? 'approve' : end.result === 2 ? 'reject' : 'cancel';
    const what = end.result === 1 ? '审批通过' : end.result === 2 ? '审批驳回' : '审批撤回';
    await move(tx, end.enterpriseId, end.docId, action, end.actorId, [`奖惩${what}（审批流程）`, end.comment].filter(Boolean).join('；'));
  });
}
