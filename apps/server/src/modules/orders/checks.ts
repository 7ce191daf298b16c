import {
  DISPLAY_ONLY_TYPES,
  IMAGE_FIELD_TYPE as IMAGE,
  type ExtValues,
  type FieldDef,
  HOOK_POINT_NAMES,
  isEmptyValue,
  type MissingItem,
  ORDER_HOOK_POINTS,
  type OrderProcess,
  type StepRequirement,
  SIGNATURE_FIELD_TYPE as SIGNATURE,
  shownFields,
} from '@sk/shared';
import type { Executor } from '../../db/client';
import { asOrderRecord, type OrderRecord } from './orders.repo';
import { AppError } from '../../platform/errors';
import { defaultTemplate, latestVersion, versionById, type VersionRec } from '../forms/index';
import { hasOrderFaultMode } from '../faults/index';
import { getSettingBool } from '../settings/index';
import { beforeOrderStep } from './order.state';

/**
 * What an order still lacks before completion (the hook points "end service" and "receipt"):
 * the required fields of its order form (the pinned template version), the required fields of the
 * receipt form, and the customer's signature (a signature field of the receipt form).
 */

/** The receipt form kind (forms.constants: 9 工单回执). */
export const RECEIPT_FORM_KIND = 9;
const SIGNATURE_NAME = '客户签名';

/** The setting 完成服务时须客户签名确认 (settings catalogue). */
export const SIGN_REQUIRED_SETTING = 'order_sign_required';
const SIGNATURE_MISSING: MissingItem = { form: 'signature', fieldId: null, name: SIGNATURE_NAME };

type Row = OrderRecord;
/** The signature the completion or receipt dialog took (orders.signature_id). */
const hasOwnSignature = (row: Row): boolean => row.signature_id != null;
const valuesOf = (v: unknown): ExtValues => (v && typeof v === 'object' && !Array.isArray(v) ? (v as ExtValues) : {});

const filled = (f: FieldDef, ext: ExtValues): boolean => {
  const v = ext[String(f.id)];
  return !isEmptyValue(v) && (f.type !== 16 || v === '1');
};

/**
 * Required fields shown (by their conditions) and empty. Role visibility is not applied: a field only
 * another role may fill is still missing, and someone of that role has to fill it in.
 */
function missingOf(fields: FieldDef[], ext: ExtValues): FieldDef[] {
  const shown = shownFields(fields, ext);
  return fields.filter((f) => f.required && f.type !== 19 && !DISPLAY_ONLY_TYPES.includes(f.type) && shown.has(f.id) && !filled(f, ext));
}

/** The receipt form version an order uses: the one it pinned, else the current one (null when the enterprise has none). */
export async function receiptVersionOf(ex: Executor, enterpriseId: number, row: Row): Promise<VersionRec | null> {
  const pinned = row.receipt_version_id;
  if (pinned) return versionById(ex, enterpriseId, pinned);
  const t = await defaultTemplate(ex, enterpriseId, RECEIPT_FORM_KIND);
  return t ? latestVersion(ex, enterpriseId, t.id) : null;
}

/** The receipt form's missing required fields and, when it has a signature field, a missing signature. */
export async function missingInReceipt(ex: Executor, enterpriseId: number, row: Row): Promise<MissingItem[]> {
  const v = await receiptVersionOf(ex, enterpriseId, row);
  if (!v) return [];
  const ext = valuesOf(row.receipt_ext);
  const missing: MissingItem[] = missingOf(v.fields, ext).map((f) => ({ form: 'receipt', fieldId: f.id, name: f.name }));
  const shown = shownFields(v.fields, ext);
  const signatures = v.fields.filter((f) => f.type === SIGNATURE && shown.has(f.id));
  const listed = missing.some((m) => signatures.some((f) => f.id === m.fieldId));
  if (signatures.length && !listed && !hasOwnSignature(row) && !signatures.some((f) => filled(f, ext))) missing.push(SIGNATURE_MISSING);
  return missing;
}

/**
 * Everything missing before the order may be completed (the order as it would be after the action's patch);
 * with 完成服务时须客户签名确认 on, the customer's signature (taken by the dialog, or a signature field) too.
 */
export async function missingBeforeFinish(ex: Executor, enterpriseId: number, row: Row): Promise<MissingItem[]> {
  const versionId = row.template_version_id;
  const order = versionId ? await versionById(ex, enterpriseId, versionId) : null;
  const own: MissingItem[] = order ? missingOf(order.fields, valuesOf(row.ext)).map((f) => ({ form: 'order', fieldId: f.id, name: f.name })) : [];
  const missing = [...own, ...(await missingInReceipt(ex, enterpriseId, row))];
  if (missing.some((m) => m.form === 'signature') || !(await getSettingBool(ex, enterpriseId, SIGN_REQUIRED_SETTING))) return missing;
  const receipt = await receiptVersionOf(ex, enterpriseId, row);
  const signedInForms = [[order?.fields ?? [], valuesOf(row.ext)] as const, [receipt?.fields ?? [], valuesOf(row.receipt_ext)] as const].some(([fs, values]) =>
    fs.some((f) => f.type === SIGNATURE && filled(f, values)),
  );
  if (!hasOwnSignature(row) && !signedInForms) missing.push(SIGNATURE_MISSING);
  return missing;
}

/**
 * What a hook point of the order's pinned process still requires (docs/decisions.md): the named fields
 * of the order's template, a signature and a photo (in the order's or the receipt's fields, photos also
 * as attachments). A field the pinned template version does not have is not asked for.
 */
export async function missingForStep(ex: Executor, enterpriseId: number, row: Row, req: StepRequirement | undefined): Promise<MissingItem[]> {
  if (!req) return [];
  const versionId = row.template_version_id;
  const order = versionId ? await versionById(ex, enterpriseId, versionId) : null;
  const ext = valuesOf(row.ext);
  const asked = new Set(req.fields);
  const fields = (order?.fields ?? []).filter((f) => asked.has(f.id) && !filled(f, ext));
  const missing: MissingItem[] = fields.map((f) => ({ form: 'order', fieldId: f.id, name: f.name }));
  if (req.faultMode && !(await hasOrderFaultMode(ex, enterpriseId, row.id))) missing.push({ form: 'order', fieldId: null, name: '故障模式' });
  if (!req.signature && !req.photos) return missing;
  const receipt = await receiptVersionOf(ex, enterpriseId, row);
  const sources: [FieldDef[], ExtValues][] = [
    [order?.fields ?? [], ext],
    [receipt?.fields ?? [], valuesOf(row.receipt_ext)],
  ];
  const anyFilled = (type: number) => sources.some(([fs, values]) => fs.some((f) => f.type === type && filled(f, values)));
  if (req.signature && !hasOwnSignature(row) && !anyFilled(SIGNATURE)) missing.push(SIGNATURE_MISSING);
  const attached = Array.isArray(row.attachments) && row.attachments.length > 0;
  if (req.photos && !attached && !anyFilled(IMAGE)) missing.push({ form: 'order', fieldId: null, name: '现场照片' });
  return missing;
}

const labelOf = (m: MissingItem): string => (m.form === 'receipt' ? `${m.name}（回执）` : m.name);
/** '完成前还需填写：故障代码、处理结果（回执）、客户签名'. */
export const missingMessage = (prefix: string, missing: MissingItem[]): string => `${prefix}：${missing.map(labelOf).join('、')}`;

/** The row as the action would leave it: plain patch values over the current ones (SQL expressions keep the old value). */
const after = (current: Record<string, unknown>, patch: Record<string, unknown>): Row => {
  const out = { ...current };
  for (const [k, v] of Object.entries(patch)) if (v === null || typeof v !== 'object' || Array.isArray(v) || v.constructor === Object) out[k] = v;
  return asOrderRecord(out);
};

/** Registers the required-field checks at the end-service and receipt hook points (by name: wiring again replaces them). */
export function installOrderChecks(): void {
  beforeOrderStep(
    'endService',
    async (h) => {
      const missing = await missingBeforeFinish(h.tx, h.enterpriseId, after(h.current, h.patch));
      if (missing.length) throw new AppError('VALIDATION', { detail: missingMessage('完成前还需填写', missing) });
    },
    'orders.checks.finishFields',
  );
  beforeOrderStep(
    'receipt',
    async (h) => {
      const missing = await missingInReceipt(h.tx, h.enterpriseId, after(h.current, h.patch));
      if (missing.length) throw new AppError('VALIDATION', { detail: missingMessage('回执还需填写', missing) });
    },
    'orders.checks.receiptFields',
  );
  // The pinned process's requirements at every hook point (each has its actions in ORDER_STEPS).
  for (const point of ORDER_HOOK_POINTS) {
    beforeOrderStep(
      point,
      async (h) => {
        const req = (h.ctx as { process: OrderProcess }).process.requirements[point];
        const missing = await missingForStep(h.tx, h.enterpriseId, after(h.current, h.patch), req);
        if (missing.length) throw new AppError('VALIDATION', { detail: missingMessage(`${HOOK_POINT_NAMES[point]}还需填写`, missing) });
      },
      `orders.checks.${point}`,
    );
  }
}
