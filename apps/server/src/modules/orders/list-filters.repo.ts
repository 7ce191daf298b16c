// The conditions of every order list on `orders o` (the /allOrder route's parameters, the list scopes): the list, its
// count, the export and the badge counts read them through list.filters.ts, which chooses the viewer's own (its scope,
// its approvals).
import { MY_ORDER_TAB_STATES, ORDER_PEOPLE_PARTS, ORDER_TAB_STATES, type OrderListFilters } from '@sk/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/actor';
import { contains, containsWith, gramNeedles, textContains, prefixPattern, texts } from '../../platform/search';
import { and, bigints, createdBetween } from '../../platform/sql';
import { customerScope } from '../customers/index';
import { hasAnyTag } from '../tags/index';
import { onEngine, openTaskOrders } from './examine.kinds';
import { createdMonths } from './list.search';
import { teamOrdersOf } from './scope.repo';

/** Order tags are tag code 3. */
const ORDER_TAG_CODE = 3;
/** States in which an order can still be overdue. */
const OPEN_STATES = sql`(0, 1, 2, 3, 4, 7)`;

/**
 * The GIN index on sk_month_grams(enterprise_id, created_at, search_grams) (db/derived.ts) keys each gram by the
 * order's enterprise and creation month in UTC+8 ('1:202611:空调'), so "keyword within a range" reads only the
 * enterprise's postings of the range's months (docs/lists.md).
 */
const MONTH_GRAMS = sql`sk_month_grams(o.enterprise_id, o.created_at, o.search_grams)`;

/**
 * The months a text filter's grams are keyed by: those of a closed range, or one month of a walk (an SQL 'YYYYMM'
 * expression, pastWindowByMonths); null for the plain search_grams; 'recheck' for no grams at all (WhereOptions).
 */
export type MonthKeys = string[] | SQL | null | 'recheck';

/**
 * The text alone, for a walk of the sort's index (WhereOptions.recheckOnly): nothing the GIN index could serve, as one
 * arm of the OR never is. The order's own text first; a later one (the customer's name, a sub-select) only where the
 * order's grams hold the needles, so a row walked past is not looked up for it.
 */
function byTextFirst(textExpr: AnyColumn | SQL | readonly (AnyColumn | SQL)[], q: string): SQL {
  const [first, ...rest] = Array.isArray(textExpr) ? textExpr : [textExpr as AnyColumn | SQL];
  const own = textContains(first, q);
  if (!rest.length) return sql`(${own})`;
  const needles = gramNeedles(q);
  const grams = needles.length ? sql`o.search_grams @> ${texts(needles)} and ` : sql``;
  const later = sql.join(
    rest.map((t) => textContains(t, q)),
    sql` or `,
  );
  return sql`(${own} or (${grams}(${later})))`;
}

/** A contains-search on the enterprise's order texts: by the months' grams when `months` bounds it, else by search_grams. */
export function orderContains(enterpriseId: number, months: MonthKeys, textExpr: AnyColumn | SQL | readonly (AnyColumn | SQL)[], q: string): SQL {
  if (!months) return contains(sql`o.search_grams`, textExpr, q);
  if (months === 'recheck') return byTextFirst(textExpr, q);
  // Every needle in one of the months: one GIN scan with a key set per needle.
  const keys = (g: string) =>
    Array.isArray(months) ? texts(months.map((m) => `${enterpriseId}:${m}:${g}`)) : sql`array[${`${enterpriseId}:`}::text || ${months} || ${`:${g}`}::text]`;
  return containsWith(
    (needles) =>
      sql.join(
        needles.map((g) => sql`${MONTH_GRAMS} && ${keys(g)}`),
        sql` and `,
      ),
    textExpr,
    q,
  );
}

/**
 * A user's orders by a part in order_people (4 collaborator, 6 copied-to), as `= any(array(…))`: the ids are read
 * first by order_people_user_idx and looked up by the primary key, instead of a filter on every order walked.
 */
const byPeople = (v: { enterpriseId: number }, userId: number, part: number): SQL =>
  sql`o.id = any(array(select p.order_id from order_people p where p.enterprise_id = ${v.enterpriseId} and p.user_id = ${userId} and p.part = ${part}))`;

/** 待我审批 of an approver: an open task of the current step, or an order no approval flow decides. */
export const openTaskOrOffEngine = (enterpriseId: number, userId: number): SQL => sql`(${openTaskOrders(enterpriseId, userId)} or not ${onEngine()})`;

const inStates = (states: readonly number[]): SQL =>
  sql`o.state in (${sql.join(
    states.map((s) => sql`${s}`),
    sql`, `,
  )})`;

/** What the viewer's rules choose (list.filters.ts): the orders they see, and those of 待我审批. */
export interface ViewerConds {
  scope: SQL;
  examine: SQL;
}

/** What each list page shows before any filter. */
function scopeConds(v: Actor, f: Partial<OrderListFilters>, examine: SQL): SQL[] {
  const me = v.id;
  switch (f.scope ?? 'all') {
    case 'acceptance':
      return [sql`o.state = 0`, sql`not o.invalid`];
    case 'mine': {
      const states = MY_ORDER_TAB_STATES[f.tab ?? 'all'];
      return [sql`(o.service_user_id = ${me} or o.created_by = ${me})`, ...(states ? [inStates(states)] : [])];
    }
    case 'team': {
      const states = MY_ORDER_TAB_STATES[f.tab ?? 'all'];
      return [teamOrdersOf(v.enterpriseId, me), ...(states ? [inStates(states)] : [])];
    }
    case 'teamwork':
      return [byPeople(v, me, ORDER_PEOPLE_PARTS.collaborator)];
    case 'abnormal':
      return [sql`o.abnormal_kind is not null`];
    case 'due':
      return [sql`o.due_at < now()`, sql`o.state in ${OPEN_STATES}`];
    case 'sendMe':
      return [byPeople(v, me, ORDER_PEOPLE_PARTS.copied)];
    case 'examine':
      return [sql`o.examine_result = 0`, sql`o.examine_type is not null`, examine];
    case 'customer':
      return f.customerId ? [customerScope(v, sql`o.customer_id`)] : [sql`false`];
    case 'product':
      return f.fk_t_production_id ? [customerScope(v, sql`o.customer_id`)] : [sql`false`];
    default:
      return [];
  }
}

/** A time range on a column, in the enterprise's zone (a date-only or 00:00 end covers the whole day). */
const between = (col: string, v: Actor, start?: string, end?: string): SQL[] => createdBetween(sql.raw(col), v, start, end);

/**
 * How the text filters find their rows: `monthGrams` (the default) narrows them within a creation range to its months'
 * grams (orderContains), for statements that read every match; a walk of the sort's index that stops at its page
 * (pageRows) passes false, so each row walked is checked on its plain grams.
 */
export interface WhereOptions {
  monthGrams?: boolean;
  /** The month ('YYYYMM', SQL) the text filters are keyed by in a month walk (pastWindowByMonths). */
  walkMonth?: SQL;
  /**
   * The text filters as their ILIKE alone, no grams: a search known dense (past the window within its newest months)
   * is read along the sort's index, and the grams would offer a bitmap of every posting of all time instead, whose
   * size the planner takes as the product of the grams' frequencies: 9,264 for 624,002 postings of 管路改造 at 5,000,000
   * orders, a page sorted out of all of them in 8.3 s.
   */
  recheckOnly?: boolean;
}

/** Every filter of the list, as conditions; absent filters add nothing. */
export function filterConds(v: Actor, f: Partial<OrderListFilters>, o: WhereOptions): SQL[] {
  const ep = v.enterpriseId;
  const c: SQL[] = [];
  const months = o.recheckOnly ? 'recheck' : (o.walkMonth ?? (o.monthGrams === false ? null : createdMonths(v.timeZone, f.startCreateTime, f.endCreateTime)));
  if (f.keyword) {
    const customer = sql`(select k.name from customers k where k.enterprise_id = o.enterprise_id and k.id = o.customer_id)`;
    // The order's own columns first: most matches never need the customer's name looked up.
    const own = sql`concat_ws(' ', o.title, o.order_no, o.custom_link_person, o.custom_phone, o.full_address)`;
    c.push(orderContains(ep, months, [own, customer], f.keyword));
  }
  if (f.title) c.push(orderContains(ep, months, sql`o.title`, f.title));
  const tab = f.orderState == null ? null : ORDER_TAB_STATES[String(f.orderState) as keyof typeof ORDER_TAB_STATES];
  if (tab) c.push(inStates(tab));
  const states = [...(f.states ?? []), ...(f.orderStateList ?? [])];
  if (states.length) c.push(inStates(states));
  if (f.isCreateReceipt != null) c.push(f.isCreateReceipt ? sql`o.receipted_at is not null` : sql`o.receipted_at is null`);
  if (f.isServiceSettlement != null) c.push(f.isServiceSettlement ? sql`o.paid_at is not null` : sql`o.paid_at is null`);
  if (f.evaluateState != null) c.push(f.evaluateState ? sql`o.evaluated_at is not null` : sql`o.evaluated_at is null`);
  if (f.orderExceed === 1) c.push(sql`o.due_at < now() and o.state in ${OPEN_STATES}`);
  if (f.orderExceed === 0) c.push(sql`(o.due_at is null or o.due_at >= now() or o.state not in ${OPEN_STATES})`);
  if (f.order_label?.length) c.push(hasAnyTag(ep, ORDER_TAG_CODE, f.order_label, sql`o.id`));
  if (f.customName) {
    c.push(sql`o.customer_id in (select k.id from customers k where k.enterprise_id = ${ep} and ${contains(sql`k.search_grams`, sql`k.name`, f.customName)})`);
  }
  if (f.customerId) c.push(sql`o.customer_id = ${f.customerId}`);
  if (f.customLinkPerson) c.push(orderContains(ep, months, sql`o.custom_link_person`, f.customLinkPerson));
  if (f.customPhone) c.push(sql`o.custom_phone like ${prefixPattern(f.customPhone)}`);
  if (f.gpsAddr) c.push(orderContains(ep, months, sql`o.full_address`, f.gpsAddr));
  if (f.orderType?.length) c.push(sql`o.template_id = any(${bigints(f.orderType)})`);
  if (f.priority != null) c.push(sql`o.priority = ${f.priority}`);
  if (f.source != null) c.push(sql`o.source = ${f.source}`);
  c.push(
    ...between('o.created_at', v, f.startCreateTime, f.endCreateTime),
    ...between('o.appointment_at', v, f.startApplyTime, f.endApplyTime),
    ...between('o.finished_at', v, f.startFinishTime, f.endFinishTime),
    ...between('o.dispatched_at', v, f.startDispatchTime, f.endDispatchTime),
    ...between('o.taken_at', v, f.takeStart, f.takeEnd),
    ...between('o.create_examined_at', v, f.startCreateExamineTime, f.endCreateExamineTime),
    ...between('o.complete_examined_at', v, f.startCompleteExamineTime, f.endCompleteExamineTime),
    ...between('o.receipt_examined_at', v, f.startReceiptExamineTime, f.endReceiptExamineTime),
    ...between('o.collection_examined_at', v, f.startCollectionExamineTime, f.endCollectionExamineTime),
  );
  if (f.servicePersonalId) c.push(sql`o.service_user_id = ${f.servicePersonalId}`);
  if (f.coordinationUserId) c.push(byPeople(v, f.coordinationUserId, ORDER_PEOPLE_PARTS.collaborator));
  if (f.duplicateUserId) c.push(byPeople(v, f.duplicateUserId, ORDER_PEOPLE_PARTS.copied));
  if (f.create_examine_operator_id) c.push(sql`o.create_examine_operator_id = ${f.create_examine_operator_id}`);
  if (f.complete_examine_operator_id) c.push(sql`o.complete_examine_operator_id = ${f.complete_examine_operator_id}`);
  if (f.dispatchUserId) c.push(sql`o.dispatcher_id = ${f.dispatchUserId}`);
  if (f.take_order_user_id) c.push(sql`o.taken_by = ${f.take_order_user_id}`);
  if (f.take_user_id) c.push(sql`o.acceptor_id = ${f.take_user_id}`);
  if (f.service_id) {
    c.push(sql`o.id in (select i.order_id from order_service_items i where i.enterprise_id = ${ep} and i.service_item_id = ${f.service_id})`);
  }
  if (f.service_category) {
    c.push(sql`o.id in (select i.order_id from order_service_items i join service_items s on s.enterprise_id = i.enterprise_id and s.id = i.service_item_id
      where i.enterprise_id = ${ep} and s.type_id = ${f.service_category})`);
  }
  if (f.placeState != null) c.push(sql`o.place_state = ${f.placeState}`);
  if (f.examineType != null) c.push(sql`o.examine_type = ${f.examineType}`);
  if (f.examineResult != null) c.push(sql`o.examine_result = ${f.examineResult}`);
  if (f.serviceGroupId) c.push(sql`o.service_group_id = ${f.serviceGroupId}`);
  if (f.fk_t_production_id) c.push(sql`o.installed_product_id = ${f.fk_t_production_id}`);
  if (f.receive_payment_ids?.length) c.push(sql`o.receive_payment_id = any(${bigints(f.receive_payment_ids)})`);
  return c;
}

/** The whole condition of a list: the enterprise, the recycle bin (in or out), the viewer's orders, the scope, the filters. */
export function listWhere(v: Actor, f: Partial<OrderListFilters>, o: WhereOptions, seen: ViewerConds): SQL {
  const bin = f.scope === 'rubbish' ? sql`o.deleted_at is not null` : sql`o.deleted_at is null`;
  // A month of the walk looks its grams up by keys that name the enterprise already: the tenancy condition is then a
  // filter on the rows found, not a bitmap of every order of the enterprise ANDed with them (half a month's time).
  const tenant = o.walkMonth ? sql`o.enterprise_id + 0 = ${v.enterpriseId}` : sql`o.enterprise_id = ${v.enterpriseId}`;
  return and([tenant, bin, seen.scope, ...scopeConds(v, f, seen.examine), ...filterConds(v, f, o)]);
}
