import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, updatedAt } from './columns';
import { formTemplates } from './forms';
import { enterprises } from './platform';

/**
 * Published process versions of an order type (form template of kind 1): each save adds a version;
 * the highest one is what new orders pin (orders.process_version_id and a copy in orders.process).
 */
export const processVersions = pgTable(
  'process_versions',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    templateId: ref('template_id').notNull(),
    version: integer('version').notNull(),
    /** OrderProcess as published. */
    process: jsonb('process').notNull(),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('process_versions_uq').on(t.enterpriseId, t.templateId, t.version),
    foreignKey({
      name: 'process_versions_template_fk',
      columns: [t.enterpriseId, t.templateId],
      foreignColumns: [formTemplates.enterpriseId, formTemplates.id],
    }).onDelete('cascade'),
  ],
);

/** The columns the order lists show, per order type (template_id 0: lists without a type). */
export const orderListSettings = pgTable(
  'order_list_settings',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    templateId: ref('template_id').notNull(),
    /** Shown column keys (ORDER_EXPORT_COLUMNS), in their order. */
    columns: text('columns').array().notNull(),
    updatedBy: ref('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.templateId] }), index('order_list_settings_updated_idx').on(t.enterpriseId, t.updatedAt)],
);
