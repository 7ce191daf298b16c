// The order edit dialog's values: the detail as the create page's fixed fields, and back to an edit body with only what changed.
import type { EditOrderBody } from '@sk/shared/orders/order.actions.contract';
import type { OrderDetail } from '@sk/shared/orders/order.detail.contract';
import type { OrderEditField } from '@sk/shared/orders/order.edit';
import type { FormValues } from '../../../components/forms';
import { type AddressChoice, bodyOf } from '../create/fields';

const people = (d: OrderDetail, part: OrderDetail['people'][number]['part']) =>
  d.people.filter((p) => p.part === part).map((p) => ({ id: p.userId, name: p.name }));

/** The order as the create form's values (keys of ORDER_EDIT_FIELDS) and its custom fields. */
export function editValuesOf(d: OrderDetail): FormValues {
  const a = d.gpsAddr;
  const gpsAddr: AddressChoice = a.provinceCode
    ? {
        gpsAddr: {
          provinceCode: a.provinceCode,
          cityCode: a.cityCode ?? '',
          districtCode: a.districtCode ?? '',
          detail: a.detail ?? '',
          mapName: null,
          latitude: a.latitude,
          longitude: a.longitude,
        },
      }
    : null;
  return {
    system: {
      title: d.title,
      customLinkPerson: d.customLinkPerson,
      customPhone: d.customPhone,
      customEnterpriseName: d.customEnterpriseName,
      gpsAddr,
      productId: d.product?.id ?? null,
      serviceId: d.serviceItems.map((i) => i.serviceItemId),
      customApplyTime: d.customApplyTime,
      priority: d.priority,
      serviceLevel: d.serviceLevel,
      detailDesc: d.detailDesc,
      attachments: d.attachments.map((f) => f.id),
      orderLabel: d.tags.map((t) => t.id),
      serviceGroupId: d.serviceGroup?.id ?? null,
      source: d.source,
      saleChannel: d.saleChannel,
      salespersonId: people(d, 'salesperson'),
      coordinationUserId: people(d, 'collaborator'),
      duplicateUserId: people(d, 'copied'),
    },
    ext: Object.fromEntries(d.extFields.filter((f) => f.ovalue != null).map((f) => [String(f.id), f.ovalue])),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The edit body: only the editable fields whose value differs from the order's (so a field the state locks, sent
 * back unchanged, is never sent), in the create body's shapes; a cleared appointment is null.
 */
export function editBodyOf(before: FormValues, after: FormValues, editable: readonly OrderEditField[], contactId: number | null): Partial<EditOrderBody> {
  const created = bodyOf(null, after.system, after.ext, contactId);
  const out: Record<string, unknown> = {};
  for (const key of editable) {
    if (key === 'ext') {
      if (!same(before.ext, after.ext)) out.ext = after.ext;
      continue;
    }
    if (same(before.system[key], after.system[key])) continue;
    if (key === 'gpsAddr') {
      if (created.addressId) out.addressId = created.addressId;
      else if (created.gpsAddr) out.gpsAddr = created.gpsAddr;
      continue;
    }
    if (key === 'customApplyTime') {
      out.customApplyTime = created.customApplyTime ?? null;
      continue;
    }
    if (key === 'customLinkPerson') out.contactId = contactId;
    out[key] = created[key as keyof typeof created];
  }
  return out as Partial<EditOrderBody>;
}
