// A quotation's signature link by SMS: sent for a sent quotation to the contact's phone, hashed at rest, one a minute;
// opened without an account; 接受 (signature) or 拒绝 spends it once (20 at once → one); expired, spent and unknown
// tokens refused; another enterprise's quotation cannot be linked, and a token reaches only its own quotation.
import { portalContract as P, quotationContract as Q } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { service } from '../../platform/deps';
import type { SmsSender } from '../../platform/sms';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { startSmsGateway, tokenIn } from '../../test/sms-gateway';
import { type CommerceTeam, commerceTeam, dayFromToday } from '../commerce/commerce.fixtures';
import { insertOrder } from '../orders/test-helpers';
import { PortalClient } from './portal.fixtures';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

let t: TestApp;
let a: CommerceTeam;
let b: CommerceTeam;
beforeAll(async () => {
  t = await createTestApp();
  a = await commerceTeam(t);
  b = await commerceTeam(t);
});
afterAll(async () => t.close());

const count = async (q: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(t.deps.db, q))[0]?.n);
const sentQuote = async (team: CommerceTeam, orderId?: number) => {
  const product = await team.product(dayFromToday(200));
  const made = await team.sales.client.send(Q.create, {
    title: '压缩机更换',
    customerId: team.customer,
    installedProductId: product,
    orderId,
    warehouseId: team.wh,
    discountCents: 0,
    lines: [
      { kind: 1, itemId: team.service, quantity: 1 },
      { kind: 2, itemId: team.consumable, quantity: 1 },
    ],
  });
  expect(made.success, made.message).toBe(true);
  expect((await team.sales.client.send(Q.action, { id: made.data.id, action: 'send' })).data.state).toBe(2);
  return made.data.id as number;
};
const MOBILE = '13912345678';
const link = async (team: CommerceTeam, id: number, mobile: string | undefined = MOBILE) => {
  const r = await team.sales.client.send(Q.signLink, { id, mobile, name: '李经理' });
  expect(r.success, r.message).toBe(true);
  return service<SmsSender>(t.deps, 'sms').lastCode?.(mobile) as string;
};

describe('quotation signature link by SMS', () => {
  it('sends to the phone (hashed at rest, one a minute); the page opens without an account; 20 accepts at once → one; spent after', async () => {
    const order = await insertOrder(t.deps.db, a.ep, { customer_id: a.customer, created_by: a.sales.id, state: 3 });
    const id = await sentQuote(a, order);
    const r = await a.sales.client.send(Q.signLink, { id, mobile: MOBILE, name: '李经理' });
    expect(r).toMatchObject({ success: true, message: '签字链接已发送至139****5678', data: { hours: 72 } });
    const token = service<SmsSender>(t.deps, 'sms').lastCode?.(MOBILE) as string;
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(await count(sql`select count(*)::int as n from quotation_sign_links where token_hash = ${token}`)).toBe(0);
    expect((await a.sales.client.send(Q.signLink, { id, mobile: MOBILE })).code).toBe('QUOTE_LINK_TOO_SOON');

    const phone = new PortalClient(t.app);
    const view = await phone.send(P.signView, { token });
    expect(view.data).toMatchObject({ id, state: 2, canAnswer: true, contactName: '李经理' });
    // Viewing twice does not spend it.
    expect((await phone.send(P.signView, { token })).success).toBe(true);
    const answers = await race(20, () => new PortalClient(t.app).send(P.signAccept, { token, signature: PNG }));
    expect(tally(answers)).toEqual({ ok: 1, '签字链接无效、已过期或已使用，请联系销售重新发送': 19 });
    const [q] = await rows<{ state: number; accepted_name: string; total: string }>(
      t.deps.db,
      sql`select state, accepted_name, (total_cents / 100.0)::numeric(12,2)::text as total from quotations where enterprise_id = ${a.ep} and id = ${id}`,
    );
    expect(q).toMatchObject({ state: 6, accepted_name: '李经理' });
    const [o] = await rows<{ receivable: string }>(t.deps.db, sql`select receivable_amount::numeric(12,2)::text as receivable from orders where id = ${order}`);
    expect(o?.receivable).toBe(q?.total);
    expect(await count(sql`select count(*)::int as n from uploads where enterprise_id = ${a.ep} and name like '客户签名%'`)).toBe(1);
    expect((await phone.send(P.signView, { token })).code).toBe('QUOTE_LINK_INVALID');
    expect((await phone.send(P.signReject, { token })).code).toBe('QUOTE_LINK_INVALID');
  });

  it('拒绝 spends it; an expired link and an unknown token are refused; a draft or another enterprise’s quotation gets no link', async () => {
    const id = await sentQuote(a);
    const token = await link(a, id, '13912340001');
    const r = await new PortalClient(t.app).send(P.signReject, { token, note: '价格太高' });
    expect(r).toMatchObject({ success: true, data: { state: 4 } });
    const [log] = await rows<{ note: string }>(
      t.deps.db,
      sql`select note from quotation_logs where enterprise_id = ${a.ep} and quotation_id = ${id} and action = 'reject' order by id desc limit 1`,
    );
    expect(log?.note).toBe('客户拒绝（李经理，短信签字链接）：价格太高');
    expect((await new PortalClient(t.app).send(P.signAccept, { token, signature: PNG })).code).toBe('QUOTE_LINK_INVALID');

    const later = await sentQuote(a);
    const old = await link(a, later, '13912340002');
    await t.deps.db.execute(
      sql`update quotation_sign_links set expires_at = now() - interval '1 minute' where enterprise_id = ${a.ep} and quotation_id = ${later}`,
    );
    expect((await new PortalClient(t.app).send(P.signView, { token: old })).code).toBe('QUOTE_LINK_INVALID');
    expect((await new PortalClient(t.app).send(P.signAccept, { token: old, signature: PNG })).code).toBe('QUOTE_LINK_INVALID');
    expect((await new PortalClient(t.app).send(P.signView, { token: 'x'.repeat(43) })).code).toBe('QUOTE_LINK_INVALID');
    expect(await count(sql`select count(*)::int as n from quotations where enterprise_id = ${a.ep} and id = ${later} and state = 2`)).toBe(1);

    // Another enterprise's quotation: not found, nothing stored or sent; a draft: not sent yet.
    const theirs = await sentQuote(b);
    expect((await a.sales.client.send(Q.signLink, { id: theirs, mobile: '13912340003' })).code).toBe('NOT_FOUND');
    expect(await count(sql`select count(*)::int as n from quotation_sign_links where quotation_id = ${theirs}`)).toBe(0);
    const draft = await a.sales.client.send(Q.create, {
      title: '草稿',
      customerId: a.customer,
      warehouseId: a.wh,
      discountCents: 0,
      lines: [{ kind: 1, itemId: a.service, quantity: 1 }],
    });
    expect((await a.sales.client.send(Q.signLink, { id: draft.data.id, mobile: '13912340004' })).code).toBe('QUOTE_NOT_SENT');
    // B's token opens B's quotation only: A's stays as it was.
    const bToken = await link(b, theirs, '13912340005');
    const bView = await new PortalClient(t.app).send(P.signView, { token: bToken });
    expect(bView.data.id).toBe(theirs);
    expect(bView.data.enterpriseName).not.toBe('');
  });

  it('without a phone it uses the customer’s contact', async () => {
    const id = await sentQuote(a);
    const r = await a.sales.client.send(Q.signLink, { id });
    expect(r.success, r.message).toBe(true);
    expect(r.data.mobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
  });

  it('a slow SMS gateway holds nothing: the quotation stays free while the text waits; a failed send answers 短信发送失败 and leaves no link', async () => {
    const gw = await startSmsGateway();
    const restore = gw.install(t);
    try {
      const id = await sentQuote(a);
      const release = gw.hold();
      const slow = a.sales.client.send(Q.signLink, { id, mobile: '13912340001', name: '王工' });
      await expect.poll(() => gw.texts.filter((m) => m.mobile === '13912340001').length).toBe(1);
      // Before, the quotation stayed locked until the gateway answered: this failed with lock_not_available.
      await t.deps.db.transaction((tx) => tx.execute(sql`select id from quotations where enterprise_id = ${a.ep} and id = ${id} for update nowait`));
      // A second send meanwhile finds the committed link: one a minute still holds.
      expect((await a.sales.client.send(Q.signLink, { id, mobile: '13912340001' })).code).toBe('QUOTE_LINK_TOO_SOON');
      release();
      expect((await slow).success).toBe(true);
      const token = tokenIn(gw.texts.at(-1)?.text ?? '');
      expect((await new PortalClient(t.app).send(P.signView, { token })).data).toMatchObject({ id, contactName: '王工' });

      const other = await sentQuote(a);
      gw.status = 500;
      const failed = await a.sales.client.send(Q.signLink, { id: other, mobile: '13912340002' });
      expect(failed).toMatchObject({ success: false, code: 'SMS_FAILED', message: '短信发送失败，请稍后再试' });
      expect(await count(sql`select count(*)::int as n from quotation_sign_links where enterprise_id = ${a.ep} and quotation_id = ${other}`)).toBe(0);
      gw.status = 200;
      // No link was left, so no minute's wait either.
      expect((await a.sales.client.send(Q.signLink, { id: other, mobile: '13912340002' })).success).toBe(true);
    } finally {
      restore();
      await gw.close();
    }
  });
});
