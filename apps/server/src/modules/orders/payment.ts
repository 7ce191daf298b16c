import { formatYuan } from '@sk/shared';
import QRCode from 'qrcode';
import type { Deps } from '../../platform/deps';

/**
 * Where a payment QR code comes from. A deployment with an online wallet (支付宝, 微信, 银联: methods
 * 2–4) registers its provider as the 'payment' service; without one the offline provider answers.
 */
export interface PaymentProvider {
  name: string;
  /** Payment methods 1–5 this provider can take. */
  methods: number[];
  qrFor(o: {
    enterpriseId: number;
    orderId: number;
    orderNo: string;
    amountCents: number;
  }): Promise<{ qrCode: string | null; content: string; notice: string }>;
}

/** The default: payments are taken offline (1) or by signed bill (5) and recorded by the collection action. */
export class OfflinePaymentProvider implements PaymentProvider {
  name = 'offline';
  methods = [1, 5];
  async qrFor(o: { orderNo: string; amountCents: number }) {
    const content = `工单${o.orderNo} 应收金额${formatYuan(o.amountCents)}，请线下支付或签单`;
    return {
      // The code carries the order and amount for the customer's records; it is not a wallet payment link.
      qrCode: await QRCode.toDataURL(content, { errorCorrectionLevel: 'M', margin: 1, width: 240 }),
      content,
      notice: '未配置在线支付：支付宝、微信、银联等在线钱包需由管理员配置支付服务后才能扫码付款。当前请线下收款或签单，并在收款时记录收款方式。',
    };
  }
}

export function paymentProviderOf(deps: Deps): PaymentProvider {
  return (deps.services.get('payment') as PaymentProvider | undefined) ?? new OfflinePaymentProvider();
}
