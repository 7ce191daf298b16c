import { orderContract as O } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { type Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { countOf, newCustomer } from '../customers/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = () => loggedIn(t.app, t.deps.db, { roles: [3] });
const ordersOf = (ep: number) => countOf(t.deps.db, 'orders', sql`enterprise_id = ${ep}`);
const newEvent = async (c: Client, o: Record<string, unknown> = {}) => {
  const r = await c.post('/v2/event/add', { title: '打印机卡纸', ...o });
  expect(r.message).toBe('创建成功');
  return r.data.id as number;
};
const eventLogs = async (ep: number, id: number) =>
  (
    await rows<{ action: string; note: string | null }>(
      t.deps.db,
      sql`select action, note from event_logs where enterprise_id = ${ep} and event_id = ${id} order by id`,
    )
  ).map((l) => l.action);

describe('event → work order (POST /v2/order/add with eventId)', () => {
  it('creates the order, links both records, logs the conversion on the event and shows each side the other', async () => {
    const { client, enterpriseId } = await admin();
    const customer = await newCustomer(client);
    const eventId = await newEvent(client, { customerId: customer });
    const r = await client.call(O.add, { customerId: customer, title: '打印机卡纸', eventId });
    expect(r).toMatchObject({ success: true });
    const ev = await client.get(`/v2/event/detailed?id=${eventId}`);
    expect(ev.data).toMatchObject({ orderId: r.data.id, order: { id: r.data.id, orderNo: r.data.orderNo, state: r.data.state } });
    const od = await client.get(`/order/orderDetail?orderId=${r.data.id}`);
    expect(od.data.event).toMatchObject({ id: eventId, title: '打印机卡纸', eventNo: ev.data.eventNo });
    expect(await eventLogs(enterpriseId, eventId)).toEqual(['create', 'toOrder']);
    // The flow names the conversion.
    const flow = await client.get(`/v2/event/process/messageList?eventId=${eventId}`);
    expect(flow.data.map((m: { action: string | null }) => m.action)).toContain('toOrder');

    // A second conversion of the same event is refused and writes nothing.
    const again = await client.call(O.add, { customerId: customer, title: '再转一次', eventId });
    expect(again).toMatchObject({ success: false, message: '该事件已转为工单' });
    expect(await ordersOf(enterpriseId)).toBe(1);
  });

  it('refuses another enterprise’s event and a closed one, writing no order', async () => {
    const a = await admin();
    const b = await admin();
    const foreign = await newEvent(b.client);
    const customer = await newCustomer(a.client);
    expect(await a.client.call(O.add, { customerId: customer, title: '越权', eventId: foreign })).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const closed = await newEvent(a.client);
    expect((await a.client.post('/v2/event/close', { id: closed, reason: '客户撤回' })).success).toBe(true);
    expect(await a.client.call(O.add, { customerId: customer, title: '已关闭', eventId: closed })).toMatchObject({
      success: false,
      message: '已关闭的事件不能转为工单',
    });
    expect(await ordersOf(a.enterpriseId)).toBe(0);
    expect(await ordersOf(b.enterpriseId)).toBe(0);
    expect((await rows(t.deps.db, sql`select order_id from events where id = ${foreign}`))[0]).toEqual({ order_id: null });
  });

  it('20 parallel conversions of one event make exactly one order', async () => {
    const { client, enterpriseId } = await admin();
    const customer = await newCustomer(client);
    const eventId = await newEvent(client, { customerId: customer });
    const answers = await race(20, (i) => client.post('/v2/order/add', { customerId: customer, title: `并发${i}`, eventId }));
    expect(tally(answers)).toEqual({ ok: 1, 该事件已转为工单: 19 });
    expect(await ordersOf(enterpriseId)).toBe(1);
    expect(await eventLogs(enterpriseId, eventId)).toEqual(['create', 'toOrder']);
  });
});
