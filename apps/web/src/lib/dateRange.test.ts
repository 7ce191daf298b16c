import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { dateShortcuts, fromDashRange, toDashRange } from './dateRange';

const fmt = 'YYYY-MM-DD HH:mm:ss';
const ranges = (now: string) => Object.fromEntries(dateShortcuts(dayjs(now)).map((s) => [s.label, s.value.map((d) => d.format(fmt))]));

describe('date-range rule', () => {
  it('sends dash format and moves an end at 00:00 to 23:59:59', () => {
    expect(toDashRange('2024-03-01 00:00:00', '2024-03-05 00:00:00')).toEqual(['2024-03-01 00:00:00', '2024-03-05 23:59:59']);
  });

  it('keeps an end that has a time of day', () => {
    expect(toDashRange('2024-03-01 08:00:00', '2024-03-05 17:30:00')).toEqual(['2024-03-01 08:00:00', '2024-03-05 17:30:00']);
  });

  it('drops the time of whole-day picks: start of the first day, end of the last', () => {
    expect(toDashRange(dayjs('2024-03-01 14:22:10'), dayjs('2024-03-02 09:15:00'), true)).toEqual(['2024-03-01 00:00:00', '2024-03-02 23:59:59']);
  });

  it('reads a dash range back, and nothing for a half-empty one', () => {
    expect(fromDashRange(['2024-03-01 00:00:00', '2024-03-02 23:59:59'])?.map((d) => d.format(fmt))).toEqual(['2024-03-01 00:00:00', '2024-03-02 23:59:59']);
    expect(fromDashRange(['2024-03-01 00:00:00', ''])).toBeNull();
    expect(fromDashRange(null)).toBeNull();
  });
});

describe('date shortcuts', () => {
  it('answers the six ranges for a Wednesday', () => {
    expect(ranges('2024-05-15 10:30:00')).toEqual({
      今天: ['2024-05-15 00:00:00', '2024-05-15 23:59:59'],
      昨天: ['2024-05-14 00:00:00', '2024-05-14 23:59:59'],
      本周: ['2024-05-13 00:00:00', '2024-05-15 23:59:59'],
      本月: ['2024-05-01 00:00:00', '2024-05-15 23:59:59'],
      上月: ['2024-04-01 00:00:00', '2024-04-30 23:59:59'],
      今年: ['2024-01-01 00:00:00', '2024-05-15 23:59:59'],
    });
  });

  it('starts the week on Monday even on a Sunday', () => {
    expect(ranges('2024-05-19 09:00:00').本周).toEqual(['2024-05-13 00:00:00', '2024-05-19 23:59:59']);
    expect(ranges('2024-05-13 09:00:00').本周).toEqual(['2024-05-13 00:00:00', '2024-05-13 23:59:59']);
  });

  it('crosses the year for 上月 in January and 昨天 on New Year', () => {
    const r = ranges('2025-01-01 00:10:00');
    expect(r.上月).toEqual(['2024-12-01 00:00:00', '2024-12-31 23:59:59']);
    expect(r.昨天).toEqual(['2024-12-31 00:00:00', '2024-12-31 23:59:59']);
    expect(r.本周).toEqual(['2024-12-30 00:00:00', '2025-01-01 23:59:59']);
  });

  it('sends every shortcut in the API format unchanged', () => {
    for (const s of dateShortcuts(dayjs('2024-02-29 12:00:00'))) {
      const [a, b] = toDashRange(s.value[0], s.value[1]);
      expect(b.endsWith('23:59:59')).toBe(true);
      expect(a.endsWith('00:00:00')).toBe(true);
    }
  });
});
