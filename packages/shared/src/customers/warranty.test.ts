import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { warrantyEnd, warrantyStart, warrantyState } from './warranty';

describe('warranty', () => {
  it('runs through the day before the anniversary', () => {
    expect(warrantyEnd('2024-03-01', 1, 3)).toBe('2025-02-28');
    expect(warrantyEnd('2024-01-31', 1, 2)).toBe('2024-02-28');
    expect(warrantyEnd('2024-05-10', 30, 1)).toBe('2024-06-08');
  });
  it('is null without a start or a period', () => {
    expect(warrantyEnd(null, 1, 3)).toBeNull();
    expect(warrantyEnd('2024-01-01', 0, 3)).toBeNull();
    expect(warrantyEnd('2024-01-01', 12, null)).toBeNull();
  });
  it('picks purchase time for start type 2 and install time for 3', () => {
    const dates = { purchaseDate: '2024-01-01', installDate: '2024-02-01' };
    expect(warrantyStart(2, dates)).toBe('2024-01-01');
    expect(warrantyStart(3, dates)).toBe('2024-02-01');
  });
  it('a longer period never ends earlier', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 600 }), fc.integer({ min: 1, max: 600 }), fc.constantFrom(1, 2, 3) as fc.Arbitrary<1 | 2 | 3>, (a, b, unit) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        return (warrantyEnd('2023-06-15', lo, unit) as string) <= (warrantyEnd('2023-06-15', hi, unit) as string);
      }),
    );
  });
  it('reads the state as of a day', () => {
    expect(warrantyState('2025-01-01', '2025-01-01')).toBe(1);
    expect(warrantyState('2025-01-01', '2025-01-02')).toBe(2);
    expect(warrantyState(null, '2025-01-02')).toBe(0);
  });
});
