import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, numeric, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { enterprises, users } from './platform';
import { orders } from './orders';

/**
 * Return-visit plans (/returnVisitPlan): which records (order types), how long after completion, what share
 * (sampling), how often per customer, which questions (dimensions 0–3 and a return-visit form), and who visits
 * (named return-visit staff in rotation, or a pool).
 */
export const returnVisitPlans = pgTable(
  'return_visit_plans',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    name: text('name').notNull(),
    visitType: smallint('visit_type').notNull().default(1),
    templateIds: bigint('template_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    delayMinutes: integer('delay_minutes').notNull().default(0),
    samplePercent: smallint('sample_percent').notNull().default(100),
    minIntervalDays: integer('min_interval_days').notNull().default(0),
    dimensions: smallint('dimensions').array().notNull().default(sql`'{0,1,2,3}'::smallint[]`),
    formTemplateId: ref('form_template_id'),
    visitorMode: smallint('visitor_mode').notNull().default(1),
    visitorIds: bigint('visitor_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    /** The rotation's next position in visitor_ids. */
    rotation: integer('rotation').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.id] }), index('return_visit_plans_live_idx').on(t.enterpriseId, t.id).where(sql`deleted_at is null`)],
);

/**
 * Return-visit tasks: one per record ever (return_visit_tasks_record_uq). State by visitMachine: 1 to visit,
 * 2 not passed, 3 passed, 4 next visit, 5 passed unrated. The order's number, title and customer are copied in
 * (with their grams) so the list's filters read this table alone.
 */
export const returnVisitTasks = pgTable(
  'return_visit_tasks',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    planId: ref('plan_id').notNull(),
    visitType: smallint('visit_type').notNull().default(1),
    /** The visited record: the order (type 1) or the event (type 6). */
    recordId: ref('record_id').notNull(),
    /** The order of an order visit; null for an event visit (record_id is the event). */
    orderId: ref('order_id'),
    /** The record's customer (an event may have none). */
    customerId: ref('customer_id'),
    templateId: ref('template_id'),
    serviceGroupId: ref('service_group_id'),
    engineerId: ref('engineer_id'),
    visitorId: ref('visitor_id'),
    state: smallint('state').notNull().default(1),
    version: integer('version').notNull().default(0),
    /** The record's number and title (an event's event_no and title for type 6). */
    orderNo: text('order_no').notNull(),
    orderTitle: text('order_title').notNull(),
    customerName: text('customer_name').notNull(),
    searchGrams: text('search_grams').array().notNull().default(sql`'{}'::text[]`),
    /** When the record was completed (the delay counts from it). */
    completedAt: ts('completed_at').notNull(),
    channel: smallint('channel'),
    scores: jsonb('scores').notNull().default({}),
    comment: text('comment'),
    /** The return-visit form's answers (the plan's form of kind 8), checked against form_version_id. */
    ext: jsonb('ext').notNull().default({}),
    formVersionId: ref('form_version_id'),
    /** Not passed: the 不通过原因; next visit: the 下次回访原因. */
    reason: text('reason'),
    nextVisitAt: ts('next_visit_at'),
    /** When the visit was recorded (returnVisitTime). */
    visitedAt: ts('visited_at'),
    callSeconds: integer('call_seconds').notNull().default(0),
    followUpOrderId: ref('follow_up_order_id'),
    smsSentAt: ts('sms_sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('return_visit_tasks_record_uq').on(t.enterpriseId, t.visitType, t.recordId),
    foreignKey({
      name: 'return_visit_tasks_plan_fk',
      columns: [t.enterpriseId, t.planId],
      foreignColumns: [returnVisitPlans.enterpriseId, returnVisitPlans.id],
    }),
    foreignKey({ name: 'return_visit_tasks_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }),
    foreignKey({ name: 'return_visit_tasks_visitor_fk', columns: [t.enterpriseId, t.visitorId], foreignColumns: [users.enterpriseId, users.id] }),
    // The lists: all tasks by state tab, mine by state, the pool; newest first.
    index('return_visit_tasks_state_idx').on(t.enterpriseId, t.state, t.createdAt, t.id),
    index('return_visit_tasks_created_idx').on(t.enterpriseId, t.createdAt, t.id),
    index('return_visit_tasks_visitor_idx').on(t.enterpriseId, t.visitorId, t.state, t.createdAt, t.id),
    index('return_visit_tasks_pool_idx').on(t.enterpriseId, t.createdAt, t.id).where(sql`visitor_id is null and state = 1`),
    // Filters: order number (prefix), title and customer (grams), visit time, plan, engineer, team, type, reason.
    index('return_visit_tasks_order_no_idx').on(t.enterpriseId, t.orderNo.op('text_pattern_ops')),
    index('return_visit_tasks_grams_idx').using('gin', t.searchGrams),
    index('return_visit_tasks_visited_idx').on(t.enterpriseId, t.visitedAt, t.id),
    index('return_visit_tasks_plan_idx').on(t.enterpriseId, t.planId, t.createdAt),
    index('return_visit_tasks_engineer_idx').on(t.enterpriseId, t.engineerId, t.createdAt),
    index('return_visit_tasks_group_idx').on(t.enterpriseId, t.serviceGroupId, t.createdAt),
    index('return_visit_tasks_template_idx').on(t.enterpriseId, t.templateId, t.createdAt),
    index('return_visit_tasks_reason_idx').on(t.enterpriseId, t.reason, t.createdAt).where(sql`state = 2`),
    // The customer interval rule and the customer's earlier visits.
    index('return_visit_tasks_customer_idx').on(t.enterpriseId, t.customerId, t.createdAt),
    index('return_visit_tasks_order_idx').on(t.enterpriseId, t.orderId),
    // The next-visit sweep.
    index('return_visit_tasks_next_idx').on(t.nextVisitAt).where(sql`state = 4`),
  ],
);

/** The task's state log (platform/state.ts writes it). */
export const returnVisitLogs = pgTable(
  'return_visit_logs',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    taskId: ref('task_id').notNull(),
    fromState: smallint('from_state'),
    toState: smallint('to_state').notNull(),
    action: text('action').notNull(),
    note: text('note'),
    changed: jsonb('changed'),
    userId: ref('user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.id] }), index('return_visit_logs_task_idx').on(t.enterpriseId, t.taskId, t.id)],
);

/** SMS survey links: the token is stored hashed (sha-256), answers once, lives 7 days. */
export const returnVisitTokens = pgTable(
  'return_visit_tokens',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    taskId: ref('task_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('return_visit_tokens_hash_uq').on(t.tokenHash),
    index('return_visit_tokens_task_idx').on(t.enterpriseId, t.taskId),
  ],
);

/**
 * Completions waiting for their plan's delay: written by the order's completion (type 1) or the event's close (type 6)
 * in its own transaction (so none is missed), taken by the visit sweep once `finished_at + delay` has passed, which
 * re-checks the record then.
 */
export const returnVisitCandidates = pgTable(
  'return_visit_candidates',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    visitType: smallint('visit_type').notNull().default(1),
    /** The order (type 1) or the event (type 6). */
    recordId: ref('record_id').notNull(),
    planId: ref('plan_id').notNull(),
    /** The order's completion or the event's close. */
    finishedAt: ts('finished_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.visitType, t.recordId] }), index('return_visit_candidates_due_idx').on(t.finishedAt)],
);

/**
 * The return-visit report's per-day summary: per enterprise, day of creation (the enterprise's time zone), plan, type,
 * engineer, team, order type, state and not-passed reason (0 / '' for none; the reason only in state 2), the tasks and
 * the sum and count of each dimension's scores. Kept by the triggers of modules/visits/summary.ts in the transaction of
 * every write to return_visit_tasks (docs/visits.md, Report); /returnVisitReport and the all-task tabs read it.
 */
const scoreCols = () => ({
  s0: numeric('s0').notNull().default('0'),
  c0: integer('c0').notNull().default(0),
  s1: numeric('s1').notNull().default('0'),
  c1: integer('c1').notNull().default(0),
  s2: numeric('s2').notNull().default('0'),
  c2: integer('c2').notNull().default(0),
  s3: numeric('s3').notNull().default('0'),
  c3: integer('c3').notNull().default(0),
});
export const returnVisitDayStats = pgTable(
  'return_visit_day_stats',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    planId: bigint('plan_id', { mode: 'number' }).notNull(),
    visitType: smallint('visit_type').notNull(),
    engineerId: bigint('engineer_id', { mode: 'number' }).notNull().default(0),
    serviceGroupId: bigint('service_group_id', { mode: 'number' }).notNull().default(0),
    templateId: bigint('template_id', { mode: 'number' }).notNull().default(0),
    state: smallint('state').notNull(),
    reason: text('reason').notNull().default(''),
    n: integer('n').notNull().default(0),
    ...scoreCols(),
  },
  (t) => [
    // The report reads an enterprise's range of days (the key's prefix).
    primaryKey({
      name: 'return_visit_day_stats_pk',
      columns: [t.enterpriseId, t.day, t.planId, t.visitType, t.engineerId, t.serviceGroupId, t.templateId, t.state, t.reason],
    }),
  ],
);
