import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts } from './columns';
import { enterprises, users } from './platform';

/** Download centre: one row per export a user started (the spec's 'Download item'). */
export const exportFiles = pgTable(
  'export_files',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    userId: ref('user_id').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    params: jsonb('params').notNull().default(sql`'{}'::jsonb`),
    /** 1 in progress, 2 done, 3 failed */
    processState: smallint('process_state').notNull().default(1),
    /** percent */
    process: smallint('process').notNull().default(0),
    rowCount: integer('row_count').notNull().default(0),
    fileKey: text('file_key'),
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    /** The user has seen the finished item (POST /fileDownloadCenter/updateFileState). */
    seen: boolean('seen').notNull().default(false),
    createdAt: createdAt(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }).onDelete('cascade'),
    index('export_files_user_idx').on(t.enterpriseId, t.userId, t.id),
  ],
);

/** Uploaded files; the bytes live in storage under a generated key (`path`). */
export const uploads = pgTable(
  'uploads',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    name: text('name').notNull(),
    ext: text('ext').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** image, video, doc */
    kind: text('kind').notNull(),
    path: text('path').notNull(),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ columns: [t.enterpriseId, t.createdBy], foreignColumns: [users.enterpriseId, users.id] }),
    index('uploads_creator_idx').on(t.enterpriseId, t.createdBy),
  ],
);

/** Short-lived upload tokens handed out by GET /upload/getOssPolicy (only a hash is stored). */
export const uploadTokens = pgTable(
  'upload_tokens',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    userId: ref('user_id').notNull(),
    kind: text('kind'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    uniqueIndex('upload_tokens_id_uq').on(t.id),
    foreignKey({ columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }).onDelete('cascade'),
    index('upload_tokens_user_idx').on(t.enterpriseId, t.userId, t.expiresAt),
  ],
);
