import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { enterprises, users } from './platform';

/** Spare types (备件分类), a tree by parent_id (null at the root). */
export const spareTypes = pgTable(
  'spare_types',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    parentId: ref('parent_id'),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.id] }), uniqueIndex('spare_types_name_uq').on(t.enterpriseId, t.parentId, t.name)],
);

/** The catalogue of spare parts. Prices are yuan with two decimals. */
export const spares = pgTable(
  'spares',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    model: text('model').notNull().default(''),
    unit: text('unit').notNull().default('个'),
    typeId: ref('type_id'),
    costPrice: numeric('cost_price', { precision: 12, scale: 2 }).notNull().default('0'),
    salePrice: numeric('sale_price', { precision: 12, scale: 2 }).notNull().default('0'),
    /** Covered by the product's warranty: used under warranty it is free and its old part returns. */
    warranty: boolean('warranty').notNull().default(true),
    /** Tracked one by one by serial number. */
    serialized: boolean('serialized').notNull().default(false),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** Catalogue products (products.id) it fits. */
    productIds: bigint('product_ids', { mode: 'number' }).array().notNull().default(sql`'{}'`),
    /** The spare-part form kind's custom field values. */
    custom: jsonb('custom').$type<Record<string, unknown>>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('spares_code_uq').on(t.enterpriseId, t.code),
    index('spares_type_idx').on(t.enterpriseId, t.typeId, t.id),
    index('spares_name_idx').on(t.enterpriseId, t.name.op('text_pattern_ops')),
    foreignKey({ name: 'spares_type_fk', columns: [t.enterpriseId, t.typeId], foreignColumns: [spareTypes.enterpriseId, spareTypes.id] }),
  ],
);

/** Warehouses: 1 central, 2 regional, 3 a provider's, 4 an engineer's own (van) stock. */
export const warehouses = pgTable(
  'warehouses',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    name: text('name').notNull(),
    kind: smallint('kind').notNull(),
    /** The engineer whose stock this is (kind 4). */
    ownerId: ref('owner_id'),
    /** The service provider (kind 3). */
    providerId: ref('provider_id'),
    /** The warehouse keeper who approves its documents and receives its warnings. */
    keeperId: ref('keeper_id'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('warehouses_name_uq').on(t.enterpriseId, t.name),
    uniqueIndex('warehouses_owner_uq').on(t.enterpriseId, t.ownerId),
    foreignKey({ name: 'warehouses_owner_fk', columns: [t.enterpriseId, t.ownerId], foreignColumns: [users.enterpriseId, users.id] }),
    foreignKey({ name: 'warehouses_keeper_fk', columns: [t.enterpriseId, t.keeperId], foreignColumns: [users.enterpriseId, users.id] }),
  ],
);

/** Stock of one spare in one warehouse. Only modules/spares/ledger.ts changes quantity, always with a ledger row. */
export const stocks = pgTable(
  'stocks',
  {
    enterpriseId: enterpriseIdCol(),
    warehouseId: ref('warehouse_id').notNull(),
    spareId: ref('spare_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    /** Held for documents awaiting approval; available = quantity - reserved. */
    reserved: integer('reserved').notNull().default(0),
    /** Safety stock: below it the stock is listed under warnings and the keeper is told. */
    safety: integer('safety').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.warehouseId, t.spareId] }),
    index('stocks_spare_idx').on(t.enterpriseId, t.spareId, t.warehouseId),
    foreignKey({ name: 'stocks_warehouse_fk', columns: [t.enterpriseId, t.warehouseId], foreignColumns: [warehouses.enterpriseId, warehouses.id] }),
    foreignKey({ name: 'stocks_spare_fk', columns: [t.enterpriseId, t.spareId], foreignColumns: [spares.enterpriseId, spares.id] }),
    check('stocks_quantity_ck', sql`${t.quantity} >= 0 and ${t.reserved} >= 0 and ${t.reserved} <= ${t.quantity}`),
  ],
);

/** The ledger: one row per movement (stock log types 1–16), with the quantities before and after. Append-only. */
export const stockLogs = pgTable(
  'stock_logs',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    warehouseId: ref('warehouse_id').notNull(),
    spareId: ref('spare_id').notNull(),
    type: smallint('type').notNull(),
    /** Signed: positive in, negative out. */
    change: integer('change').notNull(),
    before: integer('before').notNull(),
    after: integer('after').notNull(),
    /** The source document: its kind (SPARE_DOC_KINDS, or 'order') and id. */
    docKind: text('doc_kind'),
    docId: ref('doc_id'),
    orderId: ref('order_id'),
    /** The new part's serial (in) and the faulty part's serial (out), when recorded. */
    serialIn: text('serial_in'),
    serialOut: text('serial_out'),
    userId: ref('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    index('stock_logs_spare_idx').on(t.enterpriseId, t.spareId, t.id),
    index('stock_logs_warehouse_idx').on(t.enterpriseId, t.warehouseId, t.id),
    index('stock_logs_doc_idx').on(t.enterpriseId, t.docKind, t.docId),
    foreignKey({
      name: 'stock_logs_stock_fk',
      columns: [t.enterpriseId, t.warehouseId, t.spareId],
      foreignColumns: [stocks.enterpriseId, stocks.warehouseId, stocks.spareId],
    }),
    check('stock_logs_sum_ck', sql`${t.after} = ${t.before} + ${t.change} and ${t.after} >= 0`),
  ],
);

/**
 * Stock documents (requisition, transfer, allocation, scrap, count, inbound, outbound): kind SPARE_DOC_KINDS,
 * state by spareDocMachine (1 awaiting approval, 2 approved, 3 rejected, 4 withdrawn). Movements post on approval.
 */
export const spareDocs = pgTable(
  'spare_docs',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    kind: smallint('kind').notNull(),
    /** The readable number: the kind's letters, the filing day and the enterprise's counter of the kind (LY20261123-0001). */
    docNo: text('doc_no').notNull(),
    state: smallint('state').notNull().default(1),
    version: integer('version').notNull().default(0),
    fromWarehouseId: ref('from_warehouse_id'),
    toWarehouseId: ref('to_warehouse_id'),
    /** Transfers: 0 warranty allocation, 1 spare ordering, 2 direct-to-customer. */
    transferType: smallint('transfer_type'),
    orderId: ref('order_id'),
    applicantId: ref('applicant_id').notNull(),
    approverId: ref('approver_id'),
    approvedAt: ts('approved_at'),
    /** Logistics company (dictionary item name) and tracking number of a shipped document. */
    logistics: text('logistics'),
    trackingNo: text('tracking_no'),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    index('spare_docs_kind_idx').on(t.enterpriseId, t.kind, t.id),
    uniqueIndex('spare_docs_no_uq').on(t.enterpriseId, t.docNo),
    index('spare_docs_state_idx').on(t.enterpriseId, t.state, t.id),
    foreignKey({ name: 'spare_docs_applicant_fk', columns: [t.enterpriseId, t.applicantId], foreignColumns: [users.enterpriseId, users.id] }),
  ],
);

/** A document's lines. For a stock count `quantity` is the counted quantity. */
export const spareDocItems = pgTable(
  'spare_doc_items',
  {
    enterpriseId: enterpriseIdCol(),
    docId: ref('doc_id').notNull(),
    line: smallint('line').notNull(),
    spareId: ref('spare_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** A serial-tracked spare's units on this line, one serial per piece. */
    serials: text('serials').array().notNull().default(sql`'{}'`),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.docId, t.line] }),
    foreignKey({ name: 'spare_doc_items_doc_fk', columns: [t.enterpriseId, t.docId], foreignColumns: [spareDocs.enterpriseId, spareDocs.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'spare_doc_items_spare_fk', columns: [t.enterpriseId, t.spareId], foreignColumns: [spares.enterpriseId, spares.id] }),
  ],
);

/** State log of documents and old-part returns (platform/state.ts writes it); `kind` tells them apart. */
export const spareStateLogs = pgTable(
  'spare_state_logs',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    kind: text('kind').notNull(),
    recordId: ref('record_id').notNull(),
    fromState: smallint('from_state'),
    toState: smallint('to_state').notNull(),
    action: text('action').notNull(),
    note: text('note'),
    changed: jsonb('changed'),
    userId: ref('user_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.id] }), index('spare_state_logs_record_idx').on(t.enterpriseId, t.kind, t.recordId, t.id)],
);

/** Parts used on orders: the new part's serial and the faulty part's serial together. state 1 used, 2 cancelled, 3 returned. */
export const orderParts = pgTable(
  'order_parts',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    orderId: ref('order_id').notNull(),
    spareId: ref('spare_id').notNull(),
    warehouseId: ref('warehouse_id').notNull(),
    quantity: integer('quantity').notNull(),
    serialIn: text('serial_in'),
    serialOut: text('serial_out'),
    /** Out of warranty: charged at the sale price into the order's fees. */
    chargeable: boolean('chargeable').notNull(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull().default('0'),
    state: smallint('state').notNull().default(1),
    userId: ref('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    index('order_parts_order_idx').on(t.enterpriseId, t.orderId, t.id),
    foreignKey({ name: 'order_parts_spare_fk', columns: [t.enterpriseId, t.spareId], foreignColumns: [spares.enterpriseId, spares.id] }),
  ],
);

/**
 * Old-part returns: a part replaced under warranty owes its old part. Return type 1 physical return to the
 * factory, 2 local write-off. State by oldPartMachine: 1 to ship, 2 shipped, 3 received, 4 refurbished,
 * 5 scrapped, 6 written off.
 */
export const oldPartReturns = pgTable(
  'old_part_returns',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    orderId: ref('order_id'),
    orderPartId: ref('order_part_id'),
    spareId: ref('spare_id').notNull(),
    serial: text('serial'),
    returnType: smallint('return_type').notNull().default(1),
    state: smallint('state').notNull().default(1),
    /** The engineer who owes it. */
    holderId: ref('holder_id'),
    /** The warehouse that receives it (where refurbished parts go back into stock). */
    warehouseId: ref('warehouse_id'),
    dueAt: ts('due_at').notNull(),
    logistics: text('logistics'),
    trackingNo: text('tracking_no'),
    address: text('address'),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    index('old_part_returns_state_idx').on(t.enterpriseId, t.state, t.dueAt, t.id),
    // The old parts an order owes (服务单, docs/settlement.md).
    index('old_part_returns_order_idx').on(t.enterpriseId, t.orderId).where(sql`order_id is not null`),
    foreignKey({ name: 'old_part_returns_spare_fk', columns: [t.enterpriseId, t.spareId], foreignColumns: [spares.enterpriseId, spares.id] }),
  ],
);

/**
 * Goods orders (spec goods order status 1–6): a provider's or salesperson's spare-part application (/sparePartsSalesman)
 * that, once approved, is the manufacturer's outbound order (/outboundOrder): 2 to approve → 3 to ship → 4 in transit
 * (stock leaves the delivery warehouse, type 4) → 5 signed (into the applicant's own stock, type 3); 6 cancelled.
 */
export const goodsOrders = pgTable(
  'goods_orders',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    state: smallint('state').notNull().default(2),
    applicantId: ref('applicant_id').notNull(),
    /** The warehouse that ships it, chosen on approval. */
    warehouseId: ref('warehouse_id'),
    orderId: ref('order_id'),
    /** The applicant pays (1 待付款 until paid) and how (PAYMENT_METHODS 1–5); null: the manufacturer bears it. */
    paymentMethod: smallint('payment_method'),
    paidAt: ts('paid_at'),
    address: text('address').notNull().default(''),
    logistics: text('logistics'),
    trackingNo: text('tracking_no'),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    index('goods_orders_state_idx').on(t.enterpriseId, t.state, t.id),
    index('goods_orders_applicant_idx').on(t.enterpriseId, t.applicantId, t.id),
    foreignKey({ name: 'goods_orders_applicant_fk', columns: [t.enterpriseId, t.applicantId], foreignColumns: [users.enterpriseId, users.id] }),
  ],
);

export const goodsOrderItems = pgTable(
  'goods_order_items',
  {
    enterpriseId: enterpriseIdCol(),
    goodsOrderId: ref('goods_order_id').notNull(),
    line: smallint('line').notNull(),
    spareId: ref('spare_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** A serial-tracked spare's units chosen when shipping, one serial per piece. */
    serials: text('serials').array().notNull().default(sql`'{}'`),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.goodsOrderId, t.line] }),
    foreignKey({
      name: 'goods_order_items_order_fk',
      columns: [t.enterpriseId, t.goodsOrderId],
      foreignColumns: [goodsOrders.enterpriseId, goodsOrders.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'goods_order_items_spare_fk', columns: [t.enterpriseId, t.spareId], foreignColumns: [spares.enterpriseId, spares.id] }),
  ],
);

/**
 * Units of serial-tracked spares, one row per serial. place (SPARE_UNIT_PLACES): 1 in a warehouse (an engineer's own
 * stock is a warehouse of kind 4), 2 installed on a customer's product, 3 an old part out of a product (returning),
 * 4 scrapped, 5 shipped out, 6 lost in a stock count (盘亏). doc_id holds a unit for a document awaiting approval.
 */
export const spareUnits = pgTable(
  'spare_units',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    spareId: ref('spare_id').notNull(),
    serial: text('serial').notNull(),
    place: smallint('place').notNull(),
    warehouseId: ref('warehouse_id'),
    installedProductId: ref('installed_product_id'),
    orderId: ref('order_id'),
    docId: ref('doc_id'),
    /** The goods order (outbound order) that shipped it, until the applicant signs for it. */
    goodsOrderId: ref('goods_order_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('spare_units_serial_uq').on(t.enterpriseId, t.spareId, t.serial),
    index('spare_units_warehouse_idx').on(t.enterpriseId, t.warehouseId, t.spareId),
    index('spare_units_product_idx').on(t.enterpriseId, t.installedProductId),
    foreignKey({ name: 'spare_units_spare_fk', columns: [t.enterpriseId, t.spareId], foreignColumns: [spares.enterpriseId, spares.id] }),
    check('spare_units_place_ck', sql`${t.place} between 1 and 6 and (${t.place} = 1) = (${t.warehouseId} is not null)`),
  ],
);

/**
 * Online payments of goods orders (docs/commerce.md "Online payment"): one row a 去支付, by its payment number (the
 * provider's out trade no); the provider's signed notification marks it paid once (state 0 → 1) and moves the order.
 */
export const goodsPayments = pgTable(
  'goods_payments',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    goodsOrderId: ref('goods_order_id').notNull(),
    paymentNo: text('payment_no').notNull(),
    method: smallint('method').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** 0 waiting, 1 paid, 2 refunding (its order was cancelled), 3 refunded. */
    state: smallint('state').notNull().default(0),
    payUrl: text('pay_url').notNull().default(''),
    tradeNo: text('trade_no'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
    /** When the query sweep last asked the provider (a lost notification). */
    queriedAt: ts('queried_at'),
    refundNo: text('refund_no'),
    refundedAt: ts('refunded_at'),
    /** Why the last refund attempt failed (the keeper sees it; the job tries again). */
    refundError: text('refund_error'),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    // The query sweep's waiting payments, oldest first, across enterprises.
    index('goods_payments_waiting_idx').on(t.createdAt).where(sql`state = 0`),
    uniqueIndex('goods_payments_no_uq').on(t.enterpriseId, t.paymentNo),
    index('goods_payments_order_idx').on(t.enterpriseId, t.goodsOrderId, t.id),
    foreignKey({
      name: 'goods_payments_order_fk',
      columns: [t.enterpriseId, t.goodsOrderId],
      foreignColumns: [goodsOrders.enterpriseId, goodsOrders.id],
    }).onDelete('cascade'),
  ],
);
