import { boolean, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, updatedAt } from './columns';
import { formTemplates } from './forms';
import { serviceGroups, serviceProviders } from './org';
import { enterprises, users } from './platform';

/**
 * Who gets a new order automatically: the rules of /orderingRule, tried in `sort` order, each
 * matching one thing of the order (kind: 1 order type, 2 service area, 3 service group, 4 product category) and
 * naming an assignee (target: 1 a service person, 2 the least-loaded engineer of a group, 3 a service provider).
 */
export const dispatchRules = pgTable(
  'dispatch_rules',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    name: text('name').notNull(),
    kind: smallint('kind').notNull(),
    templateId: ref('template_id'),
    /** Province (2 digits), city (4) or district (6) code of the order's address. */
    areaCode: text('area_code'),
    groupId: ref('group_id'),
    category: text('category'),
    targetType: smallint('target_type').notNull(),
    targetUserId: ref('target_user_id'),
    targetGroupId: ref('target_group_id'),
    targetProviderId: ref('target_provider_id'),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({
      name: 'dispatch_rules_template_fk',
      columns: [t.enterpriseId, t.templateId],
      foreignColumns: [formTemplates.enterpriseId, formTemplates.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'dispatch_rules_group_fk',
      columns: [t.enterpriseId, t.groupId],
      foreignColumns: [serviceGroups.enterpriseId, serviceGroups.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'dispatch_rules_user_fk', columns: [t.enterpriseId, t.targetUserId], foreignColumns: [users.enterpriseId, users.id] }),
    foreignKey({
      name: 'dispatch_rules_target_group_fk',
      columns: [t.enterpriseId, t.targetGroupId],
      foreignColumns: [serviceGroups.enterpriseId, serviceGroups.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'dispatch_rules_provider_fk',
      columns: [t.enterpriseId, t.targetProviderId],
      foreignColumns: [serviceProviders.enterpriseId, serviceProviders.id],
    }),
    index('dispatch_rules_sort_idx').on(t.enterpriseId, t.sort, t.id),
  ],
);

/**
 * The default dispatch (/v2/processSet/getDefaultDispatch): when no rule matches, an enabled default names the
 * assignee (target: 1 a person, 2 a group's least-loaded engineer, 3 a provider, 4 the order's own service group).
 */
export const dispatchSettings = pgTable(
  'dispatch_settings',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    targetType: smallint('target_type').notNull().default(4),
    targetUserId: ref('target_user_id'),
    targetGroupId: ref('target_group_id'),
    targetProviderId: ref('target_provider_id'),
    updatedBy: ref('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId] }),
    foreignKey({ name: 'dispatch_settings_user_fk', columns: [t.enterpriseId, t.targetUserId], foreignColumns: [users.enterpriseId, users.id] }),
    // No ON DELETE SET NULL: on a composite key it would null enterprise_id too; the team's delete detaches it.
    foreignKey({
      name: 'dispatch_settings_group_fk',
      columns: [t.enterpriseId, t.targetGroupId],
      foreignColumns: [serviceGroups.enterpriseId, serviceGroups.id],
    }),
    foreignKey({
      name: 'dispatch_settings_provider_fk',
      columns: [t.enterpriseId, t.targetProviderId],
      foreignColumns: [serviceProviders.enterpriseId, serviceProviders.id],
    }),
    foreignKey({ name: 'dispatch_settings_updated_by_fk', columns: [t.enterpriseId, t.updatedBy], foreignColumns: [users.enterpriseId, users.id] }),
  ],
);
