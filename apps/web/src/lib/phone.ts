import { useSyncExternalStore } from 'react';

/** Phone width: the same edge as the stylesheet's phone media query (`max-width: 767px`, antd's md breakpoint). */
export const PHONE_QUERY = '(max-width: 767px)';

const media = (): MediaQueryList | null => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(PHONE_QUERY) : null);

function subscribe(onChange: () => void): () => void {
  const m = media();
  m?.addEventListener?.('change', onChange);
  return () => m?.removeEventListener?.('change', onChange);
}

/** True at phone width (and follows a rotation or a resized window). */
export function usePhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => media()?.matches ?? false,
    () => false,
  );
}
