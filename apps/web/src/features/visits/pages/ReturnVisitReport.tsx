// 回访报表 (/returnVisitReport?id&visitType): per plan, engineer, team or order type over a period; every figure opens
// the task list on the same filters.
import { VISIT_DIMENSION_LIST, VISIT_REPORT_BY, type VisitReportBy } from '@sk/shared/visits/visits.constants';
import type { VisitReport } from '@sk/shared/visits/visits.contract';
import { Card, Segmented, Space, Table, type TableColumnsType, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DateRangePicker } from '../../../components';
import { useApi } from '../../../lib/query';
import { V } from '../api';
import { dimensionLabel } from '../options';
import { VisitChart } from '../VisitChart';

type Row = VisitReport['rows'][number];
const KEY_PARAM: Record<VisitReportBy, string> = { plan: 'planId', engineer: 'engineerId', team: 'serviceGroupId', template: 'templateId' };

export default function ReturnVisitReport() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const planId = search.get('id') ? Number(search.get('id')) : undefined;
  const visitType = search.get('visitType') ? Number(search.get('visitType')) : undefined;
  const [by, setBy] = useState<VisitReportBy>('plan');
  const [range, setRange] = useState<[string, string] | null>([
    dayjs().subtract(29, 'day').format('YYYY-MM-DD 00:00:00'),
    dayjs().format('YYYY-MM-DD 23:59:59'),
  ]);
  const q = { by, id: planId, visitType, startTime: range?.[0], endTime: range?.[1] };
  const report = useApi(V.report, q);

  /** The task list on this figure's filters. */
  const listOf = (r: Row | null, extra: Record<string, string | number> = {}) => {
    const p = new URLSearchParams();
    if (r?.key != null) p.set(KEY_PARAM[by], String(r.key));
    if (planId) p.set('planId', String(planId));
    if (range) {
      p.set('startTime', range[0]);
      p.set('endTime', range[1]);
    }
    for (const [k, v] of Object.entries(extra)) p.set(k, String(v));
    return `/ReturnVisitTask?${p.toString()}`;
  };
  const fig = (r: Row, n: number, extra: Record<string, string | number> = {}) => (n ? <Link to={listOf(r.name === '合计' ? null : r, extra)}>{n}</Link> : 0);
  const columns: TableColumnsType<Row> = [
    { key: 'name', dataIndex: 'name', title: VISIT_REPORT_BY[by], fixed: 'left', width: 160 },
    { key: 'tasks', title: '回访任务', render: (_: unknown, r: Row) => fig(r, r.tasks) },
    { key: 'reached', dataIndex: 'reached', title: '已回访' },
    { key: 'passed', title: '回访通过', render: (_: unknown, r: Row) => fig(r, r.passed - r.unrated, { state: 3 }) },
    { key: 'passRate', dataIndex: 'passRate', title: '通过率', render: (v: number | null) => (v == null ? '—' : `${v}%`) },
    { key: 'unrated', title: '通过未评价', render: (_: unknown, r: Row) => fig(r, r.unrated, { state: 5 }) },
    {
      key: 'notPassed',
      title: '回访不通过',
      render: (_: unknown, r: Row) => (
        <Space wrap size={4}>
          {fig(r, r.notPassed, { state: 2 })}
          {Object.entries(r.byReason).map(([reason, n]) => (
            <Link key={reason} to={listOf(r.name === '合计' ? null : r, { state: 2, reason })}>
              <Tag color="red">
                {reason} {n}
              </Tag>
            </Link>
          ))}
        </Space>
      ),
    },
    { key: 'waiting', title: '待回访', render: (_: unknown, r: Row) => fig(r, r.waiting, { state: 1 }) },
    ...VISIT_DIMENSION_LIST.map((d) => ({
      key: `avg${d}`,
      title: `${dimensionLabel(d)}（均分）`,
      render: (_: unknown, r: Row) => r.averages[String(d)] ?? '—',
    })),
  ];
  const rows = report.data?.rows ?? [];
  return (
    <Card title="回访报表" size="small">
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<VisitReportBy>
          value={by}
          onChange={setBy}
          options={Object.entries(VISIT_REPORT_BY).map(([value, label]) => ({ value: value as VisitReportBy, label: `按${label}` }))}
        />
        <DateRangePicker value={range} onChange={(v) => setRange(v as [string, string] | null)} />
      </Space>
      <VisitChart
        rows={rows.map((r) => ({ name: r.name, passed: r.passed - r.unrated, unrated: r.unrated, notPassed: r.notPassed, waiting: r.waiting }))}
        onPick={(i, state) => {
          const r = rows[i];
          if (r) navigate(listOf(r, { state }));
        }}
      />
      <Table<Row>
        rowKey={(r) => `${r.key}`}
        size="small"
        loading={report.isLoading}
        columns={columns}
        dataSource={report.data ? [...rows, report.data.total] : []}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
