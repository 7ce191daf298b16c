import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useMedia, WIDE_QUERY } from './phone';

const original = window.matchMedia;
const seen: boolean[] = [];

function Probe() {
  seen.push(useMedia(WIDE_QUERY));
  return null;
}

afterEach(() => {
  window.matchMedia = original;
});

describe('useMedia', () => {
  it('answers from the first render (no second render before the first paint) and follows a change', () => {
    const listeners = new Set<() => void>();
    let matches = true;
    window.matchMedia = ((query: string) => ({
      matches,
      media: query,
      addEventListener: (_: string, f: () => void) => listeners.add(f),
      removeEventListener: (_: string, f: () => void) => listeners.delete(f),
    })) as unknown as typeof window.matchMedia;
    render(<Probe />);
    expect(seen).toEqual([true]);
    matches = false;
    act(() => {
      for (const f of listeners) f();
    });
    expect(seen.at(-1)).toBe(false);
  });
});
