// The enterprise row quick deploy reads (its industry) and serialises on.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/** The industry the enterprise registered, or null. */
export async function enterpriseIndustry(ex: Executor, enterpriseId: number): Promise<string | null> {
  const [r] = await rows<{ industry: string | null }>(ex, sql`select industry from enterprises where id = ${enterpriseId}`);
  return r?.industry ?? null;
}

/** One lock of the enterprise row for every module (org/enterprise.repo.ts). */
export { lockEnterprise } from '../org/index';
