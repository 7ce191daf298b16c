import {
  type CallPop,
  type CallRecord,
  type CallRecordQuery,
  type CallSeat,
  type callRecordCountQuery,
  coverageOf,
  periodsOf,
  normalizeNumber,
  SEAT_READY_TAG,
} from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { type Executor, rows, type Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { countOf, pageRows } from '../../platform/list';
import { and, createdBetween, timeOf } from '../../platform/sql';
import { IM_CHANNEL } from '../im/index';
import { orderScope } from '../orders/index';
import { eventScope } from '../events/index';

// ---- seats ----

interface SeatRow {
  id: number | null;
  user_id: number;
  user_name: string;
  seat_no: string | null;
  enabled: boolean | null;
  status_name: string | null;
  current_call_id: number | null;
}

/** A seat's state: off, on a call, or following the user's availability tag (空闲, or none, is ready). */
export function seatStateOf(r: Pick<SeatRow, 'id' | 'enabled' | 'status_name' | 'current_call_id'>): number {
  if (r.id == null || !r.enabled) return 0;
  if (r.current_call_id != null) return 2;
  return r.status_name == null || r.status_name === SEAT_READY_TAG ? 1 : 3;
}

const toCallSeat = (r: SeatRow): CallSeat => ({
  id: r.id,
  fkTUserId: r.user_id,
  userName: r.user_name,
  enableState: r.id != null && r.enabled ? 1 : 0,
  seatNo: r.seat_no,
  seatState: seatStateOf(r),
  statusName: r.status_name,
  currentCallId: r.current_call_id,
});

const seatSelect = (enterpriseId: number, where: SQL, join: SQL) => sql`
  select s.id, u.id as user_id, u.name as user_name, s.seat_no, s.enabled, t.name as status_name,
    (select c.id from call_records c where c.enterprise_id = u.enterprise_id and c.user_id = u.id and c.state in (1, 2)
      order by c.id desc limit 1) as current_call_id
  from users u ${join} call_seats s on s.enterprise_id = u.enterprise_id and s.user_id = u.id
  left join tags t on t.enterprise_id = u.enterprise_id and t.id = u.status_tag_id
  where u.enterprise_id = ${enterpriseId} and u.deleted_at is null and ${where}`;

/** The user's seat (a user without one answers a disabled seat); null when no such user. */
export async function seatOfUser(ex: Executor, enterpriseId: number, userId: number): Promise<CallSeat | null> {
  const [r] = await rows<SeatRow>(ex, seatSelect(enterpriseId, sql`u.id = ${userId}`, sql`left join`));
  return r ? toCallSeat(r) : null;
}

/** Every seat of the enterprise (at most a few hundred: one per agent), by seat number. */
export async function allSeats(ex: Executor, enterpriseId: number): Promise<CallSeat[]> {
  return (await rows<SeatRow>(ex, sql`${seatSelect(enterpriseId, sql`true`, sql`join`)} order by s.seat_no limit 1000`)).map(toCallSeat);
}

// ---- records ----

interface RecordRow {
  id: number;
  call_id: string;
  direction: number;
  number: string;
  customer_id: number | null;
  customer_name: string | null;
  contact_id: number | null;
  contact_name: string | null;
  seat_no: string | null;
  user_id: number | null;
  user_name: string | null;
  state: number;
  callback_state: number;
  start_time: string;
  answer_time: string | null;
  end_time: string | null;
  duration_s: number;
  recording_url: string | null;
  event_id: number | null;
  event_no: string | null;
  order_id: number | null;
  order_no: string | null;
  remark: string | null;
}

export const toCallRecord = (r: RecordRow): CallRecord => ({
  id: r.id,
  callId: r.call_id,
  direction: r.direction,
  number: r.number,
  customerId: r.customer_id,
  customerName: r.customer_name,
  contactId: r.contact_id,
  contactName: r.contact_name,
  seatNo: r.seat_no,
  fkTUserId: r.user_id,
  userName: r.user_name,
  state: r.state,
  callbackState: r.callback_state,
  startTime: r.start_time,
  answerTime: r.answer_time,
  endTime: r.end_time,
  duration: r.duration_s,
  recordingUrl: r.recording_url,
  eventId: r.event_id,
  eventNo: r.event_no,
  orderId: r.order_id,
  orderNo: r.order_no,
  remark: r.remark,
});

/** Records with their names: `from` is call_records (or a page of it) aliased r. */
export const selectRecords = (a: Pick<Actor, 'timeZone'>, from: SQL, tail: SQL = sql``) => sql`
  select r.id, r.call_id, r.direction, r.number, r.customer_id, cu.name as customer_name, r.contact_id, ct.name as contact_name,
    r.seat_no, r.user_id, u.name as user_name, r.state, r.callback_state,
    ${timeOf(sql`r.started_at`, a)} as start_time, ${timeOf(sql`r.answered_at`, a)} as answer_time, ${timeOf(sql`r.ended_at`, a)} as end_time,
    r.duration_s, r.recording_url, r.event_id, e.event_no, r.order_id, o.order_no, r.remark
  from ${from}
  left join customers cu on cu.enterprise_id = r.enterprise_id and cu.id = r.customer_id
  left join customer_contacts ct on ct.enterprise_id = r.enterprise_id and ct.id = r.contact_id
  left join users u on u.enterprise_id = r.enterprise_id and u.id = r.user_id
  left join events e on e.enterprise_id = r.enterprise_id and e.id = r.event_id
  left join orders o on o.enterprise_id = r.enterprise_id and o.id = r.order_id
  ${tail}`;

export async function recordById(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, id: number): Promise<CallRecord | null> {
  const [r] = await rows<RecordRow>(ex, selectRecords(a, sql`call_records r`, sql`where r.enterprise_id = ${a.enterpriseId} and r.id = ${id}`));
  return r ? toCallRecord(r) : null;
}

export async function recordRows(ex: Executor, a: Pick<Actor, 'timeZone'>, page: SQL): Promise<CallRecord[]> {
  return (await rows<RecordRow>(ex, selectRecords(a, sql`(${page}) r`, sql`order by r.started_at desc, r.id desc`))).map(toCallRecord);
}

/** The record list's conditions from its filters (the count's too). */
export function recordFilters(a: Pick<Actor, 'enterpriseId' | 'timeZone'>, q: z.infer<typeof callRecordCountQuery>): SQL {
  const prefix = q.number ? normalizeNumber(q.number) : '';
  return and([
    sql`r.enterprise_id = ${a.enterpriseId}`,
    q.direction != null && sql`r.direction = ${q.direction}`,
    q.state != null && sql`r.state = ${q.state}`,
    q.callbackState != null && sql`r.callback_state = ${q.callbackState}`,
    q.fkTUserId != null && sql`r.user_id = ${q.fkTUserId}`,
    q.customerId != null && sql`r.customer_id = ${q.customerId}`,
    // A prefix search on the number's btree (text_pattern_ops); normalised, the prefix is digits only (no wildcards).
    prefix !== '' && sql`r.number like ${`${prefix}%`}`,
    ...createdBetween(sql`r.started_at`, a, q.startTime, q.endTime),
  ]);
}

const RECORD_ORDER = sql`r.started_at desc, r.id desc`;

/** One page of the record list, newest first. */
export const recordPage = (ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, q: CallRecordQuery): Promise<CallRecord[]> =>
  recordRows(ex, a, pageRows('call_records', 'r', a.enterpriseId, recordFilters(a, q), RECORD_ORDER, q));

export const recordCount = (ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, q: z.infer<typeof callRecordCountQuery>): Promise<number> =>
  countOf(ex, sql`call_records r`, recordFilters(a, q));

/**
 * Who a number belongs to: a contact with that phone (the primary first), else a customer whose main phone it is,
 * else the contact an earlier call from it was attached to.
 */
export async function matchNumber(ex: Executor, enterpriseId: number, number: string): Promise<{ customerId: number | null; contactId: number | null }> {
  const [c] = await rows<{ id: number; customer_id: number }>(
    ex,
    sql`select id, customer_id from customer_contacts where enterprise_id = ${enterpriseId} and phone = ${number} order by is_primary desc, id limit 1`,
  );
  if (c) return { customerId: c.customer_id, contactId: c.id };
  const [cu] = await rows<{ id: number }>(ex, sql`select id from customers where enterprise_id = ${enterpriseId} and phone = ${number} order by id limit 1`);
  if (cu) return { customerId: cu.id, contactId: null };
  const [h] = await rows<{ customer_id: number; contact_id: number }>(
    ex,
    sql`select customer_id, contact_id from call_records where enterprise_id = ${enterpriseId} and number = ${number}
      and contact_id is not null order by id desc limit 1`,
  );
  return h ? { customerId: h.customer_id, contactId: h.contact_id } : { customerId: null, contactId: null };
}

/** Rings the seat user's browsers (modules/im hub, once the caller's transaction commits). */
export async function pushPop(ex: Executor, enterpriseId: number, userId: number, callRecordId: number, eventType: string): Promise<void> {
  await ex.execute(sql`select pg_notify(${IM_CHANNEL}, ${JSON.stringify({ e: enterpriseId, t: eventType, u: userId, d: { callRecordId } })})`);
}

const today = (tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** The screen pop: the call, its customer and contact, his products with warranty, open orders and events with SLA clocks. */
export async function popOf(ex: Executor, a: Actor, record: CallRecord): Promise<CallPop> {
  const ep = a.enterpriseId;
  const cid = record.customerId ?? 0;
  const [customer] = record.customerId
    ? await rows<{ id: number; name: string; phone: string | null; level: number | null }>(
        ex,
        sql`select id, name, phone, level from customers where enterprise_id = ${ep} and id = ${cid}`,
      )
    : [];
  const [contact] = record.contactId
    ? await rows<{ id: number; name: string; phone: string; position: string | null }>(
        ex,
        sql`select id, name, phone, position from customer_contacts where enterprise_id = ${ep} and id = ${record.contactId}`,
      )
    : [];
  const day = today(a.timeZone);
  const products = customer
    ? await rows<{
        id: number;
        name: string;
        serial_number: string | null;
        model_name: string | null;
        warranty_end: string | null;
        extended_periods: unknown;
      }>(
        ex,
        sql`select p.id, p.name, p.serial_number, m.name as model_name, to_char(p.warranty_end, 'YYYY-MM-DD') as warranty_end,
            p.extended_periods
          from installed_products p left join product_models m on m.enterprise_id = p.enterprise_id and m.id = p.product_id
          where p.enterprise_id = ${ep} and p.customer_id = ${cid} order by p.id desc limit 20`,
      )
    : [];
  const clock = (table: string, col: string, alias: string) => {
    const k = sql.identifier(table);
    const c = sql.identifier(col);
    const x = sql.raw(alias);
    return sql`(select ${timeOf(sql`min(k.deadline_at)`, a)} from ${k} k where k.enterprise_id = ${x}.enterprise_id and k.${c} = ${x}.id
        and k.outcome = 0 and k.stopped_at is null) as sla_deadline,
      exists (select 1 from ${k} k where k.enterprise_id = ${x}.enterprise_id and k.${c} = ${x}.id and k.outcome = 0 and k.breached_at is not null) as sla_breached`;
  };
  type Open = { id: number; no: string; title: string; state: number; create_time: string; sla_deadline: string | null; sla_breached: boolean };
  const orders = customer
    ? await rows<Open>(
        ex,
        sql`select o.id, o.order_no as no, o.title, o.state, ${timeOf(sql`o.created_at`, a)} as create_time, ${clock('order_sla_clocks', 'order_id', 'o')}
          from orders o where o.enterprise_id = ${ep} and o.customer_id = ${cid} and o.state not in (5, 6) and o.deleted_at is null
            and not o.invalid and ${orderScope(a, 'o')}
          order by o.created_at desc, o.id desc limit 10`,
      )
    : [];
  const events = customer
    ? await rows<Open>(
        ex,
        sql`select e.id, e.event_no as no, e.title, e.state, ${timeOf(sql`e.created_at`, a)} as create_time, ${clock('event_sla_clocks', 'event_id', 'e')}
          from events e where e.enterprise_id = ${ep} and e.customer_id = ${cid} and e.state not in (6, 7) and ${eventScope(a, 'e')}
          order by e.created_at desc, e.id desc limit 10`,
      )
    : [];
  const history = await rows<{ id: number; direction: number; state: number; start_time: string }>(
    ex,
    sql`select r.id, r.direction, r.state, ${timeOf(sql`r.started_at`, a)} as start_time from call_records r
      where r.enterprise_id = ${ep} and r.number = ${record.number} and r.id <> ${record.id} order by r.id desc limit 5`,
  );
  const [since] = await rows<{ s: number }>(
    ex,
    sql`select greatest(0, floor(extract(epoch from now() - coalesce(answered_at, started_at))))::int as s
      from call_records where enterprise_id = ${ep} and id = ${record.id}`,
  );
  const open = (r: Open) => ({
    id: r.id,
    title: r.title,
    state: r.state,
    createTime: r.create_time,
    slaDeadline: r.sla_deadline,
    slaBreached: !!r.sla_breached,
  });
  return {
    record,
    elapsed: since?.s ?? 0,
    customer: customer ? { id: customer.id, name: customer.name, phone: customer.phone, level: customer.level } : null,
    contact: contact ? { id: contact.id, name: contact.name, phone: contact.phone, position: contact.position } : null,
    products: products.map((p) => {
      const cov = coverageOf(p.warranty_end, periodsOf(p.extended_periods), day);
      return { id: p.id, name: p.name, serialNumber: p.serial_number, modelName: p.model_name, warrantyState: cov.state, warrantyEnd: cov.end };
    }),
    orders: orders.map((o) => ({ ...open(o), orderNo: o.no })),
    events: events.map((e) => ({ ...open(e), eventNo: e.no })),
    history: history.map((h) => ({ id: h.id, direction: h.direction, state: h.state, startTime: h.start_time })),
  };
}

/** An event created from a call (belongCallRecordId) is linked back to the call; a call of another enterprise is refused. */
export async function linkCallEvent(ex: Executor, enterpriseId: number, callRecordId: number, eventId: number): Promise<boolean> {
  const r = await rows<{ id: number }>(
    ex,
    sql`update call_records set event_id = ${eventId}, updated_at = now() where enterprise_id = ${enterpriseId} and id = ${callRecordId} returning id`,
  );
  return r.length > 0;
}

// ---- seats, records and events: the statements of calls.service.ts and calls.events.ts ----

/** Whether the enterprise's `table` holds the row `id` (where `also` holds). */
export async function rowExists(ex: Executor, table: string, enterpriseId: number, id: number, also: SQL = sql`true`): Promise<boolean> {
  const r = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from ${sql.identifier(table)} where enterprise_id = ${enterpriseId} and id = ${id} and ${also}`,
  );
  return r.length > 0;
}

export const userExists = (ex: Executor, enterpriseId: number, id: number) => rowExists(ex, 'users', enterpriseId, id, sql`deleted_at is null`);
export const customerExists = (ex: Executor, enterpriseId: number, id: number) => rowExists(ex, 'customers', enterpriseId, id);
export const liveOrderExists = (ex: Executor, enterpriseId: number, id: number) => rowExists(ex, 'orders', enterpriseId, id, sql`deleted_at is null`);
export const liveEventExists = (ex: Executor, enterpriseId: number, id: number) => rowExists(ex, 'events', enterpriseId, id, sql`deleted_at is null`);

export async function enterpriseExists(ex: Executor, id: number): Promise<boolean> {
  return (await rows<{ one: number }>(ex, sql`select 1 as one from enterprises where id = ${id}`)).length > 0;
}

/** A seat changed (its id), or undefined when the enterprise has no such seat. */
export async function updateSeat(
  ex: Executor,
  enterpriseId: number,
  id: number,
  b: { userId: number; seatNo: string; enabled: boolean },
): Promise<number | undefined> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`update call_seats set user_id = ${b.userId}, seat_no = ${b.seatNo}, enabled = ${b.enabled}, updated_at = now()
        where enterprise_id = ${enterpriseId} and id = ${id} returning id`,
  );
  return r?.id;
}

export async function insertSeat(ex: Executor, enterpriseId: number, b: { userId: number; seatNo: string; enabled: boolean }): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into call_seats (enterprise_id, user_id, seat_no, enabled) values (${enterpriseId}, ${b.userId}, ${b.seatNo}, ${b.enabled}) returning id`,
  );
  if (!r) throw new Error('insert into call_seats returned no row');
  return r.id;
}

export async function removeSeat(ex: Executor, enterpriseId: number, id: number): Promise<boolean> {
  const r = await rows<{ id: number }>(ex, sql`delete from call_seats where enterprise_id = ${enterpriseId} and id = ${id} returning id`);
  return r.length > 0;
}

/** A user's seat: its number and whether it is enabled. */
export async function seatOf(ex: Executor, enterpriseId: number, userId: number): Promise<{ seat_no: string; enabled: boolean } | undefined> {
  const [seat] = await rows<{ seat_no: string; enabled: boolean }>(
    ex,
    sql`select seat_no, enabled from call_seats where enterprise_id = ${enterpriseId} and user_id = ${userId}`,
  );
  return seat;
}

/** The user of the seat numbered `seatNo`. */
export async function seatUser(ex: Executor, enterpriseId: number, seatNo: string): Promise<number | undefined> {
  const [seat] = await rows<{ user_id: number }>(ex, sql`select user_id from call_seats where enterprise_id = ${enterpriseId} and seat_no = ${seatNo}`);
  return seat?.user_id;
}

/** The customer of a contact. */
export async function contactCustomer(ex: Executor, enterpriseId: number, contactId: number): Promise<number | undefined> {
  const [c] = await rows<{ customer_id: number }>(
    ex,
    sql`select customer_id from customer_contacts where enterprise_id = ${enterpriseId} and id = ${contactId}`,
  );
  return c?.customer_id;
}

/** The caller's open call-back tasks. */
export async function openCallbacks(ex: Executor, enterpriseId: number, userId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from call_records where enterprise_id = ${enterpriseId} and user_id = ${userId} and callback_state = 1`,
  );
  return r?.n ?? 0;
}

/** This call and the number's other unmatched calls get the contact and its customer. */
export async function attachNumber(ex: Executor, enterpriseId: number, id: number, number: string, customerId: number, contactId: number): Promise<void> {
  await ex.execute(
    sql`update call_records set customer_id = ${customerId}, contact_id = ${contactId}, updated_at = now()
        where enterprise_id = ${enterpriseId} and (id = ${id} or (number = ${number} and contact_id is null))`,
  );
}

/** A call recorded by hand (its start in the user's zone, else now); answered when it has a duration. */
export async function insertManualRecord(
  tx: Tx,
  a: Pick<Actor, 'id' | 'enterpriseId' | 'timeZone'>,
  r: {
    direction: number;
    number: string;
    customerId: number | null;
    contactId: number | null;
    seatNo: string | null;
    state: number;
    startTime?: string | null;
    duration: number;
    orderId: number | null;
    eventId: number | null;
    remark: string | null;
  },
): Promise<number> {
  const start = r.startTime ? sql`(${r.startTime.replaceAll('/', '-')})::timestamp at time zone ${a.timeZone}` : sql`now()`;
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into call_records (enterprise_id, call_id, direction, number, customer_id, contact_id, seat_no, user_id, state,
          started_at, answered_at, ended_at, duration_s, order_id, event_id, remark, created_by)
        select ${a.enterpriseId}, ${`manual-${randomUUID()}`}, ${r.direction}, ${r.number}, ${r.customerId}, ${r.contactId}, ${r.seatNo},
          ${a.id}, ${r.state}, s, case when ${r.state} = 3 then s end, s + make_interval(secs => ${r.duration}), ${r.duration},
          ${r.orderId}, ${r.eventId}, ${r.remark}, ${a.id}
        from (select ${start} as s) x returning id`,
  );
  if (!row) throw new Error('insert into call_records returned no row');
  return row.id;
}

/** A placed call: ringing when online (1), else recorded as placed and ended (3). */
export async function insertDialled(
  tx: Tx,
  a: Pick<Actor, 'id' | 'enterpriseId'>,
  r: { callId: string; number: string; customerId: number | null; contactId: number | null; seatNo: string; online: boolean; orderId: number | null },
): Promise<number> {
  const state = r.online ? 1 : 3;
  const [row] = await rows<{ id: number }>(
    tx,
    sql`insert into call_records (enterprise_id, call_id, direction, number, customer_id, contact_id, seat_no, user_id, state,
          started_at, ended_at, order_id, remark, created_by)
        values (${a.enterpriseId}, ${r.callId}, 2, ${r.number}, ${r.customerId}, ${r.contactId}, ${r.seatNo}, ${a.id}, ${state},
          now(), ${r.online ? null : sql`now()`}, ${r.orderId}, ${r.online ? null : '未接入通话平台：已记录外呼，由坐席自行拨打'}, ${a.id})
        returning id`,
  );
  if (!row) throw new Error('insert into call_records returned no row');
  return row.id;
}

/** What a call event reads of its call. */
export interface CallEventRow {
  id: number;
  state: number;
  user_id: number | null;
  answered_at: string | null;
}

/**
 * The call's record, made by its first event (ringing, 1); `made` tells whether this one made it. Locked: events of one
 * call take turns, so each decides on the state the one before left (an 'ended' waits for an 'answered' in flight).
 */
export async function callOfEvent(
  tx: Tx,
  enterpriseId: number,
  e: { callId: string; direction: number; number: string; seatNo: string | null; userId: number | null; at: string },
): Promise<{ made: boolean; rec: CallEventRow | undefined }> {
  const made = await rows<{ id: number }>(
    tx,
    sql`insert into call_records (enterprise_id, call_id, direction, number, seat_no, user_id, state, started_at)
        values (${enterpriseId}, ${e.callId}, ${e.direction}, ${e.number}, ${e.seatNo}, ${e.userId}, 1, ${e.at})
        on conflict (enterprise_id, call_id) do nothing returning id`,
  );
  const [rec] = await rows<CallEventRow>(
    tx,
    sql`select id, state, user_id, answered_at from call_records where enterprise_id = ${enterpriseId} and call_id = ${e.callId} for update`,
  );
  return { made: made.length > 0, rec };
}

export async function setParties(tx: Tx, enterpriseId: number, id: number, p: { customerId: number | null; contactId: number | null }): Promise<void> {
  await tx.execute(
    sql`update call_records set customer_id = ${p.customerId}, contact_id = ${p.contactId} where enterprise_id = ${enterpriseId} and id = ${id}`,
  );
}

/** The event's receipt; false when it was received before (a replay). */
export async function takeReceipt(tx: Tx, enterpriseId: number, callId: string, event: string): Promise<boolean> {
  const receipt = await rows<{ event: string }>(
    tx,
    sql`insert into call_event_receipts (enterprise_id, call_id, event) values (${enterpriseId}, ${callId}, ${event}) on conflict do nothing returning event`,
  );
  return receipt.length > 0;
}

export async function setSeat(tx: Tx, enterpriseId: number, id: number, userId: number, seatNo: string | null): Promise<void> {
  await tx.execute(sql`update call_records set user_id = ${userId}, seat_no = ${seatNo} where enterprise_id = ${enterpriseId} and id = ${id}`);
}

export async function setRecording(tx: Tx, enterpriseId: number, id: number, url: string): Promise<void> {
  await tx.execute(sql`update call_records set recording_url = ${url}, updated_at = now() where enterprise_id = ${enterpriseId} and id = ${id}`);
}

/** The talk time of a call ending at `at`, from its answer (a patch value of the end). */
export const durationUntil = (at: string, answeredAt: string): SQL =>
  sql`greatest(0, round(extract(epoch from (${at}::timestamptz - ${answeredAt}::timestamptz))))::int`;

// ---- the stale-call sweep ----

/** Calls still ringing after ten minutes or talking after four hours (at most 500, every enterprise). */
export function staleCalls(ex: Executor) {
  // The partial index of live calls (call_records_live_idx) holds only states 1 and 2.
  return rows<{ enterprise_id: number; id: number }>(
    ex,
    sql`select enterprise_id::int, id::int from call_records
      where state in (1, 2) and ((state = 1 and started_at < now() - interval '10 minutes')
        or (state = 2 and coalesce(answered_at, started_at) < now() - interval '4 hours'))
      order by id limit 500`,
  );
}

/** The talk time of a call ended now (a patch value of the sweep's end). */
export const durationSoFar: SQL = sql`greatest(0, round(extract(epoch from now() - coalesce(answered_at, started_at))))::int`;

/** An order taken from a call (belongCallRecordId) is linked back to the call; a call of another enterprise is refused. */
export async function linkCallOrder(ex: Executor, enterpriseId: number, callRecordId: number, orderId: number): Promise<boolean> {
  const r = await rows<{ id: number }>(
    ex,
    sql`update call_records set order_id = ${orderId}, updated_at = now() where enterprise_id = ${enterpriseId} and id = ${callRecordId} returning id`,
  );
  return r.length > 0;
}

/** The customer of a live order the actor may open (null: none such in the actor's enterprise and scope). */
export async function visibleOrderCustomer(ex: Executor, a: Actor, orderId: number): Promise<{ customerId: number | null } | null> {
  const [o] = await rows<{ customer_id: number | null }>(
    ex,
    sql`select o.customer_id from orders o where o.enterprise_id = ${a.enterpriseId} and o.id = ${orderId} and o.deleted_at is null
      and ${orderScope(a, 'o')}`,
  );
  return o ? { customerId: o.customer_id } : null;
}

/** The calls linked to an order (taken from or linked on the pop), newest first. */
export async function recordsOfOrder(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'timeZone'>, orderId: number): Promise<CallRecord[]> {
  return (
    await rows<RecordRow>(
      ex,
      selectRecords(
        a,
        sql`call_records r`,
        sql`where r.enterprise_id = ${a.enterpriseId} and r.order_id = ${orderId} order by r.started_at desc, r.id desc limit 20`,
      ),
    )
  ).map(toCallRecord);
}
