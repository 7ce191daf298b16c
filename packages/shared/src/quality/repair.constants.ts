/** Repair-sent (寄修) and exchange/return (退换货) orders (docs/quality.md). */
export const REPAIR_POWER = 'menu_RepairOrderList';
export const EXCHANGE_POWER = 'menu_ExchangeOrderList';

/** Repair-sent order states, exactly as the spec numbers them. */
export const REPAIR_STATES = { 0: '待确认', 1: '处理中', 2: '已完成', 3: '已取消', 4: '待审核' } as const;
export const REPAIR_STATE_COLORS = { 0: 'orange', 1: 'blue', 2: 'green', 3: 'default', 4: 'purple' } as const;
/** Change/return order states, exactly as the spec numbers them. */
export const EXCHANGE_STATES = { 0: '待审核', 1: '已驳回', 2: '已通过', 3: '已取消' } as const;
export const EXCHANGE_STATE_COLORS = { 0: 'orange', 1: 'red', 2: 'green', 3: 'default' } as const;
export const EXCHANGE_KINDS = { 1: '换货', 2: '退货' } as const;

/** Where a repair-sent order came from. */
export const REPAIR_SOURCES = { 1: '投诉', 2: '工单', 3: '回访', 4: '手工录入' } as const;
/** Where an exchange/return order came from. */
export const EXCHANGE_SOURCES = { 1: '投诉', 2: '工单', 3: '寄修单', 4: '手工录入' } as const;

export const REPAIR_ACTION_NAMES = {
  create: '创建寄修单',
  edit: '编辑',
  confirm: '确认收件',
  complete: '完成维修',
  approve: '审核通过',
  reject: '审核驳回',
  cancel: '取消',
} as const;
export const EXCHANGE_ACTION_NAMES = { create: '提交退换货', approve: '通过', reject: '驳回', cancel: '取消' } as const;

/** The approval kinds (packages/shared/src/approvals/kinds.ts). */
export const REPAIR_APPROVAL_KIND = 'repair_complete';
export const EXCHANGE_APPROVAL_KIND = 'exchange_order';
/** The warehouse kind that holds units sent in for repair (寄修仓, made on first use). */
export const REPAIR_WAREHOUSE_KIND = 6;
