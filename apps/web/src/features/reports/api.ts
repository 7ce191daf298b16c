import { activityContract } from '@sk/shared/settings/activity.contract';
import { reportsContract } from '@sk/shared/reports/reports.contract';
import type { OpReportRow, ReportParams } from '@sk/shared/reports/reports.contract';
import { AXIS_FILTERS } from '@sk/shared/reports/reports.catalogue';
import { useEffect } from 'react';
import { call } from '../../lib/api';
import { staleAfter } from '../../lib/query';

export const R = reportsContract;

staleAfter([R.queryCreate, R.queryUpdate, R.queryDelete], [R.queries]);

/** The /allOrder link of a figure's drill query (its total equals the figure). */
export const allOrderLink = ({ scope, ...drill }: Record<string, string>): string =>
  scope === 'team'
    ? `/myOrder?${new URLSearchParams({ ...drill, view: 'team', jump: 'report' }).toString()}`
    : `/allOrder?${new URLSearchParams({ ...drill, jump: 'report' }).toString()}`;

/** The drill query of a figure, when the list can show it. */
export const drillOf = (row: OpReportRow, measure: string): Record<string, string> | undefined => row.drill[measure];

/** Records one view of a report page under its point code, once per mount; failures are silent. */
export function usePageView(point: string): void {
  useEffect(() => {
    void call(activityContract.point, { code: point }, { silent: true }).catch(() => undefined);
  }, [point]);
}

/** The period filter names of an axis (for reading a saved query back into the page). */
export const axisFilterNames = (axis: ReportParams['axis']) => AXIS_FILTERS[axis];

/** Formats a measure's value as the table shows it. */
export function formatValue(v: number | null | undefined, unit: string): string {
  if (v == null) return '—';
  if (unit === 'percent') return `${v}%`;
  if (unit === 'money') return v.toFixed(2);
  return String(v);
}
