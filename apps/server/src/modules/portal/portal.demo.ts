import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import type { DemoStep } from '../../platform/demo/data';
import { upsertSetting } from '../settings/index';

/** The demo's portal account (README's demo users): the customer of 钱销售's sent quotation, with its in-warranty product. */
export const DEMO_PORTAL_MOBILE = '13820000001';
/** The demo's QR sticker (README): a product of another customer, reported by a stranger at /portal/scan?code=DEMOQR0001. */
export const DEMO_QR_CODE = 'DEMOQR0001';
export const DEMO_SERVICE_PHONE = '400-820-8820';

/**
 * A portal account for the customer the salesperson's sent quotation is for (docs/portal.md), so the portal shows an
 * in-warranty product, a quotation to accept and the customer's orders. Its password is the demo accounts' (the
 * salesperson's stored hash of DEMO_PASSWORD: the seed writes hashes, so the common-password rule does not apply).
 */
async function seedDemoPortal(tx: Tx, enterpriseId: number): Promise<void> {
  const [q] = await rows<{ customer_id: number; created_by: number; hash: string }>(
    tx,
    sql`select q.customer_id::int, q.sales_id::int as created_by, u.password_hash as hash from quotations q
      join users u on u.enterprise_id = q.enterprise_id and u.id = q.sales_id
      where q.enterprise_id = ${enterpriseId} and q.state = 2 order by q.id limit 1`,
  );
  if (!q?.hash) return;
  const [c] = await rows<{ id: number; name: string }>(
    tx,
    sql`select id::int, name from customer_contacts where enterprise_id = ${enterpriseId} and customer_id = ${q.customer_id}
      order by is_primary desc, id limit 1`,
  );
  await tx.execute(sql`insert into home_accounts (enterprise_id, customer_id, link_person_id, name, mobile, password_hash, created_by)
    values (${enterpriseId}, ${q.customer_id}, ${c?.id ?? null}, ${c?.name ?? '客户'}, ${DEMO_PORTAL_MOBILE}, ${q.hash}, ${q.created_by})
    on conflict do nothing`);
  // 扫码报修: the service phone its page shows, and one product whose sticker a stranger scans (the first enterprise seeded keeps it).
  await upsertSetting(tx, enterpriseId, 'service_phone', DEMO_SERVICE_PHONE, q.created_by);
  await tx.execute(sql`update installed_products set qr_code = ${DEMO_QR_CODE}
    where enterprise_id = ${enterpriseId} and not exists (select 1 from installed_products where qr_code = ${DEMO_QR_CODE})
      and id = (select id from installed_products where enterprise_id = ${enterpriseId} and customer_id is not null
        and customer_id <> ${q.customer_id} order by id limit 1)`);
}

export const portalDemoStep: DemoStep = { name: 'portal.demo', after: ['commerce.demo'], run: seedDemoPortal };
