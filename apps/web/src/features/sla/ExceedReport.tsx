// The breach report of /report/exceedStatistics (orders) and /report/eventExceedStatistics (events): a date
// range, an overdue type and a grouping; the count, an ECharts bar chart and a table.
import type { EndpointDef } from '@sk/shared/common/contract';
import { Card, Empty, Segmented, Select, Space, Spin, Statistic, Table } from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useMemo, useState } from 'react';
import { DateRangePicker } from '../../components';
import type { DashRange } from '../../lib/dateRange';
import { useApi } from '../../lib/query';
import { BarChart } from './BarChart';

interface Row {
  key: number | null;
  name: string;
  count: number;
}
interface Props {
  title: string;
  extra?: ReactNode;
  rowsOf: EndpointDef;
  countOf: EndpointDef;
  types: readonly { id: number; name: string }[];
  groups: readonly { id: string; name: string }[];
}

const lastMonth = (): DashRange => [dayjs().subtract(29, 'day').format('YYYY-MM-DD 00:00:00'), dayjs().format('YYYY-MM-DD 23:59:59')];

export function ExceedReport({ title, extra, rowsOf, countOf, types, groups }: Props) {
  const [range, setRange] = useState<DashRange | null>(lastMonth);
  const [groupBy, setGroupBy] = useState<string>('type');
  const [type, setType] = useState<number | undefined>();
  const filter = { startTime: range?.[0].slice(0, 10), endTime: range?.[1].slice(0, 10), type };
  const rows = useApi(rowsOf, { ...filter, groupBy } as never, { staleTime: 0 });
  const count = useApi(countOf, filter as never, { staleTime: 0 });
  const data = (rows.data ?? []) as Row[];
  const bars = useMemo(() => data.map((r) => ({ name: r.name, value: r.count })), [data]);
  const groupName = groups.find((g) => g.id === groupBy)?.name ?? '';

  return (
    <Card size="small" title={title} extra={extra}>
      <Space wrap style={{ marginBottom: 16 }}>
        <DateRangePicker value={range} onChange={setRange} />
        <Select
          allowClear
          placeholder="全部超时类型"
          style={{ width: 160 }}
          value={type}
          onChange={setType}
          options={types.map((t) => ({ value: t.id, label: t.name }))}
        />
        <Segmented value={groupBy} onChange={(v) => setGroupBy(String(v))} options={groups.map((g) => ({ value: g.id, label: `按${g.name}` }))} />
      </Space>
      <Statistic title="超时次数" value={(count.data as number | undefined) ?? 0} loading={count.isPending} data-testid="exceed-count" />
      {rows.isPending ? (
        <Spin style={{ display: 'block', margin: 48 }} />
      ) : bars.length === 0 ? (
        <Empty description="所选时间内没有超时" />
      ) : (
        <>
          <BarChart bars={bars} />
          <Table<Row>
            size="small"
            rowKey={(r) => `${r.key}`}
            pagination={false}
            dataSource={data}
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
