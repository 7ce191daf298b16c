import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** An announcement's notice (category 2): the announcement it delivers; its read_at is the reader's "read". */
    announcementId: ref('announcement_id'),
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
    // the notice centre's category (kind) filter
    index('notices_kind_idx').on(t.enterpriseId, t.userId, t.category, t.kind, t.id),
    // the publisher's "who has read" list of one announcement
    index('notices_announcement_idx').on(t.enterpriseId, t.announcementId, t.userId).where(sql`announcement_id is not null`),
  ],
);

/**
 * Enterprise announcements (公告通知): written by an administrator, published to everyone (no departments) or to
 * chosen departments and their sub-departments. State 1 published, 2 withdrawn (changeState). Each recipient gets
 * a category-2 notice row pointing here; that row's read_at is the reader's "read".
 */
export const announcements = pgTable(
  'announcements',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    content: text('content').notNull().default(''),
    attachments: jsonb('attachments').$type<number[]>().notNull().default(sql`'[]'::jsonb`),
    /** Empty: everyone. */
    deptIds: bigint('dept_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    pinned: boolean('pinned').notNull().default(false),
    state: smallint('state').notNull().default(1),
    version: smallint('version').notNull().default(0),
    publisherId: ref('publisher_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'announcements_publisher_fk', columns: [t.enterpriseId, t.publisherId], foreignColumns: [users.enterpriseId, users.id] }),
    // the administrator's list: state filter, pinned first, newest first
    index('announcements_list_idx').on(t.enterpriseId, t.state, t.pinned, t.id),
  ],
);

/** The append-only state log of announcements (platform/state.ts writes it). */
export const announcementLogs = pgTable(
  'announcement_logs',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    recordId: ref('announcement_id').notNull(),
    fromState: smallint('from_state'),
    toState: smallint('to_state').notNull(),
    action: text('action').notNull(),
    note: text('note'),
    changed: jsonb('changed'),
    userId: ref('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({
      name: 'announcement_logs_record_fk',
      columns: [t.enterpriseId, t.recordId],
      foreignColumns: [announcements.enterpriseId, announcements.id],
    }).onDelete('cascade'),
    index('announcement_logs_record_idx').on(t.enterpriseId, t.recordId, t.createdAt, t.id),
  ],
);
