import { z } from 'zod';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { pageQuery } from '../common/pagination';
import { L } from '../common/zod';
import { optionalId, optionalIds, text, timeFilter } from '../customers/fields';
import { ORDER_SOURCES } from './order.create.contract';

/**
 * GET /v2/order/getAllOrderList: every order list page (AllOrder, AcceptanceOrder, MyOrder …) is this call with its
 * `scope`, the work-order filters and the query parameters of the /allOrder route. Answers `{ list, count }`
 * (docs/decisions.md). The download centre's order export (POST /export/order) takes the same filters.
 */

/** The list pages, by `scope`; each has its own power and free-plan lock (ORDER_LIST_SCOPES). */
export const ORDER_LIST_SCOPE_KEYS = [
  'all',
  'acceptance',
  'mine',
  'team',
  'teamwork',
  'abnormal',
  'due',
  'sendMe',
  'rubbish',
  'examine',
  'customer',
  'product',
] as const;
export type OrderListScope = (typeof ORDER_LIST_SCOPE_KEYS)[number];

/** Power (menu code) and free-plan lock of each scope; customer/product are the detail pages' order tabs. */
export const ORDER_LIST_SCOPES: Record<
  OrderListScope,
  { power: string; plan?: 'myOrder' | 'examineOrder' | 'recycleBin' | 'orderTimeout' | 'autoCopy' | 'productManage' }
> = {
  all: { power: 'menu_AllOrder' },
  acceptance: { power: 'menu_AcceptanceOrder' },
  mine: { power: 'menu_MyOrder', plan: 'myOrder' },
  /** 我的团队: the orders of the engineers in the service groups the user leads (MyOrder's second view). */
  team: { power: 'menu_MyOrder', plan: 'myOrder' },
  teamwork: { power: 'menu_TeamworkOrder' },
  abnormal: { power: 'menu_AbnormalOrder' },
  due: { power: 'menu_DueOrder', plan: 'orderTimeout' },
  sendMe: { power: 'menu_SendMeOrder', plan: 'autoCopy' },
  rubbish: { power: 'menu_OrderRubbish', plan: 'recycleBin' },
  examine: { power: 'menu_ExamineOrder', plan: 'examineOrder' },
  customer: { power: 'menu_AllCustomer' },
  product: { power: 'menu_ProductManage', plan: 'productManage' },
};

/** MyOrder's tabs (query `tab`): the engineer's working states, and all. */
export const MY_ORDER_TABS = { toAccept: '待接单', toServe: '待服务', inService: '服务中', done: '已完成', all: '全部' } as const;
export type MyOrderTab = keyof typeof MY_ORDER_TABS;
export const MY_ORDER_TAB_STATES: Record<MyOrderTab, number[] | null> = { toAccept: [2], toServe: [3], inService: [4], done: [5], all: null };

/** AllOrder's state tabs (0 unapproved, 1 in progress, 2 completed, -1 all) as order states. */
export const ORDER_TAB_STATES: Record<'0' | '1' | '2' | '-1', number[] | null> = { 0: [0, 7], 1: [1, 2, 3, 4], 2: [5], [-1]: null };

/** Named sorts: 1 newest first, 2 oldest first, 3 appointment soonest first, 4 most urgent first. */
export const ORDER_SORTS = { 1: '创建时间从新到旧', 2: '创建时间从旧到新', 3: '预约时间从近到远', 4: '优先级从高到低' } as const;

const bad = (label: string) => `${label}不正确`;
/** A small code out of a fixed set ('0'/'1' flags, types, results). */
const code = (label: string, values: readonly number[]) =>
  L(
    z.preprocess(
      (v) => (v === '' ? undefined : v),
      coerceInt('smallint', bad(label))
        .refine((n) => values.includes(n), bad(label))
        .optional(),
    ),
    label,
  );
/** A comma list or array of small codes (states '1,2,3'). */
const codes = (label: string, values: readonly number[]) =>
  L(
    z.preprocess(
      (v) => (v === '' ? undefined : typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
      z
        .array(coerceInt('smallint', bad(label)).refine((n) => values.includes(n), bad(label)))
        .max(20, bad(label))
        .optional(),
    ),
    label,
  );
const STATES = [0, 1, 2, 3, 4, 5, 6, 7] as const;
const FLAG = [0, 1] as const;

/** A pair of time-range fields: start and end ('YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss'; an end at 00:00 covers the day). */
const range = <A extends string, B extends string>(a: A, b: B, label: string) =>
  ({ [a]: timeFilter(`${label}开始时间`), [b]: timeFilter(`${label}结束时间`) }) as Record<A | B, ReturnType<typeof timeFilter>>;

/** The filters of every order list (the work-order filters and the /allOrder route's query parameters). */
export const orderListFilters = z.object({
  scope: L(z.enum(ORDER_LIST_SCOPE_KEYS, { error: '列表类型不正确' }).default('all'), '列表类型'),
  keyword: text('关键字', 100).optional(),
  /** AllOrder's state tab: 0 unapproved, 1 in progress, 2 completed, -1 all. */
  orderState: code('状态页签', [0, 1, 2, -1]),
  /** MyOrder's tab. */
  tab: L(z.enum(Object.keys(MY_ORDER_TABS) as [MyOrderTab, ...MyOrderTab[]], { error: '页签不正确' }).optional(), '页签'),
  title: text('标题', 100).optional(),
  states: codes('工单状态', STATES),
  orderStateList: codes('工单状态', STATES),
  isCreateReceipt: code('回执状态', FLAG),
  isServiceSettlement: code('收款状态', FLAG),
  evaluateState: code('评价状态', FLAG),
  orderExceed: code('超时状态', FLAG),
  order_label: optionalIds('工单标签', 20),
  customName: text('客户名称', 100).optional(),
  customerId: optionalId('客户'),
  customLinkPerson: text('联系人', 50).optional(),
  customPhone: text('联系电话', 30).optional(),
  gpsAddr: text('服务地址', 100).optional(),
  orderType: optionalIds('工单类型', 50),
  priority: code('优先级', [1, 2, 3]),
  /** 工单来源 (ORDER_SOURCES): 运营报表's drill-down by source. */
  source: code('工单来源', Object.keys(ORDER_SOURCES).map(Number)),
  ...range('startCreateTime', 'endCreateTime', '创建'),
  ...range('startApplyTime', 'endApplyTime', '预约'),
  ...range('startFinishTime', 'endFinishTime', '完成'),
  ...range('startDispatchTime', 'endDispatchTime', '派单'),
  ...range('takeStart', 'takeEnd', '接单'),
  ...range('startCreateExamineTime', 'endCreateExamineTime', '创建审核'),
  ...range('startCompleteExamineTime', 'endCompleteExamineTime', '完成审核'),
  ...range('startReceiptExamineTime', 'endReceiptExamineTime', '回执审核'),
  ...range('startCollectionExamineTime', 'endCollectionExamineTime', '收款审核'),
  servicePersonalId: optionalId('服务人员'),
  coordinationUserId: optionalId('协作人员'),
  create_examine_operator_id: optionalId('创建审核人'),
  complete_examine_operator_id: optionalId('完成审核人'),
  dispatchUserId: optionalId('派单人'),
  take_order_user_id: optionalId('接单人'),
  take_user_id: optionalId('受理人'),
  service_id: optionalId('服务项目'),
  service_category: optionalId('服务项目分类'),
  placeState: code('归档状态', FLAG),
  examineType: code('审核类型', [1, 2, 3, 4]),
  examineResult: code('审核结果', [0, 1, 2]),
  serviceGroupId: optionalId('服务团队'),
  fk_t_production_id: optionalId('产品'),
  duplicateUserId: optionalId('抄送人'),
  receive_payment_ids: optionalIds('收款账户', 50),
});
export type OrderListFilters = z.infer<typeof orderListFilters>;
export type OrderListFiltersInput = z.input<typeof orderListFilters>;

export const orderListQuery = orderListFilters.extend({
  ...pageQuery.shape,
  sortType: L(
    coerceInt('smallint', '排序方式不正确')
      .refine((n) => n in ORDER_SORTS, '排序方式不正确')
      .default(1),
    '排序',
  ),
});
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const orderRowSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  title: z.string(),
  state: z.number(),
  invalid: z.boolean(),
  customerId: z.number(),
  customName: z.string().nullable(),
  customLinkPerson: z.string().nullable(),
  customPhone: z.string().nullable(),
  gpsAddr: z.string().nullable(),
  /** The service address's pin (GCJ-02) and how precise it is ('exact', or an area's centre): the card's map link. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  geoPrecision: z.enum(['province', 'city', 'district', 'exact']).nullable(),
  orderType: z.number(),
  orderTypeName: z.string().nullable(),
  priority: z.number(),
  servicePersonalId: z.number().nullable(),
  servicePersonalName: z.string().nullable(),
  dispatchUserName: z.string().nullable(),
  createUserName: z.string().nullable(),
  serviceGroupName: z.string().nullable(),
  productName: z.string().nullable(),
  placeState: z.number(),
  examineType: z.number().nullable(),
  examineResult: z.number().nullable(),
  abnormalKind: z.number().nullable(),
  receivableAmount: z.number(),
  create_time: z.string(),
  apply_time: z.string().nullable(),
  finish_time: z.string().nullable(),
  due_time: z.string().nullable(),
  delete_time: z.string().nullable(),
});
export type OrderRow = z.infer<typeof orderRowSchema>;

/** Columns of the order export (key → header), in their order; the web's column chooser sends the chosen keys. */
export const ORDER_EXPORT_COLUMNS = {
  orderNo: '工单编号',
  title: '标题',
  state: '工单状态',
  customName: '客户名称',
  customLinkPerson: '联系人',
  customPhone: '联系电话',
  gpsAddr: '服务地址',
  orderTypeName: '工单类型',
  priority: '优先级',
  servicePersonalName: '服务人员',
  dispatchUserName: '派单人',
  createUserName: '创建人',
  serviceGroupName: '服务团队',
  productName: '产品',
  placeState: '归档状态',
  examine: '审核',
  receivableAmount: '应收金额',
  create_time: '创建时间',
  apply_time: '预约时间',
  finish_time: '完成时间',
  due_time: '超时时间',
} as const;
export type OrderExportColumn = keyof typeof ORDER_EXPORT_COLUMNS;

export const orderExportBody = orderListFilters.extend({
  fileName: text('文件名', 100).optional(),
  /** The chosen columns (the list's column choice); absent → all. */
  columns: L(
    z
      .array(z.enum(Object.keys(ORDER_EXPORT_COLUMNS) as [OrderExportColumn, ...OrderExportColumn[]], { error: '导出列不正确' }))
      .max(50, '导出列不正确')
      .optional(),
    '导出列',
  ),
  /** The rows of the current page or the selected ones; absent → every row the filters match. */
  ids: optionalIds('工单', 1000),
});
export type OrderExportBody = z.infer<typeof orderExportBody>;

export const orderListContract = {
  getAllOrderList: endpoint({
    method: 'GET',
    path: '/v2/order/getAllOrderList',
    // Each scope checks its own power and free-plan lock (ORDER_LIST_SCOPES) in the handler.
    query: orderListQuery,
    response: z.object({ list: z.array(orderRowSchema), count: z.number() }),
  }),
  exportOrder: endpoint({
    method: 'POST',
    path: '/export/order',
    power: 'data_export',
    body: orderExportBody,
    response: z.object({ id: z.number(), name: z.string() }),
  }),
};
