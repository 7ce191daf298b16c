import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import { Client, loggedIn, makeUser } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { providerOf } from '../dispatch/dispatch.fixtures';
import { insertOrder } from '../orders/test-helpers';

/** One enterprise with two finance users (role 8), an engineer, two providers and a logged-in dispatcher (role 1) of each. */
export async function settleTeam(t: TestApp) {
  const fin = await loggedIn(t.app, t.deps.db, { roles: [8] });
  const ep = fin.enterpriseId;
  const as = async (role: number) => {
    const u = await loggedIn(t.app, t.deps.db, { roles: [role], enterpriseId: ep });
    return { client: u.client, id: u.user.id };
  };
  const providerUser = async (providerId: number) => {
    const u = await makeUser(t.deps.db, ep, { roles: [1, 2] });
    await t.deps.db.execute(sql`update users set user_type = 1, provider_id = ${providerId} where enterprise_id = ${ep} and id = ${u.id}`);
    return { client: await new Client(t.app).login(u.mobile, undefined, ep), id: u.id };
  };
  const p1 = await providerOf(t, ep, `服务商甲${Math.random().toString(36).slice(2, 6)}`);
  const p2 = await providerOf(t, ep, `服务商乙${Math.random().toString(36).slice(2, 6)}`);
  return {
    ep,
    finance: { client: fin.client, id: fin.user.id },
    /** A second finance user: the issuer never approves his own statement. */
    finance2: await as(8),
    admin: await as(3),
    engineer: await as(2),
    p1,
    p2,
    pu1: await providerUser(p1),
    pu2: await providerUser(p2),
  };
}
export type SettleTeam = Awaited<ReturnType<typeof settleTeam>>;

/** A provider's order already priced at `cents` at `pricedAt` (straight into the tables: pricing has its own tests). */
export async function pricedOrder(t: TestApp, ep: number, providerId: number, cents: number, pricedAt?: string): Promise<number> {
  const id = await insertOrder(t.deps.db, ep, { state: 5, provider_id: providerId });
  await t.deps.db.execute(sql`insert into provider_order_fees (enterprise_id, order_id, provider_id, base_cents, amount_cents, priced_at)
    values (${ep}, ${id}, ${providerId}, ${cents}, ${cents}, ${pricedAt ? sql`${pricedAt}::timestamptz` : sql`now()`})`);
  return id;
}

export const statementRow = async (t: TestApp, ep: number, id: number) =>
  (
    await rows<{ state: number; total_cents: number; line_count: number; version: number }>(
      t.deps.db,
      sql`select state, total_cents, line_count, version from settlements where enterprise_id = ${ep} and id = ${id}`,
    )
  )[0];

/** An approved claim payable at `payableAt` (straight into the table: the claim rules have their own tests). */
export async function payableClaim(t: TestApp, ep: number, providerId: number, applicantId: number, cents: number, payableAt: string): Promise<number> {
  const order = await insertOrder(t.deps.db, ep, { state: 5, provider_id: providerId });
  const [c] = await rows<{ id: number }>(
    t.deps.db,
    sql`insert into fee_claims (enterprise_id, claim_no, order_id, provider_id, applicant_id, kind, amount_cents, computed_cents, tolerance_pct, state,
        final_cents, decided_at, payable_at)
      values (${ep}, ${`FY${Math.random().toString(36).slice(2, 10)}`}, ${order}, ${providerId}, ${applicantId}, 2, ${cents}, ${cents}, 20, 2,
        ${cents}, ${payableAt}::timestamptz, ${payableAt}::timestamptz) returning id::int`,
  );
  if (!c) throw new Error('fee claim not inserted');
  return c.id;
}
