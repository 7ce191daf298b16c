import { bigint, boolean, index, pgTable, smallint } from 'drizzle-orm/pg-core';
import { enterpriseIdCol, idCol, primaryKey } from './columns';

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
