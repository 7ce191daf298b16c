/** Statement states (docs/settlement.md). */
export const SETTLE_STATES = { 1: '草稿', 2: '已下发', 3: '已确认', 4: '有异议', 5: '已审核', 6: '已付款' } as const;
export type SettleState = keyof typeof SETTLE_STATES;
export const SETTLE_STATE_COLORS: Record<SettleState, string> = { 1: 'default', 2: 'processing', 3: 'cyan', 4: 'error', 5: 'blue', 6: 'success' };

/** Line kinds: an order's fee now; fee claims, rewards and penalties when their areas land. */
export const SETTLE_LINE_KINDS = { 1: '工单服务费', 2: '费用申请', 3: '奖励', 4: '处罚' } as const;
export const DISPUTE_STATES = { 0: '', 1: '有异议', 2: '已处理' } as const;

/** The finance side's power (settlement pages) and the fee standards' power. */
export const SETTLE_POWER = 'menu_SettleAccountsList';
export const FEE_STANDARD_POWER = 'menu_ServiceFeeStandard';

/** Yuan text of integer cents: 12345 → '123.45'. */
export const centsText = (cents: number): string => {
  const neg = cents < 0;
  const a = Math.abs(Math.trunc(cents));
  return `${neg ? '-' : ''}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
};
