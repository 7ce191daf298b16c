import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref } from './columns';
import { enterprises, users } from './platform';

/** Operation log: who did what in which module (POST /activity/saveLog and server-side writers). */
export const operationLog = pgTable(
  'operation_log',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    userId: ref('user_id').notNull(),
    module: text('module').notNull(),
    action: text('action').notNull(),
    detail: text('detail').notNull().default(''),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'operation_log_user_fk', columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }),
    index('operation_log_time_idx').on(t.enterpriseId, t.createdAt, t.id),
    index('operation_log_user_idx').on(t.enterpriseId, t.userId, t.createdAt),
    index('operation_log_module_idx').on(t.enterpriseId, t.module, t.createdAt),
  ],
);

/** Page-view points (GET /operlog/point): one row per view. */
export const pagePoints = pgTable(
  'page_points',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    userId: ref('user_id').notNull(),
    code: text('code').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'page_points_user_fk', columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }),
    index('page_points_code_idx').on(t.enterpriseId, t.code, t.createdAt),
  ],
);
