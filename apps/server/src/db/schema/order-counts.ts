import { bigint, boolean, date, index, pgTable, smallint } from 'drizzle-orm/pg-core';
import { enterpriseIdCol, idCol, primaryKey } from './columns';
import { enterprises } from './platform';

/**
 * Per-enterprise order counts by (state, invalid, in_pool, abnormal_kind) outside the recycle bin, as append-only deltas: the triggers of
 * db/derived.ts add +n/−n rows in the transaction of every insert, delete and change of state, invalid or the bin, so
 * writers never wait on a shared counter row. The all-time statusStatistics sums them and folds them back into one row
 * per group when they grow (modules/orders/state-counts.ts). The list counts and the badges read them too
 * (待受理, 待派单, 工单公海, 异常工单, an unfiltered or state-only order list). No foreign key: an enterprise's cascade delete
 * writes its own negative deltas here.
 */
export const orderStateCounts = pgTable(
  'order_state_counts',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    state: smallint('state').notNull(),
    invalid: boolean('invalid').notNull(),
    inPool: boolean('in_pool').notNull().default(false),
    abnormalKind: smallint('abnormal_kind'),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.id] }), index('order_state_counts_ep_idx').on(t.enterpriseId, t.state, t.invalid)],
);

/**
 * The same deltas keyed also by the order's creation day in the enterprise's time zone (without in_pool, which no
 * statistic over a period reads): the home page's statistic over a period sums the whole days here and counts only its
 * partial edge days from the orders (modules/orders/state-counts.ts, docs/lists.md "Counts from totals"). A separate
 * table, so the all-time read stays one row per group. Written by the same triggers; a change of the enterprise's time
 * zone recounts its rows (db/derived.ts). Cascades with its enterprise (the orders' own cascade then finds no zone).
 */
export const orderDayCounts = pgTable(
  'order_day_counts',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    day: date('day', { mode: 'string' }).notNull(),
    state: smallint('state').notNull(),
    invalid: boolean('invalid').notNull(),
    abnormalKind: smallint('abnormal_kind'),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.id] }), index('order_day_counts_day_idx').on(t.enterpriseId, t.day)],
);
