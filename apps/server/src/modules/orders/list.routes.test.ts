import { orderListContract as K } from '@sk/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { drainJobs } from '../../platform/jobs';
import { gramsOf } from '../../platform/search';
import { type Client, loggedIn, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer, newModel } from '../customers/test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const db = () => t.deps.db;
const one = async <T = { id: number }>(q: ReturnType<typeof sql>) => (await rows<T>(db(), q))[0] as T;

/** An order written straight into the table with its search grams, in Shanghai time. */
async function order(ep: number, cols: Record<string, unknown>): Promise<number> {
  const all: Record<string, unknown> = { order_no: `T${Math.random().toString(36).slice(2, 10)}`, state: 1, ...cols };
  const customer = await one<{ name: string }>(sql`select name from customers where enterprise_id = ${ep} and id = ${all.customer_id}`);
  // As the create service writes them: title, number, customer, contact, phone, address.
  all.search_grams = gramsOf(
    String(all.title),
    String(all.order_no),
    customer?.name,
    all.custom_link_person as string,
    all.custom_phone as string,
    all.full_address as string,
  );
  const names = Object.keys(all).map((k) => sql.identifier(k));
  const values = Object.entries(all).map(([k, v]) =>
    k === 'search_grams'
      ? sql`${`{${(v as string[]).map((g) => `"${g.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`
      : k.endsWith('_at') && typeof v === 'string'
        ? sql`(${v})::timestamp at time zone 'Asia/Shanghai'`
        : sql`${v}`,
  );
  const r = await one(sql`insert into orders (enterprise_id, ${sql.join(names, sql`, `)}) values (${ep}, ${sql.join(values, sql`, `)}) returning id`);
  return Number(r.id);
}

const idsOf = (r: { data: { list: { id: number }[] } }) => r.data.list.map((o) => o.id).sort((a, b) => a - b);

/** One enterprise with eight orders (A–H) that differ in every filtered column, and the people on them. */
async function world() {
  const admin = await loggedIn(t.app, db(), { roles: [3] });
  const ep = admin.enterpriseId;
  const c1 = await newCustomer(admin.client, { name: '华东制冷设备' });
  const c2 = await newCustomer(admin.client, { name: '西南机电' });
  const t1 = (await one(sql`insert into form_templates (enterprise_id, form_kind, name) values (${ep}, 1, '安装单') returning id`)).id;
  const t2 = (await one(sql`insert into form_templates (enterprise_id, form_kind, name) values (${ep}, 1, '维修单') returning id`)).id;
  const e1 = await makeUser(db(), ep, { roles: [2], name: '工程师甲' });
  const e2 = await makeUser(db(), ep, { roles: [2], name: '工程师乙' });
  const d = await makeUser(db(), ep, { roles: [1], name: '派单员丙' });
  const group = (await one(sql`insert into service_groups (enterprise_id, name) values (${ep}, '一组') returning id`)).id;
  const model = await newModel(admin.client);
  const product = (
    await one(
      sql`insert into installed_products (enterprise_id, product_id, name, qr_code, customer_id) values (${ep}, ${model}, '格力空调', ${`q${ep}`}, ${c1}) returning id`,
    )
  ).id;
  const itemType = (await one(sql`insert into service_item_types (enterprise_id, name) values (${ep}, '上门') returning id`)).id;
  const item = (await one(sql`insert into service_items (enterprise_id, type_id, name) values (${ep}, ${itemType}, '上门检测') returning id`)).id;
  const tag = (await one(sql`insert into tags (enterprise_id, code, name, color_rgb) values (${ep}, 3, '加急', '#f00') returning id`)).id;

  const base = { template_id: t1, customer_id: c1 };
  const o = {
    A: await order(ep, {
      ...base,
      title: '空调不制冷',
      custom_link_person: '张三',
      custom_phone: '13811112222',
      full_address: '上海市浦东新区张江路1号',
      service_user_id: e1.id,
      created_at: '2024-01-10 09:00:00',
      receive_payment_id: 7,
    }),
    B: await order(ep, {
      template_id: t2,
      customer_id: c2,
      title: '洗衣机漏水',
      state: 3,
      priority: 3,
      custom_link_person: '李四',
      custom_phone: '13933334444',
      full_address: '北京市海淀区中关村',
      service_user_id: e2.id,
      dispatcher_id: d.id,
      acceptor_id: d.id,
      taken_by: e2.id,
      service_group_id: group,
      created_at: '2024-03-05 09:00:00',
      dispatched_at: '2024-03-06 10:00:00',
      taken_at: '2024-03-07 10:00:00',
      appointment_at: '2024-03-08 10:00:00',
    }),
    C: await order(ep, {
      ...base,
      title: '热水器维修',
      state: 5,
      priority: 2,
      service_user_id: e1.id,
      created_at: '2024-04-01 09:00:00',
      finished_at: '2024-04-02 18:00:00',
      receipted_at: '2024-04-02 18:10:00',
      paid_at: '2024-04-02 18:20:00',
      evaluated_at: '2024-04-03 08:00:00',
      place_state: 1,
      examine_type: 2,
      examine_result: 1,
      complete_examine_operator_id: d.id,
      complete_examined_at: '2024-04-03 09:00:00',
      receipt_examined_at: '2024-04-03 10:00:00',
      collection_examined_at: '2024-04-03 11:00:00',
    }),
    D: await order(ep, {
      ...base,
      title: '新装申请',
      state: 7,
      examine_type: 1,
      examine_result: 0,
      created_at: '2024-05-01 09:00:00',
      created_by: e2.id,
      create_examine_operator_id: d.id,
      create_examined_at: '2024-05-02 09:00:00',
    }),
    E: await order(ep, {
      ...base,
      title: '设备异响',
      state: 4,
      due_at: '2024-06-01 09:00:00',
      abnormal_kind: 1,
      installed_product_id: product,
      created_at: '2024-05-20 09:00:00',
    }),
    F: await order(ep, { ...base, title: '已删除工单', state: 2, deleted_at: '2024-06-02 09:00:00', created_at: '2024-05-21 09:00:00' }),
    G: await order(ep, { ...base, title: '无效报修', state: 0, invalid: true, created_at: '2024-05-22 09:00:00' }),
    H: await order(ep, { ...base, title: '待受理报修', state: 0, created_at: '2024-05-23 09:00:00' }),
  };
  await db().execute(sql`insert into order_people (enterprise_id, order_id, part, user_id) values (${ep}, ${o.A}, 4, ${e2.id}), (${ep}, ${o.B}, 6, ${d.id})`);
  await db().execute(sql`insert into order_service_items (enterprise_id, order_id, service_item_id, name) values (${ep}, ${o.B}, ${item}, '上门检测')`);
  await db().execute(sql`insert into tag_links (enterprise_id, obj_type, obj_id, tag_id) values (${ep}, 3, ${o.C}, ${tag})`);
  return { admin, ep, o, c1, c2, t1, t2, e1, e2, d, group, product, item, itemType, tag };
}

type World = Awaited<ReturnType<typeof world>>;
let w: World;
beforeAll(async () => {
  w = await world();
  // Another enterprise's order with the same title and customer name never shows.
  const other = await loggedIn(t.app, db(), { roles: [3] });
  const c = await newCustomer(other.client, { name: '华东制冷设备' });
  const tpl = (await one(sql`insert into form_templates (enterprise_id, form_kind, name) values (${other.enterpriseId}, 1, '安装单') returning id`)).id;
  await order(other.enterpriseId, { template_id: tpl, customer_id: c, title: '空调不制冷', custom_phone: '13811112222' });
});

/** A user of the world's enterprise, logged in with the given roles. */
const staff = (roles: number[]) => loggedIn(t.app, db(), { enterpriseId: w.ep, roles });
const list = (c: Client, q: Record<string, unknown> = {}) => c.send(K.getAllOrderList, { pageSize: 100, ...q });

describe('GET /v2/order/getAllOrderList filters', () => {
  const live = () => [w.o.A, w.o.B, w.o.C, w.o.D, w.o.E, w.o.G, w.o.H];
  const cases: [string, () => Record<string, unknown>, () => number[]][] = [
    ['no filter: every live order of the enterprise', () => ({}), live],
    ['keyword (title)', () => ({ keyword: '不制冷' }), () => [w.o.A]],
    ['keyword (customer name)', () => ({ keyword: '西南' }), () => [w.o.B]],
    ['keyword (phone)', () => ({ keyword: '139333' }), () => [w.o.B]],
    ['title', () => ({ title: '热水器' }), () => [w.o.C]],
    ['states', () => ({ states: '3,5' }), () => [w.o.B, w.o.C]],
    ['orderStateList', () => ({ orderStateList: '7' }), () => [w.o.D]],
    ['state tab 0 (unapproved)', () => ({ orderState: 0 }), () => [w.o.D, w.o.G, w.o.H]],
    ['state tab 1 (in progress)', () => ({ orderState: 1 }), () => [w.o.A, w.o.B, w.o.E]],
    ['state tab 2 (completed)', () => ({ orderState: 2 }), () => [w.o.C]],
    ['state tab -1 (all)', () => ({ orderState: -1 }), live],
    ['isCreateReceipt 1', () => ({ isCreateReceipt: 1 }), () => [w.o.C]],
    ['isCreateReceipt 0', () => ({ isCreateReceipt: 0, states: '5' }), () => []],
    ['isServiceSettlement', () => ({ isServiceSettlement: 1 }), () => [w.o.C]],
    ['evaluateState', () => ({ evaluateState: 1 }), () => [w.o.C]],
    ['orderExceed', () => ({ orderExceed: 1 }), () => [w.o.E]],
    ['order_label', () => ({ order_label: String(w.tag) }), () => [w.o.C]],
    ['customName', () => ({ customName: '华东' }), () => [w.o.A, w.o.C, w.o.D, w.o.E, w.o.G, w.o.H]],
    ['customerId', () => ({ customerId: w.c2 }), () => [w.o.B]],
    ['customLinkPerson', () => ({ customLinkPerson: '张三' }), () => [w.o.A]],
    ['customPhone (prefix)', () => ({ customPhone: '138111' }), () => [w.o.A]],
    ['gpsAddr', () => ({ gpsAddr: '海淀' }), () => [w.o.B]],
    ['orderType', () => ({ orderType: String(w.t2) }), () => [w.o.B]],
    ['priority', () => ({ priority: 2 }), () => [w.o.C]],
    ['creation time', () => ({ startCreateTime: '2024-03-01', endCreateTime: '2024-04-01' }), () => [w.o.B, w.o.C]],
    ['appointment time', () => ({ startApplyTime: '2024-03-08', endApplyTime: '2024-03-08' }), () => [w.o.B]],
    ['finish time', () => ({ startFinishTime: '2024-04-02 00:00:00', endFinishTime: '2024-04-02 23:00:00' }), () => [w.o.C]],
    ['dispatch time', () => ({ startDispatchTime: '2024-03-06', endDispatchTime: '2024-03-06' }), () => [w.o.B]],
    ['take time (takeStart/takeEnd)', () => ({ takeStart: '2024-03-07', takeEnd: '2024-03-07' }), () => [w.o.B]],
    ['creation approval time', () => ({ startCreateExamineTime: '2024-05-02', endCreateExamineTime: '2024-05-02' }), () => [w.o.D]],
    ['completion approval time', () => ({ startCompleteExamineTime: '2024-04-03', endCompleteExamineTime: '2024-04-03' }), () => [w.o.C]],
    ['receipt approval time', () => ({ startReceiptExamineTime: '2024-04-03', endReceiptExamineTime: '2024-04-03' }), () => [w.o.C]],
    ['collection approval time', () => ({ startCollectionExamineTime: '2024-04-03', endCollectionExamineTime: '2024-04-03' }), () => [w.o.C]],
    ['servicePersonalId', () => ({ servicePersonalId: w.e1.id }), () => [w.o.A, w.o.C]],
    ['coordinationUserId', () => ({ coordinationUserId: w.e2.id }), () => [w.o.A]],
    ['create_examine_operator_id', () => ({ create_examine_operator_id: w.d.id }), () => [w.o.D]],
    ['complete_examine_operator_id', () => ({ complete_examine_operator_id: w.d.id }), () => [w.o.C]],
    ['dispatchUserId', () => ({ dispatchUserId: w.d.id }), () => [w.o.B]],
    ['take_order_user_id', () => ({ take_order_user_id: w.e2.id }), () => [w.o.B]],
    ['take_user_id (acceptor)', () => ({ take_user_id: w.d.id }), () => [w.o.B]],
    ['service_id', () => ({ service_id: w.item }), () => [w.o.B]],
    ['service_category', () => ({ service_category: w.itemType }), () => [w.o.B]],
    ['placeState 1', () => ({ placeState: 1 }), () => [w.o.C]],
    ['examineType', () => ({ examineType: 1 }), () => [w.o.D]],
    ['examineResult', () => ({ examineResult: 1 }), () => [w.o.C]],
    ['serviceGroupId', () => ({ serviceGroupId: w.group }), () => [w.o.B]],
    ['fk_t_production_id', () => ({ fk_t_production_id: w.product }), () => [w.o.E]],
    ['duplicateUserId', () => ({ duplicateUserId: w.d.id }), () => [w.o.B]],
    ['receive_payment_ids', () => ({ receive_payment_ids: '7,8' }), () => [w.o.A]],
    ['two filters together', () => ({ customName: '华东', servicePersonalId: w.e1.id, states: '5' }), () => [w.o.C]],
  ];
  it.each(cases)('%s', async (_name, q, expected) => {
    const r = await list(w.admin.client, q());
    expect(r.success, r.message).toBe(true);
    expect(idsOf(r)).toEqual([...expected()].sort((a, b) => a - b));
    expect(r.data.count).toBe(expected().length);
  });

  it('answers the list columns with names', async () => {
    const r = await list(w.admin.client, { customerId: w.c2 });
    expect(r.data.list[0]).toMatchObject({
      id: w.o.B,
      title: '洗衣机漏水',
      state: 3,
      customName: '西南机电',
      orderTypeName: '维修单',
      servicePersonalName: '工程师乙',
      dispatchUserName: '派单员丙',
      serviceGroupName: '一组',
      create_time: '2024-03-05 09:00:00',
      apply_time: '2024-03-08 10:00:00',
    });
  });

  it('reads every page’s rows with one named statement, whatever the filter, page or path to the ids', async () => {
    const pool = (db() as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const original = pool.query;
    const sent: { name?: string; text: string }[] = [];
    pool.query = function (this: unknown, ...a: unknown[]) {
      const q = a[0] as string | { name?: string; text: string };
      sent.push(typeof q === 'string' ? { text: q } : q);
      return original.apply(this, a);
    };
    try {
      // The totals' walk (no filter), a selective filter's picked ids, a text search, another page size.
      for (const q of [{}, { states: '3,5' }, { keyword: '不制冷' }, { customName: '华东', pageSize: 10 }]) {
        const r = await list(w.admin.client, q);
        expect(r.success, r.message).toBe(true);
        expect(r.data.list.length).toBeGreaterThan(0);
      }
    } finally {
      pool.query = original;
    }
    const rowsRead = sent.filter((s) => s.text.includes('as custom_name'));
    expect(rowsRead).toHaveLength(4);
    expect(new Set(rowsRead.map((s) => s.name))).toEqual(new Set([rowsRead[0]?.name]));
    expect(rowsRead[0]?.name).toMatch(/^sk_/);
  });
});

describe('scopes', () => {
  it('mine: the engineer’s own orders, by tab', async () => {
    const me = await staff([2]);
    const mine = [
      await order(w.ep, { template_id: w.t1, customer_id: w.c1, title: '我的待服务', state: 3, service_user_id: me.user.id }),
      await order(w.ep, { template_id: w.t1, customer_id: w.c1, title: '我的已完成', state: 5, service_user_id: me.user.id }),
    ];
    expect(idsOf(await list(me.client, { scope: 'mine' }))).toEqual(mine);
    expect(idsOf(await list(me.client, { scope: 'mine', tab: 'toServe' }))).toEqual([mine[0]]);
    expect(idsOf(await list(me.client, { scope: 'mine', tab: 'done' }))).toEqual([mine[1]]);
    expect(idsOf(await list(me.client, { scope: 'mine', tab: 'toAccept' }))).toEqual([]);
  });

  it('teamwork, sendMe, examine, abnormal, due, rubbish and acceptance each show their orders', async () => {
    const helper = await staff([2]);
    await db().execute(
      sql`insert into order_people (enterprise_id, order_id, part, user_id) values (${w.ep}, ${w.o.E}, 4, ${helper.user.id}), (${w.ep}, ${w.o.C}, 6, ${helper.user.id})`,
    );
    expect(idsOf(await list(helper.client, { scope: 'teamwork' }))).toEqual([w.o.E]);
    const copied = await staff([4]);
    await db().execute(sql`insert into order_people (enterprise_id, order_id, part, user_id) values (${w.ep}, ${w.o.C}, 6, ${copied.user.id})`);
    expect(idsOf(await list(copied.client, { scope: 'sendMe' }))).toEqual([w.o.C]);
    const a = w.admin.client;
    expect(idsOf(await list(a, { scope: 'examine' }))).toEqual([w.o.D]);
    expect(idsOf(await list(a, { scope: 'examine', examineType: 2 }))).toEqual([]);
    expect(idsOf(await list(a, { scope: 'abnormal' }))).toEqual([w.o.E]);
    expect(idsOf(await list(a, { scope: 'due' }))).toEqual([w.o.E]);
    const bin = await list(a, { scope: 'rubbish' });
    expect(idsOf(bin)).toEqual([w.o.F]);
    expect(bin.data.list[0]?.delete_time).toBe('2024-06-02 09:00:00');
    expect(idsOf(await list(a, { scope: 'acceptance' }))).toEqual([w.o.H]);
    expect(idsOf(await list(a, { scope: 'customer', customerId: w.c2 }))).toEqual([w.o.B]);
    expect(idsOf(await list(a, { scope: 'product', fk_t_production_id: w.product }))).toEqual([w.o.E]);
  });

  it('lists the installed product’s orders in its service history', async () => {
    const r = await w.admin.client.get('/v2/customer/production/history', { id: w.product });
    expect(r.success, r.message).toBe(true);
    expect(r.data).toEqual([expect.objectContaining({ type: '工单', id: w.o.E, title: '设备异响', state: '服务中', time: '2024-05-20 09:00:00' })]);
  });

  it('a salesperson sees only the orders they are on; a dispatcher sees all', async () => {
    const sales = await staff([5]);
    expect(idsOf(await list(sales.client))).toEqual([]);
    const own = await order(w.ep, { template_id: w.t1, customer_id: w.c1, title: '销售建单', created_by: sales.user.id });
    const sold = await order(w.ep, { template_id: w.t1, customer_id: w.c1, title: '销售跟进', salesperson_id: sales.user.id });
    expect(idsOf(await list(sales.client))).toEqual([own, sold]);
    const dispatcher = await staff([1]);
    expect((await list(dispatcher.client)).data.count).toBeGreaterThanOrEqual(9);
  });

  it('refuses a list without its power, and the free plan’s locked lists with the spec’s notice', async () => {
    const engineer = await staff([2]);
    expect(await list(engineer.client)).toMatchObject({ success: false, code: 'NO_POWER' });
    expect(await list(engineer.client, { scope: 'rubbish' })).toMatchObject({ success: false, code: 'NO_POWER' });
    const free = await loggedIn(t.app, db(), { roles: [3], plan: 0 });
    expect((await list(free.client)).success).toBe(true);
    const sorted = await list(free.client, { sortType: 2 });
    expect(sorted).toMatchObject({ success: false, code: 'PLAN_FREE' });
    expect(sorted.message).toContain('免费版不支持修改排序');
    for (const [scope, name] of [
      ['mine', '我的工单'],
      ['examine', '待我审批'],
      ['rubbish', '回收站'],
    ]) {
      const r = await list(free.client, { scope });
      expect(r).toMatchObject({ success: false, code: 'PLAN_FREE' });
      expect(r.message).toContain(`免费版不支持${name}`);
    }
  });

  it('keeps another enterprise’s customer and product out: not found', async () => {
    const other = await loggedIn(t.app, db(), { roles: [3] });
    expect(await list(other.client, { scope: 'customer', customerId: w.c1 })).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await list(other.client, { scope: 'product', fk_t_production_id: w.product })).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await list(other.client, { customerId: w.c1 })).data.count).toBe(0);
    expect((await list(other.client, { keyword: '不制冷' })).data.count).toBe(0);
  });
});

describe('paging, sorting and bad input', () => {
  it('pages with distinct rows, newest first or oldest first', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, db(), { roles: [3] });
    const c = await newCustomer(client);
    const tpl = (await one(sql`insert into form_templates (enterprise_id, form_kind, name) values (${enterpriseId}, 1, '类型') returning id`)).id;
    await db().execute(sql`insert into orders (enterprise_id, order_no, template_id, customer_id, title, state, created_at)
      select ${enterpriseId}, 'P' || g, ${tpl}, ${c}, '批量' || g, 1, now() - g * interval '1 hour' from generate_series(1, 25) g`);
    const pages = await Promise.all([0, 1, 2].map((pageIndex) => client.send(K.getAllOrderList, { pageIndex, pageSize: 10 })));
    expect(pages.map((p) => p.data.list.length)).toEqual([10, 10, 5]);
    expect(pages.every((p) => p.data.count === 25)).toBe(true);
    const titles = pages.flatMap((p) => p.data.list.map((o: { title: string }) => o.title));
    expect(new Set(titles).size).toBe(25);
    expect(titles.slice(0, 2)).toEqual(['批量1', '批量2']);
    const oldest = await client.send(K.getAllOrderList, { pageSize: 10, sortType: 2 });
    expect(oldest.data.list[0]?.title).toBe('批量25');
  });

  it.each([
    [{ states: '9' }, '工单状态不正确'],
    [{ scope: 'everything' }, '列表类型不正确'],
    [{ sortType: 9 }, '排序方式不正确'],
    [{ orderState: 5 }, '状态页签不正确'],
    [{ startCreateTime: '2024-13-01' }, '时间格式应为YYYY-MM-DD HH:mm:ss'],
    [{ servicePersonalId: 'abc' }, '服务人员不正确'],
    [{ tab: 'later' }, '页签不正确'],
  ])('refuses %j with a Chinese message', async (q, message) => {
    const r = await list(w.admin.client, q);
    expect(r).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(r.status).toBe(200);
    expect(r.message).toContain(message);
  });

  it('answers 未登录 without a session', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/v2/order/getAllOrderList' });
    expect(r.json()).toMatchObject({ success: false, message: '未登录' });
  });
});

async function sheetOf(c: Client, id: number): Promise<unknown[][]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/fileDownloadCenter/download/${id}`, headers: { cookie: c.cookie } });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as never);
  const out: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

describe('POST /export/order', () => {
  it('writes the chosen columns of every order the filters match, in the download centre', async () => {
    const c = w.admin.client;
    const r = await c.send(K.exportOrder, {
      fileName: '工单导出',
      customName: '华东',
      states: '1,5',
      endCreateTime: '2024-12-31',
      columns: ['orderNo', 'title', 'state', 'customName'],
    });
    expect(r).toMatchObject({ success: true, data: { name: '工单导出' } });
    await drainJobs(t.deps);
    const sheet = await sheetOf(c, r.data.id);
    expect(sheet[0]).toEqual(['工单编号', '标题', '工单状态', '客户名称']);
    expect(
      sheet
        .slice(1)
        .map((row) => row[1])
        .sort(),
    ).toEqual(['热水器维修', '空调不制冷']);
    expect(sheet.slice(1).find((row) => row[1] === '热水器维修')?.[2]).toBe('已完成');
  });

  it('exports the selected rows only, with every column when none is chosen; the recycle bin by its scope', async () => {
    const c = w.admin.client;
    const r = await c.send(K.exportOrder, { ids: [w.o.B] });
    await drainJobs(t.deps);
    const sheet = await sheetOf(c, r.data.id);
    expect(sheet[0]).toHaveLength(21);
    expect(sheet).toHaveLength(2);
    expect(sheet[1]?.[1]).toBe('洗衣机漏水');
    const bin = await c.send(K.exportOrder, { scope: 'rubbish' });
    await drainJobs(t.deps);
    expect((await sheetOf(c, bin.data.id)).slice(1).map((row) => row[1])).toEqual(['已删除工单']);
  });

  it('refuses an empty export, a missing CSRF token, the power and the free plan’s locked lists', async () => {
    const c = w.admin.client;
    expect(await c.send(K.exportOrder, { keyword: '没有这样的工单' })).toMatchObject({ success: false, message: '导出数据不能为空' });
    expect(await c.send(K.exportOrder, {}, { csrf: false })).toMatchObject({ success: false, message: '操作失败，无效的CsrfToken' });
    const engineer = await staff([2]);
    expect(await engineer.client.send(K.exportOrder, { scope: 'mine' })).toMatchObject({ success: false, code: 'NO_POWER' });
    const free = await loggedIn(t.app, db(), { roles: [3], plan: 0 });
    expect(await free.client.send(K.exportOrder, { scope: 'rubbish' })).toMatchObject({ success: false, code: 'PLAN_FREE' });
    expect(await c.send(K.exportOrder, { columns: ['password'] })).toMatchObject({ success: false, code: 'VALIDATION' });
  });
});
