import { index, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, enterpriseIdCol, foreignKey, idCol, primaryKey, ref, updatedAt } from './columns';
import { enterprises, serviceProviders, users } from './platform';

export { serviceProviders };

/** Service groups (teams) with one optional leader. */
export const serviceGroups = pgTable(
  'service_groups',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    id: idCol(),
    name: text('name').notNull(),
    /** 1 internal team, 2 outsourced team */
    type: smallint('type').notNull().default(1),
    leaderId: ref('leader_id'),
    remark: text('remark'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.id] }),
    foreignKey({ columns: [t.enterpriseId, t.leaderId], foreignColumns: [users.enterpriseId, users.id] }),
    uniqueIndex('service_groups_name_uq').on(t.enterpriseId, t.name),
    index('service_groups_type_idx').on(t.enterpriseId, t.type),
    index('service_groups_leader_idx').on(t.enterpriseId, t.leaderId),
  ],
);

export const serviceGroupMembers = pgTable(
  'service_group_members',
  {
    enterpriseId: enterpriseIdCol(),
    groupId: ref('group_id').notNull(),
    userId: ref('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.enterpriseId, t.groupId, t.userId] }),
    foreignKey({ columns: [t.enterpriseId, t.groupId], foreignColumns: [serviceGroups.enterpriseId, serviceGroups.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.enterpriseId, t.userId], foreignColumns: [users.enterpriseId, users.id] }),
    index('service_group_members_user_idx').on(t.enterpriseId, t.userId),
  ],
);
