import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { stateLogTable } from './logs';
import { installedProducts, maintainContracts, customers } from './customers';
import { formTemplates } from './forms';
import { enterprises, users } from './platform';

/** Cycle templates (周期模板): the frequency and what every generated order carries (type, title, service items, checklist). */
export const cycleTemplates = pgTable(
  'cycle_templates',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    name: text('name').notNull(),
    every: integer('every').notNull(),
    /** Time units: 3 day, 4 month. */
    unit: smallint('unit').notNull(),
    orderTypeId: ref('order_type_id'),
    orderTitle: text('order_title'),
    serviceItemIds: bigint('service_item_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    checklist: jsonb('checklist').$type<string[]>().notNull().default([]),
    remark: text('remark'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({
      name: 'cycle_templates_order_type_fk',
      columns: [t.enterpriseId, t.orderTypeId],
      foreignColumns: [formTemplates.enterpriseId, formTemplates.id],
    }),
    foreignKey({ name: 'cycle_templates_created_by_fk', columns: [t.enterpriseId, t.createdBy], foreignColumns: [users.enterpriseId, users.id] }),
    index('cycle_templates_live_idx').on(t.enterpriseId, t.id).where(sql`deleted_at is null`),
  ],
);

/**
 * Cycle plans (周期计划): a template applied to an installed product or a maintenance contract, from a start rule.
 * State by cyclePlanMachine: 1 执行中, 2 已暂停, 3 已结束. `last_due_date` / `last_order_id`: the latest generation.
 */
export const cyclePlans = pgTable(
  'cycle_plans',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    name: text('name').notNull(),
    templateId: ref('template_id').notNull(),
    /** 1 installed product, 2 maintenance contract. */
    targetType: smallint('target_type').notNull(),
    installedProductId: ref('installed_product_id'),
    contractId: ref('contract_id'),
    customerId: ref('customer_id').notNull(),
    /** 1 fixed date, 2 purchase time, 3 install time. */
    startType: smallint('start_type').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    dayOfPeriod: smallint('day_of_period'),
    endDate: date('end_date', { mode: 'string' }),
    remark: text('remark'),
    /** The engineer the plan names: its orders are dispatched to him (else the enterprise's dispatch rules decide). */
    engineerId: ref('engineer_id'),
    state: smallint('state').notNull().default(1),
    version: integer('version').notNull().default(0),
    lastDueDate: date('last_due_date', { mode: 'string' }),
    lastOrderId: ref('last_order_id'),
    createdBy: ref('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ name: 'cycle_plans_template_fk', columns: [t.enterpriseId, t.templateId], foreignColumns: [cycleTemplates.enterpriseId, cycleTemplates.id] }),
    foreignKey({
      name: 'cycle_plans_product_fk',
      columns: [t.enterpriseId, t.installedProductId],
      foreignColumns: [installedProducts.enterpriseId, installedProducts.id],
    }),
    foreignKey({
      name: 'cycle_plans_contract_fk',
      columns: [t.enterpriseId, t.contractId],
      foreignColumns: [maintainContracts.enterpriseId, maintainContracts.id],
    }),
    foreignKey({ name: 'cycle_plans_customer_fk', columns: [t.enterpriseId, t.customerId], foreignColumns: [customers.enterpriseId, customers.id] }),
    foreignKey({ name: 'cycle_plans_created_by_fk', columns: [t.enterpriseId, t.createdBy], foreignColumns: [users.enterpriseId, users.id] }),
    foreignKey({ name: 'cycle_plans_engineer_fk', columns: [t.enterpriseId, t.engineerId], foreignColumns: [users.enterpriseId, users.id] }),
    index('cycle_plans_engineer_idx').on(t.enterpriseId, t.engineerId),
    index('cycle_plans_created_idx').on(t.enterpriseId, t.createdAt, t.id),
    /** The job walks the plans in progress by id; the list filters by state. */
    index('cycle_plans_state_idx').on(t.enterpriseId, t.state, t.id),
    index('cycle_plans_template_idx').on(t.enterpriseId, t.templateId),
    index('cycle_plans_customer_idx').on(t.enterpriseId, t.customerId),
    index('cycle_plans_product_idx').on(t.enterpriseId, t.installedProductId),
    index('cycle_plans_contract_idx').on(t.enterpriseId, t.contractId),
  ],
);

/** Append-only state log of cycle plans (platform/state.ts). */
export const cyclePlanLogs = stateLogTable('cycle_plan_logs', 'plan_id', cyclePlans);

/**
 * The orders a plan generated: the primary key (plan, due date) is the once-only key. The job inserts it with
 * `on conflict do nothing` in the transaction that creates the order, so a second run or instance makes nothing.
 * No foreign key to the order: the row outlives an order purged from the bin, so its date is never generated again.
 */
export const cyclePlanOrders = pgTable(
  'cycle_plan_orders',
  {
    enterpriseId: enterpriseIdCol(),
    planId: ref('plan_id').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    nominalDate: date('nominal_date', { mode: 'string' }).notNull(),
    orderId: ref('order_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.planId, t.dueDate] }),
    foreignKey({ name: 'cycle_plan_orders_plan_fk', columns: [t.enterpriseId, t.planId], foreignColumns: [cyclePlans.enterpriseId, cyclePlans.id] }).onDelete(
      'cascade',
    ),
    index('cycle_plan_orders_order_idx').on(t.enterpriseId, t.orderId),
  ],
);
