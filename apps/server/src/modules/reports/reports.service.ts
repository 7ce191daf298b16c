import {
  AXIS_FILTERS,
  ORDER_SOURCES,
  ORDER_STATES,
  PRIORITY_LABELS,
  REPORT_AXES,
  REPORT_DIMENSIONS,
  REPORTS,
  rangeEnd,
  rangeStart,
  type ReportDefView,
  type ReportDimension,
  type ReportParams,
  type ReportResult,
  type OpReportRow,
  reportDef,
} from '@sk/shared';
import type { Executor } from '../../db/client';
import { readFromReplica } from '../../db/replica';
import type { Actor } from '../../platform/actor';
import { invalid } from '../../platform/errors';
import { orderListWhere } from '../orders/index';
import { seesAllOrders } from '../orders/index';
import { leadsTeam } from '../orders/index';
import { REPORT_SQL } from './defs.repo';
import { REPORT_VALUES } from './reports.defs';
import { dimensionKey, type ExactReport, exactReportRows, namesByIds, type ReportAggRow, summaryReportRows, toAggs } from './reports.repo';
import { flushReportSummary } from './summary';
import { DIM_COLUMNS } from './summary.repo';

/**
 * 运营报表 (docs/reports.md): runs a catalogue report for the viewer. The orders counted are the /allOrder list's on the
 * report's filters and axis period (orderListWhere: the enterprise, the recycle bin, the viewer's order scope), so
 * a director counts the enterprise, a provider's user his provider's orders, an engineer the orders he is on.
 */

/** The catalogue as the page reads it. */
export const catalogue = (): ReportDefView[] =>
  REPORTS.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    axes: r.axes.map((k) => ({ key: k, label: REPORT_AXES[k] })),
    dimensions: r.dimensions.map((k) => ({ key: k, label: REPORT_DIMENSIONS[k] })),
    measures: r.measures.map((m) => ({ key: m.key, label: m.label, unit: m.unit, drillable: 'drill' in m })),
  }));

/** The /allOrder filters of the report's own parameters: the axis period and the filters. */
export function listFiltersOf(p: ReportParams): Record<string, string> {
  const f: Record<string, string> = {};
  const [from, to] = AXIS_FILTERS[p.axis];
  if (p.startTime) f[from] = p.startTime;
  if (p.endTime) f[to] = p.endTime;
  if (p.orderType) f.orderType = String(p.orderType);
  if (p.serviceGroupId) f.serviceGroupId = String(p.serviceGroupId);
  if (p.servicePersonalId) f.servicePersonalId = String(p.servicePersonalId);
  if (p.priority != null) f.priority = String(p.priority);
  if (p.source != null) f.source = String(p.source);
  return f;
}

/** The list filters as orderListWhere takes them (the same values the list's contract parses from the URL). */
function parsedFilters(f: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) {
    if (k === 'orderType' || k === 'states') out[k] = v.split(',').map(Number);
    else if (/^(serviceGroupId|servicePersonalId|priority|source)$/.test(k)) out[k] = Number(v);
    else out[k] = v;
  }
  return out;
}

/** A dimension's rows as the page reads them (its key's SQL: reports.repo.ts `dimensionKey`). */
interface DimImpl {
  /** The /allOrder filter of one row's value (null: the list cannot say "none", the row has no drill). */
  drill: (value: string, p: ReportParams) => Record<string, string> | null;
  names?: { table: string; none: string } | { labels: Record<string, string>; none: string };
}

/** A day or month row narrows the axis period to itself (within the asked period). */
const periodDrill = (p: ReportParams, from: string, to: string): Record<string, string> => {
  const [a, b] = AXIS_FILTERS[p.axis];
  const start = p.startTime && p.startTime > from ? p.startTime : from;
  const end = p.endTime && p.endTime < to ? p.endTime : to;
  return { [a]: start, [b]: end };
};
const lastDayOf = (month: string): string => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

const DIMS: Record<ReportDimension, DimImpl> = {
  state: {
    drill: (v) => ({ states: v }),
    names: { labels: Object.fromEntries(Object.entries(ORDER_STATES).map(([k, s]) => [k, s.label])), none: '—' },
  },
  template: { drill: (v) => ({ orderType: v }), names: { table: 'form_templates', none: '—' } },
  team: { drill: (v) => ({ serviceGroupId: v }), names: { table: 'service_groups', none: '无服务团队' } },
  engineer: { drill: (v) => ({ servicePersonalId: v }), names: { table: 'users', none: '无服务人员' } },
  provider: { drill: () => null, names: { table: 'service_providers', none: '本企业' } },
  source: { drill: (v) => ({ source: v }), names: { labels: ORDER_SOURCES, none: '未注明' } },
  priority: { drill: (v) => ({ priority: v }), names: { labels: PRIORITY_LABELS, none: '—' } },
  day: { drill: (v, p) => periodDrill(p, `${v} 00:00:00`, `${v} 23:59:59`) },
  month: { drill: (v, p) => periodDrill(p, `${v}-01 00:00:00`, `${lastDayOf(v)} 23:59:59`) },
};

async function namesOf(ex: Executor, ep: number, dim: DimImpl, keys: string[]): Promise<Map<string, string>> {
  const n = dim.names;
  if (!n) return new Map();
  if ('labels' in n) return new Map(keys.map((k) => [k, n.labels[k] ?? n.none]));
  const ids = keys.filter((k) => /^\d+$/.test(k)).map(Number);
  return ids.length === 0 ? new Map() : namesByIds(ex, ep, n.table, ids);
}

/** Intersects a measure's state drill with a state row's: none in common means the figure is 0 and has no list. */
function mergeDrill(base: Record<string, string>, row: Record<string, string> | null, measure: Record<string, string>): Record<string, string> | null {
  if (row === null) return null;
  const out = { ...base, ...row };
  if (measure.states) {
    if (row.states) {
      const keep = row.states.split(',').filter((s) => measure.states?.split(',').includes(s));
      if (keep.length === 0) return null;
      out.states = keep.join(',');
    } else out.states = measure.states;
  }
  return out;
}

/**
 * The days of the period when the per-day summary (summary.ts) can answer: the whole enterprise (a viewer who sees
 * every order), none of the filters, a period of whole days. Otherwise null: the exact query over the orders.
 */
function summaryDays(a: Actor, p: ReportParams): { from: string; to: string } | null {
  if (!seesAllOrders(a)) return null;
  if (p.orderType || p.serviceGroupId || p.servicePersonalId || p.priority != null || p.source != null) return null;
  if (!DIM_COLUMNS[p.dimension] && p.dimension !== 'day' && p.dimension !== 'month') return null;
  const start = rangeStart((p.startTime ?? '').replaceAll('/', '-'));
  const end = rangeEnd((p.endTime ?? '').replaceAll('/', '-'));
  if (!start.endsWith(' 00:00:00') || !end.endsWith(' 23:59:59')) return null;
  return { from: start.slice(0, 10), to: end.slice(0, 10) };
}

/** The report's rows from the summary: its period's marked days recomputed first, then their rows summed by key. */
async function fromSummary(ex: Executor, a: Actor, p: ReportParams, days: { from: string; to: string }): Promise<ReportAggRow[]> {
  await flushReportSummary(ex, a.enterpriseId, { axis: p.axis, ...days });
  return summaryReportRows(ex, a, p, days);
}

/**
 * The exact aggregation of a report over the orders, as `runReport` runs it when the summary cannot answer. `team`: the
 * viewer leads a team and does not see every order (他的团队).
 */
export function exactReport(a: Actor, p: ReportParams, team: boolean): ExactReport {
  const base = { ...(team ? { scope: 'team' } : {}), ...listFiltersOf(p) };
  const where = orderListWhere({ ...a }, parsedFilters(base) as never);
  // A scoped viewer's or a filtered report's orders are few: the other tables' figures are read for those orders only,
  // not aggregated over the whole enterprise.
  const narrow = !seesAllOrders(a) || team || Object.keys(base).some((k) => !(AXIS_FILTERS[p.axis] as readonly string[]).includes(k));
  return { ep: a.enterpriseId, impl: REPORT_SQL[p.reportId], key: dimensionKey(p.dimension, a.timeZone, p.axis), where, narrow };
}

/** Runs one report for the viewer (the caller checked power and plan); `exact` skips the summary (the tests and the bench compare both). */
export async function runReport(ex: Executor, a: Actor, p: ReportParams, o: { exact?: boolean } = {}): Promise<ReportResult> {
  const def = reportDef(p.reportId);
  if (!def) throw invalid('报表不存在');
  if (!def.axes.includes(p.axis)) throw invalid(`${def.name}不支持按${REPORT_AXES[p.axis]}统计`);
  if (!def.dimensions.includes(p.dimension)) throw invalid(`${def.name}不支持按${REPORT_DIMENSIONS[p.dimension]}分组`);
  if (!p.startTime || !p.endTime) throw invalid('请选择统计期间');
  if (p.startTime > p.endTime) throw invalid('开始时间不能晚于结束时间');
  const values = REPORT_VALUES[p.reportId];
  const dim = DIMS[p.dimension];
  // A team leader who does not see every order counts his team (我的团队), the list his figures open.
  const team = !seesAllOrders(a) && (await leadsTeam(ex, a.enterpriseId, a.id));
  const base = { ...(team ? { scope: 'team' } : {}), ...listFiltersOf(p) };
  const days = team || o.exact ? null : summaryDays(a, p);
  // The summary is flushed and read on the primary (a replica may not have replayed the flush yet); the aggregation
  // over the orders themselves may read a replica (db/replica.ts).
  if (!days) await readFromReplica();
  const found = days ? await fromSummary(ex, a, p, days) : await exactReportRows(ex, exactReport(a, p, team));
  const names = await namesOf(
    ex,
    a.enterpriseId,
    dim,
    found.map((r) => r.k).filter((k): k is string => k != null),
  );
  const sums: Record<string, number> = {};
  const out: OpReportRow[] = found.map((r) => {
    const aggs = toAggs(r);
    for (const [k, v] of Object.entries(aggs)) sums[k] = (sums[k] ?? 0) + v;
    const k = r.k;
    const rowDrill = k == null ? null : dim.drill(k, p);
    const drill: Record<string, Record<string, string>> = {};
    for (const m of def.measures) {
      if (!('drill' in m) || !m.drill) continue;
      const d = mergeDrill(base, rowDrill, m.drill);
      if (d) drill[m.key] = d;
    }
    return { key: k, name: k == null ? (dim.names?.none ?? '—') : (names.get(k) ?? (dim.names ? (dim.names.none ?? k) : k)), values: values(aggs), drill };
  });
  const totalDrill: Record<string, Record<string, string>> = {};
  for (const m of def.measures) if ('drill' in m && m.drill) totalDrill[m.key] = mergeDrill(base, {}, m.drill) ?? base;
  return {
    reportId: def.id,
    name: def.name,
    axis: p.axis,
    dimension: p.dimension,
    measures: catalogue().find((c) => c.id === def.id)?.measures ?? [],
    rows: out,
    total: { key: null, name: '合计', values: values(sums), drill: totalDrill },
  };
}
