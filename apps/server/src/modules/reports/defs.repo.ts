import type { ReportId } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';

/**
 * How each standard report counts (the catalogue, packages/shared/src/reports/reports.catalogue.ts, says what it
 * shows; its measures are in reports.defs.ts). Every report reads the orders of the viewer's list scope on the list's
 * filters (orderListWhere), so a figure that carries a drill query counts exactly the rows /allOrder shows on it.
 * Per-order figures of other tables (clocks, parts, visits, complaints, fees, penalties) are summed per order first and
 * joined by the order id. Every aggregate is a count or a sum, so the total row is the sum of the rows and a rate is
 * computed from sums.
 */
export interface ReportSql {
  /** A condition on `o` every counted order meets (e.g. completed), besides the list's. */
  where?: SQL;
  /**
   * Joins after `orders o`. `only` (a set of order ids, e.g. `(select id from d)`) narrows the per-order subqueries to
   * those orders: the summary's recompute of a few days (summary.repo.ts) reads their rows only, not the enterprise's.
   */
  joins?: (ep: number, only?: SQL) => SQL;
  /** Named additive aggregates (bigint or numeric), e.g. `count(*) as orders`. */
  aggs: SQL;
}

const within = (col: string, only?: SQL): SQL => (only ? sql` and ${sql.raw(col)} in ${only}` : sql``);

export const REPORT_SQL: Record<ReportId, ReportSql> = {
  orderVolume: {
    aggs: sql`count(*) as orders, count(*) filter (where o.state = 5) as completed, count(*) filter (where o.state = 6) as cancelled,
      count(*) filter (where o.state in (0, 1, 2, 3, 4, 7)) as open`,
  },
  slaAttainment: {
    joins: (ep, only) =>
      sql`join (select c.order_id, bool_or(c.breached_at is not null) as breached from order_sla_clocks c
        where c.enterprise_id = ${ep} and c.outcome <> 2${within('c.order_id', only)} group by c.order_id) s on s.order_id = o.id`,
    aggs: sql`count(*) as measured, count(*) filter (where not s.breached) as met, count(*) filter (where s.breached) as breached`,
  },
  firstFix: {
    where: sql`o.state = 5`,
    aggs: sql`count(*) as completed, count(*) filter (where o.installed_product_id is not null and exists (select 1 from orders r
      where r.enterprise_id = o.enterprise_id and r.installed_product_id = o.installed_product_id and r.id <> o.id and r.deleted_at is null
        and r.created_at > o.finished_at and r.created_at <= o.finished_at + interval '30 days')) as repeat`,
  },
  utilisation: {
    where: sql`o.state = 5`,
    aggs: sql`count(*) as completed,
      coalesce(sum(extract(epoch from o.finished_at - coalesce(o.started_at, o.taken_at, o.dispatched_at, o.finished_at))), 0) / 3600.0 as hours`,
  },
  parts: {
    // Parts in use (state 1), as the order's fees and report read them: a cancelled part went back into stock.
    joins: (ep, only) =>
      sql`join (select p.order_id, sum(p.quantity) as quantity,
          sum(p.quantity * sp.cost_price) filter (where not p.chargeable) as warranty, sum(p.quantity * p.price) filter (where p.chargeable) as charged
        from order_parts p join spares sp on sp.enterprise_id = p.enterprise_id and sp.id = p.spare_id
        where p.enterprise_id = ${ep} and p.state = 1${within('p.order_id', only)} group by p.order_id) p on p.order_id = o.id`,
    aggs: sql`count(*) as orders, coalesce(sum(p.quantity), 0) as quantity, coalesce(sum(p.warranty), 0) * 100 as warranty,
      coalesce(sum(p.charged), 0) * 100 as charged`,
  },
  visitPass: {
    joins: (ep, only) =>
      sql`join (select t.order_id, count(*) as tasks, count(*) filter (where t.state in (2, 3, 5)) as reached,
          count(*) filter (where t.state in (3, 5)) as passed
        from return_visit_tasks t where t.enterprise_id = ${ep} and t.order_id is not null${within('t.order_id', only)} group by t.order_id) v on v.order_id = o.id`,
    aggs: sql`sum(v.tasks) as tasks, sum(v.reached) as reached, sum(v.passed) as passed`,
  },
  complaintRate: {
    where: sql`o.state = 5`,
    joins: (ep, only) =>
      sql`left join (select c.order_id, count(*) as n from complaints c where c.enterprise_id = ${ep} and c.order_id is not null${within('c.order_id', only)}
        group by c.order_id) c
        on c.order_id = o.id`,
    aggs: sql`count(*) as completed, count(c.order_id) as complained, coalesce(sum(c.n), 0) as complaints`,
  },
  providerFees: {
    where: sql`(f.order_id is not null or pen.order_id is not null)`,
    joins: (ep, only) =>
      sql`left join provider_order_fees f on f.enterprise_id = o.enterprise_id and f.order_id = o.id
        left join (select r.order_id, sum(r.amount_cents) as cents from rewards r
          where r.enterprise_id = ${ep} and r.kind = 2 and r.state = 2 and r.order_id is not null${within('r.order_id', only)} group by r.order_id) pen
          on pen.order_id = o.id`,
    aggs: sql`count(f.order_id) as orders, coalesce(sum(f.amount_cents), 0) as fees, coalesce(sum(pen.cents), 0) as penalties`,
  },
};
