// The enterprise row quick deploy reads (its industry) and serialises on.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/** The industry the enterprise registered, or null. */
export async function enterpriseIndustry(ex: Executor, enterpriseId: number): Promise<string | null> {
  const [r] = await rows<{ industry: string | null }>(ex, sql`select industry from enterprises where id = ${enterpriseId}`);
  return r?.industry ?? null;
}

/** Takes the enterprise's row (for no key update) until the transaction ends. */
export async function lockEnterprise(tx: Executor, enterpriseId: number): Promise<void> {
  await tx.execute(sql`select id from enterprises where id = ${enterpriseId} for no key update`);
}
