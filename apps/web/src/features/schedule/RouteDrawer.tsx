// An engineer's day as a visiting order (nearest neighbour from their shared position), with a navigation link per stop.
import type { EngineerRow } from '@sk/shared/schedule/schedule.contract';
import { Drawer, Empty, List, Typography } from 'antd';
import { useApi } from '../../lib/query';
import { distanceText, S } from './api';

export function RouteDrawer({ engineer, date, onClose }: { engineer: EngineerRow | null; date: string; onClose: () => void }) {
  const route = useApi(S.route, { userId: engineer?.userId ?? 0, date }, { enabled: !!engineer });
  const r = route.data;
  return (
    <Drawer open={!!engineer} onClose={onClose} title={`${engineer?.name ?? ''} ${date} 建议路线`} width={Math.min(420, window.innerWidth)}>
      {r && (
        <>
          <Typography.Paragraph type="secondary">
            {r.base?.source === 'position' ? '从服务人员最近上报的位置出发，' : '服务人员未共享位置，从第一个上门地点出发，'}
            每次前往最近的下一站（直线距离），共约 {distanceText(r.totalDistance)}。
          </Typography.Paragraph>
          <List
            dataSource={r.stops}
            locale={{ emptyText: <Empty description="当天没有带坐标的上门工单" /> }}
            renderItem={(s, i) => (
              <List.Item
                actions={[
                  <a key="nav" href={s.navUrl} target="_blank" rel="noreferrer">
                    导航
                  </a>,
                ]}
              >
                <List.Item.Meta
                  title={`${i + 1}. ${s.title}（${s.orderNo}）`}
                  description={`${s.appointmentAt?.slice(11, 16) ?? ''} ${s.address ?? ''} · 距上一站 ${distanceText(s.distance)}`}
                />
              </List.Item>
            )}
          />
          {r.unlocated.length > 0 && (
            <Typography.Paragraph type="warning">未定位的工单：{r.unlocated.map((u) => `${u.title}（${u.orderNo}）`).join('、')}</Typography.Paragraph>
          )}
        </>
      )}
    </Drawer>
  );
}
