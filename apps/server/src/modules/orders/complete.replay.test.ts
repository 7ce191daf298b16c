import { randomUUID } from 'node:crypto';
import { orderActionsContract as K } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { logsOf, orderIn, orderRow, signatureUpload, team } from './actions.fixtures';

// The offline queue's completion (docs/phone.md "离线使用"): the key is the device id and the client's operation id;
// a replay answers the first result and changes nothing, whatever the order's state or version is by then.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const keyOf = (device = randomUUID()) => `${device}:${randomUUID()}`;
const BAD_STATE = '当前工单状态不允许该操作';
const keys = (ep: number, orderId: number) =>
  rows<{ key: string; action: string; result: unknown }>(
    t.deps.db,
    sql`select key, action, result from order_op_keys where enterprise_id = ${ep} and order_id = ${orderId}`,
  );

describe('an offline completion replayed', () => {
  it('twice (as the page saw it, with its photos and signature): completed once, one log row, the same answer', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 4);
    const photo = await signatureUpload(tm.engineer.client);
    const sign = await signatureUpload(tm.engineer.client);
    const opKey = keyOf();
    const body = { orderId: id, expectedState: 4, version: 0, note: '离线完成', photoIds: [photo], signatureId: sign, opKey };
    const first = await tm.engineer.client.send(K.serviceComplete, body);
    expect(first).toMatchObject({ success: true, data: { id, state: 5 } });
    const again = await tm.engineer.client.send(K.serviceComplete, body);
    expect(again).toMatchObject({ success: true, data: { id, state: 5 } });
    expect((await logsOf(t, tm.ep, id)).map((l) => [l.action, l.to_state, l.note])).toEqual([['serviceComplete', 5, '离线完成']]);
    const o = await orderRow(t, tm.ep, id);
    expect(o).toMatchObject({ state: 5, version: 1, signature_id: sign });
    expect((o.attachments as number[]).map(Number)).toEqual([photo]);
    expect(await keys(tm.ep, id)).toEqual([{ key: opKey, action: 'serviceComplete', result: { id, state: 5 } }]);
  });

  it('10 replays of one key at once: one completion; every answer is the completion', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 4);
    const opKey = keyOf();
    const answers = await race(10, () => tm.engineer.client.send(K.serviceComplete, { orderId: id, expectedState: 4, version: 0, opKey }));
    expect(tally(answers)).toEqual({ ok: 10 });
    for (const a of answers) expect(a.data).toEqual({ id, state: 5 });
    expect((await logsOf(t, tm.ep, id)).map((l) => l.action)).toEqual(['serviceComplete']);
    expect((await orderRow(t, tm.ep, id)).version).toBe(1);
  });

  it('a different key on the completed order gets the state error; the order stays as it was', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 4);
    expect((await tm.engineer.client.send(K.serviceComplete, { orderId: id, opKey: keyOf() })).success).toBe(true);
    const other = await tm.engineer.client.send(K.serviceComplete, { orderId: id, opKey: keyOf(), note: '第二次' });
    expect(other).toMatchObject({ success: false, message: BAD_STATE });
    expect((await logsOf(t, tm.ep, id)).length).toBe(1);
    expect((await keys(tm.ep, id)).length).toBe(1);
  });

  it('an order cancelled while the engineer was offline: the replay gets the state error and writes no key', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 4);
    expect((await tm.dispatcher.client.send(K.cancel, { orderId: id, reason: '客户取消' })).success).toBe(true);
    const r = await tm.engineer.client.send(K.serviceComplete, { orderId: id, expectedState: 4, version: 0, opKey: keyOf() });
    expect(r.success).toBe(false);
    expect(r.message).toMatch(/数据已变更|当前工单状态不允许该操作/);
    expect(await keys(tm.ep, id)).toEqual([]);
    expect((await orderRow(t, tm.ep, id)).state).toBe(6);
  });

  it('a refused completion writes no key: the same key completes once the refusal is gone', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 4);
    const opKey = keyOf();
    const bad = await tm.engineer.client.send(K.serviceComplete, { orderId: id, opKey, photoIds: [987654321] });
    expect(bad).toMatchObject({ success: false, message: expect.stringContaining('文件不存在') });
    expect(await keys(tm.ep, id)).toEqual([]);
    expect((await orderRow(t, tm.ep, id)).state).toBe(4);
    expect((await tm.engineer.client.send(K.serviceComplete, { orderId: id, opKey })).data).toEqual({ id, state: 5 });
  });

  it('one key used for another order is refused in Chinese and changes nothing there', async () => {
    const tm = await team(t);
    const a = await orderIn(t, tm, 4);
    const b = await orderIn(t, tm, 4);
    const opKey = keyOf();
    expect((await tm.engineer.client.send(K.serviceComplete, { orderId: a, opKey })).success).toBe(true);
    const r = await tm.engineer.client.send(K.serviceComplete, { orderId: b, opKey });
    expect(r).toMatchObject({ success: false, message: expect.stringContaining('该编号已用于其他工单') });
    expect((await orderRow(t, tm.ep, b)).state).toBe(4);
    expect(await logsOf(t, tm.ep, b)).toEqual([]);
  });

  it('keys are per enterprise: the same key completes in another enterprise; an order id of another enterprise gets nothing', async () => {
    const one = await team(t);
    const two = await team(t);
    const mine = await orderIn(t, one, 4);
    const theirs = await orderIn(t, two, 4);
    const opKey = keyOf();
    expect((await one.engineer.client.send(K.serviceComplete, { orderId: mine, opKey })).success).toBe(true);
    // Another enterprise's order by id: not found, nothing written there.
    const foreign = await one.engineer.client.send(K.serviceComplete, { orderId: theirs, opKey: keyOf() });
    expect(foreign.success).toBe(false);
    expect((await orderRow(t, two.ep, theirs)).state).toBe(4);
    expect(await keys(two.ep, theirs)).toEqual([]);
    // The same key text in the other enterprise is a key of its own.
    expect((await two.engineer.client.send(K.serviceComplete, { orderId: theirs, opKey })).data).toEqual({ id: theirs, state: 5 });
    expect((await keys(two.ep, theirs)).length).toBe(1);
    expect((await keys(one.ep, mine)).length).toBe(1);
  });

  it('a malformed key: a Chinese error, nothing written', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 4);
    for (const opKey of ['abc', `${randomUUID()}`, `${randomUUID()}:x'; drop table orders; --`, 'x'.repeat(500)]) {
      const r = await tm.engineer.client.send(K.serviceComplete, { orderId: id, opKey });
      expect(r).toMatchObject({ success: false, message: expect.stringContaining('离线操作编号格式不正确') });
    }
    expect((await orderRow(t, tm.ep, id)).state).toBe(4);
    expect(await keys(tm.ep, id)).toEqual([]);
  });
});
