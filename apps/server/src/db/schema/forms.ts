import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { enterprises, users } from './platform';

/**
 * Templates of a form kind: order types, event templates, project templates, and one default
 * template for every other kind (customer, customer product, contracts …).
 */
export const formTemplates = pgTable(
  'form_templates',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    formKind: smallint('form_kind').notNull(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('form_templates_name_uq').on(t.enterpriseId, t.formKind, t.name),
    uniqueIndex('form_templates_default_uq').on(t.enterpriseId, t.formKind).where(sql`is_default`),
    index('form_templates_kind_idx').on(t.enterpriseId, t.formKind, t.sort, t.id),
  ],
);

/**
 * Immutable snapshots of a template's custom fields. Every change of the fields makes a new version;
 * records keep the version id they were saved with, and are validated and shown with it.
 */
export const formTemplateVersions = pgTable(
  'form_template_versions',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    templateId: ref('template_id').notNull(),
    versionNo: integer('version_no').notNull(),
    /** FieldDef[] as packages/shared/src/forms defines it. */
    fields: jsonb('fields').notNull(),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ columns: [t.enterpriseId, t.templateId], foreignColumns: [formTemplates.enterpriseId, formTemplates.id] }).onDelete('cascade'),
    uniqueIndex('form_template_versions_no_uq').on(t.enterpriseId, t.templateId, t.versionNo),
  ],
);

/** The live (editable) field definitions of a template; deleted ones wait in the recycle bin. */
export const formFields = pgTable(
  'form_fields',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    templateId: ref('template_id').notNull(),
    name: text('name').notNull(),
    type: smallint('type').notNull(),
    sort: integer('sort').notNull().default(0),
    /** The rest of the definition (FieldDef without id, name, type, sort). */
    def: jsonb('def').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
    deletedBy: ref('deleted_by'),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ columns: [t.enterpriseId, t.templateId], foreignColumns: [formTemplates.enterpriseId, formTemplates.id] }).onDelete('cascade'),
    uniqueIndex('form_fields_live_name_uq').on(t.enterpriseId, t.templateId, t.name).where(sql`deleted_at is null`),
    index('form_fields_template_idx').on(t.enterpriseId, t.templateId, t.sort, t.id),
    index('form_fields_recycle_idx').on(t.enterpriseId, t.deletedAt).where(sql`deleted_at is not null`),
    index('form_fields_template_recycle_idx').on(t.enterpriseId, t.templateId, t.deletedAt).where(sql`deleted_at is not null`),
  ],
);

/** Fee items of an order type, soft-deleted into their own recycle bin. */
export const moneyItems = pgTable(
  'money_items',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    templateId: ref('template_id').notNull(),
    name: text('name').notNull(),
    price: numeric('price', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    unit: text('unit').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    deletedAt: ts('deleted_at'),
    deletedBy: ref('deleted_by'),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ columns: [t.enterpriseId, t.templateId], foreignColumns: [formTemplates.enterpriseId, formTemplates.id] }).onDelete('cascade'),
    uniqueIndex('money_items_live_name_uq').on(t.enterpriseId, t.templateId, t.name).where(sql`deleted_at is null`),
    index('money_items_template_idx').on(t.enterpriseId, t.templateId, t.sort, t.id),
    index('money_items_recycle_idx').on(t.enterpriseId, t.deletedAt).where(sql`deleted_at is not null`),
    index('money_items_template_recycle_idx').on(t.enterpriseId, t.templateId, t.deletedAt).where(sql`deleted_at is not null`),
  ],
);

/** A user's chosen columns and widths per table. */
export const tableConfigs = pgTable(
  'table_configs',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    userId: ref('user_id').notNull(),
    tableKey: text('table_key').notNull(),
    columns: jsonb('columns').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }).onDelete('cascade'),
    uniqueIndex('table_configs_user_table_uq').on(t.enterpriseId, t.userId, t.tableKey),
  ],
);

/** A user's named filter sets per page; at most one default per user and page. */
export const searchPlans = pgTable(
  'search_plans',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    userId: ref('user_id').notNull(),
    pageKey: text('page_key').notNull(),
    name: text('name').notNull(),
    conditions: jsonb('conditions').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }).onDelete('cascade'),
    uniqueIndex('search_plans_name_uq').on(t.enterpriseId, t.userId, t.pageKey, t.name),
    uniqueIndex('search_plans_default_uq').on(t.enterpriseId, t.userId, t.pageKey).where(sql`is_default`),
  ],
);
