// Keyboard shortcuts of the shell (Shortcuts.tsx): the table the help dialog shows, and the pure matcher of key sequences.

export type ShortcutAction = 'search' | 'help' | 'allOrder' | 'allCustomer' | 'createOrder';

export interface Shortcut {
  action: ShortcutAction;
  /** The keys as the help dialog shows them. */
  keys: string[];
  label: string;
  /** Where it goes, and the power the page needs (the shortcut is offered to holders only). */
  to?: string;
  power?: string;
}

export const SHORTCUTS: Shortcut[] = [
  { action: 'search', keys: ['Ctrl K', '⌘ K', '/'], label: '搜索工单、客户、设备、事件、项目' },
  { action: 'allOrder', keys: ['g o'], label: '全部工单', to: '/allOrder', power: 'menu_AllOrder' },
  { action: 'allCustomer', keys: ['g c'], label: '全部客户', to: '/allCustomer', power: 'menu_AllCustomer' },
  { action: 'createOrder', keys: ['n'], label: '新建工单', to: '/createOrder', power: 'menu_CreateOrder' },
  { action: 'help', keys: ['?'], label: '快捷键帮助' },
];

/** How long `g` waits for its second key. */
export const SEQUENCE_MS = 1500;

/** Where typing goes: text inputs, text areas, selects and editable content (a shortcut never fires there). */
export function isTyping(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  return !!el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="combobox"], [role="textbox"]');
}

/**
 * Feeds plain keys (no Ctrl, Alt or ⌘) and answers the action they complete: `/`, `?` and `n` at once, `g` then `o`
 * or `c` within SEQUENCE_MS. Any other key drops a pending `g`.
 */
export function createMatcher(now: () => number = Date.now) {
  let pendingAt: number | null = null;
  return (key: string): ShortcutAction | null => {
    const g = pendingAt != null && now() - pendingAt <= SEQUENCE_MS;
    pendingAt = null;
    if (g && key === 'o') return 'allOrder';
    if (g && key === 'c') return 'allCustomer';
    if (key === 'g') {
      pendingAt = now();
      return null;
    }
    if (key === '/') return 'search';
    if (key === '?') return 'help';
    if (key === 'n') return 'createOrder';
    return null;
  };
}
