import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { stateLogTable } from './logs';
import { customers, installedProducts, productModels } from './customers';
import { orders } from './orders';
import { enterprises, users } from './platform';

/**
 * Fault modes (/fault/mode): one tree per product category (product_models.category; '' the general tree), three
 * levels: 1 symptom (故障现象), 2 cause (故障原因), 3 remedy (处理措施). Codes are unique within a category.
 */
export const faultModes = pgTable(
  'fault_modes',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    category: text('category').notNull().default(''),
    parentId: ref('parent_id'),
    level: smallint('level').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'fault_modes_parent_fk', columns: [t.enterpriseId, t.parentId], foreignColumns: [t.enterpriseId, t.id] }).onDelete('cascade'),
    uniqueIndex('fault_modes_code_uq').on(t.enterpriseId, t.category, t.code),
    index('fault_modes_tree_idx').on(t.enterpriseId, t.category, t.level, t.sort, t.id),
    index('fault_modes_parent_idx').on(t.enterpriseId, t.parentId),
  ],
);

/** The fault mode an order was diagnosed with (a remedy), one per order. */
export const orderFaultModes = pgTable(
  'order_fault_modes',
  {
    enterpriseId: enterpriseIdCol(),
    orderId: ref('order_id').notNull(),
    faultModeId: ref('fault_mode_id').notNull(),
    setBy: ref('set_by'),
    setAt: ts('set_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.orderId] }),
    foreignKey({ name: 'order_fault_modes_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'order_fault_modes_mode_fk', columns: [t.enterpriseId, t.faultModeId], foreignColumns: [faultModes.enterpriseId, faultModes.id] }),
    index('order_fault_modes_mode_idx').on(t.enterpriseId, t.faultModeId),
  ],
);

/**
 * Customer complaints (/customerComplaintList). State by complaintMachine: 1 new, 2 accepted, 3 investigating,
 * 4 resolved, 5 closed. Customer, product, serial, engineer and provider are copied from the source (order, event,
 * return visit) so the lists and the quality report read this table alone. Costs are integer cents.
 */
export const complaints = pgTable(
  'complaints',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    complaintNo: text('complaint_no').notNull(),
    sourceType: smallint('source_type').notNull(),
    orderId: ref('order_id'),
    eventId: ref('event_id'),
    visitTaskId: ref('visit_task_id'),
    customerId: ref('customer_id'),
    customerName: text('customer_name'),
    installedProductId: ref('installed_product_id'),
    productModelId: ref('product_model_id'),
    serialNumber: text('serial_number'),
    engineerId: ref('engineer_id'),
    providerId: ref('provider_id'),
    handlerId: ref('handler_id'),
    title: text('title').notNull(),
    content: text('content'),
    complainant: text('complainant'),
    phone: text('phone'),
    level: text('level').notNull(),
    state: smallint('state').notNull().default(1),
    version: integer('version').notNull().default(0),
    responsibility: text('responsibility'),
    analysisUnit: text('analysis_unit'),
    salesUnit: text('sales_unit'),
    placeOfUse: text('place_of_use'),
    faultModeId: ref('fault_mode_id'),
    causeAnalysis: text('cause_analysis'),
    resolution: text('resolution'),
    costParts: bigint('cost_parts', { mode: 'number' }).notNull().default(0),
    costLabour: bigint('cost_labour', { mode: 'number' }).notNull().default(0),
    costCompensation: bigint('cost_compensation', { mode: 'number' }).notNull().default(0),
    reopenCount: integer('reopen_count').notNull().default(0),
    /** Deadlines from the level's targets on the SLA calendar; the resolution clock restarts on reopen. */
    /** When the resolution clock started: creation, or the last reopen. */
    resolveStartedAt: ts('resolve_started_at'),
    responseDueAt: ts('response_due_at'),
    resolveDueAt: ts('resolve_due_at'),
    respondedAt: ts('responded_at'),
    resolvedAt: ts('resolved_at'),
    closedAt: ts('closed_at'),
    searchGrams: text('search_grams').array().notNull().default(sql`'{}'::text[]`),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'complaints_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }),
    foreignKey({ name: 'complaints_customer_fk', columns: [t.enterpriseId, t.customerId], foreignColumns: [customers.enterpriseId, customers.id] }),
    foreignKey({
      name: 'complaints_product_fk',
      columns: [t.enterpriseId, t.installedProductId],
      foreignColumns: [installedProducts.enterpriseId, installedProducts.id],
    }),
    foreignKey({ name: 'complaints_model_fk', columns: [t.enterpriseId, t.productModelId], foreignColumns: [productModels.enterpriseId, productModels.id] }),
    foreignKey({ name: 'complaints_fault_fk', columns: [t.enterpriseId, t.faultModeId], foreignColumns: [faultModes.enterpriseId, faultModes.id] }),
    foreignKey({ name: 'complaints_handler_fk', columns: [t.enterpriseId, t.handlerId], foreignColumns: [users.enterpriseId, users.id] }),
    // One complaint per failed return visit.
    uniqueIndex('complaints_visit_uq').on(t.enterpriseId, t.visitTaskId),
    uniqueIndex('complaints_no_uq').on(t.enterpriseId, t.complaintNo),
    // The list (newest first, by state tab) and its filters; the report's groupings over a period.
    index('complaints_created_idx').on(t.enterpriseId, t.createdAt, t.id),
    index('complaints_state_idx').on(t.enterpriseId, t.state, t.createdAt, t.id),
    index('complaints_level_idx').on(t.enterpriseId, t.level, t.createdAt),
    index('complaints_source_idx').on(t.enterpriseId, t.sourceType, t.createdAt),
    index('complaints_customer_idx').on(t.enterpriseId, t.customerId, t.createdAt),
    index('complaints_model_idx').on(t.enterpriseId, t.productModelId, t.createdAt),
    index('complaints_fault_idx').on(t.enterpriseId, t.faultModeId, t.createdAt),
    index('complaints_place_idx').on(t.enterpriseId, t.placeOfUse, t.createdAt),
    index('complaints_sales_idx').on(t.enterpriseId, t.salesUnit, t.createdAt),
    index('complaints_resp_idx').on(t.enterpriseId, t.responsibility, t.createdAt),
    index('complaints_serial_idx').on(t.enterpriseId, t.serialNumber, t.createdAt),
    index('complaints_order_idx').on(t.enterpriseId, t.orderId),
    index('complaints_provider_idx').on(t.enterpriseId, t.providerId, t.createdAt),
    index('complaints_grams_idx').using('gin', t.searchGrams),
  ],
);

/** The complaint's state log (platform/state.ts writes it). */
export const complaintLogs = stateLogTable('complaint_logs', 'complaint_id', complaints);

/** Response and resolution targets per complaint level (投诉等级); a level without a row takes the defaults. */
export const complaintLevelTargets = pgTable(
  'complaint_level_targets',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    level: text('level').notNull(),
    responseMinutes: integer('response_minutes').notNull(),
    resolveMinutes: integer('resolve_minutes').notNull(),
    business: boolean('business').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.level] })],
);

/**
 * The quality report's per-day summary (modules/quality/summary.ts keeps it by statement triggers on complaints): per
 * enterprise, grouping (dim 1 product model, 2 fault mode, 3 使用场所, 4 销售单位, 5 责任原因), day of creation in the
 * enterprise's zone, the grouping's value ('' unfilled) and the provider (0 none): complaints, closed ones, their cost.
 */
export const complaintDayStats = pgTable(
  'complaint_day_stats',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    dim: smallint('dim').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    providerId: bigint('provider_id', { mode: 'number' }).notNull().default(0),
    n: integer('n').notNull().default(0),
    closed: integer('closed').notNull().default(0),
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
  },
  // The report reads one grouping's range of days (the key's prefix).
  (t) => [primaryKey({ name: 'complaint_day_stats_pk', columns: [t.enterpriseId, t.dim, t.day, t.key, t.providerId] })],
);

/** Complaints per serial number (all time, by the same triggers): the report's repeat faults without a walk of every serial. */
export const complaintSerialStats = pgTable(
  'complaint_serial_stats',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    serial: text('serial').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'complaint_serial_stats_pk', columns: [t.enterpriseId, t.serial] }),
    // In the report's order (most complaints first, then the serial): the first 50 repeats are the index's first 50 entries.
    index('complaint_serial_stats_repeat_idx').on(t.enterpriseId, t.n.desc(), t.serial).where(sql`n > 1`),
  ],
);
