import { z } from 'zod';
import { endpoint } from '../common/contract';
import { DEFAULT_PAGE_SIZE, pageQuery } from '../common/pagination';
import { id, L } from '../common/zod';
import { optionalIds, optionalText } from '../customers/fields';
import { uploadedFileSchema } from '../files/files.contract';
import { extFieldSchema } from '../forms/forms.schema';
import { ORDER_ACTIONS, type OrderAction } from './order.machine';

export { ORDER_PAGE_POWERS } from './order.pages';

/**
 * The order detail page's reads (docs/api.md): the record with its abilities, its tabs,
 * the timeline, the conversation thread and the three field views. Powers: any order page opens the
 * detail; which orders a user sees is decided by the server (docs/decisions.md, "order visibility").
 */

const orderId = L(id, '工单');
export const orderIdQuery = z.object({ orderId });

/** A user shown by name. */
const person = z.object({ id: z.number(), name: z.string() });

/** One person on the order by part (creator, salesperson, … copied-to). */
export const orderPersonSchema = z.object({
  part: z.enum(['creator', 'salesperson', 'acceptor', 'dispatcher', 'service', 'taker', 'collaborator', 'returnVisitor', 'copied']),
  partName: z.string(),
  userId: z.number(),
  name: z.string(),
});
export type OrderPerson = z.infer<typeof orderPersonSchema>;

/** A custom field value as the form engine presents it, with the order field group it sits in. */
export const orderExtFieldSchema = extFieldSchema.extend({ group: z.string().nullable() });

const money = z.number();

export const orderDetailSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  /** Compare-and-set counter: lifecycle calls may send it back to detect a stale page. */
  version: z.number(),
  state: z.number(),
  /** 无效工单 for an invalid state-0 order, else the state's name. */
  stateName: z.string(),
  stateColor: z.string(),
  invalid: z.boolean(),
  abnormal: z.object({ kind: z.number(), kindName: z.string(), reason: z.string().nullable(), by: person.nullable(), at: z.string().nullable() }).nullable(),
  examineType: z.number().nullable(),
  examineTypeName: z.string().nullable(),
  /** 0 pending, 1 approved, 2 rejected. */
  examineResult: z.number().nullable(),
  /** The approval flow's instance that decides the pending examine (审批处理), at its current step; absent or null: none. */
  approval: z.object({ id: z.number(), stepName: z.string() }).nullable().optional(),
  placeState: z.number(),
  inPool: z.boolean(),
  deleted: z.boolean(),
  orderType: z.object({ id: z.number(), name: z.string() }),
  templateVersionId: z.number().nullable(),
  title: z.string(),
  customer: z.object({ id: z.number(), name: z.string() }),
  contactId: z.number().nullable(),
  customLinkPerson: z.string().nullable(),
  customPhone: z.string().nullable(),
  customEnterpriseName: z.string().nullable(),
  gpsAddr: z.object({
    provinceCode: z.string().nullable(),
    cityCode: z.string().nullable(),
    districtCode: z.string().nullable(),
    province: z.string().nullable(),
    city: z.string().nullable(),
    district: z.string().nullable(),
    detail: z.string().nullable(),
    fullAddress: z.string().nullable(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    /** How precise the pin is: 'exact' (the place), else an area's centre; null without a pin. */
    precision: z.enum(['province', 'city', 'district', 'exact']).nullable().optional(),
  }),
  /**
   * The installed product and its warranty on the order's day (coverageOf through customers' productWarranty, the one
   * answer the product page, the service report and the parts' price give too): 0 未知, 1 在保, 2 过保, 3 延保.
   */
  product: z
    .object({
      id: z.number(),
      name: z.string(),
      serialNumber: z.string().nullable(),
      warrantyState: z.number().nullable(),
      warrantyName: z.string().nullable(),
      warrantyEnd: z.string().nullable(),
      warrantySource: z.enum(['warranty', 'extension']).nullable(),
      warrantyDay: z.string().nullable(),
    })
    .nullable(),
  customApplyTime: z.string().nullable(),
  priority: z.number(),
  priorityName: z.string(),
  serviceLevel: z.number().nullable(),
  detailDesc: z.string().nullable(),
  attachments: z.array(uploadedFileSchema),
  tags: z.array(z.object({ id: z.number(), name: z.string(), color: z.string().nullable() })),
  serviceGroup: person.nullable(),
  source: z.number().nullable(),
  saleChannel: z.number().nullable(),
  people: z.array(orderPersonSchema),
  times: z.object({
    createdAt: z.string(),
    acceptedAt: z.string().nullable(),
    dispatchedAt: z.string().nullable(),
    takenAt: z.string().nullable(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    cancelledAt: z.string().nullable(),
    archivedAt: z.string().nullable(),
    dueAt: z.string().nullable(),
  }),
  extFields: z.array(orderExtFieldSchema),
  serviceItems: z.array(z.object({ id: z.number(), serviceItemId: z.number(), name: z.string(), price: money, quantity: z.number(), amount: money })),
  fees: z.object({
    rows: z.array(z.object({ id: z.number(), moneyItemId: z.number().nullable(), name: z.string(), price: money, quantity: z.number(), amount: money })),
    serviceAmount: money,
    spareAmount: money,
    otherAmount: money,
    discountAmount: money,
    receivableAmount: money,
  }),
  receipt: z.object({ receiptedAt: z.string(), fields: z.array(extFieldSchema) }).nullable(),
  /** The customer's signature given at completion or on the receipt (the image and when). */
  signature: z.object({ file: uploadedFileSchema, signedAt: z.string() }).nullable(),
  collection: z
    .object({
      paymentMethod: z.number().nullable(),
      paymentMethodName: z.string().nullable(),
      receivePaymentId: z.number().nullable(),
      paidAmount: money,
      paidAt: z.string(),
    })
    .nullable(),
  evaluation: z
    .object({
      evaluatedAt: z.string().nullable(),
      scores: z.array(z.object({ dimension: z.number(), name: z.string(), score: z.number() })),
      remark: z.string().nullable(),
    })
    .nullable(),
  /** The event it was converted from (association type 1), or null. */
  event: z.object({ id: z.number(), eventNo: z.string(), title: z.string(), state: z.number() }).nullable(),
  /** The lifecycle actions this user may take now (packages/shared/src/orders/order.machine.ts); the web builds its buttons from them. */
  abilities: z.array(z.enum(ORDER_ACTIONS)),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** Names of the logged actions (the timeline) and of the ability buttons. */
export const ORDER_ACTION_NAMES: Record<OrderAction | 'create', string> = {
  create: '创建工单',
  acceptance: '受理',
  invalid: '标记无效',
  keepDate: '预约',
  workerBespokeDate: '预约上门',
  dispatch: '派单',
  grab: '抢单',
  revokeGrab: '退回抢单',
  accept: '接单',
  refuseOrder: '拒单',
  startService: '开始服务',
  serviceComplete: '完成服务',
  applyEndService: '申请结束服务',
  cancel: '取消工单',
  employeeCancel: '取消工单',
  applyAbnormalOrder: '异常申请',
  handleAbnormal: '处理异常',
  rejectAbnormal: '驳回异常',
  approve: '审核通过',
  reject: '审核驳回',
  receipt: '填写回执',
  collect: '收款',
  archive: '归档',
  edit: '编辑',
  employeeEdit: '编辑',
  delete: '删除',
  restore: '还原',
  reconcile: '对账',
};

/** The tabs of the detail page, in order. */
export const ORDER_TABS = {
  basic: '基本信息',
  progress: '工单进度',
  fees: '服务费用',
  receipt: '工单回执',
  evaluation: '服务评价',
  messages: '留言',
  logs: '操作日志',
  related: '关联记录',
} as const;
export type OrderTabKey = keyof typeof ORDER_TABS;

export const orderTabSchema = z.object({
  key: z.enum(Object.keys(ORDER_TABS) as [OrderTabKey, ...OrderTabKey[]]),
  name: z.string(),
  count: z.number().nullable(),
});
export type OrderTab = z.infer<typeof orderTabSchema>;

/** One timeline row from order_logs. */
export const orderLogSchema = z.object({
  id: z.number(),
  action: z.string(),
  actionName: z.string(),
  fromState: z.number().nullable(),
  fromStateName: z.string().nullable(),
  toState: z.number(),
  toStateName: z.string(),
  note: z.string().nullable(),
  /** Field → new value, as the action wrote it (labels in `changedNames`). */
  changed: z.record(z.string(), z.unknown()).nullable(),
  changedNames: z.array(z.string()),
  user: person.nullable(),
  createTime: z.string(),
});
export type OrderLog = z.infer<typeof orderLogSchema>;

/** Message kinds: 1 text, 2 image, 3 file (order_messages.kind). */
export const ORDER_MESSAGE_KINDS = { 1: '文字', 2: '图片', 3: '文件' } as const;

export const orderMessageSchema = z.object({
  id: z.number(),
  kind: z.number(),
  content: z.string(),
  files: z.array(uploadedFileSchema),
  user: person.nullable(),
  createTime: z.string(),
  /** The viewer may delete it: their own message, or an administrator. */
  canDelete: z.boolean(),
});
export type OrderMessage = z.infer<typeof orderMessageSchema>;

export const MESSAGE_MAX = 1000;
export const MESSAGE_FILES_MAX = 9;

export const addMessageBody = z
  .object({
    orderId,
    content: optionalText('留言内容', MESSAGE_MAX),
    /** Uploads (POST /upload/save): images and files. */
    fileIds: optionalIds('附件', MESSAGE_FILES_MAX),
  })
  .refine((b) => !!b.content || !!b.fileIds?.length, { message: '请输入留言内容或添加附件', path: ['content'] });

/** A signature field of the order (form type 21) and its picture, with the form it belongs to. */
export const orderSignSchema = z.object({
  fieldId: z.number(),
  name: z.string(),
  /** 'signature': the customer's signature taken by the completion or receipt dialog (fieldId 0). */
  form: z.enum(['order', 'receipt', 'signature']),
  url: z.string().nullable(),
  fileId: z.number().nullable(),
});

export const orderFieldNameSchema = z.object({ key: z.string(), name: z.string(), type: z.number(), system: z.boolean(), group: z.string().nullable() });

/** Another order of the same customer or installed product (the related-records tab). */
export const relatedOrderSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  title: z.string(),
  state: z.number(),
  stateName: z.string(),
  stateColor: z.string(),
  sameProduct: z.boolean(),
  serviceUserName: z.string().nullable(),
  createTime: z.string(),
});
export type RelatedOrder = z.infer<typeof relatedOrderSchema>;
export const RELATED_MAX = 50;

export const orderDetailContract = {
  orderDetail: endpoint({ method: 'GET', path: '/order/orderDetail', query: orderIdQuery, response: orderDetailSchema }),
  getOrderTab: endpoint({ method: 'GET', path: '/order/getOrderTab', query: orderIdQuery, response: z.array(orderTabSchema) }),
  /** The same tabs by path: /order/getOrderTab/{id}. */
  getOrderTabById: endpoint({ method: 'GET', path: '/order/getOrderTab/:id', response: z.array(orderTabSchema) }),
  logs: endpoint({ method: 'GET', path: '/v2/order/logs', query: orderIdQuery, response: z.array(orderLogSchema) }),
  messageList: endpoint({
    method: 'GET',
    path: '/v2/order/messageList',
    query: pageQuery.extend({ orderId, pageSize: pageQuery.shape.pageSize.default(DEFAULT_PAGE_SIZE * 5) }),
    response: z.object({ list: z.array(orderMessageSchema), count: z.number() }),
  }),
  addMessage: endpoint({ method: 'POST', path: '/v2/order/addMessage', body: addMessageBody, response: orderMessageSchema }),
  delMessage: endpoint({ method: 'DELETE', path: '/v2/order/delMessage', body: z.object({ orderId, id: L(id, '留言') }), response: z.null() }),
  /** The newest orders (at most RELATED_MAX) of the same customer or product that the viewer may open. */
  relatedList: endpoint({ method: 'GET', path: '/v2/order/relatedList', query: orderIdQuery, response: z.array(relatedOrderSchema) }),
  /** The order's signature pictures (the customer's signature on the order and receipt forms). */
  getSign: endpoint({ method: 'GET', path: '/v2/order/view/getSign', query: orderIdQuery, response: z.array(orderSignSchema) }),
  /** The order's custom field values (order form, or the receipt form with form=receipt), presented. */
  getfildValue: endpoint({
    method: 'GET',
    path: '/v2/order/view/getfildValue',
    query: orderIdQuery.extend({ form: L(z.enum(['order', 'receipt']).default('order'), '表单') }),
    response: z.array(orderExtFieldSchema),
  }),
  /** Field names of an order type at its current version (fixed and custom), or of the version an order pinned. */
  getFieldName: endpoint({
    method: 'GET',
    path: '/v2/order/view/getFieldName',
    query: z.object({ orderId: L(id.optional(), '工单'), orderType: L(id.optional(), '工单类型') }),
    response: z.array(orderFieldNameSchema),
  }),
};
