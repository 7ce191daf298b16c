// Online payment of goods orders (docs/commerce.md "Online payment"): 去支付 registers a payment with the enterprise's
// provider (settings goods_pay_*; 线下 by default: the keeper confirms, goods step 'pay'); the provider's signed
// notification marks it paid once and moves the order 1 待付款 → 2 待审核 through the state-change helper; a paid
// application cancelled later (or paid after it was cancelled, or paid twice) gets its money back through the provider's refund.
import { goodsMachine, PAYMENT_METHODS } from '@sk/shared';
import { NOW } from '../../platform/sql';
import type { Executor, Tx } from '../../db/client';
import type { Config } from '../../config';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors';
import { addSweep, enqueue, registerJobHandler } from '../../platform/jobs';
import { HttpPayments, OfflinePayments, type PaymentProvider, type PaymentResult } from '../../platform/payments';
import { randomToken } from '../../platform/crypto';
import { openSecret } from '../../platform/secrets';
import type { UserActor } from '../../platform/actor';
import { changeState, insertStateLog } from '../../platform/state';
import { getSetting } from '../settings/index';
import * as repo from './goods.repo';
import { GOODS_STATE } from './goods.state';

/** Methods paid online (PAYMENT_METHODS 2 支付宝, 3 微信, 4 银联); 1 线下支付 and 5 签单 are confirmed by the keeper. */
export const ONLINE_METHODS = [2, 3, 4];

/** The enterprise's provider: HTTP when chosen and fully configured, else 线下. */
export async function paymentsOf(ex: Executor, config: Config, ep: number): Promise<PaymentProvider> {
  if ((await getSetting(ex, ep, 'goods_pay_provider')) !== 'HTTP') return new OfflinePayments();
  const url = await getSetting(ex, ep, 'goods_pay_url');
  const merchant = await getSetting(ex, ep, 'goods_pay_merchant');
  const sealed = await getSetting(ex, ep, 'goods_pay_secret');
  const secret = sealed ? openSecret(config, sealed) : null;
  return url && merchant && secret ? new HttpPayments(url, merchant, secret) : new OfflinePayments();
}

/**
 * 去支付: the applicant's unpaid application with an online method; the amount is its lines at their sale price. A
 * payment of it still waiting (same method and amount) is answered again: the payer who closed the cashier goes back
 * to it instead of paying twice. The gateway is called with nothing held (a slow gateway kept the application locked,
 * and a pool connection busy, for up to its timeout); the payment is written after, under the application's lock, only
 * if no other 去支付 wrote one meanwhile: two at once hand out one cashier. A registration that is not written was never
 * shown to anyone, so it cannot be paid.
 */
export async function payOnline(deps: Deps, u: UserActor, id: number, origin: string) {
  const provider = await paymentsOf(deps.db, deps.config, u.enterpriseId);
  const before = await deps.db.transaction((tx) => payable(tx, provider, u, id));
  if (before.open) return before.open;
  const paymentNo = `GP${id}${randomToken()
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 12)}`;
  const made = await registerAtGateway(provider, u.enterpriseId, { id, paymentNo, method: before.method, amountCents: before.amountCents }, origin);
  return deps.db.transaction(async (tx) => {
    const now = await payable(tx, provider, u, id);
    if (now.open) return now.open;
    // The application changed while the gateway answered (another method or lines): that registration is not for it.
    if (now.method !== before.method || now.amountCents !== before.amountCents) throw new AppError('DATA_CHANGED');
    const paymentId = await repo.insertPayment(tx, u.enterpriseId, {
      goodsOrderId: id,
      paymentNo,
      method: now.method,
      amountCents: now.amountCents,
      createdBy: u.id,
    });
    await repo.setPayUrl(tx, u.enterpriseId, paymentId, made.payUrl, made.tradeNo);
    return { paymentNo, amountCents: now.amountCents, payUrl: made.payUrl };
  });
}

/** The application as 去支付 needs it, locked for the transaction: its online method, its amount, a payment of it still waiting. */
async function payable(tx: Tx, provider: PaymentProvider, u: UserActor, id: number) {
  const ep = u.enterpriseId;
  const g = await repo.lockGoods(tx, ep, id, repo.ownGoods(u));
  if (!g) throw new AppError('NOT_FOUND');
  if (g.state !== 1) throw new AppError('INVALID_STATE');
  const method = g.payment_method as number | null;
  if (method == null || !ONLINE_METHODS.includes(method)) throw new AppError('PAY_METHOD_OFFLINE');
  if (!provider.online) throw new AppError('PAY_OFFLINE');
  const amountCents = await repo.amountCents(tx, ep, id);
  const waiting = await repo.openPayment(tx, ep, id, method, amountCents);
  const open = waiting ? { paymentNo: waiting.payment_no, amountCents, payUrl: waiting.pay_url } : null;
  return { method, amountCents, open };
}

/** The payment registered at the gateway; any failure there is 支付网关暂时无法下单 (nothing was written). */
async function registerAtGateway(
  provider: PaymentProvider,
  ep: number,
  g: { id: number; paymentNo: string; method: number; amountCents: number },
  origin: string,
): Promise<{ tradeNo: string; payUrl: string }> {
  try {
    return await provider.create({
      outTradeNo: g.paymentNo,
      amountCents: g.amountCents,
      method: g.method,
      subject: `备件申请单${g.id}`,
      notifyUrl: `${origin}/api/pay/goods/notify/${ep}`,
    });
  } catch {
    throw new AppError('PAY_GATEWAY_FAILED');
  }
}

/**
 * The provider's notification: refused unless signed with the enterprise's secret; a payment of another amount is
 * refused and changes nothing; the first paid notification marks the payment paid and moves the order (the payment
 * row is locked first: parallel or repeated notifications find it paid and change nothing).
 */
export async function receivePayNotify(deps: Deps, enterpriseId: string, body: Record<string, unknown>): Promise<{ result: string }> {
  const ep = /^\d{1,15}$/.test(enterpriseId) ? Number(enterpriseId) : 0;
  const known = ep ? await repo.enterpriseExists(deps.db, ep) : false;
  const r = known ? (await paymentsOf(deps.db, deps.config, ep)).verify(body) : null;
  if (!r) throw new AppError('PAY_SIGNATURE_INVALID');
  if (!r.paid) return { result: 'SUCCESS' };
  await deps.db.transaction((tx) => settlePaid(tx, ep, r));
  return { result: 'SUCCESS' };
}

/**
 * Marks the payment paid and moves its order, once: the payment row is locked first (parallel answers find it paid),
 * then the order (another payment or the keeper's 线下 confirmation settling at the same time is seen). Money for an
 * order cancelled meanwhile, or already paid otherwise, is kept as paid and given back at once (a refund job).
 */
async function settlePaid(tx: Tx, ep: number, r: PaymentResult): Promise<void> {
  const p = await repo.lockPayment(tx, ep, r.outTradeNo);
  if (!p) throw new AppError('NOT_FOUND');
  if (p.amount_cents !== r.amountCents) throw new AppError('PAY_AMOUNT_MISMATCH');
  if (p.state !== 0) return;
  const g = await repo.lockGoods(tx, ep, p.goods_order_id);
  if (!g) throw new AppError('NOT_FOUND');
  const method = PAYMENT_METHODS[p.method as keyof typeof PAYMENT_METHODS] ?? '';
  const paid = `（${method}，交易号 ${r.tradeNo}）`;
  await repo.markPaid(tx, ep, p.id, r.tradeNo);
  if (g.state === GOODS_CANCELLED) {
    await startRefunds(tx, ep, p.goods_order_id, `在线支付到账${paid}，申请单已取消，原路退回`);
    return;
  }
  if (g.state !== GOODS_UNPAID) {
    await startRefund(tx, ep, p.id, g, `重复支付到账${paid}，申请单已支付，原路退回`);
    return;
  }
  await changeState(tx, {
    table: GOODS_STATE,
    machine: goodsMachine,
    enterpriseId: ep,
    id: p.goods_order_id,
    action: 'pay',
    // The provider confirms the money as the keeper would.
    ctx: { keeper: true, applicant: false },
    actorId: null,
    note: `在线支付${paid}`,
    patch: { paid_at: NOW },
    current: g,
  });
}

const GOODS_UNPAID = 1;
const GOODS_CANCELLED = 6;
/** The job that gives an online payment back (a cancelled application's, or one paid twice). */
export const REFUND_JOB = 'goods.pay.refund';
/** One job per payment: ten cancels at once, or a retried notification, make one refund. */
const enqueueRefund = (tx: Tx, ep: number, paymentId: number) =>
  enqueue(tx, { kind: REFUND_JOB, enterpriseId: ep, payload: { paymentId }, uniqueKey: `goods.refund:${ep}:${paymentId}` });

/**
 * The order's paid online payments start their refund (state 2) in the caller's transaction, each with one job that
 * exists only if the cancellation commits; the log says so.
 */
export async function startRefunds(tx: Tx, ep: number, goodsOrderId: number, note = '申请单已取消，在线支付原路退回'): Promise<number> {
  const paid = await repo.startRefundRows(tx, ep, goodsOrderId);
  for (const p of paid) await enqueueRefund(tx, ep, p.id);
  if (paid.length)
    await insertStateLog(tx, GOODS_STATE, {
      enterpriseId: ep,
      id: goodsOrderId,
      from: GOODS_CANCELLED,
      to: GOODS_CANCELLED,
      action: 'refund',
      note,
      actorId: null,
    });
  return paid.length;
}

/** One paid payment (its row locked by the caller) starts its refund; the order, already paid otherwise, stays as it is. */
async function startRefund(tx: Tx, ep: number, paymentId: number, order: repo.GoodsRecord, note: string): Promise<void> {
  if (!(await repo.startRefundRow(tx, ep, paymentId))) return;
  await enqueueRefund(tx, ep, paymentId);
  await insertStateLog(tx, GOODS_STATE, { enterpriseId: ep, id: order.id, from: order.state, to: order.state, action: 'refund', note, actorId: null });
}

/**
 * Asks the provider to give the payment back (its refund number is the payment's, so a retry refunds nothing twice);
 * marks it refunded. A refusal is written on the payment for the keeper and thrown: the job interface tries again.
 */
export async function refundPayment(deps: Deps, ep: number, paymentId: number): Promise<void> {
  const p = await repo.refunding(deps.db, ep, paymentId);
  if (!p) return;
  try {
    const provider = await paymentsOf(deps.db, deps.config, ep);
    if (!provider.online) throw new Error('在线支付已关闭，请线下退款');
    const { refundNo } = await provider.refund({ outTradeNo: p.payment_no, outRefundNo: `R${p.payment_no}`, amountCents: p.amount_cents });
    await deps.db.transaction(async (tx) => {
      if (await repo.markRefunded(tx, ep, paymentId, refundNo))
        await insertStateLog(tx, GOODS_STATE, {
          enterpriseId: ep,
          id: p.goods_order_id,
          from: p.order_state,
          to: p.order_state,
          action: 'refund',
          note: `已退款 ${(p.amount_cents / 100).toFixed(2)} 元（退款单号 ${refundNo}）`,
          actorId: null,
        });
    });
  } catch (err) {
    const why = (err instanceof Error ? err.message : String(err)).slice(0, 200);
    await repo.setRefundError(deps.db, ep, paymentId, why);
    throw err;
  }
}

/** The sweep that asks the provider about payments whose notification never came (all enterprises, once per slot). */
export const PAY_QUERY_JOB = 'goods.pay.query';
const QUERY_BATCH = 50;

/**
 * Asks after waiting payments from 2 minutes to 24 hours old, each at most every 5 minutes; one the provider reports
 * paid (signed, same amount) is settled as its notification would have been (refunded if its order was cancelled
 * meanwhile or paid otherwise). A provider that does not answer, or a payment it does not know, is asked again at the next turn.
 * Answers how many were settled.
 */
export async function queryWaitingPayments(deps: Deps, enterpriseId?: number): Promise<number> {
  const due = await repo.claimPayments(deps.db, repo.waitingPayments, QUERY_BATCH, enterpriseId);
  let settled = 0;
  for (const d of due) {
    const ep = d.enterprise_id;
    try {
      const r = await (await paymentsOf(deps.db, deps.config, ep)).query(d.payment_no);
      if (!r?.paid || r.outTradeNo !== d.payment_no) continue;
      await deps.db.transaction((tx) => settlePaid(tx, ep, r));
      settled++;
    } catch {
      // Unreachable gateway, an unsigned answer, another amount or an order moved on: asked again at the next turn.
    }
  }
  return settled;
}

/**
 * Refunds still refused after their job gave up are tried again every 30 minutes by the same sweep (the refund number
 * is the payment's: a refund that did go through meanwhile is not made twice). Answers how many went back.
 */
export async function retryFailedRefunds(deps: Deps, enterpriseId?: number): Promise<number> {
  const due = await repo.claimPayments(deps.db, repo.refusedRefunds, QUERY_BATCH, enterpriseId);
  let done = 0;
  for (const d of due) {
    try {
      await refundPayment(deps, d.enterprise_id, d.id);
      done++;
    } catch {
      // Written on the payment; the next turn tries again.
    }
  }
  return done;
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireGoodsPay(): void {
  registerJobHandler(REFUND_JOB, (job, deps) => refundPayment(deps, job.enterpriseId ?? 0, job.payload.paymentId));

  registerJobHandler(PAY_QUERY_JOB, async (job, deps) => {
    await queryWaitingPayments(deps, job.enterpriseId ?? undefined);
    await retryFailedRefunds(deps, job.enterpriseId ?? undefined);
  });

  addSweep({ name: PAY_QUERY_JOB, everySeconds: 60, kind: PAY_QUERY_JOB });
}
