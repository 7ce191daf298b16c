// 排班表 (/schedule/list): engineers × the days of a week, each day's slots free or busy and its visits.
import type { EngineerRow } from '@sk/shared/schedule/schedule.contract';
import { Button, Card, DatePicker, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { type ListColumn, ListPage } from '../../components';
import { useCan } from '../../lib/session';
import { dayLabel, scheduleFetcher, weekOf } from './api';
import { DayCell, LoadTag } from './parts';

export default function ScheduleList() {
  const [week, setWeek] = useState<Dayjs>(dayjs());
  const days = useMemo(() => weekOf(week.format('YYYY-MM-DD')), [week]);
  const can = useCan();
  const canAssign = can('menu_AssignOrder');
  const columns = useMemo<ListColumn<EngineerRow>[]>(
    () => [
      {
        key: 'name',
        title: '服务人员',
        fixed: 'left',
        render: (_: unknown, r) => (
          <Space direction="vertical" size={2}>
            <span>{r.name}</span>
            <LoadTag load={r.load} />
          </Space>
        ),
      },
      ...days.map((d, i) => ({ key: `d${i}`, title: dayLabel(d), render: (_: unknown, r: EngineerRow) => (r.days[i] ? <DayCell day={r.days[i]} /> : null) })),
    ],
    [days],
  );
  const params = useMemo(() => ({ startDate: days[0], endDate: days[6] }), [days]);
  return (
    <Card title="排班表" size="small">
      <Space wrap style={{ marginBottom: 8 }}>
        <DatePicker picker="week" value={week} onChange={(v) => v && setWeek(v)} allowClear={false} aria-label="选择周" />
        {canAssign && (
          <>
            <Link to="/schedule/board">
              <Button type="primary">调度看板</Button>
            </Link>
            <Link to="/assignOrderInMap">
              <Button>地图派单</Button>
            </Link>
          </>
        )}
        {can('menu_MyOrder') && (
          <Link to="/schedule/myLocation">
            <Button>共享我的位置</Button>
          </Link>
        )}
      </Space>
      <ListPage<EngineerRow>
        title="排班表"
        columns={columns}
        rowKey="userId"
        fetch={scheduleFetcher}
        params={params}
        sort={false}
        keywordPlaceholder="服务人员姓名或手机号"
        defaultColumns={columns.map((c) => c.key)}
        tableConfig={false}
        searchPlans={false}
        selectable={false}
      />
    </Card>
  );
}
