// Which buttons an order shows, built only from the detail answer's `abilities`, and the call each one makes.
import type { OrderAction } from '@sk/shared/orders/order.machine';
import type { OrderDetail } from '@sk/shared/orders/order.detail.contract';
import { orderReconcileContract } from '@sk/shared/orders/order.reconcile.contract';
import { call } from '../../../lib/api';
import { orderActionsContract as A } from './api';

/** The inputs a dialog may ask for. */
export type ActionField =
  | 'note'
  | 'reason'
  | 'time'
  | 'servicePerson'
  | 'collaborators'
  | 'abnormalKind'
  | 'pass'
  | 'examineResult'
  | 'paymentMethod'
  | 'account'
  | 'amount'
  | 'detailDesc'
  | 'attachments'
  | 'title'
  | 'contact'
  | 'phone'
  | 'priority'
  | 'finish'
  | 'receiptForm'
  | 'signature';

export interface ActionValues {
  note?: string;
  reason?: string;
  time?: string;
  servicePerson?: { id: number }[];
  collaborators?: { id: number }[];
  abnormalKind?: 1 | 2 | 3;
  pass?: boolean;
  examineResult?: 1 | 2;
  paymentMethod?: 1 | 2 | 3 | 4 | 5;
  account?: number;
  amount?: number;
  detailDesc?: string;
  attachments?: number[] | null;
  title?: string;
  contact?: string;
  phone?: string;
  priority?: 1 | 2 | 3;
  ext?: Record<string, unknown>;
  receiptExt?: Record<string, unknown>;
  /** The customer's signature (SignatureField: the saved image's id). */
  signature?: number[] | null;
}

export interface ActionButton {
  key: string;
  /** The abilities that show it; the first one the order has is the one called. */
  when: OrderAction[];
  label: string;
  title: string;
  fields: ActionField[];
  /** Required inputs (the server says the same in Chinese; the dialog says it first). */
  required?: ActionField[];
  primary?: boolean;
  danger?: boolean;
  /** A plain confirmation instead of a form. */
  confirm?: string;
  /** Leaves the page afterwards (the order went to the recycle bin). */
  leave?: boolean;
  run: (d: OrderDetail, v: ActionValues, ability: OrderAction) => Promise<unknown>;
}

/** The state and version the page showed: an order someone else moved since answers 数据已变更 instead of acting on it. */
const base = (d: OrderDetail) => ({ orderId: d.id, expectedState: d.state, version: d.version });
const note = (v: ActionValues) => v.note || undefined;
/** A signature drawn in this dialog (one already on the order is not sent again). */
const signatureOf = (v: ActionValues) => v.signature?.[0] ?? undefined;
const ids = (people?: { id: number }[]) => (people ?? []).map((p) => p.id);

/** In the order a user meets them: the next step of the work first, then changes, then the rare ones. */
export const ACTION_BUTTONS: ActionButton[] = [
  {
    key: 'acceptance',
    when: ['acceptance'],
    label: '受理',
    title: '受理工单',
    fields: ['note'],
    primary: true,
    run: (d, v) => call(A.acceptance, { ...base(d), invalid: false, reason: note(v) }, { successToast: true }),
  },
  {
    key: 'invalid',
    when: ['invalid'],
    label: '无效',
    title: '标记为无效工单',
    fields: ['reason'],
    required: ['reason'],
    danger: true,
    run: (d, v) => call(A.acceptance, { ...base(d), invalid: true, reason: v.reason }, { successToast: true }),
  },
  {
    key: 'dispatch',
    when: ['dispatch'],
    label: '派单',
    title: '派单',
    fields: ['servicePerson', 'collaborators', 'note'],
    required: ['servicePerson'],
    primary: true,
    run: (d, v) =>
      call(
        A.dispatch,
        { ...base(d), serviceUserId: ids(v.servicePerson)[0] ?? 0, coordinationUserId: ids(v.collaborators), note: note(v) },
        { successToast: true },
      ),
  },
  {
    key: 'accept',
    when: ['accept'],
    label: '接单',
    title: '接单',
    fields: ['note'],
    primary: true,
    run: (d, v) => call(A.accept, { ...base(d), note: note(v) }, { successToast: true }),
  },
  {
    key: 'refuseOrder',
    when: ['refuseOrder'],
    label: '拒单',
    title: '拒单',
    fields: ['reason'],
    required: ['reason'],
    danger: true,
    run: (d, v) => call(A.refuseOrder, { ...base(d), reason: v.reason ?? '' }, { successToast: true }),
  },
  {
    key: 'workerBespokeDate',
    when: ['workerBespokeDate'],
    label: '预约',
    title: '预约上门时间',
    fields: ['time', 'note'],
    required: ['time'],
    run: (d, v) => call(A.workerBespokeDate, { ...base(d), bespokeTime: v.time ?? '', note: note(v) }, { successToast: true }),
  },
  {
    key: 'startService',
    when: ['startService'],
    label: '开始服务',
    title: '开始服务',
    fields: ['note'],
    primary: true,
    run: (d, v) => call(A.startService, { ...base(d), note: note(v) }, { successToast: true }),
  },
  {
    key: 'complete',
    when: ['serviceComplete', 'applyEndService'],
    label: '完成服务',
    title: '完成服务',
    fields: ['finish', 'signature', 'note'],
    primary: true,
    run: (d, v, a) => {
      const body = { ...base(d), note: note(v), ext: v.ext, receiptExt: v.receiptExt, signatureId: signatureOf(v) };
      return a === 'applyEndService' ? call(A.applyEndService, body, { successToast: true }) : call(A.serviceComplete, body, { successToast: true });
    },
  },
  {
    key: 'examine',
    when: ['approve', 'reject'],
    label: '审核',
    title: '审核',
    fields: ['examineResult', 'note'],
    required: ['examineResult'],
    primary: true,
    run: (d, v) =>
      call(A.examine, { ...base(d), examineType: (d.examineType ?? 1) as 1 | 2 | 3 | 4, result: v.examineResult ?? 1, note: note(v) }, { successToast: true }),
  },
  {
    key: 'receipt',
    when: ['receipt'],
    label: '填写回执',
    title: '填写回执',
    fields: ['receiptForm', 'signature', 'note'],
    run: (d, v) => call(A.receipt, { ...base(d), receiptExt: v.receiptExt ?? {}, note: note(v), signatureId: signatureOf(v) }, { successToast: true }),
  },
  {
    key: 'collect',
    when: ['collect'],
    label: '收款',
    title: '收款',
    fields: ['paymentMethod', 'amount', 'note'],
    required: ['paymentMethod', 'amount'],
    run: (d, v) => call(A.collect, { ...base(d), paymentMethod: v.paymentMethod ?? 1, amount: v.amount ?? 0, note: note(v) }, { successToast: true }),
  },
  {
    key: 'keepDate',
    when: ['keepDate'],
    label: '预约',
    title: '预约时间',
    fields: ['time', 'note'],
    required: ['time'],
    run: (d, v) => call(A.keepDate, { ...base(d), bespokeTime: v.time ?? '', note: note(v) }, { successToast: true }),
  },
  {
    key: 'abnormal',
    when: ['applyAbnormalOrder'],
    label: '异常申请',
    title: '异常申请',
    fields: ['abnormalKind', 'reason'],
    required: ['abnormalKind', 'reason'],
    run: (d, v) => call(A.applyAbnormalOrder, { ...base(d), abnormalType: v.abnormalKind ?? 1, reason: v.reason ?? '' }, { successToast: true }),
  },
  {
    key: 'handleAbnormal',
    when: ['handleAbnormal', 'rejectAbnormal'],
    label: '处理异常',
    title: '处理异常申请',
    fields: ['pass', 'time', 'note'],
    required: ['pass'],
    primary: true,
    run: (d, v) => call(A.handleAbnormal, { ...base(d), pass: v.pass ?? true, bespokeTime: v.time || undefined, note: note(v) }, { successToast: true }),
  },
  {
    key: 'edit',
    when: ['edit'],
    label: '编辑',
    title: '编辑工单',
    fields: ['title', 'contact', 'phone', 'priority', 'detailDesc'],
    required: ['title'],
    run: (d, v) =>
      call(
        A.edit,
        {
          ...base(d),
          title: v.title,
          customLinkPerson: v.contact ?? null,
          customPhone: v.phone ?? null,
          priority: v.priority,
          detailDesc: v.detailDesc ?? null,
        },
        { successToast: true },
      ),
  },
  {
    key: 'employeeEdit',
    when: ['employeeEdit'],
    label: '补充信息',
    title: '补充服务信息',
    fields: ['detailDesc', 'attachments', 'note'],
    run: (d, v) =>
      call(A.employeeEdit, { ...base(d), detailDesc: v.detailDesc ?? null, attachments: v.attachments ?? [], note: note(v) }, { successToast: true }),
  },
  {
    key: 'archive',
    when: ['archive'],
    label: '归档',
    title: '归档',
    fields: [],
    confirm: '归档后工单不能再修改，确认归档吗？',
    run: (d) => call(A.archive, base(d), { successToast: true }),
  },
  {
    key: 'reconcile',
    when: ['reconcile'],
    label: '对账',
    title: '对账（确认已收费用）',
    fields: ['note'],
    run: (d, v) => call(orderReconcileContract.reconcile, { orderId: d.id, version: d.version, note: note(v) }, { successToast: true }),
  },
  {
    key: 'cancel',
    when: ['cancel', 'employeeCancel'],
    label: '取消工单',
    title: '取消工单',
    fields: ['reason'],
    required: ['reason'],
    danger: true,
    run: (d, v, a) => call(a === 'cancel' ? A.cancel : A.employeeCancel, { ...base(d), reason: v.reason ?? '' }, { successToast: true }),
  },
  {
    key: 'restore',
    when: ['restore'],
    label: '还原',
    title: '还原工单',
    fields: [],
    confirm: '确认将该工单从回收站还原吗？',
    run: (d) => call(A.restore, { orderIds: [d.id] }, { successToast: true }),
  },
  {
    key: 'delete',
    when: ['delete'],
    label: '删除',
    title: '删除工单',
    fields: [],
    confirm: '删除后工单将移入回收站，确认删除吗？',
    danger: true,
    leave: true,
    run: (d) => call(A.delAllOrder, { orderIds: [d.id] }, { successToast: true }),
  },
];

/** The buttons for these abilities, each with the ability it will call. */
export function buttonsFor(abilities: readonly OrderAction[]): { button: ActionButton; ability: OrderAction }[] {
  const have = new Set(abilities);
  return ACTION_BUTTONS.flatMap((button) => {
    const ability = button.when.find((a) => have.has(a));
    return ability ? [{ button, ability }] : [];
  });
}
