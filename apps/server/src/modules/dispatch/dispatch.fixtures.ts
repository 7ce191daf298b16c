import { sql } from 'drizzle-orm';
import { rows } from '../../db/client';
import { makeUser } from '../../test/factories';
import type { TestApp } from '../../test/harness';

/** A service group of the enterprise with these members. */
export async function groupOf(t: TestApp, ep: number, name: string, members: number[]): Promise<number> {
  const [g] = await rows<{ id: number }>(t.deps.db, sql`insert into service_groups (enterprise_id, name) values (${ep}, ${name}) returning id`);
  for (const u of members) await t.deps.db.execute(sql`insert into service_group_members (enterprise_id, group_id, user_id) values (${ep}, ${g?.id}, ${u})`);
  return g?.id ?? Number.NaN;
}

/** A service provider (partner type 1 by default). */
export async function providerOf(t: TestApp, ep: number, name: string, partnerType = 1, enabled = true): Promise<number> {
  const [p] = await rows<{ id: number }>(
    t.deps.db,
    sql`insert into service_providers (enterprise_id, name, partner_type, enabled) values (${ep}, ${name}, ${partnerType}, ${enabled}) returning id`,
  );
  return Number(p?.id);
}

/** An engineer (role 2) of the enterprise, optionally an outsourced user of a provider. */
export async function engineerOf(t: TestApp, ep: number, name: string, providerId?: number): Promise<number> {
  const u = await makeUser(t.deps.db, ep, { roles: [2], name });
  if (providerId) await t.deps.db.execute(sql`update users set user_type = 1, provider_id = ${providerId} where enterprise_id = ${ep} and id = ${u.id}`);
  return u.id;
}

/** An installed product of a catalogue model in a category, for an order to concern. */
export async function productIn(t: TestApp, ep: number, category: string): Promise<number> {
  const [m] = await rows<{ id: number }>(
    t.deps.db,
    sql`insert into product_models (enterprise_id, name, category) values (${ep}, ${`型号${category}`}, ${category}) returning id`,
  );
  const [p] = await rows<{ id: number }>(
    t.deps.db,
    sql`insert into installed_products (enterprise_id, product_id, name, qr_code) values (${ep}, ${m?.id}, '设备', ${`qr${Math.random().toString(36).slice(2)}`}) returning id`,
  );
  return Number(p?.id);
}

/** A template (order type) id of an order. */
export async function templateOf(t: TestApp, ep: number, orderId: number): Promise<number> {
  const [o] = await rows<{ template_id: number }>(t.deps.db, sql`select template_id from orders where enterprise_id = ${ep} and id = ${orderId}`);
  return Number(o?.template_id);
}
