import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client';
import { Client, makeEnterprise, makeUser, TEST_PASSWORD } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';

/**
 * The capability table (docs/permissions.md): what each of the ten roles, and an outsourced provider's dispatcher
 * ('P'), may open or start, written down from the specification's role descriptions rather than read
 * back from the power table, so a change to a role's powers that the table does not expect fails here.
 */

type Who = number | 'P';
const ROLES: Who[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 'P'];

interface Capability {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  input?: Record<string, unknown>;
  may: Who[];
}

const page = { pageIndex: 0, pageSize: 10 };
const TABLE: Capability[] = [
  { name: '全部工单', method: 'GET', path: '/v2/order/getAllOrderList', input: { ...page, scope: 'all' }, may: [1, 3, 5, 6, 7, 8, 10] },
  { name: '我的工单', method: 'GET', path: '/v2/order/getAllOrderList', input: { ...page, scope: 'mine' }, may: [1, 2, 3, 4, 5, 6, 'P'] },
  // 回访客服 takes orders from the calls it answers (the screen pop's 新建工单, docs/calls.md).
  { name: '新建工单', method: 'POST', path: '/v2/order/add', input: {}, may: [1, 3, 4, 5, 6, 7] },
  { name: '待派单（派单台）', method: 'GET', path: '/order/unDeliverOrderList', input: page, may: [1, 3, 'P'] },
  { name: '工单公海', method: 'GET', path: '/v2/order/pool/list', input: page, may: [1, 2, 3] },
  { name: '待我审批', method: 'GET', path: '/v2/order/getAllOrderList', input: { ...page, scope: 'examine' }, may: [1, 3, 8] },
  { name: '工单回收站', method: 'GET', path: '/v2/order/getAllOrderList', input: { ...page, scope: 'rubbish' }, may: [1, 3] },
  { name: '新建事件', method: 'POST', path: '/v2/event/add', input: {}, may: [1, 3, 4, 6] },
  { name: '待分配事件', method: 'GET', path: '/v2/event/getUnDeliverEventList', input: page, may: [1, 3, 6] },
  { name: '客户列表', method: 'GET', path: '/v2/customer/customerList', input: page, may: [1, 2, 3, 5, 6, 7, 10] },
  { name: '新建客户', method: 'POST', path: '/v2/customer/addCustomer', input: {}, may: [1, 3, 5, 6] },
  { name: '全部项目', method: 'GET', path: '/project/list', input: page, may: [1, 3, 10] },
  { name: '新建项目', method: 'POST', path: '/project/add', input: {}, may: [3, 10] },
  { name: '备件库存', method: 'GET', path: '/spare/stock/list', input: page, may: [3, 9] },
  { name: '奖惩管理', method: 'GET', path: '/rewards/count', input: {}, may: [3, 8, 'P'] },
  { name: '组织架构（人员）', method: 'GET', path: '/v2/user/list', input: page, may: [3] },
];

let t: TestApp;
const clients = new Map<Who, Client>();

beforeAll(async () => {
  t = await createTestApp();
  const ep = await makeEnterprise(t.deps.db, { plan: 1 });
  const [p] = await rows<{ id: number }>(
    t.deps.db,
    sql`insert into service_providers (enterprise_id, name, partner_type, enabled) values (${ep}, '外包一号', 1, true) returning id::int`,
  );
  for (const who of ROLES) {
    const u = await makeUser(t.deps.db, ep, { roles: who === 'P' ? [1, 2] : [who], admin: who === 3 });
    if (who === 'P')
      await t.deps.db.execute(sql`update users set user_type = 1, provider_id = ${Number(p?.id)}, sysrole = 1 where enterprise_id = ${ep} and id = ${u.id}`);
    clients.set(who, await new Client(t.app).login(u.mobile, TEST_PASSWORD, ep));
  }
}, 120_000);
afterAll(async () => t?.close());

describe('the capability table of the ten roles and a provider’s dispatcher', () => {
  for (const c of TABLE) {
    it(c.name, async () => {
      const wrong: string[] = [];
      for (const who of ROLES) {
        const r = await (clients.get(who) as Client).request(c.method, c.path, c.input);
        const refused = r.code === 'NO_POWER';
        if (refused === c.may.includes(who)) wrong.push(`${who}: ${refused ? 'refused' : `allowed (${r.code ?? 'success'})`}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
