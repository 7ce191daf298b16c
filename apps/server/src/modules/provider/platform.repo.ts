import { prefixPattern, textContains } from '../../platform/search';
import type { PlatformSettleRow } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, listPage, type PageRequest, pageSql } from '../../platform/list';
import { and } from '../../platform/sql';
import { settleScope } from '../settle/index';

/**
 * 平台结算 (/ServiceGroup/list, docs/settlement.md): the statements of platform partners — 授权服务商 (3) and 授权服务平台
 * (4) — split by the service group that served each order, so the platform pays each of its groups its share. A row
 * is one statement × one group (orders without a group under 未分组); the statement itself, its lines, disputes and
 * states are the 外包结算 ones (one statement machine). Scope: finance every platform's, a provider's user his own.
 */

export interface PlatformRaw {
  settlement_id: number;
  settle_no: string;
  provider_id: number;
  provider_name: string;
  partner_type: number;
  period_start: string;
  period_end: string;
  state: number;
  total_cents: number;
  service_group_id: number | null;
  service_group_name: string | null;
  order_count: number;
  amount_cents: number;
}

/** The 平台结算 list's filters. */
export interface PlatformFilters {
  providerId?: number | null;
  serviceGroupId?: number | null;
  state?: number;
  keyword?: string | null;
}

/** One row per (statement, service group) of its order lines; newest statement first, then by group. */
export function grouped(a: Actor, f: PlatformFilters): SQL {
  const where = and([
    sql`s.enterprise_id = ${a.enterpriseId}`,
    settleScope(a, 's'),
    sql`p.partner_type in (3, 4)`,
    f.providerId ? sql`s.provider_id = ${f.providerId}` : null,
    f.state ? sql`s.state = ${f.state}` : null,
    f.serviceGroupId ? sql`o.service_group_id = ${f.serviceGroupId}` : null,
    f.keyword ? sql`(s.settle_no like ${prefixPattern(f.keyword)} or ${textContains(sql`p.name`, f.keyword)})` : null,
  ]);
  return sql`select s.id as settlement_id, s.created_at, o.service_group_id, count(*)::int as order_count, sum(l.amount_cents)::bigint as amount_cents
    from settlements s
    join service_providers p on p.enterprise_id = s.enterprise_id and p.id = s.provider_id
    join settlement_lines l on l.enterprise_id = s.enterprise_id and l.settlement_id = s.id and l.kind = 1
    join orders o on o.enterprise_id = l.enterprise_id and o.id = l.order_id
    where ${where}
    group by s.id, s.created_at, o.service_group_id`;
}

const ORDER = sql.raw('g.created_at desc, g.settlement_id desc, g.service_group_id nulls last');

/** The one place a (statement, group) row becomes the contract's row. */
export const toPlatformSettleRow = (r: PlatformRaw): PlatformSettleRow => ({
  key: `${r.settlement_id}-${r.service_group_id ?? 0}`,
  settlementId: r.settlement_id,
  settleNo: r.settle_no,
  providerId: r.provider_id,
  providerName: r.provider_name,
  partnerType: r.partner_type,
  periodStart: r.period_start,
  periodEnd: r.period_end,
  state: r.state,
  serviceGroupId: r.service_group_id,
  serviceGroupName: r.service_group_name,
  orderCount: r.order_count,
  amountCents: r.amount_cents,
  totalCents: r.total_cents,
});

/** The statement of one page of the 平台结算 list (provider.sql.snap). */
export const platformPageSql = (a: Actor, f: PlatformFilters, page: PageRequest): SQL =>
  sql`select g.settlement_id, s.settle_no, s.provider_id, p.name as provider_name, p.partner_type,
            to_char(s.period_start, 'YYYY-MM-DD') as period_start, to_char(s.period_end, 'YYYY-MM-DD') as period_end, s.state, s.total_cents,
            g.service_group_id, sg.name as service_group_name, g.order_count, g.amount_cents
          from (${grouped(a, f)}) g
          join settlements s on s.enterprise_id = ${a.enterpriseId} and s.id = g.settlement_id
          join service_providers p on p.enterprise_id = s.enterprise_id and p.id = s.provider_id
          left join service_groups sg on sg.enterprise_id = s.enterprise_id and sg.id = g.service_group_id
          order by ${ORDER} ${pageSql(page)}`;

export function platformPage(ex: Executor, a: Actor, f: PlatformFilters, page: PageRequest): Promise<{ list: PlatformSettleRow[]; count: number }> {
  return listPage(
    page,
    async () => (await rows<PlatformRaw>(ex, platformPageSql(a, f, page))).map(toPlatformSettleRow),
    () => countOf(ex, sql`(${grouped(a, f)}) g`, undefined),
  );
}
