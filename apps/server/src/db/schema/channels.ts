import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { enterprises, users } from './platform';

/**
 * The enterprise's WeCom (channel 2) and DingTalk (channel 1) application: corp id, agent id, DingTalk's app key and
 * the secret (sealed by platform/secrets.ts, never answered). docs/channels.md.
 */
export const channelSettings = pgTable(
  'channel_settings',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    channel: smallint('channel').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    corpId: text('corp_id').notNull().default(''),
    agentId: text('agent_id').notNull().default(''),
    appKey: text('app_key').notNull().default(''),
    secretSealed: text('secret_sealed').notNull().default(''),
    /** 工作通知: the work inbox's notices are also sent to the chat client. */
    msgEnabled: boolean('msg_enabled').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.channel] }),
    // login and the desktop client find the enterprise by its corp id
    index('channel_settings_corp_idx').on(t.channel, t.corpId),
  ],
);

/** Access token and jsapi/agent tickets of a channel, cached in PostgreSQL for their lifetime (shared by every instance). */
export const channelTokens = pgTable(
  'channel_tokens',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    channel: smallint('channel').notNull(),
    kind: text('kind').notNull(),
    valueSealed: text('value_sealed').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.channel, t.kind] })],
);

/** A user's account in the chat client (learnt at login inside it) and his switch for work messages. */
export const channelUsers = pgTable(
  'channel_users',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    userId: ref('user_id').notNull(),
    channel: smallint('channel').notNull(),
    platformUserId: text('platform_user_id').notNull(),
    msgOn: boolean('msg_on').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.userId, t.channel] }),
    foreignKey({ name: 'channel_users_user_fk', columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }).onDelete('cascade'),
    // unique, and the /ding/msg/userList channel filter
    uniqueIndex('channel_users_platform_uq').on(t.enterpriseId, t.channel, t.platformUserId),
  ],
);

/**
 * Work messages: one row per (notice, channel), written by a trigger on notices (db/derived.ts) for users whose channel
 * is on; sent by the `workmsg.send` job; status 0 waiting, 1 sent, 2 waiting to retry, 3 failed, 4 sending.
 */
export const workMessages = pgTable(
  'work_messages',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    noticeId: ref('notice_id').notNull(),
    userId: ref('user_id').notNull(),
    channel: smallint('channel').notNull(),
    platformUserId: text('platform_user_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    link: text('link'),
    status: smallint('status').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: ts('next_attempt_at').default(sql`now()`),
    /** When a sender claimed it (status 4): a claim left past ten minutes is failed, never sent again. */
    claimedAt: ts('claimed_at'),
    sentAt: ts('sent_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'work_messages_user_fk', columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }).onDelete('cascade'),
    uniqueIndex('work_messages_notice_uq').on(t.enterpriseId, t.noticeId, t.channel),
    // the sender's queue across enterprises
    index('work_messages_due_idx').on(t.nextAttemptAt).where(sql`status in (0, 2)`),
    index('work_messages_claimed_idx').on(t.claimedAt).where(sql`status = 4`),
    // /ding/msg/list and count: by user, channel, status, newest first
    index('work_messages_user_idx').on(t.enterpriseId, t.userId, t.id),
    index('work_messages_status_idx').on(t.enterpriseId, t.status, t.channel, t.id),
    index('work_messages_channel_idx').on(t.enterpriseId, t.channel, t.id),
  ],
);
