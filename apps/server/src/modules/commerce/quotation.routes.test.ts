import { approvalsContract as A, badgeCountContract as B, orderActionsContract as K, quotationContract as Q, warrantyExtContract as W } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { insertOrder } from '../orders/test-helpers';
import { setSetting } from '../pool/pool.fixtures';
import { type CommerceTeam, commerceTeam, dayFromToday } from './commerce.fixtures';
import { COMMERCE_EXPIRY_JOB, handleCommerceExpiry } from './commerce.jobs';

let t: TestApp;
let a: CommerceTeam;
beforeAll(async () => {
  t = await createTestApp();
  a = await commerceTeam(t);
});
afterAll(async () => t.close());

const quoteRow = async (id: number) =>
  (
    await rows<{ state: number; version: number; discount_state: number }>(
      t.deps.db,
      sql`select state, version, discount_state from quotations where id = ${id}`,
    )
  )[0];
const lines = (x: CommerceTeam) => [
  { kind: 1, itemId: x.service, quantity: 1 },
  { kind: 2, itemId: x.part, quantity: 1 },
  { kind: 2, itemId: x.consumable, quantity: 2 },
  { kind: 3, name: '高空作业费', quantity: 1, unitCents: 5000 },
];

describe('quotations', () => {
  it('covered lines are ¥0 with the reason over a table of coverage cases (an extension included)', async () => {
    const s = a.sales.client;
    const lapsedExtended = await a.product(dayFromToday(-30));
    expect((await s.send(W.create, { installedProductId: lapsedExtended, period: 1, unit: 3, priceCents: 80000 })).data.state).toBe(2);
    const cases: [string, number | undefined, number[], string | null][] = [
      ['在保', await a.product(dayFromToday(100)), [0, 0, 30100, 5000], `保修期内（至${dayFromToday(100)}），保内免费`],
      ['保修最后一天', await a.product(dayFromToday(0)), [0, 0, 30100, 5000], `保修期内（至${dayFromToday(0)}），保内免费`],
      ['过保', await a.product(dayFromToday(-1)), [8000, 120000, 30100, 5000], null],
      ['延保', lapsedExtended, [0, 0, 30100, 5000], `延保期内（至${dayFromToday(364)}），延保免费`],
      ['保修未知', await a.product(null), [8000, 120000, 30100, 5000], null],
      ['未选设备', undefined, [8000, 120000, 30100, 5000], null],
    ];
    for (const [name, product, amounts, reason] of cases) {
      const r = await s.send(Q.price, { customerId: a.customer, installedProductId: product, discountCents: 0, lines: lines(a) });
      expect(r.success, `${name}: ${r.message}`).toBe(true);
      expect(
        r.data.lines.map((l) => l.amountCents),
        name,
      ).toEqual(amounts);
      expect(r.data.lines[0]?.coverReason, name).toBe(reason);
      expect(r.data.lines[1]?.coverReason, name).toBe(reason);
      expect(r.data.grossCents, name).toBe(amounts.reduce((x, y) => x + y, 0));
    }
  });

  it('draft → sent → accepted writes the order fees and reserves the parts; 20 parallel accepts → one; versions stay readable', async () => {
    const s = a.sales.client;
    const product = await a.product(dayFromToday(200));
    const order = await insertOrder(t.deps.db, a.ep, { customer_id: a.customer, installed_product_id: product, created_by: a.sales.id, state: 3 });
    const made = await s.send(Q.create, {
      title: '压缩机更换',
      customerId: a.customer,
      installedProductId: product,
      orderId: order,
      warehouseId: a.wh,
      discountCents: 1000,
      lines: lines(a),
    });
    expect(made.success, made.message).toBe(true);
    const id = made.data.id;
    const d = (await s.send(Q.detail, { id })).data;
    expect(d).toMatchObject({ state: 1, version: 1, grossCents: 35100, totalCents: 34100, quoteNo: expect.stringMatching(/^BJ\d{8}-\d{4}$/) });
    expect(d.abilities).toEqual(['edit', 'send']);
    // An edit of the draft re-prices and keeps a new version.
    const edited = await s.send(Q.update, {
      id,
      title: '压缩机更换（含冷媒）',
      customerId: a.customer,
      installedProductId: product,
      orderId: order,
      warehouseId: a.wh,
      discountCents: 100,
      lines: lines(a),
    });
    expect(edited.data.version).toBe(2);
    // Not sent yet: cannot be accepted.
    expect((await s.send(Q.action, { id, action: 'accept', acceptedName: '王先生' })).message).toBe('报价单未发送或已处理，不能接受');
    expect((await s.send(Q.action, { id, action: 'send' })).data.state).toBe(2);
    const answers = await race(20, (i) => s.send(Q.action, { id, action: 'accept', acceptedName: `王先生${i}`, signatureFileId: '/files/sign.png' }));
    expect(tally(answers).ok).toBe(1);
    expect(await quoteRow(id)).toMatchObject({ state: 6, version: 5 });
    // The order's receivable is the quotation's total; the covered service line is free; the part is reserved.
    const [o] = await rows<{ receivable: string; spare: string; other: string; discount: string }>(
      t.deps.db,
      sql`select receivable_amount::text as receivable, spare_amount::text as spare, other_amount::text as other, discount_amount::text as discount from orders where id = ${order}`,
    );
    expect(o).toEqual({ receivable: '350.00', spare: '301.00', other: '50.00', discount: '1.00' });
    expect(await rows(t.deps.db, sql`select name, amount::text from order_service_items where order_id = ${order}`)).toEqual([
      {
        name: `${(await rows<{ name: string }>(t.deps.db, sql`select name from service_items where id = ${a.service}`))[0]?.name}（保内免费）`,
        amount: '0.00',
      },
    ]);
    const reserved = await rows<{ spare_id: number; reserved: number }>(
      t.deps.db,
      sql`select spare_id::int, reserved from stocks where enterprise_id = ${a.ep} and warehouse_id = ${a.wh} order by spare_id`,
    );
    expect(reserved).toEqual([
      { spare_id: a.part, reserved: 1 },
      { spare_id: a.consumable, reserved: 2 },
    ]);
    // Every version readable as it was: the draft had the first title and discount.
    const detail = (await s.send(Q.detail, { id })).data;
    expect(detail.versions.map((v) => [v.version, v.action, v.state])).toEqual([
      [5, 'convert', 6],
      [4, 'accept', 3],
      [3, 'send', 2],
      [2, 'edit', 1],
      [1, 'create', 1],
    ]);
    expect(detail.acceptedName).toMatch(/^王先生\d+$/);
    const v1 = (await s.send(Q.version, { id, version: 1 })).data;
    expect(v1.snapshot).toMatchObject({ title: '压缩机更换', discountCents: 1000, totalCents: 34100, state: 1 });
    expect(v1.snapshot.lines[1]).toMatchObject({ name: '压缩机', amountCents: 0, coverReason: `保修期内（至${dayFromToday(200)}），保内免费` });
    // Another enterprise: not found, nothing changes; another salesperson (not his customer) neither sees it.
    const b = await commerceTeam(t);
    expect((await b.admin.client.send(Q.detail, { id })).code).toBe('NOT_FOUND');
    expect((await b.admin.client.send(Q.action, { id, action: 'revise' })).code).toBe('NOT_FOUND');
    expect((await a.other.client.send(Q.detail, { id })).code).toBe('NOT_FOUND');
    expect((await a.other.client.send(Q.list, {})).data.count).toBe(0);
    expect((await quoteRow(id))?.version).toBe(5);
    expect((await s.send(Q.list, { state: 6 })).data.list.map((q) => q.id)).toContain(id);
  });

  it('an expired quotation cannot be accepted (by date, and after the job); the discount limit goes through the approval engine', async () => {
    const s = a.sales.client;
    const product = await a.product(dayFromToday(-100));
    const body = { title: '维修报价', customerId: a.customer, installedProductId: product, discountCents: 0, lines: lines(a).slice(0, 1) };
    const id = (await s.send(Q.create, body)).data.id;
    await s.send(Q.action, { id, action: 'send' });
    await t.deps.db.execute(sql`update quotations set valid_until = current_date - 1 where id = ${id}`);
    expect((await s.send(Q.action, { id, action: 'accept', acceptedName: '李女士' })).message).toBe('报价单已过期，不能接受');
    const job = { id: '0', enterpriseId: a.ep, kind: COMMERCE_EXPIRY_JOB, payload: {}, attempts: 1 } as const;
    expect((await handleCommerceExpiry(job, t.deps)).quotes).toBe(1);
    expect((await quoteRow(id))?.state).toBe(5);
    expect((await s.send(Q.action, { id, action: 'accept', acceptedName: '李女士' })).message).toBe('报价单已过期，不能接受');
    // 重新报价 brings it back to draft.
    expect((await s.send(Q.action, { id, action: 'revise' })).data.state).toBe(1);

    // Discount limit 10 %: 5 % is sent at once; 15 % without a flow is refused for the salesperson, sent by an administrator.
    await setSetting(t, a.ep, 'quote_discount_limit_pct', '10');
    const small = (await s.send(Q.create, { ...body, discountCents: 400 })).data.id;
    expect((await s.send(Q.action, { id: small, action: 'send' })).data.state).toBe(2);
    const big = (await s.send(Q.create, { ...body, discountCents: 1200 })).data.id;
    expect((await s.send(Q.action, { id: big, action: 'send' })).message).toBe('折扣超过上限（10%），需审批，但未配置“报价折扣审批”流程，请联系管理员');
    expect((await quoteRow(big))?.state).toBe(1);
    const flow = await a.admin.client.send(A.flowSave, {
      kind: 'quotation_discount',
      name: '报价折扣审批',
      steps: [{ name: '管理员', mode: 'one', approvers: [{ type: 'user', ids: [a.admin.id] }] }],
    });
    expect(flow.success, flow.message).toBe(true);
    const sent = await s.send(Q.action, { id: big, action: 'send' });
    expect(sent).toMatchObject({ success: true, message: '折扣超过上限，已提交审批，审批通过后自动发送', data: { state: 1 } });
    expect(await quoteRow(big)).toMatchObject({ state: 1, discount_state: 1 });
    expect((await s.send(Q.action, { id: big, action: 'send' })).message).toBe('折扣审批中，审批通过后自动发送');
    const inst = (await s.send(Q.detail, { id: big })).data.approvalId as number;
    expect((await a.admin.client.send(A.approve, { id: inst })).success).toBe(true);
    expect(await quoteRow(big)).toMatchObject({ state: 2, discount_state: 2 });
    // The flow's approver does not approve a discount he submitted himself.
    const own = (await a.admin.client.send(Q.create, { ...body, discountCents: 1200 })).data.id;
    await a.admin.client.send(Q.action, { id: own, action: 'send' });
    const ownInst = (await a.admin.client.send(Q.detail, { id: own })).data.approvalId as number;
    expect((await a.admin.client.send(A.approve, { id: ownInst })).message).toBe('不能审批自己提交的单据');
    expect(await quoteRow(own)).toMatchObject({ state: 1, discount_state: 1 });
    // Bad input: a clear message, nothing written; no power for the keeper; anonymous and CSRF.
    const count = async () =>
      Number((await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from quotations where enterprise_id = ${a.ep}`))[0]?.n);
    const before = await count();
    expect((await s.send(Q.create, { ...body, lines: [] })).message).toBe('报价明细：请添加报价明细');
    expect((await s.send(Q.create, { ...body, discountCents: 999999 })).message).toBe('折扣金额：折扣不能大于报价合计');
    expect((await s.send(Q.create, { ...body, lines: [{ kind: 3, quantity: 1, unitCents: 100 }] })).message).toBe('报价明细第1行：请填写费用名称');
    expect((await s.send(Q.create, { ...body, lines: [{ kind: 2, itemId: 999999999, quantity: 1 }] })).message).toBe('报价明细第1行：备件不存在或已停用');
    expect(await count()).toBe(before);
    expect((await a.keeper.client.send(Q.list, {})).code).toBe('NO_POWER');
    expect((await new Client(t.app).send(Q.list, {})).message).toBe('未登录');
    expect((await s.send(Q.action, { id: big, action: 'reject' }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    await a.admin.client.send(A.flowRemove, { id: flow.data.id });
  });

  it('the line picker lists the enterprise’s service items and enabled spares with their prices, by name or code', async () => {
    const s = a.sales.client;
    const all = await s.send(Q.items, {});
    expect(all.success, all.message).toBe(true);
    const byKey = new Map(all.data.map((o) => [`${o.kind}:${o.id}`, o]));
    const [service] = await rows<{ name: string }>(t.deps.db, sql`select name from service_items where id = ${a.service}`);
    expect(byKey.get(`1:${a.service}`)).toEqual({ kind: 1, id: a.service, name: service?.name, unit: '次', unitCents: 8000, warrantyPart: true });
    expect(byKey.get(`2:${a.part}`)).toMatchObject({ name: '压缩机', unitCents: 120000, warrantyPart: true });
    expect(byKey.get(`2:${a.consumable}`)).toMatchObject({ name: '冷媒', unitCents: 15050, warrantyPart: false });
    // A disabled spare is not offered.
    await t.deps.db.execute(sql`update spares set enabled = false where id = ${a.consumable}`);
    expect((await s.send(Q.items, {})).data.some((o) => o.kind === 2 && o.id === a.consumable)).toBe(false);
    await t.deps.db.execute(sql`update spares set enabled = true where id = ${a.consumable}`);
    // By name, by a spare's code; a % or _ in the keyword is a character, not a wildcard.
    expect((await s.send(Q.items, { keyword: ' 冷媒 ' })).data.map((o) => [o.kind, o.id])).toEqual([[2, a.consumable]]);
    const [code] = await rows<{ code: string }>(t.deps.db, sql`select code from spares where id = ${a.part}`);
    expect((await s.send(Q.items, { keyword: code?.code })).data.map((o) => o.id)).toEqual([a.part]);
    // A code's letters in any case (the codes are upper case).
    expect((await s.send(Q.items, { keyword: code?.code.toLowerCase() })).data.map((o) => o.id)).toEqual([a.part]);
    expect((await s.send(Q.items, { keyword: '%' })).data).toEqual([]);
    expect((await s.send(Q.items, { keyword: '_' })).data).toEqual([]);
    // Another enterprise's catalogue is not offered, whatever its names.
    const b = await commerceTeam(t);
    const mine = (await s.send(Q.items, {})).data.map((o) => `${o.kind}:${o.id}`);
    const theirs = (await b.sales.client.send(Q.items, {})).data.map((o) => `${o.kind}:${o.id}`);
    expect(theirs).toEqual(expect.arrayContaining([`1:${b.service}`, `2:${b.part}`, `2:${b.consumable}`]));
    expect(mine.filter((k) => theirs.includes(k))).toEqual([]);
    expect((await s.send(Q.items, { keyword: '压缩机' })).data.map((o) => o.id)).toEqual([a.part]);
    // Bad input: a clear message; no power for the keeper; anonymous. (A GET: no CSRF.)
    const long = await s.send(Q.items, { keyword: '冷'.repeat(51) });
    expect(long).toMatchObject({ success: false, code: 'VALIDATION', message: '关键字：关键字不能超过50个字' });
    expect((await a.keeper.client.send(Q.items, {})).code).toBe('NO_POWER');
    expect((await new Client(t.app).send(Q.items, {})).message).toBe('未登录');
  });

  it('转工单 with no order makes one from the quotation (20 parallel → one order); its held parts go back once when it is cancelled', async () => {
    const s = a.sales.client;
    const product = await a.product(dayFromToday(-10));
    const id = (
      await s.send(Q.create, { title: '过保维修', customerId: a.customer, installedProductId: product, warehouseId: a.wh, discountCents: 0, lines: lines(a) })
    ).data.id;
    await s.send(Q.action, { id, action: 'send' });
    expect((await s.send(Q.action, { id, action: 'accept', acceptedName: '赵先生' })).data.state).toBe(3);
    const held = async () =>
      rows<{ spare_id: number; reserved: number }>(
        t.deps.db,
        sql`select spare_id::int, reserved from stocks where enterprise_id = ${a.ep} and warehouse_id = ${a.wh} order by spare_id`,
      );
    const before = await held();
    const answers = await race(20, () => s.send(Q.action, { id, action: 'convert' }));
    expect(tally(answers).ok).toBe(1);
    const orderId = answers.find((r) => r.success)?.data.orderId as number;
    const made = await rows<{ id: number; customer_id: number; installed_product_id: number; receivable: string; title: string }>(
      t.deps.db,
      sql`select id::int, customer_id::int, installed_product_id::int, receivable_amount::text as receivable, title from orders
        where enterprise_id = ${a.ep} and detail_desc like ${`%${(await s.send(Q.detail, { id })).data.quoteNo}%`}`,
    );
    expect(made).toEqual([{ id: orderId, customer_id: a.customer, installed_product_id: product, receivable: '1631.00', title: '过保维修' }]);
    expect((await s.send(Q.detail, { id })).data).toMatchObject({ state: 6, orderId, totalCents: 163100 });
    const reservedNow = await held();
    expect(reservedNow.map((r) => r.reserved - (before.find((b) => b.spare_id === r.spare_id)?.reserved ?? 0))).toEqual([1, 2]);
    // The order is cancelled: the hold goes back, once, and the quotation's log says so.
    expect((await a.admin.client.send(K.cancel, { orderId, reason: '客户不修了' })).success).toBe(true);
    expect(await held()).toEqual(before);
    expect((await a.admin.client.send(K.cancel, { orderId, reason: '再取消' })).success).toBe(false);
    expect(await held()).toEqual(before);
    const logs = await rows<{ action: string; note: string }>(
      t.deps.db,
      sql`select action, note from quotation_logs where quotation_id = ${id} and action = 'release'`,
    );
    expect(logs).toEqual([{ action: 'release', note: expect.stringContaining('工单已取消') }]);
  });
});

describe('the 报价单 badge', () => {
  it('counts the accepted quotations of the caller’s customers waiting for 转工单; 转工单 takes one off; another salesperson’s none', async () => {
    const x = await commerceTeam(t);
    const s = x.sales.client;
    const n = (c: typeof s) => c.badge(B.quotationTodoCount);
    const product = await x.product(dayFromToday(-10));
    const id = (
      await s.send(Q.create, { title: '过保维修', customerId: x.customer, installedProductId: product, warehouseId: x.wh, discountCents: 0, lines: lines(x) })
    ).data.id;
    await s.send(Q.action, { id, action: 'send' });
    expect(await n(s)).toBe(0);
    expect((await s.send(Q.action, { id, action: 'accept', acceptedName: '赵先生' })).data.state).toBe(3);
    expect([await n(s), await n(x.other.client), await n(x.admin.client)]).toEqual([1, 0, 1]);
    const todo = (await s.send(B.waitToDoList)).data as { routerName: string; path: string; count: number }[];
    expect(todo.find((i) => i.routerName === 'QuotationList')).toMatchObject({ path: '/quotationList', count: 1 });
    expect((await s.send(Q.action, { id, action: 'convert' })).success).toBe(true);
    expect(await n(s)).toBe(0);
    expect(await n(x.keeper.client)).toBe('NO_POWER');
  });
});
