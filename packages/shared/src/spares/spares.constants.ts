/** Stock log types 1–16, in the spec's order. */
export const STOCK_LOG_TYPES = {
  1: '工单消耗',
  2: '取消消耗',
  3: '入库',
  4: '出库',
  5: '调拨',
  6: '回收',
  7: '领用',
  8: '退还入库',
  9: '分配',
  10: '盘点',
  11: '废件报废',
  12: '废件翻新',
  13: '交接',
  14: '旧件报废',
  15: '旧件翻新',
  16: '工单退回',
} as const;
export type StockLogType = keyof typeof STOCK_LOG_TYPES;
export const STOCK_LOG_TYPE_IDS = Object.keys(STOCK_LOG_TYPES).map(Number) as StockLogType[];

/** Warehouse kinds: central, regional, a provider's, an engineer's own stock, and a waste store (faulty parts: 废件). */
export const WAREHOUSE_KINDS = { 1: '中心仓', 2: '区域仓', 3: '服务商仓', 4: '工程师库存', 5: '废件仓', 6: '寄修仓' } as const;
export const WASTE_WAREHOUSE_KIND = 5;
export type WarehouseKind = keyof typeof WAREHOUSE_KINDS;

/** Spare transfer types. */
export const TRANSFER_TYPES = { 0: '保内调拨', 1: '备件订购', 2: '直发客户' } as const;
/** Old-part return types. */
export const RETURN_TYPES = { 1: '返厂', 2: '本地核销' } as const;
/** Goods order status: spare applications and outbound orders. */
export const GOODS_ORDER_STATES = { 1: '待付款', 2: '待审核', 3: '待发货', 4: '运输中', 5: '已签收', 6: '已取消' } as const;

/**
 * Stock documents: each kind, the letters of its numbers (LY20261123-0001, docs/decisions.md), the power that files it,
 * which warehouses it names and the log type its movements carry.
 * `from` loses stock, `to` gains it; a count sets the counted quantity in `from`.
 */
export const SPARE_DOC_KINDS = {
  1: { name: '领用单', prefix: 'LY', power: 'menu_SpareGet', from: true, to: true, logType: 7 },
  2: { name: '调拨单', prefix: 'DB', power: 'menu_SpareAllotted', from: true, to: true, logType: 5 },
  3: { name: '分配单', prefix: 'FP', power: 'menu_SpareDistributed', from: true, to: true, logType: 9 },
  4: { name: '报废单', prefix: 'BF', power: 'menu_SpareWaste', from: true, to: false, logType: 11 },
  5: { name: '盘点单', prefix: 'PD', power: 'menu_StockTaking', from: true, to: false, logType: 10 },
  6: { name: '入库单', prefix: 'RK', power: 'menu_StockLog', from: false, to: true, logType: 3 },
  7: { name: '出库单', prefix: 'CK', power: 'menu_StockLog', from: true, to: false, logType: 4 },
  8: { name: '退还单', prefix: 'TH', power: 'menu_SpareMine', from: true, to: true, logType: 8 },
  /** Unused parts taken for an order go back from the engineer's stock to a warehouse. */
  9: { name: '工单退回单', prefix: 'GT', power: 'menu_SpareMine', from: true, to: true, logType: 16 },
  /** One engineer hands parts over to another engineer's stock. */
  10: { name: '交接单', prefix: 'JJ', power: 'menu_SpareMine', from: true, to: true, logType: 13 },
  /** Faulty parts collected from customers go into a waste store (no stock leaves anywhere). */
  11: { name: '回收单', prefix: 'HS', power: 'menu_SpareMine', from: false, to: true, logType: 6 },
  /** Refurbished faulty parts leave a waste store for a good-stock warehouse. */
  12: { name: '废件翻新单', prefix: 'FX', power: 'menu_SpareWaste', from: true, to: true, logType: 12 },
} as const satisfies Record<number, { name: string; prefix: string; power: string; from: boolean; to: boolean; logType: StockLogType }>;
/** Kinds an engineer files for their own stock: the other side is their own warehouse (requisition: to; return: from). */
export const OWN_STOCK_KINDS = { 1: 'to', 8: 'from', 9: 'from', 10: 'from' } as const;
/** Kinds that may take stock out of a waste store, and the one kind that puts stock into it. */
export const WASTE_FROM_KINDS: readonly number[] = [4, 5, 12];
export const RECYCLE_KIND = 11;
/** A handover names the engineer who receives the parts (their own stock). */
export const HANDOVER_KIND = 10;
/** An order return names its order. */
export const ORDER_RETURN_KIND = 9;
export type SpareDocKind = keyof typeof SPARE_DOC_KINDS;
/** A document that takes stock out of its `from` warehouse reserves it while it waits for approval (a count does not). */
export const reservesStock = (kind: SpareDocKind): boolean => SPARE_DOC_KINDS[kind].from && kind !== 5;
export const SPARE_DOC_KIND_IDS = Object.keys(SPARE_DOC_KINDS).map(Number) as SpareDocKind[];

/** Document states (spareDocMachine). */
export const SPARE_DOC_STATES = { 1: '待审批', 2: '已通过', 3: '已驳回', 4: '已撤回' } as const;
/** Old-part return states (oldPartMachine). */
export const OLD_PART_STATES = { 1: '待返还', 2: '已寄出', 3: '已签收', 4: '已翻新', 5: '已报废', 6: '已核销' } as const;
/** Days an engineer has to send an old part back before it is overdue. */
export const OLD_PART_DUE_DAYS = 15;
/** Dictionary codes the spare pages read (settings dict.constants). */
export const SPARE_DICTS = { logistics: 'logistics_company', returnAddress: 'old_part_return_address', deliveryWarehouse: 'delivery_warehouse' } as const;

/** Lines per document. */
export const SPARE_DOC_MAX_LINES = 200;
/** Who approves stock documents and manages warehouses: the power of the 备件库存 page (role 9 and administrators hold it). */
export const SPARE_KEEPER_POWER = 'menu_SpareStock';
/** Where a unit of a serial-tracked spare is (spare_units.place). */
export const SPARE_UNIT_PLACES = { 1: '在库', 2: '已安装', 3: '旧件返还', 4: '已报废', 5: '已出库', 6: '盘亏' } as const;
/** A unit recorded in a warehouse that a stock count did not find (it may be found again by a later count). */
export const UNIT_LOST_IN_COUNT = 6;
