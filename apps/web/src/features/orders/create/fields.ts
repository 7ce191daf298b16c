import { EVENT_STATES } from '@sk/shared/common/labels';
import type { FixedField, FormInfo } from '@sk/shared/forms/index';
import type { EventDetail } from '@sk/shared/events/events.contract';
import type { CreateOrderBody } from '@sk/shared/orders/orders.contract';
import type { FormDefinition } from '../../../components/forms';

const f = (key: string, name: string, type: FixedField['type'], group: FixedField['group'], required = false): FixedField => ({
  key,
  name,
  type,
  required,
  group,
});

/**
 * The create page's fixed fields (the order field keys, ORDER_FIELD_KEYS) in the spec's field groups. The form
 * kind's own fixed fields (customer and title, required) come from the server; these join them. Keys are the
 * create body's, so a saved value goes straight into POST /v2/order/add.
 */
export const ORDER_CREATE_FIELDS: FixedField[] = [
  f('customerId', '客户', 30, 'customerInfo', true),
  f('customLinkPerson', '联系人', 1, 'customerInfo'),
  f('customPhone', '联系电话', 23, 'customerInfo'),
  f('customEnterpriseName', '企业名称', 1, 'customerInfo'),
  f('gpsAddr', '服务地址', 11, 'customerInfo'),
  f('productId', '产品', 2, 'customerInfo'),
  f('title', '标题', 1, 'orderInfo', true),
  f('priority', '优先级', 2, 'orderInfo'),
  f('serviceLevel', '服务级别', 2, 'orderInfo'),
  f('customApplyTime', '预约时间', 6, 'orderInfo'),
  f('serviceId', '服务项目', 8, 'orderInfo'),
  f('serviceGroupId', '服务团队', 2, 'orderInfo'),
  f('orderLabel', '工单标签', 2, 'orderInfo'),
  f('source', '来源', 2, 'orderInfo'),
  f('saleChannel', '销售渠道', 2, 'orderInfo'),
  f('salespersonId', '销售人员', 30, 'orderInfo'),
  f('coordinationUserId', '协作人员', 30, 'orderInfo'),
  f('duplicateUserId', '抄送人', 30, 'orderInfo'),
  f('detailDesc', '详细描述', 13, 'orderInfo'),
  f('attachments', '附件', 15, 'orderInfo'),
];

/** The people on the order by their part, picked with the person picker (values are the picked people). */
export const PEOPLE_KEYS = ['salespersonId', 'coordinationUserId', 'duplicateUserId'];

/** Keys whose control the page renders itself (pickers); the rest use the form engine's widget of their type. */
export const PICKED_KEYS = [
  'customerId',
  'customLinkPerson',
  'gpsAddr',
  'productId',
  'priority',
  'serviceLevel',
  'serviceId',
  'serviceGroupId',
  'orderLabel',
  'source',
  'saleChannel',
  ...PEOPLE_KEYS,
];

/** The same form for the shared checks: the picked fields are checked by their pickers and the server. */
export const checkedDefinition = (d: FormDefinition): FormDefinition => ({
  ...d,
  fixedFields: d.fixedFields.filter((x) => x.key === 'customerId' || !PICKED_KEYS.includes(x.key)),
});

/**
 * The order type's form: these fixed fields (the server's required flags win) and the type's custom fields. The
 * customer block comes first on the create page, where a call-taker starts; the other groups keep their order.
 */
export function definitionOf(info: FormInfo): FormDefinition {
  const required = new Map(info.fixedFields.map((x) => [x.key, x.required]));
  const fixedFields = ORDER_CREATE_FIELDS.map((x) => ({ ...x, required: required.get(x.key) ?? x.required }));
  const groups = [...info.groups.filter((g) => g.key === 'customerInfo'), ...info.groups.filter((g) => g.key !== 'customerInfo')];
  return { fixedFields, fields: info.fields, groups, height: info.height };
}

/** The typed service address (gpsAddr) or a saved one of the customer. */
export type AddressChoice = { addressId: number } | { gpsAddr: NonNullable<CreateOrderBody['gpsAddr']> } | null;

const num = (v: unknown): number | null => (v === undefined || v === null || v === '' ? null : Number(v));
const ids = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);
/** Ids of picked people ({ id, name }[]) or of plain ids. */
const personIds = (v: unknown): number[] => (Array.isArray(v) ? v.map((x) => Number(typeof x === 'object' && x ? (x as { id: unknown }).id : x)) : []);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** The create body from the checked form values. */
export function bodyOf(orderType: number | null, system: Record<string, unknown>, ext: Record<string, unknown>, contactId: number | null) {
  const addr = system.gpsAddr as AddressChoice;
  return {
    orderType,
    customerId: Number(system.customerId),
    title: String(system.title ?? '').trim(),
    contactId,
    customLinkPerson: str(system.customLinkPerson),
    customPhone: str(system.customPhone),
    customEnterpriseName: str(system.customEnterpriseName),
    addressId: addr && 'addressId' in addr ? addr.addressId : null,
    gpsAddr: addr && 'gpsAddr' in addr ? addr.gpsAddr : null,
    productId: num(system.productId),
    serviceId: ids(system.serviceId),
    customApplyTime: str(system.customApplyTime) ?? undefined,
    priority: num(system.priority) ?? 1,
    serviceLevel: num(system.serviceLevel),
    detailDesc: str(system.detailDesc),
    attachments: ids(system.attachments),
    orderLabel: ids(system.orderLabel),
    serviceGroupId: num(system.serviceGroupId),
    source: num(system.source),
    saleChannel: num(system.saleChannel),
    salespersonId: personIds(system.salespersonId)[0] ?? null,
    coordinationUserId: personIds(system.coordinationUserId),
    duplicateUserId: personIds(system.duplicateUserId),
    ext,
  };
}

/** The create form pre-filled from an event being converted (association type 1 → 2): its customer, contact, address, product, text and files. */
export function eventPrefill(e: EventDetail): Record<string, unknown> {
  const a = e.area;
  const gpsAddr: AddressChoice =
    e.addressId != null
      ? { addressId: e.addressId }
      : a.provinceCode
        ? {
            gpsAddr: {
              provinceCode: a.provinceCode,
              cityCode: a.cityCode ?? '',
              districtCode: a.districtCode ?? '',
              detail: a.detail ?? '',
              mapName: e.mapName,
              latitude: a.latitude,
              longitude: a.longitude,
            },
          }
        : null;
  return {
    customerId: e.customerId,
    title: e.title,
    detailDesc: e.description,
    priority: e.priority,
    customLinkPerson: e.customLinkperson,
    customPhone: e.customPhone,
    gpsAddr,
    productId: e.customerProductId,
    serviceId: e.serviceId == null ? [] : [e.serviceId],
    attachments: e.attachments.map((f) => f.id),
  };
}

/** The event does not follow its order: an open one says so (it stays as it is until someone completes it). */
export const openEventNote = (state: number): string =>
  state === 6 || state === 7 ? '' : `；事件仍为“${EVENT_STATES[state as keyof typeof EVENT_STATES]?.label ?? '处理中'}”，工单完成后请回到事件将其完成`;
