import {
  ABNORMAL_KINDS,
  EXAMINE_TYPES,
  type ExtField,
  type FieldDef,
  FIXED_FIELDS,
  ORDER_INVALID_LABEL,
  ORDER_PEOPLE_PARTS,
  ORDER_PRIORITIES,
  ORDER_STATES,
  ORDER_TABS,
  type OrderDetail,
  type OrderPerson,
  type OrderTab,
  PAYMENT_METHODS,
  RELATED_MAX,
  type RelatedOrder,
  WARRANTY_STATES,
} from '@sk/shared';
import { GEO_PRECISIONS } from '../../platform/geo/geocoder';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { uploadsOf } from '../files/uploads.repo';
import { presentWith } from '../forms/ext.service';
import * as forms from '../forms/forms.repo';
import { type OrderReader, orderScope } from './detail.access';
import { orderAbilities } from './order.state';
import { orderApprovalStepSql } from './examine.kinds';

type Row = Record<string, unknown>;
const num = (v: unknown): number | null => (v == null ? null : Number(v));
const str = (v: unknown): string | null => (v == null ? null : String(v));
const nameIn = (map: Record<number, string>, v: unknown): string | null => (v == null ? null : (map[Number(v)] ?? null));

/** The order field group of each custom field, by id. */
const groupsOf = (fields: FieldDef[]) => new Map(fields.map((f) => [f.id, f.group ?? null]));

/** Evaluation dimensions 0–3. */
const EVALUATION_DIMENSIONS: Record<number, string> = { 0: '服务质量', 1: '服务态度', 2: '服务速度', 3: '问题解决率' };

export const stateNameOf = (state: number, invalid: boolean): string =>
  invalid && state === 0 ? ORDER_INVALID_LABEL : (ORDER_STATES[state as keyof typeof ORDER_STATES]?.label ?? `状态${state}`);

const PEOPLE_COLUMNS: [OrderPerson['part'], string, string][] = [
  ['creator', 'created_by', '创建人'],
  ['salesperson', 'salesperson_id', '销售人员'],
  ['acceptor', 'acceptor_id', '受理人员'],
  ['dispatcher', 'dispatcher_id', '派单人员'],
  ['service', 'service_user_id', '服务人员'],
  ['taker', 'taken_by', '接单人'],
  ['returnVisitor', 'return_visitor_id', '回访客服'],
];

/** The order's custom values with their groups, read with the version the order pinned. */
export async function orderExtFields(ex: Executor, r: OrderReader, versionId: number | null, ext: unknown): Promise<(ExtField & { group: string | null })[]> {
  if (versionId == null) return [];
  const v = await forms.versionById(ex, r.enterpriseId, versionId);
  if (!v) return [];
  const roles = r.sysrole == null ? undefined : [r.sysrole];
  const groups = groupsOf(v.fields);
  return (await presentWith(ex, r.enterpriseId, v.fields, (ext ?? {}) as Record<string, unknown>, { roles })).map((f) => ({
    ...f,
    group: groups.get(f.id) ?? null,
  }));
}

/** Scores as { dimension: score } or [{ dimension, score }], under `scores` or at the top; the rest is the form's. */
function evaluationOf(raw: unknown, evaluatedAt: string | null): OrderDetail['evaluation'] {
  if (raw == null && evaluatedAt == null) return null;
  const e = (raw ?? {}) as Record<string, unknown>;
  const src = (e.scores ?? e) as unknown;
  const pairs: [number, number][] = Array.isArray(src)
    ? src.map((x) => [Number((x as Row).dimension), Number((x as Row).score)])
    : Object.entries((src ?? {}) as Row).map(([k, v]) => [Number(k), Number(v)]);
  const scores = pairs
    .filter(([d, s]) => d in EVALUATION_DIMENSIONS && Number.isFinite(s))
    .sort((a, b) => a[0] - b[0])
    .map(([dimension, score]) => ({ dimension, name: EVALUATION_DIMENSIONS[dimension] ?? '', score }));
  return { evaluatedAt, scores, remark: str(e.remark ?? e.content) };
}

const at = (col: string, tz: string) => sql`to_char(o.${sql.identifier(col)} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`;
const TIME_COLUMNS = [
  'created_at',
  'accepted_at',
  'dispatched_at',
  'taken_at',
  'started_at',
  'finished_at',
  'cancelled_at',
  'archived_at',
  'due_at',
  'appointment_at',
  'abnormal_at',
  'receipted_at',
  'signed_at',
  'paid_at',
  'evaluated_at',
];

const JSON_LIST = (q: SQL) => sql`coalesce((${q}), '[]'::json)`;

/**
 * Everything the detail shows besides the row, in one statement over the order `o` (docs/platform.md "How reads are
 * built"): the names and times joined to it (order type, customer, product, service group), its service items and
 * fees, tags, people (with every name the page shows), the event it came from, the field versions of the order and
 * its receipt, and the approval step it waits on. Each part is a sub-select on its own index by (enterprise, order).
 */
async function detailOf(ex: Executor, r: OrderReader, o: Row): Promise<Row> {
  const times = TIME_COLUMNS.map((c) => sql`${at(c, r.timeZone)} as ${sql.identifier(`t_${c}`)}`);
  const own = sql`enterprise_id = o.enterprise_id and order_id = o.id`;
  const userCols = sql.join(
    [...PEOPLE_COLUMNS.map(([, col]) => col), 'abnormal_by'].map((c) => sql`o.${sql.identifier(c)}`),
    sql`, `,
  );
  const pending = o.examine_result != null && Number(o.examine_result) === 0;
  const [x] = await rows(
    ex,
    sql`select t.name as template_name, c.name as customer_name, p.name as product_name, p.serial_number, g.name as group_name, ${sql.join(times, sql`, `)},
      ${JSON_LIST(sql`select json_agg(json_build_object('id', i.id, 'serviceItemId', i.service_item_id, 'name', i.name, 'price', i.price, 'quantity', i.quantity,
        'amount', i.amount) order by i.id) from order_service_items i where i.${own}`)} as items,
      ${JSON_LIST(sql`select json_agg(json_build_object('id', f.id, 'moneyItemId', f.money_item_id, 'name', f.name, 'price', f.price, 'quantity', f.quantity,
        'amount', f.amount) order by f.id) from order_fees f where f.${own}`)} as fees,
      ${JSON_LIST(sql`select json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color_rgb) order by tg.id)
        from tag_links l join tags tg on tg.enterprise_id = l.enterprise_id and tg.id = l.tag_id where l.enterprise_id = o.enterprise_id and l.obj_type = 3 and l.obj_id = o.id`)} as tags,
      ${JSON_LIST(sql`select json_agg(json_build_object('part', m.part, 'userId', m.user_id) order by m.part, m.created_at, m.user_id) from order_people m where m.${own}`)} as many,
      (select json_object_agg(u.id, u.name) from (select unnest(array[${userCols}]) as id union select m.user_id from order_people m where m.${own}) w
        join users u on u.enterprise_id = o.enterprise_id and u.id = w.id) as names,
      (select json_build_object('id', e.id, 'eventNo', e.event_no, 'title', e.title, 'state', e.state) from events e
        where e.enterprise_id = o.enterprise_id and e.order_id = o.id and e.deleted_at is null limit 1) as event,
      (select v.fields from form_template_versions v where v.enterprise_id = o.enterprise_id and v.id = o.template_version_id) as ext_fields,
      ${
        o.receipted_at == null
          ? sql`null::jsonb`
          : sql`(select v.fields from form_template_versions v where v.enterprise_id = o.enterprise_id and v.id = o.receipt_version_id)`
      } as receipt_fields,
      ${pending ? orderApprovalStepSql() : sql`null::json`} as approval
      from orders o
      join form_templates t on t.enterprise_id = o.enterprise_id and t.id = o.template_id
      join customers c on c.enterprise_id = o.enterprise_id and c.id = o.customer_id
      left join installed_products p on p.enterprise_id = o.enterprise_id and p.id = o.installed_product_id
      left join service_groups g on g.enterprise_id = o.enterprise_id and g.id = o.service_group_id
      where o.enterprise_id = ${r.enterpriseId} and o.id = ${Number(o.id)}`,
  );
  return x ?? {};
}

/** Everyone on the order, by part, with names (the people columns of the row, then order_people). */
function peopleFrom(o: Row, many: { part: number; userId: number }[], names: Map<number, string>): OrderPerson[] {
  const out: OrderPerson[] = [];
  for (const [part, col, partName] of PEOPLE_COLUMNS) {
    const id = num(o[col]);
    if (id != null) out.push({ part, partName, userId: id, name: names.get(id) ?? `用户${id}` });
  }
  for (const m of many) {
    const id = Number(m.userId);
    const copied = Number(m.part) === ORDER_PEOPLE_PARTS.copied;
    out.push({ part: copied ? 'copied' : 'collaborator', partName: copied ? '抄送人' : '协作人员', userId: id, name: names.get(id) ?? `用户${id}` });
  }
  return out;
}

/** Custom values presented against a version's fields (none: no version), with the groups when asked. */
async function presented(ex: Executor, r: OrderReader, fields: unknown, ext: unknown): Promise<(ExtField & { group: string | null })[]> {
  if (!Array.isArray(fields)) return [];
  const fs = fields as FieldDef[];
  const groups = groupsOf(fs);
  const roles = r.sysrole == null ? undefined : [r.sysrole];
  return (await presentWith(ex, r.enterpriseId, fs, (ext ?? {}) as Record<string, unknown>, { roles })).map((f) => ({ ...f, group: groups.get(f.id) ?? null }));
}

/** GET /order/orderDetail: the whole record as the detail page shows it, with the viewer's abilities. */
export async function orderDetail(ex: Executor, r: OrderReader, o: Row): Promise<OrderDetail> {
  const id = Number(o.id);
  const abnormalBy = num(o.abnormal_by);
  // The parts are independent reads: asked together, the page waits for the slowest, not the sum.
  // One statement for what the row does not hold (detailOf); the files, and the abilities' approval reads when an
  // examine is pending, beside it (the reader's parts came with the row: visibleOrder).
  const [n, files, abilities] = await Promise.all([
    detailOf(ex, r, o),
    uploadsOf(ex, r.enterpriseId, [...((o.attachments as unknown[]) ?? []).map(Number), ...(o.signature_id == null ? [] : [Number(o.signature_id)])]),
    orderAbilities(ex, r, o),
  ]);
  const names = new Map(Object.entries((n.names ?? {}) as Record<string, string>).map(([k, v]) => [Number(k), v]));
  const people = peopleFrom(o, n.many as { part: number; userId: number }[], names);
  const tags = n.tags as { id: number; name: string; color: string | null }[];
  const event = (n.event as { id: number; eventNo: string; title: string; state: number } | null) ?? null;
  const approval = (n.approval as { id: number; stepName: string } | null) ?? null;
  const money = (x: Row) => ({ id: Number(x.id), name: String(x.name), price: Number(x.price), quantity: Number(x.quantity), amount: Number(x.amount) });
  const serviceItems = (n.items as Row[]).map((i) => ({ ...money(i), serviceItemId: Number(i.serviceItemId) }));
  const feeRows = (n.fees as Row[]).map((f) => ({ ...money(f), moneyItemId: num(f.moneyItemId) }));
  const [extFields, receiptWithGroups] = await Promise.all([
    o.template_version_id == null ? [] : presented(ex, r, n.ext_fields, o.ext),
    o.receipted_at == null || o.receipt_version_id == null ? [] : presented(ex, r, n.receipt_fields, o.receipt_ext),
  ]);
  const receipt: ExtField[] = receiptWithGroups.map(({ group: _g, ...f }) => f);
  const t = (c: string) => str(n[`t_${c}`]);
  // The signature's file was read with the attachments (one query); it is not an attachment.
  const signatureId = num(o.signature_id);
  const attachmentIds = new Set(((o.attachments as unknown[]) ?? []).map(Number));
  const attachments = files.filter((f) => attachmentIds.has(f.id));
  const signatureFile = signatureId == null ? undefined : files.find((f) => f.id === signatureId);
  const state = Number(o.state);
  const invalid = o.invalid === true;
  const abnormalKind = num(o.abnormal_kind);
  const byName = abnormalBy == null ? null : names.get(abnormalBy);
  const examineType = num(o.examine_type);
  const productId = num(o.installed_product_id);
  const warranty = num(o.warranty_state);
  return {
    id,
    orderNo: String(o.order_no),
    version: Number(o.version),
    state,
    stateName: stateNameOf(state, invalid),
    stateColor: invalid && state === 0 ? '#8c8c8c' : (ORDER_STATES[state as keyof typeof ORDER_STATES]?.color ?? '#8c8c8c'),
    invalid,
    abnormal:
      abnormalKind == null
        ? null
        : {
            kind: abnormalKind,
            kindName: nameIn(ABNORMAL_KINDS, abnormalKind) ?? '',
            reason: str(o.abnormal_reason),
            by: abnormalBy == null ? null : { id: abnormalBy, name: byName ?? '' },
            at: t('abnormal_at'),
          },
    examineType,
    examineTypeName: nameIn(EXAMINE_TYPES, examineType),
    examineResult: num(o.examine_result),
    approval,
    placeState: Number(o.place_state ?? 0),
    inPool: o.in_pool === true,
    deleted: o.deleted_at != null,
    orderType: { id: Number(o.template_id), name: String(n.template_name ?? '') },
    templateVersionId: num(o.template_version_id),
    title: String(o.title),
    customer: { id: Number(o.customer_id), name: String(n.customer_name ?? '') },
    contactId: num(o.contact_id),
    customLinkPerson: str(o.custom_link_person),
    customPhone: str(o.custom_phone),
    customEnterpriseName: str(o.custom_enterprise_name),
    gpsAddr: {
      provinceCode: str(o.province_code),
      cityCode: str(o.city_code),
      districtCode: str(o.district_code),
      province: str(o.province),
      city: str(o.city),
      district: str(o.district),
      detail: str(o.address_detail),
      fullAddress: str(o.full_address),
      latitude: num(o.latitude),
      longitude: num(o.longitude),
      precision: o.latitude != null && o.longitude != null ? (GEO_PRECISIONS.find((p) => p === o.geo_precision) ?? null) : null,
    },
    product:
      productId == null
        ? null
        : {
            id: productId,
            name: String(n.product_name ?? ''),
            serialNumber: str(n.serial_number),
            warrantyState: warranty,
            warrantyName: nameIn(WARRANTY_STATES, warranty),
          },
    customApplyTime: t('appointment_at'),
    priority: Number(o.priority),
    priorityName: nameIn(ORDER_PRIORITIES, o.priority) ?? '',
    serviceLevel: num(o.service_level),
    detailDesc: str(o.detail_desc),
    attachments,
    tags,
    serviceGroup: o.service_group_id == null ? null : { id: Number(o.service_group_id), name: String(n.group_name ?? '') },
    source: num(o.source),
    saleChannel: num(o.sale_channel),
    people,
    times: {
      createdAt: t('created_at') ?? '',
      acceptedAt: t('accepted_at'),
      dispatchedAt: t('dispatched_at'),
      takenAt: t('taken_at'),
      startedAt: t('started_at'),
      finishedAt: t('finished_at'),
      cancelledAt: t('cancelled_at'),
      archivedAt: t('archived_at'),
      dueAt: t('due_at'),
    },
    extFields,
    serviceItems,
    fees: {
      rows: feeRows,
      serviceAmount: Number(o.service_amount ?? 0),
      spareAmount: Number(o.spare_amount ?? 0),
      otherAmount: Number(o.other_amount ?? 0),
      discountAmount: Number(o.discount_amount ?? 0),
      receivableAmount: Number(o.receivable_amount ?? 0),
    },
    receipt: o.receipted_at == null ? null : { receiptedAt: t('receipted_at') ?? '', fields: receipt },
    signature: signatureFile ? { file: signatureFile, signedAt: t('signed_at') ?? '' } : null,
    collection:
      o.paid_at == null
        ? null
        : {
            paymentMethod: num(o.payment_method),
            paymentMethodName: nameIn(PAYMENT_METHODS, o.payment_method),
            receivePaymentId: num(o.receive_payment_id),
            paidAmount: Number(o.paid_amount ?? 0),
            paidAt: t('paid_at') ?? '',
          },
    evaluation: evaluationOf(o.evaluation, t('evaluated_at')),
    event,
    abilities,
  };
}

/** GET /order/getOrderTab: every tab, always in the same order, with counts where a number helps. */
export async function orderTabs(ex: Executor, r: OrderReader, row: Row): Promise<OrderTab[]> {
  const o = row;
  const [c] = await rows<{ logs: number; messages: number; fees: number; history: number }>(
    ex,
    sql`select
      (select count(*)::int from order_logs where enterprise_id = ${r.enterpriseId} and order_id = ${o.id}) as logs,
      (select count(*)::int from order_messages where enterprise_id = ${r.enterpriseId} and order_id = ${o.id}) as messages,
      (select count(*)::int from order_fees where enterprise_id = ${r.enterpriseId} and order_id = ${o.id})
        + (select count(*)::int from order_service_items where enterprise_id = ${r.enterpriseId} and order_id = ${o.id}) as fees,
      (select count(*)::int from orders o where o.enterprise_id = ${r.enterpriseId} and o.id <> ${row.id} and o.deleted_at is null and ${orderScope(r)}
        and (o.customer_id = ${row.customer_id} or o.installed_product_id = ${row.installed_product_id ?? null}::bigint)) as history`,
  );
  const count: Partial<Record<keyof typeof ORDER_TABS, number | null>> = {
    fees: Number(c?.fees ?? 0),
    receipt: o.receipted_at == null ? 0 : 1,
    evaluation: o.evaluation == null && o.evaluated_at == null ? 0 : 1,
    messages: Number(c?.messages ?? 0),
    logs: Number(c?.logs ?? 0),
    related: Number(c?.history ?? 0),
  };
  return (Object.keys(ORDER_TABS) as (keyof typeof ORDER_TABS)[]).map((key) => ({ key, name: ORDER_TABS[key], count: count[key] ?? null }));
}

/** The fixed fields of the order kind, then the custom fields of a version, with their groups. */
export function orderFieldNames(fields: FieldDef[]) {
  const fixed = FIXED_FIELDS[1].map((f) => ({ key: f.key, name: f.name, type: f.type, system: true, group: null as string | null }));
  return [...fixed, ...fields.map((f) => ({ key: String(f.id), name: f.name, type: f.type, system: false, group: f.group ?? null }))];
}

/** GET /v2/order/relatedList: the other orders of the customer or product, newest first, that the reader may open. */
export async function relatedOrders(ex: Executor, r: OrderReader, o: Row): Promise<RelatedOrder[]> {
  const product = num(o.installed_product_id);
  const list = await rows<Row>(
    ex,
    sql`select o.id, o.order_no, o.title, o.state, o.invalid, o.installed_product_id, u.name as service_user_name,
        to_char(o.created_at at time zone ${r.timeZone}, 'YYYY-MM-DD HH24:MI:SS') as create_time
      from orders o left join users u on u.enterprise_id = o.enterprise_id and u.id = o.service_user_id
      where o.enterprise_id = ${r.enterpriseId} and o.id <> ${o.id} and o.deleted_at is null and ${orderScope(r)}
        and (o.customer_id = ${o.customer_id} ${product == null ? sql`` : sql`or o.installed_product_id = ${product}`})
      order by o.created_at desc, o.id desc limit ${RELATED_MAX}`,
  );
  return list.map((x) => {
    const state = Number(x.state);
    const invalid = x.invalid === true;
    return {
      id: Number(x.id),
      orderNo: String(x.order_no),
      title: String(x.title),
      state,
      stateName: stateNameOf(state, invalid),
      stateColor: ORDER_STATES[state as keyof typeof ORDER_STATES]?.color ?? '#8c8c8c',
      sameProduct: product != null && num(x.installed_product_id) === product,
      serviceUserName: str(x.service_user_name),
      createTime: String(x.create_time),
    };
  });
}
