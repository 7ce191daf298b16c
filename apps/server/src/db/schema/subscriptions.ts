import { sql } from 'drizzle-orm';
import { index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { enterprises, users } from './platform';

/** A user's subscription to a digest type (1 to-do, 2 statistics); no row means not subscribed. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    userId: ref('user_id').notNull(),
    type: smallint('type').notNull(),
    state: smallint('state').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.userId, t.type] }),
    foreignKey({ name: 'subscriptions_user_fk', columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }).onDelete('cascade'),
    // the digest job: subscribers of a type
    index('subscriptions_type_idx').on(t.enterpriseId, t.type, t.state),
  ],
);

/** A user's switch for one item of a digest; no row means on. */
export const subscriptionItems = pgTable(
  'subscription_items',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    userId: ref('user_id').notNull(),
    code: text('code').notNull(),
    value: smallint('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.userId, t.code] }),
    foreignKey({ name: 'subscription_items_user_fk', columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }).onDelete('cascade'),
  ],
);

/** In-app notices, one row per recipient: category 1 personal notifications, 2 enterprise announcements. */
export const notices = pgTable(
  'notices',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    userId: ref('user_id').notNull(),
    category: smallint('category').notNull().default(1),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    link: text('link'),
    /** Makes a retried writer (a re-run digest job) write each notice once. */
    dedupeKey: text('dedupe_key'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'notices_user_fk', columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }).onDelete('cascade'),
    index('notices_user_idx').on(t.enterpriseId, t.userId, t.category, t.id),
    index('notices_unread_idx').on(t.enterpriseId, t.userId, t.category).where(sql`read_at is null`),
    uniqueIndex('notices_dedupe_uq').on(t.enterpriseId, t.userId, t.dedupeKey),
  ],
);
