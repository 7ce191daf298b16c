// The header's search box, reachable from anywhere (the Ctrl+K and / shortcuts): the box registers how it is focused.
let focusFn: (() => void) | null = null;

/** The search box registers its focus (or, on a phone, the dialog that holds it); the returned function unregisters. */
export function registerSearchFocus(fn: () => void): () => void {
  focusFn = fn;
  return () => {
    if (focusFn === fn) focusFn = null;
  };
}

/** Focuses the search box; false when none is mounted. */
export function focusSearch(): boolean {
  if (!focusFn) return false;
  focusFn();
  return true;
}
