import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, date, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { stateLogTable } from './logs';
import { formTemplates } from './forms';
import { orders } from './orders';
import { serviceProviders } from './org';
import { enterprises, users } from './platform';

/**
 * The provider money loop (docs/settlement.md): fee standards, the fee priced on a provider's order, statements and
 * their lines. Money is integer cents (bigint) everywhere.
 */
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const userFk = (name: string, ep: AnyPgColumn, col: AnyPgColumn) => foreignKey({ name, columns: [ep, col], foreignColumns: [users.enterpriseId, users.id] });

/** 服务费标准: service type (order type) × product category × region × distance band → amount. Null dimensions match any. */
export const feeStandards = pgTable(
  'fee_standards',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    /** The order type (form_templates of the order kind); null = every type. */
    templateId: ref('template_id'),
    /** product_models.category of the order's installed product; null = every category. */
    productCategory: text('product_category'),
    /** An area code (province, city or district) the order's address lies in; null = everywhere. */
    regionCode: text('region_code'),
    regionName: text('region_name'),
    /** Distance band in whole kilometres: from ≤ d < to (to null = no upper bound). */
    distanceFromKm: integer('distance_from_km').notNull().default(0),
    distanceToKm: integer('distance_to_km'),
    amountCents: cents('amount_cents'),
    remark: text('remark'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'fee_standards_template_fk', columns: [t.enterpriseId, t.templateId], foreignColumns: [formTemplates.enterpriseId, formTemplates.id] }),
    // The list (newest first, by type) and the pricing lookup (enabled rows of the enterprise).
    index('fee_standards_list_idx').on(t.enterpriseId, t.templateId, t.id),
    index('fee_standards_enabled_idx').on(t.enterpriseId, t.id).where(sql`enabled`),
  ],
);

/**
 * The fee of a provider's order, priced once when it completes (or its completion is approved): a copy of the standard's
 * amount and the provider's coefficient at that moment, so a later change of either never reprices it.
 */
export const providerOrderFees = pgTable(
  'provider_order_fees',
  {
    enterpriseId: enterpriseIdCol(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    providerId: ref('provider_id').notNull(),
    /** The standard that matched (null: none matched, priced at 0 for finance to look at). */
    standardId: ref('standard_id'),
    baseCents: cents('base_cents'),
    /** The provider's 结算系数 in hundredths (100 = 1.00). */
    coefficientPct: integer('coefficient_pct').notNull().default(100),
    amountCents: cents('amount_cents'),
    /** Straight-line metres from the engineer's base to the site (null when either is unknown). */
    distanceM: integer('distance_m'),
    pricedAt: ts('priced_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.orderId] }),
    foreignKey({ name: 'provider_order_fees_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'provider_order_fees_provider_fk',
      columns: [t.enterpriseId, t.providerId],
      foreignColumns: [serviceProviders.enterpriseId, serviceProviders.id],
    }),
    foreignKey({
      name: 'provider_order_fees_standard_fk',
      columns: [t.enterpriseId, t.standardId],
      foreignColumns: [feeStandards.enterpriseId, feeStandards.id],
    }),
    // A statement's orders: the provider's fees priced in a period.
    index('provider_order_fees_provider_idx').on(t.enterpriseId, t.providerId, t.pricedAt, t.orderId),
  ],
);

/** 结算单: one provider, one period; states in packages/shared/src/settle/settle.machine.ts. */
export const settlements = pgTable(
  'settlements',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    settleNo: text('settle_no').notNull(),
    providerId: ref('provider_id').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    /** 1 draft, 2 issued, 3 confirmed, 4 disputed, 5 approved, 6 paid. */
    state: smallint('state').notNull().default(1),
    version: integer('version').notNull().default(0),
    totalCents: cents('total_cents'),
    lineCount: integer('line_count').notNull().default(0),
    remark: text('remark'),
    createdBy: ref('created_by'),
    /** Who issued it: he never approves it (docs/settlement.md). */
    issuedBy: ref('issued_by'),
    issuedAt: ts('issued_at'),
    confirmedAt: ts('confirmed_at'),
    approvedAt: ts('approved_at'),
    paidAt: ts('paid_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({
      name: 'settlements_provider_fk',
      columns: [t.enterpriseId, t.providerId],
      foreignColumns: [serviceProviders.enterpriseId, serviceProviders.id],
    }),
    userFk('settlements_created_by_fk', t.enterpriseId, t.createdBy),
    userFk('settlements_issued_by_fk', t.enterpriseId, t.issuedBy),
    uniqueIndex('settlements_no_uq').on(t.enterpriseId, t.settleNo),
    index('settlements_list_idx').on(t.enterpriseId, t.createdAt, t.id),
    index('settlements_provider_idx').on(t.enterpriseId, t.providerId, t.createdAt, t.id),
    index('settlements_state_idx').on(t.enterpriseId, t.state, t.createdAt, t.id),
  ],
);

/**
 * A statement's lines: kind 1 an order's fee; 2 an approved fee claim, 3 a reward, 4 a penalty (rewards.ts; each source
 * sits on at most one statement by its own unique index, as orders do).
 */
export const settlementLines = pgTable(
  'settlement_lines',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    settlementId: bigint('settlement_id', { mode: 'number' }).notNull(),
    kind: smallint('kind').notNull(),
    orderId: ref('order_id'),
    claimId: ref('claim_id'),
    rewardId: ref('reward_id'),
    /** Signed: a penalty is negative. The amount as issued; a resolved dispute may change it (the first is kept). */
    amountCents: cents('amount_cents'),
    originalCents: cents('original_cents'),
    description: text('description').notNull().default(''),
    /** 0 none, 1 disputed by the provider, 2 resolved by finance. */
    disputeState: smallint('dispute_state').notNull().default(0),
    disputeReason: text('dispute_reason'),
    resolution: text('resolution'),
    disputedBy: ref('disputed_by'),
    resolvedBy: ref('resolved_by'),
    extra: jsonb('extra').notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    // No foreign keys: a statement's 100,000 lines were checked row by row (8.5 s). modules/settle/settle.keys.ts checks
    // the statement, order, claim, reward and user keys once per statement, cascades a statement's deletion and refuses
    // deleting a source that sits on a statement.
    index('settlement_lines_settlement_idx').on(t.enterpriseId, t.settlementId, t.id),
    // An order, a claim or a reward sits on one statement at most.
    uniqueIndex('settlement_lines_order_uq').on(t.enterpriseId, t.orderId).where(sql`order_id is not null`),
    uniqueIndex('settlement_lines_claim_uq').on(t.enterpriseId, t.claimId).where(sql`claim_id is not null`),
    uniqueIndex('settlement_lines_reward_uq').on(t.enterpriseId, t.rewardId).where(sql`reward_id is not null`),
    index('settlement_lines_disputed_idx').on(t.enterpriseId, t.settlementId).where(sql`dispute_state = 1`),
  ],
);

/** The statement's log (platform/state.ts writes it). */
export const settlementLogs = stateLogTable('settlement_logs', 'settlement_id', settlements);
