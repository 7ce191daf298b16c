// 工单统计 (/report/statusStatistics): the period's orders by state (GET /v2/report/statusStatistics), then by
// type, team, engineer, source and priority and their daily trend (the 工单量与状态 report); every figure opens /allOrder.
import { orderCountsContract } from '@sk/shared/orders/orders.counts.contract';
import { REPORT_POINTS } from '@sk/shared/reports/reports.catalogue';
import type { ReportParams } from '@sk/shared/reports/reports.contract';
import { Card, Col, Row, Space, Statistic, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DateRangePicker } from '../../../components';
import { useApi } from '../../../lib/query';
import { ReportChart } from '../../../components/ReportChart';
import { allOrderLink, R, usePageView } from '../api';
import { ReportView } from '../ReportView';

const BY: { key: ReportParams['dimension']; label: string }[] = [
  { key: 'template', label: '按工单类型' },
  { key: 'team', label: '按服务团队' },
  { key: 'engineer', label: '按服务人员' },
  { key: 'source', label: '按工单来源' },
  { key: 'priority', label: '按优先级' },
  { key: 'day', label: '趋势（按日）' },
];

const STATE_SERIES = [{ key: 'count' as const, name: '工单数', color: '#1677ff' }];

export default function StatusStatistics() {
  usePageView(REPORT_POINTS.statusStatistics);
  const navigate = useNavigate();
  const [range, setRange] = useState<[string, string]>([dayjs().startOf('month').format('YYYY-MM-DD 00:00:00'), dayjs().format('YYYY-MM-DD 23:59:59')]);
  const [by, setBy] = useState<ReportParams['dimension']>('template');
  const stats = useApi(orderCountsContract.statusStatistics, { startTime: range[0], endTime: range[1] });
  const report = useApi(R.run, { reportId: 'orderVolume', axis: 'created', dimension: by, startTime: range[0], endTime: range[1] });
  const period = { startCreateTime: range[0], endCreateTime: range[1] };
  const s = stats.data;
  const states = useMemo(() => (s?.states ?? []).map((x) => ({ name: x.name, count: x.count })), [s]);
  return (
    <Card title="工单统计" size="small" extra={<DateRangePicker value={range} allowClear={false} onChange={(v) => v && setRange(v as [string, string])} />}>
      <Row gutter={[12, 12]}>
        {[
          { title: '工单总数', value: s?.total, to: allOrderLink(period) },
          { title: '无效工单', value: s?.invalid },
          { title: '异常工单', value: s?.abnormal, to: '/abnormalOrder' },
          { title: '超时工单', value: s?.overdue, to: allOrderLink({ ...period, orderExceed: '1' }) },
        ].map((c) => (
          <Col key={c.title} xs={12} md={6}>
            <Card size="small">
              <Statistic title={c.to ? <Link to={c.to}>{c.title}</Link> : c.title} value={c.value ?? '—'} loading={stats.isLoading} />
            </Card>
          </Col>
        ))}
      </Row>
      <Card size="small" title="按工单状态" style={{ marginTop: 12 }}>
        <ReportChart
          rows={states}
          series={STATE_SERIES}
          testId="status-chart"
          onPick={(i) => {
            const st = s?.states[i];
            if (st) navigate(allOrderLink({ ...period, states: String(st.state) }));
          }}
        />
      </Card>
      <Space direction="vertical" style={{ width: '100%', marginTop: 12 }}>
        <Tabs activeKey={by} onChange={(k) => setBy(k as ReportParams['dimension'])} items={BY.map((b) => ({ key: b.key, label: b.label }))} />
        <ReportView result={report.data} loading={report.isLoading} />
      </Space>
    </Card>
  );
}
