import { doublePrecision, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts } from './columns';
import { enterprises, users } from './platform';

/**
 * The schedule table's time intervals (GET /v2/schedule/table/time/interval): the working slots of a day,
 * as minutes since midnight in the enterprise's zone. An enterprise without rows uses SCHEDULE_DEFAULT_INTERVALS.
 */
export const timeIntervals = pgTable(
  'time_intervals',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    name: text('name').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.id] }), index('time_intervals_sort_idx').on(t.enterpriseId, t.sort, t.id)],
);

/**
 * An engineer's last reported position. The row exists only while the engineer shares it: reporting is
 * the consent, withdrawing deletes the row, so no position outlives the consent.
 */
export const engineerPositions = pgTable(
  'engineer_positions',
  {
    enterpriseId: enterpriseIdCol(),
    userId: ref('user_id').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Metres, as the browser reports it. */
    accuracy: doublePrecision('accuracy'),
    reportedAt: ts('reported_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.userId] }),
    foreignKey({ name: 'engineer_positions_user_fk', columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }).onDelete('cascade'),
  ],
);
