/**
 * What an order edit may change, by who edits and the order's state (docs/decisions.md, "Order edit by state").
 * The keys are the create body's (POST /v2/order/add), so the edit dialog reuses the create page's fields.
 */

/** Every field an edit can change; the customer itself changes through /sh/order/linkCustomer. */
export const ORDER_EDIT_FIELDS = {
  title: '标题',
  customLinkPerson: '联系人',
  customPhone: '联系电话',
  customEnterpriseName: '企业名称',
  gpsAddr: '服务地址',
  productId: '产品',
  serviceId: '服务项目',
  customApplyTime: '预约时间',
  priority: '优先级',
  serviceLevel: '服务级别',
  detailDesc: '详细描述',
  attachments: '附件',
  orderLabel: '工单标签',
  serviceGroupId: '服务团队',
  source: '来源',
  saleChannel: '销售渠道',
  salespersonId: '销售人员',
  coordinationUserId: '协作人员',
  duplicateUserId: '抄送人',
  ext: '自定义字段',
} as const;
export type OrderEditField = keyof typeof ORDER_EDIT_FIELDS;

const ALL = Object.keys(ORDER_EDIT_FIELDS) as OrderEditField[];
/** What the engineer corrects on site: who and where the customer is, what was serviced, the notes and photos. */
const ON_SITE: OrderEditField[] = ['customLinkPerson', 'customPhone', 'gpsAddr', 'productId', 'serviceId', 'detailDesc', 'attachments', 'ext'];
/** While the completion waits for approval the record under review stays as done; only notes, files, tags and copies. */
const UNDER_REVIEW: OrderEditField[] = ['detailDesc', 'attachments', 'orderLabel', 'duplicateUserId'];

export interface EditableOrder {
  state: number;
  /** The approval the order waits for (1 creation, 2 completion). */
  examineType: number | null;
  placeState: number;
  invalid: boolean;
}

/**
 * The fields `who` may change now. Staff: everything before service; in service everything but the appointment
 * (rescheduling goes through 异常申请 改约); awaiting creation approval everything; awaiting completion approval
 * only UNDER_REVIEW. The engineer: ON_SITE while the order is theirs to serve (3, 4). Completed, cancelled,
 * archived and invalid orders: nothing.
 */
export function editableFields(who: 'staff' | 'engineer', o: EditableOrder): OrderEditField[] {
  if (o.placeState === 1 || o.invalid || o.state === 5 || o.state === 6) return [];
  if (who === 'engineer') return o.state === 3 || o.state === 4 ? ON_SITE : [];
  if (o.state === 4) return ALL.filter((k) => k !== 'customApplyTime');
  if (o.state === 7) return o.examineType === 2 ? UNDER_REVIEW : ALL;
  return ALL;
}
