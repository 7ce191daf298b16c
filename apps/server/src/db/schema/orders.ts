import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, doublePrecision, index, integer, jsonb, numeric, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { customerAddresses, customerContacts, customers, installedProducts } from './customers';
import { uploads } from './files';
import { formTemplates, formTemplateVersions, moneyItems } from './forms';
import { serviceGroups, serviceProviders } from './org';
import { enterprises, users } from './platform';
import { stateLogTable } from './logs';

/**
 * Work orders. State changes go through platform/state.ts only (ORDER_STATE in
 * modules/orders); the machine is packages/shared/src/orders/order.machine.ts. Order numbers come
 * from the `counters` row named 'order'; order tags are tag_links with obj_type 3.
 */

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' }).notNull().default(0);
const grams = () => text('search_grams').array().notNull().default(sql`'{}'::text[]`);
/** A composite foreign key to the enterprise's users. */
const userFk = (name: string, ep: AnyPgColumn, col: AnyPgColumn) => foreignKey({ name, columns: [ep, col], foreignColumns: [users.enterpriseId, users.id] });

/** The service-item catalogue's types (GET /v2/serverItem/getItemList?typeId). */
export const serviceItemTypes = pgTable(
  'service_item_types',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.id] }), uniqueIndex('service_item_types_name_uq').on(t.enterpriseId, t.name)],
);

/** The service-item catalogue (serviceId on an order), up to 9999 items per enterprise. */
export const serviceItems = pgTable(
  'service_items',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    typeId: ref('type_id'),
    name: text('name').notNull(),
    price: money('price'),
    unit: text('unit').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'service_items_type_fk', columns: [t.enterpriseId, t.typeId], foreignColumns: [serviceItemTypes.enterpriseId, serviceItemTypes.id] }),
    uniqueIndex('service_items_name_uq').on(t.enterpriseId, t.name),
    index('service_items_type_idx').on(t.enterpriseId, t.typeId, t.sort, t.id),
  ],
);

export const orders = pgTable(
  'orders',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    orderNo: text('order_no').notNull(),
    /** The order type (form_templates of the order kind) and the field version it was created with. */
    templateId: ref('template_id').notNull(),
    templateVersionId: ref('template_version_id'),
    /** The process version it was created with, and its settings as pinned then (OrderProcess). */
    processVersionId: ref('process_version_id'),
    process: jsonb('process').notNull().default({}),

    /** 0–7 as packages/shared/src/orders/orders.constants.ts; `version` is bumped by every change (compare-and-set). */
    state: smallint('state').notNull(),
    version: integer('version').notNull().default(0),
    invalid: boolean('invalid').notNull().default(false),
    /** The pending change request (1 reschedule, 2 transfer, 3 cancel): the abnormal flag. */
    abnormalKind: smallint('abnormal_kind'),
    abnormalReason: text('abnormal_reason'),
    abnormalBy: ref('abnormal_by'),
    abnormalAt: ts('abnormal_at'),
    /** The latest approval: type 1–4 and result 0 pending, 1 approved, 2 rejected. */
    examineType: smallint('examine_type'),
    examineResult: smallint('examine_result'),
    createExamineOperatorId: ref('create_examine_operator_id'),
    createExaminedAt: ts('create_examined_at'),
    completeExamineOperatorId: ref('complete_examine_operator_id'),
    completeExaminedAt: ts('complete_examined_at'),
    receiptExaminedAt: ts('receipt_examined_at'),
    collectionExaminedAt: ts('collection_examined_at'),
    /** 0 not archived, 1 archived. */
    placeState: smallint('place_state').notNull().default(0),
    inPool: boolean('in_pool').notNull().default(false),
    grabbed: boolean('grabbed').notNull().default(false),
    deletedAt: ts('deleted_at'),
    deletedBy: ref('deleted_by'),

    // Fixed fields.
    title: text('title').notNull(),
    customerId: ref('customer_id').notNull(),
    contactId: ref('contact_id'),
    customLinkPerson: text('custom_link_person'),
    customPhone: text('custom_phone'),
    customEnterpriseName: text('custom_enterprise_name'),
    addressId: ref('address_id'),
    provinceCode: text('province_code'),
    cityCode: text('city_code'),
    districtCode: text('district_code'),
    province: text('province'),
    city: text('city'),
    district: text('district'),
    addressDetail: text('address_detail'),
    /** gpsAddr: province, city, district and detail in one line. */
    fullAddress: text('full_address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** How precise the pin is (platform/geo): province, city, district, exact; 'none' when unplaceable; null = not geocoded yet. */
    geoPrecision: text('geo_precision'),
    installedProductId: ref('installed_product_id'),
    appointmentAt: ts('appointment_at'),
    priority: smallint('priority').notNull().default(1),
    serviceLevel: smallint('service_level'),
    detailDesc: text('detail_desc'),
    /** Upload ids (uploads); arrays carry no foreign keys, so the service checks them. */
    attachments: bigint('attachments', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    serviceGroupId: ref('service_group_id'),
    /** 工单来源: staff and internal paths (events, plans, quotations, imports) 1 unless given, the customer portal 3. */
    source: smallint('source').default(1),
    saleChannel: smallint('sale_channel'),
    ext: jsonb('ext').notNull().default({}),
    searchGrams: grams(),

    // People by their part (several collaborators and copied-to users are in order_people).
    createdBy: ref('created_by'),
    salespersonId: ref('salesperson_id'),
    acceptorId: ref('acceptor_id'),
    dispatcherId: ref('dispatcher_id'),
    serviceUserId: ref('service_user_id'),
    takenBy: ref('taken_by'),
    returnVisitorId: ref('return_visitor_id'),

    // Milestones (list filters and the timeline).
    createdAt: createdAt(),
    acceptedAt: ts('accepted_at'),
    dispatchedAt: ts('dispatched_at'),
    takenAt: ts('taken_at'),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    cancelledAt: ts('cancelled_at'),
    archivedAt: ts('archived_at'),
    /** When it becomes overdue (set by the process/SLA rules); orderExceed = open and past it. */
    dueAt: ts('due_at'),

    // Fees, receipt, collection, evaluation.
    serviceAmount: money('service_amount'),
    spareAmount: money('spare_amount'),
    otherAmount: money('other_amount'),
    discountAmount: money('discount_amount'),
    receivableAmount: money('receivable_amount'),
    receiptVersionId: ref('receipt_version_id'),
    receiptExt: jsonb('receipt_ext'),
    receiptedAt: ts('receipted_at'),
    /** The customer's signature (an image in uploads), taken at completion or on the receipt; when it was given. */
    signatureId: ref('signature_id'),
    signedAt: ts('signed_at'),
    paymentMethod: smallint('payment_method'),
    /** The collection account (receive_payment_ids filter); its table comes with /receive/list/orderTmpl. */
    receivePaymentId: ref('receive_payment_id'),
    paidAmount: money('paid_amount'),
    paidAt: ts('paid_at'),
    /** Scores by dimension 0–3 (1–5) and the evaluation form's values. */
    evaluation: jsonb('evaluation'),
    evaluatedAt: ts('evaluated_at'),
    updatedAt: updatedAt(),
    /** The expense form's custom values (fees). */
    feeExt: jsonb('fee_ext').notNull().default({}),
    /** The outsourced service provider the order is assigned to; its own dispatcher picks the engineer. */
    providerId: ref('provider_id'),
    /** 对账: when and by whom finance confirmed the collected fees (the reconcile action, hook point reconciliation). */
    reconciledAt: ts('reconciled_at'),
    reconciledBy: ref('reconciled_by'),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'orders_template_fk', columns: [t.enterpriseId, t.templateId], foreignColumns: [formTemplates.enterpriseId, formTemplates.id] }),
    foreignKey({
      name: 'orders_template_version_fk',
      columns: [t.enterpriseId, t.templateVersionId],
      foreignColumns: [formTemplateVersions.enterpriseId, formTemplateVersions.id],
    }),
    foreignKey({
      name: 'orders_receipt_version_fk',
      columns: [t.enterpriseId, t.receiptVersionId],
      foreignColumns: [formTemplateVersions.enterpriseId, formTemplateVersions.id],
    }),
    foreignKey({ name: 'orders_signature_fk', columns: [t.enterpriseId, t.signatureId], foreignColumns: [uploads.enterpriseId, uploads.id] }),
    foreignKey({ name: 'orders_customer_fk', columns: [t.enterpriseId, t.customerId], foreignColumns: [customers.enterpriseId, customers.id] }),
    foreignKey({ name: 'orders_contact_fk', columns: [t.enterpriseId, t.contactId], foreignColumns: [customerContacts.enterpriseId, customerContacts.id] }),
    foreignKey({ name: 'orders_address_fk', columns: [t.enterpriseId, t.addressId], foreignColumns: [customerAddresses.enterpriseId, customerAddresses.id] }),
    foreignKey({
      name: 'orders_product_fk',
      columns: [t.enterpriseId, t.installedProductId],
      foreignColumns: [installedProducts.enterpriseId, installedProducts.id],
    }),
    foreignKey({
      name: 'orders_service_group_fk',
      columns: [t.enterpriseId, t.serviceGroupId],
      foreignColumns: [serviceGroups.enterpriseId, serviceGroups.id],
    }),
    userFk('orders_created_by_fk', t.enterpriseId, t.createdBy),
    userFk('orders_salesperson_fk', t.enterpriseId, t.salespersonId),
    userFk('orders_acceptor_fk', t.enterpriseId, t.acceptorId),
    userFk('orders_dispatcher_fk', t.enterpriseId, t.dispatcherId),
    userFk('orders_service_user_fk', t.enterpriseId, t.serviceUserId),
    userFk('orders_taken_by_fk', t.enterpriseId, t.takenBy),
    userFk('orders_return_visitor_fk', t.enterpriseId, t.returnVisitorId),
    userFk('orders_abnormal_by_fk', t.enterpriseId, t.abnormalBy),
    userFk('orders_deleted_by_fk', t.enterpriseId, t.deletedBy),
    userFk('orders_create_examiner_fk', t.enterpriseId, t.createExamineOperatorId),
    userFk('orders_complete_examiner_fk', t.enterpriseId, t.completeExamineOperatorId),
    uniqueIndex('orders_no_uq').on(t.enterpriseId, t.orderNo),
    // Every filter and sort of AllOrder, each leading with enterprise_id, ending with the default sort. Each index
    // here is used by a real query's plan at 1,000,000 orders, or needed by a foreign key or a uniqueness:
    // bench/README.md "Indexes on orders" (bench/indexes.ts prints which plan uses which).
    // Trailing keys after the unique id change no order (drizzle has no INCLUDE): the walk newest first checks the
    // recycle bin, the finish time and the 回单/结算/评价 flags in the index alone, and so does their capped count.
    index('orders_created_idx').on(t.enterpriseId, t.createdAt, t.id, t.deletedAt, t.finishedAt, t.receiptedAt, t.paidAt, t.evaluatedAt),
    index('orders_customer_idx').on(t.enterpriseId, t.customerId, t.createdAt),
    index('orders_template_idx').on(t.enterpriseId, t.templateId, t.createdAt),
    index('orders_service_user_idx').on(t.enterpriseId, t.serviceUserId, t.state, t.createdAt),
    index('orders_dispatcher_idx').on(t.enterpriseId, t.dispatcherId, t.createdAt),
    index('orders_taken_by_idx').on(t.enterpriseId, t.takenBy, t.createdAt),
    index('orders_acceptor_idx').on(t.enterpriseId, t.acceptorId, t.createdAt),
    index('orders_created_by_idx').on(t.enterpriseId, t.createdBy, t.createdAt),
    index('orders_salesperson_idx').on(t.enterpriseId, t.salespersonId, t.createdAt),
    index('orders_return_visitor_idx').on(t.enterpriseId, t.returnVisitorId, t.createdAt),
    index('orders_create_examiner_idx').on(t.enterpriseId, t.createExamineOperatorId, t.createdAt),
    index('orders_complete_examiner_idx').on(t.enterpriseId, t.completeExamineOperatorId, t.createdAt),
    index('orders_examine_idx').on(t.enterpriseId, t.examineType, t.examineResult, t.createdAt),
    // A finish-time range's capped count reads the index alone (the count picks the sort's columns).
    index('orders_finished_idx').on(t.enterpriseId, t.finishedAt, t.createdAt, t.id, t.deletedAt),
    index('orders_dispatched_idx').on(t.enterpriseId, t.dispatchedAt),
    index('orders_create_examined_idx').on(t.enterpriseId, t.createExaminedAt),
    index('orders_complete_examined_idx').on(t.enterpriseId, t.completeExaminedAt),
    index('orders_receipt_examined_idx').on(t.enterpriseId, t.receiptExaminedAt),
    index('orders_collection_examined_idx').on(t.enterpriseId, t.collectionExaminedAt),
    // The source filter (运营报表's drill-down by 工单来源).
    index('orders_source_idx').on(t.enterpriseId, t.source, t.createdAt),
    index('orders_receipted_idx').on(t.enterpriseId, t.receiptedAt),
    index('orders_evaluated_idx').on(t.enterpriseId, t.evaluatedAt),
    index('orders_service_group_idx').on(t.enterpriseId, t.serviceGroupId, t.createdAt),
    index('orders_product_idx').on(t.enterpriseId, t.installedProductId, t.createdAt),
    index('orders_receive_payment_idx').on(t.enterpriseId, t.receivePaymentId),
    index('orders_contact_idx').on(t.enterpriseId, t.contactId),
    index('orders_address_idx').on(t.enterpriseId, t.addressId),
    index('orders_due_idx').on(t.enterpriseId, t.dueAt).where(sql`state in (0, 1, 2, 3, 4, 7)`),
    // The statistics digest's 昨日超时工单数 (modules/subscriptions/digest.items.ts): orders due on a day, finished or not.
    index('orders_due_at_idx').on(t.enterpriseId, t.dueAt),
    // The map (/allOrder/mapView, /assignOrderInMap): located open orders by state, in the map's order.
    index('orders_map_idx').on(t.enterpriseId, t.state, t.priority, t.createdAt).where(sql`latitude is not null and deleted_at is null`),
    // The geocoding backfill: rows not geocoded since their address changed.
    index('orders_geo_pending_idx').on(t.enterpriseId, t.id).where(sql`geo_precision is null`),
    index('orders_recycle_idx').on(t.enterpriseId, t.deletedAt).where(sql`deleted_at is not null`),
    // title, order number, contact, phone and address filters and the keyword: grams + ILIKE recheck.
    index('orders_grams_idx').using('gin', t.searchGrams),
    // Order lists (modules/orders/list.*; EXPLAIN notes in docs/decisions.md): the live orders' state tabs and state
    // filters counted index-only, the acceptance desk, the phone prefix, the take-time range, sorts 3 and 4, order types.
    index('orders_live_state_idx').on(t.enterpriseId, t.state, t.createdAt, t.id).where(sql`deleted_at is null`),
    index('orders_acceptance_desk_idx').on(t.enterpriseId, t.createdAt, t.id).where(sql`state = 0 and not invalid and deleted_at is null`),
    index('orders_phone_idx').on(t.enterpriseId, t.customPhone.op('text_pattern_ops')),
    index('orders_taken_idx').on(t.enterpriseId, t.takenAt),
    index('orders_appointment_sort_idx').on(t.enterpriseId, t.appointmentAt, t.id),
    // 归档 (placeState=1): archived orders are the old ones, so a walk of orders_created_idx newest first passed every
    // order of the last months before the first match (2.5 s at 1,000,000); here they are read in order and counted
    // index-only.
    index('orders_archived_idx').on(t.enterpriseId, t.createdAt, t.id).where(sql`place_state = 1 and deleted_at is null`),
    // 超时工单 and the overdue filter, newest first: recent open orders are seldom overdue, so the walk of the creation
    // order read about 22,000 rows from the table for a page (209 ms at 1,000,000); due_at in the key checks them in
    // the index, and the capped count is index-only too.
    index('orders_open_created_idx').on(t.enterpriseId, t.createdAt, t.id, t.dueAt).where(sql`state in (0, 1, 2, 3, 4, 7) and deleted_at is null`),
    index('orders_priority_sort_idx').on(t.enterpriseId, t.priority, t.createdAt, t.id).where(sql`deleted_at is null`),
    index('orders_live_template_idx').on(t.enterpriseId, t.templateId, t.createdAt, t.id).where(sql`deleted_at is null`),
    // The shell's badge counts (modules/orders/counts.service.ts): each a small partial index the count reads
    // without the table (index-only), so the ten badges stay fast at 1,000,000 orders.
    // (待受理 is counted on orders_acceptance_desk_idx above, 待派单 on orders_undeliver_list_idx and the pool on
    // orders_pool_list_idx below: the same predicates, so no index of their own.)
    index('orders_abnormal_cnt_idx').on(t.enterpriseId, t.abnormalKind, t.state).where(sql`abnormal_kind is not null and deleted_at is null`),
    // created_at last: the statistic over a period counts its overdue orders index-only too (0.8 ms for 4,120 of 200,000
    // orders in 30 days, where orders_open_created_idx visited the table for `invalid`: 7.8 ms warm, 297 ms cold).
    index('orders_overdue_cnt_idx').on(t.enterpriseId, t.dueAt, t.createdAt).where(sql`state in (0, 1, 2, 3, 4, 7) and not invalid and deleted_at is null`),
    index('orders_examine_cnt_idx').on(t.enterpriseId, t.examineType).where(sql`examine_result = 0 and deleted_at is null`),
    // (回访工单's badge counts return_visit_tasks on return_visit_tasks_visitor_idx: no index on orders for it.)
    // statusStatistics (counts by state for the home page, optionally by creation range): counted without the table.
    index('orders_stats_idx').on(t.enterpriseId, t.createdAt, t.state, t.invalid).where(sql`deleted_at is null`),
    // Dispatch: a provider's orders waiting for its own dispatcher.
    foreignKey({ name: 'orders_provider_fk', columns: [t.enterpriseId, t.providerId], foreignColumns: [serviceProviders.enterpriseId, serviceProviders.id] }),
    index('orders_provider_idx').on(t.enterpriseId, t.providerId, t.createdAt, t.id).where(sql`provider_id is not null and deleted_at is null`),
    // 服务单 and 工单管理 (docs/settlement.md): every provider order, newest first.
    index('orders_provider_list_idx').on(t.enterpriseId, t.createdAt, t.id).where(sql`provider_id is not null and deleted_at is null`),
    // 工单管理 by completion period, newest completion first.
    index('orders_provider_finished_idx').on(t.enterpriseId, t.finishedAt, t.id).where(sql`provider_id is not null and deleted_at is null`),
    // The desk's pending list (picked and counted index-only) and each engineer's open load with today's appointments.
    index('orders_undeliver_list_idx').on(t.enterpriseId, t.createdAt, t.id).where(sql`state = 1 and not in_pool and deleted_at is null`),
    index('orders_open_load_idx').on(t.enterpriseId, t.serviceUserId, t.appointmentAt).where(sql`state in (2, 3, 4) and deleted_at is null`),
    // The pool list (modules/pool): walked newest first in its own order, stopping at the page (no sort of the whole pool).
    index('orders_pool_list_idx').on(t.enterpriseId, t.createdAt, t.id).where(sql`state = 1 and in_pool and deleted_at is null`),
  ],
);

/** People on an order who may be several: part 4 collaborator (coordinationUserId), 6 copied-to (duplicateUserId). */
export const orderPeople = pgTable(
  'order_people',
  {
    enterpriseId: enterpriseIdCol(),
    orderId: ref('order_id').notNull(),
    part: smallint('part').notNull(),
    userId: ref('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.orderId, t.part, t.userId] }),
    foreignKey({ name: 'order_people_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }).onDelete('cascade'),
    foreignKey({ name: 'order_people_user_fk', columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }),
    // TeamworkOrder and SendMeOrder: my orders by part.
    index('order_people_user_idx').on(t.enterpriseId, t.userId, t.part, t.orderId),
  ],
);

/** The append-only log of every action on an order (the detail timeline and audit trail); written by platform/state.ts. */
export const orderLogs = stateLogTable('order_logs', 'order_id', orders);

/** The order's service items (serviceId), priced when added. */
export const orderServiceItems = pgTable(
  'order_service_items',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    orderId: ref('order_id').notNull(),
    serviceItemId: ref('service_item_id').notNull(),
    name: text('name').notNull(),
    price: money('price'),
    quantity: numeric('quantity', { precision: 12, scale: 2, mode: 'number' }).notNull().default(1),
    amount: money('amount'),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'order_service_items_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'order_service_items_item_fk',
      columns: [t.enterpriseId, t.serviceItemId],
      foreignColumns: [serviceItems.enterpriseId, serviceItems.id],
    }),
    index('order_service_items_order_idx').on(t.enterpriseId, t.orderId),
    // service_id / service_category filters.
    index('order_service_items_item_idx').on(t.enterpriseId, t.serviceItemId, t.orderId),
  ],
);

/** Fee lines from the order type's money items (the expense form kind). */
export const orderFees = pgTable(
  'order_fees',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    orderId: ref('order_id').notNull(),
    moneyItemId: ref('money_item_id'),
    name: text('name').notNull(),
    price: money('price'),
    quantity: numeric('quantity', { precision: 12, scale: 2, mode: 'number' }).notNull().default(1),
    amount: money('amount'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'order_fees_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }).onDelete('cascade'),
    foreignKey({ name: 'order_fees_money_item_fk', columns: [t.enterpriseId, t.moneyItemId], foreignColumns: [moneyItems.enterpriseId, moneyItems.id] }),
    foreignKey({ name: 'order_fees_created_by_fk', columns: [t.enterpriseId, t.createdBy], foreignColumns: [users.enterpriseId, users.id] }),
    index('order_fees_order_idx').on(t.enterpriseId, t.orderId),
    index('order_fees_money_item_idx').on(t.enterpriseId, t.moneyItemId),
  ],
);

/** The order's conversation thread: text, images and files (DELETE /v2/order/delMessage). */
export const orderMessages = pgTable(
  'order_messages',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    orderId: ref('order_id').notNull(),
    userId: ref('user_id'),
    /** 1 text, 2 image, 3 file */
    kind: smallint('kind').notNull().default(1),
    content: text('content').notNull().default(''),
    uploadIds: bigint('upload_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'order_messages_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }).onDelete('cascade'),
    foreignKey({ name: 'order_messages_user_fk', columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }),
    index('order_messages_order_idx').on(t.enterpriseId, t.orderId, t.createdAt, t.id),
  ],
);

/**
 * The idempotency keys of order actions sent by the engineer's offline queue (docs/phone.md "离线使用"): the device id
 * and the client's operation id. Written in the transaction of the state change it made; a replay of the key answers
 * `result` and changes nothing. Keys are the enterprise's own: another enterprise may hold the same text.
 */
export const orderOpKeys = pgTable(
  'order_op_keys',
  {
    enterpriseId: enterpriseIdCol(),
    key: text('key').notNull(),
    orderId: ref('order_id').notNull(),
    action: text('action').notNull(),
    result: jsonb('result').notNull(),
    userId: ref('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.key] }),
    foreignKey({ name: 'order_op_keys_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }).onDelete('cascade'),
    index('order_op_keys_order_idx').on(t.enterpriseId, t.orderId),
  ],
);
