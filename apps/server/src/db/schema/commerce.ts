import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { stateLogTable } from './logs';
import { customers, installedProducts } from './customers';
import { orders } from './orders';
import { enterprises, users } from './platform';

const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * 延保 (docs/commerce.md): a priced extension of an installed product's coverage, from the day after its current coverage
 * ends. 1 待审批 → 2 生效 → 3 已过期; 4 已作废 (rejected or cancelled). Money in integer cents.
 */
export const warrantyExtensions = pgTable(
  'warranty_extensions',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    extNo: text('ext_no').notNull(),
    installedProductId: ref('installed_product_id').notNull(),
    customerId: ref('customer_id'),
    /** The period bought: a number of days (1), months (2) or years (3). */
    period: integer('period').notNull(),
    unit: smallint('unit').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    priceCents: cents('price_cents'),
    state: smallint('state').notNull().default(1),
    version: integer('version').notNull().default(0),
    remark: text('remark').notNull().default(''),
    createdBy: ref('created_by').notNull(),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('warranty_extensions_no_uq').on(t.enterpriseId, t.extNo),
    foreignKey({
      name: 'warranty_extensions_product_fk',
      columns: [t.enterpriseId, t.installedProductId],
      foreignColumns: [installedProducts.enterpriseId, installedProducts.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'warranty_extensions_customer_fk', columns: [t.enterpriseId, t.customerId], foreignColumns: [customers.enterpriseId, customers.id] }),
    foreignKey({ name: 'warranty_extensions_creator_fk', columns: [t.enterpriseId, t.createdBy], foreignColumns: [users.enterpriseId, users.id] }),
    // Lists: all, by state; a product's extensions (coverage); one waiting per product; the expiry job's scan.
    index('warranty_extensions_list_idx').on(t.enterpriseId, t.createdAt, t.id),
    index('warranty_extensions_state_idx').on(t.enterpriseId, t.state, t.createdAt, t.id),
    index('warranty_extensions_product_idx').on(t.enterpriseId, t.installedProductId, t.state),
    index('warranty_extensions_customer_idx').on(t.enterpriseId, t.customerId),
    uniqueIndex('warranty_extensions_waiting_uq').on(t.enterpriseId, t.installedProductId).where(sql`state = 1`),
    index('warranty_extensions_due_idx').on(t.endDate).where(sql`state = 2`),
  ],
);

/** The extension's log (platform/state.ts writes it). */
export const warrantyExtensionLogs = stateLogTable('warranty_extension_logs', 'extension_id', warrantyExtensions);

/**
 * 报价单 (docs/commerce.md): a priced offer to a customer for a product and/or an order. 1 草稿 → 2 已发送 → 3 已接受 /
 * 4 已拒绝 / 5 已过期; 3 → 6 已转工单. Totals in integer cents; the lines carry the coverage each was priced with.
 */
export const quotations = pgTable(
  'quotations',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    quoteNo: text('quote_no').notNull(),
    title: text('title').notNull(),
    customerId: ref('customer_id').notNull(),
    installedProductId: ref('installed_product_id'),
    orderId: ref('order_id'),
    /** The warehouse its parts are reserved in when it is accepted. */
    warehouseId: ref('warehouse_id'),
    /** Where its spare lines are held now: set on acceptance, cleared when its order is cancelled, voided or completed. */
    heldWarehouseId: ref('held_warehouse_id'),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    grossCents: cents('gross_cents'),
    discountCents: cents('discount_cents'),
    totalCents: cents('total_cents'),
    state: smallint('state').notNull().default(1),
    /** The discount's approval: 0 none needed, 1 waiting, 2 approved, 3 rejected. */
    discountState: smallint('discount_state').notNull().default(0),
    /** Bumped by every change (edit or state): the readable version it produced is kept in quotation_versions. */
    version: integer('version').notNull().default(1),
    remark: text('remark').notNull().default(''),
    salesId: ref('sales_id').notNull(),
    acceptedName: text('accepted_name'),
    acceptedUserId: ref('accepted_user_id'),
    signatureFileId: text('signature_file_id'),
    acceptedAt: ts('accepted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('quotations_no_uq').on(t.enterpriseId, t.quoteNo),
    foreignKey({ name: 'quotations_customer_fk', columns: [t.enterpriseId, t.customerId], foreignColumns: [customers.enterpriseId, customers.id] }),
    foreignKey({
      name: 'quotations_product_fk',
      columns: [t.enterpriseId, t.installedProductId],
      foreignColumns: [installedProducts.enterpriseId, installedProducts.id],
    }),
    foreignKey({ name: 'quotations_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }),
    foreignKey({ name: 'quotations_sales_fk', columns: [t.enterpriseId, t.salesId], foreignColumns: [users.enterpriseId, users.id] }),
    // Lists: all, by state, a salesperson's own, a customer's, an order's; the expiry job's scan.
    index('quotations_list_idx').on(t.enterpriseId, t.createdAt, t.id),
    index('quotations_state_idx').on(t.enterpriseId, t.state, t.createdAt, t.id),
    index('quotations_sales_idx').on(t.enterpriseId, t.salesId, t.createdAt, t.id),
    index('quotations_customer_idx').on(t.enterpriseId, t.customerId),
    index('quotations_order_idx').on(t.enterpriseId, t.orderId).where(sql`order_id is not null`),
    index('quotations_due_idx').on(t.validUntil).where(sql`state = 2`),
  ],
);

/** A quotation's lines: 1 服务项目 (service_items), 2 备件 (spares), 3 其他费用 (free text). */
export const quotationLines = pgTable(
  'quotation_lines',
  {
    enterpriseId: enterpriseIdCol(),
    quotationId: ref('quotation_id').notNull(),
    line: smallint('line').notNull(),
    kind: smallint('kind').notNull(),
    itemId: ref('item_id'),
    name: text('name').notNull(),
    unit: text('unit').notNull().default(''),
    quantity: integer('quantity').notNull(),
    /** The list price per unit, and what the line charges (0 when covered). */
    unitCents: cents('unit_cents'),
    amountCents: cents('amount_cents'),
    /** Why the line is free: the warranty or the extension that covers it (null: charged). */
    coverReason: text('cover_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.quotationId, t.line] }),
    foreignKey({
      name: 'quotation_lines_quote_fk',
      columns: [t.enterpriseId, t.quotationId],
      foreignColumns: [quotations.enterpriseId, quotations.id],
    }).onDelete('cascade'),
  ],
);

/** Every version a quotation went through, readable as it was (header and lines). */
export const quotationVersions = pgTable(
  'quotation_versions',
  {
    enterpriseId: enterpriseIdCol(),
    quotationId: ref('quotation_id').notNull(),
    version: integer('version').notNull(),
    state: smallint('state').notNull(),
    action: text('action').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    userId: ref('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.quotationId, t.version] }),
    foreignKey({
      name: 'quotation_versions_quote_fk',
      columns: [t.enterpriseId, t.quotationId],
      foreignColumns: [quotations.enterpriseId, quotations.id],
    }).onDelete('cascade'),
  ],
);

/** The quotation's state log (platform/state.ts writes it). */
export const quotationLogs = stateLogTable('quotation_logs', 'quotation_id', quotations);
