import { useSyncExternalStore } from 'react';

/** Phone width: the same edge as the stylesheet's phone media query (`max-width: 767px`, antd's md breakpoint). */
export const PHONE_QUERY = '(max-width: 767px)';

/** antd's xxl breakpoint: room for the top menu's every group beside the search box. */
export const WIDE_QUERY = '(min-width: 1600px)';

const media = (query: string): MediaQueryList | null => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query) : null);

type Watch = { subscribe: (onChange: () => void) => () => void; matches: () => boolean };
const watches = new Map<string, Watch>();

function watchOf(query: string): Watch {
  let w = watches.get(query);
  if (!w) {
    w = {
      subscribe: (onChange) => {
        const m = media(query);
        m?.addEventListener?.('change', onChange);
        return () => m?.removeEventListener?.('change', onChange);
      },
      matches: () => media(query)?.matches ?? false,
    };
    watches.set(query, w);
  }
  return w;
}

/**
 * Whether a media query matches, right from the first render (antd's Grid.useBreakpoint answers nothing at first and
 * renders its component again before the first paint), and after a rotation or a resized window.
 */
export function useMedia(query: string): boolean {
  const w = watchOf(query);
  return useSyncExternalStore(w.subscribe, w.matches, () => false);
}

/** True at phone width (and follows a rotation or a resized window). */
export const usePhone = (): boolean => useMedia(PHONE_QUERY);
