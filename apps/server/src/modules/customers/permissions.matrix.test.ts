import {
  contractContract as K,
  customerContract as C,
  customerImportContract as I,
  customerPartsContract as PT,
  productContract as PR,
  ROLE_IDS,
} from '@sk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer, newModel } from './test-helpers';

// The role × capability table of docs/permissions.md, written out here on purpose (not derived from ROLE_POWERS):
// each role's user tries each capability against records it is responsible for, and is either let through
// or refused with the power refusal every endpoint answers (NO_POWER, 您没有该功能的操作权限).

let t: TestApp;
let admin: Client;
let enterpriseId: number;
let model: number;
beforeAll(async () => {
  t = await createTestApp();
  const a = await loggedIn(t.app, t.deps.db, { roles: [3] });
  admin = a.client;
  enterpriseId = a.enterpriseId;
  model = await newModel(admin);
});
afterAll(async () => t.close());

/** A phone of the role's own (客户电话不可重复 is on: one phone per customer of the enterprise). */
const phoneOf = (prefix: string, n: number) => `${prefix}${String(n % 1e8).padStart(8, '0')}`;

interface Fixture {
  userId: number;
  customer: number;
  contact: number;
  address: number;
}

/** What each capability does, as the role's user, on a customer the user is the responsible salesperson of. */
const CAPABILITIES: Record<string, (c: Client, f: Fixture) => Promise<{ success: boolean; code?: string; message: string }>> = {
  查看客户: (c, f) => c.call(C.detail, { id: f.customer }),
  新建客户: (c, f) =>
    c.call(C.addCustomer, { name: `新客户${f.userId}`, businessUserId: f.userId, linkPerson: { name: '王五', phone: phoneOf('158', f.userId) } }),
  编辑客户: (c, f) => c.call(C.editCustomer, { id: f.customer, name: `改名${f.customer}`, businessUserId: f.userId }),
  删除客户: async (c, f) => c.call(C.deleteCustomer, { id: await newCustomer(admin, { businessUserId: f.userId }) }),
  导入客户: async (c) => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v2/customer/import/template?kind=customer', headers: { cookie: c.cookie } });
    return r.headers['content-type']?.toString().includes('json') ? r.json() : { success: r.statusCode === 200, message: '' };
  },
  导出客户: (c) => c.call(I.exportCustomers, {}),
  查看联系人: (c, f) => c.call(PT.linkPersonList, { customerId: f.customer }),
  编辑联系人: (c, f) => c.call(PT.linkPersonSave, { id: f.contact, customerId: f.customer, name: '联系人甲', phone: phoneOf('159', f.userId) }),
  查看地址: (c, f) => c.call(PT.addressList, { customerId: f.customer }),
  编辑地址: (c, f) =>
    c.call(PT.addressSave, { id: f.address, customerId: f.customer, provinceCode: '31', cityCode: '3101', districtCode: '310115', detail: '科苑路1号' }),
  查看设备: (c, f) => c.call(PR.productionList, { customerId: f.customer }),
  编辑设备: (c, f) => c.call(PR.productionSave, { productId: model, customerId: f.customer }),
  查看合同: (c, f) => c.call(K.maintainList, { customerId: f.customer }),
  编辑合同: (c, f) => c.call(K.maintainSave, { name: '维保', customerId: f.customer, startDate: '2026-01-01', endDate: '2026-12-31', amount: 100 }),
  删除合同: async (c, f) => {
    const id = (await admin.call(K.maintainSave, { name: '待删', customerId: f.customer, startDate: '2030-01-01', endDate: '2030-12-31', amount: 1 })).data.id;
    return c.call(K.maintainDelete, { ids: [id] });
  },
};

/** Which roles may: 1 派单员 … 10 管理总监 (docs/permissions.md). */
const ALLOWED: Record<keyof typeof CAPABILITIES, number[]> = {
  查看客户: [1, 2, 3, 5, 6, 7, 10],
  新建客户: [1, 3, 5, 6],
  编辑客户: [1, 3, 5, 6],
  删除客户: [3],
  导入客户: [3],
  导出客户: [1, 3, 5, 6, 7, 10],
  查看联系人: [1, 3, 5, 6],
  编辑联系人: [1, 3, 5, 6],
  查看地址: [1, 3, 5, 6],
  编辑地址: [1, 3, 5, 6],
  查看设备: [1, 3, 5, 6],
  编辑设备: [1, 3, 5, 6],
  查看合同: [1, 2, 3, 5, 6, 7, 10],
  编辑合同: [3, 5],
  删除合同: [3, 5],
};

describe('customer-area permissions, role × capability', () => {
  for (const role of ROLE_IDS) {
    it(`role ${role}`, async () => {
      const { client, user } = await loggedIn(t.app, t.deps.db, { roles: [role], enterpriseId });
      const customer = await newCustomer(admin, { businessUserId: user.id });
      const d = (await admin.call(C.detail, { id: customer })).data;
      const f: Fixture = { userId: user.id, customer, contact: d.contacts[0]!.id, address: d.addresses[0]!.id };
      const got: Record<string, string> = {};
      const want: Record<string, string> = {};
      for (const [cap, run] of Object.entries(CAPABILITIES)) {
        const r = await run(client, f);
        got[cap] = r.success ? '允许' : r.code === 'NO_POWER' ? r.message : `失败：${r.message}`;
        want[cap] = ALLOWED[cap]!.includes(role) ? '允许' : '您没有该功能的操作权限';
      }
      expect(got).toEqual(want);
    });
  }

  it('the customer detail tells the page what the role may do', async () => {
    const svc = await loggedIn(t.app, t.deps.db, { roles: [2], enterpriseId });
    const customer = await newCustomer(admin);
    expect((await svc.client.call(C.detail, { id: customer })).data.abilities).toEqual({ edit: false, delete: false, permission: false });
    expect((await admin.call(C.detail, { id: customer })).data.abilities).toEqual({ edit: true, delete: true, permission: true });
    const contract = (await admin.call(K.maintainSave, { name: '维保', customerId: customer, startDate: '2030-01-01', endDate: '2030-12-31', amount: 1 })).data
      .id;
    expect((await svc.client.call(K.maintainDetail, { id: contract })).data.abilities).toEqual({ edit: false, actions: [], delete: false });
    expect((await admin.call(K.maintainDetail, { id: contract })).data.abilities).toEqual({ edit: true, actions: ['execute', 'terminate'], delete: true });
  });
});
