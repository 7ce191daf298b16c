// 扫码报修 without an account (docs/portal.md), over the app's HTTP interface on the test database.
import { SCAN_ORDER_SOURCE, scanContract as S } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { service } from '../../platform/deps';
import type { SmsSender } from '../../platform/sms';
import { nextMobile } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { type CommerceTeam, commerceTeam, dayFromToday } from '../commerce/commerce.fixtures';
import { PortalClient } from './portal.fixtures';
import { SCAN_REPORTS_PER_PRODUCT_DAY } from './scan.service';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let t: TestApp;
let a: CommerceTeam;
let b: CommerceTeam;
/** A stranger's phone: no portal account, no staff session. */
let anyone: PortalClient;

const count = async (q: SQL) => Number((await rows<{ n: number }>(t.deps.db, q))[0]?.n);
const codeOf = async (productId: number) =>
  (await rows<{ c: string }>(t.deps.db, sql`select qr_code as c from installed_products where id = ${productId}`))[0]!.c;
const lastSms = (mobile: string) => service<SmsSender>(t.deps, 'sms').lastCode?.(mobile) ?? null;
const setting = (ep: number, code: string, value: string) =>
  t.deps.db.execute(sql`insert into system_settings (enterprise_id, code, value) values (${ep}, ${code}, ${value})
    on conflict (enterprise_id, code) do update set value = excluded.value`);
/** A fresh mobile with a live code for the product's label. */
async function proved(code: string) {
  const mobile = nextMobile();
  const sent = await anyone.send(S.sendCode, { code, mobile });
  expect(sent.success, sent.message).toBe(true);
  return { mobile, smsCode: lastSms(mobile)! };
}

beforeAll(async () => {
  t = await createTestApp();
  a = await commerceTeam(t);
  b = await commerceTeam(t);
  anyone = new PortalClient(t.app);
});
afterAll(async () => t.close());

describe('扫码报修 without an account', () => {
  it('the label shows that product, its warranty and the service phone, and nothing of its customer', async () => {
    const id = await a.product(dayFromToday(-5));
    const periods = JSON.stringify([{ start: dayFromToday(-4), end: dayFromToday(100) }]);
    await t.deps.db.execute(sql`update installed_products set extended_end = ${dayFromToday(100)}, extended_periods = ${periods}::jsonb where id = ${id}`);
    await setting(a.ep, 'service_phone', '400-800-1234');
    const r = await anyone.send(S.product, { code: await codeOf(id) });
    expect(r.success, r.message).toBe(true);
    expect(Object.keys(r.data).sort()).toEqual(['coverage', 'enabled', 'enterpriseName', 'model', 'name', 'serialNumber', 'servicePhone']);
    expect(r.data).toMatchObject({ name: '中央空调', servicePhone: '400-800-1234', enabled: true, coverage: { state: 3, end: dayFromToday(100) } });
    const none = await anyone.send(S.product, { code: 'no-such-code' });
    expect(none.success).toBe(false);
    expect(none.message).toContain('未找到该设备');
  });

  it('a proved mobile reports a fault: the order is the product’s customer’s, source 扫码报修, with the photo; the link follows it', async () => {
    const id = await a.product(dayFromToday(30));
    const code = await codeOf(id);
    const who = await proved(code);
    const r = await anyone.send(S.report, { code, ...who, name: '李店员', description: '空调不制冷', photos: [PNG] });
    expect(r.success, r.message).toBe(true);
    expect(r.message).toBe('报修成功');
    const [o] = await rows<{ id: number; source: number; customer_id: number; installed_product_id: number; custom_phone: string; n: number }>(
      t.deps.db,
      sql`select id::int, source::int, customer_id::int, installed_product_id::int, custom_phone, cardinality(attachments)::int as n
        from orders where enterprise_id = ${a.ep} and order_no = ${r.data.orderNo}`,
    );
    expect(o).toMatchObject({ source: SCAN_ORDER_SOURCE, customer_id: a.customer, installed_product_id: id, custom_phone: who.mobile, n: 1 });
    // The follow link was texted to the reporter, and opens that order.
    expect(lastSms(who.mobile)).toBe(r.data.token);
    const track = await anyone.send(S.track, { token: r.data.token });
    expect(track.success, track.message).toBe(true);
    expect(track.data).toMatchObject({ orderNo: r.data.orderNo, productName: '中央空调', title: '扫码报修：中央空调' });
    expect(track.data.timeline.length).toBeGreaterThan(0);
    expect(JSON.stringify(track.data)).not.toContain(who.mobile);
    // The code is spent: a second report with it makes nothing.
    const again = await anyone.send(S.report, { code, ...who, description: '再报一次', photos: [] });
    expect(again.code).toBe('CODE_INVALID');
    expect(await count(sql`select count(*)::int as n from scan_reports where enterprise_id = ${a.ep} and product_id = ${id}`)).toBe(1);
  });

  it('a wrong code writes nothing: no order, no photo, no follow link', async () => {
    const id = await a.product(dayFromToday(30));
    const code = await codeOf(id);
    const who = await proved(code);
    const orders = () => count(sql`select count(*)::int as n from orders where enterprise_id = ${a.ep} and installed_product_id = ${id}`);
    const uploads = () => count(sql`select count(*)::int as n from uploads where enterprise_id = ${a.ep}`);
    const before = await uploads();
    const wrong = who.smsCode === '000000' ? '111111' : '000000';
    const r = await anyone.send(S.report, { code, mobile: who.mobile, smsCode: wrong, description: '漏水', photos: [PNG] });
    expect(r.success).toBe(false);
    expect(r.message).toBe('验证码错误或已过期');
    expect(await orders()).toBe(0);
    expect(await uploads()).toBe(before);
    const bad = await anyone.send(S.track, { token: 'x'.repeat(43) });
    expect(bad.success).toBe(false);
    expect(bad.message).toContain('跟踪链接无效');
  });

  it('two reports at once with one code make one order', async () => {
    const id = await a.product(dayFromToday(30));
    const code = await codeOf(id);
    const who = await proved(code);
    const answers = await race(4, () => anyone.send(S.report, { code, ...who, description: '异响', photos: [] }));
    expect(tally(answers)).toEqual({ ok: 1, 验证码错误或已过期: 3 });
    expect(await count(sql`select count(*)::int as n from orders where enterprise_id = ${a.ep} and installed_product_id = ${id}`)).toBe(1);
  });

  it('each label reports into its own enterprise; off, without a customer, or past the day’s limit it refuses', async () => {
    const other = await b.product(dayFromToday(30));
    const bCode = await codeOf(other);
    const r = await anyone.send(S.report, { code: bCode, ...(await proved(bCode)), description: '不通电', photos: [] });
    expect(r.success, r.message).toBe(true);
    expect(await count(sql`select count(*)::int as n from orders where enterprise_id = ${b.ep} and order_no = ${r.data.orderNo}`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from orders where enterprise_id = ${a.ep} and installed_product_id = ${other}`)).toBe(0);

    await setting(b.ep, 'scan_repair_enabled', '0');
    expect((await anyone.send(S.product, { code: bCode })).data.enabled).toBe(false);
    const off = await anyone.send(S.sendCode, { code: bCode, mobile: nextMobile() });
    expect(off.message).toBe('该服务商未开启扫码报修，请拨打服务电话报修');
    await setting(b.ep, 'scan_repair_enabled', '1');

    const orphan = await b.product(dayFromToday(30));
    await t.deps.db.execute(sql`update installed_products set customer_id = null where id = ${orphan}`);
    const lone = await anyone.send(S.sendCode, { code: await codeOf(orphan), mobile: nextMobile() });
    expect(lone.message).toBe('该设备尚未登记客户，请拨打服务电话报修');

    const busy = await b.product(dayFromToday(30));
    const busyCode = await codeOf(busy);
    const who = await proved(busyCode);
    const [o] = await rows<{ id: number }>(t.deps.db, sql`select id::int from orders where enterprise_id = ${b.ep} and order_no = ${r.data.orderNo}`);
    for (let i = 0; i < SCAN_REPORTS_PER_PRODUCT_DAY; i++) {
      await t.deps.db.execute(sql`insert into scan_reports (enterprise_id, order_id, product_id, mobile, token_hash)
        values (${b.ep}, ${o!.id}, ${busy}, ${who.mobile}, ${`h-${busy}-${i}`})`);
    }
    const over = await anyone.send(S.report, { code: busyCode, ...who, description: '显示故障', photos: [] });
    expect(over.code).toBe('RATE_LIMITED');
    expect(await count(sql`select count(*)::int as n from orders where enterprise_id = ${b.ep} and installed_product_id = ${busy}`)).toBe(0);
  });

  it('bad input is refused in Chinese', async () => {
    const code = await codeOf(await a.product(dayFromToday(30)));
    const r = await anyone.send(S.report, { code, mobile: nextMobile(), smsCode: '12', description: '', photos: [PNG, PNG, PNG, PNG] });
    expect(r.success).toBe(false);
    expect(r.status).toBe(200);
    expect(r.message).toMatch(/验证码|故障描述|照片最多3张/);
  });
});
