// /report/exceedStatistics — SLA breaches in a date range by overdue type, order type, service team or
// engineer, as a chart and a table, with their total (GET /report/exceedStatistics and …Count).
import { EXCEED_GROUPS, SLA_TYPES } from '@sk/shared/sla/sla.constants';
import { type ExceedRow, slaContract as C } from '@sk/shared/sla/sla.contract';
import { Card, Empty, Segmented, Select, Space, Spin, Statistic, Table } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { DateRangePicker } from '../../../components';
import type { DashRange } from '../../../lib/dateRange';
import { useApi } from '../../../lib/query';
import { BarChart } from '../BarChart';

const lastMonth = (): DashRange => [dayjs().subtract(29, 'day').format('YYYY-MM-DD 00:00:00'), dayjs().format('YYYY-MM-DD 23:59:59')];

export default function ExceedStatistics() {
  const [range, setRange] = useState<DashRange | null>(lastMonth);
  const [groupBy, setGroupBy] = useState<string>('type');
  const [type, setType] = useState<number | undefined>();
  const filter = { startTime: range?.[0].slice(0, 10), endTime: range?.[1].slice(0, 10), type };
  const rows = useApi(C.exceedStatistics, { ...filter, groupBy }, { staleTime: 0 });
  const count = useApi(C.exceedStatisticsCount, filter, { staleTime: 0 });
  const bars = useMemo(() => (rows.data ?? []).map((r) => ({ name: r.name, value: r.count })), [rows.data]);
  const groupName = EXCEED_GROUPS.find((g) => g.id === groupBy)?.name ?? '';

  return (
    <Card size="small" title="超时统计">
      <Space wrap style={{ marginBottom: 16 }}>
        <DateRangePicker value={range} onChange={setRange} />
        <Select allowClear placeholder="全部超时类型" style={{ width: 160 }} value={type} onChange={setType} options={SLA_TYPES.map((t) => ({ value: t.id, label: t.name }))} />
        <Segmented value={groupBy} onChange={(v) => setGroupBy(String(v))} options={EXCEED_GROUPS.map((g) => ({ value: g.id, label: `按${g.name}` }))} />
      </Space>
      <Statistic title="超时次数" value={count.data ?? 0} loading={count.isPending} data-testid="exceed-count" />
      {rows.isPending ? (
        <Spin style={{ display: 'block', margin: 48 }} />
      ) : bars.length === 0 ? (
        <Empty description="所选时间内没有超时" />
      ) : (
        <>
          <BarChart bars={bars} />
          <Table<ExceedRow>
            size="small"
            rowKey={(r) => `${r.key}`}
            pagination={false}
            dataSource={rows.data}
            columns={[
              { key: 'name', dataIndex: 'name', title: groupName },
              { key: 'count', dataIndex: 'count', title: '超时次数', width: 150 },
            ]}
          />
        </>
      )}
    </Card>
  );
}
