import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, updatedAt } from './columns';
import { clockColumns } from './clock-columns';
import { events } from './events';
import { formTemplates } from './forms';

/**
 * The event SLA of one event template (/eventSet/processevent): `config` is the contract's EventSlaSetting
 * (minus tmpId): calendar or business hours and a clock per overdue type 1–5. No row: no clocks.
 */
export const eventSlaSettings = pgTable(
  'event_sla_settings',
  {
    enterpriseId: enterpriseIdCol(),
    templateId: ref('template_id').notNull(),
    config: jsonb('config').notNull(),
    updatedBy: ref('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.templateId] }),
    foreignKey({
      name: 'event_sla_settings_tpl_fk',
      columns: [t.enterpriseId, t.templateId],
      foreignColumns: [formTemplates.enterpriseId, formTemplates.id],
    }).onDelete('cascade'),
  ],
);

/**
 * One clock of an event (overdue type 1–5), on the same clock arithmetic as order_sla_clocks (packages/shared/src/sla).
 * While it runs `deadline_at` and `warn_at` are set; the SLA sweep reads them through the partial indexes.
 */
export const eventSlaClocks = pgTable(
  'event_sla_clocks',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    eventId: ref('event_id').notNull(),
    ...clockColumns(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'event_sla_clocks_event_fk', columns: [t.enterpriseId, t.eventId], foreignColumns: [events.enterpriseId, events.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('event_sla_clocks_uq').on(t.enterpriseId, t.eventId, t.type),
    index('event_sla_clocks_deadline_idx').on(t.deadlineAt).where(sql`breached_at is null and deadline_at is not null`),
    index('event_sla_clocks_warn_idx').on(t.warnAt).where(sql`warned_at is null and warn_at is not null`),
    index('event_sla_clocks_breach_idx').on(t.enterpriseId, t.breachedAt, t.type).where(sql`breached_at is not null`),
  ],
);
