// Queries of settlement statements and their lines: the list and detail rows (typed, one presenter each), the lines a
// statement gathers on creation, and the small reads and writes its state changes need.
import type { FeeClaimDetail, SettlementLineRow, SettlementRow } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, listPage, type PageRequest, pageSql } from '../../platform/list';
import { apiTime, nextCounter } from '../../platform/sql';
import { presentStateLog, stateLogOf } from '../../platform/state';

/**
 * Which statements the actor sees (columns of `settlements`, alias optional): finance all; a provider's user only his
 * provider's, and never a draft (not yet issued to him).
 */
export function settleScope(a: Pick<Actor, 'providerId'>, alias?: string): SQL {
  if (a.providerId == null) return sql`true`;
  const p = alias ? sql`${sql.identifier(alias)}.` : sql``;
  return sql`(${p}provider_id = ${a.providerId} and ${p}state <> 1)`;
}

/** A statement as rowSelect reads it (money in integer cents, bigint, parses to number). */
interface SettlementRaw {
  id: number;
  settle_no: string;
  provider_id: number;
  provider_name: string;
  period_start: string;
  period_end: string;
  state: number;
  total_cents: number;
  line_count: number;
  disputed_count: number;
  remark: string | null;
  create_time: string;
}

/** The one place a statement row becomes the contract's. */
const toSettlementRow = (r: SettlementRaw): SettlementRow => ({
  id: r.id,
  settleNo: r.settle_no,
  providerId: r.provider_id,
  providerName: r.provider_name,
  periodStart: r.period_start,
  periodEnd: r.period_end,
  state: r.state,
  totalCents: r.total_cents,
  lineCount: r.line_count,
  disputedCount: r.disputed_count,
  remark: r.remark,
  create_time: r.create_time,
});

const rowSelect = (timeZone: string) => sql`select s.id, s.settle_no, s.provider_id, p.name as provider_name,
    to_char(s.period_start, 'YYYY-MM-DD') as period_start, to_char(s.period_end, 'YYYY-MM-DD') as period_end, s.state, s.total_cents, s.line_count,
    (select count(*) from settlement_lines l where l.enterprise_id = s.enterprise_id and l.settlement_id = s.id and l.dispute_state = 1)::int as disputed_count,
    s.remark, ${apiTime(sql`s.created_at`, timeZone)} as create_time
  from settlements s join service_providers p on p.enterprise_id = s.enterprise_id and p.id = s.provider_id`;

export interface SettlementFilter {
  providerId?: number | null;
  state?: number;
}

const listWhere = (a: Pick<Actor, 'enterpriseId' | 'providerId'>, f: SettlementFilter): SQL => {
  const conds: SQL[] = [sql`s.enterprise_id = ${a.enterpriseId}`, settleScope(a, 's')];
  if (f.providerId) conds.push(sql`s.provider_id = ${f.providerId}`);
  if (f.state) conds.push(sql`s.state = ${f.state}`);
  return sql.join(conds, sql` and `);
};

/** The statement of one page of the list, newest first (settle.sql.snap). */
export const settlementPageSql = (a: Pick<Actor, 'enterpriseId' | 'providerId' | 'timeZone'>, f: SettlementFilter, page: PageRequest): SQL =>
  sql`${rowSelect(a.timeZone)} where ${listWhere(a, f)} order by s.created_at desc, s.id desc ${pageSql(page)}`;

export function settlementPage(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'providerId' | 'timeZone'>, f: SettlementFilter, page: PageRequest) {
  return listPage(
    page,
    async () => (await rows<SettlementRaw>(ex, settlementPageSql(a, f, page))).map(toSettlementRow),
    () => countOf(ex, sql`settlements s`, listWhere(a, f)),
  );
}

/** One statement the actor sees, or undefined. */
export async function settlementRow(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'providerId' | 'timeZone'>, id: number): Promise<SettlementRow | undefined> {
  const [r] = await rows<SettlementRaw>(
    ex,
    sql`${rowSelect(a.timeZone)} where s.enterprise_id = ${a.enterpriseId} and s.id = ${id} and ${settleScope(a, 's')}`,
  );
  return r && toSettlementRow(r);
}

export interface SettlementLogRow {
  action: string;
  from_state: number | null;
  to_state: number;
  note: string | null;
  user_name: string | null;
  create_time: string;
}

export function settlementLogs(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number): Promise<SettlementLogRow[]> {
  return rows<SettlementLogRow>(
    ex,
    sql`select l.action, l.from_state, l.to_state, l.note, u.name as user_name, ${apiTime(sql`l.created_at`, a.timeZone)} as create_time
      from settlement_logs l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${a.enterpriseId} and l.settlement_id = ${id} order by l.created_at, l.id`,
  );
}

/** Whether the actor sees the statement. */
export async function seesSettlement(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'providerId'>, id: number): Promise<boolean> {
  const found = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from settlements s where s.enterprise_id = ${a.enterpriseId} and s.id = ${id} and ${settleScope(a, 's')}`,
  );
  return found.length > 0;
}

/** A statement line as its queries read it (amounts in cents). */
export interface LineRaw {
  id: number;
  kind: number;
  order_id: number | null;
  order_no: string | null;
  description: string;
  amount_cents: number;
  original_cents: number;
  dispute_state: number;
  dispute_reason: string | null;
  resolution: string | null;
}

/** The one place a statement line becomes the contract's. */
const toLineRow = (l: LineRaw): SettlementLineRow => ({
  id: l.id,
  kind: l.kind,
  orderId: l.order_id,
  orderNo: l.order_no,
  description: l.description,
  amountCents: l.amount_cents,
  originalCents: l.original_cents,
  disputeState: l.dispute_state,
  disputeReason: l.dispute_reason,
  resolution: l.resolution,
});

/**
 * A line's order: its own (an order's fee), or its claim's (a fee claim's line names no order, so that an order's fee
 * stands on one statement only).
 */
const lineOrder = sql`left join fee_claims c on c.enterprise_id = l.enterprise_id and c.id = l.claim_id
    left join orders o on o.enterprise_id = l.enterprise_id and o.id = coalesce(l.order_id, c.order_id)`;

const linesWhere = (ep: number, id: number, disputed: boolean): SQL =>
  sql`l.enterprise_id = ${ep} and l.settlement_id = ${id}${disputed ? sql` and l.dispute_state = 1` : sql``}`;

/** The statement of one page of a statement's lines, in order (settle.sql.snap). */
export const linePageSql = (ep: number, id: number, disputed: boolean, page: PageRequest): SQL =>
  sql`select l.id, l.kind, o.id as order_id, o.order_no, l.description, l.amount_cents, l.original_cents, l.dispute_state, l.dispute_reason, l.resolution
    from settlement_lines l ${lineOrder}
    where ${linesWhere(ep, id, disputed)} order by l.id ${pageSql(page)}`;

export function linePage(ex: Executor, ep: number, id: number, disputed: boolean, page: PageRequest): Promise<{ list: SettlementLineRow[]; count: number }> {
  return listPage(
    page,
    async () => (await rows<LineRaw>(ex, linePageSql(ep, id, disputed, page))).map(toLineRow),
    () => countOf(ex, sql`settlement_lines l`, linesWhere(ep, id, disputed)),
  );
}

/** The enterprise's next statement counter value. */
export async function nextSettleCounter(ex: Executor, ep: number): Promise<number> {
  return nextCounter(ex, ep, 'settlement');
}

export async function providerExists(ex: Executor, ep: number, providerId: number): Promise<boolean> {
  const found = await rows<{ one: number }>(ex, sql`select 1 as one from service_providers where enterprise_id = ${ep} and id = ${providerId}`);
  return found.length > 0;
}

export async function insertSettlement(
  ex: Executor,
  a: Pick<Actor, 'enterpriseId' | 'id'>,
  v: { no: string; providerId: number; periodStart: string; periodEnd: string; remark: string | null },
): Promise<number> {
  const [s] = await rows<{ id: number }>(
    ex,
    sql`insert into settlements (enterprise_id, settle_no, provider_id, period_start, period_end, remark, created_by)
      values (${a.enterpriseId}, ${v.no}, ${v.providerId}, ${v.periodStart}, ${v.periodEnd}, ${v.remark}, ${a.id}) returning id`,
  );
  return s?.id as number;
}

/** What a statement of a provider and a period takes: the provider's, in the period [from, to), on no other statement. */
export interface Period {
  enterpriseId: number;
  /** A provider's id, or the provider column of a statement over every provider (pendingByProvider). */
  providerId: number | SQL;
  from: SQL;
  to: SQL;
}

/** What a new statement gathers (Period), into the statement. */
export interface Gather extends Period {
  settlementId: number;
}

// The three sources of a statement's lines, each `from … where …`: the create inserts them, the preview counts them.

/**
 * Each source leaves out what sits on a statement already, unless `onNone` is false: for a provider no statement covers
 * any day of the period, nothing of the period can be on one (a statement takes only its own days).
 */
const onNoStatement = (onNone: boolean, key: SQL): SQL => (onNone ? sql` and not exists (select 1 from settlement_lines l where ${key})` : sql``);

/** The provider's orders priced in the period, not in the recycle bin (f, o). */
const orderFees = (g: Period, onNone = true): SQL =>
  sql`provider_order_fees f join orders o on o.enterprise_id = f.enterprise_id and o.id = f.order_id
      where f.enterprise_id = ${g.enterpriseId} and f.provider_id = ${g.providerId} and f.priced_at >= ${g.from} and f.priced_at < ${g.to}
        and o.deleted_at is null${onNoStatement(onNone, sql`l.enterprise_id = f.enterprise_id and l.order_id = f.order_id`)}`;

/** Its fee claims payable in the period (approved and, where the fees differed, checked), at the amount checked (c, o). */
const payableClaims = (g: Period, onNone = true): SQL =>
  sql`fee_claims c join orders o on o.enterprise_id = c.enterprise_id and o.id = c.order_id
      where c.enterprise_id = ${g.enterpriseId} and c.provider_id = ${g.providerId} and c.state = 2 and c.check_state <> 1
        and c.payable_at >= ${g.from} and c.payable_at < ${g.to} and o.deleted_at is null${onNoStatement(onNone, sql`l.enterprise_id = c.enterprise_id and l.claim_id = c.id`)}`;

/** Its rewards and penalties approved in the period (r). */
const approvedRewards = (g: Period, onNone = true): SQL =>
  sql`rewards r
      where r.enterprise_id = ${g.enterpriseId} and r.provider_id = ${g.providerId} and r.state = 2
        and r.approved_at >= ${g.from} and r.approved_at < ${g.to}${onNoStatement(onNone, sql`l.enterprise_id = r.enterprise_id and l.reward_id = r.id`)}`;

/** A reward's signed amount on a statement: a penalty is deducted. */
const rewardCents = sql`case r.kind when 2 then -r.amount_cents else r.amount_cents end`;

/**
 * The provider's orders priced in the period, as lines: one set-based INSERT … SELECT answering only its count. An
 * order never sits on two statements: the lines' unique index decides between parallel creates (ON CONFLICT waits and skips).
 */
export async function addOrderLines(ex: Executor, g: Gather): Promise<number> {
  // Its keys are checked once for the whole statement (settle.keys.ts), and the sort of 100,000 lines fits in memory.
  await ex.execute(sql`set local work_mem = '32MB'`);
  const [added] = await rows<{ n: number }>(
    ex,
    sql`with ins as (insert into settlement_lines (enterprise_id, settlement_id, kind, order_id, amount_cents, original_cents, description)
      select f.enterprise_id, ${g.settlementId}, 1, f.order_id, f.amount_cents, f.amount_cents, o.title
      from ${orderFees(g)}
      order by f.priced_at, f.order_id
      on conflict (enterprise_id, order_id) where order_id is not null do nothing
      returning 1) select count(*)::int as n from ins`,
  );
  return added?.n ?? 0;
}

/** Its fee claims payable in the period, as lines. */
export async function addClaimLines(ex: Executor, g: Gather): Promise<number> {
  const added = await rows<{ id: number }>(
    ex,
    sql`insert into settlement_lines (enterprise_id, settlement_id, kind, order_id, claim_id, amount_cents, original_cents, description)
      select c.enterprise_id, ${g.settlementId}, 2, null, c.id, c.final_cents, c.final_cents,
        (case c.kind when 1 then '交通费' else '其他费用' end) || ' · ' || o.order_no
      from ${payableClaims(g)}
      order by c.payable_at, c.id
      on conflict (enterprise_id, claim_id) where claim_id is not null do nothing
      returning id`,
  );
  return added.length;
}

/** Its rewards and penalties approved in the period, as lines (kinds 3 and 4). */
export async function addRewardLines(ex: Executor, g: Gather): Promise<number> {
  const added = await rows<{ id: number }>(
    ex,
    sql`insert into settlement_lines (enterprise_id, settlement_id, kind, reward_id, order_id, amount_cents, original_cents, description)
      select r.enterprise_id, ${g.settlementId}, case r.kind when 2 then 4 else 3 end, r.id, null, ${rewardCents}, ${rewardCents},
        (case r.kind when 2 then '处罚' else '奖励' end) || ' · ' || r.reward_no || ' · ' || left(r.reason, 60)
      from ${approvedRewards(g)}
      order by r.approved_at, r.id
      on conflict (enterprise_id, reward_id) where reward_id is not null do nothing
      returning id`,
  );
  return added.length;
}

export interface PendingRaw {
  provider_id: number;
  provider_name: string;
  order_count: number;
  order_cents: number;
  claim_count: number;
  claim_cents: number;
  reward_count: number;
  reward_cents: number;
}

/** A statement of provider p over any day of [start, end]. */
const coveredBy = (start: SQL, end: SQL): SQL =>
  sql`exists (select 1 from settlements s where s.enterprise_id = p.enterprise_id and s.provider_id = p.id and s.period_start <= ${end} and s.period_end >= ${start})`;

/**
 * What a statement of each provider (or of one) for the period would take now, the providers with anything to settle
 * only: the same three sources the create inserts, counted per provider on its own indexes. `uncovered`: only the
 * providers no statement covers any day of that period for (the reminder, as providersToSettle counts them).
 */
export function pendingByProvider(
  ex: Executor,
  p: Omit<Period, 'providerId'>,
  only: { providerId?: number; uncovered?: { start: string; end: string } } = {},
): Promise<PendingRaw[]> {
  const g: Period = { ...p, providerId: sql`p.id` };
  const covered = only.uncovered ? coveredBy(sql`${only.uncovered.start}::date`, sql`${only.uncovered.end}::date`) : null;
  // Uncovered: nothing of the period can sit on a statement, so the sources skip that look (onNoStatement).
  const onNone = covered == null;
  // The providers first (materialized): written in the outer WHERE, the statement probe ran after the counts, which
  // then read a settled month of 100,000 orders whole (113 ms; skipped so).
  return rows<PendingRaw>(
    ex,
    sql`with ps as materialized (
        select p.id, p.name, p.enterprise_id from service_providers p where p.enterprise_id = ${p.enterpriseId}
          ${only.providerId == null ? sql`` : sql`and p.id = ${only.providerId}`} ${covered ? sql`and not ${covered}` : sql``})
      select p.id::int as provider_id, p.name as provider_name, o.n as order_count, o.cents as order_cents,
        c.n as claim_count, c.cents as claim_cents, r.n as reward_count, r.cents as reward_cents
      from ps p
        cross join lateral (select count(*)::int as n, coalesce(sum(f.amount_cents), 0)::bigint as cents from ${orderFees(g, onNone)}) o
        cross join lateral (select count(*)::int as n, coalesce(sum(c.final_cents), 0)::bigint as cents from ${payableClaims(g, onNone)}) c
        cross join lateral (select count(*)::int as n, coalesce(sum(${rewardCents}), 0)::bigint as cents from ${approvedRewards(g, onNone)}) r
      where o.n + c.n + r.n > 0
      order by o.cents + c.cents + r.cents desc, p.id`,
  );
}

/**
 * The providers finance has last month to settle for (外包结算's badge): something of theirs priced, payable or approved
 * in the enterprise's last calendar month, and no statement of theirs over any day of it. A probe or two per provider;
 * what is left beside a statement that covers part of the month shows in 新建结算单's preview (pendingByProvider) only.
 */
export async function providersToSettle(ex: Executor, enterpriseId: number, timeZone: string): Promise<number> {
  const first = sql`(date_trunc('month', now() at time zone ${timeZone}) - interval '1 month')::date`;
  const last = sql`(date_trunc('month', now() at time zone ${timeZone})::date - 1)`;
  const g: Period = { enterpriseId, providerId: sql`p.id`, ...periodBoundsOf(first, last, timeZone) };
  const [r] = await rows<{ n: number }>(
    ex,
    // The uncovered providers first (a statement probe each), then one row of any source of theirs, each a LIMIT 1
    // subplan on the provider's index (nothing of the month can sit on a statement: onNoStatement). Written as plain
    // EXISTS, the planner hash-joined every fee and line of the enterprise: 62 ms with a settled month of 100,000 orders,
    // now 0.1 ms; 9.6 → 0.1 ms for the same month unsettled (EXPLAIN ANALYZE, bench database).
    sql`with open as materialized (select p.id, p.enterprise_id from service_providers p where p.enterprise_id = ${enterpriseId} and not ${coveredBy(first, last)})
      select count(*)::int as n from open p
      where exists (select 1 from (select 1 from ${orderFees(g, false)} limit 1) x)
        or exists (select 1 from (select 1 from ${payableClaims(g, false)} limit 1) x)
        or exists (select 1 from (select 1 from ${approvedRewards(g, false)} limit 1) x)`,
  );
  return r?.n ?? 0;
}

/** The statement's total from its lines (the one place it is computed), and its line count when given; both as stored. */
export async function updateTotals(ex: Executor, ep: number, id: number, lineCount?: number): Promise<{ total_cents: number; line_count: number }> {
  const total = sql`(select coalesce(sum(amount_cents), 0) from settlement_lines where enterprise_id = ${ep} and settlement_id = ${id})`;
  const [t] = await rows<{ total_cents: number; line_count: number }>(
    ex,
    sql`update settlements set total_cents = ${total}${lineCount == null ? sql`` : sql`, line_count = ${lineCount}`}
      where enterprise_id = ${ep} and id = ${id} returning total_cents, line_count`,
  );
  return t ?? { total_cents: 0, line_count: 0 };
}

/** Disputed lines of a statement still open (besides `exceptLine`). */
export async function openDisputes(ex: Executor, ep: number, id: number, exceptLine?: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from settlement_lines where enterprise_id = ${ep} and settlement_id = ${id} and dispute_state = 1
      ${exceptLine ? sql`and id <> ${exceptLine}` : sql``}`,
  );
  return r?.n ?? 0;
}

export async function settlementState(ex: Executor, ep: number, id: number, o: { forUpdate?: boolean } = {}): Promise<number | undefined> {
  const [s] = await rows<{ state: number }>(
    ex,
    sql`select state from settlements where enterprise_id = ${ep} and id = ${id}${o.forUpdate ? sql` for update` : sql``}`,
  );
  return s?.state;
}

/** The statement's version as committed now, without a lock: what a decision compares once it holds the row. */
export async function settlementVersion(ex: Executor, ep: number, id: number): Promise<number | undefined> {
  const [s] = await rows<{ version: number }>(ex, sql`select version from settlements where enterprise_id = ${ep} and id = ${id}`);
  return s?.version;
}

/** The statement's row, locked for the rest of the transaction (changeState's `current`); undefined: none. */
export async function lockSettlement(tx: Tx, ep: number, id: number): Promise<Record<string, unknown> | undefined> {
  const [s] = await rows<Record<string, unknown>>(tx, sql`select * from settlements where enterprise_id = ${ep} and id = ${id} for update`);
  return s;
}

export async function deleteSettlement(ex: Executor, ep: number, id: number): Promise<void> {
  await ex.execute(sql`delete from settlements where enterprise_id = ${ep} and id = ${id}`);
}

/** Marks a line disputed unless it is already; false when no line changed. */
export async function disputeLine(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'id'>, id: number, lineId: number, reason: string): Promise<boolean> {
  const done = await rows<{ id: number }>(
    ex,
    sql`update settlement_lines set dispute_state = 1, dispute_reason = ${reason}, resolution = null, disputed_by = ${a.id}
      where enterprise_id = ${a.enterpriseId} and settlement_id = ${id} and id = ${lineId} and dispute_state <> 1 returning id`,
  );
  return done.length > 0;
}

/** Resolves a disputed line with its amount; false when no disputed line changed. */
export async function resolveLine(
  ex: Executor,
  a: Pick<Actor, 'enterpriseId' | 'id'>,
  id: number,
  lineId: number,
  amountCents: number,
  resolution: string,
): Promise<boolean> {
  const done = await rows<{ id: number }>(
    ex,
    sql`update settlement_lines set dispute_state = 2, amount_cents = ${amountCents}, resolution = ${resolution}, resolved_by = ${a.id}
      where enterprise_id = ${a.enterpriseId} and settlement_id = ${id} and id = ${lineId} and dispute_state = 1 returning id`,
  );
  return done.length > 0;
}

export async function lineExists(ex: Executor, ep: number, id: number, lineId: number): Promise<boolean> {
  const found = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from settlement_lines where enterprise_id = ${ep} and settlement_id = ${id} and id = ${lineId}`,
  );
  return found.length > 0;
}

/**
 * A statement as `select *` reads it: the state helper's locked row, named once where it arrives. `date` columns
 * arrive as 'YYYY-MM-DD' text (Drizzle's session reads dates, like timestamps, as text), ids and cents as numbers.
 */
export interface SettlementRecord {
  enterprise_id: number;
  id: number;
  settle_no: string;
  provider_id: number;
  period_start: string;
  period_end: string;
  state: number;
  version: number;
  total_cents: number;
  line_count: number;
  remark: string | null;
  created_by: number | null;
  issued_by: number | null;
  issued_at: string | null;
  confirmed_at: string | null;
  approved_at: string | null;
  paid_at: string | null;
}

export const settlementRecord = (row: Record<string, unknown>): SettlementRecord => row as unknown as SettlementRecord;

/** The bounds of a statement's period: its days in the enterprise's zone, the end day included. */
export const periodBounds = (start: string, end: string, timeZone: string): { from: SQL; to: SQL } =>
  periodBoundsOf(sql`${start}::date`, sql`${end}::date`, timeZone);

/** periodBounds of two dates SQL computes. */
const periodBoundsOf = (start: SQL, end: SQL, timeZone: string): { from: SQL; to: SQL } => ({
  from: sql`(${start})::timestamp at time zone ${timeZone}`,
  to: sql`((${end} + 1)::timestamp at time zone ${timeZone})`,
});

/** A statement's lines the exporting user sees (none of another's statement). */
const exportVisible = (u: Pick<Actor, 'enterpriseId' | 'providerId'>, id: number): SQL =>
  sql`exists (select 1 from settlements s where s.enterprise_id = ${u.enterpriseId} and s.id = ${id} and ${settleScope(u, 's')})`;

export async function exportLineCount(ex: Executor, u: Pick<Actor, 'enterpriseId' | 'providerId'>, id: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from settlement_lines where enterprise_id = ${u.enterpriseId} and settlement_id = ${id} and ${exportVisible(u, id)}`,
  );
  return r?.n ?? 0;
}

/** The export's keyset page of a statement's lines, newest first, before a line id. */
export function exportLinesBefore(
  ex: Executor,
  u: Pick<Actor, 'enterpriseId' | 'providerId'>,
  id: number,
  before: number | null,
  limit: number,
): Promise<Omit<LineRaw, 'order_id'>[]> {
  return rows<Omit<LineRaw, 'order_id'>>(
    ex,
    sql`select l.id::int, l.kind, o.order_no, l.description, l.amount_cents, l.original_cents, l.dispute_state, l.dispute_reason, l.resolution
            from settlement_lines l ${lineOrder}
            where l.enterprise_id = ${u.enterpriseId} and l.settlement_id = ${id} and ${exportVisible(u, id)} ${before == null ? sql`` : sql`and l.id < ${before}`}
            order by l.id desc limit ${limit}`,
  );
}

/** One line of a claim's or a reward's state log, as their details show it. */
export type StateLogRow = FeeClaimDetail['logs'][number];

/** A record's state log (fee claims, rewards), oldest first, with who acted. */
export async function stateLogs(
  ex: Executor,
  a: Pick<Actor, 'enterpriseId' | 'timeZone'>,
  table: 'fee_claim_logs' | 'reward_logs',
  column: 'claim_id' | 'reward_id',
  id: number,
): Promise<StateLogRow[]> {
  return (await stateLogOf(ex, { log: { table, recordColumn: column } }, a, id)).map((l) => {
    const { time, ...row } = presentStateLog(l);
    return { ...row, create_time: time };
  });
}

/**
 * Who may approve a confirmed statement that no flow decides: finance (users without a provider holding the 财务 role)
 * and the administrators, never its issuer; with names, in id order.
 */
export async function directDeciders(
  ex: Executor,
  enterpriseId: number,
  id: number,
): Promise<{ issuer: number | null; deciders: { id: number; name: string }[] }> {
  const [s] = await rows<{ issued_by: number | null }>(
    ex,
    sql`select issued_by::int as issued_by from settlements where enterprise_id = ${enterpriseId} and id = ${id}`,
  );
  const issuer = s?.issued_by ?? null;
  const deciders = await rows<{ id: number; name: string }>(
    ex,
    sql`select id::int as id, name from users where enterprise_id = ${enterpriseId} and enabled and deleted_at is null and provider_id is null
      and (admin or 8 = any(roles)) and id <> ${issuer ?? 0} order by admin, id`,
  );
  return { issuer, deciders };
}
