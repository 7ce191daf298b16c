import { ClockCircleOutlined, ShopOutlined } from '@ant-design/icons';
import {
  PROVIDER_SETTLE_COLORS,
  PROVIDER_SETTLE_STATES,
  type ProviderOrderRow,
  type ProviderSettleState,
  SLA_GLANCE,
  type SlaGlance,
} from '@sk/shared/settle/provider.contract';
import { Tag } from 'antd';
import { Link } from 'react-router';
import type { ListColumn } from '../../components';
import type { PhoneCardLayout } from '../../components/list/PhoneCards';
import { OrderStateTag } from '../../components/orderColumns';
import { yuan } from '../settle';
import { serviceOrderPath } from './api';

const SLA_COLORS: Record<SlaGlance, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error' };
const text = (v: string | null | undefined) => v || '—';

export function SlaTag({ row }: { row: Pick<ProviderOrderRow, 'slaState' | 'slaDeadline'> }) {
  const s = row.slaState as SlaGlance;
  return (
    <span>
      <Tag color={SLA_COLORS[s]}>{SLA_GLANCE[s]}</Tag>
      {s === 1 && row.slaDeadline ? <span className="sk-muted">截止 {row.slaDeadline.slice(5, 16)}</span> : null}
    </span>
  );
}

export function SettleTag({ row }: { row: Pick<ProviderOrderRow, 'settleState' | 'settlementId' | 'settleNo'> }) {
  const s = row.settleState as ProviderSettleState;
  return (
    <span>
      <Tag color={PROVIDER_SETTLE_COLORS[s]}>{PROVIDER_SETTLE_STATES[s]}</Tag>
      {row.settlementId ? <Link to={`/settleAccounts/detail?id=${row.settlementId}`}>{row.settleNo}</Link> : null}
    </span>
  );
}

export const feeText = (v: number | null) => (v == null ? <span className="sk-muted">未计价</span> : yuan(v));

/** 服务单 and 工单管理's columns. */
export const providerOrderColumns = (): ListColumn<ProviderOrderRow>[] => [
  { key: 'orderNo', dataIndex: 'orderNo', title: '工单编号', render: (v: string, r) => <Link to={serviceOrderPath(r.id)}>{v}</Link> },
  { key: 'title', dataIndex: 'title', title: '标题', width: 200 },
  { key: 'state', dataIndex: 'state', title: '工单状态', render: (_: unknown, r) => <OrderStateTag row={{ state: r.state, invalid: false }} /> },
  { key: 'providerName', dataIndex: 'providerName', title: '服务商' },
  { key: 'feeCents', dataIndex: 'feeCents', title: '服务费', render: feeText },
  { key: 'settleState', dataIndex: 'settleState', title: '结算状态', width: 220, render: (_: unknown, r) => <SettleTag row={r} /> },
  { key: 'slaState', dataIndex: 'slaState', title: 'SLA', width: 200, render: (_: unknown, r) => <SlaTag row={r} /> },
  { key: 'serviceUserName', dataIndex: 'serviceUserName', title: '服务人员', render: text },
  { key: 'customName', dataIndex: 'customName', title: '客户名称', render: text },
  { key: 'partsToReturn', dataIndex: 'partsToReturn', title: '待返还旧件', render: (v: number) => (v ? <Link to="/oldPartReturn">{v} 件</Link> : '—') },
  { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
  { key: 'finish_time', dataIndex: 'finish_time', title: '完成时间', render: text },
];

/** A provider order at phone width: what and its state, the SLA, the fee; the number small at the foot. */
export const PROVIDER_ORDER_CARD: PhoneCardLayout<ProviderOrderRow> = {
  title: { key: 'title', render: (r) => <Link to={serviceOrderPath(r.id)}>{r.title}</Link> },
  tag: 'state',
  lead: [
    { key: 'slaState', icon: <ClockCircleOutlined />, label: 'SLA', render: (r) => <SlaTag row={r} /> },
    { key: 'customName', icon: <ShopOutlined />, label: '客户', render: (r) => r.customName ?? '—' },
  ],
  rows: ['serviceUserName', 'feeCents', 'partsToReturn'],
  foot: 'orderNo',
};
