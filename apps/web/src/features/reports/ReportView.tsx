// One report's answer: a bar chart of its main figure (a click opens the bar's orders) and the table, whose
// drillable figures are links to /allOrder on the figure's filters.
import type { ReportResult } from '@sk/shared/reports/reports.contract';
import { Empty, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../components/toast';
import { type ChartSeries, ReportChart } from '../../components/ReportChart';
import { allOrderLink, formatValue } from './api';

type Row = ReportResult['rows'][number];
const COLORS = ['#1677ff', '#52c41a', '#faad14', '#ff4d4f', '#13c2c2'];

export function ReportView({ result, loading }: { result: ReportResult | undefined; loading: boolean }) {
  const navigate = useNavigate();
  const measures = result?.measures ?? [];
  // The report's main figure (its first measure) as bars: one bar a row, a click opens the row's orders.
  const charted = useMemo(() => measures.slice(0, 1), [measures]);
  const series = useMemo<ChartSeries<string>[]>(() => charted.map((m, i) => ({ key: m.key, name: m.label, color: COLORS[i % COLORS.length]! })), [charted]);
  const chartRows = useMemo(
    () => (result?.rows ?? []).map((r) => ({ name: r.name, ...Object.fromEntries(charted.map((m) => [m.key, r.values[m.key] ?? 0])) })),
    [result, charted],
  );
  const figure = (r: Row, key: string, unit: string) => {
    const v = r.values[key];
    const drill = r.drill[key];
    return drill && v ? (
      <Link to={allOrderLink(drill)} data-testid={`fig-${key}`}>
        {formatValue(v, unit)}
      </Link>
    ) : (
      formatValue(v, unit)
    );
  };
  const columns: TableColumnsType<Row> = [
    { key: 'name', dataIndex: 'name', title: '分组', fixed: 'left', width: 150 },
    ...measures.map((m) => ({ key: m.key, title: m.label, width: 120, render: (_: unknown, r: Row) => figure(r, m.key, m.unit) })),
  ];
  if (!loading && result && result.rows.length === 0) return <Empty description="所选期间没有数据" />;
  return (
    <>
      {result && series.length > 0 && (
        <ReportChart
          rows={chartRows as never}
          series={series}
          testId="operate-chart"
          onPick={(i, key) => {
            const r = result.rows[i];
            const drill = r?.drill[key];
            if (drill) navigate(allOrderLink(drill));
            else toast.info('该数值没有对应的工单列表');
          }}
        />
      )}
      <Table<Row>
        rowKey={(r) => (r.name === '合计' && r.key == null ? '__total' : `k${r.key}`)}
        size="small"
        loading={loading}
        columns={columns}
        dataSource={result ? [...result.rows, result.total] : []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        summary={() => null}
      />
      {result && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          点击数字或柱形可查看对应的工单列表
        </Typography.Text>
      )}
    </>
  );
}
