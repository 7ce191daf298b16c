// Online payment of goods orders against a local HTTP gateway speaking the protocol of platform/payments.ts: the
// settings choose the provider (线下 by default: no 去支付); 去支付 registers the payment (amount = lines at sale price);
// the notification is signed per enterprise, idempotent (20 at once: one move), refuses a wrong amount or signature.
import { goodsContract as G } from '@sk/shared';
import { createServer, type Server } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { HttpPayments, signFields } from '../../platform/payments';
import { drainJobs } from '../../platform/jobs';
import { queryWaitingPayments, refundPayment, retryFailedRefunds } from './goods.pay';
import { sealSecret } from '../../platform/secrets';
import { Client } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { stockedTeam } from './spares.fixtures';

const SECRET = 'gateway-secret-of-test';
const MERCHANT = 'M10001';
let t: TestApp;
let gateway: Server;
let base = '';
/** What the fake gateway received, by out trade no. */
const received = new Map<string, Record<string, unknown>>();
/** How the fake gateway reports a payment to a query (SUCCESS unless set): the payer may not have paid yet. */
const standing = new Map<string, string>();
/** Refunds the fake gateway made (by refund no), and how it answers the next ones (SUCCESS unless set). */
const refunds = new Map<string, Record<string, unknown>>();
let refundAnswer = 'SUCCESS';
/** While set, the fake gateway answers a new payment only once this settles (a slow gateway). */
let createHeld: Promise<void> | null = null;

beforeAll(async () => {
  t = await createTestApp();
  gateway = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'POST' && url.pathname === '/payments') {
        const b = JSON.parse(raw) as Record<string, string | number>;
        const sign = signFields(SECRET, [b.merchantId as string, b.outTradeNo as string, b.amount as number, b.method as number, b.timestamp as number]);
        if (b.sign !== sign || b.merchantId !== MERCHANT) return reply(401, { error: 'bad sign' });
        received.set(String(b.outTradeNo), b);
        const tradeNo = `T${String(b.outTradeNo)}`;
        const payUrl = `https://pay.example.test/cashier/${tradeNo}`;
        void (createHeld ?? Promise.resolve()).then(() => reply(200, { tradeNo, payUrl, sign: signFields(SECRET, [tradeNo, payUrl]) }));
        return;
      }
      if (req.method === 'POST' && url.pathname === '/refunds') {
        const b = JSON.parse(raw) as Record<string, string | number>;
        const f = [b.merchantId, b.outTradeNo, b.outRefundNo, b.amount, b.timestamp] as (string | number)[];
        if (b.sign !== signFields(SECRET, f) || !received.has(String(b.outTradeNo))) return reply(401, { error: 'bad sign' });
        const refundNo = `RF${String(b.outRefundNo)}`;
        if (refundAnswer === 'SUCCESS') refunds.set(refundNo, b);
        return reply(200, { refundNo, status: refundAnswer, sign: signFields(SECRET, [refundNo, refundAnswer]) });
      }
      const m = /^\/payments\/(.+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const no = decodeURIComponent(m[1] as string);
        const b = received.get(no);
        if (!b) return reply(404, {});
        const ts = Number(url.searchParams.get('timestamp'));
        if (url.searchParams.get('sign') !== signFields(SECRET, [MERCHANT, no, ts])) return reply(401, {});
        return reply(200, notice(no, Number(b.amount), { status: standing.get(no) ?? 'SUCCESS' }));
      }
      reply(404, {});
    });
  });
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
  const addr = gateway.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
afterAll(async () => {
  await new Promise((r) => gateway.close(r));
  await t.close();
});

/** A notification as the gateway sends it (signed with `secret`). */
function notice(outTradeNo: string, amount: number, o: { secret?: string; status?: string } = {}) {
  const f = { merchantId: MERCHANT, outTradeNo, tradeNo: `T${outTradeNo}`, amount, status: o.status ?? 'SUCCESS', timestamp: 1_790_000_000 };
  return { ...f, sign: signFields(o.secret ?? SECRET, [f.merchantId, f.outTradeNo, f.tradeNo, f.amount, f.status, f.timestamp]) };
}
const notify = async (ep: number, body: unknown) => {
  const r = await t.app.inject({ method: 'POST', url: `/api/pay/goods/notify/${ep}`, payload: body as object });
  return r.json() as { success: boolean; code?: string; message: string; data: { result: string } };
};
async function configure(ep: number, provider: '线下' | 'HTTP') {
  const values = { goods_pay_provider: provider, goods_pay_url: base, goods_pay_merchant: MERCHANT, goods_pay_secret: sealSecret(t.deps.config, SECRET) };
  for (const [code, value] of Object.entries(values))
    await t.deps.db.execute(sql`insert into system_settings (enterprise_id, code, value) values (${ep}, ${code}, ${value})
      on conflict (enterprise_id, code) do update set value = excluded.value`);
}
const payStateOf = async (ep: number, paymentNo: string) =>
  Number((await rows<{ state: number }>(t.deps.db, sql`select state from goods_payments where enterprise_id = ${ep} and payment_no = ${paymentNo}`))[0]?.state);
const logsOf = async (ep: number, id: number, action: string) =>
  (
    await rows<{ note: string }>(
      t.deps.db,
      sql`select note from spare_state_logs where enterprise_id = ${ep} and kind = 'goods' and record_id = ${id} and action = ${action} order by id`,
    )
  ).map((l) => l.note);
const refundsOf = (paymentNo: string) => [...refunds.values()].filter((r) => r.outTradeNo === paymentNo);
const stateOf = async (ep: number, id: number) =>
  Number((await rows<{ state: number }>(t.deps.db, sql`select state from goods_orders where enterprise_id = ${ep} and id = ${id}`))[0]?.state);

describe('online payment of goods orders', () => {
  it('线下 (the default) offers no 去支付; HTTP registers the payment at the gateway; only the applicant, only online methods', async () => {
    const s = await stockedTeam(t);
    const ep = s.tm.ep;
    const applicant = s.tm.admin.client;
    const id = (await applicant.call(G.apply, { paymentMethod: 3, items: [{ spareId: s.spare, quantity: 2 }] })).data.id as number;
    const cash = (await applicant.call(G.apply, { paymentMethod: 1, items: [{ spareId: s.spare, quantity: 1 }] })).data.id as number;
    expect((await applicant.call(G.payOnline, { id })).message).toBe('未开通在线支付，请线下付款后由仓管员确认收款');

    await configure(ep, 'HTTP');
    const r = await applicant.call(G.payOnline, { id });
    expect(r.success, r.message).toBe(true);
    expect(r.data).toMatchObject({ amountCents: 24100, payUrl: expect.stringMatching(/^https:\/\/pay\.example\.test\/cashier\/T/) });
    expect(received.get(r.data.paymentNo)).toMatchObject({ amount: 24100, method: 3, notifyUrl: expect.stringContaining(`/api/pay/goods/notify/${ep}`) });
    expect((await applicant.call(G.payOnline, { id: cash })).message).toBe('该申请单的付款方式不支持在线支付');
    // The keeper is not the applicant: not found; the state did not move.
    expect((await s.k.call(G.payOnline, { id })).code).toBe('NOT_FOUND');
    expect(await stateOf(ep, id)).toBe(1);
    // Switched back to 线下: refused again (the setting is read each time).
    await configure(ep, '线下');
    expect((await applicant.call(G.payOnline, { id })).code).toBe('PAY_OFFLINE');
  });

  it('the signed notification moves 待付款 → 待审核 once (20 at once); a wrong amount, signature or enterprise changes nothing', async () => {
    const s = await stockedTeam(t);
    const ep = s.tm.ep;
    await configure(ep, 'HTTP');
    const applicant = s.tm.admin.client;
    const id = (await applicant.call(G.apply, { paymentMethod: 2, items: [{ spareId: s.spare, quantity: 1 }] })).data.id as number;
    const pay = (await applicant.call(G.payOnline, { id })).data;

    expect((await notify(ep, notice(pay.paymentNo, pay.amountCents, { secret: 'not-the-secret' }))).code).toBe('PAY_SIGNATURE_INVALID');
    expect((await notify(ep, { ...notice(pay.paymentNo, pay.amountCents), amount: pay.amountCents - 1 })).code).toBe('PAY_SIGNATURE_INVALID');
    expect((await notify(ep, notice(pay.paymentNo, pay.amountCents - 100))).message).toBe('支付金额与订单金额不一致');
    // Another enterprise's path (no secret of ours there): refused.
    const other = await stockedTeam(t);
    expect((await notify(other.tm.ep, notice(pay.paymentNo, pay.amountCents))).code).toBe('PAY_SIGNATURE_INVALID');
    expect(await stateOf(ep, id)).toBe(1);
    // Not paid yet (status other than SUCCESS): acknowledged, nothing moves.
    expect((await notify(ep, notice(pay.paymentNo, pay.amountCents, { status: 'WAITING' }))).data.result).toBe('SUCCESS');
    expect(await stateOf(ep, id)).toBe(1);

    const answers = await Promise.all(Array.from({ length: 20 }, () => notify(ep, notice(pay.paymentNo, pay.amountCents))));
    expect(answers.every((a) => a.success && a.data.result === 'SUCCESS')).toBe(true);
    expect(await stateOf(ep, id)).toBe(2);
    const logs = await rows<{ note: string }>(
      t.deps.db,
      sql`select note from spare_state_logs where enterprise_id = ${ep} and kind = 'goods' and record_id = ${id} and action = 'pay'`,
    );
    expect(logs).toHaveLength(1);
    expect(logs[0]?.note).toBe(`在线支付（支付宝，交易号 T${pay.paymentNo}）`);
    const detail = (await applicant.call(G.detail, { id })).data;
    expect(detail.paid_time).toMatch(/^\d{4}-\d{2}-\d{2} /);
    // A repeat later changes nothing either.
    expect((await notify(ep, notice(pay.paymentNo, pay.amountCents))).data.result).toBe('SUCCESS');
    expect(await stateOf(ep, id)).toBe(2);
  });

  it('the provider’s query answers a payment’s standing, signed; an unknown one is null', async () => {
    const p = new HttpPayments(base, MERCHANT, SECRET);
    const made = await p.create({ outTradeNo: 'GPQUERY1', amountCents: 500, method: 4, subject: '测试', notifyUrl: 'http://127.0.0.1/n' });
    expect(made.payUrl).toContain('TGPQUERY1');
    expect(await p.query('GPQUERY1')).toEqual({ outTradeNo: 'GPQUERY1', tradeNo: 'TGPQUERY1', amountCents: 500, paid: true });
    expect(await p.query('GPNONE')).toBeNull();
    // A gateway answer signed with another key is not believed.
    await expect(
      new HttpPayments(base, MERCHANT, 'other-secret').create({ outTradeNo: 'GPX', amountCents: 1, method: 2, subject: 'x', notifyUrl: 'http://x' }),
    ).rejects.toThrow();
  });

  it('the query sweep settles a payment whose notification was lost, once; not a young, unpaid or other enterprise’s one; a cancelled one’s money goes back', async () => {
    const s = await stockedTeam(t);
    const ep = s.tm.ep;
    await configure(ep, 'HTTP');
    const applicant = s.tm.admin.client;
    const apply = async () => (await applicant.call(G.apply, { paymentMethod: 3, items: [{ spareId: s.spare, quantity: 1 }] })).data.id as number;
    const [lost, young, unpaid, cancelled] = [await apply(), await apply(), await apply(), await apply()];
    const pay = async (id: number) => (await applicant.call(G.payOnline, { id })).data.paymentNo;
    const nos = { lost: await pay(lost), young: await pay(young), unpaid: await pay(unpaid), cancelled: await pay(cancelled) };
    standing.set(nos.unpaid, 'WAITING');
    expect((await applicant.call(G.step, { id: cancelled, action: 'cancel' })).success).toBe(true);
    // Three of them were made five minutes ago (the sweep leaves a payment alone for its first two minutes).
    await t.deps.db.execute(sql`update goods_payments set created_at = now() - interval '5 minutes'
      where enterprise_id = ${ep} and payment_no in (${nos.lost}, ${nos.unpaid}, ${nos.cancelled})`);

    // Another enterprise's sweep touches none of ours.
    const other = await stockedTeam(t);
    expect(await queryWaitingPayments(t.deps, other.tm.ep)).toBe(0);
    expect(await stateOf(ep, lost)).toBe(1);

    // Two sweeps at once: the lost one is settled exactly once (and the cancelled one's money, paid after all, kept for its refund).
    const settled = await Promise.all([queryWaitingPayments(t.deps, ep), queryWaitingPayments(t.deps, ep)]);
    expect(settled[0] + settled[1]).toBe(2);
    expect(await stateOf(ep, lost)).toBe(2);
    expect(await stateOf(ep, young)).toBe(1);
    expect(await stateOf(ep, unpaid)).toBe(1);
    expect(await stateOf(ep, cancelled)).toBe(6);
    expect(await payStateOf(ep, nos.cancelled)).toBe(2);
    const logs = await rows<{ note: string }>(
      t.deps.db,
      sql`select note from spare_state_logs where enterprise_id = ${ep} and kind = 'goods' and record_id = ${lost} and action = 'pay'`,
    );
    expect(logs.map((l) => l.note)).toEqual([`在线支付（微信，交易号 T${nos.lost}）`]);

    // The unpaid one is asked again only after five minutes: now paid, the next sweep within them leaves it.
    standing.set(nos.unpaid, 'SUCCESS');
    expect(await queryWaitingPayments(t.deps, ep)).toBe(0);
    await t.deps.db.execute(
      sql`update goods_payments set queried_at = now() - interval '6 minutes' where enterprise_id = ${ep} and payment_no = ${nos.unpaid}`,
    );
    expect(await queryWaitingPayments(t.deps, ep)).toBe(1);
    expect(await stateOf(ep, unpaid)).toBe(2);
  });

  it('cancelling a paid application gives the money back once (10 cancels at once, the job run twice); a refused refund waits with its reason', async () => {
    const s = await stockedTeam(t);
    const ep = s.tm.ep;
    await configure(ep, 'HTTP');
    const applicant = s.tm.admin.client;
    const apply = async () => (await applicant.call(G.apply, { paymentMethod: 2, items: [{ spareId: s.spare, quantity: 1 }] })).data.id as number;
    const [id, refused] = [await apply(), await apply()];
    const paid = async (gid: number) => {
      const pay = (await applicant.call(G.payOnline, { id: gid })).data;
      expect((await notify(ep, notice(pay.paymentNo, pay.amountCents))).success).toBe(true);
      return pay;
    };
    const pay = await paid(id);
    expect((await applicant.call(G.detail, { id })).data.payState).toBe(1);

    const answers = await Promise.all(Array.from({ length: 10 }, () => applicant.call(G.step, { id, action: 'cancel' })));
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(await payStateOf(ep, pay.paymentNo)).toBe(2);
    expect((await applicant.call(G.detail, { id })).data.payState).toBe(2);
    await drainJobs(t.deps);
    expect(await payStateOf(ep, pay.paymentNo)).toBe(3);
    const made = [...refunds.values()].filter((r) => r.outTradeNo === pay.paymentNo);
    expect(made).toEqual([expect.objectContaining({ amount: pay.amountCents, outRefundNo: `R${pay.paymentNo}` })]);
    // A second run of the job (a retry after a lost answer) refunds nothing more.
    const [p] = await rows<{ id: number }>(t.deps.db, sql`select id::int from goods_payments where enterprise_id = ${ep} and payment_no = ${pay.paymentNo}`);
    await refundPayment(t.deps, ep, Number(p?.id));
    expect([...refunds.values()].filter((r) => r.outTradeNo === pay.paymentNo)).toHaveLength(1);
    const logs = await rows<{ note: string }>(
      t.deps.db,
      sql`select note from spare_state_logs where enterprise_id = ${ep} and kind = 'goods' and record_id = ${id} and action = 'refund' order by id`,
    );
    expect(logs.map((l) => l.note)).toEqual([
      '申请单已取消，在线支付原路退回',
      `已退款 ${(pay.amountCents / 100).toFixed(2)} 元（退款单号 RFR${pay.paymentNo}）`,
    ]);
    expect((await applicant.call(G.detail, { id })).data.payState).toBe(3);

    // The gateway refuses: the payment waits in 退款中 with the reason, and the job is tried again.
    const other = await paid(refused);
    refundAnswer = 'FAIL';
    try {
      expect((await applicant.call(G.step, { id: refused, action: 'cancel' })).success).toBe(true);
      const [q] = await rows<{ id: number }>(
        t.deps.db,
        sql`select id::int from goods_payments where enterprise_id = ${ep} and payment_no = ${other.paymentNo}`,
      );
      await expect(refundPayment(t.deps, ep, Number(q?.id))).rejects.toThrow('refund FAIL');
      const [w] = await rows<{ state: number; refund_error: string }>(
        t.deps.db,
        sql`select state, refund_error from goods_payments where enterprise_id = ${ep} and id = ${q?.id}`,
      );
      expect(w).toEqual({ state: 2, refund_error: 'refund FAIL' });
      expect((await applicant.call(G.detail, { id: refused })).data).toMatchObject({ payState: 2, refundError: 'refund FAIL' });
      // Another enterprise's job for this payment finds nothing of its own.
      await refundPayment(t.deps, (await stockedTeam(t)).tm.ep, Number(q?.id));
      // The sweep tries a refused refund again after 30 minutes (its job may have given up by then).
      refundAnswer = 'SUCCESS';
      expect(await retryFailedRefunds(t.deps, ep)).toBe(1);
      expect(await payStateOf(ep, other.paymentNo)).toBe(3);
      expect(await retryFailedRefunds(t.deps, ep)).toBe(0);
    } finally {
      refundAnswer = 'SUCCESS';
    }
  });
});

describe('an application paid twice', () => {
  type Team = Awaited<ReturnType<typeof stockedTeam>>;
  /** An application waiting for its payment, with the applicant's 去支付 in hand. */
  async function unpaid(s: Team, method = 2) {
    await configure(s.tm.ep, 'HTTP');
    const id = (await s.tm.admin.client.call(G.apply, { paymentMethod: method, items: [{ spareId: s.spare, quantity: 1 }] })).data.id as number;
    const pay = async () => {
      const r = await s.tm.admin.client.call(G.payOnline, { id });
      expect(r.success, r.message).toBe(true);
      return r.data;
    };
    return { id, pay };
  }
  /** Two payments of one application: the first left past the 24 hours in which 去支付 answers it again. */
  async function twoPayments(s: Team) {
    const { id, pay } = await unpaid(s);
    const first = await pay();
    await t.deps.db.execute(
      sql`update goods_payments set created_at = now() - interval '25 hours' where enterprise_id = ${s.tm.ep} and payment_no = ${first.paymentNo}`,
    );
    const second = await pay();
    expect(second.paymentNo).not.toBe(first.paymentNo);
    return { id, first, second };
  }

  it('去支付 again while its payment waits answers the same cashier (5 at once: one payment, one cashier handed out)', async () => {
    const s = await stockedTeam(t);
    const { id, pay } = await unpaid(s, 3);
    const first = await pay();
    expect(await pay()).toEqual(first);

    const other = await unpaid(s, 3);
    const answers = await race(5, () => s.tm.admin.client.call(G.payOnline, { id: other.id }));
    expect(tally(answers)).toEqual({ ok: 5 });
    const nos = new Set(answers.map((a) => a.data.paymentNo));
    expect(nos.size).toBe(1);
    const made = await rows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from goods_payments where enterprise_id = ${s.tm.ep} and goods_order_id = ${other.id}`,
    );
    expect(made[0]?.n).toBe(1);
    expect(await stateOf(s.tm.ep, id)).toBe(1);
  });

  it('a second payment’s money after the first was paid: SUCCESS, kept and given back; the order and the first payment stay', async () => {
    const s = await stockedTeam(t);
    const ep = s.tm.ep;
    const { id, first, second } = await twoPayments(s);
    expect((await notify(ep, notice(second.paymentNo, second.amountCents))).data.result).toBe('SUCCESS');
    expect(await stateOf(ep, id)).toBe(2);

    // The old cashier paid late: the provider must stop sending, and the money goes back.
    const late = await notify(ep, notice(first.paymentNo, first.amountCents));
    expect(late.success, late.message).toBe(true);
    expect(late.data.result).toBe('SUCCESS');
    expect(await payStateOf(ep, first.paymentNo)).toBe(2);
    expect(await logsOf(ep, id, 'refund')).toEqual([`重复支付到账（支付宝，交易号 T${first.paymentNo}），申请单已支付，原路退回`]);
    // A repeat of it changes nothing more.
    expect((await notify(ep, notice(first.paymentNo, first.amountCents))).data.result).toBe('SUCCESS');
    await drainJobs(t.deps);
    expect(await payStateOf(ep, first.paymentNo)).toBe(3);
    expect(refundsOf(first.paymentNo)).toEqual([expect.objectContaining({ amount: first.amountCents, outRefundNo: `R${first.paymentNo}` })]);
    expect(refundsOf(second.paymentNo)).toEqual([]);
    expect(await payStateOf(ep, second.paymentNo)).toBe(1);
    expect(await stateOf(ep, id)).toBe(2);
    expect(await logsOf(ep, id, 'pay')).toEqual([`在线支付（支付宝，交易号 T${second.paymentNo}）`]);
    expect((await logsOf(ep, id, 'refund'))[1]).toBe(`已退款 ${(first.amountCents / 100).toFixed(2)} 元（退款单号 RFR${first.paymentNo}）`);
    // The detail still reads paid: the refund was of the extra money.
    expect((await s.tm.admin.client.call(G.detail, { id })).data).toMatchObject({ state: 2, payState: 1 });
  });

  it('a slow gateway holds nothing: the keeper confirms 线下 meanwhile; the 去支付 then answers 当前状态不允许该操作 and writes no payment', async () => {
    const s = await stockedTeam(t);
    const { id } = await unpaid(s, 3);
    let release = () => {};
    createHeld = new Promise<void>((r) => {
      release = r;
    });
    try {
      const slow = s.tm.admin.client.call(G.payOnline, { id });
      // The registration has reached the gateway, which does not answer yet.
      await expect.poll(() => [...received.values()].some((b) => b.subject === `备件申请单${id}`)).toBe(true);
      // Before, the application stayed locked until the gateway answered: this waited for it.
      const confirmed = await Promise.race([
        s.k.call(G.step, { id, action: 'pay' }).then((r) => r.success),
        new Promise((r) => setTimeout(() => r('waited for the gateway'), 3_000)),
      ]);
      expect(confirmed).toBe(true);
      release();
      const r = await slow;
      expect(r.code).toBe('INVALID_STATE');
      const made = await rows<{ n: number }>(
        t.deps.db,
        sql`select count(*)::int as n from goods_payments where enterprise_id = ${s.tm.ep} and goods_order_id = ${id}`,
      );
      expect(made[0]?.n).toBe(0);
      expect(await stateOf(s.tm.ep, id)).toBe(2);
    } finally {
      release();
      createHeld = null;
    }
  });

  it('the application changed while the gateway answered (another method): 数据已变更，请刷新后重试, no payment written; 去支付 again works', async () => {
    const s = await stockedTeam(t);
    const { id, pay } = await unpaid(s, 3);
    let release = () => {};
    createHeld = new Promise<void>((r) => {
      release = r;
    });
    try {
      const slow = s.tm.admin.client.call(G.payOnline, { id });
      await expect.poll(() => [...received.values()].some((b) => b.subject === `备件申请单${id}` && b.method === 3)).toBe(true);
      // No request changes the method of a waiting application today; the guard stands for the day one does.
      await t.deps.db.execute(sql`update goods_orders set payment_method = 2 where enterprise_id = ${s.tm.ep} and id = ${id}`);
      release();
      const r = await slow;
      expect(r).toMatchObject({ success: false, code: 'DATA_CHANGED', message: '数据已变更，请刷新后重试' });
      const made = await rows<{ n: number }>(
        t.deps.db,
        sql`select count(*)::int as n from goods_payments where enterprise_id = ${s.tm.ep} and goods_order_id = ${id}`,
      );
      expect(made[0]?.n).toBe(0);
    } finally {
      release();
      createHeld = null;
    }
    const again = await pay();
    expect(received.get(again.paymentNo)?.method).toBe(2);
  });

  it('the keeper confirmed 线下, then the online money arrives: SUCCESS, given back', async () => {
    const s = await stockedTeam(t);
    const ep = s.tm.ep;
    const { id, pay } = await unpaid(s, 3);
    const p = await pay();
    expect((await s.k.call(G.step, { id, action: 'pay' })).success).toBe(true);

    const r = await notify(ep, notice(p.paymentNo, p.amountCents));
    expect(r.success, r.message).toBe(true);
    expect(r.data.result).toBe('SUCCESS');
    expect(await logsOf(ep, id, 'refund')).toEqual([`重复支付到账（微信，交易号 T${p.paymentNo}），申请单已支付，原路退回`]);
    await drainJobs(t.deps);
    expect(await payStateOf(ep, p.paymentNo)).toBe(3);
    expect(refundsOf(p.paymentNo)).toHaveLength(1);
    expect(await stateOf(ep, id)).toBe(2);
    expect(await logsOf(ep, id, 'pay')).toHaveLength(1);
    expect((await s.tm.admin.client.call(G.detail, { id })).data).toMatchObject({ state: 2, payState: null, paid_time: expect.any(String) });
  });

  it('two payments of one application paid at once (10 notifications each): one moves the order, the other is given back', async () => {
    const s = await stockedTeam(t);
    const ep = s.tm.ep;
    const { id, first, second } = await twoPayments(s);
    const wire = new Client(t.app);
    const answers = await race(20, (i) => {
      const p = i % 2 ? first : second;
      return wire.request<{ result: string }>('POST', `/pay/goods/notify/${ep}`, notice(p.paymentNo, p.amountCents));
    });
    expect(tally(answers)).toEqual({ ok: 20 });
    expect(answers.every((a) => a.data.result === 'SUCCESS')).toBe(true);
    expect(await stateOf(ep, id)).toBe(2);
    const moved = await logsOf(ep, id, 'pay');
    expect(moved).toHaveLength(1);
    const [kept, back] = moved[0]?.includes(first.paymentNo) ? [first, second] : [second, first];
    expect(await payStateOf(ep, kept.paymentNo)).toBe(1);
    expect(await payStateOf(ep, back.paymentNo)).toBe(2);
    expect(await logsOf(ep, id, 'refund')).toEqual([`重复支付到账（支付宝，交易号 T${back.paymentNo}），申请单已支付，原路退回`]);
    await drainJobs(t.deps);
    expect(await payStateOf(ep, back.paymentNo)).toBe(3);
    expect(refundsOf(kept.paymentNo)).toEqual([]);
  });
});
