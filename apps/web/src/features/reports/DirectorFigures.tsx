// The director's home (role 10): today's and this month's new and completed orders with the month's daily
// trend, each figure opening /allOrder; read from 运营报表's 工单量与状态 report (his scope: the enterprise).
import { REPORT_POINTS } from '@sk/shared/reports/reports.catalogue';
import type { ReportResult } from '@sk/shared/reports/reports.contract';
import { Card, Col, Row, Statistic } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { useApi } from '../../lib/query';
import { ReportChart } from '../../components/ReportChart';
import { allOrderLink, R, usePageView } from './api';

const SERIES = [
  { key: 'created' as const, name: '新建', color: '#1677ff' },
  { key: 'completed' as const, name: '完成', color: '#52c41a' },
];

function dayRow(r: ReportResult | undefined, day: string) {
  return r?.rows.find((x) => x.key === day);
}

export default function DirectorFigures() {
  usePageView(REPORT_POINTS.directorHome);
  const navigate = useNavigate();
  const period = { startTime: dayjs().startOf('month').format('YYYY-MM-DD 00:00:00'), endTime: dayjs().format('YYYY-MM-DD 23:59:59') };
  const created = useApi(R.run, { reportId: 'orderVolume', axis: 'created', dimension: 'day', ...period }, { call: { silent: true } });
  const completed = useApi(R.run, { reportId: 'orderVolume', axis: 'completed', dimension: 'day', ...period }, { call: { silent: true } });
  const today = dayjs().format('YYYY-MM-DD');
  const days = useMemo(() => {
    const out: { name: string; day: string; created: number; completed: number }[] = [];
    for (let d = dayjs().startOf('month'); !d.isAfter(dayjs(), 'day'); d = d.add(1, 'day')) {
      const k = d.format('YYYY-MM-DD');
      out.push({
        name: d.format('MM/DD'),
        day: k,
        created: dayRow(created.data, k)?.values.orders ?? 0,
        completed: dayRow(completed.data, k)?.values.orders ?? 0,
      });
    }
    return out;
  }, [created.data, completed.data]);
  const fig = (title: string, r: ReportResult | undefined, day?: string) => {
    const row = day ? dayRow(r, day) : r?.total;
    const drill = row?.drill.orders;
    const value = row?.values.orders ?? 0;
    return (
      <Col xs={12} md={6} key={title}>
        <Card size="small">
          <Statistic title={drill && value ? <Link to={allOrderLink(drill)}>{title}</Link> : title} value={value} loading={!r} />
        </Card>
      </Col>
    );
  };
  return (
    <Card title="经营概况" size="small" extra={<Link to="/operate/report">运营报表</Link>}>
      <Row gutter={[12, 12]}>
        {fig('今日新建工单', created.data, today)}
        {fig('今日完成工单', completed.data, today)}
        {fig('本月新建工单', created.data)}
        {fig('本月完成工单', completed.data)}
      </Row>
      <ReportChart
        rows={days}
        series={SERIES}
        height={240}
        testId="director-trend"
        onPick={(i, key) => {
          const d = days[i];
          const r = key === 'created' ? created.data : completed.data;
          const drill = d ? dayRow(r, d.day)?.drill.orders : undefined;
          if (drill) navigate(allOrderLink(drill));
        }}
      />
    </Card>
  );
}
