import { fieldInput, orderContract as C, orderDetailContract as K, powersOfRole } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn } from '../../test/factories';
import { race, tally } from '../../test/race';
import { createTestApp, type TestApp } from '../../test/harness';
import { countOf, newCustomer } from '../customers/test-helpers';
import { insertUpload } from '../files/uploads.repo';
import { saveField } from '../forms/fields.service';
import { moveOrder } from './order.state';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** One enterprise with an administrator, a dispatcher, two engineers and an order the first engineer collaborates on. */
async function scene() {
  const admin = await loggedIn(t.app, t.deps.db, { roles: [3] });
  const ep = admin.enterpriseId;
  const dispatcher = await loggedIn(t.app, t.deps.db, { roles: [1], enterpriseId: ep });
  const engineer = await loggedIn(t.app, t.deps.db, { roles: [2], enterpriseId: ep });
  const stranger = await loggedIn(t.app, t.deps.db, { roles: [2], enterpriseId: ep });
  const customer = await newCustomer(admin.client);
  const { id: textField } = await saveField(
    t.deps.db,
    { enterpriseId: ep, userId: admin.user.id, kind: 1 },
    fieldInput.parse({ name: '故障代码', type: 1, group: 'orderInfo' }),
  );
  const { id: signField } = await saveField(t.deps.db, { enterpriseId: ep, userId: admin.user.id, kind: 1 }, fieldInput.parse({ name: '客户签名', type: 21 }));
  const sign = await insertUpload(t.deps.db, {
    enterpriseId: ep,
    createdBy: admin.user.id,
    name: 'sign.png',
    ext: 'png',
    mime: 'image/png',
    size: 10,
    kind: 'image',
    path: 'x/sign.png',
  });
  const [item] = await rows<{ id: number }>(t.deps.db, sql`insert into service_items (enterprise_id, name, price) values (${ep}, '上门检测', 80) returning id`);
  const made = await admin.client.send(C.add, {
    customerId: customer,
    title: '空调不制冷',
    priority: 2,
    serviceId: [item?.id],
    coordinationUserId: [engineer.user.id],
    ext: { [textField]: 'E1', [signField]: [sign.id] },
  });
  expect(made.success, made.message).toBe(true);
  const orderId = made.data.id as number;
  const viewer = (u: { user: { id: number } }, role: number) => ({
    id: u.user.id,
    enterpriseId: ep,
    sysrole: role,
    admin: role === 3,
    providerId: null,
    powers: powersOfRole(role),
  });
  return { ep, admin, dispatcher, engineer, stranger, customer, orderId, textField, signField, sign, viewer };
}

const messagesOf = (ep: number) => countOf(t.deps.db, 'order_messages', sql`enterprise_id = ${ep}`);

describe('GET /order/orderDetail', () => {
  it('answers the record: fixed fields, custom fields with groups, people by part, items, fees and the viewer’s abilities', async () => {
    const s = await scene();
    const r = await s.admin.client.send(K.orderDetail, { orderId: s.orderId });
    expect(r.success, r.message).toBe(true);
    const d = r.data;
    expect(d).toMatchObject({
      id: s.orderId,
      state: 1,
      stateName: '待派单',
      title: '空调不制冷',
      priority: 2,
      priorityName: '紧急',
      customer: { id: s.customer },
      orderNo: expect.stringMatching(/^GD\d{8}-0001$/),
      serviceItems: [{ name: '上门检测', price: 80, quantity: 1, amount: 80 }],
      fees: { serviceAmount: 80, receivableAmount: 80, rows: [] },
      receipt: null,
      collection: null,
      evaluation: null,
      abnormal: null,
    });
    expect(d.gpsAddr.fullAddress).toContain('张江路');
    expect(d.extFields.find((f: { id: number }) => f.id === s.textField)).toMatchObject({ tfname: '故障代码', tfvvalue: 'E1', group: 'orderInfo' });
    expect(d.people).toEqual(
      expect.arrayContaining([
        { part: 'creator', partName: '创建人', userId: s.admin.user.id, name: expect.any(String) },
        { part: 'collaborator', partName: '协作人员', userId: s.engineer.user.id, name: expect.any(String) },
      ]),
    );
    // The administrator created it, so may also cancel as its creator.
    expect(d.abilities).toEqual(['keepDate', 'dispatch', 'cancel', 'employeeCancel', 'edit', 'delete']);
    // The engineer collaborates: sees the order, may do nothing with it yet.
    const mine = await s.engineer.client.send(K.orderDetail, { orderId: s.orderId });
    expect(mine.data.abilities).toEqual([]);

    await moveOrder(t.deps.db, s.viewer(s.dispatcher, 1), s.orderId, 'dispatch', { patch: { service_user_id: s.engineer.user.id }, note: '派给工程师' });
    const after = await s.engineer.client.send(K.orderDetail, { orderId: s.orderId });
    expect(after.data).toMatchObject({ state: 2, stateName: '待接单', abilities: ['accept', 'refuseOrder', 'applyAbnormalOrder'] });
    expect(after.data.people).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ part: 'service', userId: s.engineer.user.id }),
        expect.objectContaining({ part: 'dispatcher', userId: s.dispatcher.user.id }),
      ]),
    );
  });

  it('shows an order only to those who may see it: not to an engineer who is not on it, not to another enterprise', async () => {
    const s = await scene();
    const other = await loggedIn(t.app, t.deps.db, { roles: [3] });
    expect((await s.stranger.client.send(K.orderDetail, { orderId: s.orderId })).code).toBe('NOT_FOUND');
    for (const ep of [K.orderDetail, K.getOrderTab, K.logs, K.messageList, K.getSign, K.getfildValue, K.relatedList]) {
      const r = await other.client.send(ep, { orderId: s.orderId });
      expect(r, ep.path).toMatchObject({ success: false, code: 'NOT_FOUND', message: '数据不存在或已被删除' });
    }
    expect((await other.client.get(`/order/getOrderTab/${s.orderId}`)).code).toBe('NOT_FOUND');
    expect((await other.client.send(K.getFieldName, { orderId: s.orderId })).code).toBe('NOT_FOUND');
    expect((await other.client.send(K.addMessage, { orderId: s.orderId, content: '越权' })).code).toBe('NOT_FOUND');
    expect(await messagesOf(s.ep)).toBe(0);
    expect(await messagesOf(other.enterpriseId)).toBe(0);
  });

  it('refuses the anonymous, a role without any order page, and bad ids with a Chinese message', async () => {
    const s = await scene();
    const keeper = await loggedIn(t.app, t.deps.db, { roles: [9], enterpriseId: s.ep });
    for (const ep of [K.orderDetail, K.getOrderTab, K.logs, K.messageList, K.getSign, K.getfildValue, K.getFieldName, K.relatedList]) {
      expect((await new Client(t.app).send(ep, { orderId: s.orderId })).message, ep.path).toBe('未登录');
      expect((await keeper.client.send(ep, { orderId: s.orderId })).code, ep.path).toBe('NO_POWER');
    }
    for (const bad of ['abc', '0', '-1', '1.5']) {
      const r = await s.admin.client.send(K.orderDetail, { orderId: bad });
      expect(r.status).toBe(200);
      expect(r.success).toBe(false);
      expect(r.message).toMatch(/^工单/);
    }
    expect((await s.admin.client.send(K.orderDetail, {})).message).toMatch(/^工单/);
    expect((await s.admin.client.get('/order/getOrderTab/abc')).message).toBe('工单不正确');
    expect((await s.admin.client.send(K.getfildValue, { orderId: s.orderId, form: 'x' })).message).toMatch(/^表单/);
  });
});

describe('GET /order/getOrderTab and /v2/order/logs', () => {
  it('lists the tabs with counts, by query and by path, and the timeline with names, states and changed fields', async () => {
    const s = await scene();
    await moveOrder(t.deps.db, s.viewer(s.dispatcher, 1), s.orderId, 'dispatch', { patch: { service_user_id: s.engineer.user.id }, note: '派给工程师' });
    await moveOrder(t.deps.db, s.viewer(s.engineer, 2), s.orderId, 'accept');
    await s.engineer.client.send(K.addMessage, { orderId: s.orderId, content: '明天上午到' });

    const tabs = await s.admin.client.send(K.getOrderTab, { orderId: s.orderId });
    expect(tabs.data.map((x: { key: string }) => x.key)).toEqual(['basic', 'progress', 'fees', 'receipt', 'evaluation', 'messages', 'logs', 'related']);
    expect(tabs.data).toEqual(
      expect.arrayContaining([
        { key: 'logs', name: '操作日志', count: 3 },
        { key: 'messages', name: '留言', count: 1 },
        { key: 'fees', name: '服务费用', count: 1 },
        { key: 'related', name: '关联记录', count: 0 },
      ]),
    );
    expect((await s.admin.client.get(`/order/getOrderTab/${s.orderId}`)).data).toEqual(tabs.data);

    // Related records: another order of the customer, seen by those who may open it.
    const second = await s.admin.client.send(C.add, { customerId: s.customer, title: '第二单' });
    const related = await s.admin.client.send(K.relatedList, { orderId: s.orderId });
    expect(related.data).toEqual([expect.objectContaining({ id: second.data.id, title: '第二单', stateName: '待派单', sameProduct: false })]);
    expect((await s.admin.client.send(K.getOrderTab, { orderId: s.orderId })).data.at(-1)).toEqual({ key: 'related', name: '关联记录', count: 1 });
    expect((await s.engineer.client.send(K.relatedList, { orderId: s.orderId })).data).toEqual([]);
    expect((await s.engineer.client.send(K.getOrderTab, { orderId: s.orderId })).data.at(-1)?.count).toBe(0);

    const logs = await s.engineer.client.send(K.logs, { orderId: s.orderId });
    expect(logs.data.map((l: { action: string }) => l.action)).toEqual(['create', 'dispatch', 'accept']);
    expect(logs.data[1]).toMatchObject({
      actionName: '派单',
      fromState: 1,
      fromStateName: '待派单',
      toState: 2,
      toStateName: '待接单',
      note: '派给工程师',
      user: { id: s.dispatcher.user.id },
    });
    // what the dispatch set, not the resets that go with it (pool flag, abnormal request, earlier taker)
    expect([...(logs.data[1]?.changedNames ?? [])].sort()).toEqual(['派单人员', '服务人员'].sort());
    expect(logs.data[2]).toMatchObject({ actionName: '接单', toStateName: '待服务', user: { id: s.engineer.user.id } });
    expect(logs.data[0]?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });
});

describe('messages', () => {
  it('posts text, images and files; deletes one’s own or, as administrator, any; others refused and nothing changed', async () => {
    const s = await scene();
    const pic = await insertUpload(t.deps.db, {
      enterpriseId: s.ep,
      createdBy: s.engineer.user.id,
      name: '现场.jpg',
      ext: 'jpg',
      mime: 'image/jpeg',
      size: 10,
      kind: 'image',
      path: 'x/a.jpg',
    });
    const doc = await insertUpload(t.deps.db, {
      enterpriseId: s.ep,
      createdBy: s.engineer.user.id,
      name: '报告.pdf',
      ext: 'pdf',
      mime: 'application/pdf',
      size: 10,
      kind: 'doc',
      path: 'x/b.pdf',
    });
    const text = await s.engineer.client.send(K.addMessage, { orderId: s.orderId, content: '已到现场' });
    expect(text).toMatchObject({
      success: true,
      message: '发送成功',
      data: { kind: 1, content: '已到现场', files: [], canDelete: true, user: { id: s.engineer.user.id } },
    });
    const image = await s.engineer.client.send(K.addMessage, { orderId: s.orderId, fileIds: [pic.id] });
    expect(image.data).toMatchObject({ kind: 2, content: '', files: [{ id: pic.id, name: '现场.jpg', url: `/api/upload/file/${pic.id}` }] });
    const file = await s.engineer.client.send(K.addMessage, { orderId: s.orderId, content: '检测报告', fileIds: [pic.id, doc.id] });
    expect(file.data.kind).toBe(3);

    const list = await s.dispatcher.client.send(K.messageList, { orderId: s.orderId });
    expect(list.data.count).toBe(3);
    expect(list.data.list.map((m: { id: number }) => m.id)).toEqual([file.data.id, image.data.id, text.data.id]);
    expect(list.data.list.every((m: { canDelete: boolean }) => !m.canDelete)).toBe(true);

    expect((await s.dispatcher.client.send(K.delMessage, { orderId: s.orderId, id: text.data.id })).message).toBe('只能删除自己发送的留言');
    expect((await s.engineer.client.send(K.delMessage, { orderId: s.orderId, id: text.data.id })).message).toBe('删除成功');
    expect((await s.admin.client.send(K.delMessage, { orderId: s.orderId, id: image.data.id })).success).toBe(true);
    expect((await s.engineer.client.send(K.delMessage, { orderId: s.orderId, id: image.data.id })).code).toBe('NOT_FOUND');
    expect(await messagesOf(s.ep)).toBe(1);
  });

  it('refuses the anonymous, a missing CSRF token, another enterprise and bad input, writing and deleting nothing', async () => {
    const s = await scene();
    const other = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const keeper = await loggedIn(t.app, t.deps.db, { roles: [9], enterpriseId: s.ep });
    const kept = await s.engineer.client.send(K.addMessage, { orderId: s.orderId, content: '保留' });
    const body = { orderId: s.orderId, content: '你好' };
    expect((await new Client(t.app).send(K.addMessage, body)).message).toBe('未登录');
    expect((await s.engineer.client.send(K.addMessage, body, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await keeper.client.send(K.addMessage, body)).code).toBe('NO_POWER');
    expect((await s.stranger.client.send(K.addMessage, body)).code).toBe('NOT_FOUND');
    const foreignFile = await insertUpload(t.deps.db, {
      enterpriseId: other.enterpriseId,
      createdBy: other.user.id,
      name: 'a.jpg',
      ext: 'jpg',
      mime: 'image/jpeg',
      size: 1,
      kind: 'image',
      path: 'x/c.jpg',
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ orderId: s.orderId }, '请输入留言内容或添加附件'],
      [{ orderId: s.orderId, content: '   ' }, '请输入留言内容或添加附件'],
      [{ orderId: s.orderId, content: 'x'.repeat(1001) }, '留言内容不能超过1000个字'],
      [{ orderId: s.orderId, fileIds: [foreignFile.id] }, '文件不存在或已被删除'],
      [{ orderId: s.orderId, fileIds: Array.from({ length: 10 }, (_, i) => i + 1) }, '最多9项'],
      [{ content: '无工单' }, '工单'],
    ];
    for (const [b, text] of cases) {
      const r = await s.engineer.client.send(K.addMessage, b);
      expect(r.status).toBe(200);
      expect(r.success).toBe(false);
      expect(r.message).toContain(text);
    }
    expect((await other.client.send(K.delMessage, { orderId: s.orderId, id: kept.data.id })).code).toBe('NOT_FOUND');
    expect((await s.engineer.client.send(K.delMessage, { orderId: s.orderId, id: kept.data.id }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await s.engineer.client.send(K.delMessage, { orderId: s.orderId, id: 'x' })).message).toMatch(/^留言/);
    expect(await messagesOf(s.ep)).toBe(1);
  });
});

describe('messages at once', () => {
  it('twenty parallel deletes of one message: one wins, the others find it gone; parallel posts all land', async () => {
    const s = await scene();
    const m = await s.engineer.client.send(K.addMessage, { orderId: s.orderId, content: '删我' });
    const deletes = await race(20, () => s.engineer.client.send(K.delMessage, { orderId: s.orderId, id: m.data.id }));
    expect(tally(deletes)).toEqual({ ok: 1, 数据不存在或已被删除: 19 });
    const posts = await race(10, (i) => s.engineer.client.send(K.addMessage, { orderId: s.orderId, content: `第${i}条` }));
    expect(tally(posts)).toEqual({ ok: 10 });
    expect(await messagesOf(s.ep)).toBe(10);
  });
});

describe('order views', () => {
  it('getSign, getfildValue and getFieldName answer the order’s signature, values and pinned field names', async () => {
    const s = await scene();
    const signs = await s.engineer.client.send(K.getSign, { orderId: s.orderId });
    expect(signs.data).toEqual([{ fieldId: s.signField, name: '客户签名', form: 'order', url: `/api/upload/file/${s.sign.id}`, fileId: s.sign.id }]);
    const values = await s.engineer.client.send(K.getfildValue, { orderId: s.orderId });
    expect(values.data.map((f: { tfname: string }) => f.tfname)).toEqual(['故障代码', '客户签名']);
    expect((await s.engineer.client.send(K.getfildValue, { orderId: s.orderId, form: 'receipt' })).data).toEqual([]);

    // A field added later is in the type's current names, not in the order's pinned ones.
    await saveField(t.deps.db, { enterpriseId: s.ep, userId: s.admin.user.id, kind: 1 }, fieldInput.parse({ name: '后加字段', type: 1 }));
    const pinned = await s.admin.client.send(K.getFieldName, { orderId: s.orderId });
    const current = await s.admin.client.send(K.getFieldName, {});
    expect(pinned.data.filter((f: { system: boolean }) => !f.system).map((f: { name: string }) => f.name)).toEqual(['故障代码', '客户签名']);
    expect(current.data.filter((f: { system: boolean }) => !f.system).map((f: { name: string }) => f.name)).toEqual(['故障代码', '客户签名', '后加字段']);
    expect(pinned.data.find((f: { key: string }) => f.key === 'title')).toMatchObject({ system: true });
    const other = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const [tpl] = await rows<{ id: number }>(t.deps.db, sql`select template_id as id from orders where enterprise_id = ${s.ep} and id = ${s.orderId}`);
    expect((await other.client.send(K.getFieldName, { orderType: tpl?.id })).code).toBe('NOT_FOUND');
  });
});
