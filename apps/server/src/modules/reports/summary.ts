// 运营报表's per-day summary (order_report_day_stats, db/schema/reports.ts; docs/reports.md "Summaries"). A figure of a
// report depends on the order and on rows of six other tables (clocks, parts, visit tasks, complaints, provider fees,
// penalties) and, for the first-time fix, on later orders of the same product; so the triggers do not add deltas (as
// return_visit_day_stats does) but mark the enterprise days an order's figures may have moved on (order_report_dirty),
// whoever writes, in the writer's transaction. The days are recomputed from the orders with the reports' own
// definitions (defs.repo.ts): by the report that reads them (only its period's days, before it reads) and by a sweep
// every 30 s. Like the other summaries the triggers fire ALWAYS, and a database from before them is backfilled once
// (createReportSummary, run by migrate).
import { REPORTS, type ReportAxis } from '@sk/shared';
import type { Database, Executor } from '../../db/client';
import { installSummary } from '../../db/summary';
import { addSweep, registerJobHandler } from '../../platform/jobs';
import { AXIS_CODES, clearMarks, lockFlush, markedEnterprises, orderEnterprises, recomputeDays, takeMarks, timeZoneOf } from './summary.repo';

export { FLUSH_LOCK } from './summary.repo';

/** Rebuilds an enterprise's summary from its orders (the backfill, a time-zone change, the tests' fresh count). */
export async function rebuildReportSummary(ex: Executor, ep: number): Promise<void> {
  const tz = await timeZoneOf(ex, ep);
  await clearMarks(ex, ep);
  for (const r of REPORTS) for (const axis of r.axes) await recomputeDays(ex, ep, tz, r.id, axis, null);
}

/** Marked days recomputed per transaction: a backlog (a bulk load) is recomputed in steps a reader can follow. */
export const FLUSH_BATCH = 60;

/**
 * Recomputes the enterprise's marked days (of one axis and range of days, or all) and clears their marks, FLUSH_BATCH
 * days per transaction under the enterprise's flush lock: a second reader waits and finds them done. A writer marking a
 * day meanwhile never waits (marks are only inserted) and keeps its mark (its row is not in this delete's snapshot) for
 * the next flush: at 1,000,000 orders one day's recompute takes a second or two, and writers used to wait on the
 * day's mark that long. Answers how many days were recomputed.
 */
export async function flushReportSummary(
  ex: Executor,
  ep: number,
  range?: { axis: ReportAxis; from: string; to: string },
  stopping?: AbortSignal,
): Promise<number> {
  let total = 0;
  // Stopping ends between batches: each batch commits on its own, and the marks left stay for the next flush.
  while (!stopping?.aborted) {
    const n = await flushBatch(ex, ep, range);
    total += n;
    if (n < FLUSH_BATCH) return total;
  }
  return total;
}

function flushBatch(ex: Executor, ep: number, range?: { axis: ReportAxis; from: string; to: string }): Promise<number> {
  return ex.transaction(async (tx) => {
    await lockFlush(tx, ep);
    const gone = await takeMarks(tx, ep, range, FLUSH_BATCH);
    if (gone.length === 0) return 0;
    const tz = await timeZoneOf(tx, ep);
    for (const [axis, code] of Object.entries(AXIS_CODES) as [ReportAxis, number][]) {
      const days = gone.filter((g) => g.axis === code).map((g) => g.day);
      if (days.length === 0) continue;
      for (const r of REPORTS) if (r.axes.includes(axis)) await recomputeDays(tx, ep, tz, r.id, axis, days);
    }
    return gone.length;
  });
}

export const REPORT_SUMMARY_JOB = 'reports.flushSummary';

/** Flushes every enterprise with marked days (up to 100 per run); answers how many. */
export async function flushAllReportSummaries(ex: Executor, stopping?: AbortSignal): Promise<number> {
  const marked = await markedEnterprises(ex);
  for (const m of marked) await flushReportSummary(ex, m.ep, undefined, stopping);
  return marked.length;
}

// ---- the triggers that mark days ----

/** Marks the axis days of the orders in `rel` (columns enterprise_id, created_at, finished_at, complete_examined_at), in key order. */
const markOrders = (rel: string) => `insert into order_report_dirty (enterprise_id, axis, day)
  select distinct t.enterprise_id, a.axis, (a.at at time zone e.time_zone)::date
  from (${rel}) t join enterprises e on e.id = t.enterprise_id
  cross join lateral (values (1::smallint, t.created_at), (2::smallint, t.finished_at), (3::smallint, t.complete_examined_at)) a(axis, at)
  where a.at is not null`;

const ORDER_COLS = 'enterprise_id, created_at, finished_at, complete_examined_at';
/** The orders of `rel` and those whose first-time fix they may change: same product, completed within the 30 days before it was created. */
const withRepeats = (rel: string) => `select ${ORDER_COLS} from ${rel} r0
  union all select x.enterprise_id, x.created_at, x.finished_at, x.complete_examined_at from ${rel} t join orders x
    on x.enterprise_id = t.enterprise_id and x.installed_product_id = t.installed_product_id
    and x.finished_at >= t.created_at - interval '30 days' and x.finished_at < t.created_at
  where t.installed_product_id is not null`;
/** An order update moves figures only when one of these changes. */
const FIGURE_COLS = [
  'state',
  'deleted_at',
  'created_at',
  'finished_at',
  'complete_examined_at',
  'template_id',
  'service_group_id',
  'service_user_id',
  'provider_id',
  'source',
  'priority',
  'installed_product_id',
  'started_at',
  'taken_at',
  'dispatched_at',
];
/** The orders of the rows of `rel` in a table with enterprise_id and order_id. */
const ordersOf = (rel: string) => `select o.enterprise_id, o.created_at, o.finished_at, o.complete_examined_at from orders o
  join (select distinct enterprise_id, order_id from ${rel} s where order_id is not null) r on o.enterprise_id = r.enterprise_id and o.id = r.order_id`;

/** Tables whose rows carry an order's figures (defs.repo.ts), each marking its orders' days. */
const RELATED = ['order_sla_clocks', 'order_parts', 'return_visit_tasks', 'complaints', 'provider_order_fees', 'rewards'];

const FUNCTIONS = [
  `create or replace function sk_report_dirty_orders_ins() returns trigger language plpgsql as $$ begin
    ${markOrders(withRepeats('sk_new'))}; return null; end $$`,
  `create or replace function sk_report_dirty_orders_del() returns trigger language plpgsql as $$ begin
    ${markOrders(withRepeats('sk_old'))}; return null; end $$`,
  `create or replace function sk_report_dirty_orders_upd() returns trigger language plpgsql as $$ begin
    ${markOrders(
      withRepeats(`(select o.* from sk_old o join sk_new n on n.enterprise_id = o.enterprise_id and n.id = o.id
        where (${FIGURE_COLS.map((c) => `o.${c}`).join(', ')}) is distinct from (${FIGURE_COLS.map((c) => `n.${c}`).join(', ')})
        union all select n.* from sk_old o join sk_new n on n.enterprise_id = o.enterprise_id and n.id = o.id
        where (${FIGURE_COLS.map((c) => `o.${c}`).join(', ')}) is distinct from (${FIGURE_COLS.map((c) => `n.${c}`).join(', ')}))`),
    )}; return null; end $$`,
  `create or replace function sk_report_dirty_rel_ins() returns trigger language plpgsql as $$ begin
    ${markOrders(ordersOf('sk_new'))}; return null; end $$`,
  `create or replace function sk_report_dirty_rel_del() returns trigger language plpgsql as $$ begin
    ${markOrders(ordersOf('sk_old'))}; return null; end $$`,
  `create or replace function sk_report_dirty_rel_upd() returns trigger language plpgsql as $$ begin
    ${markOrders(ordersOf('(select enterprise_id, order_id from sk_old union all select enterprise_id, order_id from sk_new)'))}; return null; end $$`,
  // A spare's cost price is the warranty cost of every order that used it.
  `create or replace function sk_report_dirty_spares_upd() returns trigger language plpgsql as $$ begin
    ${markOrders(
      ordersOf(`(select p.enterprise_id, p.order_id from order_parts p join sk_new n on n.enterprise_id = p.enterprise_id and n.id = p.spare_id
        join sk_old o on o.enterprise_id = n.enterprise_id and o.id = n.id where o.cost_price is distinct from n.cost_price)`),
    )}; return null; end $$`,
];

const triggersOn = (table: string, fn: string, ops: ('ins' | 'del' | 'upd')[]): string[] =>
  ops.flatMap((op) => {
    const name = `${table}_report_dirty_${op}`;
    const ref = op === 'ins' ? 'new table as sk_new' : op === 'del' ? 'old table as sk_old' : 'old table as sk_old new table as sk_new';
    const ev = op === 'ins' ? 'insert' : op === 'del' ? 'delete' : 'update';
    return [
      `create or replace trigger ${name} after ${ev} on ${table} referencing ${ref} for each statement execute function ${fn}_${op}()`,
      `alter table ${table} enable always trigger ${name}`,
    ];
  });

const TRIGGERS = [
  ...triggersOn('orders', 'sk_report_dirty_orders', ['ins', 'del', 'upd']),
  ...RELATED.flatMap((t) => triggersOn(t, 'sk_report_dirty_rel', ['ins', 'del', 'upd'])),
  ...triggersOn('spares', 'sk_report_dirty_spares', ['upd']),
];

/** Creates the marking functions and triggers (idempotent); backfills every enterprise when they are new. Called by db/derived.ts. */
export const createReportSummary = (database: Database): Promise<void> =>
  installSummary(database, {
    table: 'orders',
    functions: FUNCTIONS,
    triggers: TRIGGERS,
    marker: 'orders_report_dirty_ins',
    backfill: async (tx) => {
      const eps = await orderEnterprises(tx);
      for (const e of eps) await rebuildReportSummary(tx, e.id);
    },
  });

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireSummary(): void {
  registerJobHandler(REPORT_SUMMARY_JOB, async (job, deps) => {
    await flushAllReportSummaries(deps.db, job.stopping);
  });

  addSweep({ name: REPORT_SUMMARY_JOB, everySeconds: 30, kind: REPORT_SUMMARY_JOB });
}
