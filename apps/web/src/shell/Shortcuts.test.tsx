import type { SessionUserInfo } from '@sk/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocation } from 'react-router';
import { renderWithApp } from '../components/testing';
import { registerSearchFocus } from '../lib/searchFocus';
import { setSessionUser } from '../lib/session';
import { Shortcuts } from './Shortcuts';
import { createMatcher, SEQUENCE_MS } from './shortcuts';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function mount(powers: string[]) {
  setSessionUser({ id: 1, name: '派单员', sysrole: 1, powers, isChargeUser: 1 } as unknown as SessionUserInfo);
  renderWithApp(
    <>
      <Shortcuts />
      <Where />
      <input aria-label="备注" />
      <textarea aria-label="描述" />
    </>,
    '/guideOne',
  );
}
const where = () => screen.getByTestId('where').textContent;
const press = (key: string, target: Element = document.body, o: KeyboardEventInit = {}) => fireEvent.keyDown(target, { key, ...o });

afterEach(() => {
  cleanup();
  setSessionUser(null);
});

describe('Shortcuts', () => {
  it('g o and g c open 全部工单 and 全部客户; n opens 新建工单 only with its power', { timeout: 30_000 }, () => {
    mount(['menu_AllOrder', 'menu_AllCustomer']);
    press('g');
    press('o');
    expect(where()).toBe('/allOrder');
    press('g');
    press('c');
    expect(where()).toBe('/allCustomer');
    // No 新建工单 power: n does nothing (the page would only say 无权访问).
    press('n');
    expect(where()).toBe('/allCustomer');
    // o without g is nothing.
    press('o');
    expect(where()).toBe('/allCustomer');
    cleanup();
    mount(['menu_CreateOrder']);
    press('n');
    expect(where()).toBe('/createOrder');
    // 全部工单 without its power: g o stays.
    press('g');
    press('o');
    expect(where()).toBe('/createOrder');
  });

  it('never fires while the user types in an input or a text area', { timeout: 30_000 }, () => {
    mount(['menu_AllOrder', 'menu_CreateOrder']);
    const input = screen.getByLabelText('备注');
    input.focus();
    press('g', input);
    press('o', input);
    press('n', screen.getByLabelText('描述'));
    press('?', input);
    expect(where()).toBe('/guideOne');
    expect(screen.queryByText('键盘快捷键')).toBeNull();
    // Ctrl+O / ⌘N are the browser's, not ours.
    press('g');
    press('o', document.body, { ctrlKey: true });
    press('n', document.body, { metaKey: true });
    expect(where()).toBe('/guideOne');
  });

  it('? lists the shortcuts the user may use and Esc closes it; Ctrl+K, ⌘K and / focus the search', { timeout: 30_000 }, async () => {
    let focused = 0;
    const unregister = registerSearchFocus(() => focused++);
    mount(['menu_AllOrder']);
    press('?', document.body, { shiftKey: true });
    const dialog = await screen.findByRole('dialog', { name: '键盘快捷键' });
    expect(dialog.textContent).toContain('全部工单');
    expect(dialog.textContent).not.toContain('新建工单');
    expect(dialog.textContent).not.toContain('全部客户');
    // Inside the open dialog the plain keys are off.
    press('g', dialog);
    press('o', dialog);
    expect(where()).toBe('/guideOne');
    press('Escape', dialog);
    // Closed: the keys work again (antd keeps the closing dialog in the DOM while its animation runs).
    press('g');
    press('o');
    expect(where()).toBe('/allOrder');
    const k = press('k', document.body, { ctrlKey: true });
    expect(k).toBe(false); // prevented: the browser's own Ctrl+K does not run
    press('k', screen.getByLabelText('备注'), { metaKey: true });
    press('/');
    press('/', screen.getByLabelText('备注'));
    expect(focused).toBe(3);
    unregister();
  });
});

describe('createMatcher', () => {
  it('waits for the key after g only so long', () => {
    let t = 0;
    const match = createMatcher(() => t);
    expect(match('g')).toBeNull();
    t += SEQUENCE_MS;
    expect(match('o')).toBe('allOrder');
    expect(match('g')).toBeNull();
    t += SEQUENCE_MS + 1;
    expect(match('c')).toBeNull();
    expect(match('g')).toBeNull();
    expect(match('x')).toBeNull();
    expect(match('o')).toBeNull();
  });
});
