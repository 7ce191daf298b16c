import {
  EVALUATION_DIMENSIONS,
  type OrderFeesView,
  SIGNATURE_FIELD_TYPE as SIGNATURE,
  ORDER_INVALID_LABEL,
  ORDER_PRIORITIES,
  ORDER_STATES,
  PAYMENT_METHODS,
} from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { storageOf } from '../../platform/storage';
import { bigints } from '../../platform/sql';
import { apiTime } from '../forms/forms.repo';
import { feesOf } from './fees.service';
import type { OrderRow } from './money.access';
import type { Actor } from '../../platform/actor';

/** Everything the service report shows, gathered before the PDF is drawn. */
export interface ReportModel {
  enterpriseName: string;
  orderNo: string;
  title: string;
  stateLabel: string;
  typeName: string;
  priority: string;
  createTime: string;
  appointmentTime: string | null;
  finishTime: string | null;
  customer: { name: string; contact: string | null; phone: string | null; address: string | null; company: string | null; product: string | null };
  serviceUser: string | null;
  collaborators: string[];
  detailDesc: string | null;
  fees: OrderFeesView;
  /** Spare parts used on the order (in use), with the serials taken out and put in. */
  parts: {
    name: string;
    code: string;
    quantity: number;
    unit: string | null;
    serialOut: string | null;
    serialIn: string | null;
    chargeable: boolean;
    amount: number;
  }[];
  paymentMethod: string | null;
  /** What the engineer wrote: notes of their actions and the receipt's text answers. */
  notes: { time: string; who: string; text: string }[];
  receipt: { name: string; value: string }[];
  photos: Buffer[];
  signatures: Buffer[];
  evaluation: { dimension: string; score: number }[] | null;
  evaluationComment: string | null;
  printedAt: string;
}

/** The parts in use on the order (spares module's order_parts), oldest first. */
async function partsOf(ex: Executor, enterpriseId: number, orderId: number): Promise<ReportModel['parts']> {
  const list = await rows<{
    name: string;
    code: string;
    quantity: number;
    unit: string | null;
    serial_out: string | null;
    serial_in: string | null;
    chargeable: boolean;
    amount: string;
  }>(
    ex,
    sql`select s.name, s.code, p.quantity, s.unit, p.serial_out, p.serial_in, p.chargeable, (p.price * p.quantity)::text as amount
      from order_parts p join spares s on s.enterprise_id = p.enterprise_id and s.id = p.spare_id
      where p.enterprise_id = ${enterpriseId} and p.order_id = ${orderId} and p.state = 1 order by p.id`,
  );
  return list.map((p) => ({
    name: p.name,
    code: p.code,
    quantity: Number(p.quantity),
    unit: p.unit,
    serialOut: p.serial_out,
    serialIn: p.serial_in,
    chargeable: p.chargeable,
    amount: Number(p.amount),
  }));
}

const PICTURES = [10, 26];
/** Only JPEG and PNG can go into the PDF; at most this many photos, each at most 5 MB. */
const EMBEDDABLE = new Set(['jpg', 'jpeg', 'png']);
const MAX_PHOTOS = 12;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

interface FieldDef {
  id: number;
  name: string;
  type: number;
}

async function fieldsOf(ex: Executor, enterpriseId: number, versionId: unknown): Promise<FieldDef[]> {
  if (versionId == null) return [];
  const [v] = await rows<{ fields: FieldDef[] }>(
    ex,
    sql`select fields from form_template_versions where enterprise_id = ${enterpriseId} and id = ${versionId}`,
  );
  return v?.fields ?? [];
}

const asIds = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : []);
const asText = (v: unknown): string | null => {
  if (v == null || v === '') return null;
  if (Array.isArray(v)) return v.length ? v.map(String).join('、') : null;
  if (typeof v === 'object') return null;
  return String(v);
};

/** Reads stored images (JPEG/PNG only, bounded), in the given order; a missing file is skipped. */
async function images(deps: Deps, ex: Executor, enterpriseId: number, ids: number[], limit: number): Promise<Buffer[]> {
  if (ids.length === 0) return [];
  const found = await rows<{ id: number; ext: string; path: string; size: number }>(
    ex,
    sql`select id, ext, path, size from uploads where enterprise_id = ${enterpriseId} and id = any(${bigints([...new Set(ids)])})`,
  );
  const byId = new Map(found.map((f) => [Number(f.id), f]));
  const out: Buffer[] = [];
  for (const id of ids) {
    const f = byId.get(id);
    if (!f || !EMBEDDABLE.has(f.ext.toLowerCase()) || Number(f.size) > MAX_IMAGE_BYTES || out.length >= limit) continue;
    try {
      const { stream } = await storageOf(deps).get(f.path);
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(c as Buffer);
      out.push(Buffer.concat(chunks));
    } catch {
      // A file gone from storage leaves a gap in the photos, not a failed report.
    }
  }
  return out;
}

export async function reportModel(deps: Deps, ex: Executor, v: Actor, row: OrderRow): Promise<ReportModel> {
  const ep = v.enterpriseId;
  const t = (col: string) => apiTime(sql.raw(`o.${col}`), v.timeZone);
  const [o] = await rows<Record<string, string | null>>(
    ex,
    sql`select e.name as enterprise_name, ft.name as type_name, c.name as customer_name, ip.name as product_name, ip.serial_number,
        su.name as service_user, ${t('created_at')} as create_time, ${t('appointment_at')} as appointment_time, ${t('finished_at')} as finish_time,
        ${apiTime(sql`now()`, v.timeZone)} as printed_at
      from orders o join enterprises e on e.id = o.enterprise_id
      left join form_templates ft on ft.enterprise_id = o.enterprise_id and ft.id = o.template_id
      left join customers c on c.enterprise_id = o.enterprise_id and c.id = o.customer_id
      left join installed_products ip on ip.enterprise_id = o.enterprise_id and ip.id = o.installed_product_id
      left join users su on su.enterprise_id = o.enterprise_id and su.id = o.service_user_id
      where o.enterprise_id = ${ep} and o.id = ${row.id}`,
  );
  const collaborators = await rows<{ name: string }>(
    ex,
    sql`select u.name from order_people p join users u on u.enterprise_id = p.enterprise_id and u.id = p.user_id
      where p.enterprise_id = ${ep} and p.order_id = ${row.id} and p.part = 4 order by u.name`,
  );
  // The engineer's own words: notes left on their actions (start, completion, edits on site).
  const notes = await rows<{ time: string; who: string | null; note: string }>(
    ex,
    sql`select ${apiTime(sql`l.created_at`, v.timeZone)} as time, u.name as who, l.note from order_logs l
      left join users u on u.enterprise_id = l.enterprise_id and u.id = l.user_id
      where l.enterprise_id = ${ep} and l.order_id = ${row.id} and l.note is not null and l.note <> ''
        and l.action in ('startService', 'serviceComplete', 'applyEndService', 'employeeEdit', 'receipt')
      order by l.created_at, l.id limit 50`,
  );

  const orderFields = await fieldsOf(ex, ep, row.template_version_id);
  const receiptFields = await fieldsOf(ex, ep, row.receipt_version_id);
  const orderExt = (row.ext as Record<string, unknown> | null) ?? {};
  const receiptExt = (row.receipt_ext as Record<string, unknown> | null) ?? {};
  const idsOfType = (fields: FieldDef[], ext: Record<string, unknown>, types: number[]) =>
    fields.filter((f) => types.includes(f.type)).flatMap((f) => asIds(ext[String(f.id)]));
  const photoIds = [...asIds(row.attachments), ...idsOfType(orderFields, orderExt, PICTURES), ...idsOfType(receiptFields, receiptExt, PICTURES)];
  const own = row.signature_id == null ? [] : [Number(row.signature_id)];
  const signatureIds = [...own, ...idsOfType(receiptFields, receiptExt, [SIGNATURE]), ...idsOfType(orderFields, orderExt, [SIGNATURE])];
  const receipt = receiptFields
    .filter((f) => ![...PICTURES, SIGNATURE, 15].includes(f.type))
    .map((f) => ({ name: f.name, value: asText(receiptExt[String(f.id)]) }))
    .filter((x): x is { name: string; value: string } => x.value !== null);

  const state = Number(row.state) as keyof typeof ORDER_STATES;
  const ev = row.evaluation as { scores?: number[]; comment?: string | null } | null;
  const method = row.payment_method == null ? null : Number(row.payment_method);
  return {
    enterpriseName: o?.enterprise_name ?? '',
    orderNo: String(row.order_no),
    title: String(row.title),
    stateLabel: row.invalid === true ? ORDER_INVALID_LABEL : (ORDER_STATES[state]?.label ?? ''),
    typeName: o?.type_name ?? '',
    priority: ORDER_PRIORITIES[Number(row.priority) as 1 | 2 | 3] ?? '',
    createTime: o?.create_time ?? '',
    appointmentTime: o?.appointment_time ?? null,
    finishTime: o?.finish_time ?? null,
    customer: {
      name: o?.customer_name ?? '',
      contact: (row.custom_link_person as string | null) ?? null,
      phone: (row.custom_phone as string | null) ?? null,
      address: (row.full_address as string | null) ?? null,
      company: (row.custom_enterprise_name as string | null) ?? null,
      product: o?.product_name ? `${o.product_name}${o.serial_number ? `（${o.serial_number}）` : ''}` : null,
    },
    serviceUser: o?.service_user ?? null,
    collaborators: collaborators.map((c) => c.name),
    detailDesc: (row.detail_desc as string | null) ?? null,
    fees: await feesOf(ex, v, row),
    parts: await partsOf(ex, ep, Number(row.id)),
    paymentMethod: method ? (PAYMENT_METHODS[method as keyof typeof PAYMENT_METHODS] ?? null) : null,
    notes: notes.map((n) => ({ time: n.time, who: n.who ?? '系统', text: n.note })),
    receipt,
    photos: await images(deps, ex, ep, photoIds, MAX_PHOTOS),
    signatures: await images(deps, ex, ep, signatureIds, 2),
    evaluation: ev?.scores ? ev.scores.map((score, i) => ({ dimension: EVALUATION_DIMENSIONS[i] ?? `维度${i}`, score })) : null,
    evaluationComment: ev?.comment ?? null,
    printedAt: o?.printed_at ?? '',
  };
}
