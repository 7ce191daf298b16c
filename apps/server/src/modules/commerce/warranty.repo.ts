// Queries of the extended warranties (warranty.service.ts holds the rules): the list and its row, the product an
// extension is sold on, the insert, the state logs' read and the extensions due to expire.
import type { QueryOf, WarrantyExtRow, warrantyExtContract as W } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, listPage, pageSql } from '../../platform/list';
import { apiTime } from '../../platform/sql';
import { customerScope } from '../customers/index';

/** A salesperson sees the extensions of his own customers; the other holders of the page see all. */
export const extensionScope = (a: Actor, alias = 'e'): SQL => customerScope(a, sql`${sql.identifier(alias)}.customer_id`);

/** The columns are aliased to the contract's names: a row as read is the contract's row. */
const select = (tz: string) => sql`select e.id::int, e.ext_no as "extNo", e.installed_product_id::int as "installedProductId", p.name as "productName",
    p.serial_number as "serialNumber", e.customer_id::int as "customerId", c.name as "customerName", e.period, e.unit,
    to_char(e.start_date, 'YYYY-MM-DD') as "startDate", to_char(e.end_date, 'YYYY-MM-DD') as "endDate", e.price_cents::int as "priceCents",
    e.state, u.name as "creatorName", e.remark, ${apiTime(sql`e.created_at`, tz)} as create_time
  from warranty_extensions e
  join installed_products p on p.enterprise_id = e.enterprise_id and p.id = e.installed_product_id
  left join customers c on c.enterprise_id = e.enterprise_id and c.id = e.customer_id
  left join users u on u.enterprise_id = e.enterprise_id and u.id = e.created_by`;

/** One page of extensions under the caller's scope (`scope`, on alias e), newest first. */
export function extensionPage(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, scope: SQL, q: QueryOf<typeof W.list>) {
  const conds: SQL[] = [sql`e.enterprise_id = ${a.enterpriseId}`, scope];
  if (q.state) conds.push(sql`e.state = ${q.state}`);
  if (q.installedProductId) conds.push(sql`e.installed_product_id = ${q.installedProductId}`);
  if (q.customerId) conds.push(sql`e.customer_id = ${q.customerId}`);
  if (q.keyword) conds.push(sql`e.ext_no = ${q.keyword}`);
  const where = sql.join(conds, sql` and `);
  return listPage(
    q,
    () => rows<WarrantyExtRow>(ex, sql`${select(a.timeZone)} where ${where} order by e.created_at desc, e.id desc ${pageSql(q)}`),
    () => countOf(ex, sql`warranty_extensions e`, where),
  );
}

/** One extension under the caller's scope, or undefined. */
export async function extensionRow(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number, scope: SQL) {
  const [e] = await rows<WarrantyExtRow>(ex, sql`${select(a.timeZone)} where e.enterprise_id = ${a.enterpriseId} and e.id = ${id} and ${scope}`);
  return e;
}

/** The customer and name of an installed unit, or undefined. */
export async function unitOwner(ex: Executor, ep: number, productId: number) {
  const [p] = await rows<{ customer_id: number | null; name: string }>(
    ex,
    sql`select customer_id, name from installed_products where enterprise_id = ${ep} and id = ${productId}`,
  );
  return p;
}

export async function insertExtension(
  ex: Executor,
  ep: number,
  e: {
    no: string;
    productId: number;
    customerId: number;
    period: number;
    unit: number;
    start: string;
    end: string;
    priceCents: number;
    remark: string;
    createdBy: number;
  },
): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into warranty_extensions (enterprise_id, ext_no, installed_product_id, customer_id, period, unit, start_date, end_date, price_cents, remark, created_by)
          values (${ep}, ${e.no}, ${e.productId}, ${e.customerId}, ${e.period}, ${e.unit}, ${e.start}, ${e.end}, ${e.priceCents},
            ${e.remark}, ${e.createdBy}) returning id::int`,
  );
  return (r as { id: number }).id;
}

/** A record's state log (`table`, its record column `column`), oldest first. */
export function stateLogRows(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, table: string, column: string, id: number) {
  return rows<{ action: string; fromState: number | null; toState: number; note: string | null; userName: string | null; create_time: string }>(
    ex,
    sql`select l.action, l.from_state as "fromState", l.to_state as "toState", l.note, u.name as "userName", ${apiTime(sql`l.created_at`, a.timeZone)} as create_time
      from ${sql.identifier(table)} l left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${a.enterpriseId} and l.${sql.identifier(column)} = ${id} order by l.created_at, l.id`,
  );
}

/** Extensions in force past their last day in their enterprise's today (one enterprise, or all). */
export function expiredExtensions(ex: Executor, enterpriseId: number | null) {
  return rows<{ enterprise_id: number; id: number }>(
    ex,
    sql`select e.enterprise_id::int, e.id::int from warranty_extensions e join enterprises x on x.id = e.enterprise_id
      where e.state = 2 and e.end_date < (now() at time zone x.time_zone)::date ${enterpriseId == null ? sql`` : sql`and e.enterprise_id = ${enterpriseId}`}`,
  );
}

// ---- coverage ----

/**
 * Keeps the product's extension summary that its warranty answer reads (customers' productWarranty): extended_end = the
 * last day of its extensions in force (生效), extended_periods = the periods of those in force or run out (2, 3), by start.
 * Call in the changing transaction.
 */
export async function refreshExtendedEnd(ex: Executor, enterpriseId: number, productId: number): Promise<void> {
  await ex.execute(sql`update installed_products p set
      extended_end = (select max(e.end_date) from warranty_extensions e
        where e.enterprise_id = p.enterprise_id and e.installed_product_id = p.id and e.state = 2),
      extended_periods = coalesce((select jsonb_agg(jsonb_build_object('start', to_char(e.start_date, 'YYYY-MM-DD'), 'end', to_char(e.end_date, 'YYYY-MM-DD'))
          order by e.start_date, e.id) from warranty_extensions e
        where e.enterprise_id = p.enterprise_id and e.installed_product_id = p.id and e.state in (2, 3)), '[]'::jsonb),
      updated_at = now()
    where p.enterprise_id = ${enterpriseId} and p.id = ${productId}`);
}
