import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, doublePrecision, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { customerAddresses, customerContacts, customers, installedProducts, productModels } from './customers';
import { formTemplates, formTemplateVersions } from './forms';
import { serviceItems } from './orders';
import { enterprises, users } from './platform';
import { stateLogTable } from './logs';

/**
 * Events: the service desk's tickets. State is the spec's flags (dispatch_state, process_state,
 * upgrade_state, pause_state, close_state); `state` is their display state 1–7 (eventStateOf in
 * packages/shared/src/events), kept beside them for the platform's compare-and-set (modules/events/event.state.ts).
 * Event numbers come from the `counters` row named 'event'; event tags are tag_links with obj_type 6.
 */
const userFk = (name: string, ep: AnyPgColumn, col: AnyPgColumn) => foreignKey({ name, columns: [ep, col], foreignColumns: [users.enterpriseId, users.id] });
const flag = (name: string) => smallint(name).notNull().default(0);

export const events = pgTable(
  'events',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    eventNo: text('event_no').notNull(),
    templateId: ref('template_id').notNull(),
    templateVersionId: ref('template_version_id'),

    state: smallint('state').notNull(),
    version: integer('version').notNull().default(0),
    dispatchState: flag('dispatch_state'),
    processState: flag('process_state'),
    upgradeState: flag('upgrade_state'),
    pauseState: flag('pause_state'),
    closeState: flag('close_state'),
    deletedAt: ts('deleted_at'),
    deletedBy: ref('deleted_by'),

    title: text('title').notNull(),
    description: text('description'),
    customerId: ref('customer_id'),
    /** Snapshots as recorded (custom_name … of the filters). */
    customName: text('custom_name'),
    contactId: ref('contact_id'),
    customLinkperson: text('custom_linkperson'),
    customPhone: text('custom_phone'),
    addressId: ref('address_id'),
    province: text('province'),
    city: text('city'),
    district: text('district'),
    provinceCode: text('province_code'),
    cityCode: text('city_code'),
    districtCode: text('district_code'),
    customDetailAddr: text('custom_detail_addr'),
    fullAddress: text('full_address'),
    mapName: text('map_name'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** How precise the pin is (platform/geo); null = not geocoded yet. */
    geoPrecision: text('geo_precision'),
    installedProductId: ref('installed_product_id'),
    productModelId: ref('product_model_id'),
    priority: smallint('priority').notNull().default(1),
    serviceItemId: ref('service_item_id'),
    attachments: bigint('attachments', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    collaboratorIds: bigint('collaborator_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    ext: jsonb('ext').notNull().default({}),
    searchGrams: text('search_grams').array().notNull().default(sql`'{}'::text[]`),
    callRecordId: ref('call_record_id'),
    copiedFrom: ref('copied_from'),
    /** Association type 2: the work order it was converted to (set by the conversion, after orders land). */
    orderId: ref('order_id'),

    // People and their times.
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    dispatcherId: ref('dispatcher_id'),
    dispatchedAt: ts('dispatched_at'),
    principalId: ref('principal_id'),
    upgradeUserId: ref('upgrade_user_id'),
    upgradedAt: ts('upgraded_at'),
    upgradeReason: text('upgrade_reason'),
    startUserId: ref('start_user_id'),
    startedAt: ts('started_at'),
    pausedAt: ts('paused_at'),
    pauseReason: text('pause_reason'),
    closedUserId: ref('closed_user_id'),
    closedAt: ts('closed_at'),
    closeReason: text('close_reason'),
    completeUserId: ref('complete_user_id'),
    completedAt: ts('completed_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'events_template_fk', columns: [t.enterpriseId, t.templateId], foreignColumns: [formTemplates.enterpriseId, formTemplates.id] }),
    foreignKey({
      name: 'events_template_version_fk',
      columns: [t.enterpriseId, t.templateVersionId],
      foreignColumns: [formTemplateVersions.enterpriseId, formTemplateVersions.id],
    }),
    foreignKey({ name: 'events_customer_fk', columns: [t.enterpriseId, t.customerId], foreignColumns: [customers.enterpriseId, customers.id] }),
    foreignKey({ name: 'events_contact_fk', columns: [t.enterpriseId, t.contactId], foreignColumns: [customerContacts.enterpriseId, customerContacts.id] }),
    foreignKey({ name: 'events_address_fk', columns: [t.enterpriseId, t.addressId], foreignColumns: [customerAddresses.enterpriseId, customerAddresses.id] }),
    foreignKey({
      name: 'events_product_fk',
      columns: [t.enterpriseId, t.installedProductId],
      foreignColumns: [installedProducts.enterpriseId, installedProducts.id],
    }),
    foreignKey({
      name: 'events_product_model_fk',
      columns: [t.enterpriseId, t.productModelId],
      foreignColumns: [productModels.enterpriseId, productModels.id],
    }),
    foreignKey({ name: 'events_service_item_fk', columns: [t.enterpriseId, t.serviceItemId], foreignColumns: [serviceItems.enterpriseId, serviceItems.id] }),
    userFk('events_created_by_fk', t.enterpriseId, t.createdBy),
    userFk('events_dispatcher_fk', t.enterpriseId, t.dispatcherId),
    userFk('events_principal_fk', t.enterpriseId, t.principalId),
    userFk('events_upgrade_user_fk', t.enterpriseId, t.upgradeUserId),
    userFk('events_start_user_fk', t.enterpriseId, t.startUserId),
    userFk('events_closed_user_fk', t.enterpriseId, t.closedUserId),
    userFk('events_complete_user_fk', t.enterpriseId, t.completeUserId),
    userFk('events_deleted_by_fk', t.enterpriseId, t.deletedBy),
    uniqueIndex('events_no_uq').on(t.enterpriseId, t.eventNo),
    // Every filter of the event list, each leading with enterprise_id and ending with the default sort.
    index('events_geo_pending_idx').on(t.enterpriseId, t.id).where(sql`geo_precision is null`),
    index('events_created_idx').on(t.enterpriseId, t.createdAt, t.id).where(sql`deleted_at is null`),
    index('events_state_idx').on(t.enterpriseId, t.state, t.createdAt, t.id).where(sql`deleted_at is null`),
    // My events (principal) by state tab, and the badge (process 0/1, open).
    index('events_principal_idx').on(t.enterpriseId, t.principalId, t.state, t.createdAt, t.id).where(sql`deleted_at is null`),
    // The pool (/shelters) and awaiting assignment (/eventassigned): not dispatched, open.
    index('events_undispatched_idx').on(t.enterpriseId, t.createdAt, t.id).where(sql`deleted_at is null and dispatch_state = 0 and close_state = 0`),
    index('events_created_by_idx').on(t.enterpriseId, t.createdBy, t.createdAt),
    index('events_dispatcher_idx').on(t.enterpriseId, t.dispatcherId, t.createdAt),
    index('events_upgrade_user_idx').on(t.enterpriseId, t.upgradeUserId, t.createdAt),
    index('events_start_user_idx').on(t.enterpriseId, t.startUserId, t.createdAt),
    index('events_closed_user_idx').on(t.enterpriseId, t.closedUserId, t.createdAt),
    index('events_complete_user_idx').on(t.enterpriseId, t.completeUserId, t.createdAt),
    index('events_dispatched_idx').on(t.enterpriseId, t.dispatchedAt),
    index('events_upgraded_idx').on(t.enterpriseId, t.upgradedAt),
    index('events_started_idx').on(t.enterpriseId, t.startedAt),
    index('events_closed_idx').on(t.enterpriseId, t.closedAt),
    index('events_completed_idx').on(t.enterpriseId, t.completedAt),
    index('events_customer_idx').on(t.enterpriseId, t.customerId, t.createdAt),
    index('events_template_idx').on(t.enterpriseId, t.templateId, t.createdAt),
    index('events_priority_idx').on(t.enterpriseId, t.priority, t.createdAt),
    index('events_service_item_idx').on(t.enterpriseId, t.serviceItemId, t.createdAt),
    index('events_product_idx').on(t.enterpriseId, t.installedProductId, t.createdAt),
    index('events_contact_idx').on(t.enterpriseId, t.contactId),
    index('events_address_idx').on(t.enterpriseId, t.addressId),
    index('events_phone_idx').on(t.enterpriseId, t.customPhone),
    index('events_order_idx').on(t.enterpriseId, t.orderId).where(sql`order_id is not null`),
    // custom_name, custom_linkperson, custom_detail_addr, map_name and the keyword: grams + ILIKE recheck.
    index('events_grams_idx').using('gin', t.searchGrams),
  ],
);

/** The append-only log of every action on an event (written by platform/state.ts), shown in the flow. */
export const eventLogs = stateLogTable('event_logs', 'event_id', events);

/** The conversation entries of an event's flow (text, images, files and the IM kinds); deletable by their author. */
export const eventMessages = pgTable(
  'event_messages',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    eventId: ref('event_id').notNull(),
    userId: ref('user_id'),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'event_messages_event_fk', columns: [t.enterpriseId, t.eventId], foreignColumns: [events.enterpriseId, events.id] }).onDelete('cascade'),
    foreignKey({ name: 'event_messages_user_fk', columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }),
    index('event_messages_event_idx').on(t.enterpriseId, t.eventId, t.createdAt, t.id),
  ],
);

/**
 * Per event template (/eventSet/processevent): which actions its events allow and which roles may be their
 * principal (empty: anyone). A template without a row allows every action and every principal.
 */
export const eventTemplateSettings = pgTable(
  'event_template_settings',
  {
    enterpriseId: enterpriseIdCol(),
    templateId: ref('template_id').notNull(),
    actions: text('actions').array().notNull(),
    principalRoles: smallint('principal_roles').array().notNull().default(sql`'{}'::smallint[]`),
    updatedBy: ref('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.templateId] }),
    foreignKey({
      name: 'event_template_settings_tpl_fk',
      columns: [t.enterpriseId, t.templateId],
      foreignColumns: [formTemplates.enterpriseId, formTemplates.id],
    }).onDelete('cascade'),
    userFk('event_template_settings_user_fk', t.enterpriseId, t.updatedBy),
  ],
);
