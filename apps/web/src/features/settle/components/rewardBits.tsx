import { REWARD_CAUSES, REWARD_KINDS, REWARD_SETTLE_STATES, REWARD_STATE_COLORS, REWARD_STATES } from '@sk/shared/settle/rewards.machine';
import type { RewardRow } from '@sk/shared/settle/rewards.contract';
import { Button, Tag } from 'antd';
import { Link } from 'react-router';
import type { ListColumn } from '../../../components';
import { yuan } from '../api';

export const RewardStateTag = ({ state }: { state: number }) => (
  <Tag color={REWARD_STATE_COLORS[state]}>{REWARD_STATES[state as keyof typeof REWARD_STATES] ?? state}</Tag>
);
export const RewardKindTag = ({ kind }: { kind: number }) => <Tag color={kind === 2 ? 'volcano' : 'green'}>{REWARD_KINDS[kind as 1 | 2] ?? kind}</Tag>;
/** 未结算 / 结算中 / 已结算 with the statement's number. */
export const RewardSettle = ({ r }: { r: Pick<RewardRow, 'settleState' | 'settlementId' | 'settleNo' | 'state'> }) =>
  r.state !== 2 ? (
    <span>—</span>
  ) : r.settlementId ? (
    <Link to={`/settleAccounts/detail?id=${r.settlementId}`}>{`${REWARD_SETTLE_STATES[r.settleState as 1 | 2]} ${r.settleNo ?? ''}`}</Link>
  ) : (
    <span>{REWARD_SETTLE_STATES[0]}</span>
  );
/** The amount as the statement counts it: a penalty deducts. */
export const signedYuan = (kind: number, cents: number) => (kind === 2 ? `-${yuan(cents)}` : `+${yuan(cents)}`);

export const REWARD_LOG_LABELS: Record<string, string> = {
  create: '新建并提交审批',
  propose: '规则建议',
  submit: '提交审批',
  approve: '审批通过',
  reject: '驳回',
  cancel: '作废',
};

export const rewardColumns = (open: (id: number) => void): ListColumn<RewardRow>[] => [
  {
    key: 'rewardNo',
    dataIndex: 'rewardNo',
    title: '奖惩单号',
    render: (v: string, r) => (
      <Button type="link" size="small" style={{ padding: 0 }} onClick={() => open(r.id)}>
        {v}
      </Button>
    ),
  },
  { key: 'kind', dataIndex: 'kind', title: '类型', render: (v: number) => <RewardKindTag kind={v} /> },
  { key: 'providerName', dataIndex: 'providerName', title: '服务商' },
  { key: 'amountCents', dataIndex: 'amountCents', title: '金额', render: (v: number, r) => signedYuan(r.kind, v) },
  { key: 'reason', dataIndex: 'reason', title: '奖惩原因', ellipsis: true },
  { key: 'state', dataIndex: 'state', title: '状态', render: (v: number) => <RewardStateTag state={v} /> },
  { key: 'settle', dataIndex: 'settleState', title: '结算', render: (_: unknown, r) => <RewardSettle r={r} /> },
  {
    key: 'orderNo',
    dataIndex: 'orderNo',
    title: '关联工单',
    render: (v: string | null, r) => (v ? <Link to={`/allOrder/orderDetail/${r.orderId}`}>{v}</Link> : '—'),
  },
  { key: 'causeType', dataIndex: 'causeType', title: '来源', render: (v: number) => REWARD_CAUSES[v as 0] ?? v },
  { key: 'submitterName', dataIndex: 'submitterName', title: '提交人', render: (v: string | null) => v ?? '—' },
  { key: 'create_time', dataIndex: 'create_time', title: '创建时间' },
  { key: 'approve_time', dataIndex: 'approve_time', title: '通过时间', render: (v: string | null) => v ?? '—' },
];
