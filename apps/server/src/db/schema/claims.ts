import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { stateLogTable } from './logs';
import { orders } from './orders';
import { serviceProviders } from './org';
import { enterprises, users } from './platform';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * 费用申请: a provider's claim of transport or extra fees on one of his completed orders (docs/settlement.md). The claimed
 * distance is compared with the straight line computed by the server; above the tolerance it needs approval and then a
 * cost check (费用审核) decides the amount paid. Money in integer cents.
 */
export const feeClaims = pgTable(
  'fee_claims',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    claimNo: text('claim_no').notNull(),
    orderId: ref('order_id').notNull(),
    providerId: ref('provider_id').notNull(),
    applicantId: ref('applicant_id').notNull(),
    /** 1 交通费, 2 其他费用. */
    kind: smallint('kind').notNull(),
    amountCents: cents('amount_cents'),
    /** Claimed and straight-line distances in metres (null: not claimed / not computable). */
    claimedM: integer('claimed_m'),
    computedM: integer('computed_m'),
    /** The fee the computed distance supports (the claim scaled to the straight line, never above it). */
    computedCents: cents('computed_cents'),
    /** The tolerance in force when it was claimed, and whether the claim went past it. */
    tolerancePct: integer('tolerance_pct').notNull(),
    overTolerance: boolean('over_tolerance').notNull().default(false),
    note: text('note'),
    attachments: jsonb('attachments').notNull().default([]),
    /** 1 审批中, 2 已通过, 3 已驳回. */
    state: smallint('state').notNull().default(1),
    version: integer('version').notNull().default(0),
    decidedBy: ref('decided_by'),
    decidedAt: ts('decided_at'),
    /** Cost check: 0 not needed, 1 waiting (费用审核), 2 decided. */
    checkState: smallint('check_state').notNull().default(0),
    /** 1 accept the claimed amount, 2 accept the computed one, 3 another amount. */
    checkChoice: smallint('check_choice'),
    checkReason: text('check_reason'),
    checkNote: text('check_note'),
    checkedBy: ref('checked_by'),
    checkedAt: ts('checked_at'),
    /** What is paid, and since when it may sit on a statement (approved and, where needed, checked). */
    finalCents: cents('final_cents'),
    payableAt: ts('payable_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'fee_claims_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }).onDelete('cascade'),
    foreignKey({
      name: 'fee_claims_provider_fk',
      columns: [t.enterpriseId, t.providerId],
      foreignColumns: [serviceProviders.enterpriseId, serviceProviders.id],
    }),
    foreignKey({ name: 'fee_claims_applicant_fk', columns: [t.enterpriseId, t.applicantId], foreignColumns: [users.enterpriseId, users.id] }),
    uniqueIndex('fee_claims_no_uq').on(t.enterpriseId, t.claimNo),
    // Lists: all, one provider's, by state, the cost check's queue; a statement's pickup (payable in a period).
    index('fee_claims_list_idx').on(t.enterpriseId, t.createdAt, t.id),
    index('fee_claims_provider_idx').on(t.enterpriseId, t.providerId, t.createdAt, t.id),
    index('fee_claims_state_idx').on(t.enterpriseId, t.state, t.createdAt, t.id),
    index('fee_claims_order_idx').on(t.enterpriseId, t.orderId),
    index('fee_claims_check_idx').on(t.enterpriseId, t.checkState, t.createdAt, t.id).where(sql`check_state > 0`),
    index('fee_claims_payable_idx').on(t.enterpriseId, t.providerId, t.payableAt).where(sql`payable_at is not null`),
  ],
);

/** The claim's log (platform/state.ts writes it). */
export const feeClaimLogs = stateLogTable('fee_claim_logs', 'claim_id', feeClaims);
