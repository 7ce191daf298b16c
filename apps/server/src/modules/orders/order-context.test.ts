import { orderCreateContract as K } from '@sk/shared';
import { describe, expect, it } from 'vitest';
import { Client } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import { newCustomer } from '../customers/test-helpers';
import { orderIn, type Team, team, withTeamApp } from './actions.fixtures';

let t: TestApp;
let tm: Team;
withTeamApp((app, made) => ([t, tm] = [app, made]));

describe('GET /v2/order/orderCustomerContext (编辑工单 / 补充信息)', () => {
  it('gives the engineer serving the order its customer’s contacts, addresses and products, which the create page’s call refuses him', async () => {
    const customerId = await newCustomer(tm.admin.client, { name: '补充信息客户' });
    const id = await orderIn(t, tm, 3, { customer_id: customerId });
    // The create page's call needs 新建工单: the engineer's dialog got NO_POWER there and showed empty pickers.
    expect((await tm.engineer.client.send(K.customerContext, { customerId })).code).toBe('NO_POWER');

    const r = await tm.engineer.client.send(K.orderCustomerContext, { orderId: id });
    expect(r.success, r.message).toBe(true);
    expect(r.data.customer).toEqual({ id: customerId, name: '补充信息客户' });
    expect(r.data.contacts).toHaveLength(1);
    expect(r.data.contacts[0]).toMatchObject({ isPrimary: true });
    expect(r.data.addresses).toHaveLength(1);
    expect(r.data.addresses[0]?.detail).toMatch(/^张江路/);
    // Staff who may edit the order (the dispatcher) get the same answer.
    expect((await tm.dispatcher.client.send(K.orderCustomerContext, { orderId: id })).data).toEqual(r.data);
  });

  it('only for whoever may edit the order now: not on a completed order, not for someone else’s order, not across enterprises', async () => {
    const customerId = await newCustomer(tm.admin.client);
    const finished = await orderIn(t, tm, 5, { customer_id: customerId });
    expect((await tm.engineer.client.send(K.orderCustomerContext, { orderId: finished })).code).toBe('NO_POWER');
    // The second engineer is not on the order: it is not his to open.
    const serving = await orderIn(t, tm, 3, { customer_id: customerId });
    expect((await tm.engineer2.client.send(K.orderCustomerContext, { orderId: serving })).code).toBe('NOT_FOUND');
    // The keeper sees no orders at all.
    expect((await tm.keeper.client.send(K.orderCustomerContext, { orderId: serving })).code).toBe('NOT_FOUND');
    const other = await team(t);
    expect((await other.admin.client.send(K.orderCustomerContext, { orderId: serving })).code).toBe('NOT_FOUND');
    expect((await new Client(t.app).send(K.orderCustomerContext, { orderId: serving })).message).toBe('未登录');
    expect(await tm.engineer.client.call(K.orderCustomerContext, { orderId: 'x' })).toMatchObject({ success: false, code: 'VALIDATION' });
  });
});
