import { accountContract, portalContract as P, quotationContract as Q, warrantyExtContract as W } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { service } from '../../platform/deps';
import type { SmsSender } from '../../platform/sms';
import { STRONG_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { startSmsGateway, tokenIn } from '../../test/sms-gateway';
import { type CommerceTeam, commerceTeam, dayFromToday } from '../commerce/commerce.fixtures';
import { newCustomer } from '../customers/test-helpers';
import { insertOrder } from '../orders/test-helpers';
import { runVisitSweep } from '../visits/tasks.job';
import { insertPlan, insertTask, taskOf } from '../visits/test-helpers';
import { makeAccount, PortalClient } from './portal.fixtures';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let t: TestApp;
let a: CommerceTeam;
let b: CommerceTeam;
/** Customer X (a.customer) and its account; customer Y of the same enterprise; an account in enterprise b. */
let x: PortalClient;
let xMobile: string;
let y: number;
let yProduct: number;
let bProduct: number;
let xProduct: number;
let xExtended: number;

const count = async (q: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(t.deps.db, q))[0]?.n);
const quote = async (team: CommerceTeam, customerId: number, productId: number | undefined, orderId?: number) => {
  const made = await team.sales.client.send(Q.create, {
    title: '压缩机更换',
    customerId,
    installedProductId: productId,
    orderId,
    warehouseId: team.wh,
    discountCents: 0,
    lines: [
      { kind: 1, itemId: team.service, quantity: 1 },
      { kind: 2, itemId: team.consumable, quantity: 1 },
    ],
  });
  expect(made.success, made.message).toBe(true);
  return made.data.id;
};
const sent = async (team: CommerceTeam, customerId: number, productId?: number, orderId?: number) => {
  const id = await quote(team, customerId, productId, orderId);
  expect((await team.sales.client.send(Q.action, { id, action: 'send' })).data.state).toBe(2);
  return id;
};

beforeAll(async () => {
  t = await createTestApp();
  a = await commerceTeam(t);
  b = await commerceTeam(t);
  const db = t.deps.db;
  xProduct = await a.product(dayFromToday(200));
  xExtended = await a.product(dayFromToday(-10));
  expect((await a.sales.client.send(W.create, { installedProductId: xExtended, period: 1, unit: 3, priceCents: 50000 })).data.state).toBe(2);
  y = await newCustomer(a.sales.client);
  const [p] = await rows<{ id: number }>(
    db,
    sql`insert into installed_products (enterprise_id, product_id, name, serial_number, customer_id, warranty_end, qr_code)
      values (${a.ep}, ${a.model}, 'Y的设备', ${`SN-Y-${process.pid}`}, ${y}, ${dayFromToday(30)}, ${`qr-y-${process.pid}`}) returning id::int`,
  );
  yProduct = Number(p?.id);
  bProduct = await b.product(dayFromToday(30));
  const acc = await makeAccount(db, a.ep, a.customer);
  xMobile = acc.mobile;
  x = await new PortalClient(t.app).login(xMobile);
});
afterAll(async () => t.close());

describe('portal sessions', () => {
  it('logs in by mobile and password; its own cookie; a staff session opens nothing here and it opens nothing of the staff', async () => {
    const me = await x.send(P.me);
    expect(me.data).toMatchObject({ customerId: a.customer, mobile: xMobile });
    // A wrong password is refused like the staff login.
    const c = new PortalClient(t.app);
    expect((await c.send(P.login, { mobile: xMobile, password: 'wrong-password-1' })).code).toBe('LOGIN_FAILED');
    // The staff session's cookie does not open portal endpoints …
    const staff = new PortalClient(t.app);
    staff.extraCookie = a.sales.client.cookie;
    expect((await staff.send(P.me)).code).toBe('NOT_LOGGED_IN');
    // … and the portal's cookie does not open staff endpoints.
    const r = await t.app.inject({ method: 'GET', url: `/api${accountContract.sessionUser.path}`, headers: { cookie: x.cookie } });
    expect(r.json().code).toBe('NOT_LOGGED_IN');
    // A write without the portal's CSRF header is refused and changes nothing.
    const before = await count(sql`select count(*)::int as n from orders where enterprise_id = ${a.ep} and customer_id = ${a.customer}`);
    expect((await x.send(P.repair, { productId: xProduct, description: '不制冷' }, { csrf: false })).code).toBe('CSRF_INVALID');
    expect(await count(sql`select count(*)::int as n from orders where enterprise_id = ${a.ep} and customer_id = ${a.customer}`)).toBe(before);
  });

  it('a disabled account is refused, and disabling one ends its sessions; attempts are limited as the staff login', async () => {
    const acc = await makeAccount(t.deps.db, a.ep, a.customer);
    const c = await new PortalClient(t.app).login(acc.mobile);
    await t.deps.db.execute(sql`update home_accounts set enabled = false where enterprise_id = ${a.ep} and id = ${acc.id}`);
    expect((await c.send(P.me)).code).toBe('NOT_LOGGED_IN');
    expect((await new PortalClient(t.app).send(P.login, { mobile: acc.mobile, password: 'Kestrel-Quartz-58' })).code).toBe('PORTAL_DISABLED');
    const other = await makeAccount(t.deps.db, a.ep, a.customer);
    const fails = await race(6, () => new PortalClient(t.app).send(P.login, { mobile: other.mobile, password: 'wrong-password-1' }));
    expect(fails.every((f) => !f.success)).toBe(true);
    const locked = await new PortalClient(t.app).send(P.login, { mobile: other.mobile, password: 'Kestrel-Quartz-58' });
    expect(locked.code).toBe('LOGIN_LOCKED');
  });

  it('退出 ends this portal session only: the next portal call is 未登录; the other device, another enterprise and the staff session go on', async () => {
    const acc = await makeAccount(t.deps.db, a.ep, a.customer);
    const c = await new PortalClient(t.app).login(acc.mobile);
    const otherDevice = await new PortalClient(t.app).login(acc.mobile);
    const bAcc = await makeAccount(t.deps.db, b.ep, b.customer);
    const bc = await new PortalClient(t.app).login(bAcc.mobile);
    // The browser carries the staff cookie too: logging out of the portal leaves it alone.
    c.extraCookie = a.sales.client.cookie;
    const sessions = async (ep: number) => count(sql`select count(*)::int as n from portal_sessions where enterprise_id = ${ep}`);
    const [aBefore, bBefore] = [await sessions(a.ep), await sessions(b.ep)];
    // Not logged in: refused, nothing ends.
    expect((await new PortalClient(t.app).send(P.logout)).message).toBe('未登录');
    // No CSRF header, or another session's: refused, the session stays.
    expect((await c.send(P.logout, undefined, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    const csrf = c.csrf;
    c.csrf = otherDevice.csrf;
    expect((await c.send(P.logout)).code).toBe('CSRF_INVALID');
    c.csrf = csrf;
    expect((await c.send(P.me)).success).toBe(true);
    // Bad input: a forged cookie is 未登录 and ends nothing; a body that is not JSON gets a clear message.
    const forged = new PortalClient(t.app);
    forged.cookie = `sk_portal=${'x'.repeat(300)}`;
    forged.csrf = c.csrf;
    expect((await forged.send(P.logout)).message).toBe('未登录');
    const garbled = await t.app.inject({
      method: 'POST',
      url: `/api${P.logout.path}`,
      headers: { cookie: c.cookie, 'x-portal-csrf': c.csrf, 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(garbled.json()).toMatchObject({ success: false, code: 'VALIDATION', message: '请求数据格式错误' });
    expect([await sessions(a.ep), await sessions(b.ep)]).toEqual([aBefore, bBefore]);
    // Another enterprise's account logs out: this enterprise's sessions are untouched.
    expect((await bc.send(P.logout)).success).toBe(true);
    expect([await sessions(a.ep), await sessions(b.ep)]).toEqual([aBefore, bBefore - 1]);
    // The happy path: 已退出, the portal cookie cleared (not the staff one), the session row gone.
    const cookie = c.cookie;
    const out = await c.send(P.logout);
    expect(out).toMatchObject({ success: true, message: '已退出' });
    expect(c.cookie).toBe('');
    const cleared = ([] as string[]).concat((out.headers['set-cookie'] as string | string[] | undefined) ?? []);
    expect(cleared.map((h) => h.split('=')[0])).toEqual(['sk_portal']);
    expect(await sessions(a.ep)).toBe(aBefore - 1);
    // The next portal call answers 未登录, with the old cookie replayed too; a second logout as well.
    expect((await c.send(P.me)).message).toBe('未登录');
    const replay = new PortalClient(t.app);
    replay.cookie = cookie;
    replay.csrf = csrf;
    expect((await replay.send(P.me)).message).toBe('未登录');
    expect((await replay.send(P.logout)).message).toBe('未登录');
    // The same account on another device, the other accounts, and the staff session go on.
    expect((await otherDevice.send(P.me)).data.mobile).toBe(acc.mobile);
    expect((await x.send(P.me)).data.mobile).toBe(xMobile);
    expect((await a.sales.client.send(accountContract.sessionUser)).success).toBe(true);
  });

  it('a one-time link by SMS logs in once; used twice or expired it is refused; an unknown mobile gets the same answer', async () => {
    const sms = service<SmsSender>(t.deps, 'sms');
    const c = new PortalClient(t.app);
    const sentLink = await c.send(P.sendLink, { mobile: xMobile });
    expect(sentLink.success, sentLink.message).toBe(true);
    const token = sms.lastCode?.(xMobile) as string;
    expect(token).toMatch(/^[\w-]{40,}$/);
    // Stored only as its hash.
    expect(await count(sql`select count(*)::int as n from portal_login_tokens where token_hash = ${token}`)).toBe(0);
    const answers = await race(5, () => new PortalClient(t.app).send(P.linkLogin, { token }));
    expect(tally(answers)).toEqual({ ok: 1, '登录链接无效、已过期或已使用，请重新获取': 4 });
    expect((await c.send(P.linkLogin, { token })).code).toBe('PORTAL_LINK_INVALID');
    // Too soon for another link: nothing is sent, the answer is the same.
    expect((await c.send(P.sendLink, { mobile: xMobile })).success).toBe(true);
    expect(sms.lastCode?.(xMobile)).toBe(token);
    // An expired link.
    await t.deps.db.execute(sql`update portal_login_tokens set created_at = now() - interval '2 minutes'`);
    await c.send(P.sendLink, { mobile: xMobile });
    const second = sms.lastCode?.(xMobile) as string;
    expect(second).not.toBe(token);
    await t.deps.db.execute(sql`update portal_login_tokens set expires_at = now() - interval '1 second' where used_at is null`);
    expect((await c.send(P.linkLogin, { token: second })).code).toBe('PORTAL_LINK_INVALID');
    const unknown = await c.send(P.sendLink, { mobile: '13912345678' });
    expect(unknown.success).toBe(true);
    expect(unknown.message).toBe(sentLink.message);
  });
  it('ten link requests at once for one account send one text and keep one link (the send now runs after the commit)', async () => {
    const gw = await startSmsGateway();
    const restore = gw.install(t);
    try {
      const acc = await makeAccount(t.deps.db, a.ep, a.customer);
      const answers = await race(10, () => new PortalClient(t.app).send(P.sendLink, { mobile: acc.mobile }));
      expect(tally(answers)).toEqual({ ok: 10 });
      expect(gw.texts.filter((m) => m.mobile === acc.mobile)).toHaveLength(1);
      expect(await count(sql`select count(*)::int as n from portal_login_tokens where enterprise_id = ${a.ep} and account_id = ${acc.id}`)).toBe(1);
    } finally {
      restore();
      await gw.close();
    }
  });

  it('a slow SMS gateway holds no connection: six links wait on it (the pool has five) while a password login answers; a failed send keeps no link', async () => {
    const gw = await startSmsGateway();
    const restore = gw.install(t);
    try {
      const accounts = await Promise.all(Array.from({ length: 6 }, () => makeAccount(t.deps.db, a.ep, a.customer)));
      const release = gw.hold();
      const waiting = accounts.map((acc) => new PortalClient(t.app).send(P.sendLink, { mobile: acc.mobile }));
      // Before, each send kept its transaction (and its connection) open: the sixth never reached the gateway.
      await expect.poll(() => gw.texts.length).toBe(6);
      const login = await Promise.race([
        new PortalClient(t.app).send(P.login, { mobile: xMobile, password: STRONG_PASSWORD }).then((r) => r.message),
        new Promise((r) => setTimeout(() => r('waited for the gateway'), 3_000)),
      ]);
      expect(login).toBe('登录成功');
      release();
      expect(tally(await Promise.all(waiting))).toEqual({ ok: 6 });
      const token = tokenIn(gw.texts[0]?.text ?? '');
      expect((await new PortalClient(t.app).send(P.linkLogin, { token })).success).toBe(true);

      const acc = await makeAccount(t.deps.db, a.ep, a.customer);
      gw.status = 500;
      const failed = await new PortalClient(t.app).send(P.sendLink, { mobile: acc.mobile });
      expect(failed).toMatchObject({ success: false, code: 'SMS_FAILED', message: '短信发送失败，请稍后再试' });
      expect(await count(sql`select count(*)::int as n from portal_login_tokens where enterprise_id = ${a.ep} and account_id = ${acc.id}`)).toBe(0);
      // No link was kept, so no minute's wait: asking again sends at once.
      gw.status = 200;
      expect((await new PortalClient(t.app).send(P.sendLink, { mobile: acc.mobile })).success).toBe(true);
      expect(gw.texts.at(-1)?.mobile).toBe(acc.mobile);
      expect(await count(sql`select count(*)::int as n from portal_login_tokens where enterprise_id = ${a.ep} and account_id = ${acc.id}`)).toBe(1);
    } finally {
      restore();
      await gw.close();
    }
  });
});

describe('portal records are the customer’s own', () => {
  it('products carry the one warranty status, an extension included; by id or QR; another customer’s or enterprise’s is not found', async () => {
    const list = await x.send(P.products, {});
    const byId = new Map(list.data.list.map((p) => [p.id, p]));
    expect(byId.get(xProduct)?.coverage.state).toBe(1);
    expect(byId.get(xExtended)?.coverage).toMatchObject({ state: 3, end: dayFromToday(364) });
    expect(byId.has(yProduct)).toBe(false);
    const [q] = await rows<{ qr: string }>(t.deps.db, sql`select qr_code as qr from installed_products where id = ${xProduct}`);
    expect((await x.send(P.product, { code: q?.qr })).data.id).toBe(xProduct);
    for (const id of [yProduct, bProduct]) expect((await x.send(P.product, { id })).code).toBe('NOT_FOUND');
    expect((await x.send(P.product, { code: `qr-y-${process.pid}` })).code).toBe('NOT_FOUND');
  });

  it('报修 creates an order from the product (source 3, model and serial, own photos only); another’s product is not found, nothing written', async () => {
    const photo = await x.send(P.upload, { data: PNG, name: '故障.png' });
    expect(photo.success, photo.message).toBe(true);
    const made = await x.send(P.repair, { productId: xProduct, description: '空调不制冷，有异响', attachments: [photo.data.id] });
    expect(made.success, made.message).toBe(true);
    const [o] = await rows<{ source: number; installed_product_id: number; customer_id: number; detail_desc: string; attachments: number[] }>(
      t.deps.db,
      sql`select source, installed_product_id::int, customer_id::int, detail_desc, attachments from orders where enterprise_id = ${a.ep} and id = ${made.data.id}`,
    );
    expect(o).toMatchObject({ source: 3, installed_product_id: xProduct, customer_id: a.customer });
    expect(o?.detail_desc).toContain(`序列号：SN-${process.pid}`);
    expect(o?.attachments.map(Number)).toEqual([photo.data.id]);
    const before = await count(sql`select count(*)::int as n from orders where enterprise_id = ${a.ep}`);
    for (const productId of [yProduct, bProduct]) expect((await x.send(P.repair, { productId, description: '坏了' })).code).toBe('NOT_FOUND');
    // A photo another account uploaded is not this account's to attach.
    const yAcc = await makeAccount(t.deps.db, a.ep, y);
    const yc = await new PortalClient(t.app).login(yAcc.mobile);
    const yPhoto = await yc.send(P.upload, { data: PNG });
    expect((await x.send(P.repair, { productId: xProduct, description: '坏了', attachments: [yPhoto.data.id] })).message).toBe('照片：文件不存在或已被删除');
    expect(await count(sql`select count(*)::int as n from orders where enterprise_id = ${a.ep}`)).toBe(before);
    // Bad input: a clear message, no 500.
    expect((await x.send(P.repair, { productId: xProduct, description: '' })).code).toBe('VALIDATION');
  });

  it('我的工单 shows state, the engineer’s name, appointment and timeline; another customer’s or enterprise’s order is not found', async () => {
    const order = await insertOrder(t.deps.db, a.ep, {
      customer_id: a.customer,
      installed_product_id: xProduct,
      state: 3,
      service_user_id: a.other.id,
      appointment_at: '2030-01-02 10:00:00+08',
    });
    await t.deps.db.execute(
      sql`insert into order_logs (enterprise_id, order_id, from_state, to_state, action) values (${a.ep}, ${order}, null, 1, 'create'), (${a.ep}, ${order}, 1, 3, 'dispatch')`,
    );
    const d = await x.send(P.order, { id: order });
    expect(d.success, d.message).toBe(true);
    const [eng] = await rows<{ name: string }>(t.deps.db, sql`select name from users where id = ${a.other.id}`);
    expect(d.data).toMatchObject({ state: 3, engineerName: eng?.name, appointment: '2030-01-02 10:00:00', hasReport: false, canRate: false });
    expect(d.data.timeline.map((l) => l.label)).toEqual(['待派单', '待服务']);
    expect((await x.send(P.orders, {})).data.list.some((r) => r.id === order)).toBe(true);
    const yOrder = await insertOrder(t.deps.db, a.ep, { customer_id: y, state: 5 });
    const bOrder = await insertOrder(t.deps.db, b.ep, { customer_id: b.customer, state: 5 });
    for (const id of [yOrder, bOrder]) {
      expect((await x.send(P.order, { id })).code).toBe('NOT_FOUND');
      expect((await x.send(P.report, { id })).code).toBe('NOT_FOUND');
      expect((await x.send(P.rate, { orderId: id, stars: 5 })).code).toBe('NOT_FOUND');
    }
    expect(await count(sql`select count(*)::int as n from orders where id in (${yOrder}, ${bOrder}) and evaluated_at is not null`)).toBe(0);
    expect((await x.send(P.orders, {})).data.list.some((r) => r.id === yOrder)).toBe(false);
  });
});

describe('portal quotations', () => {
  it('accepts with a signature (20 at once → one): the order’s receivable equals the quote; another customer’s is not found', async () => {
    const order = await insertOrder(t.deps.db, a.ep, { customer_id: a.customer, installed_product_id: xProduct, created_by: a.sales.id, state: 3 });
    const draft = await quote(a, a.customer, xProduct, order);
    // A draft is the salesperson's: not shown.
    expect((await x.send(P.quotation, { id: draft })).code).toBe('NOT_FOUND');
    await a.sales.client.send(Q.action, { id: draft, action: 'send' });
    const d = await x.send(P.quotation, { id: draft });
    expect(d.data).toMatchObject({ state: 2, canAnswer: true, expired: false });
    expect(d.data.lines[0]?.amountCents).toBe(0);
    const answers = await race(20, () => x.send(P.accept, { id: draft, signature: PNG }));
    expect(tally(answers).ok).toBe(1);
    const [q] = await rows<{ state: number; accepted_name: string; signature_file_id: string; total: string }>(
      t.deps.db,
      sql`select state, accepted_name, signature_file_id, (total_cents / 100.0)::numeric(12,2)::text as total from quotations where id = ${draft}`,
    );
    expect(q).toMatchObject({ state: 6, accepted_name: '王先生' });
    const [o] = await rows<{ receivable: string }>(t.deps.db, sql`select receivable_amount::numeric(12,2)::text as receivable from orders where id = ${order}`);
    expect(o?.receivable).toBe(q?.total);
    // One signature kept: the losers' files are dropped.
    expect(await count(sql`select count(*)::int as n from uploads where enterprise_id = ${a.ep} and name like '客户签名%'`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from uploads where enterprise_id = ${a.ep} and id = ${Number(q?.signature_file_id)}`)).toBe(1);
    // Another customer's (same enterprise) and another enterprise's: not found and unchanged.
    const yq = await sent(a, y, yProduct);
    const bq = await sent(b, b.customer, bProduct);
    for (const id of [yq, bq]) {
      expect((await x.send(P.quotation, { id })).code).toBe('NOT_FOUND');
      expect((await x.send(P.accept, { id, signature: PNG })).code).toBe('NOT_FOUND');
      expect((await x.send(P.reject, { id })).code).toBe('NOT_FOUND');
    }
    expect(await count(sql`select count(*)::int as n from quotations where id in (${yq}, ${bq}) and state = 2`)).toBe(2);
  });

  it('an expired quotation cannot be accepted; one may be rejected, once', async () => {
    const id = await sent(a, a.customer, xProduct);
    await t.deps.db.execute(sql`update quotations set valid_until = current_date - 1 where id = ${id}`);
    expect((await x.send(P.quotation, { id })).data).toMatchObject({ expired: true, canAnswer: false });
    expect((await x.send(P.accept, { id, signature: PNG })).message).toBe('报价单已过期，不能接受');
    expect(await count(sql`select count(*)::int as n from quotations where id = ${id} and state = 2`)).toBe(1);
    const other = await sent(a, a.customer, xProduct);
    const r = await x.send(P.reject, { id: other, note: '价格太高' });
    expect(r.data.state).toBe(4);
    expect((await x.send(P.reject, { id: other })).success).toBe(false);
    expect((await x.send(P.quotations, {})).data.list.find((l) => l.id === other)?.state).toBe(4);
  });
});

describe('portal rating and report', () => {
  it('rates a completed order once (20 at once → one) and fills its open return visit; before completion it is refused', async () => {
    const open = await insertOrder(t.deps.db, a.ep, { customer_id: a.customer, state: 3 });
    expect((await x.send(P.rate, { orderId: open, stars: 5 })).code).toBe('PORTAL_NOT_DONE');
    const task = await insertTask(t.deps.db, a.ep, { orderCols: { customer_id: a.customer } });
    const answers = await race(20, (i) => x.send(P.rate, { orderId: task.orderId, stars: 4, comment: `很好${i}` }));
    expect(tally(answers)).toEqual({ ok: 1, '该工单已评价，不能重复评价': 19 });
    const v = await taskOf(t.deps.db, a.ep, task.id);
    expect(v).toMatchObject({ state: 3, channel: 3 });
    expect(Object.values(v?.scores as Record<string, number>).every((s) => s === 4)).toBe(true);
    const d = await x.send(P.order, { id: task.orderId });
    expect(d.data).toMatchObject({ canRate: false, rating: { stars: 4 } });
    // A low rating is a failed visit, as the SMS survey's.
    const low = await insertTask(t.deps.db, a.ep, { orderCols: { customer_id: a.customer } });
    expect((await x.send(P.rate, { orderId: low.orderId, stars: 1, comment: '太慢' })).success).toBe(true);
    expect((await taskOf(t.deps.db, a.ep, low.id))?.state).toBe(2);
    // Rated before its task exists (the plan's delay): the task the sweep makes later is filled by the rating.
    const early = await insertOrder(t.deps.db, a.ep, { customer_id: a.customer, state: 5, finished_at: new Date(Date.now() - 60_000).toISOString() });
    expect((await x.send(P.rate, { orderId: early, stars: 5, comment: '准时' })).success).toBe(true);
    const plan = await insertPlan(t.deps.db, a.ep, { visitor_mode: 2 });
    await t.deps.db.execute(sql`insert into return_visit_candidates (enterprise_id, record_id, plan_id, finished_at)
      select enterprise_id, id, ${plan}::bigint, finished_at from orders where enterprise_id = ${a.ep} and id = ${early}`);
    const [made] = await runVisitSweep(t.deps.db, new Date(), a.ep);
    expect(await taskOf(t.deps.db, a.ep, made as number)).toMatchObject({ state: 3, channel: 3, comment: '准时' });
  });

  it('downloads the service report of a completed order', async () => {
    const done = await insertOrder(t.deps.db, a.ep, { customer_id: a.customer, state: 5, finished_at: new Date().toISOString() });
    const res = await t.app.inject({ method: 'GET', url: `/api${P.report.path}?id=${done}`, headers: { cookie: x.cookie } });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const open = await insertOrder(t.deps.db, a.ep, { customer_id: a.customer, state: 3 });
    expect((await x.send(P.report, { id: open })).message).toBe('工单完成后才能下载服务报告');
  });
});
