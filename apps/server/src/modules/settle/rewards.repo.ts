import type { RewardDetail, RewardRow } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { type PageRequest, pageSql } from '../../platform/list';
import { prefixPattern } from '../../platform/search';
import { apiTime } from '../../platform/sql';
import { containing } from '../org/org.common';
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
    conds.push(sql`(r.reward_no like ${prefixPattern(k)} or r.reason ilike ${containing(k)}
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
