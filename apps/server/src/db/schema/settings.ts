import { boolean, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, idCol, primaryKey, ref, updatedAt } from './columns';
import { enterprises } from './platform';

/** A system setting changed from its default (packages/shared settings.catalogue); defaults are not stored. */
export const systemSettings = pgTable(
  'system_settings',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    value: text('value').notNull(),
    updatedBy: ref('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.code] })],
);

/** Dictionary items by numeric type (packages/shared dict.constants). */
export const dictItems = pgTable(
  'dict_items',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    type: smallint('type').notNull(),
    name: text('name').notNull(),
    value: text('value').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('dict_items_name_uq').on(t.enterpriseId, t.type, t.name),
    index('dict_items_type_idx').on(t.enterpriseId, t.type, t.sort, t.id),
  ],
);
