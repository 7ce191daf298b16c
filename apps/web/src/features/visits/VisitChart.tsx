// The return-visit report's chart (passed / unrated / not passed / waiting stacked), drawn by the shared ReportChart.
import { type ChartSeries, ReportChart } from '../../components/ReportChart';

export interface ChartRow {
  name: string;
  passed: number;
  unrated: number;
  notPassed: number;
  waiting: number;
}
type VisitKey = keyof Omit<ChartRow, 'name'>;
const VISIT_SERIES: ChartSeries<VisitKey>[] = [
  { key: 'passed', name: '回访通过', color: '#52c41a', stack: 'all' },
  { key: 'unrated', name: '通过未评价', color: '#13c2c2', stack: 'all' },
  { key: 'notPassed', name: '回访不通过', color: '#f5222d', stack: 'all' },
  { key: 'waiting', name: '待回访', color: '#fa8c16', stack: 'all' },
];
const STATE_OF: Record<VisitKey, number> = { passed: 3, unrated: 5, notPassed: 2, waiting: 1 };

export function VisitChart({ rows, onPick, height = 320 }: { rows: ChartRow[]; onPick: (index: number, state: number) => void; height?: number }) {
  return <ReportChart rows={rows} series={VISIT_SERIES} onPick={(i, k) => onPick(i, STATE_OF[k])} height={height} testId="visit-chart" />;
}
