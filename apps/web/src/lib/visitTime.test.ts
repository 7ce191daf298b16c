import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { visitTime } from './visitTime';

const NOW = dayjs('2026-11-24 09:30:00'); // a Tuesday

describe('visitTime', () => {
  it('names the near days and keeps the time of day', () => {
    expect(visitTime('2026-11-24 14:30:00', NOW)).toBe('今天 14:30');
    expect(visitTime('2026-11-24 08:00:00', NOW)).toBe('今天 08:00');
    expect(visitTime('2026-11-25 00:05:00', NOW)).toBe('明天 00:05');
    expect(visitTime('2026-11-26 23:55:00', NOW)).toBe('后天 23:55');
    expect(visitTime('2026-11-23 16:00:00', NOW)).toBe('昨天 16:00');
  });

  it('shows other days of the year with their weekday, other years in full', () => {
    expect(visitTime('2026-11-28 10:00:00', NOW)).toBe('11/28 周六 10:00');
    expect(visitTime('2026-11-20 10:00:00', NOW)).toBe('11/20 周五 10:00');
    expect(visitTime('2027-01-05 10:00:00', NOW)).toBe('2027/01/05 10:00');
  });

  it('answers empty for nothing or nonsense', () => {
    expect(visitTime(null, NOW)).toBe('');
    expect(visitTime('', NOW)).toBe('');
    expect(visitTime('不是时间', NOW)).toBe('');
  });
});
