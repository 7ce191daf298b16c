import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { departments, enterprises, users } from './platform';

/** One step of a flow as stored (packages/shared/src/approvals: ApprovalStep). */
export type StoredStep = {
  name: string;
  mode: 'one' | 'all' | 'any';
  approvers: { type: 'user' | 'role' | 'responsible' | 'deptHead'; ids?: number[] }[];
};

/**
 * Approval flows (审批流程) per document kind. `version` counts the edits of its steps; every version's
 * steps are kept in approval_flow_versions, and an instance pins the version it started with.
 */
export const approvalFlows = pgTable(
  'approval_flows',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** Lower first: the first enabled flow of the kind whose conditions match applies. */
    sort: integer('sort').notNull().default(0),
    minAmount: numeric('min_amount', { precision: 14, scale: 2 }),
    maxAmount: numeric('max_amount', { precision: 14, scale: 2 }),
    /** The document types it applies to; empty = all. */
    docTypes: integer('doc_types').array().notNull().default(sql`'{}'`),
    enabled: boolean('enabled').notNull().default(true),
    version: integer('version').notNull().default(1),
    steps: jsonb('steps').$type<StoredStep[]>().notNull(),
    deletedAt: ts('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.id] }), index('approval_flows_kind_idx').on(t.enterpriseId, t.kind, t.sort, t.id)],
);

export const approvalFlowVersions = pgTable(
  'approval_flow_versions',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    flowId: ref('flow_id').notNull(),
    version: integer('version').notNull(),
    steps: jsonb('steps').$type<StoredStep[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('approval_flow_versions_uq').on(t.enterpriseId, t.flowId, t.version),
    foreignKey({ name: 'approval_flow_versions_flow_fk', columns: [t.enterpriseId, t.flowId], foreignColumns: [approvalFlows.enterpriseId, approvalFlows.id] }),
  ],
);

/** Heads of departments (部门主管), the approver "head of the applicant's department". */
export const departmentHeads = pgTable(
  'department_heads',
  {
    enterpriseId: enterpriseIdCol(),
    deptId: ref('dept_id').notNull(),
    userId: ref('user_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.deptId] }),
    foreignKey({ name: 'department_heads_dept_fk', columns: [t.enterpriseId, t.deptId], foreignColumns: [departments.enterpriseId, departments.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'department_heads_user_fk', columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }),
  ],
);

/**
 * One document in approval. state 0 waiting → 1 approved / 2 rejected / 3 withdrawn. `rev` is bumped by
 * every change (changeState's version column): of parallel decisions exactly one counts.
 */
export const approvalInstances = pgTable(
  'approval_instances',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    kind: text('kind').notNull(),
    docId: ref('doc_id').notNull(),
    docNo: text('doc_no').notNull().default(''),
    title: text('title').notNull().default(''),
    amount: numeric('amount', { precision: 14, scale: 2 }),
    docType: integer('doc_type'),
    applicantId: ref('applicant_id').notNull(),
    responsibleId: ref('responsible_id'),
    /** The service provider whose document it is (its users see it in their 审批处理). */
    providerId: ref('provider_id'),
    flowId: ref('flow_id').notNull(),
    flowVersion: integer('flow_version').notNull(),
    /** The pinned version's steps (a copy of approval_flow_versions.steps). */
    steps: jsonb('steps').$type<StoredStep[]>().notNull(),
    step: integer('step').notNull().default(0),
    state: smallint('state').notNull().default(0),
    rev: integer('rev').notNull().default(0),
    /** What the last change did (step, decision, on whose behalf); copied into the log's `changed`. */
    lastAct: jsonb('last_act').$type<Record<string, unknown>>(),
    link: text('link').notNull().default(''),
    finishedAt: ts('finished_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('approval_instances_waiting_uq').on(t.enterpriseId, t.kind, t.docId).where(sql`state = 0`),
    index('approval_instances_doc_idx').on(t.enterpriseId, t.kind, t.docId, t.id),
    index('approval_instances_applicant_idx').on(t.enterpriseId, t.applicantId, t.state, t.id),
    index('approval_instances_provider_idx').on(t.enterpriseId, t.providerId, t.state, t.id),
    check('approval_instances_state_ck', sql`state in (0, 1, 2, 3)`),
  ],
);

/**
 * The approvers of each activated step: one row per person who must act. decision null = waiting,
 * 1 approved, 2 rejected, 3 closed (another approver of an any-of step decided, or the instance ended).
 */
export const approvalTasks = pgTable(
  'approval_tasks',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    instanceId: ref('instance_id').notNull(),
    step: integer('step').notNull(),
    userId: ref('user_id').notNull(),
    decision: smallint('decision'),
    /** Who decided when not the approver (a delegate). */
    actedBy: ref('acted_by'),
    comment: text('comment'),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('approval_tasks_uq').on(t.enterpriseId, t.instanceId, t.step, t.userId),
    index('approval_tasks_user_idx').on(t.enterpriseId, t.userId, t.decision, t.instanceId),
    index('approval_tasks_actor_idx').on(t.enterpriseId, t.actedBy, t.instanceId),
    foreignKey({
      name: 'approval_tasks_instance_fk',
      columns: [t.enterpriseId, t.instanceId],
      foreignColumns: [approvalInstances.enterpriseId, approvalInstances.id],
    }),
  ],
);

/** Append-only log of instances (platform/state.ts writes it). */
export const approvalLogs = pgTable(
  'approval_logs',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    instanceId: ref('instance_id').notNull(),
    fromState: smallint('from_state'),
    toState: smallint('to_state').notNull(),
    action: text('action').notNull(),
    note: text('note'),
    changed: jsonb('changed'),
    userId: ref('user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.id] }), index('approval_logs_instance_idx').on(t.enterpriseId, t.instanceId, t.id)],
);

/** Delegation for an absence window: between starts_at and ends_at the delegate may decide the user's steps. */
export const approvalDelegations = pgTable(
  'approval_delegations',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    userId: ref('user_id').notNull(),
    delegateId: ref('delegate_id').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    index('approval_delegations_delegate_idx').on(t.enterpriseId, t.delegateId, t.endsAt),
    index('approval_delegations_user_idx').on(t.enterpriseId, t.userId, t.endsAt),
    foreignKey({ name: 'approval_delegations_user_fk', columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }),
    foreignKey({ name: 'approval_delegations_delegate_fk', columns: [t.enterpriseId, t.delegateId], foreignColumns: [users.enterpriseId, users.id] }),
    check('approval_delegations_window_ck', sql`ends_at > starts_at`),
  ],
);
