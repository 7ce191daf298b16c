// An order row as every list of orders shows it (the order lists, the dispatch desk, the provider's orders): columns,
// the phone card and the state tag.
import { EXAMINE_RESULTS, EXAMINE_TYPES, ORDER_INVALID_LABEL, ORDER_STATES, PLACE_STATES } from '@sk/shared/orders/orders.constants';
import type { OrderRow } from '@sk/shared/orders/order.list.contract';
import { ClockCircleOutlined, UserOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { Link } from 'react-router';
import type { ListColumn } from './list/columns';
import { PersonLink } from './PersonLink';
import { PriorityTag } from './PriorityTag';
import type { PhoneCardLayout } from './list/PhoneCards';
import { MapLink } from './MapLink';
import { visitTime } from '../lib/visitTime';
import { orderDetailPath } from '../lib/orderPaths';

const text = (v: string | null | undefined) => v || '—';
const label = (table: Record<number, string>, v: number | null) => (v == null ? '—' : (table[v] ?? '—'));

export function OrderStateTag({ row }: { row: Pick<OrderRow, 'state' | 'invalid'> }) {
  if (row.invalid) return <Tag>{ORDER_INVALID_LABEL}</Tag>;
  const s = ORDER_STATES[row.state as keyof typeof ORDER_STATES];
  return s ? <Tag color={s.color}>{s.label}</Tag> : null;
}

/** The order list's columns (the same keys as the export's ORDER_EXPORT_COLUMNS); `extra` adds a page's own. */
export function orderColumns(extra: ListColumn<OrderRow>[] = []): ListColumn<OrderRow>[] {
  return [
    { key: 'orderNo', dataIndex: 'orderNo', title: '工单编号', render: (v: string, r) => <Link to={orderDetailPath(r.id)}>{v}</Link> },
    { key: 'title', dataIndex: 'title', title: '标题', width: 200 },
    { key: 'state', dataIndex: 'state', title: '工单状态', render: (_: unknown, r) => <OrderStateTag row={r} /> },
    { key: 'customName', dataIndex: 'customName', title: '客户名称', render: text },
    { key: 'customLinkPerson', dataIndex: 'customLinkPerson', title: '联系人', render: text },
    { key: 'customPhone', dataIndex: 'customPhone', title: '联系电话', render: text },
    { key: 'gpsAddr', dataIndex: 'gpsAddr', title: '服务地址', width: 240, render: text },
    {
      key: 'servicePersonalName',
      dataIndex: 'servicePersonalName',
      title: '服务人员',
      render: (v: string | null, r) => (r.servicePersonalId ? <PersonLink id={r.servicePersonalId} name={v} /> : '—'),
    },
    { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
    { key: 'apply_time', dataIndex: 'apply_time', title: '预约时间', render: text },
    { key: 'orderTypeName', dataIndex: 'orderTypeName', title: '工单类型', render: text },
    { key: 'priority', dataIndex: 'priority', title: '优先级', render: (v: number) => <PriorityTag value={v} /> },
    { key: 'dispatchUserName', dataIndex: 'dispatchUserName', title: '派单人', render: text },
    { key: 'createUserName', dataIndex: 'createUserName', title: '创建人', render: text },
    { key: 'serviceGroupName', dataIndex: 'serviceGroupName', title: '服务团队', render: text },
    { key: 'productName', dataIndex: 'productName', title: '产品', render: text },
    { key: 'placeState', dataIndex: 'placeState', title: '归档状态', render: (v: number) => label(PLACE_STATES, v) },
    {
      key: 'examine',
      dataIndex: 'examineType',
      title: '审核',
      render: (_: unknown, r) => (r.examineType == null ? '—' : `${label(EXAMINE_TYPES, r.examineType)}·${label(EXAMINE_RESULTS, r.examineResult)}`),
    },
    { key: 'receivableAmount', dataIndex: 'receivableAmount', title: '应收金额', render: (v: number) => v.toFixed(2) },
    { key: 'finish_time', dataIndex: 'finish_time', title: '完成时间', render: text },
    { key: 'due_time', dataIndex: 'due_time', title: '超时时间', render: text },
    ...extra,
  ];
}

/** Nine columns by default. */
export const DEFAULT_ORDER_COLUMNS = [
  'orderNo',
  'title',
  'state',
  'customName',
  'customLinkPerson',
  'customPhone',
  'servicePersonalName',
  'create_time',
  'apply_time',
];
/** The service address as a link to the map app (navigation to an exact pin, else a search for the address). */
export const orderMapLink = (r: Pick<OrderRow, 'gpsAddr' | 'latitude' | 'longitude' | 'geoPrecision'>) => (
  <MapLink place={{ address: r.gpsAddr, latitude: r.latitude, longitude: r.longitude, precision: r.geoPrecision }} empty="未填写服务地址" />
);

/**
 * A row at phone width, as an engineer reads it: what (the title, to the detail) and its state, when (the appointment),
 * where (the address, to the map app), who (the customer, the phone to call); the order number small at the foot.
 */
export const ORDER_PHONE_CARD: PhoneCardLayout<OrderRow> = {
  title: { key: 'title', render: (r) => <Link to={orderDetailPath(r.id)}>{r.title}</Link> },
  tag: 'state',
  lead: [
    {
      key: 'apply_time',
      icon: <ClockCircleOutlined />,
      label: '预约时间',
      render: (r) => (r.apply_time ? visitTime(r.apply_time) : <span className="sk-muted">未预约</span>),
    },
    { key: 'gpsAddr', render: orderMapLink },
    {
      key: 'customName',
      icon: <UserOutlined />,
      label: '客户',
      render: (r) => (
        <span>
          {[r.customName, r.customLinkPerson !== r.customName ? r.customLinkPerson : null].filter(Boolean).join(' · ') || '—'}
          {r.customPhone ? (
            <>
              {'　'}
              <a href={`tel:${r.customPhone}`} style={{ whiteSpace: 'nowrap' }}>
                {r.customPhone}
              </a>
            </>
          ) : null}
        </span>
      ),
    },
  ],
  foot: 'orderNo',
};
