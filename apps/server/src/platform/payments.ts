// Online payment providers (docs/commerce.md "Online payment"). An enterprise picks one in its settings:
// - 线下 (the default): no online payment; the keeper confirms the money received (goods step 'pay').
// - HTTP: a payment gateway speaking the JSON protocol below, every message signed with the enterprise's secret.
//
// The protocol (HMAC-SHA256, hex, over the fields joined by '|' in the order given, the secret as the key):
//   create  POST {url}/payments  {merchantId, outTradeNo, amount, method, subject, notifyUrl, timestamp, sign}
//           sign over merchantId|outTradeNo|amount|method|timestamp → 200 {tradeNo, payUrl, sign over tradeNo|payUrl}
//   query   GET  {url}/payments/{outTradeNo}?merchantId=…&timestamp=…&sign=… (sign over merchantId|outTradeNo|timestamp)
//           → 200 {outTradeNo, tradeNo, amount, status, timestamp, sign} (the notification's fields and signature)
//   notify  POST our /api/pay/goods/notify/{enterpriseId} {merchantId, outTradeNo, tradeNo, amount, status, timestamp, sign}
//           sign over merchantId|outTradeNo|tradeNo|amount|status|timestamp; status 'SUCCESS' = paid; amounts in cents.
//   refund  POST {url}/refunds  {merchantId, outTradeNo, outRefundNo, amount, timestamp, sign}
//           sign over merchantId|outTradeNo|outRefundNo|amount|timestamp → 200 {refundNo, status, sign over refundNo|status};
//           status 'SUCCESS' = the money went back. The same outRefundNo again refunds nothing more (the gateway's rule).
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface PaymentRequest {
  outTradeNo: string;
  amountCents: number;
  /** PAYMENT_METHODS 2 支付宝, 3 微信, 4 银联. */
  method: number;
  subject: string;
  notifyUrl: string;
}
export interface PaymentResult {
  outTradeNo: string;
  tradeNo: string;
  amountCents: number;
  paid: boolean;
}

export interface PaymentProvider {
  readonly online: boolean;
  /** Registers the payment with the provider: where the payer goes (a page, or what a QR code carries). */
  create(p: PaymentRequest): Promise<{ tradeNo: string; payUrl: string }>;
  /** A notification's fields if its signature is the provider's; null otherwise. */
  verify(body: Record<string, unknown>): PaymentResult | null;
  /** Asks the provider how the payment stands (a lost notification). */
  query(outTradeNo: string): Promise<PaymentResult | null>;
  /** Gives a paid payment back in full; `outRefundNo` makes a repeat harmless. Throws when the provider refuses. */
  refund(r: RefundRequest): Promise<{ refundNo: string }>;
}
export interface RefundRequest {
  outTradeNo: string;
  outRefundNo: string;
  amountCents: number;
}

export const signFields = (secret: string, fields: (string | number)[]): string =>
  createHmac('sha256', secret).update(fields.map(String).join('|')).digest('hex');

const sameSign = (a: string, b: unknown): boolean =>
  typeof b === 'string' && /^[0-9a-f]{64}$/.test(b) && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/** 线下: nothing online; the keeper confirms the payment. */
export class OfflinePayments implements PaymentProvider {
  readonly online = false;
  async create(): Promise<never> {
    throw new Error('offline payments have no online step');
  }
  verify(): null {
    return null;
  }
  async query(): Promise<null> {
    return null;
  }
  async refund(): Promise<never> {
    throw new Error('offline payments have no online refund');
  }
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

export class HttpPayments implements PaymentProvider {
  readonly online = true;
  constructor(
    private readonly url: string,
    private readonly merchantId: string,
    private readonly secret: string,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /** A signed JSON request to the gateway; its JSON answer (a refusal or an unreachable gateway throws). */
  private async post(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const res = await fetch(`${this.url.replace(/\/$/, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`payment gateway answered ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  }

  async create(p: PaymentRequest): Promise<{ tradeNo: string; payUrl: string }> {
    const timestamp = this.now();
    const body = {
      merchantId: this.merchantId,
      outTradeNo: p.outTradeNo,
      amount: p.amountCents,
      method: p.method,
      subject: p.subject,
      notifyUrl: p.notifyUrl,
      timestamp,
      sign: signFields(this.secret, [this.merchantId, p.outTradeNo, p.amountCents, p.method, timestamp]),
    };
    const r = await this.post('/payments', body);
    const tradeNo = str(r.tradeNo);
    const payUrl = str(r.payUrl);
    if (!tradeNo || !/^https?:\/\//.test(payUrl) || !sameSign(signFields(this.secret, [tradeNo, payUrl]), r.sign))
      throw new Error('payment gateway answer not signed');
    return { tradeNo, payUrl };
  }

  verify(b: Record<string, unknown>): PaymentResult | null {
    const f = [str(b.merchantId), str(b.outTradeNo), str(b.tradeNo), str(b.amount), str(b.status), str(b.timestamp)];
    if (f[0] !== this.merchantId || !f[1] || !/^\d{1,15}$/.test(f[3] as string)) return null;
    if (!sameSign(signFields(this.secret, f), b.sign)) return null;
    return { outTradeNo: f[1] as string, tradeNo: f[2] as string, amountCents: Number(f[3]), paid: f[4] === 'SUCCESS' };
  }

  async query(outTradeNo: string): Promise<PaymentResult | null> {
    const timestamp = this.now();
    const qs = new URLSearchParams({
      merchantId: this.merchantId,
      timestamp: String(timestamp),
      sign: signFields(this.secret, [this.merchantId, outTradeNo, timestamp]),
    });
    const res = await fetch(`${this.url.replace(/\/$/, '')}/payments/${encodeURIComponent(outTradeNo)}?${qs}`, { signal: AbortSignal.timeout(10_000) });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`payment gateway answered ${res.status}`);
    return this.verify({ merchantId: this.merchantId, ...((await res.json()) as Record<string, unknown>) });
  }

  async refund(r: RefundRequest): Promise<{ refundNo: string }> {
    const timestamp = this.now();
    const body = {
      merchantId: this.merchantId,
      outTradeNo: r.outTradeNo,
      outRefundNo: r.outRefundNo,
      amount: r.amountCents,
      timestamp,
      sign: signFields(this.secret, [this.merchantId, r.outTradeNo, r.outRefundNo, r.amountCents, timestamp]),
    };
    const a = await this.post('/refunds', body);
    const refundNo = str(a.refundNo);
    if (!refundNo || !sameSign(signFields(this.secret, [refundNo, str(a.status)]), a.sign)) throw new Error('payment gateway answer not signed');
    if (a.status !== 'SUCCESS') throw new Error(`refund ${str(a.status) || 'refused'}`);
    return { refundNo };
  }
}
