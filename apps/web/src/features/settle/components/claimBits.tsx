import { CHECK_STATES, CLAIM_KINDS, CLAIM_STATE_COLORS, CLAIM_STATES } from '@sk/shared/settle/claims.machine';
import type { FeeClaimRow } from '@sk/shared/settle/claims.contract';
import { Tag } from 'antd';
import { Link } from 'react-router';
import type { ListColumn } from '../../../components';
import { km, yuan } from '../api';

export const ClaimStateTag = ({ state }: { state: number }) => (
  <Tag color={CLAIM_STATE_COLORS[state]}>{CLAIM_STATES[state as keyof typeof CLAIM_STATES] ?? state}</Tag>
);
export const CheckStateTag = ({ state }: { state: number }) =>
  state === 0 ? <span>—</span> : <Tag color={state === 1 ? 'warning' : 'success'}>{CHECK_STATES[state as 1 | 2]}</Tag>;

export const CLAIM_LOG_LABELS: Record<string, string> = { create: '提交申请', approve: '审批通过', reject: '驳回', check: '费用审核' };

/** The columns both lists share (费用审批 and 费用审核). */
export const claimColumns = (): ListColumn<FeeClaimRow>[] => [
  {
    key: 'claimNo',
    dataIndex: 'claimNo',
    title: '申请单号',
    render: (v: string, r) => <Link to={`/transportation/fee/approval/detail/${r.id}`}>{v}</Link>,
  },
  { key: 'orderNo', dataIndex: 'orderNo', title: '工单编号', render: (v: string, r) => <Link to={`/allOrder/orderDetail/${r.orderId}`}>{v}</Link> },
  { key: 'providerName', dataIndex: 'providerName', title: '服务商' },
  { key: 'kind', dataIndex: 'kind', title: '费用类型', render: (v: number) => CLAIM_KINDS[v as 1 | 2] ?? v },
  { key: 'amountCents', dataIndex: 'amountCents', title: '申请金额', render: (v: number) => yuan(v) },
  {
    key: 'distance',
    dataIndex: 'claimedM',
    title: '申请里程 / 直线距离',
    render: (_: unknown, r) => (r.kind === 1 ? `${km(r.claimedM)} / ${km(r.computedM)}` : '—'),
  },
  { key: 'computedCents', dataIndex: 'computedCents', title: '核算金额', render: (v: number, r) => (r.kind === 1 ? yuan(v) : '—') },
  { key: 'state', dataIndex: 'state', title: '状态', render: (v: number) => <ClaimStateTag state={v} /> },
  { key: 'checkState', dataIndex: 'checkState', title: '费用审核', render: (v: number) => <CheckStateTag state={v} /> },
  { key: 'finalCents', dataIndex: 'finalCents', title: '结算金额', render: (v: number, r) => (r.state === 2 && r.checkState !== 1 ? yuan(v) : '—') },
  { key: 'applicantName', dataIndex: 'applicantName', title: '申请人' },
  { key: 'create_time', dataIndex: 'create_time', title: '申请时间' },
];
