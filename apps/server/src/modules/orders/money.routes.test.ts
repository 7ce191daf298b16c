import { orderMoneyContract as M } from '@sk/shared';
import { sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { countOf } from '../customers/test-helpers';
import { race, tally } from '../../test/race';
import { startSmsGateway, tokenIn } from '../../test/sms-gateway';
import { insertOrder } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = () => loggedIn(t.app, t.deps.db, { roles: [3] });
const db = () => t.deps.db;
const one = async (q: ReturnType<typeof sql>) => (await rows<Record<string, unknown>>(db(), q))[0] as Record<string, unknown>;
const orderRow = (ep: number, id: number) => one(sql`select * from orders where enterprise_id = ${ep} and id = ${id}`);
const as = async (ep: number, roles: number[]) => {
  const u = await makeUser(db(), ep, { roles });
  return { user: u, client: await new Client(t.app).login(u.mobile, TEST_PASSWORD, ep) };
};

/** An order with a service item and two money items on its type. */
async function pricedOrder(ep: number, cols: Record<string, unknown> = {}) {
  const id = await insertOrder(db(), ep, { state: 4, custom_phone: '13912345678', custom_link_person: '王先生', ...cols });
  const o = await orderRow(ep, id);
  const item = await one(sql`insert into service_items (enterprise_id, name, price, unit) values (${ep}, ${`上门维修${id}`}, 80, '次') returning id`);
  const visit = await one(
    sql`insert into money_items (enterprise_id, template_id, name, price, unit) values (${ep}, ${o.template_id}, '材料费', 33.33, '件') returning id`,
  );
  const other = await one(sql`insert into money_items (enterprise_id, template_id, name, price) values (${ep}, ${o.template_id}, '远程费', 10) returning id`);
  return { id, templateId: Number(o.template_id), serviceItemId: Number(item.id), feeItemId: Number(visit.id), otherFeeId: Number(other.id) };
}

const feeBody = (o: Awaited<ReturnType<typeof pricedOrder>>) => ({
  orderId: o.id,
  serviceItems: [{ serviceItemId: o.serviceItemId, quantity: 1.5 }],
  fees: [{ moneyItemId: o.feeItemId, quantity: 3 }],
  spareAmount: 0.1,
  otherAmount: 0.2,
  discountAmount: 0.29,
});

describe('order fees', () => {
  it('sets lines and amounts; totals are exact cents (80×1.5 + 33.33×3 + 0.1 + 0.2 − 0.29 = 220.00); logged', async () => {
    const { client, enterpriseId } = await admin();
    const o = await pricedOrder(enterpriseId);
    const r = await client.send(M.saveFees, feeBody(o));
    expect(r).toMatchObject({ success: true, message: '保存成功' });
    expect(r.data).toMatchObject({
      serviceAmount: 120,
      feeAmount: 99.99,
      spareAmount: 0.1,
      otherAmount: 0.2,
      discountAmount: 0.29,
      receivableAmount: 220,
      editable: true,
    });
    expect(r.data.fees[0]).toMatchObject({ name: '材料费', unit: '件', price: 33.33, quantity: 3, amount: 99.99 });
    expect(r.data.moneyItems.map((m: { name: string }) => m.name)).toEqual(['材料费', '远程费']);
    const row = await orderRow(enterpriseId, o.id);
    expect(row).toMatchObject({ receivable_amount: '220.00', service_amount: '120.00', version: 1 });
    expect(await countOf(db(), 'order_logs', sql`enterprise_id = ${enterpriseId} and order_id = ${o.id} and action = 'fees'`)).toBe(1);
    // A typed price wins over the catalogue's; fewer lines replace the old ones.
    const r2 = await client.send(M.saveFees, { orderId: o.id, fees: [{ moneyItemId: o.otherFeeId, quantity: 0.5, price: 0.01 }] });
    expect(r2.data).toMatchObject({ serviceAmount: 120, feeAmount: 0.01, receivableAmount: 120.01 });
    expect((await client.send(M.fees, { orderId: o.id })).data.fees).toHaveLength(1);
  });

  it('refuses bad input in Chinese and writes nothing', async () => {
    const { client, enterpriseId } = await admin();
    const o = await pricedOrder(enterpriseId);
    await client.send(M.saveFees, feeBody(o));
    const before = await orderRow(enterpriseId, o.id);
    const bad: [Record<string, unknown>, string][] = [
      [{ ...feeBody(o), discountAmount: 1000 }, '优惠金额：优惠金额不能大于费用合计'],
      [{ ...feeBody(o), spareAmount: 1.234 }, '备件金额：备件金额最多两位小数'],
      [{ ...feeBody(o), otherAmount: -1 }, '其他金额：其他金额不能小于0'],
      [{ ...feeBody(o), fees: [{ moneyItemId: o.feeItemId, quantity: 0 }] }, '数量必须大于0'],
      [{ ...feeBody(o), serviceItems: [{ serviceItemId: 999_999_999 }] }, '服务项目：服务项目不存在或已被删除'],
    ];
    for (const [body, message] of bad) {
      const r = await client.send(M.saveFees, body);
      expect(r.success).toBe(false);
      expect(r.message).toContain(message);
    }
    // A money item of another order type is not this order's.
    const other = await pricedOrder(enterpriseId);
    expect((await client.send(M.saveFees, { orderId: o.id, fees: [{ moneyItemId: other.feeItemId }] })).message).toBe('收费项目：收费项目不存在或已被删除');
    expect(await orderRow(enterpriseId, o.id)).toMatchObject({ version: before.version, receivable_amount: before.receivable_amount });
    expect(await countOf(db(), 'order_fees', sql`enterprise_id = ${enterpriseId} and order_id = ${o.id}`)).toBe(1);
  });

  it('not logged in, no CSRF, another enterprise, an outsider, the engineer before service and a paid order are refused', async () => {
    const { client, enterpriseId } = await admin();
    const o = await pricedOrder(enterpriseId, { state: 2 });
    expect((await new Client(t.app).send(M.saveFees, feeBody(o))).message).toBe('未登录');
    expect((await new Client(t.app).send(M.fees, { orderId: o.id })).message).toBe('未登录');
    expect((await client.send(M.saveFees, feeBody(o), { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    const stranger = await admin();
    expect((await stranger.client.send(M.saveFees, feeBody(o))).code).toBe('NOT_FOUND');
    expect((await stranger.client.send(M.fees, { orderId: o.id })).code).toBe('NOT_FOUND');
    // An ordinary employee without a part on the order does not see it.
    const employee = await as(enterpriseId, [4]);
    expect((await employee.client.send(M.fees, { orderId: o.id })).code).toBe('NOT_FOUND');
    // The engineer sees the fees, but changes them only once the order is theirs to serve (3, 4, 5).
    const engineer = await as(enterpriseId, [2]);
    await db().execute(sql`update orders set service_user_id = ${engineer.user.id} where id = ${o.id}`);
    expect((await engineer.client.send(M.fees, { orderId: o.id })).data.editable).toBe(false);
    expect((await engineer.client.send(M.saveFees, feeBody(o))).code).toBe('ORDER_ACTOR');
    await db().execute(sql`update orders set state = 4 where id = ${o.id}`);
    expect((await engineer.client.send(M.saveFees, feeBody(o))).success).toBe(true);
    await db().execute(sql`update orders set state = 5, paid_at = now() where id = ${o.id}`);
    expect((await client.send(M.saveFees, feeBody(o))).message).toBe('工单已收款，不能再修改费用');
    expect(await countOf(db(), 'order_logs', sql`order_id = ${o.id} and action = 'fees'`)).toBe(1);
  });
});

describe('POST /v2/order/evaluate', () => {
  const body = (orderId: number) => ({ orderId, scores: [5, 4, 5, 3], comment: '师傅很专业' });

  it('records the scores once on a completed order and sets evaluated_at', async () => {
    const { client, enterpriseId, user } = await admin();
    const id = await insertOrder(db(), enterpriseId, { state: 5 });
    expect((await client.send(M.evaluation, { orderId: id })).data).toMatchObject({ evaluated: false, canEvaluate: true });
    const r = await client.send(M.evaluate, body(id));
    expect(r).toMatchObject({ success: true, message: '评价成功', data: { evaluated: true, canEvaluate: false, scores: [5, 4, 5, 3], comment: '师傅很专业' } });
    expect(r.data.evaluateTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const row = await orderRow(enterpriseId, id);
    expect(row.evaluated_at).not.toBeNull();
    expect(row.evaluation).toMatchObject({ scores: [5, 4, 5, 3], by: user.id });
    expect((await client.send(M.evaluate, body(id))).message).toBe('该工单已评价，不能重复评价');
    expect(await countOf(db(), 'order_logs', sql`order_id = ${id} and action = 'evaluate'`)).toBe(1);
  });

  it('refuses unfinished orders, bad scores, other enterprises, the anonymous and the engineer; nothing written', async () => {
    const { client, enterpriseId } = await admin();
    const open = await insertOrder(db(), enterpriseId, { state: 4 });
    expect((await client.send(M.evaluate, body(open))).message).toBe('工单完成后才能评价');
    const done = await insertOrder(db(), enterpriseId, { state: 5 });
    expect((await client.send(M.evaluate, { ...body(done), scores: [6, 5, 5, 5] })).message).toBe('评分第1项：评分请输入1到5');
    expect((await client.send(M.evaluate, { ...body(done), scores: [5, 5] })).message).toBe('评分：请为四项评价全部打分');
    expect((await client.send(M.evaluate, { ...body(done), comment: '好'.repeat(501) })).message).toBe('评价内容：评价内容不能超过500个字');
    expect((await new Client(t.app).send(M.evaluate, body(done))).message).toBe('未登录');
    expect((await (await admin()).client.send(M.evaluate, body(done))).code).toBe('NOT_FOUND');
    const engineer = await as(enterpriseId, [2]);
    await db().execute(sql`update orders set service_user_id = ${engineer.user.id} where id = ${done}`);
    expect((await engineer.client.send(M.evaluate, body(done))).code).toBe('ORDER_ACTOR');
    expect(await countOf(db(), 'orders', sql`enterprise_id = ${enterpriseId} and evaluated_at is not null`)).toBe(0);
  });
});

describe('races', () => {
  it('20 evaluations at once: one wins, one log row; 20 fee saves at once: each applied whole, totals match the lines', async () => {
    const { client, enterpriseId } = await admin();
    const done = await insertOrder(db(), enterpriseId, { state: 5 });
    const evals = await race(20, (i) => client.send(M.evaluate, { orderId: done, scores: [1 + (i % 5), 5, 5, 5], comment: `第${i}次` }));
    expect(tally(evals)).toEqual({ ok: 1, '该工单已评价，不能重复评价': 19 });
    expect(await countOf(db(), 'order_logs', sql`order_id = ${done} and action = 'evaluate'`)).toBe(1);

    const o = await pricedOrder(enterpriseId);
    const saves = await race(20, (i) => client.send(M.saveFees, { orderId: o.id, fees: [{ moneyItemId: o.feeItemId, quantity: i + 1 }], spareAmount: i }));
    expect(tally(saves)).toEqual({ ok: 20 });
    const row = await one(sql`select receivable_amount, spare_amount, version, (select sum(amount) from order_fees where order_id = ${o.id}) as fees,
      (select count(*)::int from order_fees where order_id = ${o.id}) as n from orders where id = ${o.id}`);
    expect(row.n).toBe(1);
    expect(Number(row.receivable_amount)).toBeCloseTo(Number(row.fees) + Number(row.spare_amount), 2);
    expect(row.version).toBe(20);
  });
});

describe('collection accounts', () => {
  it('gives one of several parallel saves of the same account name the name, the others a clear message', async () => {
    const { client, enterpriseId } = await admin();
    expect(tally(await race(8, () => client.send(M.receiveSave, { name: '同名账户', method: 1 })))).toEqual({ ok: 1, 名称已存在: 7 });
    expect(await countOf(t.deps.db, 'receive_payments', sql`enterprise_id = ${enterpriseId}`)).toBe(1);
  });

  it('are managed with the settings power and listed per order type', async () => {
    const { client, enterpriseId } = await admin();
    const o = await pricedOrder(enterpriseId);
    const other = await pricedOrder(enterpriseId);
    const bank = await client.send(M.receiveSave, { name: '对公账户', method: 1, account: '工商银行 6222', templateIds: [o.templateId] });
    expect(bank).toMatchObject({ success: true, message: '保存成功' });
    const cash = await client.send(M.receiveSave, { name: '现金', method: 1 });
    const forO = await client.send(M.receiveByTemplate, { orderTmplId: o.templateId });
    expect(forO.data).toEqual([
      { name: '对公账户', fk_t_ep_receive_payment_id: bank.data.id, method: 1, account: '工商银行 6222' },
      { name: '现金', fk_t_ep_receive_payment_id: cash.data.id, method: 1, account: '' },
    ]);
    expect((await client.send(M.receiveByTemplate, { orderTmplId: other.templateId })).data.map((a: { name: string }) => a.name)).toEqual(['现金']);
    expect((await client.send(M.receiveList)).data[0]).toMatchObject({ name: '对公账户', templateIds: [o.templateId] });
    expect((await client.send(M.receiveSave, { name: '现金', method: 5 })).message).toBe('名称已存在');
    expect((await client.send(M.receiveSave, { name: '', method: 1 })).message).toBe('账户名称：请输入账户名称');
    expect((await client.send(M.receiveSave, { name: '甲', method: 9 })).message).toBe('收款方式：请选择收款方式');

    const engineer = await as(enterpriseId, [2]);
    expect((await engineer.client.send(M.receiveSave, { name: '私人', method: 1 })).code).toBe('NO_POWER');
    expect((await engineer.client.send(M.receiveByTemplate, { orderTmplId: o.templateId })).data).toHaveLength(2);
    const stranger = await admin();
    expect((await stranger.client.send(M.receiveByTemplate, { orderTmplId: o.templateId })).code).toBe('NOT_FOUND');
    expect((await stranger.client.send(M.receiveSave, { id: bank.data.id, name: '改', method: 1 })).code).toBe('NOT_FOUND');
    expect((await stranger.client.send(M.receiveDelete, { ids: [bank.data.id] })).code).toBe('NOT_FOUND');
    expect((await stranger.client.send(M.receiveSave, { name: '跨企业', method: 1, templateIds: [o.templateId] })).message).toBe(
      '适用工单类型：工单类型不存在或已被删除',
    );

    // An account an order was paid into stays; others go.
    await db().execute(sql`update orders set receive_payment_id = ${bank.data.id} where id = ${o.id}`);
    expect((await client.send(M.receiveDelete, { ids: [bank.data.id, cash.data.id] })).message).toBe('收款账户已有工单收款记录，不能删除，可停用');
    expect(await countOf(db(), 'receive_payments', sql`enterprise_id = ${enterpriseId}`)).toBe(2);
    expect((await client.send(M.receiveDelete, { ids: [cash.data.id] })).message).toBe('删除成功');
    expect(await countOf(db(), 'receive_payments', sql`enterprise_id = ${enterpriseId}`)).toBe(1);
  });
});

const PNG = `data:image/png;base64,${(await QRCode.toBuffer('现场照片', { width: 64 })).toString('base64')}`;

async function pdfText(buf: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(buf)), { mergePages: true });
  return text;
}

describe('service report', () => {
  it('POST /export/orderPdf answers a PDF with the order in Chinese, the embedded CJK font and the photo', async () => {
    const { client, enterpriseId } = await admin();
    const o = await pricedOrder(enterpriseId, { title: '空调不制冷需加氟', detail_desc: '客户反映外机有异响' });
    await client.send(M.saveFees, feeBody(o));
    const photo = await client.post('/upload/save/str', { data: PNG, name: '现场.png' });
    await db().execute(sql`update orders set attachments = ${`{${photo.data.id}}`}::bigint[], state = 5 where id = ${o.id}`);
    await client.send(M.evaluate, { orderId: o.id, scores: [5, 5, 4, 5], comment: '满意' });
    // A part swapped on the order (as the spares module records it): both serials are in the report.
    const [spare] = await rows<{ id: number }>(
      db(),
      sql`insert into spares (enterprise_id, code, name, unit) values (${enterpriseId}, 'BJ-001', '压缩机', '台') returning id`,
    );
    const [wh] = await rows<{ id: number }>(db(), sql`insert into warehouses (enterprise_id, name, kind) values (${enterpriseId}, '总仓', 1) returning id`);
    await db().execute(sql`insert into order_parts (enterprise_id, order_id, spare_id, warehouse_id, quantity, serial_in, serial_out, chargeable, price)
      values (${enterpriseId}, ${o.id}, ${spare?.id}, ${wh?.id}, 1, 'SN-NEW-9', 'SN-OLD-7', false, 0)`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/export/orderPdf',
      headers: { cookie: client.cookie, 'x-csrf-token': client.csrf },
      payload: { orderId: o.id },
    });
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/FontFile3/);
    expect(raw).toMatch(/NotoSansHans-Regular/);
    expect(raw).toMatch(/\/Subtype \/Image/);
    const text = await pdfText(pdf);
    for (const s of [
      '服务报告',
      '空调不制冷需加氟',
      '王先生',
      '13912345678',
      '客户反映外机有异响',
      '材料费',
      '应收合计',
      '¥220.00',
      '服务质量',
      '满意',
      '客户签名',
      '使用备件',
      '压缩机',
      'SN-OLD-7',
      'SN-NEW-9',
      '保内免费',
    ]) {
      expect(text).toContain(s);
    }
  });

  it('a bill without a discount reads 优惠金额 ¥0.00 in the report, never -¥0.00', async () => {
    const { client, enterpriseId } = await admin();
    const o = await pricedOrder(enterpriseId);
    expect((await client.send(M.saveFees, { ...feeBody(o), discountAmount: 0 })).success).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/export/orderPdf',
      headers: { cookie: client.cookie, 'x-csrf-token': client.csrf },
      payload: { orderId: o.id },
    });
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, '');
    expect(text).toContain('优惠金额¥0.00');
    expect(text).not.toContain('-¥0.00');
  });

  it('orderPdf is refused to the anonymous, without CSRF and across enterprises', async () => {
    const { client, enterpriseId } = await admin();
    const id = await insertOrder(db(), enterpriseId, { state: 5 });
    expect((await new Client(t.app).send(M.orderPdf, { orderId: id })).message).toBe('未登录');
    expect((await client.send(M.orderPdf, { orderId: id }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await (await admin()).client.send(M.orderPdf, { orderId: id })).code).toBe('NOT_FOUND');
    expect((await client.send(M.orderPdf, { orderId: 'x' })).message).toContain('工单');
  });

  it('pdfSend texts the contact a link that alone opens the report, until it expires or is replaced', async () => {
    const { client, enterpriseId } = await admin();
    const o = await pricedOrder(enterpriseId, { state: 5 });
    const sent = await client.send(M.pdfSend, { orderId: o.id });
    expect(sent).toMatchObject({ success: true, message: '发送成功', data: { mobile: '13912345678' } });
    const token = t.sms.lastCode('13912345678') as string;
    expect(token).toMatch(/^[\w-]{32}$/);
    const [link] = await rows<{ token_hash: string }>(db(), sql`select token_hash from order_report_links where order_id = ${o.id}`);
    expect(link?.token_hash).not.toContain(token);

    const open = (tk: string) => t.app.inject({ method: 'GET', url: `/api/report/order/${tk}` });
    const first = await open(token);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(first.rawPayload)).toContain('服务报告');
    expect((await open(token)).headers['content-type']).toBe('application/pdf');
    // The first character carries six whole bits (the last may carry padding bits a decoder ignores).
    const forged = `${token.startsWith('A') ? 'B' : 'A'}${token.slice(1)}`;
    expect((await open(forged)).json()).toMatchObject({ success: false, message: '报告链接无效或已过期' });

    // A new send replaces the old link.
    await client.send(M.pdfSend, { orderId: o.id, mobile: '13700001111' });
    expect((await open(token)).json()).toMatchObject({ success: false, message: '报告链接无效或已过期' });
    const second = t.sms.lastCode('13700001111') as string;
    expect((await open(second)).headers['content-type']).toBe('application/pdf');
    // Expired.
    await db().execute(sql`update order_report_links set expires_at = now() - interval '1 second' where order_id = ${o.id}`);
    expect((await open(second)).json()).toMatchObject({ success: false, message: '报告链接无效或已过期' });
  });

  it('pdfSend refuses unfinished orders, a non-mobile contact, other enterprises and the anonymous; no link is made', async () => {
    const { client, enterpriseId } = await admin();
    const open = await insertOrder(db(), enterpriseId, { state: 4, custom_phone: '13912345678' });
    expect((await client.send(M.pdfSend, { orderId: open })).message).toBe('工单完成后才能发送服务报告');
    const landline = await insertOrder(db(), enterpriseId, { state: 5, custom_phone: '021-55556666' });
    expect((await client.send(M.pdfSend, { orderId: landline })).message).toBe('联系电话不是手机号，请填写接收短信的手机号');
    expect((await client.send(M.pdfSend, { orderId: landline, mobile: '12345' })).message).toBe('手机号：请输入正确的手机号');
    expect((await (await admin()).client.send(M.pdfSend, { orderId: landline, mobile: '13912345678' })).code).toBe('NOT_FOUND');
    expect((await new Client(t.app).send(M.pdfSend, { orderId: landline })).message).toBe('未登录');
    expect(await countOf(db(), 'order_report_links', sql`enterprise_id = ${enterpriseId}`)).toBe(0);
  });
  it('pdfSend with a slow SMS gateway holds nothing: the order stays free while the text waits; a failed send keeps the earlier link', async () => {
    const gw = await startSmsGateway();
    const restore = gw.install(t);
    try {
      const { client, enterpriseId } = await admin();
      const o = await pricedOrder(enterpriseId, { state: 5 });
      const release = gw.hold();
      const slow = client.send(M.pdfSend, { orderId: o.id });
      await expect.poll(() => gw.texts.length).toBe(1);
      // Before, the order stayed locked until the gateway answered: this failed with lock_not_available.
      await db().transaction((tx) => tx.execute(sql`select id from orders where enterprise_id = ${enterpriseId} and id = ${o.id} for update nowait`));
      release();
      expect(await slow).toMatchObject({ success: true, data: { mobile: '13912345678' } });
      const open = (tk: string) => t.app.inject({ method: 'GET', url: `/api/report/order/${tk}` });
      const first = tokenIn(gw.texts[0]?.text ?? '');
      expect((await open(first)).headers['content-type']).toBe('application/pdf');

      gw.status = 503;
      const failed = await client.send(M.pdfSend, { orderId: o.id, mobile: '13700002222' });
      expect(failed).toMatchObject({ success: false, code: 'SMS_FAILED', message: '短信发送失败，请稍后再试' });
      // The customer's link still opens; the unsent one was not kept.
      expect((await open(first)).headers['content-type']).toBe('application/pdf');
      expect(await countOf(db(), 'order_report_links', sql`enterprise_id = ${enterpriseId} and order_id = ${o.id}`)).toBe(1);

      gw.status = 200;
      const answers = await race(4, () => client.send(M.pdfSend, { orderId: o.id }));
      expect(tally(answers)).toEqual({ ok: 4 });
      // Four texts went; the newest link alone opens.
      const opened = await Promise.all(gw.texts.slice(-4).map(async (m) => (await open(tokenIn(m.text))).headers['content-type'] === 'application/pdf'));
      expect(opened.filter(Boolean)).toHaveLength(1);
      expect((await open(first)).json()).toMatchObject({ success: false, message: '报告链接无效或已过期' });
    } finally {
      restore();
      await gw.close();
    }
  });
});

describe('GET /v2/order/paymentQrCode', () => {
  it('answers the receivable amount from the offline provider, which says online wallets need configuring', async () => {
    const { client, enterpriseId } = await admin();
    const o = await pricedOrder(enterpriseId);
    await client.send(M.saveFees, feeBody(o));
    const r = await client.send(M.paymentQrCode, { orderId: o.id });
    expect(r.data).toMatchObject({ orderId: o.id, amount: 220, provider: 'offline', methods: [1, 5] });
    expect(r.data.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(r.data.content).toContain('¥220.00');
    expect(r.data.notice).toContain('在线钱包需由管理员配置支付服务');
    await db().execute(sql`update orders set paid_at = now() where id = ${o.id}`);
    expect((await client.send(M.paymentQrCode, { orderId: o.id })).data.amount).toBe(0);
    expect((await (await admin()).client.send(M.paymentQrCode, { orderId: o.id })).code).toBe('NOT_FOUND');
    expect((await new Client(t.app).send(M.paymentQrCode, { orderId: o.id })).message).toBe('未登录');
  });
});
