import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, jsonb, numeric, pgTable, smallint, text } from 'drizzle-orm/pg-core';
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

/**
 * 运营报表's per-day summary (modules/reports/summary.ts, docs/reports.md "Summaries"): for each standard report, date
 * axis and enterprise day, the report's additive aggregates (a1…a4, in the order the report declares them) by each
 * grouping dimension's key (k; -1 for none). Recomputed for the days marked in order_report_dirty; the enterprise-wide
 * reports read it instead of the orders.
 */
export const orderReportDayStats = pgTable(
  'order_report_day_stats',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    /** REPORT_CODES: 1 orderVolume … 8 providerFees. */
    report: smallint('report').notNull(),
    /** 1 created, 2 completed, 3 approved. */
    axis: smallint('axis').notNull(),
    /** 1 state, 2 template, 3 team, 4 engineer, 5 provider, 6 source, 7 priority. */
    dim: smallint('dim').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    k: bigint('k', { mode: 'number' }).notNull(),
    a1: numeric('a1').notNull().default('0'),
    a2: numeric('a2').notNull().default('0'),
    a3: numeric('a3').notNull().default('0'),
    a4: numeric('a4').notNull().default('0'),
  },
  // A report reads one enterprise, report, axis and dimension over a range of days: the key's prefix.
  (t) => [primaryKey({ name: 'order_report_day_stats_pk', columns: [t.enterpriseId, t.report, t.axis, t.dim, t.day, t.k] })],
);

/**
 * The enterprise days (per axis) whose summary rows are stale: marked by triggers as orders and their figures change.
 * Marks are only ever inserted (a day may be marked many times), never upserted: a writer then never waits on a flush
 * that holds the day's mark while it recomputes, and a mark committed after the flush read its marks stays for the next.
 */
export const orderReportDirty = pgTable(
  'order_report_dirty',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    axis: smallint('axis').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'order_report_dirty_pk', columns: [t.enterpriseId, t.id] }),
    index('order_report_dirty_day_idx').on(t.enterpriseId, t.axis, t.day),
  ],
);
