// The quality-analysis report: a period's complaints by product model, fault mode, place of use, sales unit or
// responsibility, as a chart and a table; each figure and bar opens the complaint list on that filter; serials
// complained about more than once flagged.
import { COMPLAINT_POWER } from '@sk/shared/quality/complaint.contract';
import { QUALITY_REPORT_BY, type QualityReportBy } from '@sk/shared/quality/quality.constants';
import { Card, Segmented, Space, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DateRangePicker } from '../../components';
import { useApi } from '../../lib/query';
import { useCan } from '../../lib/session';
import { C, yuan } from './api';
import { FILTER_OF } from './options';
import { type ChartSeries, ReportChart } from '../../components/ReportChart';

/** Side by side: every complaint of the group, and those closed (state 5). */
const SERIES: ChartSeries<'complaints' | 'closed'>[] = [
  { key: 'complaints', name: '投诉数', color: '#fa541c' },
  { key: 'closed', name: '已关闭', color: '#52c41a' },
];

const listLink = (q: Record<string, string | undefined>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) s.set(k, v);
  return `/customerComplaintList?${s.toString()}`;
};

/**
 * `page`: the report as 运营's own page (质量分析, the reports' power); its figures open the complaint list only for a
 * viewer who may open it. Otherwise the report under the complaint list (the complaints' power).
 */
export function QualityReport({ page = false }: { page?: boolean }) {
  const [by, setBy] = useState<QualityReportBy>('productModel');
  const [period, setPeriod] = useState<[string, string] | undefined>();
  const [startTime, endTime] = period ?? [undefined, undefined];
  const rep = useApi(page ? C.chartReport : C.report, { by, startTime, endTime });
  const can = useCan();
  const drills = !page || can(COMPLAINT_POWER);
  const rows = rep.data?.rows ?? [];
  const navigate = useNavigate();
  const chartRows = useMemo(() => (rep.data?.rows ?? []).map((r) => ({ name: r.name, complaints: r.complaints, closed: r.closed })), [rep.data]);
  /** The list on a row's filter (and the period); a row without a value (未填写) opens nothing. */
  const linkOf = (key: string | null, extra: Record<string, string> = {}) =>
    key == null || !drills ? null : listLink({ [FILTER_OF[by]]: key, startTime, endTime, ...extra });
  return (
    <Card
      title="质量分析"
      size="small"
      extra={
        <Space wrap>
          <DateRangePicker value={period} onChange={(v) => setPeriod(v as [string, string] | undefined)} />
        </Space>
      }
    >
      <Segmented<QualityReportBy>
        value={by}
        onChange={setBy}
        options={Object.entries(QUALITY_REPORT_BY).map(([value, label]) => ({ value: value as QualityReportBy, label }))}
        style={{ marginBottom: 12 }}
      />
      {chartRows.length ? (
        <ReportChart
          rows={chartRows}
          series={SERIES}
          height={280}
          testId="quality-chart"
          onPick={(i, k) => {
            const to = linkOf(rows[i]?.key ?? null, k === 'closed' ? { state: '5' } : {});
            if (to) navigate(to);
          }}
        />
      ) : null}
      <Table
        size="small"
        rowKey={(r) => r.key ?? '∅'}
        loading={rep.isLoading}
        pagination={false}
        dataSource={rows}
        columns={[
          { key: 'name', dataIndex: 'name', title: QUALITY_REPORT_BY[by] },
          {
            key: 'complaints',
            dataIndex: 'complaints',
            title: '投诉数',
            render: (n: number, r) => (linkOf(r.key) == null ? n : <Link to={linkOf(r.key) as string}>{n}</Link>),
          },
          { key: 'share', title: '占比', render: (_: unknown, r) => (rep.data?.total ? `${((r.complaints / rep.data.total) * 100).toFixed(1)}%` : '—') },
          {
            key: 'closed',
            dataIndex: 'closed',
            title: '已关闭',
            render: (n: number, r) => (linkOf(r.key) == null || !n ? n : <Link to={linkOf(r.key, { state: '5' }) as string}>{n}</Link>),
          },
          { key: 'cost', dataIndex: 'cost', title: '费用（元）', render: (c: number) => yuan(c) },
        ]}
        summary={() =>
          rows.length ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
              <Table.Summary.Cell index={1}>
                {drills ? <Link to={listLink({ startTime, endTime })}>{rep.data?.total}</Link> : rep.data?.total}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      {rep.data?.repeats.length ? (
        <div style={{ marginTop: 12 }}>
          <span>重复故障（同一序列号多次投诉）：</span>
          {rep.data.repeats.map((r) =>
            drills ? (
              <Link key={r.serialNumber} to={listLink({ serialNumber: r.serialNumber, startTime, endTime })}>
                <Tag color="red">
                  {r.serialNumber} × {r.complaints}
                </Tag>
              </Link>
            ) : (
              <Tag key={r.serialNumber} color="red">
                {r.serialNumber} × {r.complaints}
              </Tag>
            ),
          )}
        </div>
      ) : null}
    </Card>
  );
}
