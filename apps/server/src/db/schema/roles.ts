import { sql } from 'drizzle-orm';
import { pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { enterpriseIdCol, primaryKey, ref, updatedAt } from './columns';
import { enterprises } from './platform';

/**
 * An enterprise's edit of a role's powers (角色权限): what it adds to and removes from the role's defaults
 * (packages/shared/src/auth/powers.ts ROLE_POWERS). No row: the defaults. Read by the session query.
 */
export const rolePowers = pgTable(
  'role_powers',
  {
    enterpriseId: enterpriseIdCol().references(() => enterprises.id, { onDelete: 'cascade' }),
    /** Role 1–10 (packages/shared/src/auth/roles.ts), not a table row. */
    role: smallint('role').notNull(),
    added: text('added').array().notNull().default(sql`'{}'::text[]`),
    removed: text('removed').array().notNull().default(sql`'{}'::text[]`),
    updatedBy: ref('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.enterpriseId, t.role] })],
);
