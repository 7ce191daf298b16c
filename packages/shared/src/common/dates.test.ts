import { describe, expect, it } from 'vitest';
import { rangeEnd, rangeStart } from './dates';

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
