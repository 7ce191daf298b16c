// 排班报表 (/schedule/report): per engineer, visits, completed orders, busy and free slots for a date range.
import type { ReportRow } from '@sk/shared/schedule/schedule.contract';
import { Card } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { DateRangePicker, type ListColumn, ListPage } from '../../components';
import { reportFetcher } from './api';

const COLUMNS: ListColumn<ReportRow>[] = [
  { key: 'name', title: '服务人员', dataIndex: 'name' },
  { key: 'visits', title: '预约上门数', dataIndex: 'visits' },
  { key: 'completed', title: '完成工单数', dataIndex: 'completed' },
  { key: 'busySlots', title: '忙碌时段', dataIndex: 'busySlots' },
  { key: 'freeSlots', title: '空闲时段', dataIndex: 'freeSlots' },
  { key: 'bookedMinutes', title: '预约时长（小时）', render: (_: unknown, r) => (r.bookedMinutes / 60).toFixed(1) },
];

export default function ScheduleReport() {
  // Default: the last 30 days up to today (the range may span at most 31 days).
  const [range, setRange] = useState<[string, string]>([dayjs().subtract(30, 'day').format('YYYY-MM-DD'), dayjs().format('YYYY-MM-DD 23:59:59')]);
  const params = useMemo(() => ({ startDate: range[0].slice(0, 10), endDate: range[1].slice(0, 10) }), [range]);
  return (
    <Card title="排班报表" size="small">
      <div style={{ marginBottom: 8 }}>
        <DateRangePicker value={range} allowClear={false} onChange={(v) => v && setRange(v)} />
      </div>
      <ListPage<ReportRow>
        title="排班报表"
        columns={COLUMNS}
        rowKey="userId"
        fetch={reportFetcher}
        params={params}
        sort={false}
        keywordPlaceholder="服务人员姓名或手机号"
        searchPlans={false}
        selectable={false}
      />
    </Card>
  );
}
