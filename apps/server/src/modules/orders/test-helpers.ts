import { powersOfRole } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/client';
import { makeUser } from '../../test/factories';
import type { SystemActor } from '../../platform/actor';

/** A user of one role as the order services see them. */
export async function orderViewer(db: Db, enterpriseId: number, role: number): Promise<SystemActor> {
  const u = await makeUser(db, enterpriseId, { roles: [role] });
  return { id: u.id, enterpriseId, sysrole: role, admin: role === 3, providerId: null, powers: powersOfRole(role) };
}

/** An order written straight into the table (the create service has its own tests), with an order type and a customer. */
export async function insertOrder(db: Db, enterpriseId: number, cols: Record<string, unknown> = {}): Promise<number> {
  const [tpl] = await rows<{ id: number }>(
    db,
    sql`insert into form_templates (enterprise_id, form_kind, name) values (${enterpriseId}, 1, ${`类型${Math.random().toString(36).slice(2, 8)}`}) returning id`,
  );
  const [c] = await rows<{ id: number }>(db, sql`insert into customers (enterprise_id, name) values (${enterpriseId}, '测试客户') returning id`);
  const all: Record<string, unknown> = {
    order_no: `T${Math.random().toString(36).slice(2, 10)}`,
    template_id: tpl?.id,
    customer_id: c?.id,
    title: '空调不制冷',
    state: 1,
    ...cols,
  };
  const names = Object.keys(all).map((k) => sql.identifier(k));
  const values = Object.values(all).map((v) => (v !== null && typeof v === 'object' ? sql`${JSON.stringify(v)}::jsonb` : sql`${v}`));
  const [o] = await rows<{ id: number }>(
    db,
    sql`insert into orders (enterprise_id, ${sql.join(names, sql`, `)}) values (${enterpriseId}, ${sql.join(values, sql`, `)}) returning id`,
  );
  return Number(o?.id);
}
