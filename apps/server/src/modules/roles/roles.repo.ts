import type { RoleOverride } from '@sk/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rolePowers } from '../../db/schema/index';

export interface RolePowerRow extends RoleOverride {
  role: number;
  updateTime: string;
}

const shown = (tz: string) => ({
  role: rolePowers.role,
  added: rolePowers.added,
  removed: rolePowers.removed,
  updateTime: sql<string>`to_char(${rolePowers.updatedAt} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`,
});

/** The enterprise's edited roles (at most ten rows). */
export function editedRoles(ex: Executor, enterpriseId: number, tz: string): Promise<RolePowerRow[]> {
  return ex.select(shown(tz)).from(rolePowers).where(eq(rolePowers.enterpriseId, enterpriseId));
}

/** One statement: parallel saves of one role each replace the whole edit, the last one standing whole. */
export async function upsertRole(ex: Executor, enterpriseId: number, tz: string, role: number, o: RoleOverride, userId: number): Promise<RolePowerRow> {
  const [row] = await ex
    .insert(rolePowers)
    .values({ enterpriseId, role, added: [...o.added], removed: [...o.removed], updatedBy: userId })
    .onConflictDoUpdate({
      target: [rolePowers.enterpriseId, rolePowers.role],
      set: { added: [...o.added], removed: [...o.removed], updatedBy: userId, updatedAt: sql`now()` },
    })
    .returning(shown(tz));
  if (!row) throw new Error('role_powers upsert returned nothing');
  return row;
}

/** Back to the defaults: the edit goes. */
export async function deleteRole(ex: Executor, enterpriseId: number, role: number): Promise<void> {
  await ex.delete(rolePowers).where(and(eq(rolePowers.enterpriseId, enterpriseId), eq(rolePowers.role, role)));
}
