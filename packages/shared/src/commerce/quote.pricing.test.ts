import { describe, expect, it } from 'vitest';
import { coverageOf, extensionStart } from './coverage';
import { discountOverLimit, priceQuoteLine, quoteTotals } from './quote.pricing';

const TODAY = '2026-11-24';

describe('coverageOf', () => {
  it.each([
    ['in warranty', '2027-01-01', null, { state: 1, end: '2027-01-01' }],
    ['last day of warranty', TODAY, null, { state: 1, end: TODAY }],
    ['lapsed yesterday', '2026-11-23', null, { state: 2, end: '2026-11-23' }],
    ['lapsed, extension in force', '2026-01-01', '2027-06-30', { state: 3, end: '2027-06-30' }],
    ['in warranty, extension after it', '2027-01-01', '2028-01-01', { state: 1, end: '2027-01-01' }],
    ['extension lapsed too', '2025-01-01', '2026-01-01', { state: 2, end: '2026-01-01' }],
    ['nothing known', null, null, { state: 0, end: null }],
  ] as const)('%s', (_n, w, e, out) => expect(coverageOf(w, e, TODAY)).toEqual(out));

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
