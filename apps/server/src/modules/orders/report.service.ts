import {
  coverageText,
  EVALUATION_DIMENSIONS,
  type OrderFeesView,
  SIGNATURE_FIELD_TYPE as SIGNATURE,
  ORDER_INVALID_LABEL,
  ORDER_PRIORITIES,
  ORDER_STATES,
  PAYMENT_METHODS,
} from '@sk/shared';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Deps } from '../../platform/deps';
import { storageOf } from '../../platform/storage';
import { feesOf } from './fees.service';
import type { OrderRow } from './money.access';
import { orderWarranty } from './warranty';
import {
  collaboratorNames,
  engineerNotes,
  type ReportField as FieldDef,
  type ReportPart,
  reportHead,
  reportParts,
  uploadFiles,
  versionFields,
} from './report.repo';

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
  /** The product's warranty on the order's day (orderWarranty, the answer the order page shows): 延保（至2027-11-28）. */
  warranty: { state: number; end: string | null; source: string | null; text: string } | null;
  serviceUser: string | null;
  collaborators: string[];
  detailDesc: string | null;
  fees: OrderFeesView;
  /** Spare parts used on the order (in use), with the serials taken out and put in. */
  parts: ReportPart[];
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

const PICTURES = [10, 26];
/** Only JPEG and PNG can go into the PDF; at most this many photos, each at most 5 MB. */
const EMBEDDABLE = new Set(['jpg', 'jpeg', 'png']);
const MAX_PHOTOS = 12;
const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

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
  const byId = await uploadFiles(ex, enterpriseId, ids);
  const out: Buffer[] = [];
  for (const id of ids) {
    const f = byId.get(id);
    if (!f || !EMBEDDABLE.has(f.ext.toLowerCase()) || f.size > MAX_IMAGE_BYTES || out.length >= limit) continue;
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
  const o = await reportHead(ex, v, row.id);
  const collaborators = await collaboratorNames(ex, ep, row.id);
  const notes = await engineerNotes(ex, v, row.id);
  const warranty = await orderWarranty(ex, ep, v.timeZone, row);

  const orderFields = await versionFields(ex, ep, row.template_version_id);
  const receiptFields = await versionFields(ex, ep, row.receipt_version_id);
  const orderExt = (row.ext as Record<string, unknown> | null) ?? {};
  const receiptExt = (row.receipt_ext as Record<string, unknown> | null) ?? {};
  const idsOfType = (fields: FieldDef[], ext: Record<string, unknown>, types: number[]) =>
    fields.filter((f) => types.includes(f.type)).flatMap((f) => asIds(ext[String(f.id)]));
  const photoIds = [...asIds(row.attachments), ...idsOfType(orderFields, orderExt, PICTURES), ...idsOfType(receiptFields, receiptExt, PICTURES)];
  const own = row.signature_id == null ? [] : [row.signature_id];
  const signatureIds = [...own, ...idsOfType(receiptFields, receiptExt, [SIGNATURE]), ...idsOfType(orderFields, orderExt, [SIGNATURE])];
  const receipt = receiptFields
    .filter((f) => ![...PICTURES, SIGNATURE, 15].includes(f.type))
    .map((f) => ({ name: f.name, value: asText(receiptExt[String(f.id)]) }))
    .filter((x): x is { name: string; value: string } => x.value !== null);

  const state = row.state as keyof typeof ORDER_STATES;
  const ev = row.evaluation as { scores?: number[]; comment?: string | null } | null;
  const method = row.payment_method;
  return {
    enterpriseName: o?.enterprise_name ?? '',
    orderNo: row.order_no,
    title: row.title,
    stateLabel: row.invalid === true ? ORDER_INVALID_LABEL : (ORDER_STATES[state]?.label ?? ''),
    typeName: o?.type_name ?? '',
    priority: ORDER_PRIORITIES[row.priority as 1 | 2 | 3] ?? '',
    createTime: o?.create_time ?? '',
    appointmentTime: o?.appointment_time ?? null,
    finishTime: o?.finish_time ?? null,
    customer: {
      name: o?.customer_name ?? '',
      contact: row.custom_link_person ?? null,
      phone: row.custom_phone ?? null,
      address: row.full_address ?? null,
      company: row.custom_enterprise_name ?? null,
      product: o?.product_name ? `${o.product_name}${o.serial_number ? `（${o.serial_number}）` : ''}` : null,
    },
    warranty: warranty ? { state: warranty.state, end: warranty.end, source: warranty.source, text: coverageText(warranty) } : null,
    serviceUser: o?.service_user ?? null,
    collaborators,
    detailDesc: row.detail_desc ?? null,
    fees: await feesOf(ex, v, row),
    parts: await reportParts(ex, ep, row.id),
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
