import { sql } from 'drizzle-orm';
import { bigint, boolean, date, doublePrecision, index, integer, jsonb, numeric, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { formTemplateVersions } from './forms';
import { serviceGroups } from './org';
import { enterprises, users } from './platform';

/**
 * Text search without extensions: `search_grams` holds the lower-cased single characters and character
 * pairs of the searched text, so a contains-filter is a GIN lookup (`@>`) rechecked with ILIKE.
 */
const grams = () => text('search_grams').array().notNull().default(sql`'{}'::text[]`);

export const customers = pgTable(
  'customers',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    name: text('name').notNull(),
    code: text('code'),
    /** The primary contact's name and phone, kept in step by the contact service (list column and filter). */
    linkName: text('link_name'),
    phone: text('phone'),
    businessUserId: ref('business_user_id'),
    serviceGroupId: ref('service_group_id'),
    source: smallint('source'),
    level: smallint('level'),
    remark: text('remark'),
    externalUserid: text('external_userid'),
    /** The customer form's template version the custom values were saved with. */
    templateVersionId: ref('template_version_id'),
    ext: jsonb('ext').notNull().default({}),
    searchGrams: grams(),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'customers_business_user_fk', columns: [t.enterpriseId, t.businessUserId], foreignColumns: [users.enterpriseId, users.id] }),
    foreignKey({
      name: 'customers_service_group_fk',
      columns: [t.enterpriseId, t.serviceGroupId],
      foreignColumns: [serviceGroups.enterpriseId, serviceGroups.id],
    }),
    foreignKey({ name: 'customers_created_by_fk', columns: [t.enterpriseId, t.createdBy], foreignColumns: [users.enterpriseId, users.id] }),
    foreignKey({
      name: 'customers_template_version_fk',
      columns: [t.enterpriseId, t.templateVersionId],
      foreignColumns: [formTemplateVersions.enterpriseId, formTemplateVersions.id],
    }),
    uniqueIndex('customers_code_uq').on(t.enterpriseId, t.code),
    index('customers_created_idx').on(t.enterpriseId, t.createdAt, t.id),
    // The id after the sort column: a filtered page's ids (any page of the window) come from the index alone.
    index('customers_business_user_idx').on(t.enterpriseId, t.businessUserId, t.createdAt, t.id),
    index('customers_service_group_idx').on(t.enterpriseId, t.serviceGroupId, t.createdAt, t.id),
    index('customers_created_by_idx').on(t.enterpriseId, t.createdBy),
    index('customers_phone_idx').on(t.enterpriseId, t.phone.op('text_pattern_ops')),
    index('customers_external_idx').on(t.enterpriseId, t.externalUserid),
    index('customers_grams_idx').using('gin', t.searchGrams),
  ],
);

export const customerContacts = pgTable(
  'customer_contacts',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    customerId: ref('customer_id').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    position: text('position'),
    isPrimary: boolean('is_primary').notNull().default(false),
    searchGrams: grams(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({
      name: 'customer_contacts_customer_fk',
      columns: [t.enterpriseId, t.customerId],
      foreignColumns: [customers.enterpriseId, customers.id],
    }).onDelete('cascade'),
    index('customer_contacts_customer_idx').on(t.enterpriseId, t.customerId),
    uniqueIndex('customer_contacts_primary_uq').on(t.enterpriseId, t.customerId).where(sql`is_primary`),
    index('customer_contacts_phone_idx').on(t.enterpriseId, t.phone.op('text_pattern_ops')),
    index('customer_contacts_created_idx').on(t.enterpriseId, t.createdAt, t.id),
    index('customer_contacts_grams_idx').using('gin', t.searchGrams),
  ],
);

export const customerAddresses = pgTable(
  'customer_addresses',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    customerId: ref('customer_id').notNull(),
    provinceCode: text('province_code'),
    cityCode: text('city_code'),
    districtCode: text('district_code'),
    province: text('province'),
    city: text('city'),
    district: text('district'),
    detail: text('detail').notNull(),
    /** Province, city, district and detail in one line (display and search). */
    fullAddress: text('full_address').notNull(),
    mapName: text('map_name'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** How precise the pin is (platform/geo); null = not geocoded yet. */
    geoPrecision: text('geo_precision'),
    isDefault: boolean('is_default').notNull().default(false),
    searchGrams: grams(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({
      name: 'customer_addresses_customer_fk',
      columns: [t.enterpriseId, t.customerId],
      foreignColumns: [customers.enterpriseId, customers.id],
    }).onDelete('cascade'),
    index('customer_addresses_customer_idx').on(t.enterpriseId, t.customerId),
    // Exactly one default per customer: at most one here, at least one kept by the service.
    uniqueIndex('customer_addresses_default_uq').on(t.enterpriseId, t.customerId).where(sql`is_default`),
    index('customer_addresses_area_idx').on(t.enterpriseId, t.provinceCode, t.cityCode, t.districtCode),
    index('customer_addresses_created_idx').on(t.enterpriseId, t.createdAt, t.id),
    index('customer_addresses_grams_idx').using('gin', t.searchGrams),
    index('customer_addresses_geo_pending_idx').on(t.enterpriseId, t.id).where(sql`geo_precision is null`),
  ],
);

/** Data permissions: who besides the responsible salesperson may see (1) or edit (2) a customer. */
export const customerPermissions = pgTable(
  'customer_permissions',
  {
    enterpriseId: enterpriseIdCol(),
    customerId: ref('customer_id').notNull(),
    userId: ref('user_id').notNull(),
    permission: smallint('permission').notNull().default(1),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.customerId, t.userId] }),
    foreignKey({
      name: 'customer_permissions_customer_fk',
      columns: [t.enterpriseId, t.customerId],
      foreignColumns: [customers.enterpriseId, customers.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'customer_permissions_user_fk', columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }).onDelete(
      'cascade',
    ),
    index('customer_permissions_user_idx').on(t.enterpriseId, t.userId, t.customerId),
  ],
);

/** The product catalogue (/allProduct): models with their warranty rule. */
export const productModels = pgTable(
  'product_models',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    name: text('name').notNull(),
    brand: text('brand'),
    model: text('model'),
    category: text('category'),
    warrantyPeriod: integer('warranty_period'),
    /** 1 day, 2 month, 3 year */
    warrantyUnit: smallint('warranty_unit').notNull().default(2),
    /** 2 purchase time, 3 install time */
    warrantyStartType: smallint('warranty_start_type').notNull().default(2),
    /** Upload ids (uploads table); arrays cannot carry foreign keys, so the service checks them. */
    images: bigint('images', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    documents: bigint('documents', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    remark: text('remark'),
    searchGrams: grams(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    index('product_models_created_idx').on(t.enterpriseId, t.createdAt, t.id),
    index('product_models_category_idx').on(t.enterpriseId, t.category),
    index('product_models_grams_idx').using('gin', t.searchGrams),
  ],
);

/** Installed products: the equipment archive (ProductManage). */
export const installedProducts = pgTable(
  'installed_products',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    productId: ref('product_id').notNull(),
    name: text('name').notNull(),
    serialNumber: text('serial_number'),
    customerId: ref('customer_id'),
    addressId: ref('address_id'),
    installDate: date('install_date', { mode: 'string' }),
    purchaseDate: date('purchase_date', { mode: 'string' }),
    /** Computed from the model's start type and period whenever either side changes. */
    warrantyEnd: date('warranty_end', { mode: 'string' }),
    /** The last day an active extended warranty covers (commerce/warranty.service.ts keeps it); null without one. */
    extendedEnd: date('extended_end', { mode: 'string' }),
    /**
     * The periods its extended warranties cover, [{start, end}] ('YYYY-MM-DD', by start): those in force and those run
     * out (states 2, 3), so its coverage on any day — an order's day too — is coverageOf's (commerce keeps it).
     */
    extendedPeriods: jsonb('extended_periods').notNull().default([]),
    status: smallint('status').notNull().default(1),
    /** Random token the QR code carries; opens the product for logged-in users of the enterprise. */
    qrCode: text('qr_code').notNull(),
    remark: text('remark'),
    templateVersionId: ref('template_version_id'),
    ext: jsonb('ext').notNull().default({}),
    searchGrams: grams(),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'installed_products_model_fk', columns: [t.enterpriseId, t.productId], foreignColumns: [productModels.enterpriseId, productModels.id] }),
    foreignKey({ name: 'installed_products_customer_fk', columns: [t.enterpriseId, t.customerId], foreignColumns: [customers.enterpriseId, customers.id] }),
    foreignKey({
      name: 'installed_products_address_fk',
      columns: [t.enterpriseId, t.addressId],
      foreignColumns: [customerAddresses.enterpriseId, customerAddresses.id],
    }),
    foreignKey({ name: 'installed_products_created_by_fk', columns: [t.enterpriseId, t.createdBy], foreignColumns: [users.enterpriseId, users.id] }),
    foreignKey({
      name: 'installed_products_template_version_fk',
      columns: [t.enterpriseId, t.templateVersionId],
      foreignColumns: [formTemplateVersions.enterpriseId, formTemplateVersions.id],
    }),
    uniqueIndex('installed_products_serial_uq').on(t.enterpriseId, t.serialNumber),
    uniqueIndex('installed_products_qr_uq').on(t.enterpriseId, t.qrCode),
    index('installed_products_created_idx').on(t.enterpriseId, t.createdAt, t.id),
    index('installed_products_serial_prefix_idx').on(t.enterpriseId, t.serialNumber.op('text_pattern_ops')),
    index('installed_products_customer_idx').on(t.enterpriseId, t.customerId),
    index('installed_products_address_idx').on(t.enterpriseId, t.addressId),
    index('installed_products_model_idx').on(t.enterpriseId, t.productId),
    index('installed_products_warranty_idx').on(t.enterpriseId, t.warrantyEnd),
    index('installed_products_status_idx').on(t.enterpriseId, t.status),
    index('installed_products_grams_idx').using('gin', t.searchGrams),
  ],
);

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' }).notNull().default(0);

export const saleContracts = pgTable(
  'sale_contracts',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    contractNo: text('contract_no').notNull(),
    name: text('name').notNull(),
    customerId: ref('customer_id').notNull(),
    signDate: date('sign_date', { mode: 'string' }).notNull(),
    /** 1 to submit, 2 to approve, 3 approved */
    status: smallint('status').notNull().default(1),
    amount: money('amount'),
    remark: text('remark'),
    templateVersionId: ref('template_version_id'),
    ext: jsonb('ext').notNull().default({}),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'sale_contracts_customer_fk', columns: [t.enterpriseId, t.customerId], foreignColumns: [customers.enterpriseId, customers.id] }),
    foreignKey({ name: 'sale_contracts_created_by_fk', columns: [t.enterpriseId, t.createdBy], foreignColumns: [users.enterpriseId, users.id] }),
    foreignKey({
      name: 'sale_contracts_template_version_fk',
      columns: [t.enterpriseId, t.templateVersionId],
      foreignColumns: [formTemplateVersions.enterpriseId, formTemplateVersions.id],
    }),
    uniqueIndex('sale_contracts_no_uq').on(t.enterpriseId, t.contractNo),
    index('sale_contracts_customer_idx').on(t.enterpriseId, t.customerId),
    index('sale_contracts_status_idx').on(t.enterpriseId, t.status, t.createdAt),
    index('sale_contracts_created_idx').on(t.enterpriseId, t.createdAt, t.id),
    index('sale_contracts_sign_idx').on(t.enterpriseId, t.signDate),
  ],
);

export const saleContractItems = pgTable(
  'sale_contract_items',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    contractId: ref('contract_id').notNull(),
    productId: ref('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    price: money('price'),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({
      name: 'sale_contract_items_contract_fk',
      columns: [t.enterpriseId, t.contractId],
      foreignColumns: [saleContracts.enterpriseId, saleContracts.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sale_contract_items_model_fk',
      columns: [t.enterpriseId, t.productId],
      foreignColumns: [productModels.enterpriseId, productModels.id],
    }),
    index('sale_contract_items_contract_idx').on(t.enterpriseId, t.contractId),
    index('sale_contract_items_model_idx').on(t.enterpriseId, t.productId),
  ],
);

export const maintainContracts = pgTable(
  'maintain_contracts',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    contractNo: text('contract_no').notNull(),
    name: text('name').notNull(),
    customerId: ref('customer_id').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    amount: money('amount'),
    /** 1 signed, 2 executing, 3 finished, 4 terminated */
    status: smallint('status').notNull().default(1),
    remark: text('remark'),
    templateVersionId: ref('template_version_id'),
    ext: jsonb('ext').notNull().default({}),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'maintain_contracts_customer_fk', columns: [t.enterpriseId, t.customerId], foreignColumns: [customers.enterpriseId, customers.id] }),
    foreignKey({ name: 'maintain_contracts_created_by_fk', columns: [t.enterpriseId, t.createdBy], foreignColumns: [users.enterpriseId, users.id] }),
    foreignKey({
      name: 'maintain_contracts_template_version_fk',
      columns: [t.enterpriseId, t.templateVersionId],
      foreignColumns: [formTemplateVersions.enterpriseId, formTemplateVersions.id],
    }),
    uniqueIndex('maintain_contracts_no_uq').on(t.enterpriseId, t.contractNo),
    index('maintain_contracts_customer_idx').on(t.enterpriseId, t.customerId),
    index('maintain_contracts_status_idx').on(t.enterpriseId, t.status, t.createdAt),
    // 即将到期 and 维保合同's badge: the contracts in force by their end.
    index('maintain_contracts_renewal_idx').on(t.enterpriseId, t.endDate).where(sql`status = 2`),
    index('maintain_contracts_created_idx').on(t.enterpriseId, t.createdAt, t.id),
  ],
);

export const maintainContractProducts = pgTable(
  'maintain_contract_products',
  {
    enterpriseId: enterpriseIdCol(),
    contractId: ref('contract_id').notNull(),
    installedProductId: ref('installed_product_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.contractId, t.installedProductId] }),
    foreignKey({
      name: 'maintain_contract_products_contract_fk',
      columns: [t.enterpriseId, t.contractId],
      foreignColumns: [maintainContracts.enterpriseId, maintainContracts.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'maintain_contract_products_product_fk',
      columns: [t.enterpriseId, t.installedProductId],
      foreignColumns: [installedProducts.enterpriseId, installedProducts.id],
    }).onDelete('cascade'),
    index('maintain_contract_products_product_idx').on(t.enterpriseId, t.installedProductId),
  ],
);

/** Append-only state log of both contract kinds (kind 'sale' or 'maintain'). */
export const contractLogs = pgTable(
  'contract_logs',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    kind: text('kind').notNull(),
    contractId: bigint('contract_id', { mode: 'number' }).notNull(),
    fromState: smallint('from_state'),
    toState: smallint('to_state').notNull(),
    /** The machine's action ('create' for the first row); written by platform/state.ts. */
    action: text('action').notNull(),
    note: text('note'),
    /** Columns the change set besides the state. */
    changed: jsonb('changed'),
    userId: ref('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'contract_logs_user_fk', columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }),
    index('contract_logs_contract_idx').on(t.enterpriseId, t.kind, t.contractId, t.createdAt),
  ],
);

/** Portal logins (home_account) for a customer's people, kept apart from staff users. */
export const homeAccounts = pgTable(
  'home_accounts',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    customerId: ref('customer_id').notNull(),
    linkPersonId: ref('link_person_id'),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    passwordHash: text('password_hash').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    lastLoginAt: ts('last_login_at'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'home_accounts_customer_fk', columns: [t.enterpriseId, t.customerId], foreignColumns: [customers.enterpriseId, customers.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'home_accounts_contact_fk',
      columns: [t.enterpriseId, t.linkPersonId],
      foreignColumns: [customerContacts.enterpriseId, customerContacts.id],
    }),
    foreignKey({ name: 'home_accounts_created_by_fk', columns: [t.enterpriseId, t.createdBy], foreignColumns: [users.enterpriseId, users.id] }),
    uniqueIndex('home_accounts_mobile_uq').on(t.enterpriseId, t.mobile),
    index('home_accounts_customer_idx').on(t.enterpriseId, t.customerId),
    index('home_accounts_created_idx').on(t.enterpriseId, t.createdAt, t.id),
  ],
);
