import { sql } from 'drizzle-orm';
import { index, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref } from './columns';
import { clockColumns } from './clock-columns';
import { complaints } from './quality';

/**
 * One deadline clock of a complaint (type 1 response, 2 resolution), on the one SLA clock engine (modules/sla,
 * clock.engine.ts) like order_sla_clocks and event_sla_clocks: it counts calendar or business time, so it pauses
 * outside the enterprise's business hours. While it runs `deadline_at` is set; the SLA sweep breaches it through the
 * partial index. The complaint keeps a copy of each running deadline (response_due_at, resolve_due_at) for its pages.
 */
export const complaintSlaClocks = pgTable(
  'complaint_sla_clocks',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    complaintId: ref('complaint_id').notNull(),
    ...clockColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({
      name: 'complaint_sla_clocks_complaint_fk',
      columns: [t.enterpriseId, t.complaintId],
      foreignColumns: [complaints.enterpriseId, complaints.id],
    }).onDelete('cascade'),
    uniqueIndex('complaint_sla_clocks_uq').on(t.enterpriseId, t.complaintId, t.type),
    index('complaint_sla_clocks_deadline_idx').on(t.deadlineAt).where(sql`breached_at is null and deadline_at is not null`),
  ],
);
