import { textContains } from '../../platform/search';
import type { ScorecardRow } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, listPage, type PageRequest, pageSql } from '../../platform/list';
import { and, intArray } from '../../platform/sql';

/**
 * The scorecard of 服务商管理 (docs/settlement.md, "Scorecard"): per provider over a period of days in the enterprise's
 * zone. Orders completed in the period are the base of the rates:
 * - 按时率: of those with an SLA clock (cancelled clocks aside), the share whose every clock was met (none breached);
 * - 一次修复率: of all, the share not followed within 30 days of completion by another order of the same customer (and
 *   the same installed product when the order names one);
 * - 回访满意率: of their return visits done (not passed, passed, passed unrated), the share passed;
 * - 投诉: complaints against the provider created in the period; 接单: his orders created in the period;
 * - 处罚: penaltyCentsOf, the provider's penalties approved in the period (rewards.service.ts).
 */

/** Days `from`–`to` (inclusive) as the half-open instant range [start, end) in `tz`. */
export const range = (from: string, to: string, tz: string) => ({
  start: sql`(${from}::date)::timestamp at time zone ${tz}`,
  end: sql`((${to}::date + 1)::timestamp at time zone ${tz})`,
});

/**
 * Penalties of each provider in the period, in cents (positive = what was deducted): his penalties approved in it
 * (rewards of kind 2, state 2, by approved_at — the instant that also puts them on the period's statement).
 */
export async function penaltyCentsOf(
  ex: Executor,
  enterpriseId: number,
  providerIds: readonly number[],
  period: { start: SQL; end: SQL },
): Promise<Map<number, number | null>> {
  const out = new Map<number, number | null>(providerIds.map((id) => [id, 0]));
  if (providerIds.length === 0) return out;
  const sums = await rows<{ provider_id: number; cents: number }>(
    ex,
    sql`select provider_id, sum(amount_cents)::bigint as cents from rewards
      where enterprise_id = ${enterpriseId} and provider_id = any(${intArray(providerIds, 'bigint')}) and approved_at >= ${period.start}
        and approved_at < ${period.end} and kind = 2 and state = 2
      group by provider_id`,
  );
  for (const r of sums) out.set(r.provider_id, r.cents);
  return out;
}

export interface ScorecardRaw {
  id: number;
  name: string;
  partner_type: number;
  enabled: boolean;
  received: number;
  completed: number;
  sla_orders: number;
  on_time: number;
  first_fixed: number;
  visited: number;
  visit_passed: number;
  complaints: number;
}

const permille = (n: number, base: number): number | null => (base > 0 ? Math.round((n * 1000) / base) : null);

/** The one place a provider's figures (and his penalties) become the contract's scorecard row. */
export function toScorecardRow(p: ScorecardRaw, penaltyCents: number | null): ScorecardRow {
  return {
    providerId: p.id,
    providerName: p.name,
    partnerType: p.partner_type,
    enabled: p.enabled,
    received: p.received,
    completed: p.completed,
    slaOrders: p.sla_orders,
    onTime: p.on_time,
    firstTimeFixed: p.first_fixed,
    visited: p.visited,
    visitPassed: p.visit_passed,
    complaints: p.complaints,
    penaltyCents,
    onTimeRate: permille(p.on_time, p.sla_orders),
    firstTimeFixRate: permille(p.first_fixed, p.completed),
    visitPassRate: permille(p.visit_passed, p.visited),
  };
}

/** The providers the scorecard lists (alias p): the enterprise's, one asked for, a provider's user's own, by name. */
export const scorecardWhere = (a: Actor, f: { providerId?: number | null; keyword?: string | null }): SQL =>
  and([
    sql`p.enterprise_id = ${a.enterpriseId}`,
    f.providerId ? sql`p.id = ${f.providerId}` : null,
    a.providerId != null ? sql`p.id = ${a.providerId}` : null,
    f.keyword ? textContains(sql`p.name`, f.keyword) : null,
  ]);

/** The statement of one page of the scorecard over the instants [start, end) (provider.sql.snap). */
export function scorecardPageSql(ep: number, where: SQL, r: { start: SQL; end: SQL }, page: PageRequest): SQL {
  return sql`with pg as (select p.id, p.name, p.partner_type, p.enabled from service_providers p where ${where} order by p.id ${pageSql(page)})
        select pg.*,
          (select count(*)::int from orders o where o.enterprise_id = ${ep} and o.provider_id = pg.id and o.deleted_at is null
            and o.created_at >= ${r.start} and o.created_at < ${r.end}) as received,
          (select count(*)::int from complaints q where q.enterprise_id = ${ep} and q.provider_id = pg.id
            and q.created_at >= ${r.start} and q.created_at < ${r.end}) as complaints,
          coalesce(c.completed, 0) as completed, coalesce(c.sla_orders, 0) as sla_orders, coalesce(c.on_time, 0) as on_time,
          coalesce(c.first_fixed, 0) as first_fixed, coalesce(c.visited, 0) as visited, coalesce(c.visit_passed, 0) as visit_passed
        from pg left join lateral (
          select count(*)::int as completed,
            count(*) filter (where k.n > 0)::int as sla_orders,
            count(*) filter (where k.n > 0 and k.breached = 0)::int as on_time,
            count(*) filter (where not rep.again)::int as first_fixed,
            sum(v.visited)::int as visited, sum(v.passed)::int as visit_passed
          from orders o
          cross join lateral (select count(*) as n, count(*) filter (where x.breached_at is not null) as breached
            from order_sla_clocks x where x.enterprise_id = o.enterprise_id and x.order_id = o.id and x.outcome <> 2) k
          cross join lateral (select exists (select 1 from orders y where y.enterprise_id = o.enterprise_id and y.customer_id = o.customer_id
              and y.id <> o.id and y.deleted_at is null and y.created_at > o.finished_at and y.created_at <= o.finished_at + interval '30 days'
              and (o.installed_product_id is null or y.installed_product_id = o.installed_product_id)) as again) rep
          cross join lateral (select count(*) filter (where t.state in (2, 3, 5)) as visited, count(*) filter (where t.state in (3, 5)) as passed
            from return_visit_tasks t where t.enterprise_id = o.enterprise_id and t.order_id = o.id) v
          where o.enterprise_id = ${ep} and o.provider_id = pg.id and o.state = 5 and o.deleted_at is null
            and o.finished_at >= ${r.start} and o.finished_at < ${r.end}) c on true
        order by pg.id`;
}

export function scorecardPage(ex: Executor, a: Actor, where: SQL, r: { start: SQL; end: SQL }, page: PageRequest) {
  return listPage(
    page,
    async () => {
      const list = await rows<ScorecardRaw>(ex, scorecardPageSql(a.enterpriseId, where, r, page));
      const penalties = await penaltyCentsOf(
        ex,
        a.enterpriseId,
        list.map((p) => p.id),
        r,
      );
      return list.map((p) => toScorecardRow(p, penalties.get(p.id) ?? null));
    },
    () => countOf(ex, sql`service_providers p`, where),
  );
}
