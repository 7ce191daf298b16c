// /allOrder/mapView (orders on the map) and /assignOrderInMap (orders waiting for an engineer): click a marker to
// see the order, the dispatch assistant's graded engineers for it (智能推荐: one click books the first at its slot), and
// the engineers nearest to it (straight-line distance) to dispatch it to any of them.
import { DEFAULT_MAP_TILE_URL } from '@sk/shared/settings/settings.catalogue';
import { settingsContract } from '@sk/shared/settings/settings.contract';
import { priorityLabel } from '@sk/shared/common/labels';
import { ORDER_STATES } from '@sk/shared/orders/orders.constants';
import { orderActionsContract } from '@sk/shared/orders/order.actions.contract';
import type { MapOrder } from '@sk/shared/schedule/schedule.contract';
import { GEO_PRECISION_LABELS } from '@sk/shared/schedule/schedule.constants';
import { Alert, Button, Card, Col, Descriptions, Empty, List, Row, Select, Space, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useApi, useApiMutation } from '../../lib/query';
import { Suggestions } from '../dispatch';
import { useCan } from '../../lib/session';
import { distanceText, LIVE_READS, S } from './api';
import { useDraftRoutes } from './DraftRoutes';
import { useScheduleLive } from './live';

const OrdersMap = lazy(() => import('./OrdersMap'));
const DEFAULT_CENTER: [number, number] = [39.90923, 116.397428];
/** The map's default: orders not yet finished (待受理 to 服务中, 待审核). */
const OPEN_STATES = [0, 1, 2, 3, 4, 7];

function centerOf(setting: string | undefined): [number, number] {
  const [lng, lat] = (setting ?? '').split(',').map(Number);
  return Number.isFinite(lng) && Number.isFinite(lat) && setting ? [lat as number, lng as number] : DEFAULT_CENTER;
}

const stateOf = (s: number) => ORDER_STATES[s as keyof typeof ORDER_STATES] ?? { label: '—', color: '#1668dc' };

function Legend() {
  return (
    <Space size={4} wrap>
      {Object.entries(ORDER_STATES).map(([state, s]) => (
        <Tag key={state} color={s.color}>
          {s.label}
        </Tag>
      ))}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        外圈：橙色紧急，红色非常紧急
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="map-precision-legend">
        定位精度：精确为门牌位置，区县/城市/省份为该区域中心（地址未写到门牌时）
      </Typography.Text>
    </Space>
  );
}

function Nearest({ order }: { order: MapOrder }) {
  const near = useApi(S.nearest, { orderId: order.id });
  const dispatch = useApiMutation(orderActionsContract.dispatch, { invalidates: LIVE_READS });
  const assignable = [1, 2, 3].includes(order.state);
  return (
    <List
      size="small"
      header={<Typography.Text strong>附近的服务人员（按直线距离）</Typography.Text>}
      loading={near.isPending}
      dataSource={(near.data ?? []).slice(0, 20)}
      locale={{ emptyText: <Empty description="暂无服务人员" /> }}
      renderItem={(e) => (
        <List.Item
          data-testid={`nearest-${e.userId}`}
          actions={
            assignable
              ? [
                  <Button
                    key="go"
                    size="small"
                    type="primary"
                    loading={dispatch.isPending && dispatch.variables?.serviceUserId === e.userId}
                    onClick={() => dispatch.mutate({ orderId: order.id, version: order.version, serviceUserId: e.userId })}
                  >
                    派单
                  </Button>,
                ]
              : []
          }
        >
          <List.Item.Meta title={e.name} description={`${distanceText(e.distance)} · 进行中 ${e.open} 单 · 今日预约 ${e.todayVisits}`} />
        </List.Item>
      )}
    />
  );
}

function OrderPanel({ order, canAssign }: { order: MapOrder | undefined; canAssign: boolean }) {
  if (!order) return <Empty description="点击地图上的工单查看详情并派单" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="map-order-panel">
      <Descriptions size="small" column={1} title={<Link to={`/allOrder/orderDetail/${order.id}`}>{order.title}</Link>}>
        <Descriptions.Item label="工单编号">{order.orderNo}</Descriptions.Item>
        <Descriptions.Item label="状态">
          <Tag color={stateOf(order.state).color}>{stateOf(order.state).label}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="紧急程度">{priorityLabel(order.priority)}</Descriptions.Item>
        <Descriptions.Item label="地址">{order.address ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="定位精度">{order.precision ? GEO_PRECISION_LABELS[order.precision] : '—'}</Descriptions.Item>
        <Descriptions.Item label="预约时间">{order.appointmentAt ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="服务人员">{order.serviceUserName ?? '—'}</Descriptions.Item>
      </Descriptions>
      {canAssign && [1, 2, 3].includes(order.state) && <Suggestions key={`s-${order.id}-${order.version}`} orderId={order.id} onBooked={() => {}} />}
      {canAssign && <Nearest key={`${order.id}-${order.version}`} order={order} />}
    </Space>
  );
}

/**
 * Laid over the map's foot rather than above it: the warning comes after the map is drawn, and pushing the map down
 * then would move the marker under the user's pointer. It lets clicks through to the map.
 */
function TileWarning() {
  return (
    <div style={{ position: 'absolute', left: 8, right: 8, bottom: 8, zIndex: 1001, pointerEvents: 'none' }}>
      <Alert type="warning" showIcon message="地图瓦片加载失败（无网络或瓦片地址不可用），可在系统设置“地图瓦片地址”中更换" />
    </div>
  );
}

export function MapPage({ unassigned }: { unassigned: boolean }) {
  const can = useCan();
  const canAssign = can('menu_AssignOrder');
  // Engineers' reported positions and other dispatchers' dispatches move the pins without a reload.
  useScheduleLive('map');
  const [states, setStates] = useState<number[]>(OPEN_STATES);
  const data = useApi(S.map, unassigned ? { unassigned } : { unassigned, states: states.join(',') });
  const tiles = useApi(settingsContract.getByCode, { code: 'map_tile_url' }, { call: { silent: true } });
  const center = useApi(settingsContract.getByCode, { code: 'map_default_center' }, { call: { silent: true } });
  const [selected, setSelected] = useState<number | null>(null);
  const [tileFailed, setTileFailed] = useState(false);
  const order = data.data?.orders.find((o) => o.id === selected);
  // 地图派单?draft=ID: the draft's routes over the waiting orders.
  const draft = useDraftRoutes(unassigned);
  const title = unassigned ? '地图派单' : '工单地图';
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} lg={16}>
        <Card
          size="small"
          title={title}
          extra={unassigned ? <Link to="/allOrder/mapView">全部工单地图</Link> : canAssign ? <Link to="/assignOrderInMap">只看待派单</Link> : null}
          styles={{ body: { height: 'calc(100vh - 220px)', minHeight: 460, display: 'flex', flexDirection: 'column', gap: 8 } }}
        >
          <Legend />
          {draft.legend}
          {!unassigned && (
            <Select
              mode="multiple"
              aria-label="工单状态"
              placeholder="工单状态"
              value={states}
              onChange={(v) => setStates(v.length ? v : OPEN_STATES)}
              options={Object.entries(ORDER_STATES).map(([k, v]) => ({ value: Number(k), label: v.label }))}
              style={{ width: '100%' }}
              maxTagCount="responsive"
            />
          )}
          {data.data?.truncated && <Alert type="info" showIcon message="工单较多，仅显示最紧急、最新的2000个" />}
          {!tiles.isPending && !center.isPending && data.data && (
            <Suspense fallback={null}>
              <div style={{ flex: 1, minHeight: 360, position: 'relative' }}>
                <OrdersMap
                  tileUrl={tiles.data?.value || DEFAULT_MAP_TILE_URL}
                  center={centerOf(center.data?.value)}
                  orders={data.data.orders}
                  engineers={data.data.engineers}
                  selected={selected}
                  onSelect={setSelected}
                  onTileError={() => setTileFailed(true)}
                  routes={draft.routes}
                />
                {tileFailed && <TileWarning />}
              </div>
            </Suspense>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card size="small" title={`工单（${data.data?.orders.length ?? 0}） · 服务人员（${data.data?.engineers.length ?? 0}）`}>
          <OrderPanel order={order} canAssign={canAssign} />
        </Card>
      </Col>
    </Row>
  );
}

export default function MapView() {
  return <MapPage unassigned={false} />;
}
