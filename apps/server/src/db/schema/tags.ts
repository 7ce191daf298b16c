import { index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, updatedAt } from './columns';
import { enterprises } from './platform';

/** Tags by code: 1 user status, 3 order, 4 customer, 6 event. */
export const tags = pgTable(
  'tags',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    code: smallint('code').notNull(),
    name: text('name').notNull(),
    colorRgb: text('color_rgb').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('tags_name_uq').on(t.enterpriseId, t.code, t.name),
    index('tags_code_idx').on(t.enterpriseId, t.code, t.sort),
  ],
);

/**
 * A tag on a record: obj_type is the tag code (3 order, 4 customer, 6 event), obj_id the record's id.
 * The record side has no foreign key (it points at several tables); its owner deletes the links with the record.
 */
export const tagLinks = pgTable(
  'tag_links',
  {
    enterpriseId: enterpriseIdCol(),
    objType: smallint('obj_type').notNull(),
    objId: ref('obj_id').notNull(),
    tagId: ref('tag_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.objType, t.objId, t.tagId] }),
    foreignKey({ name: 'tag_links_tag_fk', columns: [t.enterpriseId, t.tagId], foreignColumns: [tags.enterpriseId, tags.id] }).onDelete('cascade'),
    // "records carrying tag X" (list filters): tag first, then the record ids.
    index('tag_links_tag_idx').on(t.enterpriseId, t.tagId, t.objType, t.objId),
  ],
);
