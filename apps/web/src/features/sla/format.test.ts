import { describe, expect, it } from 'vitest';
import { durationText, remainingText } from './format';

describe('SLA durations', () => {
  it('shows the two largest units', () => {
    expect(durationText(30_000)).toBe('不足1分钟');
    expect(durationText(90 * 60_000)).toBe('1小时30分钟');
    expect(durationText((1440 + 125) * 60_000)).toBe('1天2小时');
    expect(durationText(-5 * 60_000)).toBe('5分钟');
  });
  it('says remaining, overdue, paused, met', () => {
    expect(remainingText(10 * 60_000, 'running')).toBe('剩余10分钟');
    expect(remainingText(-10 * 60_000, 'running')).toBe('已超时10分钟');
    expect(remainingText(10 * 60_000, 'paused')).toBe('剩余10分钟（已暂停）');
    expect(remainingText(0, 'met')).toBe('已达成');
  });
});
