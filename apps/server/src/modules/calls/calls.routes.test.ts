import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { badgeCountContract as B, CALL_SECRET_SETTING, callsContract as C, eventContract as E, orderContract as O } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, rows, type Tx } from '../../db/client';
import { sealSecret } from '../../platform/secrets';
import { createTestApp, type TestApp } from '../../test/harness';
import { Client, loggedIn } from '../../test/factories';
import { behindLock, race, tally, waitForLockWaits } from '../../test/race';
import { Peer } from '../im/test-helpers';
import { insertOrder } from '../orders/test-helpers';
import { upsertSetting } from '../settings/settings.repo';
import { receiveCallEvent } from './calls.events';
import { signCallBody } from './telephony';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const SECRET = 'call-secret-0123456789';
let seq = 0;
const uid = () => `c${process.pid}-${Date.now()}-${++seq}`;
const phone = () => `139${String(process.pid % 1000).padStart(3, '0')}${String(++seq).padStart(5, '0')}`;

/** An enterprise with its event secret, a call agent (role 6) with seat `seatNo`, and his logged-in client. */
async function setup(o: { secret?: string | null } = {}) {
  const a = await loggedIn(t.app, t.deps.db, { roles: [6] });
  const admin = await loggedIn(t.app, t.deps.db, { roles: [3], enterpriseId: a.enterpriseId });
  if (o.secret !== null) await upsertSetting(t.deps.db, a.enterpriseId, CALL_SECRET_SETTING, sealSecret(t.deps.config, o.secret ?? SECRET), admin.user.id);
  const seatNo = `S${++seq}`;
  const saved = await admin.client.send(C.seatSave, { fkTUserId: a.user.id, seatNo });
  expect(saved).toMatchObject({ success: true, message: '保存成功' });
  return { ...a, admin, seatNo, seatId: saved.data.id };
}

/** Posts a call event as a telephony platform would: signed over the raw body and a timestamp. */
async function post(ep: number, body: Record<string, unknown>, o: { secret?: string; ts?: number; sig?: string; raw?: string } = {}) {
  const raw = o.raw ?? JSON.stringify(body);
  const ts = String(o.ts ?? Math.floor(Date.now() / 1000));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/call/events/${ep}`,
    headers: { 'content-type': 'application/json', 'x-sk-timestamp': ts, 'x-sk-signature': o.sig ?? signCallBody(o.secret ?? SECRET, ts, raw) },
    payload: raw,
  });
  const b = res.json();
  return { status: res.statusCode, success: b.success as boolean, message: b.message as string, code: b.code as string | undefined, data: b.data, headers: {} };
}

/** A customer with a contact of `mobile`, an installed product in warranty and an open order, straight into the tables. */
async function customerWith(ep: number, mobile: string) {
  const [c] = await rows<{ id: number }>(t.deps.db, sql`insert into customers (enterprise_id, name, phone) values (${ep}, '张江物业', ${mobile}) returning id`);
  const customerId = Number(c?.id);
  const [ct] = await rows<{ id: number }>(
    t.deps.db,
    sql`insert into customer_contacts (enterprise_id, customer_id, name, phone, is_primary) values (${ep}, ${customerId}, '王经理', ${mobile}, true) returning id`,
  );
  const [m] = await rows<{ id: number }>(
    t.deps.db,
    sql`insert into product_models (enterprise_id, name, model) values (${ep}, '格力中央空调', 'GMV-1') returning id`,
  );
  const serial = `SN${uid()}`;
  const [p] = await rows<{ id: number }>(
    t.deps.db,
    sql`insert into installed_products (enterprise_id, product_id, name, serial_number, qr_code, customer_id, warranty_end)
      values (${ep}, ${m?.id}, '1号楼空调', ${serial}, ${`QR${serial}`}, ${customerId}, current_date + 100) returning id`,
  );
  const orderId = await insertOrder(t.deps.db, ep, { customer_id: customerId, title: '空调漏水', state: 3 });
  const doneId = await insertOrder(t.deps.db, ep, { customer_id: customerId, title: '已修好', state: 5 });
  return { customerId, contactId: Number(ct?.id), productId: Number(p?.id), orderId, doneId };
}

const recordOf = async (ep: number, id: number) =>
  (
    await rows<{ state: number; callback_state: number; event_id: number | null; duration_s: number; recording_url: string | null }>(
      t.deps.db,
      sql`select state, callback_state, event_id, duration_s, recording_url from call_records where enterprise_id = ${ep} and id = ${id}`,
    )
  )[0];
const count = async (table: string, ep: number) =>
  Number((await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from ${sql.identifier(table)} where enterprise_id = ${ep}`))[0]?.n);

describe('POST /call/events/:enterpriseId (signed call events)', () => {
  it('refuses a bad signature, another enterprise’s secret and a stale or future timestamp, writing nothing', async () => {
    const s = await setup();
    const ev = { callId: uid(), event: 'ringing', number: phone(), seatNo: s.seatNo };
    expect(await post(s.enterpriseId, ev, { secret: 'wrong-secret' })).toMatchObject({
      status: 200,
      success: false,
      code: 'CALL_SIGNATURE_INVALID',
      message: '签名校验失败',
    });
    expect((await post(s.enterpriseId, ev, { sig: 'abc' })).code).toBe('CALL_SIGNATURE_INVALID');
    // The body changed after signing.
    const ts = Math.floor(Date.now() / 1000);
    const sig = signCallBody(SECRET, String(ts), JSON.stringify(ev));
    expect((await post(s.enterpriseId, { ...ev, number: '13800000000' }, { ts, sig })).code).toBe('CALL_SIGNATURE_INVALID');
    expect((await post(s.enterpriseId, ev, { ts: ts - 301 })).code).toBe('CALL_TIMESTAMP_STALE');
    expect((await post(s.enterpriseId, ev, { ts: ts + 400 })).message).toBe('请求时间戳无效或已过期');
    // Another enterprise's secret, an enterprise without one and one that does not exist: refused alike.
    const other = await setup({ secret: 'other-secret-abcdef' });
    expect((await post(s.enterpriseId, ev, { secret: 'other-secret-abcdef' })).code).toBe('CALL_SIGNATURE_INVALID');
    const none = await setup({ secret: null });
    expect((await post(none.enterpriseId, ev)).code).toBe('CALL_SIGNATURE_INVALID');
    expect((await post(999999999, ev)).code).toBe('CALL_SIGNATURE_INVALID');
    expect((await post(other.enterpriseId, ev)).code).toBe('CALL_SIGNATURE_INVALID');
    expect(await count('call_records', s.enterpriseId)).toBe(0);
    expect(await count('call_event_receipts', s.enterpriseId)).toBe(0);
  });

  it('validates a signed body with a clear message and no half-written rows', async () => {
    const s = await setup();
    const r = await post(s.enterpriseId, { callId: uid(), event: 'hangup', number: phone() });
    expect(r).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(r.message).toContain('事件只能是ringing、answered、ended或recording');
    expect((await post(s.enterpriseId, { callId: uid(), event: 'ringing', number: 'abc' })).message).toContain('号码格式不正确');
    expect((await post(s.enterpriseId, {}, { raw: 'not json' })).status).toBeLessThan(500);
    expect(await count('call_records', s.enterpriseId)).toBe(0);
  });

  it('rings the seat: a known number pops the right customer with his product, open order and SLA; a replay changes nothing', async () => {
    const s = await setup();
    const mobile = phone();
    const cu = await customerWith(s.enterpriseId, mobile);
    // A second customer whose number differs: must not be popped.
    await customerWith(s.enterpriseId, phone());
    const peer = await Peer.open(t.app, { cookie: s.client.cookie });
    const colleague = await loggedIn(t.app, t.deps.db, { roles: [6], enterpriseId: s.enterpriseId });
    const other = await Peer.open(t.app, { cookie: colleague.client.cookie });
    const callId = uid();
    const ring = await post(s.enterpriseId, { callId, event: 'ringing', number: `+86 ${mobile}`, seatNo: s.seatNo });
    expect(ring).toMatchObject({ success: true, data: { duplicate: false } });
    const id = ring.data.callRecordId;
    expect((await peer.frame('callPop')).data).toEqual({ callRecordId: id });
    const pop = await s.client.send(C.recordPop, { id });
    expect(pop.data.customer).toMatchObject({ id: cu.customerId, name: '张江物业' });
    expect(pop.data.contact).toMatchObject({ id: cu.contactId, name: '王经理' });
    expect(pop.data.record).toMatchObject({ number: mobile, state: 1, direction: 1, fkTUserId: s.user.id, seatNo: s.seatNo });
    expect(pop.data.products).toEqual([expect.objectContaining({ id: cu.productId, name: '1号楼空调', modelName: '格力中央空调', warrantyState: 1 })]);
    expect(pop.data.orders.map((o) => o.id)).toEqual([cu.orderId]);
    expect(pop.data.orders[0]).toMatchObject({ title: '空调漏水', slaDeadline: null, slaBreached: false });
    // The seat is on the call now.
    expect((await s.client.send(C.seatDetails)).data).toMatchObject({ seatNo: s.seatNo, enableState: 1, seatState: 2, currentCallId: id });
    // The same event again (a platform's retry): one record, no second pop.
    expect((await post(s.enterpriseId, { callId, event: 'ringing', number: mobile, seatNo: s.seatNo })).data).toEqual({ callRecordId: id, duplicate: true });
    expect(await count('call_records', s.enterpriseId)).toBe(1);
    await post(s.enterpriseId, { callId, event: 'answered', number: mobile, seatNo: s.seatNo, time: Math.floor(Date.now() / 1000) - 90 });
    // The call timer counts the talk from the answer, by the server's clock.
    const talking = (await s.client.send(C.recordPop, { id })).data;
    expect(talking.record.state).toBe(2);
    expect(talking.elapsed).toBeGreaterThanOrEqual(89);
    expect(talking.elapsed).toBeLessThan(120);
    await post(s.enterpriseId, { callId, event: 'ended', number: mobile, seatNo: s.seatNo });
    await post(s.enterpriseId, { callId, event: 'recording', number: mobile, recordingUrl: 'https://rec.example.com/a.mp3' });
    const rec = await recordOf(s.enterpriseId, id);
    expect(rec).toMatchObject({ state: 3, callback_state: 0, recording_url: 'https://rec.example.com/a.mp3' });
    expect(rec?.duration_s).toBeGreaterThanOrEqual(89);
    expect(peer.frames.filter((f) => f.eventType === 'callPop')).toHaveLength(1);
    expect(other.frames.filter((f) => String(f.eventType).startsWith('callPop'))).toEqual([]);
    peer.close();
    other.close();
  });

  it('a missed call becomes one call-back task with a badge under 20 parallel “ended” posts', async () => {
    const s = await setup();
    const callId = uid();
    const number = phone();
    const id = (await post(s.enterpriseId, { callId, event: 'ringing', number, seatNo: s.seatNo })).data.callRecordId;
    const answers = await race(20, () => post(s.enterpriseId, { callId, event: 'ended', number, seatNo: s.seatNo }));
    expect(tally(answers)).toEqual({ ok: 20 });
    expect(answers.filter((a) => a.data.duplicate === false)).toHaveLength(1);
    expect(await recordOf(s.enterpriseId, id)).toMatchObject({ state: 4, callback_state: 1 });
    const [logs] = await rows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from call_record_logs where enterprise_id = ${s.enterpriseId} and record_id = ${id} and action = 'end'`,
    );
    expect(Number(logs?.n)).toBe(1);
    expect((await s.client.send(B.callbackCount)).data).toBe(1);
    // A late 'answered' is received and changes nothing.
    expect((await post(s.enterpriseId, { callId, event: 'answered', number, seatNo: s.seatNo })).success).toBe(true);
    expect(await recordOf(s.enterpriseId, id)).toMatchObject({ state: 4, callback_state: 1 });
    // Closing the task: once; parallel closes have one winner.
    const done = await race(5, () => s.client.send(C.callbackDone, { id }));
    expect(tally(done).ok).toBe(1);
    expect((await s.client.send(C.callbackDone, { id })).message).toBe('该回电任务已处理');
    expect((await s.client.send(B.callbackCount)).data).toBe(0);
  });
  it('an “ended” that comes while the call’s “answered” commits ends the talk; in the other order the late “answered” is received quietly', async () => {
    const s = await setup();
    const number = phone();
    const ev = (callId: string, event: string) => post(s.enterpriseId, { callId, event, number, seatNo: s.seatNo });
    // The event's own processing in the test's transaction: it holds the call until the test commits.
    const held = (callId: string, event: 'answered' | 'ended', time?: number) => (tx: Tx) =>
      receiveCallEvent(tx as unknown as Db, s.enterpriseId, { callId, event, direction: 'in', number, seatNo: s.seatNo, time });
    const talk = uid();
    const id = (await ev(talk, 'ringing')).data.callRecordId;
    // 'ended' comes while 'answered' is under way: the test holds the call, answers once 'ended' waits, commits. Not
    // behindLock: an answer written before 'ended' is fired would already stop it at its first insert.
    let ended: ReturnType<typeof ev> | undefined;
    await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`select id from call_records where enterprise_id = ${s.enterpriseId} and id = ${id} for update`);
      ended = ev(talk, 'ended');
      await waitForLockWaits(t.deps.db, 1);
      await held(talk, 'answered', Math.floor(Date.now() / 1000) - 60)(tx);
    });
    expect(await ended).toMatchObject({ success: true, data: { callRecordId: id, duplicate: false } });
    const rec = await recordOf(s.enterpriseId, id);
    expect(rec, 'the call is over, not left 通话中').toMatchObject({ state: 3, callback_state: 0 });
    expect(rec?.duration_s).toBeGreaterThanOrEqual(59);
    // 'ended' first: a missed call; the 'answered' that waited for it no longer applies and is received quietly.
    const missed = uid();
    const id2 = (await ev(missed, 'ringing')).data.callRecordId;
    const late = await behindLock(t.deps.db, held(missed, 'ended'), () => ev(missed, 'answered'));
    expect(late).toMatchObject({ success: true, data: { callRecordId: id2, duplicate: false } });
    expect(await recordOf(s.enterpriseId, id2)).toMatchObject({ state: 4, callback_state: 1 });
    // Both at once on ten calls: every call ends one way or the other.
    const calls = Array.from({ length: 10 }, () => uid());
    for (const c of calls) await ev(c, 'ringing');
    const answers = await race(20, (i) => ev(calls[i >> 1] as string, i % 2 ? 'ended' : 'answered'));
    expect(tally(answers)).toEqual({ ok: 20 });
    const live = await rows<{ call_id: string }>(
      t.deps.db,
      sql`select call_id from call_records where enterprise_id = ${s.enterpriseId} and state not in (3, 4)`,
    );
    expect(live).toEqual([]);
  });
});

describe('call records and seats', () => {
  it('lists and counts with filters, creates by hand, attaches an unknown number to a contact', async () => {
    const s = await setup();
    const mobile = phone();
    const cu = await customerWith(s.enterpriseId, phone());
    const unknown = (await post(s.enterpriseId, { callId: uid(), event: 'ringing', number: mobile, seatNo: s.seatNo })).data.callRecordId;
    const made = await s.client.send(C.recordCreate, { direction: 2, number: '139-0000-0001', customerId: cu.customerId, duration: 65, remark: '回访' });
    expect(made).toMatchObject({ success: true, message: '保存成功' });
    expect((await s.client.send(C.recordCount)).data).toBe(2);
    expect((await s.client.send(C.recordCount, { direction: 2 })).data).toBe(1);
    expect((await s.client.send(C.recordCount, { number: mobile.slice(0, 7) })).data).toBe(1);
    const list = await s.client.send(C.recordList, { pageIndex: 0, pageSize: 10, state: 3 });
    expect(list.data).toEqual([expect.objectContaining({ id: made.data.id, number: '13900000001', customerName: '张江物业', duration: 65, state: 3 })]);
    expect((await s.client.send(C.recordCreate, { direction: 3, number: 'x' })).message).toMatch(/呼叫方向只能是/);
    expect((await s.client.send(C.recordCreate, { direction: 1, number: mobile, contactId: 99999999 })).message).toBe('联系人：联系人不存在或已被删除');
    expect(await count('call_records', s.enterpriseId)).toBe(2);

    expect((await s.client.send(C.recordPop, { id: unknown })).data.customer).toBeNull();
    const att = await s.client.send(C.attachContact, { id: unknown, contactId: cu.contactId });
    expect(att).toMatchObject({ success: true, data: { customerId: cu.customerId, contactId: cu.contactId } });
    expect((await s.client.send(C.recordPop, { id: unknown })).data.customer?.id).toBe(cu.customerId);
    // The next call from that number matches the contact it was attached to.
    const next = (await post(s.enterpriseId, { callId: uid(), event: 'ringing', number: mobile, seatNo: s.seatNo })).data.callRecordId;
    expect((await s.client.send(C.recordPop, { id: next })).data.contact?.id).toBe(cu.contactId);
  });

  it('新建事件 from the pop links the event to the call record; another enterprise’s call is refused', async () => {
    const s = await setup();
    const cu = await customerWith(s.enterpriseId, phone());
    const id = (await post(s.enterpriseId, { callId: uid(), event: 'ringing', number: phone(), seatNo: s.seatNo })).data.callRecordId;
    const ev = await s.client.send(E.add, { customerId: cu.customerId, title: '来电报修', priority: 2, belongCallRecordId: id });
    expect(ev.success).toBe(true);
    expect((await recordOf(s.enterpriseId, id))?.event_id).toBe(ev.data.id);
    expect((await s.client.send(C.recordList, { pageIndex: 0, pageSize: 10 })).data.find((r) => r.id === id)?.eventNo).toBe(ev.data.eventNo);
    const b = await setup();
    const before = await count('events', b.enterpriseId);
    expect((await b.client.send(E.add, { title: '来电报修', priority: 2, belongCallRecordId: id })).message).toBe('通话记录：通话记录不存在或已被删除');
    expect(await count('events', b.enterpriseId)).toBe(before);
  });

  it('新建工单 from the pop (回访客服 may): the order links to the call and lists it with its recording; another enterprise’s call refuses the order', async () => {
    const s = await setup();
    const mobile = phone();
    const cu = await customerWith(s.enterpriseId, mobile);
    const id = (await post(s.enterpriseId, { callId: uid(), event: 'ringing', number: mobile, seatNo: s.seatNo })).data.callRecordId;
    await t.deps.db.execute(
      sql`update call_records set recording_url = 'https://rec.example.com/a.mp3' where enterprise_id = ${s.enterpriseId} and id = ${id}`,
    );
    // The call-centre agent of role 7 takes the order himself (issue 65: before, 新建工单 was not his).
    const visitor = await loggedIn(t.app, t.deps.db, { roles: [7], enterpriseId: s.enterpriseId });
    const o = await visitor.client.send(O.add, {
      customerId: cu.customerId,
      contactId: cu.contactId,
      productId: cu.productId,
      title: '来电报修',
      belongCallRecordId: id,
    });
    expect(o.success, o.message).toBe(true);
    const pop = (await s.client.send(C.recordPop, { id })).data;
    expect(pop.record).toMatchObject({ orderId: o.data.id, orderNo: o.data.orderNo });
    const calls = await visitor.client.send(C.ofOrder, { orderId: o.data.id });
    expect(calls.data.map((c) => [c.id, c.recordingUrl])).toEqual([[id, 'https://rec.example.com/a.mp3']]);
    // Another enterprise: its user cannot hang his order on this call (nothing written), nor read this order's calls.
    const b = await setup();
    const bc = await customerWith(b.enterpriseId, phone());
    const before = await count('orders', b.enterpriseId);
    expect((await b.client.send(O.add, { customerId: bc.customerId, title: '来电报修', belongCallRecordId: id })).message).toBe(
      '通话记录：通话记录不存在或已被删除',
    );
    expect(await count('orders', b.enterpriseId)).toBe(before);
    expect((await b.client.send(C.ofOrder, { orderId: o.data.id })).code).toBe('NOT_FOUND');
    expect((await s.client.send(C.recordPop, { id })).data.record.orderId).toBe(o.data.id);
  });

  it('关联到已有工单: links the call to the caller’s open order; another customer’s or enterprise’s order is refused; needs the call power', async () => {
    const s = await setup();
    const mobile = phone();
    const cu = await customerWith(s.enterpriseId, mobile);
    const other = await customerWith(s.enterpriseId, phone());
    const id = (await post(s.enterpriseId, { callId: uid(), event: 'ringing', number: mobile, seatNo: s.seatNo })).data.callRecordId;
    expect((await s.client.send(C.linkOrder, { id, orderId: other.orderId })).message).toBe('工单：该工单不属于来电客户');
    const b = await setup();
    const bc = await customerWith(b.enterpriseId, phone());
    expect((await s.client.send(C.linkOrder, { id, orderId: bc.orderId })).message).toBe('工单：工单不存在或已被删除');
    expect((await b.client.send(C.linkOrder, { id, orderId: bc.orderId })).code).toBe('NOT_FOUND');
    const engineer = await loggedIn(t.app, t.deps.db, { roles: [2], enterpriseId: s.enterpriseId });
    expect((await engineer.client.send(C.linkOrder, { id, orderId: cu.orderId })).code).toBe('NO_POWER');
    expect((await s.client.send(C.linkOrder, { id, orderId: 0 })).success).toBe(false);
    const linked = await s.client.send(C.linkOrder, { id, orderId: cu.orderId });
    expect(linked).toMatchObject({ success: true, message: '已关联工单', data: { orderId: cu.orderId } });
    const row = (await s.client.send(C.recordList, { pageIndex: 0, pageSize: 10 })).data.find((r) => r.id === id);
    expect(row?.orderId).toBe(cu.orderId);
    expect((await s.client.send(C.ofOrder, { orderId: cu.orderId })).data.map((c) => c.id)).toEqual([id]);
    expect((await s.client.send(C.ofOrder, { orderId: other.orderId })).data).toEqual([]);
  });

  it('another enterprise’s ids answer not found and change nothing', async () => {
    const a = await setup();
    const b = await setup();
    const id = (await post(a.enterpriseId, { callId: uid(), event: 'ringing', number: phone(), seatNo: a.seatNo })).data.callRecordId;
    await post(a.enterpriseId, { callId: `x${id}`, event: 'ended', number: phone(), seatNo: a.seatNo });
    const cu = await customerWith(b.enterpriseId, phone());
    expect((await b.client.send(C.recordPop, { id })).code).toBe('NOT_FOUND');
    expect((await b.client.send(C.attachContact, { id, contactId: cu.contactId })).code).toBe('NOT_FOUND');
    expect((await b.client.send(C.callbackDone, { id })).code).toBe('NOT_FOUND');
    expect((await b.client.send(C.seatDetails, { fkTUserId: a.user.id })).code).toBe('NOT_FOUND');
    expect((await b.admin.client.send(C.seatDelete, { id: a.seatId })).code).toBe('NOT_FOUND');
    expect((await b.admin.client.send(C.seatSave, { id: a.seatId, fkTUserId: b.user.id, seatNo: 'Z1' })).code).toBe('NOT_FOUND');
    expect((await b.client.send(C.recordCount)).data).toBe(0);
    expect((await b.client.send(C.recordList, { pageIndex: 0, pageSize: 10 })).data).toEqual([]);
    expect((await a.client.send(C.seatDetails)).data.seatNo).toBe(a.seatNo);
    expect((await recordOf(a.enterpriseId, id))?.state).toBe(1);
  });

  it('seats: state follows the availability tag; one seat per user and number; needs admin for changes and the power to read', async () => {
    const s = await setup();
    expect((await s.client.send(C.seatDetails)).data).toMatchObject({ seatState: 1, statusName: null });
    const [away] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into tags (enterprise_id, code, name, color_rgb) values (${s.enterpriseId}, 1, '休假', '#8c8c8c') returning id`,
    );
    await t.deps.db.execute(sql`update users set status_tag_id = ${away?.id} where enterprise_id = ${s.enterpriseId} and id = ${s.user.id}`);
    expect((await s.client.send(C.seatDetails)).data).toMatchObject({ seatState: 3, statusName: '休假' });
    const collect = await s.client.send(C.seatCollect);
    expect(collect.data).toMatchObject({ total: 1, away: 1, idle: 0 });
    expect((await s.admin.client.send(C.seatSave, { fkTUserId: s.admin.user.id, seatNo: s.seatNo })).message).toBe('坐席号已被使用');
    expect((await s.admin.client.send(C.seatSave, { fkTUserId: s.user.id, seatNo: 'NEW1' })).message).toBe('该人员已有坐席');
    expect((await s.admin.client.send(C.seatSave, { fkTUserId: s.user.id, seatNo: '坐席 1' })).message).toMatch(/坐席号只能包含/);
    expect((await s.client.send(C.seatSave, { fkTUserId: s.user.id, seatNo: 'X9' })).code).toBe('ADMIN_ONLY');
    await s.admin.client.send(C.seatSave, { id: s.seatId, fkTUserId: s.user.id, seatNo: s.seatNo, enableState: 0 });
    expect((await s.client.send(C.seatDetails)).data).toMatchObject({ enableState: 0, seatState: 0 });
    // A user without a seat answers a disabled one; an engineer (role 2) lacks the call-centre power.
    const eng = await loggedIn(t.app, t.deps.db, { roles: [2], enterpriseId: s.enterpriseId });
    expect((await eng.client.send(C.seatDetails)).data).toMatchObject({ id: null, enableState: 0, seatNo: null });
    expect((await eng.client.send(C.recordCount)).code).toBe('NO_POWER');
    expect((await new Client(t.app).send(C.recordList, { pageIndex: 0, pageSize: 10 })).message).toBe('未登录');
    expect((await s.client.send(C.recordCreate, { direction: 1, number: '13900000000' }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await s.admin.client.send(C.seatDelete, { id: s.seatId })).success).toBe(true);
    expect((await s.client.send(C.seatDetails)).data.id).toBeNull();
  });
});

describe('POST /call/dial (click-to-call)', () => {
  let fake: Server;
  const got: { body: Record<string, unknown>; ts: string; sig: string }[] = [];
  let fail = false;
  beforeAll(async () => {
    fake = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        got.push({ body: JSON.parse(raw), ts: String(req.headers['x-sk-timestamp']), sig: String(req.headers['x-sk-signature']) });
        res.writeHead(fail ? 503 : 200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => fake.close(() => r())));

  it('records the outbound call by default; needs a seat', async () => {
    const s = await setup();
    const r = await s.client.send(C.dial, { number: '13900000002' });
    expect(r).toMatchObject({ success: true, message: '已发起呼叫' });
    expect(await recordOf(s.enterpriseId, r.data.id)).toMatchObject({ state: 3 });
    const noSeat = await loggedIn(t.app, t.deps.db, { roles: [6], enterpriseId: s.enterpriseId });
    expect((await noSeat.client.send(C.dial, { number: '13900000002' })).message).toBe('您还没有坐席，请联系管理员在呼叫中心分配坐席');
  });

  it('dials through the HTTP provider, signed; the platform’s events then move the call; a refusal records nothing', async () => {
    const s = await setup();
    const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/dial`;
    await upsertSetting(t.deps.db, s.enterpriseId, 'call_provider', 'HTTP', s.admin.user.id);
    expect((await s.client.send(C.dial, { number: '13900000003' })).message).toBe('呼叫中心服务商地址未配置，请在系统设置中填写');
    await upsertSetting(t.deps.db, s.enterpriseId, 'call_provider_url', url, s.admin.user.id);
    const r = await s.client.send(C.dial, { number: '139 0000 0003' });
    expect(r.success).toBe(true);
    const sent = got[got.length - 1];
    expect(sent?.body).toMatchObject({ seatNo: s.seatNo, number: '13900000003' });
    expect(sent?.sig).toBe(signCallBody(SECRET, sent?.ts ?? '', JSON.stringify(sent?.body)));
    expect(await recordOf(s.enterpriseId, r.data.id)).toMatchObject({ state: 1 });
    await post(s.enterpriseId, { callId: sent?.body.callId, event: 'answered', direction: 'out', number: '13900000003', seatNo: s.seatNo });
    expect(await recordOf(s.enterpriseId, r.data.id)).toMatchObject({ state: 2 });
    fail = true;
    const before = await count('call_records', s.enterpriseId);
    expect((await s.client.send(C.dial, { number: '13900000004' })).message).toBe('呼叫失败：呼叫中心服务商未受理，请稍后再试');
    expect(await count('call_records', s.enterpriseId)).toBe(before);
    fail = false;
  });
});
