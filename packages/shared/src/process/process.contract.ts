import { z } from 'zod';
import { POWERS } from '../auth/powers';
import { ROLE_IDS } from '../auth/roles';
import { endpoint } from '../common/contract';
import { id, L } from '../common/zod';
import { ORDER_EXPORT_COLUMNS, type OrderExportColumn } from '../orders/order.list.contract';
import { APPROVAL_KINDS, ORDER_HOOK_POINTS, ORDER_STAGE_KEYS, type OrderProcess, type OrderStage } from '../orders/order.machine';
import { ORDER_STAGES } from '../orders/orders.constants';

/** Chinese names for the process page (stage names 1–9, person types 0–5, hook points). */
export const STAGE_NAMES = Object.fromEntries(ORDER_STAGE_KEYS.map((k, i) => [k, ORDER_STAGES[(i + 1) as keyof typeof ORDER_STAGES]])) as Record<
  OrderStage,
  string
>;
export const APPROVAL_NAMES: Record<(typeof APPROVAL_KINDS)[number], string> = {
  create: '创建审核',
  complete: '完成审核',
  receipt: '回执审核',
  collection: '收款审核',
};
export const HOOK_POINT_NAMES: Record<(typeof ORDER_HOOK_POINTS)[number], string> = {
  acceptance: '受理完成前',
  dispatch: '派单前',
  accepting: '接单前',
  reservation: '预约前',
  startService: '开始服务前',
  endService: '结束服务前',
  receipt: '回执前',
  collection: '收款前',
  reconciliation: '对账前',
};
/** The stage each switch of OrderProcess stands for (pickup is engineerAccept). */
export const STAGE_SWITCH: Record<OrderStage, keyof OrderProcess> = {
  acceptance: 'acceptance',
  dispatch: 'dispatch',
  pickup: 'engineerAccept',
  appointment: 'appointment',
  service: 'service',
  receipt: 'receipt',
  payment: 'payment',
  abnormal: 'abnormal',
  returnVisit: 'returnVisit',
};

const tid = L(id, '工单类型');
const role = z
  .number()
  .int()
  .min(1, '角色不正确')
  .max(10, '角色不正确')
  .refine((r) => (ROLE_IDS as number[]).includes(r), '角色不正确');
const approver = z.discriminatedUnion('by', [
  z.object({ by: L(z.literal('role'), '审核方式'), role: L(role, '审核角色') }),
  z.object({ by: L(z.literal('user'), '审核方式'), userId: L(id, '审核人') }),
  z.object({ by: L(z.literal('dispatcher'), '审核方式') }),
]);
const stageActors = z.object({
  personTypes: L(z.array(z.number().int().min(0, '人员类型不正确').max(5, '人员类型不正确')).max(6), '人员类型'),
  roles: L(z.array(role).max(10), '角色'),
});
const requirement = z.object({
  fields: L(z.array(id).max(50, '必填字段最多50个'), '必填字段'),
  signature: L(z.boolean(), '签名'),
  photos: L(z.boolean(), '照片'),
  faultMode: L(z.boolean().optional(), '故障模式'),
});
const partial = <K extends string, T extends z.ZodType>(keys: readonly K[], v: T, label: string) =>
  z.object(Object.fromEntries(keys.map((k) => [k, L(v.optional(), label)])) as unknown as Record<K, z.ZodOptional<T>>).strict();

/** The whole process as the page saves it (every switch, approvers, actors and requirements). */
export const orderProcessSchema = z
  .object({
    acceptance: L(z.boolean(), '受理环节'),
    dispatch: L(z.boolean(), '派单环节'),
    engineerAccept: L(z.boolean(), '接单环节'),
    appointment: L(z.boolean(), '预约环节'),
    service: L(z.boolean(), '服务环节'),
    receipt: L(z.boolean(), '回执环节'),
    payment: L(z.boolean(), '收款环节'),
    abnormal: L(z.boolean(), '异常申请环节'),
    returnVisit: L(z.boolean(), '回访环节'),
    createApproval: L(z.boolean(), '创建审核'),
    completeApproval: L(z.boolean(), '完成审核'),
    receiptApproval: L(z.boolean(), '回执审核'),
    collectionApproval: L(z.boolean(), '收款审核'),
    approvers: L(partial(APPROVAL_KINDS, approver, '审核人'), '审核人'),
    actors: L(partial(ORDER_STAGE_KEYS, stageActors, '环节处理人'), '环节处理人'),
    requirements: L(partial(ORDER_HOOK_POINTS, requirement, '环节要求'), '环节要求'),
  })
  .superRefine((p, ctx) => {
    // An approval switched on over a stage switched off could never open.
    if (p.receiptApproval && !p.receipt) ctx.addIssue({ code: 'custom', path: ['receiptApproval'], message: '回执环节关闭时不能开启回执审核' });
    if (p.collectionApproval && !p.payment) ctx.addIssue({ code: 'custom', path: ['collectionApproval'], message: '收款环节关闭时不能开启收款审核' });
  }) satisfies z.ZodType<OrderProcess>;

export const processVersionRow = z.object({
  id: z.number(),
  version: z.number(),
  createTime: z.string(),
  createUserName: z.string().nullable(),
  /** Orders created with this version. */
  orderCount: z.number(),
  /** The latest few of them. */
  recentOrders: z.array(z.object({ id: z.number(), orderNo: z.string() })),
});
export type ProcessVersionRow = z.infer<typeof processVersionRow>;

export const orderProcessAnswer = z.object({
  tid: z.number(),
  templateName: z.string(),
  /** The published version (null: never published; the built-in default applies). */
  versionId: z.number().nullable(),
  version: z.number().nullable(),
  process: orderProcessSchema,
  versions: z.array(processVersionRow),
  /** Orders created before any version was published (the built-in default), and the latest few of them. */
  defaultOrderCount: z.number(),
  defaultRecentOrders: z.array(z.object({ id: z.number(), orderNo: z.string() })),
  /** Names of the people named as approvers (by user id). */
  approverNames: z.record(z.string(), z.string()),
  /** The template's fields a hook point may require (its current field version). */
  fields: z.array(z.object({ id: z.number(), name: z.string(), type: z.number() })),
});
export type OrderProcessAnswer = z.infer<typeof orderProcessAnswer>;

/** The columns an order list shows until a list setting is saved (as the web's DEFAULT_ORDER_COLUMNS). */
export const ORDER_LIST_DEFAULT_COLUMNS: OrderExportColumn[] = [
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

const columnKey = z.enum(Object.keys(ORDER_EXPORT_COLUMNS) as [OrderExportColumn, ...OrderExportColumn[]], { error: '列不正确' });
export const listSettingAnswer = z.object({
  tid: z.number().nullable(),
  /** Every column in its order, shown or not (never saved: the default columns shown). */
  saved: z.boolean(),
  columns: z.array(z.object({ key: z.string(), name: z.string(), visible: z.boolean() })),
});

export const processContract = {
  get: endpoint({ method: 'GET', path: '/v2/processSet/orderProcess', power: POWERS.systemSetting, query: z.object({ tid }), response: orderProcessAnswer }),
  /** Publishes a new version; orders in flight keep theirs. */
  publish: endpoint({
    method: 'POST',
    path: '/v2/processSet/orderProcess',
    power: POWERS.systemSetting,
    body: z.object({ tid, process: L(orderProcessSchema, '流程') }),
    response: z.object({ versionId: z.number(), version: z.number() }),
  }),
  /** Dispatch order settings of an order type: the dispatch and pickup stages and who dispatches, from its published process. */
  queryDispatchOrder: endpoint({
    method: 'GET',
    path: '/v2/processSet/queryDispatchOrder',
    query: z.object({ tid }),
    response: z.object({
      tid: z.number(),
      dispatch: z.boolean(),
      engineerAccept: z.boolean(),
      actors: stageActors.nullable(),
      versionId: z.number().nullable(),
    }),
  }),
  /** The columns the order lists show for an order type (absent: the enterprise's lists without a type). */
  queryOrderListSetting: endpoint({
    method: 'GET',
    path: '/v2/temp/queryOrderListSetting',
    query: z.object({ tid: L(id.optional(), '工单类型') }),
    response: listSettingAnswer,
  }),
  updateOrderListSetting: endpoint({
    method: 'POST',
    path: '/v2/temp/updateOrderListSetting',
    power: POWERS.systemSetting,
    body: z.object({
      tid: L(id.optional(), '工单类型'),
      /** The shown columns, in their order. */
      columns: L(
        z
          .array(columnKey)
          .min(1, '请至少显示一列')
          .max(50)
          .refine((c) => new Set(c).size === c.length, '列不能重复'),
        '显示列',
      ),
    }),
    response: z.null(),
  }),
};
