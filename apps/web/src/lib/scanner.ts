/**
 * Barcode-scanner detection: a scanner "types" a code much faster than a person.
 * A code is accepted only when it is longer than 5 characters and every key arrived under 30 ms after
 * the previous one; 30 ms without a key ends the scan. Enter (sent by most scanners) also ends it.
 */
export const SCAN_MIN_LENGTH = 6;
export const SCAN_KEY_GAP_MS = 30;

export interface ScannerOptions {
  onScan: (code: string) => void;
  now?: () => number;
}

export interface Scanner {
  /** Feeds one key (KeyboardEvent.key). Answers true when the key was an Enter that completed a scan. */
  key: (key: string) => boolean;
  /** Drops the current buffer and its timer. */
  reset: () => void;
}

export function createScanner({ onScan, now = () => Date.now() }: ScannerOptions): Scanner {
  let buffer = '';
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    buffer = '';
  };
  const finish = (): boolean => {
    const code = buffer;
    clear();
    if (code.length < SCAN_MIN_LENGTH) return false;
    onScan(code);
    return true;
  };

  return {
    key(key) {
      if (key === 'Enter') return finish();
      if (key.length !== 1) return false; // Shift, Tab and other non-printing keys
      const t = now();
      if (buffer && t - last >= SCAN_KEY_GAP_MS) clear(); // too slow: a person typing, start over
      buffer += key;
      last = t;
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(finish, SCAN_KEY_GAP_MS);
      return false;
    },
    reset: clear,
  };
}
