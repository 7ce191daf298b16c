import { prefixPattern, textContains } from '../../platform/search';
import type { RewardDetail, RewardRow } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { type PageRequest, pageSql } from '../../platform/list';
import { apiTime } from '../../platform/sql';
import { stateLogs } from './settle.repo';

/** The reads of 奖惩 (rewards and penalties) and their presenters. Ids and cents are bigint (numbers), states smallint. */

/** Finance sees every record; a provider's user only his provider's that were submitted (never a rule's open proposal). */
export function rewardScope(a: Pick<Actor, 'providerId'>, alias = 'r'): SQL {
  if (a.providerId == null) return sql`true`;
  const p = sql.identifier(alias);
  return sql`(${p}.provider_id = ${a.providerId} and ${p}.submitted_at is not null)`;
}

/** A record as rowSelect reads it. */
export interface RewardRaw {
  id: number;
  reward_no: string;
  provider_id: number;
  provider_name: string;
  order_id: number | null;
  order_no: string | null;
  kind: number;
  amount_cents: number;
  reason: string;
  cause_type: number;
  state: number;
  attachments: string[] | null;
  submitted_by: number | null;
  settlement_id: number | null;
  settle_no: string | null;
  settle_state: number | null;
  creator_name: string | null;
  submitter_name: string | null;
  create_time: string;
  approve_time: string | null;
}

/** The one place a record becomes the contract's row (the list and the detail's head). */
export const toRewardRow = (r: RewardRaw): RewardRow => ({
  id: r.id,
  rewardNo: r.reward_no,
  providerId: r.provider_id,
  providerName: r.provider_name,
  orderId: r.order_id,
  orderNo: r.order_no,
  kind: r.kind,
  amountCents: r.amount_cents,
  reason: r.reason,
  causeType: r.cause_type,
  state: r.state,
  settleState: r.settlement_id == null ? 0 : r.settle_state === 6 ? 2 : 1,
  settlementId: r.settlement_id,
  settleNo: r.settle_no,
  creatorName: r.creator_name,
  submitterName: r.submitter_name,
  create_time: r.create_time,
  approve_time: r.approve_time,
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
    conds.push(sql`(r.reward_no like ${prefixPattern(k)} or ${textContains(sql`r.reason`, k)}
      or r.order_id in (select id from orders where enterprise_id = ${a.enterpriseId} and order_no = ${k}))`);
  }
  return sql.join(conds, sql` and `);
}

/** One page of the list, newest first. */
export async function rewardRows(ex: Executor, a: Actor, f: RewardFilters, page: PageRequest): Promise<RewardRow[]> {
  const list = await rows<RewardRaw>(ex, sql`${rowSelect(a.timeZone)} where ${whereOf(a, f)} order by r.created_at desc, r.id desc ${pageSql(page)}`);
  return list.map(toRewardRow);
}

export async function rewardCount(ex: Executor, a: Actor, f: RewardFilters): Promise<number> {
  const [c] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from rewards r where ${whereOf(a, f)}`);
  return c?.n ?? 0;
}

export async function rewardRaw(ex: Executor, a: Actor, id: number): Promise<RewardRaw | undefined> {
  const [r] = await rows<RewardRaw>(ex, sql`${rowSelect(a.timeZone)} where r.enterprise_id = ${a.enterpriseId} and r.id = ${id} and ${rewardScope(a)}`);
  return r;
}

/** A record's log row as the detail shows it (the contract's). */
type RewardLogRow = RewardDetail['logs'][number];

/** The reward's state log, oldest first. */
export const rewardLogs = (ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number): Promise<RewardLogRow[]> =>
  stateLogs(ex, a, 'reward_logs', 'reward_id', id);

/** Whether the record exists in the caller's scope. */
export async function rewardInScope(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'providerId'>, id: number): Promise<boolean> {
  const [r] = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from rewards r where r.enterprise_id = ${a.enterpriseId} and r.id = ${id} and ${rewardScope(a)}`,
  );
  return !!r;
}

export async function rewardStateOf(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'providerId'>, id: number): Promise<number | undefined> {
  const [row] = await rows<{ state: number }>(
    ex,
    sql`select r.state from rewards r where r.enterprise_id = ${a.enterpriseId} and r.id = ${id} and ${rewardScope(a)}`,
  );
  return row?.state;
}

/** The record as the state helper and the insert read it (`select *`, `returning *`). */
export type RewardRecord = {
  id: number;
  reward_no: string;
  provider_id: number;
  order_id: number | null;
  kind: number;
  amount_cents: number;
  reason: string;
  state: number;
  submitted_by: number | null;
  [column: string]: unknown;
};

/** The record's state without the caller's scope (finance, after an approval decision; locked before a direct one). */
export async function rewardStateIn(ex: Executor, enterpriseId: number, id: number, o: { forUpdate?: boolean } = {}): Promise<number | undefined> {
  const [s] = await rows<{ state: number }>(
    ex,
    sql`select state from rewards where enterprise_id = ${enterpriseId} and id = ${id}${o.forUpdate ? sql` for update` : sql``}`,
  );
  return s?.state;
}

/** The record's version as committed now, without a lock: what a direct decision compares once it holds the row. */
export async function rewardVersion(ex: Executor, enterpriseId: number, id: number): Promise<number | undefined> {
  const [s] = await rows<{ version: number }>(ex, sql`select version from rewards where enterprise_id = ${enterpriseId} and id = ${id}`);
  return s?.version;
}

/** The record's row, locked for the rest of the transaction (changeState's `current`); undefined: none. */
export async function lockReward(tx: Tx, enterpriseId: number, id: number): Promise<Record<string, unknown> | undefined> {
  const [s] = await rows<Record<string, unknown>>(tx, sql`select * from rewards where enterprise_id = ${enterpriseId} and id = ${id} for update`);
  return s;
}

export async function providerExists(ex: Executor, enterpriseId: number, providerId: number): Promise<boolean> {
  const [p] = await rows<{ one: number }>(ex, sql`select 1 as one from service_providers where enterprise_id = ${enterpriseId} and id = ${providerId}`);
  return !!p;
}

export async function orderProviderOf(ex: Executor, enterpriseId: number, orderId: number): Promise<{ provider_id: number | null } | undefined> {
  const [o] = await rows<{ provider_id: number | null }>(
    ex,
    sql`select provider_id from orders where enterprise_id = ${enterpriseId} and id = ${orderId} and deleted_at is null`,
  );
  return o;
}

export interface RewardInsert {
  providerId: number;
  orderId?: number | null;
  kind: number;
  amountCents: number;
  reason: string;
  attachments: string[];
}

/** A record by hand, submitted at once (state 1) by its creator. */
export async function insertReward(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'id'>, no: string, v: RewardInsert): Promise<RewardRecord | undefined> {
  const [r] = await rows<RewardRecord>(
    ex,
    sql`insert into rewards (enterprise_id, reward_no, provider_id, order_id, kind, amount_cents, reason, attachments, state, created_by,
          submitted_by, submitted_at)
        values (${a.enterpriseId}, ${no}, ${v.providerId}, ${v.orderId ?? null}, ${v.kind}, ${v.amountCents}, ${v.reason},
          ${JSON.stringify(v.attachments)}::jsonb, 1, ${a.id}, ${a.id}, now())
        returning *`,
  );
  return r;
}

/** Breaches and failed visits further back than this are not looked at (the sweep runs every five minutes). */
const LOOKBACK = sql`interval '30 days'`;

/** 1 an SLA clock breached, 2 a return visit not passed, 3 an old part overdue. */
export type PenaltyCause = 1 | 2 | 3;

/**
 * The causes of enterprise `e` (a lateral subquery): cause_id, order_id, provider_id, reason. Each reads its own
 * index: order_sla_clocks_breach_idx, return_visit_tasks_visited_idx, old_part_returns_state_idx.
 */
const PENALTY_CAUSES: Record<PenaltyCause, SQL> = {
  1: sql`select c.id as cause_id, o.id as order_id, o.provider_id, 'SLA超时：工单' || o.order_no || '（' || c.policy_name || '）' as reason
      from order_sla_clocks c join orders o on o.enterprise_id = c.enterprise_id and o.id = c.order_id
      where c.enterprise_id = e.id and c.breached_at is not null and c.breached_at >= now() - ${LOOKBACK}
        and o.provider_id is not null and o.deleted_at is null`,
  2: sql`select t.id as cause_id, o.id as order_id, o.provider_id,
        '回访不通过：工单' || o.order_no || coalesce('（' || nullif(t.reason, '') || '）', '') as reason
      from return_visit_tasks t join orders o on o.enterprise_id = t.enterprise_id and o.id = t.order_id
      where t.enterprise_id = e.id and t.state = 2 and t.visited_at >= now() - ${LOOKBACK}
        and o.provider_id is not null and o.deleted_at is null`,
  3: sql`select r.id as cause_id, o.id as order_id, o.provider_id,
        '旧件逾期未返还：工单' || o.order_no || '，应于' || to_char(r.due_at at time zone e.time_zone, 'YYYY-MM-DD') || '前返还' as reason
      from old_part_returns r join orders o on o.enterprise_id = r.enterprise_id and o.id = r.order_id
      where r.enterprise_id = e.id and r.state = 1 and r.due_at < now() and o.provider_id is not null and o.deleted_at is null`,
};

/**
 * One rule in one statement: the causes without a record, numbered from the enterprise's counter (bumped once by their
 * count), inserted with ON CONFLICT on the cause key, and their creation logged. Answers how many were proposed.
 */
export async function proposeBy(ex: Executor, causeType: PenaltyCause, setting: string, fallback: string): Promise<number> {
  const [res] = await rows<{ n: number }>(
    ex,
    sql`with cand as (
        select e.id as enterprise_id, e.time_zone, x.cause_id, x.order_id, x.provider_id, x.reason, amt.cents,
          row_number() over (partition by e.id order by x.cause_id) as rn, count(*) over (partition by e.id) as total
        from enterprises e
        cross join lateral (select coalesce((select s.value from system_settings s where s.enterprise_id = e.id and s.code = ${setting}),
          ${fallback})::bigint * 100 as cents) amt
        cross join lateral (${PENALTY_CAUSES[causeType]}) x
        where amt.cents > 0
          and not exists (select 1 from rewards w where w.enterprise_id = e.id and w.cause_type = ${causeType} and w.cause_id = x.cause_id)),
      bump as (
        insert into counters (enterprise_id, name, value) select enterprise_id, 'reward', max(total) from cand group by enterprise_id
        on conflict (enterprise_id, name) do update set value = counters.value + excluded.value
        returning enterprise_id, value),
      made as (
        insert into rewards (enterprise_id, reward_no, provider_id, order_id, kind, amount_cents, reason, cause_type, cause_id, state)
        select c.enterprise_id, 'JC' || to_char(now() at time zone c.time_zone, 'YYYYMMDD') || '-' || lpad((b.value - c.total + c.rn)::text, 4, '0'),
          c.provider_id, c.order_id, 2, c.cents, c.reason, ${causeType}, c.cause_id, 0
        from cand c join bump b on b.enterprise_id = c.enterprise_id
        on conflict (enterprise_id, cause_type, cause_id) where cause_type > 0 do nothing
        returning enterprise_id, id),
      logged as (
        insert into reward_logs (enterprise_id, reward_id, from_state, to_state, action, note)
        select enterprise_id, id, null, 0, 'propose', '系统按规则建议' from made returning 1)
      select count(*)::int as n from logged`,
  );
  return res?.n ?? 0;
}
