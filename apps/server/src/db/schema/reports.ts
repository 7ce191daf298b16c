import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, updatedAt } from './columns';
import { enterprises, users } from './platform';

/**
 * 运营报表's saved queries (/operate/report/query, docs/reports.md): a user's report parameters under a name, kept
 * private or shared with the enterprise, and optionally added to the owner's 8:30 statistics digest.
 */
export const reportQueries = pgTable(
  'report_queries',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    userId: ref('user_id').notNull(),
    name: text('name').notNull(),
    params: jsonb('params').notNull(),
    shared: boolean('shared').notNull().default(false),
    inDigest: boolean('in_digest').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'report_queries_user_fk', columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }),
    // /operate/report/queries: mine, and the enterprise's shared ones, newest first.
    index('report_queries_user_idx').on(t.enterpriseId, t.userId, t.updatedAt),
    index('report_queries_shared_idx').on(t.enterpriseId, t.updatedAt).where(sql`shared`),
  ],
);
