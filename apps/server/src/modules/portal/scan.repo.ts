// Queries of 扫码报修 without an account (docs/portal.md). A stranger names a product only by its QR code and an order
// only by the follow link's token: each query reads that one row, and nothing of its customer.
import { ORDER_STATES } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { apiTime } from '../../platform/sql';

export interface ScanProductRow {
  enterprise_id: number;
  enterprise_name: string;
  time_zone: string;
  id: number;
  customer_id: number | null;
  name: string;
  model: string | null;
  serial_number: string | null;
  warranty_end: string | null;
  extended_end: string | null;
}

/**
 * The product a QR code names. Codes are random per product (12 characters); were one code in two enterprises, the
 * label could not tell which is meant, and neither is answered.
 */
export async function productByCode(ex: Executor, code: string): Promise<ScanProductRow | undefined> {
  const found = await rows<ScanProductRow>(
    ex,
    sql`select p.enterprise_id::int, e.name as enterprise_name, e.time_zone, p.id::int, p.customer_id::int, p.name, m.model,
        p.serial_number, to_char(p.warranty_end, 'YYYY-MM-DD') as warranty_end, to_char(p.extended_end, 'YYYY-MM-DD') as extended_end
      from installed_products p
      join enterprises e on e.id = p.enterprise_id
      left join product_models m on m.enterprise_id = p.enterprise_id and m.id = p.product_id
      where p.qr_code = ${code}
      limit 2`,
  );
  return found.length === 1 ? found[0] : undefined;
}

export const insertScanReport = (
  ex: Executor,
  r: { enterpriseId: number; orderId: number; productId: number; mobile: string; tokenHash: string; ip: string },
) =>
  ex.execute(sql`insert into scan_reports (enterprise_id, order_id, product_id, mobile, token_hash, ip)
    values (${r.enterpriseId}, ${r.orderId}, ${r.productId}, ${r.mobile}, ${r.tokenHash}, ${r.ip})`);

/** A time in the enterprise's zone (alias e), as the API writes times. */
const inZone = (col: SQL): SQL<string> => sql<string>`to_char(${col} at time zone e.time_zone, 'YYYY-MM-DD HH24:MI:SS')`;

interface TrackRaw {
  enterprise_id: number;
  time_zone: string;
  enterprise_name: string;
  order_id: number;
  orderNo: string;
  title: string;
  state: number;
  productName: string | null;
  engineerName: string | null;
  appointment: string | null;
  finishTime: string | null;
  create_time: string;
}

/** The one order a follow link names (not in the recycle bin), with what the reporter may see of it. */
export async function trackedOrder(ex: Executor, tokenHash: string): Promise<TrackRaw | undefined> {
  const [r] = await rows<TrackRaw>(
    ex,
    sql`select e.id::int as enterprise_id, e.time_zone, e.name as enterprise_name, o.id::int as order_id, o.order_no as "orderNo", o.title,
        o.state::int, ip.name as "productName", u.name as "engineerName",
        case when o.appointment_at is null then null else ${inZone(sql`o.appointment_at`)} end as appointment,
        case when o.finished_at is null then null else ${inZone(sql`o.finished_at`)} end as "finishTime",
        ${inZone(sql`o.created_at`)} as create_time
      from scan_reports s
      join enterprises e on e.id = s.enterprise_id
      join orders o on o.enterprise_id = s.enterprise_id and o.id = s.order_id and o.deleted_at is null
      left join installed_products ip on ip.enterprise_id = o.enterprise_id and ip.id = o.installed_product_id
      left join users u on u.enterprise_id = o.enterprise_id and u.id = o.service_user_id
      where s.token_hash = ${tokenHash}`,
  );
  return r;
}

/** The order's moves, as the portal shows them. */
export async function trackTimeline(ex: Executor, enterpriseId: number, orderId: number, timeZone: string) {
  const logs = await rows<{ state: number; create_time: string }>(
    ex,
    sql`select l.to_state::int as state, ${apiTime(sql`l.created_at`, timeZone)} as create_time
      from order_logs l
      where l.enterprise_id = ${enterpriseId} and l.order_id = ${orderId} and (l.from_state is null or l.from_state <> l.to_state)
      order by l.created_at, l.id`,
  );
  return logs.map((l) => ({ ...l, label: ORDER_STATES[l.state as keyof typeof ORDER_STATES]?.label ?? String(l.state) }));
}
