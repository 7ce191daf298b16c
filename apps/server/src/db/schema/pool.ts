import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, ts, updatedAt } from './columns';
import { formTemplates } from './forms';
import { orders } from './orders';
import { enterprises, users } from './platform';

/**
 * The order pool (工单池). An order is in the pool while orders.in_pool is set; the pool's own
 * facts live here: the rules that pool a new order, each engineer's eligibility and what an entry requires.
 */

const skills = () => text('skills').array().notNull().default(sql`'{}'::text[]`);

/** A new order that matches a rule (order type, area; empty matches any) and is still unassigned enters the pool. */
export const poolRules = pgTable(
  'pool_rules',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    templateId: ref('template_id'),
    provinceCode: text('province_code'),
    cityCode: text('city_code'),
    districtCode: text('district_code'),
    /** Skill tags an engineer needs to see the pooled order. */
    skills: skills(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({
      name: 'pool_rules_template_fk',
      columns: [t.enterpriseId, t.templateId],
      foreignColumns: [formTemplates.enterpriseId, formTemplates.id],
    }).onDelete('cascade'),
    index('pool_rules_sort_idx').on(t.enterpriseId, t.sort, t.id),
  ],
);

/** An engineer's pool eligibility: service areas (area codes) or a base with a radius, skill tags, a daily cap (0 none). */
export const poolProfiles = pgTable(
  'pool_profiles',
  {
    enterpriseId: enterpriseIdCol(),
    userId: ref('user_id').notNull(),
    areaCodes: text('area_codes').array().notNull().default(sql`'{}'::text[]`),
    baseLat: doublePrecision('base_lat'),
    baseLng: doublePrecision('base_lng'),
    radiusM: integer('radius_m'),
    skills: skills(),
    dailyCap: integer('daily_cap').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.userId] }),
    foreignKey({ name: 'pool_profiles_user_fk', columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }).onDelete('cascade'),
  ],
);

/** What the latest pooling of an order requires and who did it (kept after it leaves; read only while in_pool). */
export const poolEntries = pgTable(
  'pool_entries',
  {
    enterpriseId: enterpriseIdCol(),
    orderId: ref('order_id').notNull(),
    skills: skills(),
    ruleId: ref('rule_id'),
    pooledBy: ref('pooled_by'),
    pooledAt: ts('pooled_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.orderId] }),
    foreignKey({ name: 'pool_entries_order_fk', columns: [t.enterpriseId, t.orderId], foreignColumns: [orders.enterpriseId, orders.id] }).onDelete('cascade'),
  ],
);
