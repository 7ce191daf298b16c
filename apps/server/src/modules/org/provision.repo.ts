// The reads of the org's provisioning and demo step (org.provision.ts) that are not plain builder statements.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import { users } from '../../db/schema/index';

/** The count of an enterprise's departments or service groups. */
export async function orgRowCount(tx: Tx, table: 'departments' | 'service_groups', enterpriseId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.identifier(table)} where enterprise_id = ${enterpriseId}`);
  return r?.n ?? 0;
}

/** The password hash of an administrator (role 3) of the enterprise, for the demo's provider user. */
export async function adminPasswordHash(tx: Tx, enterpriseId: number): Promise<string | null> {
  const [admin] = await tx
    .select({ hash: users.passwordHash })
    .from(users)
    .where(and(eq(users.enterpriseId, enterpriseId), isNull(users.deletedAt), sql`${users.roles} @> array[3]::smallint[]`));
  return admin?.hash ?? null;
}
