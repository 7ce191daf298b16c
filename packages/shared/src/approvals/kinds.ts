import { SPARE_DOC_KINDS } from '../spares/spares.constants';

/**
 * The document kinds that go through the approval engine. A new kind (fee claim, statement, reward/penalty,
 * quotation discount, return …) joins by adding one line here; its area then registers what happens when
 * an instance ends (apps/server/src/modules/approvals/registry.ts `onApprovalEnd`).
 */
export interface ApprovalKindDef {
  kind: string;
  label: string;
  /** The page that shows the document; `{id}` is the document id. */
  link: string;
  /** Whether flows of this kind may be chosen by amount. */
  amount?: boolean;
  /** Document types a flow may be restricted to (id → label), when the kind has types. */
  types?: Record<number, string>;
  /** The types are the enterprise's own: its order types (工单类型). */
  typesFrom?: 'orderType';
}

export const APPROVAL_DOC_KINDS = [
  { kind: 'order_create', typesFrom: 'orderType', label: '工单创建审批', link: '/allOrder/orderDetail/{id}' },
  { kind: 'order_complete', typesFrom: 'orderType', label: '工单完成审批', link: '/allOrder/orderDetail/{id}' },
  { kind: 'order_receipt', typesFrom: 'orderType', label: '工单回单审批', link: '/allOrder/orderDetail/{id}' },
  { kind: 'order_collection', typesFrom: 'orderType', label: '工单收款审批', link: '/allOrder/orderDetail/{id}', amount: true },
  { kind: 'project_create', label: '项目创建审批', link: '/allproject/projectdetails/{id}' },
  { kind: 'project_finish', label: '项目完成审批', link: '/allproject/projectdetails/{id}' },
  { kind: 'project_task', label: '项目任务审批', link: '/allproject/examine/{id}' },
  { kind: 'repair_complete', label: '寄修完成审批', link: '/repairOrderDetail?id={id}', amount: true },
  { kind: 'exchange_order', label: '退换货审批', link: '/exchangeOrderDetail?id={id}', amount: true, types: { 1: '换货', 2: '退货' } },
  {
    kind: 'spare_doc',
    label: '备件单据审批',
    link: '/spareExamine?id={id}',
    amount: true,
    types: Object.fromEntries(Object.entries(SPARE_DOC_KINDS).map(([k, v]) => [Number(k), v.name])) as Record<number, string>,
  },
  { kind: 'settlement', label: '结算单审批', link: '/settleAccounts/detail?id={id}', amount: true },
  { kind: 'fee_claim', label: '费用申请审批', link: '/transportation/fee/approval/detail/{id}', amount: true },
  { kind: 'reward', label: '奖惩审批', link: '/commissionOrder/list?id={id}', amount: true, types: { 1: '奖励', 2: '处罚' } },
  { kind: 'quotation_discount', label: '报价折扣审批', link: '/quotation/detail/{id}', amount: true },
  { kind: 'warranty_extension', label: '延保审批', link: '/extend/warranty?id={id}', amount: true },
] as const satisfies readonly ApprovalKindDef[];

export type ApprovalDocKind = (typeof APPROVAL_DOC_KINDS)[number]['kind'];
export const APPROVAL_DOC_KIND_IDS = APPROVAL_DOC_KINDS.map((k) => k.kind) as [ApprovalDocKind, ...ApprovalDocKind[]];
export const approvalKindOf = (kind: string): ApprovalKindDef | undefined => (APPROVAL_DOC_KINDS as readonly ApprovalKindDef[]).find((k) => k.kind === kind);
export const approvalLink = (kind: string, docId: number): string => (approvalKindOf(kind)?.link ?? '').replace('{id}', String(docId));

/** The spec's approval result: 0 waiting, 1 approved, 2 rejected; 3 withdrawn by the applicant. */
export const APPROVAL_STATES = { 0: '审批中', 1: '已通过', 2: '已驳回', 3: '已撤回' } as const;
export const APPROVAL_STEP_MODES = { one: '单人审批', all: '会签（全部同意）', any: '或签（一人同意即可）' } as const;
export const APPROVER_TYPES = { user: '指定成员', role: '指定角色', responsible: '单据负责人', deptHead: '申请人所在部门主管' } as const;
/** A task's decision: 1 approved, 2 rejected, 3 closed without a decision (another approver of an any-of step decided, or the instance ended). */
export const APPROVAL_DECISIONS = { 1: '同意', 2: '驳回', 3: '无需处理' } as const;
