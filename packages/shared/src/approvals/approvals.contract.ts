import { z } from 'zod';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { pageQuery } from '../common/pagination';
import { L } from '../common/zod';
import { optionalText, requiredId, requiredText, text } from '../customers/fields';
import { APPROVAL_DOC_KIND_IDS } from './kinds';

/** The menu powers: flow settings; my approvals (staff) and the provider menu's entry to the same page. */
export const APPROVAL_POWERS = {
  settings: 'menu_ApprovalProcessSettings',
  process: 'menu_ApprovalProcess',
  providerProcess: 'menu_ApprovalProcessList',
} as const;

const kind = L(z.enum(APPROVAL_DOC_KIND_IDS, { error: '请选择单据类型' }), '单据类型');
const optionalKind = L(
  z.preprocess((v) => (v === '' ? undefined : v), z.enum(APPROVAL_DOC_KIND_IDS, { error: '单据类型不正确' }).optional()),
  '单据类型',
);
const amount = (label: string) =>
  L(
    z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.coerce
        .number({ error: `${label}不正确` })
        .min(0, `${label}不能小于0`)
        .max(999_999_999_999, `${label}过大`)
        .nullable(),
    ),
    label,
  );
const userIds = L(z.array(requiredId('审批人')).max(50, '审批人最多50个'), '审批人');

/** Approvers by role on their own: the web's 指定角色 takes its rules from it. */
export const roleApprover = z.object({ type: z.literal('role'), ids: L(z.array(coerceInt('smallint').min(1).max(20)).min(1, '请选择角色').max(20), '角色') });
export const approverSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('user'), ids: userIds.refine((a) => a.length > 0, '请选择审批人') }),
    roleApprover,
    z.object({ type: z.literal('responsible') }),
    z.object({ type: z.literal('deptHead') }),
  ],
  { error: '审批人类型不正确' },
);
export const approvalStepSchema = z.object({
  name: requiredText('步骤名称', 30),
  mode: L(z.enum(['one', 'all', 'any'], { error: '请选择审批方式' }), '审批方式'),
  approvers: L(z.array(approverSchema).min(1, '每个步骤至少需要一个审批人').max(20, '审批人最多20项'), '审批人'),
});
export type ApprovalStep = z.infer<typeof approvalStepSchema>;
export type Approver = z.infer<typeof approverSchema>;

export const approvalFlowBody = z
  .object({
    id: L(coerceInt('bigint').positive('流程不正确').optional(), '流程'),
    kind,
    name: requiredText('流程名称', 50),
    sort: L(coerceInt('integer').min(0, '排序不能小于0').max(9999, '排序不能大于9999').default(0), '排序'),
    minAmount: amount('最小金额'),
    maxAmount: amount('最大金额'),
    docTypes: L(z.array(coerceInt('integer').positive()).max(50).default([]), '单据类型'),
    enabled: z.boolean().default(true),
    steps: L(z.array(approvalStepSchema).min(1, '至少需要一个审批步骤').max(10, '审批步骤最多10步'), '审批步骤'),
  })
  .refine((b) => b.minAmount == null || b.maxAmount == null || b.minAmount < b.maxAmount, { message: '最小金额必须小于最大金额', path: ['maxAmount'] });

export const approvalFlowRow = z.object({
  id: z.number(),
  kind: z.string(),
  kindName: z.string(),
  name: z.string(),
  sort: z.number(),
  minAmount: z.number().nullable(),
  maxAmount: z.number().nullable(),
  docTypes: z.array(z.number()),
  enabled: z.boolean(),
  version: z.number(),
  steps: z.array(approvalStepSchema),
  /** Names of the members the steps name (user id → name), so the page shows people, not ids. */
  people: z.record(z.string(), z.string()),
  /** Names of the document types the flow is restricted to (type id → name). */
  typeNames: z.record(z.string(), z.string()),
  update_time: z.string(),
});
export type ApprovalFlowRow = z.infer<typeof approvalFlowRow>;

export const APPROVAL_BOXES = { todo: '待我审批', done: '我已审批', mine: '我发起的' } as const;
const box = L(z.enum(['todo', 'done', 'mine'], { error: '列表类型不正确' }).default('todo'), '列表类型');

export const approvalInstanceRow = z.object({
  id: z.number(),
  kind: z.string(),
  kindName: z.string(),
  docId: z.number(),
  docNo: z.string(),
  title: z.string(),
  amount: z.number().nullable(),
  state: z.number(),
  stateName: z.string(),
  step: z.number(),
  stepName: z.string(),
  applicantId: z.number(),
  applicantName: z.string(),
  link: z.string(),
  create_time: z.string(),
  finish_time: z.string().nullable(),
});
export type ApprovalInstanceRow = z.infer<typeof approvalInstanceRow>;

export const approvalTaskRow = z.object({
  id: z.number(),
  step: z.number(),
  userId: z.number(),
  userName: z.string(),
  decision: z.number().nullable(),
  actedBy: z.number().nullable(),
  actedByName: z.string().nullable(),
  comment: z.string().nullable(),
  decide_time: z.string().nullable(),
});
export const approvalLogRow = z.object({
  id: z.number(),
  action: z.string(),
  fromState: z.number().nullable(),
  toState: z.number(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  step: z.number().nullable(),
  onBehalfOf: z.number().nullable(),
  onBehalfOfName: z.string().nullable(),
  comment: z.string().nullable(),
  create_time: z.string(),
});
export const approvalInstanceDetail = approvalInstanceRow.extend({
  flowVersion: z.number(),
  steps: z.array(approvalStepSchema),
  tasks: z.array(approvalTaskRow),
  log: z.array(approvalLogRow),
  abilities: z.array(z.enum(['approve', 'reject', 'withdraw', 'transfer'])),
});

const instanceId = requiredId('审批');
const delegationRow = z.object({
  id: z.number(),
  userId: z.number(),
  userName: z.string(),
  delegateId: z.number(),
  delegateName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});
const dateTime = (label: string) =>
  L(
    z
      .string({ error: `请选择${label}` })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, `${label}格式应为YYYY-MM-DD HH:mm:ss`),
    label,
  );

export const approvalsContract = {
  flowList: endpoint({
    method: 'GET',
    path: '/approvalProcessSettings/list',
    power: APPROVAL_POWERS.settings,
    query: z.object({ kind: optionalKind }),
    response: z.object({ list: z.array(approvalFlowRow), count: z.number() }),
  }),
  flowSave: endpoint({
    method: 'POST',
    path: '/approvalProcessSettings/save',
    power: APPROVAL_POWERS.settings,
    body: approvalFlowBody,
    response: z.object({ id: z.number(), version: z.number() }),
  }),
  flowRemove: endpoint({
    method: 'DELETE',
    path: '/approvalProcessSettings',
    power: APPROVAL_POWERS.settings,
    body: z.object({ id: requiredId('流程') }),
    response: z.null(),
  }),
  /** The document types a flow of the kind may be restricted to: the kind's own, or the enterprise's order types. */
  typeOptions: endpoint({
    method: 'GET',
    path: '/approvalProcessSettings/types',
    power: APPROVAL_POWERS.settings,
    query: z.object({ kind }),
    response: z.array(z.object({ value: z.number(), label: z.string() })),
  }),
  deptHeadSave: endpoint({
    method: 'POST',
    path: '/approvalProcessSettings/deptHead',
    power: APPROVAL_POWERS.settings,
    body: z.object({ deptId: requiredId('部门'), userId: L(coerceInt('bigint').positive().nullable().default(null), '部门主管') }),
    response: z.null(),
  }),
  /** My approvals; the power is either of APPROVAL_POWERS.process / providerProcess (checked by the handler). */
  list: endpoint({
    method: 'GET',
    path: '/approvalProcess/list',
    query: pageQuery.extend({
      box,
      kind: optionalKind,
      state: L(
        z.preprocess((v) => (v === '' ? undefined : v), coerceInt('smallint').min(0).max(3).optional()),
        '审批状态',
      ),
      keyword: text('关键字', 50).optional(),
    }),
    response: z.object({ list: z.array(approvalInstanceRow), count: z.number() }),
  }),
  counts: endpoint({
    method: 'GET',
    path: '/approvalProcess/count',
    response: z.object({ todo: z.number(), done: z.number(), mine: z.number() }),
  }),
  detail: endpoint({ method: 'GET', path: '/approvalProcess/detail', query: z.object({ id: instanceId }), response: approvalInstanceDetail }),
  /**
   * The approval flow of one document (its latest instance: steps, tasks, log), null when it never went through one —
   * for the document's own page. Open to whoever takes part in it, like the detail, without the inbox's power.
   */
  documentFlow: endpoint({
    method: 'GET',
    path: '/approvalProcess/document',
    power: '',
    query: z.object({ kind, docId: requiredId('单据') }),
    response: approvalInstanceDetail.nullable(),
  }),
  approve: endpoint({
    method: 'POST',
    path: '/approvalProcess/approve',
    body: z.object({ id: instanceId, comment: optionalText('审批意见', 500) }),
    response: z.object({ state: z.number(), step: z.number() }),
  }),
  reject: endpoint({
    method: 'POST',
    path: '/approvalProcess/reject',
    body: z.object({ id: instanceId, comment: requiredText('驳回理由', 500) }),
    response: z.object({ state: z.number(), step: z.number() }),
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/approvalProcess/withdraw',
    body: z.object({ id: instanceId, comment: optionalText('撤回说明', 500) }),
    response: z.object({ state: z.number(), step: z.number() }),
  }),
  transfer: endpoint({
    method: 'POST',
    path: '/approvalProcess/transfer',
    body: z.object({ id: instanceId, userId: requiredId('转交人'), comment: optionalText('转交说明', 500) }),
    response: z.object({ state: z.number(), step: z.number() }),
  }),
  delegations: endpoint({ method: 'GET', path: '/approvalProcess/delegation/list', response: z.object({ list: z.array(delegationRow) }) }),
  delegationSave: endpoint({
    method: 'POST',
    path: '/approvalProcess/delegation',
    body: z.object({ delegateId: requiredId('代理人'), startsAt: dateTime('开始时间'), endsAt: dateTime('结束时间') }),
    response: z.object({ id: z.number() }),
  }),
  delegationRemove: endpoint({
    method: 'DELETE',
    path: '/approvalProcess/delegation',
    body: z.object({ id: requiredId('代理') }),
    response: z.null(),
  }),
} as const;
