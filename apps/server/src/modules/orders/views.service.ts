import { ORDER_FORM_KIND, SIGNATURE_FIELD_TYPE as SIGNATURE } from '@sk/shared';
import type { ExtField } from '@sk/shared';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { uploadsOf } from '../files/index';
import { currentVersionOf, presentWith } from '../forms/index';
import { versionById } from '../forms/index';
import { type OrderReader, visibleOrder } from './detail.access';
import { orderExtFields, orderFieldNames } from './detail.service';

type Row = Record<string, unknown>;

async function receiptFieldsOf(ex: Executor, r: OrderReader, o: Row): Promise<(ExtField & { group: string | null })[]> {
  if (o.receipt_version_id == null) return [];
  const v = await versionById(ex, r.enterpriseId, Number(o.receipt_version_id));
  if (!v) return [];
  const roles = r.sysrole == null ? undefined : [r.sysrole];
  return (await presentWith(ex, r.enterpriseId, v.fields, (o.receipt_ext ?? {}) as Row, { roles })).map((f) => ({ ...f, group: null }));
}

/** GET /v2/order/view/getfildValue: the order's custom values (or its receipt's), presented. */
export async function fieldValuesOf(ex: Executor, r: OrderReader, orderId: number, form: 'order' | 'receipt') {
  const o = await visibleOrder(ex, r, orderId);
  if (form === 'receipt') return receiptFieldsOf(ex, r, o);
  return orderExtFields(ex, r, o.template_version_id == null ? null : Number(o.template_version_id), o.ext);
}

const fileIds = z.array(z.number());

/** GET /v2/order/view/getSign: the signature the dialogs took, then every signature field of the order and receipt forms, signed or not. */
export async function signsOf(ex: Executor, r: OrderReader, orderId: number) {
  const o = await visibleOrder(ex, r, orderId);
  const forms_: ['order' | 'receipt', ExtField[]][] = [
    ['order', await orderExtFields(ex, r, o.template_version_id == null ? null : Number(o.template_version_id), o.ext)],
    ['receipt', await receiptFieldsOf(ex, r, o)],
  ];
  const own = o.signature_id == null ? [] : await uploadsOf(ex, r.enterpriseId, [Number(o.signature_id)]);
  const taken = own.map((f) => ({ fieldId: 0, name: '客户签名', form: 'signature' as const, url: f.url, fileId: f.id }));
  return [
    ...taken,
    ...forms_.flatMap(([form, fields]) =>
      fields
        .filter((f) => f.type === SIGNATURE)
        .map((f) => {
          const ids = fileIds.safeParse(f.ovalue);
          const first = ids.success ? ids.data[0] : undefined;
          return { fieldId: f.id, name: f.tfname, form, url: f.realPic.split(',')[0] || null, fileId: first ?? null };
        }),
    ),
  ];
}

/**
 * GET /v2/order/view/getFieldName: an order's own (pinned) field names with orderId, else the order
 * type's current ones (orderType, or the default type).
 */
export async function fieldNamesOf(ex: Executor, r: OrderReader, q: { orderId?: number; orderType?: number }) {
  if (q.orderId) {
    const o = await visibleOrder(ex, r, q.orderId);
    const v = o.template_version_id == null ? null : await versionById(ex, r.enterpriseId, Number(o.template_version_id));
    return orderFieldNames(v?.fields ?? []);
  }
  // Another enterprise's or another kind's template answers NOT_FOUND (resolveTemplate).
  return orderFieldNames((await currentVersionOf(ex, r.enterpriseId, ORDER_FORM_KIND, q.orderType)).fields);
}
