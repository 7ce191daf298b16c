// The soak's tenant: the demo enterprise (configured as a customer would have it: warehouses, parts, processes,
// approvals, SLA, the QR sticker), grown to a working size: more staff per role and the bench's orders.
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../apps/server/src/db/client';
import { hashPassword } from '../../apps/server/src/platform/crypto';
import { DEMO_PORTAL_MOBILE, DEMO_QR_CODE } from '../../apps/server/src/modules/portal/portal.demo';
import { seedOrders } from '../orders.seed';
import type { TenantFacts } from './types';

export const SOAK_PASSWORD = 'demo1234';
const DEMO = '演示企业';

export interface Tenant extends TenantFacts {
  enterpriseId: number;
  orders: number;
}

/** A value for each required field of the default template of a form kind: the first option, or a text. */
async function requiredExt(db: Db, ep: number, kind: number): Promise<Record<string, unknown>> {
  const fields = await rows<{ id: number; type: number; def: { options?: (string | { label?: string; value?: string })[] } }>(
    db,
    sql`select f.id, f.type, f.def from form_fields f join form_templates t on t.enterprise_id = f.enterprise_id and t.id = f.template_id
        where f.enterprise_id = ${ep} and t.form_kind = ${kind} and t.is_default and f.deleted_at is null and (f.def->>'required')::boolean`,
  );
  const ext: Record<string, unknown> = {};
  for (const f of fields) {
    const first = f.def.options?.[0];
    ext[String(f.id)] = first == null ? '压测填写' : typeof first === 'string' ? first : (first.value ?? first.label);
  }
  return ext;
}

/** Who settles the demo provider's last month, and its days with priced orders not on a statement yet (settle.demo.ts). */
async function settleFacts(db: Db, ep: number): Promise<Tenant['settle']> {
  const finance = await rows<{ mobile: string }>(
    db,
    sql`select mobile from users where enterprise_id = ${ep} and provider_id is null and enabled and not admin and 8 = any(roles)
        and password_hash is not null and mobile not like '166%' order by id`,
  );
  const [p] = await rows<{ id: number; mobile: string }>(
    db,
    sql`select p.id::int, u.mobile from service_providers p join users u on u.enterprise_id = p.enterprise_id and u.provider_id = p.id
        where p.enterprise_id = ${ep} and u.enabled and u.password_hash is not null order by p.id, u.id limit 1`,
  );
  const days = await rows<{ day: string }>(
    db,
    sql`select distinct to_char(o.finished_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day from orders o
        where o.enterprise_id = ${ep} and o.provider_id = ${p?.id ?? 0} and o.state = 5 and o.finished_at is not null
          and not exists (select 1 from settlement_lines l where l.enterprise_id = o.enterprise_id and l.order_id = o.id)
        order by 1`,
  );
  if (!p || finance.length < 2 || days.length === 0) return null;
  return { providerId: p.id, issuer: finance[0]?.mobile as string, approver: finance[1]?.mobile as string, provider: p.mobile, days: days.map((d) => d.day) };
}

/** An enabled item of a dictionary type (dict.constants.ts), the named one when it is there. */
async function firstDictItem(db: Db, ep: number, type: number, prefer: string): Promise<string> {
  const items = await rows<{ name: string }>(
    db,
    sql`select name from dict_items where enterprise_id = ${ep} and type = ${type} and enabled order by name = ${prefer} desc, sort, id limit 1`,
  );
  return items[0]?.name ?? prefer;
}

/** Staff added per role (mobiles 166 + role + number): the demo has one of each. */
const STAFF: { role: number; n: number; group: keyof Tenant['people'] }[] = [
  { role: 6, n: 6, group: 'desk' },
  { role: 1, n: 4, group: 'dispatch' },
  { role: 2, n: 40, group: 'engineers' },
  { role: 9, n: 2, group: 'keepers' },
  { role: 7, n: 3, group: 'visitors' },
];

async function addStaff(db: Db, ep: number): Promise<void> {
  const hash = await hashPassword(SOAK_PASSWORD);
  await db.execute(sql`update enterprises set buy_person_num = greatest(buy_person_num, 500) where id = ${ep}`);
  for (const s of STAFF) {
    await db.execute(sql`insert into users (enterprise_id, mobile, name, roles, sysrole, password_hash)
      select ${ep}, '166' || ${s.role}::text || lpad(g::text, 7, '0'), '压测' || ${s.group} || g, array[${s.role}]::smallint[], ${s.role}, ${hash}
      from generate_series(1, ${s.n}) g on conflict do nothing`);
  }
}

/** Grows the demo enterprise (seeded by the first instance) to the soak's size: staff, and at least `orders` orders. */
export async function soakTenant(db: Db, orders: number, log: (l: string) => void): Promise<Tenant> {
  const [e] = await rows<{ id: number }>(db, sql`select id from enterprises where name = ${DEMO} order by id limit 1`);
  if (!e) throw new Error(`no enterprise named ${DEMO}: the soak needs the demo on an empty database or one it filled`);
  const ep = Number(e.id);
  await addStaff(db, ep);
  const seeded = await seedOrders(db, ep, orders, 0);
  log(`${seeded.orders} orders (${seeded.reused ? 'reused' : `seeded in ${seeded.seconds.toFixed(0)} s`})`);
  const staff = await rows<{ mobile: string; role: number }>(
    db,
    sql`select mobile, sysrole as role from users where enterprise_id = ${ep} and enabled and password_hash is not null and not admin
        and (mobile like '166%' or mobile like '138000000%' or mobile like '138100000%')`,
  );
  const people: Tenant['people'] = { desk: [], dispatch: [], engineers: [], keepers: [], visitors: [] };
  for (const s of STAFF) people[s.group] = staff.filter((u) => Number(u.role) === s.role).map((u) => u.mobile);
  const customers = await rows<{ id: number }>(db, sql`select id from customers where enterprise_id = ${ep} order by id desc limit 2000`);
  const stock = await rows<{ warehouse_id: number; spare_id: number }>(
    db,
    sql`select s.warehouse_id, s.spare_id from stocks s join warehouses w on w.enterprise_id = s.enterprise_id and w.id = s.warehouse_id
        join spares p on p.enterprise_id = s.enterprise_id and p.id = s.spare_id
        where s.enterprise_id = ${ep} and w.kind = 1 and s.quantity > 0 and not p.serialized`,
  );
  const warehouses = new Map<number, number[]>();
  for (const r of stock) warehouses.set(Number(r.warehouse_id), [...(warehouses.get(Number(r.warehouse_id)) ?? []), Number(r.spare_id)]);
  return {
    enterpriseId: ep,
    orders: seeded.orders,
    people,
    customers: customers.map((c) => Number(c.id)),
    warehouses: [...warehouses].map(([id, spares]) => ({ id, spares })),
    scanCode: DEMO_QR_CODE,
    // Products a stranger can report (with a customer): the product takes 5 QR reports a day (SCAN_REPORTS_PER_PRODUCT_DAY,
    // HTTP 429), and an hour's reports spread over a few products reached it (a 60-minute run, 2026-11-29).
    scanCodes: (
      await rows<{ qr_code: string }>(
        db,
        sql`select qr_code from installed_products where enterprise_id = ${ep} and status = 1 and customer_id is not null
          order by id desc limit 500`,
      )
    ).map((p) => p.qr_code),
    // The demo's portal account (portal.demo.ts), when the demo made it.
    portalMobile: (await rows(db, sql`select 1 from home_accounts where enterprise_id = ${ep} and mobile = ${DEMO_PORTAL_MOBILE} and enabled`)).length
      ? DEMO_PORTAL_MOBILE
      : null,
    settle: await settleFacts(db, ep),
    failReason: await firstDictItem(db, ep, 119, '问题未解决'),
    complaintLevel: await firstDictItem(db, ep, 116, '一般投诉'),
    orderExt: await requiredExt(db, ep, 1),
    eventExt: await requiredExt(db, ep, 6),
  };
}
