import { describe, expect, it } from 'vitest';
import { dateText, calendarDayText, isCalendarText, rangeEnd, rangeStart } from './dates';

describe('date ranges', () => {
  it('moves an end at 00:00 to 23:59:59 of the same day, in dash format', () => {
    expect(rangeEnd('2026/11/22')).toBe('2026-11-22 23:59:59');
    expect(rangeEnd('2026-11-22 00:00:00')).toBe('2026-11-22 23:59:59');
  });
  it('keeps an end that has a time of day', () => {
    expect(rangeEnd('2026-11-22 08:30:00')).toBe('2026-11-22 08:30:00');
    expect(rangeEnd('2026-11-22 00:00:01')).toBe('2026-11-22 00:00:01');
  });
  it('formats the start in dash format', () => {
    expect(rangeStart('2026/01/02')).toBe('2026-01-02 00:00:00');
  });
});

describe('calendar dates', () => {
  it('accepts real days and moments, with dashes or slashes', () => {
    for (const v of ['2026-02-28', '2024-02-29', '2026/12/31', '2026-02-28 23:59:59', '2026-02-28 08:30']) expect(isCalendarText(v)).toBe(true);
  });
  it('refuses impossible days and times that a regex lets through', () => {
    for (const v of ['2026-02-30', '2026-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-02-28 24:00:00', '2026-02-28 12:60', '2026-02-28 12:00:61'])
      expect(isCalendarText(v)).toBe(false);
  });
  it('the shared schemas answer in Chinese', () => {
    expect(dateText('日期格式应为YYYY-MM-DD').safeParse('2026-02-30').error?.issues[0]?.message).toBe('日期格式应为YYYY-MM-DD');
    expect(dateText('日期格式应为YYYY-MM-DD').safeParse('2026-02-28 10:00').success).toBe(true);
    expect(calendarDayText('日期格式应为YYYY-MM-DD').safeParse('2026-02-28 10:00').success).toBe(false);
    expect(calendarDayText('日期格式应为YYYY-MM-DD').safeParse('2026-02-29').success).toBe(false);
  });
});
