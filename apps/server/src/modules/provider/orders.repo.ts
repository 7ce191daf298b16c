import type { ProviderOrderRow, ServiceOrderTab } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, listPage, type PageRequest, pageRows } from '../../platform/list';
import { and, createdBetween, timeOf } from '../../platform/sql';
import { orderListWhere } from '../orders/index';

/**
 * Provider orders (docs/settlement.md, "Provider orders"): 服务单 as the viewer's scope allows (a provider's user: his
 * provider's only, orders/scope.ts) and 工单管理, the manufacturer's view of every one with its settlement state. One
 * query shape for both: the order list's conditions (scope, recycle bin, keyword) and `provider_id is not null`, newest
 * first along orders_provider_list_idx (or orders_provider_idx with a provider), the page's facts joined to its rows only.
 */

const ORDER = sql.raw('o.created_at desc, o.id desc');
/** Within a completion period the newest completion comes first, read from the period's own index. */
const BY_FINISH = sql.raw('o.finished_at desc, o.id desc');
const TAB_STATES: Record<ServiceOrderTab, SQL | null> = { all: null, open: sql`o.state in (0, 1, 2, 3, 4, 7)`, done: sql`o.state = 5` };

const hasFee = sql`exists (select 1 from provider_order_fees f where f.enterprise_id = o.enterprise_id and f.order_id = o.id)`;
/**
 * Orders on a statement (paid or not), driven from the statements' lines: the few statements of a state name their
 * orders (settlement_lines_settlement_idx), read once into an array the orders are then looked up by (no paid statement:
 * nothing to walk), instead of a semi join that walks every provider order looking for rare matches.
 */
const onStatement = (ep: number, paid: boolean) =>
  sql`o.id = any(array(select l.order_id from settlements s join settlement_lines l on l.enterprise_id = s.enterprise_id and l.settlement_id = s.id
    where s.enterprise_id = ${ep} and s.state ${paid ? sql`= 6` : sql`<> 6`} and l.order_id is not null))`;
const onAnyStatement = sql`exists (select 1 from settlement_lines l where l.enterprise_id = o.enterprise_id and l.order_id = o.id)`;

/** 0 unpriced, 1 priced (on no statement), 2 on a statement not yet paid, 3 paid. */
export function settleStateCond(ep: number, state: number): SQL {
  switch (state) {
    case 0:
      return sql`not ${hasFee}`;
    case 1:
      return sql`${hasFee} and not ${onAnyStatement}`;
    case 2:
      return onStatement(ep, false);
    default:
      return onStatement(ep, true);
  }
}

interface Raw {
  id: number;
  order_no: string;
  title: string;
  state: number;
  custom_name: string | null;
  provider_id: number;
  provider_name: string;
  service_user_name: string | null;
  create_time: string;
  finish_time: string | null;
  sla_state: number;
  sla_deadline: string | null;
  parts: number;
  fee_cents: number | null;
  settlement_id: number | null;
  settle_no: string | null;
  statement_state: number | null;
}

/** The one place a provider order row becomes the contract's row. */
export const toProviderOrderRow = (r: Raw): ProviderOrderRow => ({
  id: r.id,
  orderNo: r.order_no,
  title: r.title,
  state: r.state,
  customName: r.custom_name,
  providerId: r.provider_id,
  providerName: r.provider_name,
  serviceUserName: r.service_user_name,
  create_time: r.create_time,
  finish_time: r.finish_time,
  slaState: r.sla_state,
  slaDeadline: r.sla_deadline,
  partsToReturn: r.parts,
  feeCents: r.fee_cents,
  settleState: r.settlement_id != null ? (r.statement_state === 6 ? 3 : 2) : r.fee_cents != null ? 1 : 0,
  settlementId: r.settlement_id,
  settleNo: r.settle_no,
});

/** The page's rows (`page` picks them, aliased o) with the provider, the SLA at a glance, parts owed, the fee and its statement. */
export function factsOf(a: Actor, page: SQL, order: SQL = ORDER): SQL {
  const t = (col: string) => timeOf(sql.raw(`o.${col}`), a);
  // The page first, materialised: the joins below then run for its rows only (never a hash over every fee or line).
  return sql`with pg as materialized (${page})
    select o.id, o.order_no, o.title, o.state, c.name as custom_name, o.provider_id, p.name as provider_name, su.name as service_user_name,
      ${t('created_at')} as create_time, ${t('finished_at')} as finish_time,
      k.sla_state, ${timeOf(sql`k.deadline`, a)} as sla_deadline, r.parts, f.amount_cents as fee_cents,
      l.settlement_id, s.settle_no, s.state as statement_state
    from pg o
    join service_providers p on p.enterprise_id = o.enterprise_id and p.id = o.provider_id
    left join customers c on c.enterprise_id = o.enterprise_id and c.id = o.customer_id
    left join users su on su.enterprise_id = o.enterprise_id and su.id = o.service_user_id
    left join provider_order_fees f on f.enterprise_id = o.enterprise_id and f.order_id = o.id
    left join settlement_lines l on l.enterprise_id = o.enterprise_id and l.order_id = o.id and l.order_id is not null
    left join settlements s on s.enterprise_id = l.enterprise_id and s.id = l.settlement_id
    cross join lateral (
      select case when count(*) = 0 then 0 when bool_or(x.breached_at is not null) then 3 when bool_or(x.outcome = 0) then 1 else 2 end::int as sla_state,
        min(x.deadline_at) filter (where x.outcome = 0 and x.breached_at is null) as deadline
      from order_sla_clocks x where x.enterprise_id = o.enterprise_id and x.order_id = o.id and x.outcome <> 2) k
    cross join lateral (
      select count(*)::int as parts from old_part_returns x where x.enterprise_id = o.enterprise_id and x.order_id = o.id and x.state = 1) r
    order by ${order}`;
}

/** The statement of one page of provider orders matching `where`, newest first or by completion (provider.sql.snap). */
export const providerOrderPageSql = (a: Actor, where: SQL, p: PageRequest, byFinish = false): SQL => {
  const order = byFinish ? BY_FINISH : ORDER;
  return factsOf(a, pageRows('orders', 'o', a.enterpriseId, where, order, p), order);
};

export async function providerOrderPage(
  ex: Executor,
  a: Actor,
  where: SQL,
  p: PageRequest,
  byFinish = false,
): Promise<{ list: ProviderOrderRow[]; count: number }> {
  return listPage(
    p,
    async () => (await rows<Raw>(ex, providerOrderPageSql(a, where, p, byFinish))).map(toProviderOrderRow),
    () => countOf(ex, sql`orders o`, where),
  );
}

/** The condition of 服务单 for the actor: his scope's provider orders (outside the recycle bin), by tab and keyword. */
export const serviceOrderWhere = (a: Actor, f: { tab: ServiceOrderTab; keyword?: string | null }): SQL =>
  and([orderListWhere(a, { keyword: f.keyword ?? undefined }), sql`o.provider_id is not null`, TAB_STATES[f.tab]]);

export interface ManagementFilters {
  providerId?: number | null;
  startDay?: string;
  endDay?: string;
  settleState?: number;
  keyword?: string | null;
}

export const managementWhere = (a: Actor, f: ManagementFilters): SQL =>
  and([
    orderListWhere(a, { keyword: f.keyword ?? undefined }),
    sql`o.provider_id is not null`,
    f.providerId ? sql`o.provider_id = ${f.providerId}` : null,
    ...createdBetween(sql`o.finished_at`, a, f.startDay, f.endDay),
    f.settleState == null ? null : settleStateCond(a.enterpriseId, f.settleState),
  ]);
