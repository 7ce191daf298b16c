import { type RewardAction, type RewardDetail, type RewardRow, rewardAbilities, rewardMachine } from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import type { PageRequest } from '../../platform/list';
import { changeState, insertStateLog, type StateTable } from '../../platform/state';
import { closeApproval, decideDocument, startApproval, waitingInstanceOf } from '../approvals/index';
import { onApprovalEnd } from '../../platform/signals';
import { sideOf } from './settle.service';
import {
  insertReward,
  orderProviderOf,
  providerExists,
  type RewardFilters,
  type RewardRecord,
  rewardCount,
  rewardInScope,
  rewardLogs,
  rewardRaw,
  rewardRows,
  rewardScope,
  rewardStateIn,
  rewardVersion,
  lockReward,
  rewardStateOf,
  toRewardRow,
} from './rewards.repo';
import { NOW, nextCounter } from '../../platform/sql';

export { type RewardFilters, rewardScope };

/** 奖惩 (docs/settlement.md, "Rewards and penalties"): where records keep their state and log. */
export const REWARD_TABLE: StateTable = {
  table: 'rewards',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'reward_logs', recordColumn: 'reward_id' },
};
export const REWARD_APPROVAL_KIND = 'reward';

const requireFinance = (a: Actor) => {
  if (sideOf(a) !== 'finance') throw new AppError('NO_POWER');
};

/** A readable number from the enterprise's counter: JC20261124-0001. */
export async function nextRewardNo(tx: Tx, enterpriseId: number, timeZone: string): Promise<string> {
  const value = await nextCounter(tx, enterpriseId, 'reward');
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()).replaceAll('-', '');
  return `JC${day}-${String(value).padStart(4, '0')}`;
}

export interface RewardInput {
  providerId: number;
  orderId?: number | null;
  kind: 1 | 2;
  amountCents: number;
  reason: string;
  attachments: string[];
}

/** The state helper's row of rewards (`select *`) as the record it is. */
const asRecord = (row: Record<string, unknown>) => row as RewardRecord;

/** Starts the record's approval (the submitter is the applicant); null: no flow applies and finance decides in one step. */
const startRewardApproval = (tx: Tx, enterpriseId: number, r: RewardRecord, applicantId: number) =>
  startApproval(tx, {
    enterpriseId,
    kind: REWARD_APPROVAL_KIND,
    docId: r.id,
    applicantId,
    docNo: r.reward_no,
    title: `${r.kind === 2 ? '处罚' : '奖励'} ${r.reason.slice(0, 40)}`,
    amount: r.amount_cents / 100,
    docType: r.kind,
    providerId: r.provider_id,
  });

/**
 * Finance records a reward or a penalty by hand (/rewards/addRewardsForm): it is submitted at once (state 1, the creator
 * its applicant) and starts an approval instance when a flow applies. The provider must be the enterprise's, and a
 * named order one of that provider's orders.
 */
export async function createReward(db: Db, a: Actor, v: RewardInput): Promise<{ id: number; state: number; rewardNo: string }> {
  requireFinance(a);
  return db.transaction(async (tx) => {
    if (!(await providerExists(tx, a.enterpriseId, v.providerId))) throw new AppError('NOT_FOUND');
    if (v.orderId) {
      const o = await orderProviderOf(tx, a.enterpriseId, v.orderId);
      if (!o) throw new AppError('NOT_FOUND');
      if (o.provider_id !== v.providerId) throw new AppError('REWARD_ORDER_PROVIDER');
    }
    const no = await nextRewardNo(tx, a.enterpriseId, a.timeZone);
    const r = await insertReward(tx, a, no, v);
    if (!r) throw new AppError('NOT_FOUND');
    const id = r.id;
    await insertStateLog(tx, REWARD_TABLE, { enterpriseId: a.enterpriseId, id, from: null, to: 1, action: 'create', actorId: a.id, note: v.reason });
    await startRewardApproval(tx, a.enterpriseId, r, a.id);
    return { id, state: 1, rewardNo: no };
  });
}

/**
 * One compare-and-set through changeState; approve stamps approved_at (the statement period it falls in). `ownCheck`:
 * finance acts by hand (not the approval's end), so the submitter's own approval is refused. `current`: the row the
 * caller holds locked.
 */
async function move(
  tx: Tx,
  enterpriseId: number,
  id: number,
  action: RewardAction,
  actorId: number,
  note: string | null,
  guard?: SQL,
  ownCheck = false,
  current?: Record<string, unknown>,
) {
  return changeState(tx, {
    table: REWARD_TABLE,
    machine: rewardMachine,
    enterpriseId,
    id,
    action,
    current,
    ctxOf: (row) => {
      // Nobody approves what he submitted (one-step decision without a flow).
      const r = asRecord(row);
      if (ownCheck && action === 'approve' && r.state === 1 && r.submitted_by === actorId) throw new AppError('APPROVAL_OWN_DOCUMENT');
      return { side: 'finance' as const };
    },
    actorId,
    guard,
    note,
    patch: {
      ...(action === 'approve' || action === 'reject' ? { decided_by: actorId } : {}),
      ...(action === 'approve' ? { approved_at: NOW } : {}),
      ...(action === 'submit' ? { submitted_by: actorId, submitted_at: NOW } : {}),
    },
  });
}

/**
 * submit / approve / reject / cancel. Approve and reject ask the engine once, in the transaction that acts
 * (decideDocument): while the record's approval instance waits they are the caller's decision there (the applicant is
 * refused there) and the record moves through the kind's end handler; cancel withdraws the instance with the record.
 * Without a flow, finance decides in one step holding the record, and the submitter's own approval is refused; a record
 * that moved between the first look and the lock (a submit that committed meanwhile, which may have started an
 * instance) answers STATE_CHANGED.
 */
export async function actReward(db: Db, a: Actor, id: number, action: RewardAction, note: string | null): Promise<{ state: number }> {
  if ((await rewardStateOf(db, a, id)) == null) throw new AppError('NOT_FOUND');
  requireFinance(a);
  return db.transaction(async (tx) => {
    let locked: Record<string, unknown> | undefined;
    if (action === 'approve' || action === 'reject') {
      // The version before the engine is asked; instances are started only by a create or a submit, which move the record.
      const seen = await rewardVersion(tx, a.enterpriseId, id);
      const decided = await decideDocument(tx, { enterpriseId: a.enterpriseId, actorId: a.id, kind: REWARD_APPROVAL_KIND, docId: id, action, comment: note });
      // The record exists (checked above); Number keeps a vanished one as it always answered.
      if (decided) return { state: Number(await rewardStateIn(tx, a.enterpriseId, id)) };
      locked = await lockReward(tx, a.enterpriseId, id);
      if (locked && seen !== undefined && Number(locked.version) !== seen) throw new AppError('STATE_CHANGED');
    }
    const r = await move(tx, a.enterpriseId, id, action, a.id, note, undefined, true, locked);
    if (action === 'submit') await startRewardApproval(tx, a.enterpriseId, asRecord(r.row), a.id);
    // A cancelled record leaves its approval: the waiting instance ends as withdrawn (its handler does not run).
    if (action === 'cancel')
      await closeApproval(tx, { enterpriseId: a.enterpriseId, kind: REWARD_APPROVAL_KIND, docId: id, actorId: a.id, note: note ?? '奖惩单已作废' });
    return { state: r.to };
  });
}

/** The list (newest first); the count is /rewards/count (the spec's split list). */
export async function listRewards(db: Db, a: Actor, f: RewardFilters, page: PageRequest): Promise<RewardRow[]> {
  return rewardRows(db, a, f, page);
}

export async function countRewards(db: Db, a: Actor, f: RewardFilters): Promise<number> {
  return rewardCount(db, a, f);
}

export async function rewardDetail(db: Db, a: Actor, id: number): Promise<RewardDetail> {
  const r = await rewardRaw(db, a, id);
  if (!r) throw new AppError('NOT_FOUND');
  const inst = await waitingInstanceOf(db, a.enterpriseId, REWARD_APPROVAL_KIND, id);
  const logs = await rewardLogs(db, a, id);
  const row = toRewardRow(r);
  return {
    ...row,
    attachments: r.attachments ?? [],
    // The submitter never decides his own record: no approve or reject buttons for him.
    abilities: rewardAbilities(row.state, { side: sideOf(a) }).filter((x) => r.submitted_by !== a.id || (x !== 'approve' && x !== 'reject')),
    approvalId: inst?.id ?? null,
    logs,
  };
}

/** Existence in the caller's scope (for /rewards/approvalProcess). */
export async function rewardVisible(db: Db, a: Actor, id: number): Promise<void> {
  if (!(await rewardInScope(db, a, id))) throw new AppError('NOT_FOUND');
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
