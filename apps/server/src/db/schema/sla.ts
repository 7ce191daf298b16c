import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, updatedAt } from './columns';
import { clockColumns } from './clock-columns';
import { orders } from './orders';
import { enterprises } from './platform';

/** Instants the clock arithmetic works on (JS Dates, epoch milliseconds in memory). */
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * SLA policies (/slaManage/SLA/{id}/{name}). `config` holds the matching rules, the clocks, pause states
 * and escalation ladder as the contract's SlaPolicyInput (minus name, enabled, sort); an enterprise has a few.
 */
export const slaPolicies = pgTable(
  'sla_policies',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    config: jsonb('config').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.id] }), uniqueIndex('sla_policies_name_uq').on(t.enterpriseId, t.name)],
);

/** The enterprise's business hours and holidays (one row; missing means Monday–Friday 9:00–18:00). */
export const slaCalendars = pgTable('sla_calendars', {
  enterpriseId: enterpriseIdCol()
    .primaryKey()
    .references(() => enterprises.id, { onDelete: 'cascade' }),
  weekdays: smallint('weekdays').array().notNull(),
  startMinute: smallint('start_minute').notNull(),
  endMinute: smallint('end_minute').notNull(),
  holidays: text('holidays').array().notNull().default(sql`'{}'::text[]`),
  workdays: text('workdays').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: updatedAt(),
});

/**
 * One clock of an order (overdue type 1–11) under the policy that matched it. While it runs,
 * `deadline_at` is when it breaches and `warn_at` when it turns "at risk"; the sweep reads those two
 * through partial indexes. A breach is the clock's `breached_at` (what the exceed report counts).
 */
export const orderSlaClocks = pgTable(
  'order_sla_clocks',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    orderId: ref('order_id').notNull(),
    policyId: ref('policy_id'),
    policyName: text('policy_name').notNull(),
    ...clockColumns(),
    escalationLevel: smallint('escalation_level').notNull().default(0),
    nextEscalationAt: at('next_escalation_at'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'order_sla_clocks_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('order_sla_clocks_uq').on(t.enterpriseId, t.orderId, t.type),
    // The sweep: clocks about to breach or warn, and breaches due for the next escalation step (all enterprises).
    index('order_sla_clocks_deadline_idx').on(t.deadlineAt).where(sql`breached_at is null and deadline_at is not null`),
    index('order_sla_clocks_warn_idx').on(t.warnAt).where(sql`warned_at is null and warn_at is not null`),
    index('order_sla_clocks_escalate_idx').on(t.nextEscalationAt).where(sql`next_escalation_at is not null`),
    // The exceed report: breaches of an enterprise by date.
    index('order_sla_clocks_breach_idx').on(t.enterpriseId, t.breachedAt, t.type).where(sql`breached_at is not null`),
  ],
);
