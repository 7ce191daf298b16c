// The header's search box, reachable from anywhere (the shell's Ctrl+K and / shortcuts): the box (features/search)
// registers how it is focused. Here, below both, so that the shell needs no feature to focus it.
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
