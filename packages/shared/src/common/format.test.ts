import { describe, expect, it } from 'vitest';
import { discountText, distanceMeters, elapsed, fileSize, yuanText } from './format';

describe('elapsed', () => {
  const now = new Date('2026-11-22T12:00:00Z').getTime();
  const ago = (ms: number) => now - ms;
  it('says just now under a minute', () => {
    expect(elapsed(ago(0), now)).toBe('刚刚');
    expect(elapsed(ago(59_999), now)).toBe('刚刚');
  });
  it('steps through minutes, hours, days, weeks and months', () => {
    expect(elapsed(ago(60_000), now)).toBe('1分钟前');
    expect(elapsed(ago(59 * 60_000), now)).toBe('59分钟前');
    expect(elapsed(ago(3600_000), now)).toBe('1小时前');
    expect(elapsed(ago(23 * 3600_000), now)).toBe('23小时前');
    expect(elapsed(ago(86400_000), now)).toBe('1天前');
    expect(elapsed(ago(6 * 86400_000), now)).toBe('6天前');
    expect(elapsed(ago(7 * 86400_000), now)).toBe('1周前');
    expect(elapsed(ago(29 * 86400_000), now)).toBe('4周前');
    expect(elapsed(ago(30 * 86400_000), now)).toBe('1个月前');
    expect(elapsed(ago(95 * 86400_000), now)).toBe('3个月前');
  });
  it('treats a future time as just now', () => {
    expect(elapsed(now + 5000, now)).toBe('刚刚');
  });
});

describe('fileSize', () => {
  it('steps at 1024', () => {
    expect(fileSize(0)).toBe('0B');
    expect(fileSize(1023)).toBe('1023B');
    expect(fileSize(1024)).toBe('1KB');
    expect(fileSize(1536)).toBe('1.5KB');
    expect(fileSize(1024 ** 2)).toBe('1MB');
    expect(fileSize(5.25 * 1024 ** 3)).toBe('5.25GB');
    expect(fileSize(2 * 1024 ** 4)).toBe('2TB');
    expect(fileSize(3 * 1024 ** 5)).toBe('3072TB');
  });
});

describe('distanceMeters', () => {
  it('uses the 6378137 m earth radius', () => {
    // One degree of longitude on the equator is R * pi / 180.
    expect(distanceMeters(0, 0, 0, 1)).toBeCloseTo((6378137 * Math.PI) / 180, 3);
    expect(distanceMeters(31.23, 121.47, 31.23, 121.47)).toBe(0);
  });
});

describe('money', () => {
  it('reads yuan with two decimals, and nothing as ¥0.00 whatever its sign', () => {
    expect(yuanText(220)).toBe('¥220.00');
    expect(yuanText(0.1 + 0.2)).toBe('¥0.30');
    expect(yuanText(0)).toBe('¥0.00');
    expect(yuanText(-0)).toBe('¥0.00');
    expect(yuanText(-0.001)).toBe('¥0.00');
    expect(yuanText(-5)).toBe('-¥5.00');
  });
  it('takes a discount off the bill: -¥5.00, and no discount reads ¥0.00 (not -¥0.00)', () => {
    expect(discountText(5)).toBe('-¥5.00');
    expect(discountText(0.29)).toBe('-¥0.29');
    expect(discountText(0)).toBe('¥0.00');
    expect(discountText(-0)).toBe('¥0.00');
    expect(discountText(0.004)).toBe('¥0.00');
  });
});
