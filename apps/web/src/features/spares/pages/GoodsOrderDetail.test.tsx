import { describe, expect, it } from 'vitest';
import { payText } from './GoodsOrderDetail';

describe('付款 on a goods application', () => {
  it('says paid, refunded, or refunding with why the last try failed', () => {
    expect(payText({ paid_time: null, payState: null, refundError: null })).toBe('（待付款）');
    expect(payText({ paid_time: '2026-11-28 10:00:00', payState: 1, refundError: null })).toBe('（2026-11-28 10:00:00 已付款）');
    expect(payText({ paid_time: '2026-11-28 10:00:00', payState: 3, refundError: null })).toBe('（已退款）');
    expect(payText({ paid_time: null, payState: 2, refundError: '余额不足' })).toBe('（退款中，上次未成功：余额不足，将自动重试）');
  });

  it('shows a second payment’s refused refund beside 已付款 (the detail reads the refusal whatever the order’s state)', () => {
    expect(payText({ paid_time: '2026-11-28 10:00:00', payState: 1, refundError: '商户余额不足' })).toBe(
      '（2026-11-28 10:00:00 已付款）（重复支付的退款未成功：商户余额不足，将自动重试）',
    );
  });
});
