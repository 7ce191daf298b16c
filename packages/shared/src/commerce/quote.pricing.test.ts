import { describe, expect, it } from 'vitest';
import { coverageOf, coverageText, extensionStart, periodsOf } from './coverage';
import { discountOverLimit, priceQuoteLine, quoteTotals } from './quote.pricing';

const TODAY = '2026-11-24';

describe('coverageOf', () => {
  const ext = (start: string, end: string) => ({ start, end });
  it.each([
    ['in warranty', '2027-01-01', [], { state: 1, end: '2027-01-01', source: 'warranty' }],
    ['last day of warranty', TODAY, [], { state: 1, end: TODAY, source: 'warranty' }],
    ['lapsed yesterday', '2026-11-23', [], { state: 2, end: '2026-11-23', source: 'warranty' }],
    ['lapsed, extension in force', '2026-01-01', [ext('2026-01-02', '2027-06-30')], { state: 3, end: '2027-06-30', source: 'extension' }],
    ['in warranty, extension after it', '2027-01-01', [ext('2027-01-02', '2028-01-01')], { state: 1, end: '2027-01-01', source: 'warranty' }],
    ['extension lapsed too', '2025-01-01', [ext('2025-01-02', '2026-01-01')], { state: 2, end: '2026-01-01', source: 'extension' }],
    ['nothing known', null, [], { state: 0, end: null, source: null }],
    // Issue 65, 8: lapsed 2025-01-16, an extension from 2026-11-29: not yet begun on the day → 过保, the model's end.
    ['extension not yet begun', '2025-01-16', [ext('2026-11-29', '2027-11-28')], { state: 2, end: '2025-01-16', source: 'warranty' }],
    ['its first day', '2025-01-16', [ext(TODAY, '2027-11-23')], { state: 3, end: '2027-11-23', source: 'extension' }],
    [
      'back-to-back extensions are one coverage',
      '2025-01-01',
      [ext('2026-11-30', '2027-11-29'), ext('2025-11-30', '2026-11-29')],
      { state: 3, end: '2027-11-29', source: 'extension' },
    ],
    [
      'a gap between extensions (one voided) is not covered',
      '2025-01-01',
      [ext('2025-01-02', '2026-01-01'), ext('2027-01-01', '2027-12-31')],
      { state: 2, end: '2026-01-01', source: 'extension' },
    ],
  ] as const)('%s', (_n, w, e, out) => expect(coverageOf(w, e, TODAY)).toEqual(out));

  it('reads stored periods defensively and words the answer the same everywhere', () => {
    expect(periodsOf([{ start: '2027-01-01', end: '2027-12-31' }, { start: 'x' }, null, { start: '2026-01-01', end: '2026-12-31' }])).toEqual([
      { start: '2026-01-01', end: '2026-12-31' },
      { start: '2027-01-01', end: '2027-12-31' },
    ]);
    expect(periodsOf(null)).toEqual([]);
    expect(coverageText({ state: 3, end: '2027-11-28' })).toBe('延保（至2027-11-28）');
    expect(coverageText({ state: 2, end: '2025-01-16' })).toBe('过保（至2025-01-16）');
    expect(coverageText({ state: 0, end: null })).toBe('未知');
  });

  it('an extension starts the day after the coverage, or today when it has lapsed', () => {
    expect(extensionStart('2026-12-31', null, TODAY)).toBe('2027-01-01');
    expect(extensionStart('2026-12-31', '2027-12-31', TODAY)).toBe('2028-01-01');
    expect(extensionStart('2026-01-01', null, TODAY)).toBe(TODAY);
    expect(extensionStart(null, null, TODAY)).toBe(TODAY);
  });
});

describe('priceQuoteLine over coverage cases', () => {
  const service = { kind: 1 as const, unitCents: 8000, quantity: 2 };
  const part = { kind: 2 as const, unitCents: 120000, quantity: 1, warrantyPart: true };
  const consumable = { kind: 2 as const, unitCents: 15050, quantity: 2, warrantyPart: false };
  const other = { kind: 3 as const, unitCents: 3000, quantity: 1 };
  it.each([
    ['in warranty', { state: 1, end: '2027-01-01' }, [0, 0, 30100, 3000], '保修期内（至2027-01-01），保内免费'],
    ['extension', { state: 3, end: '2027-06-30' }, [0, 0, 30100, 3000], '延保期内（至2027-06-30），延保免费'],
    ['out of warranty', { state: 2, end: '2026-01-01' }, [16000, 120000, 30100, 3000], null],
    ['unknown', { state: 0, end: null }, [16000, 120000, 30100, 3000], null],
  ] as const)('%s', (_n, c, amounts, reason) => {
    const priced = [service, part, consumable, other].map((l) => priceQuoteLine(l, c));
    expect(priced.map((p) => p.amountCents)).toEqual(amounts);
    expect(priced[0]?.coverReason).toBe(reason);
    expect(priced[1]?.coverReason).toBe(reason);
    expect(priced[2]?.coverReason).toBeNull();
    expect(priced[3]?.coverReason).toBeNull();
  });

  it('totals in cents; a discount larger than the gross is refused; the limit is per cent of the gross', () => {
    expect(
      quoteTotals(
        [{ amountCents: 10 }, { amountCents: 20 }].map((x) => ({ ...x, coverReason: null })),
        5,
      ),
    ).toEqual({ grossCents: 30, totalCents: 25 });
    expect(quoteTotals([{ amountCents: 10, coverReason: null }], 11)).toBeNull();
    expect(discountOverLimit(1000, 10000, 10)).toBe(false);
    expect(discountOverLimit(1001, 10000, 10)).toBe(true);
    expect(discountOverLimit(0, 0, 0)).toBe(false);
  });
});
