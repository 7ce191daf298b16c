import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeTotals, formatYuan, lineCents, toCents, toYuan } from './order.money';

describe('order money in cents', () => {
  it('converts two-decimal yuan exactly', () => {
    expect(toCents(0.1) + toCents(0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(1.005 * 100) / 100).toBe(100.5);
    expect(toYuan(1999)).toBe(19.99);
    expect(formatYuan(123450)).toBe('¥1,234.50');
  });

  it('prices lines by quantity in hundredths, half up, without overflow', () => {
    expect(lineCents(8000, 100)).toBe(8000);
    expect(lineCents(3333, 150)).toBe(5000); // 33.33 × 1.5 = 49.995 → 50.00
    expect(lineCents(1, 50)).toBe(1); // 0.005 → 0.01
    expect(lineCents(1, 49)).toBe(0);
    expect(lineCents(9_999_999_999, 999_999)).toBe(99_999_899_990_000); // 99,999,999.99 × 9,999.99 = 999,998,999,900.0001
  });

  it('adds every part and subtracts the discount; a discount above the total is refused', () => {
    expect(feeTotals({ serviceLines: [8000, 1250], feeLines: [5000], spare: 3000, other: 10, discount: 260 })).toEqual({
      service: 9250,
      fee: 5000,
      gross: 17260,
      receivable: 17000,
    });
    expect(feeTotals({ serviceLines: [], feeLines: [], spare: 0, other: 0, discount: 0 })?.receivable).toBe(0);
    expect(feeTotals({ serviceLines: [100], feeLines: [], spare: 0, other: 0, discount: 101 })).toBeNull();
  });

  it('totals equal the exact decimal sum for any two-decimal amounts', () => {
    const cents = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 20 }), cents, cents, (lines, spare, other) => {
        const yuan = lines.map((c) => c / 100);
        const t = feeTotals({ serviceLines: yuan.map(toCents), feeLines: [], spare, other, discount: 0 });
        expect(t?.receivable).toBe(lines.reduce((a, b) => a + b, 0) + spare + other);
      }),
    );
  });
});
