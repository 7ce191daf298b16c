import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { stateLogTable } from './logs';
import { orders } from './orders';
import { serviceProviders } from './org';
import { enterprises, users } from './platform';

/**
 * 奖惩 (docs/settlement.md, "Rewards and penalties"): a reward or a penalty for one provider, optionally on one of its
 * orders, amount in integer cents (positive; the kind says whether the statement adds or deducts it). States in
 * packages/shared/src/settle/rewards.machine.ts. A rule's proposal names its cause (type + id): one record per cause, ever.
 */
export const rewards = pgTable(
  'rewards',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    rewardNo: text('reward_no').notNull(),
    providerId: ref('provider_id').notNull(),
    orderId: ref('order_id'),
    /** 1 奖励, 2 处罚. */
    kind: smallint('kind').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    attachments: jsonb('attachments').notNull().default([]),
    /** 0 by hand; 1 an SLA clock breached (cause_id = the clock), 2 a return visit not passed (the task), 3 an old part overdue (the return). */
    causeType: smallint('cause_type').notNull().default(0),
    causeId: ref('cause_id'),
    /** 0 待确认, 1 待审批, 2 已通过, 3 已驳回, 4 已作废. */
    state: smallint('state').notNull().default(1),
    version: integer('version').notNull().default(0),
    /** Null for a rule's proposal. */
    createdBy: ref('created_by'),
    /** The applicant of its approval: he never approves it. */
    submittedBy: ref('submitted_by'),
    submittedAt: ts('submitted_at'),
    decidedBy: ref('decided_by'),
    /** When it was approved: the statement of the provider's period that holds this instant takes it. */
    approvedAt: ts('approved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'rewards_provider_fk', columns: [t.enterpriseId, t.providerId], foreignColumns: [serviceProviders.enterpriseId, serviceProviders.id] }),
    foreignKey({ name: 'rewards_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }).onDelete('set null'),
    foreignKey({ name: 'rewards_created_by_fk', columns: [t.enterpriseId, t.createdBy], foreignColumns: [users.enterpriseId, users.id] }),
    foreignKey({ name: 'rewards_submitted_by_fk', columns: [t.enterpriseId, t.submittedBy], foreignColumns: [users.enterpriseId, users.id] }),
    uniqueIndex('rewards_no_uq').on(t.enterpriseId, t.rewardNo),
    // A rule proposes once per cause.
    uniqueIndex('rewards_cause_uq').on(t.enterpriseId, t.causeType, t.causeId).where(sql`cause_type > 0`),
    // Lists: all, one provider's, by state, by kind, by cause; newest first. The order's records.
    index('rewards_list_idx').on(t.enterpriseId, t.createdAt, t.id),
    index('rewards_provider_idx').on(t.enterpriseId, t.providerId, t.createdAt, t.id),
    index('rewards_state_idx').on(t.enterpriseId, t.state, t.createdAt, t.id),
    index('rewards_kind_idx').on(t.enterpriseId, t.kind, t.createdAt, t.id),
    index('rewards_cause_idx').on(t.enterpriseId, t.causeType, t.createdAt, t.id),
    index('rewards_order_idx').on(t.enterpriseId, t.orderId).where(sql`order_id is not null`),
    // A statement's pickup and the scorecard: a provider's approved records by the instant of approval.
    index('rewards_approved_idx').on(t.enterpriseId, t.providerId, t.approvedAt).where(sql`approved_at is not null`),
  ],
);

/** The record's log (platform/state.ts writes it). */
export const rewardLogs = stateLogTable('reward_logs', 'reward_id', rewards);
