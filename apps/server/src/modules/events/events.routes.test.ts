import { badgeCountContract as badgeContract, deskContract, type EndpointDef, eventSettingContract, eventContract as K } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeUser, TEST_PASSWORD } from '../../test/factories';
import { itGuardsEveryEndpoint } from '../../test/guards';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { countOf, newCustomer } from '../customers/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ALL = [...Object.entries(K), ...Object.entries(deskContract), ...Object.entries(eventSettingContract)] as [string, EndpointDef][];
const admin = () => loggedIn(t.app, t.deps.db, { roles: [3] });
const as = async (enterpriseId: number, role: number) => {
  const u = await makeUser(t.deps.db, enterpriseId, { roles: [role] });
  return { id: u.id, client: await new Client(t.app).login(u.mobile, TEST_PASSWORD, enterpriseId) };
};
const eventRow = async (ep: number, id: number) =>
  (await rows(t.deps.db, sql`select * from events where enterprise_id = ${ep} and id = ${id}`))[0] as Record<string, unknown>;
const logsOf = async (ep: number, id: number) =>
  (
    await rows<{ action: string; from_state: number | null; to_state: number }>(
      t.deps.db,
      sql`select action, from_state, to_state from event_logs where enterprise_id = ${ep} and event_id = ${id} order by id`,
    )
  ).map((l) => `${l.action}:${l.from_state ?? '-'}→${l.to_state}`);
const newEvent = async (c: Client, o: Record<string, unknown> = {}) => {
  const r = await c.post('/v2/event/add', { title: '打印机卡纸', ...o });
  expect(r.message).toBe('创建成功');
  return r.data.id as number;
};

describe('guards of every event endpoint', () => {
  itGuardsEveryEndpoint(() => t, ALL);
});

describe('POST /v2/event/add', () => {
  it('records an event with a number, the template version, the customer’s contact and address, and a log row', async () => {
    const { client, enterpriseId } = await admin();
    const customer = await newCustomer(client);
    const id = await newEvent(client, { customerId: customer, priority: 2, description: '每次打印都卡' });
    const e = await eventRow(enterpriseId, id);
    expect(e).toMatchObject({ state: 1, dispatch_state: 0, process_state: 0, close_state: 0, priority: 2, customer_id: customer });
    expect(String(e.event_no)).toMatch(/^SJ\d{8}-0001$/);
    expect(e.template_version_id).not.toBeNull();
    expect(e.custom_linkperson).not.toBeNull();
    expect(await logsOf(enterpriseId, id)).toEqual(['create:-→1']);
    const d = await client.get('/v2/event/detailed', { id });
    expect(d.data).toMatchObject({ id, title: '打印机卡纸', state: 1, customerId: customer, abilities: ['assign', 'claim', 'close'] });
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const { client, enterpriseId } = await admin();
    const before = await countOf(t.deps.db, 'events', sql`enterprise_id = ${enterpriseId}`);
    expect((await client.post('/v2/event/add', {})).message).toContain('请输入事件标题');
    expect((await client.post('/v2/event/add', { title: 'x', priority: 9 })).message).toContain('优先级不正确');
    expect((await client.post('/v2/event/add', { title: 'x', contactId: 5 })).message).toBe('客户：请先选择客户');
    expect((await client.post('/v2/event/add', { title: 'x', eventLabel: [999999] })).message).toBe('事件标签：标签不存在或已被删除');
    expect(await countOf(t.deps.db, 'events', sql`enterprise_id = ${enterpriseId}`)).toBe(before);
  });

  it('copies an event: the copy records its source; another enterprise’s event cannot be a source', async () => {
    const { client, enterpriseId } = await admin();
    const source = await newEvent(client);
    const copy = await newEvent(client, { copiedFrom: source, title: '打印机卡纸（复制）' });
    expect((await eventRow(enterpriseId, copy)).copied_from).toBe(source);
    const other = await admin();
    expect((await other.client.post('/v2/event/add', { title: 'x', copiedFrom: source })).code).toBe('NOT_FOUND');
  });

  it('answers another enterprise’s customer as not found', async () => {
    const other = await admin();
    const theirs = await newCustomer(other.client);
    const { client } = await admin();
    expect((await client.post('/v2/event/add', { title: 'x', customerId: theirs })).code).toBe('NOT_FOUND');
  });
});

describe('event actions', () => {
  it('walks an event through claim, start, escalate, pause, resume, complete, reopen and close, logging each', async () => {
    const { client, enterpriseId } = await admin();
    const id = await newEvent(client);
    const service = await as(enterpriseId, 2);
    const ok = async (c: Client, action: string, body: Record<string, unknown> = {}) => {
      const r = await c.post(`/v2/event/${action}`, { id, ...body });
      expect(r.success, `${action}: ${r.message}`).toBe(true);
      return (r.data as { state: number }).state;
    };
    expect(await ok(service.client, 'claim')).toBe(2);
    expect((await eventRow(enterpriseId, id)).principal_id).toBe(service.id);
    expect(await ok(service.client, 'start')).toBe(3);
    expect(await ok(service.client, 'escalate', { reason: '需要二线支持' })).toBe(4);
    expect(await ok(service.client, 'pause', { reason: '等配件' })).toBe(5);
    expect(await ok(service.client, 'resume')).toBe(4);
    expect(await ok(service.client, 'complete')).toBe(6);
    // Reopened, it stays with the escalated handler: escalated (4), not started.
    expect(await ok(client, 'reopen')).toBe(4);
    expect(await ok(client, 'close', { reason: '客户撤回' })).toBe(7);
    const e = await eventRow(enterpriseId, id);
    expect(e).toMatchObject({
      dispatch_state: 1,
      process_state: 0,
      upgrade_state: 1,
      pause_state: 0,
      close_state: 1,
      close_reason: '客户撤回',
      upgrade_reason: '需要二线支持',
    });
    expect(await logsOf(enterpriseId, id)).toEqual([
      'create:-→1',
      'claim:1→2',
      'start:2→3',
      'escalate:3→4',
      'pause:4→5',
      'resume:5→4',
      'complete:4→6',
      'reopen:6→4',
      'close:4→7',
    ]);
    const flow = await client.get('/v2/event/process/messageList', { eventId: id });
    expect(flow.data.map((m) => m.action)).toEqual(['create', 'claim', 'start', 'escalate', 'pause', 'resume', 'complete', 'reopen', 'close']);
  });

  it('refuses every illegal action and changes nothing', async () => {
    const { client, enterpriseId } = await admin();
    const id = await newEvent(client);
    const service = await as(enterpriseId, 2);
    const refused = async (c: Client, action: string, message: string, body: Record<string, unknown> = {}) => {
      const before = await eventRow(enterpriseId, id);
      const r = await c.post(`/v2/event/${action}`, { id, reason: '原因', ...body });
      expect(r.message, action).toBe(message);
      expect(await eventRow(enterpriseId, id)).toEqual(before);
    };
    for (const a of ['start', 'escalate', 'pause', 'resume', 'complete', 'reopen']) await refused(client, a, '当前事件状态不允许该操作');
    await refused(service.client, 'close', '您不是该事件的相关处理人，不能执行该操作');
    await refused(client, 'assign', '负责人：请选择负责人');
    await client.post('/v2/event/assign', { id, principalId: service.id });
    await refused(client, 'start', '您不是该事件的相关处理人，不能执行该操作');
    await refused(service.client, 'complete', '当前事件状态不允许该操作');
    await refused(service.client, 'claim', '当前事件状态不允许该操作');
    await refused(service.client, 'pause', '原因：请输入暂停原因', { reason: '' });
    await refused(service.client, 'start', '数据已变更，请刷新后重试', { expected: 1 });
    const other = await admin();
    await refused(other.client, 'close', '数据不存在或已被删除');
  });

  it('lets 20 people claim one event at once: exactly one becomes principal', async () => {
    const { client, enterpriseId } = await admin();
    const id = await newEvent(client);
    const people = await Promise.all(Array.from({ length: 20 }, () => as(enterpriseId, 2)));
    const answers = await race(20, (i) => (people[i] as { client: Client }).client.post('/v2/event/claim', { id }));
    const counts = tally(answers);
    expect(counts.ok).toBe(1);
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(20);
    const winner = people[answers.findIndex((a) => a.success)];
    expect((await eventRow(enterpriseId, id)).principal_id).toBe(winner?.id);
    expect((await logsOf(enterpriseId, id)).filter((l) => l.startsWith('claim'))).toHaveLength(1);
  });
});

describe('lists, badges, flow and delete', () => {
  it('lists my events by state, the pool and the assignment queue, with filters, and counts the badges', async () => {
    const { client, enterpriseId } = await admin();
    const service = await as(enterpriseId, 2);
    const a = await newEvent(client, { title: '空调漏水' });
    const b = await newEvent(client, { title: '电梯异响', priority: 3 });
    await client.post('/v2/event/assign', { id: a, principalId: service.id });
    const pool = await service.client.get('/v2/event/getShelterEventList');
    expect(pool.data.list.map((r: { id: number }) => r.id)).toEqual([b]);
    expect((await client.get('/v2/event/getUnDeliverEventList', { priority: 3 })).data.count).toBe(1);
    expect((await client.get('/v2/event/getUnDeliverEventList', { priority: 1 })).data.count).toBe(0);
    const mine = await service.client.get('/v2/event/getPrincipalEventList', { event_states: '2' });
    expect(mine.data.list.map((r: { title: string }) => r.title)).toEqual(['空调漏水']);
    expect((await service.client.get('/v2/event/getPrincipalEventList', { event_states: '3' })).data.count).toBe(0);
    expect((await client.get('/v2/event/getPrincipalEventList', { custom_name: '不存在' })).data.count).toBe(0);
    expect((await client.get('/v2/event/getPrincipalEventList', { priority: 7 })).message).toContain('优先级不正确');
    expect((await service.client.get('/v2/event/getPrincipalEventListCount', { sortType: 1, processStates: '0,1', close_state: 0 })).data).toBe(1);
    expect((await client.get('/v2/event/getUnDeliverEventListCount', { sortType: 1 })).data).toBe(1);
    // A service person sees neither the other's pool-less events nor another enterprise's.
    const other = await admin();
    expect((await other.client.get('/v2/event/detailed', { id: a })).code).toBe('NOT_FOUND');
  });

  it('counts the pool to claim for those who claim from it, not for the assigners, and nothing of another enterprise; every event badge needs its page', async () => {
    const { client, enterpriseId } = await admin();
    const service = await as(enterpriseId, 2);
    const shelters = badgeContract.shelterEventCount;
    const a = await newEvent(client);
    await newEvent(client);
    expect(await service.client.badge(shelters)).toBe(2);
    await service.client.post('/v2/event/claim', { id: a });
    expect(await service.client.badge(shelters)).toBe(1);
    // The administrator assigns from 待分配事件, whose badge counts the same event.
    expect(await client.badge(shelters)).toBe(0);
    expect(await client.badge(badgeContract.unDeliverEventCount)).toBe(1);
    const todo = await service.client.get('/waitToDoList');
    expect(todo.data.find((t: { routerName: string }) => t.routerName === 'Shelters')?.count).toBe(1);
    const employee = await as(enterpriseId, 4);
    expect(await employee.client.badge(shelters)).toBe('NO_POWER');
    // Each event badge needs its page: the employee has 我的事件 only, finance no event page at all.
    expect(await employee.client.badge(badgeContract.unDeliverEventCount)).toBe('NO_POWER');
    expect(await employee.client.badge(badgeContract.principalEventCount)).toBe(0);
    const finance = await as(enterpriseId, 8);
    expect(await finance.client.badge(badgeContract.unDeliverEventCount)).toBe('NO_POWER');
    expect(await finance.client.badge(badgeContract.principalEventCount)).toBe('NO_POWER');
    const elsewhere = await as((await admin()).enterpriseId, 2);
    expect(await elsewhere.client.badge(shelters)).toBe(0);
  });

  it('adds conversation entries to the flow; only their author deletes them', async () => {
    const { client, enterpriseId } = await admin();
    const id = await newEvent(client);
    const other = await as(enterpriseId, 1);
    const m = await client.post('/v2/event/process/addMessage', { eventId: id, eventType: 'text', payload: '已电话联系客户' });
    expect(m.message).toBe('发送成功');
    expect((await client.post('/v2/event/process/addMessage', { eventId: id, eventType: 'text', payload: '' })).message).toContain('请输入消息内容');
    expect((await other.client.del('/v2/event/process/delMessage', { id: m.data.id })).code).toBe('NO_POWER');
    const flow = await client.get('/v2/event/process/messageList', { eventId: id });
    expect(flow.data.map((x: { eventType: string }) => x.eventType)).toEqual(['action', 'text']);
    expect((await client.del('/v2/event/process/delMessage', { id: m.data.id })).message).toBe('删除成功');
    expect((await client.get('/v2/event/process/messageList', { eventId: id })).data).toHaveLength(1);
  });

  it('takes only the shapes of the message kinds, refusing others in Chinese and writing nothing', async () => {
    const { client, enterpriseId } = await admin();
    const id = await newEvent(client);
    const add = (eventType: string, payload: unknown) => client.post('/v2/event/process/addMessage', { eventId: id, eventType, payload });
    const link = { title: '说明书', url: 'https://example.com/a.pdf' };
    expect(await add('link', link)).toMatchObject({ success: true, data: { payload: link } });
    expect(await add('location', { name: '客户现场', latitude: 31.2, longitude: 121.5 })).toMatchObject({ success: true });
    const refusals: [string, unknown, string][] = [
      ['text', {}, '消息内容：请输入消息内容'],
      ['text', true, '消息内容：请输入消息内容'],
      ['text', 'x'.repeat(2001), '消息内容：消息内容不能超过2000个字'],
      ['image', { a: 1 }, '消息内容：文件不正确'],
      ['link', { ...link, url: 'javascript:alert(1)' }, '链接：请输入以http://或https://开头的链接'],
      ['link', { ...link, extra: 1 }, '消息内容：包含不支持的字段'],
      ['location', { latitude: 91, longitude: 0 }, '纬度：纬度不正确'],
      ['business_card', 'x', '消息内容：格式不正确，应为对象'],
      ['action', 'assign', '消息类型：不支持的消息类型'],
    ];
    for (const [kind, payload, message] of refusals)
      expect([kind, await add(kind, payload)]).toMatchObject([kind, { success: false, code: 'VALIDATION', message }]);
    expect(await countOf(t.deps.db, 'event_messages', sql`enterprise_id = ${enterpriseId}`)).toBe(2);
  });

  it('deletes events by ids; another enterprise’s id is not found and deletes nothing', async () => {
    const { client, enterpriseId } = await admin();
    const a = await newEvent(client);
    const b = await newEvent(client);
    const other = await admin();
    const theirs = await newEvent(other.client);
    expect((await client.del('/v2/event/del', { ids: `${a},${theirs}` })).code).toBe('NOT_FOUND');
    expect((await eventRow(enterpriseId, a)).deleted_at).toBeNull();
    expect((await client.del('/v2/event/del', { ids: `${a},${b}` })).message).toBe('删除成功');
    expect((await client.get('/v2/event/detailed', { id: a })).code).toBe('NOT_FOUND');
    expect((await client.get('/v2/event/getPrincipalEventList')).data.count).toBe(0);
    expect((await eventRow(other.enterpriseId, theirs)).deleted_at).toBeNull();
  });
});

describe('POST /export/event', () => {
  it('starts a download-centre export of a list with its filters; an empty one is refused', async () => {
    const { client, enterpriseId } = await admin();
    await newEvent(client, { title: '需要导出的事件' });
    const r = await client.post('/export/event', { list: 'mine', keyword: '导出', fileName: '事件导出' });
    expect(r.success, r.message).toBe(true);
    const [item] = await rows<{ kind: string; name: string }>(
      t.deps.db,
      sql`select kind, name from export_files where enterprise_id = ${enterpriseId} and id = ${r.data.id}`,
    );
    expect(item).toEqual({ kind: 'events', name: '事件导出' });
    expect((await client.post('/export/event', { list: 'mine', keyword: '不存在的' })).message).toBe('导出数据不能为空');
    expect((await client.post('/export/event', { list: 'other' })).message).toContain('列表不正确');
    const service = await as(enterpriseId, 2);
    expect((await service.client.post('/export/event', { list: 'undelivered' })).code).toBe('NO_POWER');
  });
});

describe('the service desk', () => {
  it('finds a customer by name, phone or a contact’s phone and shows them at a glance with their open events', async () => {
    const { client, enterpriseId } = await admin();
    const customer = await newCustomer(client, { name: '湖畔花园物业', linkPerson: { name: '王经理', phone: '13912345678' } });
    const open = await newEvent(client, { customerId: customer, title: '门禁失灵' });
    const done = await newEvent(client, { customerId: customer, title: '已关闭的事件' });
    await client.post('/v2/event/close', { id: done, reason: '重复' });
    const byPhone = await client.get('/v2/event/serviceCounter/find', { keyword: '1391234' });
    expect(byPhone.data.map((r: { id: number }) => r.id)).toEqual([customer]);
    expect((await client.get('/v2/event/serviceCounter/find', { keyword: '湖畔' })).data[0]).toMatchObject({ id: customer, matchedBy: '客户名称' });
    expect((await client.get('/v2/event/serviceCounter/find', { keyword: '' })).message).toContain('请输入客户名称、电话或产品序列号');
    const glance = await client.get('/v2/event/serviceCounter/customer', { customerId: customer });
    expect(glance.data.customer.name).toBe('湖畔花园物业');
    expect(glance.data.contacts.map((k) => k.phone)).toEqual(['13912345678']);
    expect(glance.data.openEvents.map((e: { id: number }) => e.id)).toEqual([open]);
    expect(glance.data.recentEvents.map((e: { id: number }) => e.id)).toEqual([done, open]);
    const other = await admin();
    expect((await other.client.get('/v2/event/serviceCounter/customer', { customerId: customer })).code).toBe('NOT_FOUND');
    expect((await other.client.get('/v2/event/serviceCounter/find', { keyword: '湖畔' })).data).toEqual([]);
    expect(enterpriseId).toBeGreaterThan(0);
  });
});
