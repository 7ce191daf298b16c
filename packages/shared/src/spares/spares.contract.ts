import { z } from 'zod';
import { POWERS } from '../auth/powers';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { pageQuery } from '../common/pagination';
import { id, L } from '../common/zod';
import { ids, money, optionalId, optionalText, requiredId, requiredText, text, timeFilter } from '../customers/fields';
import { SPARE_DOC_KIND_IDS, SPARE_DOC_MAX_LINES, SPARE_KEEPER_POWER, STOCK_LOG_TYPE_IDS } from './spares.constants';

const oneOf = (label: string, values: readonly number[], message: string) =>
  L(
    coerceInt('smallint').refine((n) => values.includes(n), message),
    label,
  );
const flag = (label: string) => L(z.enum(['0', '1']).optional(), label);
const quantity = (label = '数量') => L(coerceInt('integer', `${label}不正确`).positive(`${label}必须大于0`).max(1_000_000, `${label}过大`), label);
const listOf = <T extends z.ZodType>(row: T) => z.object({ list: z.array(row), count: z.number() });

const POW = {
  type: 'menu_SpareType',
  list: 'menu_SpareList',
  stock: 'menu_SpareStock',
  log: 'menu_SpareLog',
  stockLog: 'menu_StockLog',
  warning: 'menu_SpareWarning',
  mine: 'menu_SpareMine',
  old: 'menu_OldPartReturn',
} as const;

// ---- catalogue ----
export const spareTypeSchema = z.object({ id: z.number(), parentId: z.number().nullable(), name: z.string(), sort: z.number(), spareCount: z.number() });
export type SpareType = z.infer<typeof spareTypeSchema>;

export const spareRowSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  model: z.string(),
  unit: z.string(),
  typeId: z.number().nullable(),
  typeName: z.string().nullable(),
  costPrice: z.string(),
  salePrice: z.string(),
  warranty: z.boolean(),
  serialized: z.boolean(),
  enabled: z.boolean(),
  images: z.array(z.string()),
  productIds: z.array(z.number()),
  custom: z.record(z.string(), z.unknown()),
  totalQuantity: z.number(),
  create_time: z.string(),
});
export type SpareRow = z.infer<typeof spareRowSchema>;

const spareBody = z.object({
  id: optionalId('备件'),
  code: requiredText('备件编号', 50),
  name: requiredText('备件名称', 100),
  model: text('规格型号', 100).default(''),
  unit: text('单位', 10).default('个'),
  typeId: optionalId('备件分类'),
  costPrice: money('成本价').default(0),
  salePrice: money('销售价').default(0),
  warranty: L(z.boolean().default(true), '保内备件'),
  serialized: L(z.boolean().default(false), '序列号管理'),
  images: L(z.array(z.string().max(500)).max(9, '图片最多9张').default([]), '图片'),
  productIds: L(z.array(id).max(200, '适用产品最多200个').default([]), '适用产品'),
  custom: L(z.record(z.string(), z.unknown()).default({}), '自定义字段'),
});

/** A unit of a serial-tracked spare and where it is (SPARE_UNIT_PLACES). */
export const spareUnitSchema = z.object({
  serial: z.string(),
  place: z.number(),
  placeName: z.string(),
  warehouseName: z.string().nullable(),
  installedProductId: z.number().nullable(),
  orderId: z.number().nullable(),
  update_time: z.string(),
});
export type SpareUnit = z.infer<typeof spareUnitSchema>;

export const spareOptionSchema = z.object({ id: z.number(), code: z.string(), name: z.string(), model: z.string(), unit: z.string(), serialized: z.boolean() });
export type SpareOption = z.infer<typeof spareOptionSchema>;

/** A spare the caller holds in their own stock: how many may be used now, and the serials of the units there. */
export const heldSpareSchema = spareOptionSchema.extend({
  /** quantity - reserved in the caller's own stock. */
  available: z.number(),
  /** Serial-tracked: the units in the caller's stock no document holds (the first 200, by serial). */
  serials: z.array(z.string()),
});
export type HeldSpare = z.infer<typeof heldSpareSchema>;

// ---- warehouses and stock ----
export const warehouseOptionSchema = z.object({ id: z.number(), name: z.string(), kind: z.number() });
export type WarehouseOption = z.infer<typeof warehouseOptionSchema>;
export const warehouseSchema = z.object({
  id: z.number(),
  name: z.string(),
  kind: z.number(),
  ownerId: z.number().nullable(),
  ownerName: z.string().nullable(),
  keeperId: z.number().nullable(),
  keeperName: z.string().nullable(),
  enabled: z.boolean(),
  create_time: z.string(),
});
export type Warehouse = z.infer<typeof warehouseSchema>;

export const stockRowSchema = z.object({
  warehouseId: z.number(),
  warehouseName: z.string(),
  warehouseKind: z.number(),
  spareId: z.number(),
  spareCode: z.string(),
  spareName: z.string(),
  model: z.string(),
  unit: z.string(),
  quantity: z.number(),
  /** Held for documents awaiting approval. */
  reserved: z.number(),
  /** quantity - reserved: what a new document may take. */
  available: z.number(),
  safety: z.number(),
  update_time: z.string(),
});
export type StockRow = z.infer<typeof stockRowSchema>;

const stockQuery = z.object({
  keyword: text('关键字', 50).optional(),
  warehouseId: optionalId('仓库'),
  spareId: optionalId('备件'),
  typeId: optionalId('备件分类'),
  /** 1: only stock below its safety stock (the warnings list). */
  warning: flag('库存预警'),
  ...pageQuery.shape,
});

export const stockLogSchema = z.object({
  id: z.number(),
  type: z.number(),
  typeName: z.string(),
  warehouseId: z.number(),
  warehouseName: z.string(),
  spareId: z.number(),
  spareCode: z.string(),
  spareName: z.string(),
  change: z.number(),
  before: z.number(),
  after: z.number(),
  docKind: z.string().nullable(),
  docId: z.number().nullable(),
  /** A stock document's readable number (docKind doc). */
  docNo: z.string().nullable(),
  orderId: z.number().nullable(),
  serialIn: z.string().nullable(),
  serialOut: z.string().nullable(),
  userName: z.string().nullable(),
  create_time: z.string(),
});
export type StockLog = z.infer<typeof stockLogSchema>;

const logQuery = z.object({
  spareId: optionalId('备件'),
  warehouseId: optionalId('仓库'),
  type: L(
    z.preprocess((v) => (v === '' ? undefined : v), oneOf('类型', STOCK_LOG_TYPE_IDS, '只能是1至16').optional()),
    '类型',
  ),
  orderId: optionalId('工单'),
  start: timeFilter('开始时间'),
  end: timeFilter('结束时间'),
  ...pageQuery.shape,
});

// ---- documents ----
export const spareDocItemSchema = z.object({
  line: z.number(),
  spareId: z.number(),
  spareCode: z.string(),
  spareName: z.string(),
  unit: z.string(),
  quantity: z.number(),
  stock: z.number(),
  /** Reserved in that warehouse by other documents (not this one). */
  reserved: z.number().optional(),
  /** stock - reserved: what this document may take there (its own reservation counted as its own). */
  available: z.number().optional(),
  serialized: z.boolean().optional(),
  /** A serial-tracked spare's units on the line. */
  serials: z.array(z.string()).optional(),
});
export type SpareDocItem = z.infer<typeof spareDocItemSchema>;
export const spareDocRowSchema = z.object({
  id: z.number(),
  /** The readable number, per kind and enterprise: LY20261123-0001. */
  docNo: z.string(),
  kind: z.number(),
  state: z.number(),
  fromWarehouseId: z.number().nullable(),
  fromWarehouseName: z.string().nullable(),
  toWarehouseId: z.number().nullable(),
  toWarehouseName: z.string().nullable(),
  transferType: z.number().nullable(),
  orderId: z.number().nullable(),
  applicantId: z.number(),
  applicantName: z.string(),
  approverName: z.string().nullable(),
  approve_time: z.string().nullable(),
  logistics: z.string().nullable(),
  trackingNo: z.string().nullable(),
  remark: z.string(),
  summary: z.string(),
  create_time: z.string(),
});
export type SpareDocRow = z.infer<typeof spareDocRowSchema>;
export const spareDocLogSchema = z.object({
  action: z.string(),
  toState: z.number(),
  note: z.string().nullable(),
  userName: z.string().nullable(),
  create_time: z.string(),
});
export const spareDocDetailSchema = spareDocRowSchema.extend({
  items: z.array(spareDocItemSchema),
  abilities: z.array(z.string()),
  logs: z.array(spareDocLogSchema),
});
export type SpareDocDetail = z.infer<typeof spareDocDetailSchema>;

const docBody = z.object({
  kind: oneOf('单据类型', SPARE_DOC_KIND_IDS, '只能是1至12'),
  fromWarehouseId: optionalId('出库仓库'),
  toWarehouseId: optionalId('入库仓库'),
  /** A handover (交接单): the engineer who receives the parts. */
  toUserId: optionalId('接收工程师'),
  transferType: L(
    z.preprocess((v) => (v === '' ? null : v), oneOf('调拨类型', [0, 1, 2], '只能是0（保内调拨）、1（备件订购）或2（直发客户）').nullish()),
    '调拨类型',
  ),
  orderId: optionalId('工单'),
  logistics: optionalText('物流公司', 50),
  trackingNo: optionalText('物流单号', 50),
  remark: text('备注', 200).default(''),
  items: L(
    z
      .array(
        z.object({
          spareId: requiredId('备件'),
          quantity: L(coerceInt('integer', '数量不正确').min(0, '数量不能小于0').max(1_000_000, '数量过大'), '数量'),
          /** One serial per piece of a serial-tracked spare. */
          serials: L(z.array(z.string().max(64, '序列号最多64个字符')).max(1000, '序列号最多1000个').optional(), '序列号'),
        }),
      )
      .min(1, '请添加备件')
      .max(SPARE_DOC_MAX_LINES, `一张单据最多${SPARE_DOC_MAX_LINES}行`),
    '备件明细',
  ),
});
export type SpareDocInput = z.infer<typeof docBody>;
const decideBody = z.object({ id: requiredId('单据'), note: optionalText('审批意见', 200) });

// ---- parts on orders and old-part returns ----
export const orderSpareSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  spareId: z.number(),
  spareCode: z.string(),
  spareName: z.string(),
  warehouseId: z.number(),
  quantity: z.number(),
  serialIn: z.string().nullable(),
  serialOut: z.string().nullable(),
  chargeable: z.boolean(),
  price: z.string(),
  state: z.number(),
  userName: z.string().nullable(),
  create_time: z.string(),
});
export type OrderSpare = z.infer<typeof orderSpareSchema>;

export const oldPartReturnSchema = z.object({
  id: z.number(),
  orderId: z.number().nullable(),
  spareId: z.number(),
  spareCode: z.string(),
  spareName: z.string(),
  serial: z.string().nullable(),
  returnType: z.number(),
  state: z.number(),
  holderName: z.string().nullable(),
  warehouseId: z.number().nullable(),
  due_time: z.string(),
  overdue: z.boolean(),
  logistics: z.string().nullable(),
  trackingNo: z.string().nullable(),
  address: z.string().nullable(),
  remark: z.string(),
  abilities: z.array(z.string()),
  create_time: z.string(),
});
export type OldPartReturn = z.infer<typeof oldPartReturnSchema>;

export const sparesContract = {
  typeTree: endpoint({ method: 'GET', path: '/spare/type/tree', response: z.array(spareTypeSchema) }),
  typeSave: endpoint({
    method: 'POST',
    path: '/spare/type/save',
    power: POW.type,
    body: z.object({ id: optionalId('分类'), parentId: optionalId('上级分类'), name: requiredText('分类名称', 50) }),
    response: z.object({ id: z.number() }),
  }),
  typeRemove: endpoint({ method: 'DELETE', path: '/spare/type', power: POW.type, body: z.object({ id: requiredId('分类') }), response: z.null() }),

  spareList: endpoint({
    method: 'GET',
    path: '/spare/list',
    power: POW.list,
    query: z.object({ keyword: text('关键字', 50).optional(), typeId: optionalId('备件分类'), enabled: flag('状态'), ...pageQuery.shape }),
    response: listOf(spareRowSchema),
  }),
  /** A picker for every user who files documents or records parts: enabled spares by code or name. */
  spareOptions: endpoint({
    method: 'GET',
    path: '/spare/options',
    query: z.object({ keyword: text('关键字', 50).optional() }),
    response: z.array(spareOptionSchema),
  }),
  spareDetail: endpoint({
    method: 'GET',
    path: '/spare/detail',
    power: POWERS.spareDetail,
    query: z.object({ id: requiredId('备件') }),
    response: spareRowSchema.extend({ stocks: z.array(stockRowSchema), units: z.array(spareUnitSchema) }),
  }),
  /** The units of a spare in one warehouse (up to 1000, by serial): what a count sheet starts from, what may be picked. */
  unitOptions: endpoint({
    method: 'GET',
    path: '/spare/unit/options',
    query: z.object({ warehouseId: requiredId('仓库'), spareId: requiredId('备件') }),
    /** total: how many units are there (units lists the first 1000). */
    response: z.object({ serialized: z.boolean(), total: z.number(), units: z.array(z.object({ serial: z.string(), held: z.boolean() })) }),
  }),
  spareSave: endpoint({ method: 'POST', path: '/spare/save', power: POW.list, body: spareBody, response: z.object({ id: z.number() }) }),
  spareRemove: endpoint({ method: 'DELETE', path: '/spare', power: POW.list, body: z.object({ ids: ids('备件', 100) }), response: z.null() }),

  warehouseList: endpoint({
    method: 'GET',
    path: '/spare/warehouse/list',
    power: POW.stock,
    query: z.object({
      keyword: text('关键字', 50).optional(),
      kind: L(
        z.preprocess((v) => (v === '' ? undefined : v), oneOf('仓库类型', [1, 2, 3, 4, 5], '只能是1至5').optional()),
        '仓库类型',
      ),
      ...pageQuery.shape,
    }),
    response: listOf(warehouseSchema),
  }),
  /** A picker of warehouses (by name), for documents. */
  warehouseOptions: endpoint({
    method: 'GET',
    path: '/spare/warehouse/options',
    query: z.object({ keyword: text('关键字', 50).optional() }),
    response: z.array(warehouseOptionSchema),
  }),
  warehouseSave: endpoint({
    method: 'POST',
    path: '/spare/warehouse/save',
    power: POW.stock,
    body: z.object({
      id: optionalId('仓库'),
      name: requiredText('仓库名称', 50),
      kind: oneOf('仓库类型', [1, 2, 3, 4, 5], '只能是1至5'),
      ownerId: optionalId('工程师'),
      keeperId: optionalId('仓管员'),
      enabled: L(z.boolean().default(true), '状态'),
    }),
    response: z.object({ id: z.number() }),
  }),

  stockList: endpoint({ method: 'GET', path: '/spare/stock/list', power: POW.stock, query: stockQuery, response: listOf(stockRowSchema) }),
  warningList: endpoint({
    method: 'GET',
    path: '/spare/warning/list',
    power: POW.warning,
    query: stockQuery.omit({ warning: true }),
    response: listOf(stockRowSchema),
  }),
  setSafety: endpoint({
    method: 'POST',
    path: '/spare/stock/safety',
    power: POW.stock,
    body: z.object({
      warehouseId: requiredId('仓库'),
      spareId: requiredId('备件'),
      safety: L(coerceInt('integer', '安全库存不正确').min(0, '安全库存不能小于0'), '安全库存'),
    }),
    response: z.null(),
  }),
  /** The caller's own stock (an engineer's van stock): the warehouse is made on first use. */
  mine: endpoint({
    method: 'GET',
    path: '/spare/mine',
    power: POW.mine,
    query: z.object({ keyword: text('关键字', 50).optional(), ...pageQuery.shape }),
    /** warehouseId: null until the user's own stock first receives something. */
    response: listOf(stockRowSchema).extend({ warehouseId: z.number().nullable() }),
  }),

  /** 登记备件's picker: only what the caller holds in their own stock (available > 0), most held first, with serials. */
  mineOptions: endpoint({
    method: 'GET',
    path: '/spare/mine/options',
    power: POW.mine,
    query: z.object({ keyword: text('关键字', 50).optional() }),
    /** warehouseId: null while the caller has no own stock. */
    response: z.object({ warehouseId: z.number().nullable(), list: z.array(heldSpareSchema) }),
  }),

  logList: endpoint({ method: 'GET', path: '/spare/log/list', power: POW.log, query: logQuery, response: listOf(stockLogSchema) }),
  /** 出入库记录: the same ledger, only inbound and outbound movements (types 3 and 4) unless a type is given. */
  stockLogList: endpoint({ method: 'GET', path: '/spare/stockLog/list', power: POW.stockLog, query: logQuery, response: listOf(stockLogSchema) }),

  docList: endpoint({
    method: 'GET',
    path: '/spare/doc/list',
    power: '',
    query: z.object({
      kind: L(
        z.preprocess((v) => (v === '' ? undefined : v), oneOf('单据类型', SPARE_DOC_KIND_IDS, '只能是1至12').optional()),
        '单据类型',
      ),
      state: L(
        z.preprocess((v) => (v === '' ? undefined : v), oneOf('状态', [1, 2, 3, 4], '只能是1至4').optional()),
        '状态',
      ),
      /** 1: only the caller's own applications. */
      mine: flag('我的申请'),
      ...pageQuery.shape,
    }),
    response: listOf(spareDocRowSchema),
  }),
  docDetail: endpoint({ method: 'GET', path: '/spare/doc/detail', query: z.object({ id: requiredId('单据') }), response: spareDocDetailSchema }),
  docSave: endpoint({ method: 'POST', path: '/spare/doc/save', plan: 'spareOps', body: docBody, response: z.object({ id: z.number() }) }),
  docApprove: endpoint({ method: 'POST', path: '/spare/doc/approve', power: SPARE_KEEPER_POWER, plan: 'spareOps', body: decideBody, response: z.null() }),
  docReject: endpoint({ method: 'POST', path: '/spare/doc/reject', power: SPARE_KEEPER_POWER, plan: 'spareOps', body: decideBody, response: z.null() }),
  docWithdraw: endpoint({ method: 'POST', path: '/spare/doc/withdraw', plan: 'spareOps', body: decideBody, response: z.null() }),

  orderParts: endpoint({ method: 'GET', path: '/spare/order/parts', query: z.object({ orderId: requiredId('工单') }), response: z.array(orderSpareSchema) }),
  orderUse: endpoint({
    method: 'POST',
    path: '/spare/order/use',
    power: POW.mine,
    body: z.object({
      orderId: requiredId('工单'),
      spareId: requiredId('备件'),
      quantity: quantity(),
      serialIn: optionalText('新件序列号', 64),
      serialOut: optionalText('旧件序列号', 64),
    }),
    response: z.object({ id: z.number(), chargeable: z.boolean(), oldPartId: z.number().nullable() }),
  }),
  /** Cancel consumption (type 2): the part was not used after all; it goes back to the engineer's stock. */
  orderCancel: endpoint({ method: 'POST', path: '/spare/order/cancel', power: POW.mine, body: z.object({ id: requiredId('备件记录') }), response: z.null() }),

  oldParamTmpl: endpoint({
    method: 'GET',
    path: '/old/part/param/tmpl',
    power: POW.old,
    response: z.object({
      returnTypes: z.record(z.string(), z.string()),
      states: z.record(z.string(), z.string()),
      logistics: z.array(z.string()),
      addresses: z.array(z.string()),
    }),
  }),
  oldList: endpoint({
    method: 'GET',
    path: '/old/part/recycle/form/list',
    power: POW.old,
    query: z.object({
      state: L(
        z.preprocess((v) => (v === '' ? undefined : v), oneOf('状态', [1, 2, 3, 4, 5, 6], '只能是1至6').optional()),
        '状态',
      ),
      overdue: flag('逾期'),
      orderId: optionalId('工单'),
      ...pageQuery.shape,
    }),
    response: listOf(oldPartReturnSchema),
  }),
  oldDetail: endpoint({
    method: 'GET',
    path: '/old/part/recycle/detail',
    power: POW.old,
    query: z.object({ id: requiredId('旧件') }),
    response: oldPartReturnSchema,
  }),
  /** One step of a return: ship (with logistics), receive, refurbish or scrap (types 15, 14), or write off locally. */
  oldSave: endpoint({
    method: 'POST',
    path: '/old/part/recycle/form/save',
    power: POW.old,
    body: z.object({
      id: requiredId('旧件'),
      action: L(z.enum(['ship', 'receive', 'refurbish', 'scrap', 'writeOff'], { error: '操作不正确' }), '操作'),
      logistics: optionalText('物流公司', 50),
      trackingNo: optionalText('物流单号', 50),
      address: optionalText('返还地址', 200),
      warehouseId: optionalId('入库仓库'),
      note: optionalText('备注', 200),
    }),
    response: z.null(),
  }),
  oldSearch: endpoint({
    method: 'GET',
    path: '/old/part/recovery/search',
    power: POW.old,
    query: z.object({ serial: requiredText('序列号', 64) }),
    response: z.array(oldPartReturnSchema),
  }),
};

// ---- spare-part applications and outbound orders (goods orders) ----
export const goodsOrderSchema = z.object({
  id: z.number(),
  state: z.number(),
  applicantId: z.number(),
  applicantName: z.string(),
  warehouseId: z.number().nullable(),
  warehouseName: z.string().nullable(),
  orderId: z.number().nullable(),
  /** The applicant pays, and how (PAYMENT_METHODS); null: the manufacturer bears it. */
  paymentMethod: z.number().nullable(),
  paid_time: z.string().nullable(),
  /** Its online payment once money moved: 1 paid, 2 refunding (cancelled), 3 refunded; null: none. */
  payState: z.number().nullable(),
  /** Why the last refund attempt failed (退款中 only); it is tried again. */
  refundError: z.string().nullable(),
  address: z.string(),
  logistics: z.string().nullable(),
  trackingNo: z.string().nullable(),
  remark: z.string(),
  summary: z.string(),
  abilities: z.array(z.string()),
  create_time: z.string(),
});
export type GoodsOrder = z.infer<typeof goodsOrderSchema>;

export const goodsContract = {
  /** Applications (/sparePartsSalesman): keepers see all, others their own. `outbound=1`: the outbound orders (states 3–6). */
  list: endpoint({
    method: 'GET',
    path: '/spare/goods/list',
    query: z.object({
      state: L(
        z.preprocess((v) => (v === '' ? undefined : v), oneOf('状态', [1, 2, 3, 4, 5, 6], '只能是1至6').optional()),
        '状态',
      ),
      outbound: flag('出库单'),
      ...pageQuery.shape,
    }),
    response: listOf(goodsOrderSchema),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/spare/goods/detail',
    query: z.object({ id: requiredId('申请单') }),
    response: goodsOrderSchema.extend({ items: z.array(spareDocItemSchema) }),
  }),
  apply: endpoint({
    method: 'POST',
    path: '/spare/goods/apply',
    power: 'menu_SparePartsSalesman',
    body: z.object({
      orderId: optionalId('工单'),
      /** The applicant pays for the parts (自费): the application waits in 1 待付款 with its payment method. */
      paymentMethod: L(
        z.preprocess((v) => (v === '' ? undefined : v), oneOf('付款方式', [1, 2, 3, 4, 5], '只能是线下支付、支付宝、微信、银联或签单').nullish()),
        '付款方式',
      ),
      address: text('收货地址', 200).default(''),
      remark: text('备注', 200).default(''),
      items: L(
        z
          .array(z.object({ spareId: requiredId('备件'), quantity: quantity() }))
          .min(1, '请添加备件')
          .max(SPARE_DOC_MAX_LINES, `一张单据最多${SPARE_DOC_MAX_LINES}行`),
        '备件明细',
      ),
    }),
    response: z.object({ id: z.number() }),
  }),
  /** approve (with the shipping warehouse), ship (logistics and tracking number; stock leaves), sign (into the applicant's stock), cancel. */
  step: endpoint({
    method: 'POST',
    path: '/spare/goods/step',
    power: 'menu_SparePartsSalesman',
    body: z.object({
      id: requiredId('申请单'),
      action: L(z.enum(['pay', 'approve', 'ship', 'sign', 'cancel'], { error: '操作不正确' }), '操作'),
      warehouseId: optionalId('发货仓库'),
      /** Shipping: the serials chosen for each serial-tracked spare, one per piece, from the shipping warehouse. */
      items: L(
        z
          .array(
            z.object({ spareId: requiredId('备件'), serials: L(z.array(z.string().max(64, '序列号最多64个字符')).max(1000, '序列号最多1000个'), '序列号') }),
          )
          .max(SPARE_DOC_MAX_LINES, `一张单据最多${SPARE_DOC_MAX_LINES}行`)
          .optional(),
        '序列号',
      ),
      logistics: optionalText('物流公司', 50),
      trackingNo: optionalText('物流单号', 50),
      note: optionalText('备注', 200),
    }),
    response: z.null(),
  }),
  /**
   * 去支付: the applicant of an unpaid application with an online method (2 支付宝, 3 微信, 4 银联) gets the payment
   * provider's pay address (settings goods_pay_*; docs/commerce.md "Online payment"). The amount is the lines at their sale price.
   */
  payOnline: endpoint({
    method: 'POST',
    path: '/spare/goods/payOnline',
    power: 'menu_SparePartsSalesman',
    body: z.object({ id: requiredId('申请单') }),
    response: z.object({ paymentNo: z.string(), amountCents: z.number(), payUrl: z.string() }),
  }),
  /** The payment provider's signed notification (public; docs/commerce.md "Online payment"): a paid one moves 待付款 → 待审核 once. */
  payNotify: endpoint({
    method: 'POST',
    path: '/pay/goods/notify/:enterpriseId',
    auth: 'public',
    body: z.looseObject({}),
    response: z.object({ result: z.string() }),
  }),
};
