import { SETTLE_STATE_COLORS, SETTLE_STATES, type SettleState } from '@sk/shared/settle/settle.constants';
import { Tag } from 'antd';

export const SettleStateTag = ({ state }: { state: number }) => (
  <Tag color={SETTLE_STATE_COLORS[state as SettleState]}>{SETTLE_STATES[state as SettleState] ?? state}</Tag>
);

/** The buttons of the statement's abilities, finance's and the provider's. */
export const ACTION_LABELS: Record<string, string> = { issue: '下发给服务商', confirm: '确认无误', approve: '审核通过', pay: '标记已付款' };
/** The question each action's confirmation asks (确认无误 already is a verb phrase: no 确定 before it). */
export const ACTION_QUESTIONS: Record<string, string> = {
  issue: '确定下发给服务商吗？',
  confirm: '确认无误吗？',
  approve: '确定审核通过吗？',
  pay: '确定标记已付款吗？',
};
export const LOG_LABELS: Record<string, string> = {
  create: '生成结算单',
  issue: '下发',
  dispute: '提出异议',
  resolve: '处理异议',
  confirm: '服务商确认',
  approve: '审核通过',
  pay: '已付款',
};
