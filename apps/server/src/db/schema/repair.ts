import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { stateLogTable } from './logs';
import { customers, installedProducts, productModels } from './customers';
import { orders } from './orders';
import { enterprises, users } from './platform';
import { complaints } from './quality';

/**
 * Repair-sent orders (寄修单, docs/quality.md): states 0 待确认, 1 处理中, 2 已完成, 3 已取消, 4 待审核. Raised from a complaint, an order, a return-visit task or by hand; the unit moves through the spare area's
 * stock (a 寄修仓 warehouse, serial units) while it is here.
 */
export const repairOrders = pgTable(
  'repair_orders',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    repairNo: text('repair_no').notNull(),
    sourceType: smallint('source_type').notNull(),
    complaintId: ref('complaint_id'),
    orderId: ref('order_id'),
    visitTaskId: ref('visit_task_id'),
    customerId: ref('customer_id'),
    customerName: text('customer_name'),
    installedProductId: ref('installed_product_id'),
    productModelId: ref('product_model_id'),
    serialNumber: text('serial_number').notNull(),
    providerId: ref('provider_id'),
    fault: text('fault').notNull(),
    inCarrier: text('in_carrier'),
    inWaybill: text('in_waybill'),
    outCarrier: text('out_carrier'),
    outWaybill: text('out_waybill'),
    result: text('result'),
    unableReason: text('unable_reason'),
    remark: text('remark'),
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
    state: smallint('state').notNull().default(0),
    version: integer('version').notNull().default(0),
    /** The 寄修仓 and the spare standing for the product model while the unit is in stock. */
    warehouseId: ref('warehouse_id'),
    spareId: ref('spare_id'),
    receivedAt: ts('received_at'),
    completedAt: ts('completed_at'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('repair_orders_no_uq').on(t.enterpriseId, t.repairNo),
    foreignKey({ name: 'repair_orders_complaint_fk', columns: [t.enterpriseId, t.complaintId], foreignColumns: [complaints.enterpriseId, complaints.id] }),
    foreignKey({ name: 'repair_orders_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }),
    foreignKey({ name: 'repair_orders_customer_fk', columns: [t.enterpriseId, t.customerId], foreignColumns: [customers.enterpriseId, customers.id] }),
    foreignKey({
      name: 'repair_orders_product_fk',
      columns: [t.enterpriseId, t.installedProductId],
      foreignColumns: [installedProducts.enterpriseId, installedProducts.id],
    }),
    foreignKey({ name: 'repair_orders_model_fk', columns: [t.enterpriseId, t.productModelId], foreignColumns: [productModels.enterpriseId, productModels.id] }),
    // The list (newest first, by state tab) and its filters; the source links; the visit sweep (completed, by time).
    index('repair_orders_created_idx').on(t.enterpriseId, t.createdAt, t.id),
    index('repair_orders_state_idx').on(t.enterpriseId, t.state, t.createdAt, t.id),
    index('repair_orders_source_idx').on(t.enterpriseId, t.sourceType, t.createdAt),
    index('repair_orders_serial_idx').on(t.enterpriseId, t.serialNumber),
    index('repair_orders_customer_idx').on(t.enterpriseId, t.customerName.op('text_pattern_ops')),
    index('repair_orders_complaint_idx').on(t.enterpriseId, t.complaintId),
    index('repair_orders_order_idx').on(t.enterpriseId, t.orderId),
    index('repair_orders_visit_task_idx').on(t.enterpriseId, t.visitTaskId),
    index('repair_orders_completed_idx').on(t.completedAt).where(sql`state = 2`),
  ],
);

/** The repair-sent order's state log (platform/state.ts writes it). */
export const repairOrderLogs = stateLogTable('repair_order_logs', 'repair_id', repairOrders);

/**
 * Exchange/return orders (退换货单): kind 1 换货, 2 退货; states 0 待审核, 1 已驳回, 2 已通过, 3 已取消,
 * decided through the approval engine. Raised from a complaint, an order, a repair-sent order or by hand.
 */
export const exchangeOrders = pgTable(
  'exchange_orders',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    exchangeNo: text('exchange_no').notNull(),
    kind: smallint('kind').notNull(),
    sourceType: smallint('source_type').notNull(),
    complaintId: ref('complaint_id'),
    orderId: ref('order_id'),
    repairId: ref('repair_id'),
    customerId: ref('customer_id'),
    customerName: text('customer_name'),
    installedProductId: ref('installed_product_id'),
    productModelId: ref('product_model_id'),
    providerId: ref('provider_id'),
    serialNumbers: text('serial_numbers').array().notNull().default(sql`'{}'::text[]`),
    reason: text('reason').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
    remark: text('remark'),
    /** 换货: the unit sent to the customer (a unit in stock of the model's 寄修品), taken out at approval. */
    replacementSerial: text('replacement_serial'),
    /** When the approval moved the stock (returned units in, the replacement out): once, the guard of idempotence. */
    stockMovedAt: ts('stock_moved_at'),
    state: smallint('state').notNull().default(0),
    version: integer('version').notNull().default(0),
    applicantId: ref('applicant_id').notNull(),
    deciderId: ref('decider_id'),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('exchange_orders_no_uq').on(t.enterpriseId, t.exchangeNo),
    foreignKey({ name: 'exchange_orders_complaint_fk', columns: [t.enterpriseId, t.complaintId], foreignColumns: [complaints.enterpriseId, complaints.id] }),
    foreignKey({ name: 'exchange_orders_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }),
    foreignKey({ name: 'exchange_orders_repair_fk', columns: [t.enterpriseId, t.repairId], foreignColumns: [repairOrders.enterpriseId, repairOrders.id] }),
    foreignKey({ name: 'exchange_orders_customer_fk', columns: [t.enterpriseId, t.customerId], foreignColumns: [customers.enterpriseId, customers.id] }),
    foreignKey({ name: 'exchange_orders_applicant_fk', columns: [t.enterpriseId, t.applicantId], foreignColumns: [users.enterpriseId, users.id] }),
    index('exchange_orders_created_idx').on(t.enterpriseId, t.createdAt, t.id),
    index('exchange_orders_state_idx').on(t.enterpriseId, t.state, t.createdAt, t.id),
    index('exchange_orders_kind_idx').on(t.enterpriseId, t.kind, t.createdAt),
    index('exchange_orders_customer_idx').on(t.enterpriseId, t.customerName.op('text_pattern_ops')),
    index('exchange_orders_complaint_idx').on(t.enterpriseId, t.complaintId),
    index('exchange_orders_order_idx').on(t.enterpriseId, t.orderId),
    index('exchange_orders_repair_idx').on(t.enterpriseId, t.repairId),
  ],
);

export const exchangeOrderLogs = stateLogTable('exchange_order_logs', 'exchange_id', exchangeOrders);
