import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { formTemplates } from './forms';
import { orders } from './orders';
import { enterprises, users } from './platform';

/** Automation rules of an order type: at trigger point 0–7, orders matching `conditions` get `actions` (packages/shared/src/automation). */
export const automationRules = pgTable(
  'automation_rules',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    templateId: ref('template_id').notNull(),
    name: text('name').notNull(),
    trigger: smallint('trigger').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    conditions: jsonb('conditions').notNull().default({}),
    actions: jsonb('actions').notNull().default([]),
    /** The administrator who saved it: the actor of the order actions it performs. */
    createdBy: ref('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({
      name: 'automation_rules_template_fk',
      columns: [t.enterpriseId, t.templateId],
      foreignColumns: [formTemplates.enterpriseId, formTemplates.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'automation_rules_user_fk', columns: [t.enterpriseId, t.createdBy], foreignColumns: [users.enterpriseId, users.id] }),
    index('automation_rules_trigger_idx').on(t.enterpriseId, t.templateId, t.trigger),
  ],
);

/** Timed events: `amount unit` after the order's moment `trigger` (0–13), if it still meets `condition` (0–9), do `actions`. */
export const timedEvents = pgTable(
  'timed_events',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    templateId: ref('template_id').notNull(),
    name: text('name').notNull(),
    trigger: smallint('trigger').notNull(),
    amount: integer('amount').notNull(),
    unit: smallint('unit').notNull(),
    condition: smallint('condition').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    conditions: jsonb('conditions').notNull().default({}),
    actions: jsonb('actions').notNull().default([]),
    createdBy: ref('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({
      name: 'timed_events_template_fk',
      columns: [t.enterpriseId, t.templateId],
      foreignColumns: [formTemplates.enterpriseId, formTemplates.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'timed_events_user_fk', columns: [t.enterpriseId, t.createdBy], foreignColumns: [users.enterpriseId, users.id] }),
    index('timed_events_trigger_idx').on(t.enterpriseId, t.templateId, t.trigger),
  ],
);

/** One armed timer of one order; its job (pg-boss, start_after = fire_at) fires it. State 0 armed, 1 fired, 2 cancelled. */
export const automationTimers = pgTable(
  'automation_timers',
  {
    enterpriseId: enterpriseIdCol(),
    id: idCol(),
    orderId: ref('order_id').notNull(),
    timedEventId: ref('timed_event_id').notNull(),
    fireAt: ts('fire_at').notNull(),
    state: smallint('state').notNull().default(0),
    createdAt: createdAt(),
    doneAt: ts('done_at'),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'automation_timers_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'automation_timers_event_fk',
      columns: [t.enterpriseId, t.timedEventId],
      foreignColumns: [timedEvents.enterpriseId, timedEvents.id],
    }).onDelete('cascade'),
    // One timer per order, event and moment: re-arming on the same moment adds nothing.
    uniqueIndex('automation_timers_uq').on(t.enterpriseId, t.orderId, t.timedEventId, t.fireAt),
    // The order's armed timers, checked on each of its moves.
    index('automation_timers_armed_idx').on(t.enterpriseId, t.orderId).where(sql`state = 0`),
  ],
);

/** Notification settings per event (NOTIFY_EVENTS): channels and template; no row means the defaults. */
export const notifySettings = pgTable(
  'notify_settings',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    event: smallint('event').notNull(),
    channels: text('channels').array().notNull().default(sql`'{}'::text[]`),
    template: text('template').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.event] })],
);

/** The enterprise-messaging robot: 1 DingTalk, 2 WeCom; the URL its posts go to and the DingTalk signing secret. */
export const notifyRobots = pgTable('notify_robots', {
  enterpriseId: enterpriseIdCol()
    .primaryKey()
    .references(() => enterprises.id, { onDelete: 'cascade' }),
  robotType: smallint('robot_type').notNull().default(1),
  robotUrl: text('robot_url').notNull().default(''),
  robotSecret: text('robot_secret').notNull().default(''),
  updatedAt: updatedAt(),
});

/**
 * Outgoing HTTP posts (kind 1 webhook, 2 robot), logged and re-sendable. Status 0 to send, 1 delivered,
 * 2 waiting for a retry, 3 failed. The order and rule are kept as plain ids: the log outlives them.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    kind: smallint('kind').notNull().default(1),
    orderId: ref('order_id'),
    ruleId: ref('rule_id'),
    url: text('url').notNull(),
    secret: text('secret').notNull().default(''),
    /** Robot format (1 DingTalk, 2 WeCom) for kind 2. */
    robotType: smallint('robot_type'),
    body: text('body').notNull(),
    status: smallint('status').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    lastCode: integer('last_code'),
    lastError: text('last_error'),
    nextAttemptAt: ts('next_attempt_at'),
    deliveredAt: ts('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.id] })],
);
