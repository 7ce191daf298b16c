import { describe, expect, it } from 'vitest';
import { type FeeStandardRule, pickStandard, pricedCents } from './fee.pricing';
import { settleMachine, type SettleAction } from './settle.machine';

const rule = (id: number, o: Partial<FeeStandardRule> = {}): FeeStandardRule => ({
  id,
  templateId: null,
  productCategory: null,
  regionCode: null,
  distanceFromKm: 0,
  distanceToKm: null,
  amountCents: id * 1000,
  ...o,
});

// Shanghai 310000 › 310100 › 310115 (浦东新区).
const RULES = [
  rule(1), // any order: 10.00
  rule(2, { templateId: 7 }), // 维修 anywhere
  rule(3, { templateId: 7, regionCode: '310000' }), // 维修 in Shanghai
  rule(4, { templateId: 7, regionCode: '310115' }), // 维修 in Pudong
  rule(5, { templateId: 7, productCategory: '空调' }), // 维修 of an air conditioner
  rule(6, { templateId: 7, productCategory: '空调', regionCode: '310000', distanceFromKm: 0, distanceToKm: 30 }),
  rule(7, { templateId: 7, productCategory: '空调', regionCode: '310000', distanceFromKm: 30, distanceToKm: null }),
  rule(8, { templateId: 9, distanceFromKm: 50 }), // 安装 only from 50 km
];
const SH = ['310000', '310100', '310115'];
const BJ = ['110000', '110100', '110105'];

describe('pickStandard: the most specific enabled row', () => {
  const cases: [string, { templateId: number; productCategory: string | null; regionCodes: (string | null)[]; distanceM: number | null }, number | null][] = [
    ['another type, no region: only the catch-all', { templateId: 1, productCategory: null, regionCodes: BJ, distanceM: null }, 1],
    ['repair in Beijing: the type row', { templateId: 7, productCategory: null, regionCodes: BJ, distanceM: 5000 }, 2],
    ['repair in Pudong: the district beats the province', { templateId: 7, productCategory: null, regionCodes: SH, distanceM: 5000 }, 4],
    ['repair in Minhang: the province row', { templateId: 7, productCategory: null, regionCodes: ['310000', '310100', '310112'], distanceM: 5000 }, 3],
    ['air conditioner in Beijing: type + category', { templateId: 7, productCategory: '空调', regionCodes: BJ, distanceM: 5000 }, 5],
    ['air conditioner in Shanghai, 29.999 km: the near band', { templateId: 7, productCategory: '空调', regionCodes: SH, distanceM: 29_999 }, 6],
    ['air conditioner in Shanghai, exactly 30 km: the far band', { templateId: 7, productCategory: '空调', regionCodes: SH, distanceM: 30_000 }, 7],
    ['air conditioner in Shanghai, distance unknown counts as 0', { templateId: 7, productCategory: '空调', regionCodes: SH, distanceM: null }, 6],
    ['install at 10 km: the 50 km band does not match, the catch-all does', { templateId: 9, productCategory: null, regionCodes: BJ, distanceM: 10_000 }, 1],
    ['install at 80 km: the band row', { templateId: 9, productCategory: null, regionCodes: BJ, distanceM: 80_000 }, 8],
    ['missing region codes never match a region row', { templateId: 7, productCategory: null, regionCodes: [null, null, null], distanceM: 0 }, 2],
  ];
  it.each(cases)('%s', (_, facts, want) => {
    expect(pickStandard(RULES, facts)?.id ?? null).toBe(want);
  });

  it('no row matches: null; on a tie the newest row wins', () => {
    expect(pickStandard([rule(2, { templateId: 7 })], { templateId: 8, productCategory: null, regionCodes: [], distanceM: 0 })).toBeNull();
    expect(
      pickStandard([rule(3, { templateId: 7 }), rule(9, { templateId: 7 })], { templateId: 7, productCategory: null, regionCodes: [], distanceM: 0 })?.id,
    ).toBe(9);
  });
});

describe('pricedCents: base × coefficient, half up to the cent', () => {
  it.each([
    [10000, 100, 10000],
    [10000, 120, 12000],
    [333, 150, 500], // 499.5 → 500
    [333, 149, 496], // 496.17 → 496
    [1, 50, 1], // 0.5 → 1
    [0, 130, 0],
    [12345, 1, 123], // 123.45 → 123
  ])('%i × %i%% = %i', (base, pct, want) => expect(pricedCents(base, pct)).toBe(want));
});

describe('the statement machine over every (state, action, side)', () => {
  const to = (state: number, action: SettleAction, side: 'finance' | 'provider', openDisputes = 0) => {
    const d = settleMachine.decide(state, action, { side, openDisputes });
    return 'to' in d ? d.to : d.refuse;
  };
  const LEGAL: Record<string, number> = {
    '1 issue finance': 2,
    '2 confirm provider': 3,
    '2 dispute provider': 4,
    '4 dispute provider': 4,
    '4 resolve finance': 2,
    '3 approve finance': 5,
    '3 reject finance': 1,
    '5 pay finance': 6,
  };
  it('allows exactly the legal steps; the wrong side gets NO_POWER, a paid statement SETTLE_PAID', () => {
    for (const state of [1, 2, 3, 4, 5, 6])
      for (const action of settleMachine.actions)
        for (const side of ['finance', 'provider'] as const) {
          const got = to(state, action, side);
          const want = LEGAL[`${state} ${action} ${side}`];
          if (want !== undefined) expect(got, `${state} ${action} ${side}`).toBe(want);
          else if (state === 6) expect(got).toBe('SETTLE_PAID');
          else expect(['INVALID_STATE', 'NO_POWER']).toContain(got);
        }
    expect(to(1, 'issue', 'provider')).toBe('NO_POWER');
    expect(to(2, 'confirm', 'finance')).toBe('NO_POWER');
  });
  it('open disputes: resolving keeps it disputed until the last, and block confirm and approve', () => {
    expect(to(4, 'resolve', 'finance', 1)).toBe(4);
    expect(to(4, 'resolve', 'finance', 0)).toBe(2);
    expect(to(2, 'confirm', 'provider', 1)).toBe('SETTLE_DISPUTE_OPEN');
    expect(to(3, 'approve', 'finance', 1)).toBe('SETTLE_DISPUTE_OPEN');
  });
});
