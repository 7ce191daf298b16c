import { boolean, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { stateLogTable } from './logs';
import { orders } from './orders';
import { enterprises, users } from './platform';

/**
 * The dispatch assistant's drafts (docs/planning.md): a day planned for a set of orders and engineers. Nothing of a
 * draft is booked until the dispatcher accepts a proposal; accepting books it through the board's own booking.
 */
export const planDrafts = pgTable(
  'plan_drafts',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    planDate: date('plan_date', { mode: 'string' }).notNull(),
    /** DRAFT_SOURCES: 1 unassigned, 2 the pool, 3 a selection. */
    source: smallint('source').notNull(),
    userIds: ref('user_ids').array().notNull(),
    /** Orders the planner could not place: [{ orderId, reason }]. */
    unplaced: jsonb('unplaced').notNull(),
    /** Some legs were estimated (no routing service, or not asked). */
    estimate: boolean('estimate').notNull().default(true),
    travelLabel: text('travel_label').notNull(),
    createdBy: ref('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'plan_drafts_user_fk', columns: [t.enterpriseId, t.createdBy], foreignColumns: [users.enterpriseId, users.id] }),
    index('plan_drafts_created_idx').on(t.enterpriseId, t.createdAt),
  ],
);

/** One order's proposed engineer and time in a draft; PROPOSAL_STATE 1 建议, 2 已接受, 3 已移除. */
export const planProposals = pgTable(
  'plan_proposals',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    draftId: ref('draft_id').notNull(),
    orderId: ref('order_id').notNull(),
    userId: ref('user_id').notNull(),
    startAt: timestamp('start_at', { withTimezone: true, mode: 'string' }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** Moved by the dispatcher after the planner proposed it. */
    moved: smallint('moved').notNull().default(0),
    state: smallint('state').notNull().default(1),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('plan_proposals_order_uq').on(t.enterpriseId, t.draftId, t.orderId),
    foreignKey({ name: 'plan_proposals_draft_fk', columns: [t.enterpriseId, t.draftId], foreignColumns: [planDrafts.enterpriseId, planDrafts.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'plan_proposals_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }).onDelete('cascade'),
    foreignKey({ name: 'plan_proposals_user_fk', columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }).onDelete('cascade'),
  ],
);

export const planProposalLogs = stateLogTable('plan_proposal_logs', 'proposal_id', planProposals);
