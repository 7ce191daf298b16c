import {
  type SettleAction,
  type SettlementDetail,
  type SettlementLineRow,
  type SettlementRow,
  settleAbilities,
  settleMachine,
  type SettleCtx,
} from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { countOf, listPage, pageSql, type PageRequest } from '../../platform/list';
import { changeState, insertStateLog, type StateTable } from '../../platform/state';
import { apiTime } from '../../platform/sql';
import { decide, startApproval, waitingInstanceOf } from '../approvals/engine';
import { onApprovalEnd } from '../../platform/signals';

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

/**
 * Which statements the actor sees (columns of `settlements`, alias optional): finance all; a provider's user only his
 * provider's, and never a draft (not yet issued to him).
 */
export function settleScope(a: Pick<Actor, 'providerId'>, alias?: string): SQL {
  if (a.providerId == null) return sql`true`;
  const p = alias ? sql`${sql.identifier(alias)}.` : sql``;
  return sql`(${p}provider_id = ${a.providerId} and ${p}state <> 1)`;
}

const requireFinance = (a: Actor) => {
  if (sideOf(a) !== 'finance') throw new AppError('NO_POWER');
};

/** A readable number from the enterprise's counter: JS20261124-0001. */
async function nextSettleNo(tx: Tx, a: Actor): Promise<string> {
  const [r] = await rows<{ value: number }>(
    tx,
    sql`insert into counters (enterprise_id, name, value) values (${a.enterpriseId}, 'settlement', 1)
      on conflict (enterprise_id, name) do update set value = counters.value + 1 returning value`,
  );
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: a.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .replaceAll('-', '');
  return `JS${day}-${String(r?.value ?? 1).padStart(4, '0')}`;
}

/** The statement's total and line count, from its lines (the one place they are computed). */
const totalsPatch = (enterpriseId: number, id: number) => ({
  total_cents: sql`(select coalesce(sum(amount_cents), 0) from settlement_lines where enterprise_id = ${enterpriseId} and settlement_id = ${id})`,
  line_count: sql`(select count(*) from settlement_lines where enterprise_id = ${enterpriseId} and settlement_id = ${id})`,
});

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
    const [p] = await rows(tx, sql`select 1 from service_providers where enterprise_id = ${a.enterpriseId} and id = ${v.providerId}`);
    if (!p) throw new AppError('NOT_FOUND');
    const no = await nextSettleNo(tx, a);
    const [s] = await rows<{ id: number }>(
      tx,
      sql`insert into settlements (enterprise_id, settle_no, provider_id, period_start, period_end, remark, created_by)
        values (${a.enterpriseId}, ${no}, ${v.providerId}, ${v.periodStart}, ${v.periodEnd}, ${v.remark ?? null}, ${a.id}) returning id`,
    );
    const id = Number(s?.id);
    const from = sql`(${v.periodStart}::date)::timestamp at time zone ${a.timeZone}`;
    const to = sql`((${v.periodEnd}::date + 1)::timestamp at time zone ${a.timeZone})`;
    // One set-based INSERT … SELECT answering only its count; its keys are checked once for the whole statement
    // (settle.keys.ts), and the sort of 100,000 lines fits in memory.
    await tx.execute(sql`set local work_mem = '32MB'`);
    const [added] = await rows<{ n: number }>(
      tx,
      sql`with ins as (insert into settlement_lines (enterprise_id, settlement_id, kind, order_id, amount_cents, original_cents, description)
        select f.enterprise_id, ${id}, 1, f.order_id, f.amount_cents, f.amount_cents, o.title
        from provider_order_fees f join orders o on o.enterprise_id = f.enterprise_id and o.id = f.order_id
        where f.enterprise_id = ${a.enterpriseId} and f.provider_id = ${v.providerId} and f.priced_at >= ${from} and f.priced_at < ${to}
          and o.deleted_at is null
          and not exists (select 1 from settlement_lines l where l.enterprise_id = f.enterprise_id and l.order_id = f.order_id)
        order by f.priced_at, f.order_id
        on conflict (enterprise_id, order_id) where order_id is not null do nothing
        returning 1) select count(*)::int as n from ins`,
    );
    // Its fee claims payable in the period (approved and, where the fees differed, checked), at the amount checked.
    const claims = await rows(
      tx,
      sql`insert into settlement_lines (enterprise_id, settlement_id, kind, order_id, claim_id, amount_cents, original_cents, description)
        select c.enterprise_id, ${id}, 2, null, c.id, c.final_cents, c.final_cents,
          (case c.kind when 1 then '交通费' else '其他费用' end) || ' · ' || o.order_no
        from fee_claims c join orders o on o.enterprise_id = c.enterprise_id and o.id = c.order_id
        where c.enterprise_id = ${a.enterpriseId} and c.provider_id = ${v.providerId} and c.state = 2 and c.check_state <> 1
          and c.payable_at >= ${from} and c.payable_at < ${to} and o.deleted_at is null
          and not exists (select 1 from settlement_lines l where l.enterprise_id = c.enterprise_id and l.claim_id = c.id)
        order by c.payable_at, c.id
        on conflict (enterprise_id, claim_id) where claim_id is not null do nothing
        returning id`,
    );
    // Its rewards and penalties approved in the period (kinds 3 and 4, a penalty deducted).
    const rewardLines = await rows(
      tx,
      sql`insert into settlement_lines (enterprise_id, settlement_id, kind, reward_id, order_id, amount_cents, original_cents, description)
        select r.enterprise_id, ${id}, case r.kind when 2 then 4 else 3 end, r.id, null,
          case r.kind when 2 then -r.amount_cents else r.amount_cents end, case r.kind when 2 then -r.amount_cents else r.amount_cents end,
          (case r.kind when 2 then '处罚' else '奖励' end) || ' · ' || r.reward_no || ' · ' || left(r.reason, 60)
        from rewards r
        where r.enterprise_id = ${a.enterpriseId} and r.provider_id = ${v.providerId} and r.state = 2
          and r.approved_at >= ${from} and r.approved_at < ${to}
          and not exists (select 1 from settlement_lines l where l.enterprise_id = r.enterprise_id and l.reward_id = r.id)
        order by r.approved_at, r.id
        on conflict (enterprise_id, reward_id) where reward_id is not null do nothing
        returning id`,
    );
    const lineCount = Number(added?.n ?? 0) + claims.length + rewardLines.length;
    if (lineCount === 0) throw new AppError('SETTLE_EMPTY');
    const [t] = await rows<{ total_cents: number; line_count: number }>(
      tx,
      sql`update settlements set total_cents = ${totalsPatch(a.enterpriseId, id).total_cents}, line_count = ${lineCount}
        where enterprise_id = ${a.enterpriseId} and id = ${id} returning total_cents, line_count`,
    );
    await insertStateLog(tx, SETTLE_TABLE, { enterpriseId: a.enterpriseId, id, from: null, to: 1, action: 'create', actorId: a.id, note: v.remark ?? null });
    return { id, lineCount: Number(t?.line_count), totalCents: Number(t?.total_cents) };
  });
}

const openDisputes = async (ex: Executor, enterpriseId: number, id: number, exceptLine?: number): Promise<number> => {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from settlement_lines where enterprise_id = ${enterpriseId} and settlement_id = ${id} and dispute_state = 1
      ${exceptLine ? sql`and id <> ${exceptLine}` : sql``}`,
  );
  return Number(r?.n ?? 0);
};

const STAMP: Partial<Record<SettleAction, string>> = { issue: 'issued_at', confirm: 'confirmed_at', approve: 'approved_at', pay: 'paid_at' };

/** The approval kind of statements (packages/shared/src/approvals/kinds.ts). */
export const SETTLE_APPROVAL_KIND = 'settlement';

/**
 * issue / confirm / approve / pay, each a compare-and-set through changeState (exactly one of parallel callers wins).
 * Approval is nobody's own (docs/settlement.md): the provider's confirmation starts an instance of the `settlement`
 * approval kind when a flow applies (applicant = the issuer), and while it waits finance's approve is the caller's
 * decision in the engine; without a flow the issuer's own approve is refused (APPROVAL_OWN_DOCUMENT).
 */
export async function act(db: Db, a: Actor, id: number, action: 'issue' | 'confirm' | 'approve' | 'pay', note?: string | null): Promise<{ state: number }> {
  if (action === 'approve' && sideOf(a) === 'finance') {
    const inst = await waitingInstanceOf(db, a.enterpriseId, SETTLE_APPROVAL_KIND, id);
    if (inst) {
      await decide(db, { enterpriseId: a.enterpriseId, actorId: a.id, id: inst.id, action: 'approve', comment: note ?? null });
      const [s] = await rows<{ state: number }>(db, sql`select state from settlements where enterprise_id = ${a.enterpriseId} and id = ${id}`);
      return { state: Number(s?.state) };
    }
  }
  const stamp = STAMP[action];
  return db.transaction(async (tx) => {
    const r = await changeState(tx, {
      table: SETTLE_TABLE,
      machine: settleMachine,
      enterpriseId: a.enterpriseId,
      id,
      action,
      ctxOf: async (row, t) => {
        const ctx: SettleCtx = { side: sideOf(a), openDisputes: await openDisputes(t, a.enterpriseId, id) };
        if (action === 'approve' && ctx.side === 'finance' && Number(row.state) === 3 && Number(row.issued_by) === a.id)
          throw new AppError('APPROVAL_OWN_DOCUMENT');
        return ctx;
      },
      actorId: a.id,
      guard: settleScope(a),
      patch: { ...(stamp ? { [stamp]: sql`now()` } : {}), ...(action === 'issue' ? { issued_by: a.id } : {}) },
      note: note ?? null,
    });
    if (action === 'confirm') {
      const row = r.row;
      await startApproval(tx, {
        enterpriseId: a.enterpriseId,
        kind: SETTLE_APPROVAL_KIND,
        docId: id,
        applicantId: Number(row.issued_by ?? row.created_by),
        docNo: String(row.settle_no),
        title: `${String(row.period_start)} ~ ${String(row.period_end)}`,
        amount: Number(row.total_cents) / 100,
        providerId: Number(row.provider_id),
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
    const done = await rows(
      tx,
      sql`update settlement_lines set dispute_state = 1, dispute_reason = ${reason}, resolution = null, disputed_by = ${a.id}
        where enterprise_id = ${a.enterpriseId} and settlement_id = ${id} and id = ${lineId} and dispute_state <> 1 returning id`,
    );
    if (done.length === 0) throw await lineRefusal(tx, a.enterpriseId, id, lineId);
    return { state: r.to };
  });
}

async function lineRefusal(ex: Executor, enterpriseId: number, id: number, lineId: number): Promise<AppError> {
  const [l] = await rows(ex, sql`select 1 from settlement_lines where enterprise_id = ${enterpriseId} and settlement_id = ${id} and id = ${lineId}`);
  return new AppError(l ? 'SETTLE_LINE_STATE' : 'NOT_FOUND');
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
    const done = await rows(
      tx,
      sql`update settlement_lines set dispute_state = 2, amount_cents = ${amountCents}, resolution = ${resolution}, resolved_by = ${a.id}
        where enterprise_id = ${a.enterpriseId} and settlement_id = ${id} and id = ${lineId} and dispute_state = 1 returning id`,
    );
    if (done.length === 0) throw await lineRefusal(tx, a.enterpriseId, id, lineId);
    const [t] = await rows<{ total_cents: number }>(
      tx,
      sql`update settlements set total_cents = ${totalsPatch(a.enterpriseId, id).total_cents} where enterprise_id = ${a.enterpriseId} and id = ${id} returning total_cents`,
    );
    return { state: r.to, totalCents: Number(t?.total_cents) };
  });
}

/** A draft may be thrown away (its orders become free for another statement); nothing else is deleted. */
export async function removeDraft(db: Db, a: Actor, id: number): Promise<void> {
  requireFinance(a);
  await db.transaction(async (tx) => {
    const [s] = await rows<{ state: number }>(tx, sql`select state from settlements where enterprise_id = ${a.enterpriseId} and id = ${id} for update`);
    if (!s) throw new AppError('NOT_FOUND');
    if (Number(s.state) === 6) throw new AppError('SETTLE_PAID');
    if (Number(s.state) !== 1) throw new AppError('SETTLE_NOT_DRAFT');
    await tx.execute(sql`delete from settlements where enterprise_id = ${a.enterpriseId} and id = ${id}`);
  });
}

type RowRaw = Record<string, unknown>;
const toRow = (r: RowRaw): SettlementRow => ({
  id: Number(r.id),
  settleNo: String(r.settle_no),
  providerId: Number(r.provider_id),
  providerName: String(r.provider_name),
  periodStart: String(r.period_start),
  periodEnd: String(r.period_end),
  state: Number(r.state),
  totalCents: Number(r.total_cents),
  lineCount: Number(r.line_count),
  disputedCount: Number(r.disputed_count),
  remark: (r.remark as string | null) ?? null,
  create_time: String(r.create_time),
});

const rowSelect = (timeZone: string) => sql`select s.id, s.settle_no, s.provider_id, p.name as provider_name,
    to_char(s.period_start, 'YYYY-MM-DD') as period_start, to_char(s.period_end, 'YYYY-MM-DD') as period_end, s.state, s.total_cents, s.line_count,
    (select count(*) from settlement_lines l where l.enterprise_id = s.enterprise_id and l.settlement_id = s.id and l.dispute_state = 1)::int as disputed_count,
    s.remark, ${apiTime(sql`s.created_at`, timeZone)} as create_time
  from settlements s join service_providers p on p.enterprise_id = s.enterprise_id and p.id = s.provider_id`;

export async function list(
  db: Db,
  a: Actor,
  f: { providerId?: number | null; state?: number },
  page: PageRequest,
): Promise<{ list: SettlementRow[]; count: number }> {
  const conds: SQL[] = [sql`s.enterprise_id = ${a.enterpriseId}`, settleScope(a, 's')];
  if (f.providerId) conds.push(sql`s.provider_id = ${f.providerId}`);
  if (f.state) conds.push(sql`s.state = ${f.state}`);
  const where = sql.join(conds, sql` and `);
  return listPage(
    page,
    async () => (await rows<RowRaw>(db, sql`${rowSelect(a.timeZone)} where ${where} order by s.created_at desc, s.id desc ${pageSql(page)}`)).map(toRow),
    () => countOf(db, sql`settlements s`, where),
  );
}

export async function detail(db: Db, a: Actor, id: number): Promise<SettlementDetail> {
  const [r] = await rows<RowRaw>(db, sql`${rowSelect(a.timeZone)} where s.enterprise_id = ${a.enterpriseId} and s.id = ${id} and ${settleScope(a, 's')}`);
  if (!r) throw new AppError('NOT_FOUND');
  const row = toRow(r);
  const side = sideOf(a);
  const logs = await rows<RowRaw>(
    db,
    sql`select l.action, l.from_state, l.to_state, l.note, u.name as user_name, ${apiTime(sql`l.created_at`, a.timeZone)} as create_time
      from settlement_logs l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${a.enterpriseId} and l.settlement_id = ${id} order by l.created_at, l.id`,
  );
  return {
    ...row,
    // A rejection is the approval flow's, never a button.
    abilities: settleAbilities(row.state, { side, openDisputes: row.disputedCount }).filter((x) => x !== 'reject'),
    canDispute: side === 'provider' && [2, 4].includes(row.state),
    canResolve: side === 'finance' && row.state === 4,
    logs: logs.map((l) => ({
      action: String(l.action),
      fromState: l.from_state == null ? null : Number(l.from_state),
      toState: Number(l.to_state),
      note: (l.note as string | null) ?? null,
      userName: (l.user_name as string | null) ?? null,
      create_time: String(l.create_time),
    })),
  };
}

export async function lines(db: Db, a: Actor, id: number, disputed: boolean, page: PageRequest): Promise<{ list: SettlementLineRow[]; count: number }> {
  const [s] = await rows(db, sql`select 1 from settlements s where s.enterprise_id = ${a.enterpriseId} and s.id = ${id} and ${settleScope(a, 's')}`);
  if (!s) throw new AppError('NOT_FOUND');
  const where = sql`l.enterprise_id = ${a.enterpriseId} and l.settlement_id = ${id}${disputed ? sql` and l.dispute_state = 1` : sql``}`;
  return listPage(
    page,
    async () =>
      (
        await rows<RowRaw>(
          db,
          sql`select l.id, l.kind, l.order_id, o.order_no, l.description, l.amount_cents, l.original_cents, l.dispute_state, l.dispute_reason, l.resolution
          from settlement_lines l left join orders o on o.enterprise_id = l.enterprise_id and o.id = l.order_id
          where ${where} order by l.id ${pageSql(page)}`,
        )
      ).map((l) => ({
        id: Number(l.id),
        kind: Number(l.kind),
        orderId: l.order_id == null ? null : Number(l.order_id),
        orderNo: (l.order_no as string | null) ?? null,
        description: String(l.description),
        amountCents: Number(l.amount_cents),
        originalCents: Number(l.original_cents),
        disputeState: Number(l.dispute_state),
        disputeReason: (l.dispute_reason as string | null) ?? null,
        resolution: (l.resolution as string | null) ?? null,
      })),
    () => countOf(db, sql`settlement_lines l`, where),
  );
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
      patch: action === 'approve' ? { approved_at: sql`now()` } : {},
      note: [`结算单${end.result === 1 ? '审批通过' : end.result === 2 ? '审批驳回' : '审批撤回'}（审批流程）`, end.comment].filter(Boolean).join('；'),
    });
  });
}
