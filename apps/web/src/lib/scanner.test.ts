import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createScanner } from './scanner';

/** Types `text` one key every `gap` ms, then waits `after` ms. */
function type(s: ReturnType<typeof createScanner>, text: string, gap: number, after = 0) {
  for (const ch of text) {
    s.key(ch);
    vi.advanceTimersByTime(gap);
  }
  vi.advanceTimersByTime(after);
}

describe('scanner rule', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('accepts a fast code longer than 5 characters once 30 ms pass without a key', () => {
    const onScan = vi.fn();
    const s = createScanner({ onScan });
    for (const ch of 'SN123456') {
      s.key(ch);
      vi.advanceTimersByTime(10);
    }
    expect(onScan).not.toHaveBeenCalled();
    vi.advanceTimersByTime(19); // 29 ms of quiet: not over yet
    expect(onScan).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('SN123456');
  });

  it('refuses 5 characters and accepts exactly 6', () => {
    const onScan = vi.fn();
    const s = createScanner({ onScan });
    type(s, '12345', 5, 100);
    expect(onScan).not.toHaveBeenCalled();
    type(s, '123456', 5, 100);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('123456');
  });

  it('refuses keys 30 ms apart or slower (a person typing), accepts 29 ms', () => {
    const onScan = vi.fn();
    const s = createScanner({ onScan });
    type(s, 'ABCDEFGH', 30, 100);
    type(s, 'ABCDEFGH', 45, 100);
    expect(onScan).not.toHaveBeenCalled();
    type(s, 'ABCDEFGH', 29, 100);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('ABCDEFGH');
  });

  it('starts over after a slow key, so typed text does not leak into the code', () => {
    const onScan = vi.fn();
    const s = createScanner({ onScan });
    type(s, 'xy', 200);
    type(s, '9876543', 8, 40);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('9876543');
  });

  it('ends a scan at Enter and reports it; a short buffer is dropped', () => {
    const onScan = vi.fn();
    const s = createScanner({ onScan });
    type(s, 'QR0001', 5);
    expect(s.key('Enter')).toBe(true);
    expect(onScan).toHaveBeenCalledExactlyOnceWith('QR0001');
    vi.advanceTimersByTime(100);
    expect(onScan).toHaveBeenCalledTimes(1); // the quiet timer does not fire it again
    type(s, 'abc', 5);
    expect(s.key('Enter')).toBe(false);
    expect(onScan).toHaveBeenCalledTimes(1);
  });

  it('ignores non-printing keys and forgets everything on reset', () => {
    const onScan = vi.fn();
    const s = createScanner({ onScan });
    s.key('Shift');
    type(s, 'ABC', 5);
    s.reset();
    type(s, 'DEF', 5, 100);
    expect(onScan).not.toHaveBeenCalled();
  });
});
