// The service report's reads beyond the money row (money.repo.ts) and its fees (fees.repo.ts): the names around the
// order, the engineer's notes, the parts in use, the field definitions and the stored images.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { bigints } from '../../platform/sql';
import { apiTime } from '../forms/index';

/** A part in use on the order as the report lists it. */
export type ReportPart = {
  name: string;
  code: string;
  quantity: number;
  unit: string | null;
  serialOut: string | null;
  serialIn: string | null;
  chargeable: boolean;
  amount: number;
};

type PartRaw = {
  name: string;
  code: string;
  quantity: number;
  unit: string | null;
  serial_out: string | null;
  serial_in: string | null;
  chargeable: boolean;
  /** numeric, as text */
  amount: string;
};

export const toReportPart = (p: PartRaw): ReportPart => ({
  name: p.name,
  code: p.code,
  quantity: p.quantity,
  unit: p.unit,
  serialOut: p.serial_out,
  serialIn: p.serial_in,
  chargeable: p.chargeable,
  amount: Number(p.amount),
});

/** The parts in use on the order (spares module's order_parts), oldest first. */
export async function reportParts(ex: Executor, enterpriseId: number, orderId: number): Promise<ReportPart[]> {
  const list = await rows<PartRaw>(
    ex,
    sql`select s.name, s.code, p.quantity, s.unit, p.serial_out, p.serial_in, p.chargeable, (p.price * p.quantity)::text as amount
      from order_parts p join spares s on s.enterprise_id = p.enterprise_id and s.id = p.spare_id
      where p.enterprise_id = ${enterpriseId} and p.order_id = ${orderId} and p.state = 1 order by p.id`,
  );
  return list.map(toReportPart);
}

/** A custom field as the report reads it. */
export interface ReportField {
  id: number;
  name: string;
  type: number;
}

/** The fields of a form version, or none. */
export async function versionFields(ex: Executor, enterpriseId: number, versionId: number | null): Promise<ReportField[]> {
  if (versionId == null) return [];
  const [v] = await rows<{ fields: ReportField[] }>(
    ex,
    sql`select fields from form_template_versions where enterprise_id = ${enterpriseId} and id = ${versionId}`,
  );
  return v?.fields ?? [];
}

/** The stored files among the ids, by id. */
export async function uploadFiles(
  ex: Executor,
  enterpriseId: number,
  ids: number[],
): Promise<Map<number, { id: number; ext: string; path: string; size: number }>> {
  const found = await rows<{ id: number; ext: string; path: string; size: number }>(
    ex,
    sql`select id, ext, path, size from uploads where enterprise_id = ${enterpriseId} and id = any(${bigints([...new Set(ids)])})`,
  );
  return new Map(found.map((f) => [f.id, f]));
}

/** The names and times around the order that the report prints. */
export type ReportHead = {
  enterprise_name: string;
  type_name: string | null;
  customer_name: string | null;
  product_name: string | null;
  serial_number: string | null;
  service_user: string | null;
  create_time: string;
  appointment_time: string | null;
  finish_time: string | null;
  printed_at: string;
};

export async function reportHead(ex: Executor, v: Actor, orderId: number): Promise<ReportHead | undefined> {
  const t = (col: string) => apiTime(sql.raw(`o.${col}`), v.timeZone);
  const [o] = await rows<ReportHead>(
    ex,
    sql`select e.name as enterprise_name, ft.name as type_name, c.name as customer_name, ip.name as product_name, ip.serial_number,
        su.name as service_user, ${t('created_at')} as create_time, ${t('appointment_at')} as appointment_time, ${t('finished_at')} as finish_time,
        ${apiTime(sql`now()`, v.timeZone)} as printed_at
      from orders o join enterprises e on e.id = o.enterprise_id
      left join form_templates ft on ft.enterprise_id = o.enterprise_id and ft.id = o.template_id
      left join customers c on c.enterprise_id = o.enterprise_id and c.id = o.customer_id
      left join installed_products ip on ip.enterprise_id = o.enterprise_id and ip.id = o.installed_product_id
      left join users su on su.enterprise_id = o.enterprise_id and su.id = o.service_user_id
      where o.enterprise_id = ${v.enterpriseId} and o.id = ${orderId}`,
  );
  return o;
}

/** The names of the order's collaborators (part 4), by name. */
export async function collaboratorNames(ex: Executor, enterpriseId: number, orderId: number): Promise<string[]> {
  const found = await rows<{ name: string }>(
    ex,
    sql`select u.name from order_people p join users u on u.enterprise_id = p.enterprise_id and u.id = p.user_id
      where p.enterprise_id = ${enterpriseId} and p.order_id = ${orderId} and p.part = 4 order by u.name`,
  );
  return found.map((c) => c.name);
}

/** The engineer's own words: notes left on their actions (start, completion, edits on site), oldest first. */
export function engineerNotes(ex: Executor, v: Actor, orderId: number): Promise<{ time: string; who: string | null; note: string }[]> {
  return rows<{ time: string; who: string | null; note: string }>(
    ex,
    sql`select ${apiTime(sql`l.created_at`, v.timeZone)} as time, u.name as who, l.note from order_logs l
      left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${v.enterpriseId} and l.order_id = ${orderId} and l.note is not null and l.note <> ''
        and l.action in ('startService', 'serviceComplete', 'applyEndService', 'employeeEdit', 'receipt')
      order by l.created_at, l.id limit 50`,
  );
}
