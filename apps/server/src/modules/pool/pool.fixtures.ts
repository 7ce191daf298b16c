import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import { type Client, loggedIn } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import type { Team } from '../orders/actions.fixtures';
import { orderIn } from '../orders/actions.fixtures';

/** Sets one system setting of the enterprise (the pool is off by default). */
export async function setSetting(t: TestApp, ep: number, code: string, value: string): Promise<void> {
  await t.deps.db.execute(sql`insert into system_settings (enterprise_id, code, value) values (${ep}, ${code}, ${value})
    on conflict (enterprise_id, code) do update set value = excluded.value`);
}

/** An order of the team waiting in the pool (written straight in, as a dispatcher's put would leave it). */
export async function pooledOrder(t: TestApp, tm: Team, cols: Record<string, unknown> = {}, skills: string[] = []): Promise<number> {
  const id = await orderIn(t, tm, 1, { in_pool: true, ...cols });
  // A put always records its entry (with the skills asked for, maybe none).
  await t.deps.db.execute(sql`insert into pool_entries (enterprise_id, order_id, skills) values (${tm.ep}, ${id}, ${`{${skills.join(',')}}`}::text[])`);
  return id;
}

/** `n` more engineers of the enterprise, each logged in. */
export async function engineers(t: TestApp, ep: number, n: number) {
  const out: { client: Client; id: number }[] = [];
  for (let i = 0; i < n; i++) {
    const u = await loggedIn(t.app, t.deps.db, { roles: [2], enterpriseId: ep });
    out.push({ client: u.client, id: u.user.id });
  }
  return out;
}

export const poolLogs = (t: TestApp, ep: number, id: number) =>
  rows<{ action: string; user_id: number | null; note: string | null; changed: Record<string, unknown> | null }>(
    t.deps.db,
    sql`select action, user_id, note, changed from order_logs where enterprise_id = ${ep} and order_id = ${id} order by id`,
  );
