// The order detail's statements: everything the page shows besides the row (one statement, typed), the tabs' counts
// and the related orders; and the presenters that turn them, with the row (orders.repo.ts OrderRecord), into the
// contract's OrderDetail and RelatedOrder.
import {
  ABNORMAL_KINDS,
  type Coverage,
  EXAMINE_TYPES,
  type ExtField,
  type FieldDef,
  ORDER_INVALID_LABEL,
  ORDER_PEOPLE_PARTS,
  ORDER_PRIORITIES,
  ORDER_STATES,
  type OrderAction,
  type OrderDetail,
  type OrderPerson,
  PAYMENT_METHODS,
  RELATED_MAX,
  type RelatedOrder,
  type UploadedFile,
  WARRANTY_STATES,
} from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, preparedRows, rows } from '../../db/client';
import { GEO_PRECISIONS } from '../../platform/geo/geocoder';
import type { OrderReader } from './orders.types';
import { orderApprovalStepSql } from './examine.repo';
import type { OrderRecord, OrderRecordWith } from './orders.repo';

const nameIn = (map: Record<number, string>, v: number | null): string | null => (v == null ? null : (map[v] ?? null));
/** A numeric column (money, quantities) as the driver gives it, text, as a number. */
const decimal = (text: string | null): number => (text == null ? 0 : Number.parseFloat(text));

/** Evaluation dimensions 0–3. */
const EVALUATION_DIMENSIONS: Record<number, string> = { 0: '服务质量', 1: '服务态度', 2: '服务速度', 3: '问题解决率' };

export const stateNameOf = (state: number, invalid: boolean): string =>
  invalid && state === 0 ? ORDER_INVALID_LABEL : (ORDER_STATES[state as keyof typeof ORDER_STATES]?.label ?? `状态${state}`);

const PEOPLE_COLUMNS = [
  ['creator', 'created_by', '创建人'],
  ['salesperson', 'salesperson_id', '销售人员'],
  ['acceptor', 'acceptor_id', '受理人员'],
  ['dispatcher', 'dispatcher_id', '派单人员'],
  ['service', 'service_user_id', '服务人员'],
  ['taker', 'taken_by', '接单人'],
  ['returnVisitor', 'return_visitor_id', '回访客服'],
] as const satisfies readonly (readonly [OrderPerson['part'], keyof OrderRecord, string])[];

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
] as const;
type TimeColumn = (typeof TIME_COLUMNS)[number];

/** A service item or fee line as the detail's statement builds it in JSON (numbers: JSON has no numeric text). */
interface MoneyLine {
  id: number;
  name: string;
  price: number;
  quantity: number;
  amount: number;
}

/** What detailSql reads beside the row; the times in the reader's zone, as `t_<column>`. */
export type DetailRaw = { [C in TimeColumn as `t_${C}`]: string | null } & {
  template_name: string;
  customer_name: string;
  product_name: string | null;
  serial_number: string | null;
  group_name: string | null;
  items: (MoneyLine & { serviceItemId: number })[];
  fees: (MoneyLine & { moneyItemId: number | null })[];
  tags: { id: number; name: string; color: string | null }[];
  many: { part: number; userId: number }[];
  /** User names by id (JSON object keys are text). */
  names: Record<string, string> | null;
  event: { id: number; eventNo: string; title: string; state: number } | null;
  ext_fields: FieldDef[] | null;
  receipt_fields: FieldDef[] | null;
  approval: { id: number; stepName: string } | null;
};

const at = (col: string, tz: string) => sql`to_char(o.${sql.identifier(col)} at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS')`;
const JSON_LIST = (q: SQL) => sql`coalesce((${q}), '[]'::json)`;

/**
 * Everything the detail shows besides the row, as select-list columns over the order `o` (docs/platform.md "How reads
 * are built"): the names and times joined to it (order type, customer, product, service group: DETAIL_JOINS), its
 * service items and fees, tags, people (with every name the page shows), the event it came from, the field versions of
 * the order and its receipt, and the approval step it waits on. Each part is a sub-select on its own index by
 * (enterprise, order); the receipt's fields and the approval step are read only where the row has them.
 */
function detailColumns(r: Pick<OrderReader, 'timeZone'>): SQL {
  const times = TIME_COLUMNS.map((c) => sql`${at(c, r.timeZone)} as ${sql.identifier(`t_${c}`)}`);
  const own = sql`enterprise_id = o.enterprise_id and order_id = o.id`;
  const userCols = sql.join(
    [...PEOPLE_COLUMNS.map(([, col]) => col), 'abnormal_by'].map((c) => sql`o.${sql.identifier(c)}`),
    sql`, `,
  );
  return sql`t.name as template_name, c.name as customer_name, p.name as product_name, p.serial_number, g.name as group_name, ${sql.join(times, sql`, `)},
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
      case when o.receipted_at is not null then
        (select v.fields from form_template_versions v where v.enterprise_id = o.enterprise_id and v.id = o.receipt_version_id) end as receipt_fields,
      case when o.examine_result = 0 then ${orderApprovalStepSql()} end as approval`;
}

/** The joins detailColumns reads (an order always has its type and its customer). */
const DETAIL_JOINS = sql`join form_templates t on t.enterprise_id = o.enterprise_id and t.id = o.template_id
      join customers c on c.enterprise_id = o.enterprise_id and c.id = o.customer_id
      left join installed_products p on p.enterprise_id = o.enterprise_id and p.id = o.installed_product_id
      left join service_groups g on g.enterprise_id = o.enterprise_id and g.id = o.service_group_id`;

/** The names of detailColumns' columns: none may be a column of orders (detail.repo.test.ts), they share one row. */
export const DETAIL_KEYS = [
  'template_name',
  'customer_name',
  'product_name',
  'serial_number',
  'group_name',
  ...TIME_COLUMNS.map((c) => `t_${c}` as const),
  'items',
  'fees',
  'tags',
  'many',
  'names',
  'event',
  'ext_fields',
  'receipt_fields',
  'approval',
] as const satisfies readonly (keyof DetailRaw)[];

/** The orders `o` a reader may open: within `openable` (the one order scope), and out of the recycle bin unless `binned`. */
export const readableOrders = (binned: boolean, openable: SQL): SQL => sql`${binned ? sql`true` : sql`o.deleted_at is null`} and ${openable}`;

/**
 * The order `id` where `scope` holds, with the `extra` column (the reader's parts) and detailColumns, in one statement:
 * the detail's row and everything beside it in one round trip. Answers them apart; undefined when none.
 */
export async function orderRowWithDetail(
  ex: Executor,
  r: Pick<OrderReader, 'enterpriseId' | 'timeZone'>,
  id: number,
  scope: SQL,
  extra: SQL,
): Promise<{ row: OrderRecordWith; detail: DetailRaw } | undefined> {
  const [got] = await preparedRows<OrderRecordWith & DetailRaw>(
    ex,
    sql`select o.*, ${extra}, ${detailColumns(r)} from orders o ${DETAIL_JOINS} where o.enterprise_id = ${r.enterpriseId} and o.id = ${id} and ${scope}`,
  );
  if (!got) return undefined;
  const detail = {} as Record<string, unknown>;
  const row = got as Record<string, unknown>;
  for (const k of DETAIL_KEYS) {
    detail[k] = row[k];
    delete row[k];
  }
  return { row: got, detail: detail as DetailRaw };
}

/** Everyone on the order, by part, with names (the people columns of the row, then order_people). */
function peopleFrom(o: OrderRecord, many: DetailRaw['many'], names: Map<number, string>): OrderPerson[] {
  const out: OrderPerson[] = [];
  for (const [part, col, partName] of PEOPLE_COLUMNS) {
    const id = o[col];
    if (id != null) out.push({ part, partName, userId: id, name: names.get(id) ?? `用户${id}` });
  }
  for (const m of many) {
    const copied = m.part === ORDER_PEOPLE_PARTS.copied;
    out.push({
      part: copied ? 'copied' : 'collaborator',
      partName: copied ? '抄送人' : '协作人员',
      userId: m.userId,
      name: names.get(m.userId) ?? `用户${m.userId}`,
    });
  }
  return out;
}

/** Scores as { dimension: score } or [{ dimension, score }], under `scores` or at the top; the rest is the form's. */
function evaluationOf(raw: unknown, evaluatedAt: string | null): OrderDetail['evaluation'] {
  if (raw == null && evaluatedAt == null) return null;
  const e = (raw ?? {}) as Record<string, unknown>;
  const src = (e.scores ?? e) as unknown;
  const pairs: [number, number][] = Array.isArray(src)
    ? src.map((x: { dimension?: unknown; score?: unknown }) => [Number(x.dimension), Number(x.score)])
    : Object.entries((src ?? {}) as Record<string, unknown>).map(([k, v]) => [Number(k), Number(v)]);
  const scores = pairs
    .filter(([d, s]) => d in EVALUATION_DIMENSIONS && Number.isFinite(s))
    .sort((a, b) => a[0] - b[0])
    .map(([dimension, score]) => ({ dimension, name: EVALUATION_DIMENSIONS[dimension] ?? '', score }));
  const remark = e.remark ?? e.content;
  return { evaluatedAt, scores, remark: remark == null ? null : String(remark) };
}

/** What the detail gathers beside the row and detailSql: the files, the abilities and the presented custom fields. */
export interface DetailParts {
  files: UploadedFile[];
  abilities: OrderAction[];
  extFields: (ExtField & { group: string | null })[];
  receipt: ExtField[];
  /** The product's warranty on the order's day (orderWarranty). */
  warranty: (Pick<Coverage, 'state' | 'end' | 'source'> & { day: string }) | null;
}

/** The one place an order becomes the contract's OrderDetail. */
export function toOrderDetail(o: OrderRecord, n: DetailRaw, p: DetailParts): OrderDetail {
  const names = new Map(Object.entries(n.names ?? {}).map(([k, v]) => [Number(k), v]));
  const t = (c: TimeColumn) => n[`t_${c}`];
  // The signature's file was read with the attachments (one query); it is not an attachment.
  const attachmentIds = new Set(o.attachments.map(Number));
  const signatureFile = o.signature_id == null ? undefined : p.files.find((f) => f.id === o.signature_id);
  const { state, invalid, abnormal_kind: abnormalKind, abnormal_by: abnormalBy, examine_type: examineType } = o;
  const productId = o.installed_product_id;
  const w = p.warranty;
  return {
    id: o.id,
    orderNo: o.order_no,
    version: o.version,
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
            reason: o.abnormal_reason,
            by: abnormalBy == null ? null : { id: abnormalBy, name: names.get(abnormalBy) ?? '' },
            at: t('abnormal_at'),
          },
    examineType,
    examineTypeName: nameIn(EXAMINE_TYPES, examineType),
    examineResult: o.examine_result,
    approval: n.approval,
    placeState: o.place_state,
    inPool: o.in_pool,
    deleted: o.deleted_at != null,
    orderType: { id: o.template_id, name: n.template_name ?? '' },
    templateVersionId: o.template_version_id,
    title: o.title,
    customer: { id: o.customer_id, name: n.customer_name ?? '' },
    contactId: o.contact_id,
    customLinkPerson: o.custom_link_person,
    customPhone: o.custom_phone,
    customEnterpriseName: o.custom_enterprise_name,
    gpsAddr: {
      provinceCode: o.province_code,
      cityCode: o.city_code,
      districtCode: o.district_code,
      province: o.province,
      city: o.city,
      district: o.district,
      detail: o.address_detail,
      fullAddress: o.full_address,
      latitude: o.latitude,
      longitude: o.longitude,
      precision: o.latitude != null && o.longitude != null ? (GEO_PRECISIONS.find((x) => x === o.geo_precision) ?? null) : null,
    },
    product:
      productId == null
        ? null
        : {
            id: productId,
            name: n.product_name ?? '',
            serialNumber: n.serial_number,
            warrantyState: w?.state ?? null,
            warrantyName: w ? nameIn(WARRANTY_STATES, w.state) : null,
            warrantyEnd: w?.end ?? null,
            warrantySource: w?.source ?? null,
            warrantyDay: w?.day ?? null,
          },
    customApplyTime: t('appointment_at'),
    priority: o.priority,
    priorityName: nameIn(ORDER_PRIORITIES, o.priority) ?? '',
    serviceLevel: o.service_level,
    detailDesc: o.detail_desc,
    attachments: p.files.filter((f) => attachmentIds.has(f.id)),
    tags: n.tags,
    serviceGroup: o.service_group_id == null ? null : { id: o.service_group_id, name: n.group_name ?? '' },
    source: o.source,
    saleChannel: o.sale_channel,
    people: peopleFrom(o, n.many, names),
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
    extFields: p.extFields,
    serviceItems: n.items.map(({ id, serviceItemId, name, price, quantity, amount }) => ({ id, name, price, quantity, amount, serviceItemId })),
    fees: {
      rows: n.fees.map(({ id, moneyItemId, name, price, quantity, amount }) => ({ id, name, price, quantity, amount, moneyItemId })),
      serviceAmount: decimal(o.service_amount),
      spareAmount: decimal(o.spare_amount),
      otherAmount: decimal(o.other_amount),
      discountAmount: decimal(o.discount_amount),
      receivableAmount: decimal(o.receivable_amount),
    },
    receipt: o.receipted_at == null ? null : { receiptedAt: t('receipted_at') ?? '', fields: p.receipt },
    signature: signatureFile ? { file: signatureFile, signedAt: t('signed_at') ?? '' } : null,
    collection:
      o.paid_at == null
        ? null
        : {
            paymentMethod: o.payment_method,
            paymentMethodName: nameIn(PAYMENT_METHODS, o.payment_method),
            receivePaymentId: o.receive_payment_id,
            paidAmount: decimal(o.paid_amount),
            paidAt: t('paid_at') ?? '',
          },
    evaluation: evaluationOf(o.evaluation, t('evaluated_at')),
    event: n.event,
    abilities: p.abilities,
  };
}

/** The counts the detail's tabs show. */
export interface TabCounts {
  logs: number;
  messages: number;
  fees: number;
  history: number;
}

/** The tabs' counts in one statement; `history` counts the other orders of the customer or product the reader may open. */
export async function tabCounts(ex: Executor, r: Pick<OrderReader, 'enterpriseId'>, o: OrderRecord, scope: SQL): Promise<TabCounts> {
  const [c] = await rows<TabCounts>(
    ex,
    sql`select
      (select count(*)::int from order_logs where enterprise_id = ${r.enterpriseId} and order_id = ${o.id}) as logs,
      (select count(*)::int from order_messages where enterprise_id = ${r.enterpriseId} and order_id = ${o.id}) as messages,
      (select count(*)::int from order_fees where enterprise_id = ${r.enterpriseId} and order_id = ${o.id})
        + (select count(*)::int from order_service_items where enterprise_id = ${r.enterpriseId} and order_id = ${o.id}) as fees,
      (select count(*)::int from orders o where o.enterprise_id = ${r.enterpriseId} and o.id <> ${o.id} and o.deleted_at is null and ${scope}
        and (o.customer_id = ${o.customer_id} or o.installed_product_id = ${o.installed_product_id ?? null}::bigint)) as history`,
  );
  return c ?? { logs: 0, messages: 0, fees: 0, history: 0 };
}

/** A related order as relatedRows reads it. */
interface RelatedRaw {
  id: number;
  order_no: string;
  title: string;
  state: number;
  invalid: boolean;
  installed_product_id: number | null;
  service_user_name: string | null;
  create_time: string;
}

const toRelatedOrder = (x: RelatedRaw, product: number | null): RelatedOrder => ({
  id: x.id,
  orderNo: x.order_no,
  title: x.title,
  state: x.state,
  stateName: stateNameOf(x.state, x.invalid),
  stateColor: ORDER_STATES[x.state as keyof typeof ORDER_STATES]?.color ?? '#8c8c8c',
  sameProduct: product != null && x.installed_product_id === product,
  serviceUserName: x.service_user_name,
  createTime: x.create_time,
});

/** The other orders of the order's customer or product the reader may open (`scope`), newest first. */
export async function relatedRows(ex: Executor, r: Pick<OrderReader, 'enterpriseId' | 'timeZone'>, o: OrderRecord, scope: SQL): Promise<RelatedOrder[]> {
  const product = o.installed_product_id;
  const list = await rows<RelatedRaw>(
    ex,
    sql`select o.id, o.order_no, o.title, o.state, o.invalid, o.installed_product_id, u.name as service_user_name,
        to_char(o.created_at at time zone ${r.timeZone}, 'YYYY-MM-DD HH24:MI:SS') as create_time
      from orders o left join users u on u.enterprise_id = o.enterprise_id and u.id = o.service_user_id
      where o.enterprise_id = ${r.enterpriseId} and o.id <> ${o.id} and o.deleted_at is null and ${scope}
        and (o.customer_id = ${o.customer_id} ${product == null ? sql`` : sql`or o.installed_product_id = ${product}`})
      order by o.created_at desc, o.id desc limit ${RELATED_MAX}`,
  );
  return list.map((x) => toRelatedOrder(x, product));
}
