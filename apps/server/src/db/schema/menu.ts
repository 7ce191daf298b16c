import { boolean, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, idCol, primaryKey, updatedAt } from './columns';
import { enterprises } from './platform';

/** An enterprise's own menu entries, shown as DIY|{parentId}|{id} inside one of the eight built-in groups. */
export const customMenus = pgTable(
  'custom_menus',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    name: text('name').notNull(),
    /** Built-in group id 1–8 (packages/shared/src/auth/menus.ts MENU_GROUPS), not a table row. */
    parentId: smallint('parent_id').notNull(),
    /** 0 external link, 1 detail form, 2 list */
    formType: smallint('form_type').notNull(),
    url: text('url'),
    /** Power code needed to see it; null shows it to everyone who sees the group. */
    power: text('power'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.id] }), index('custom_menus_parent_idx').on(t.enterpriseId, t.parentId, t.sort, t.id)],
);
