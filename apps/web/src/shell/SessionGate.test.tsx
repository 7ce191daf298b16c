import type { SessionUserInfo } from '@sk/shared';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { firstPageReady, waitForFirstPage } from '../lib/firstPage';
import { setSessionUser } from '../lib/session';
import { SessionGate } from './SessionGate';

afterEach(async () => {
  cleanup();
  setSessionUser(null);
  waitForFirstPage(Promise.resolve());
  await firstPageReady();
});

const gate = () =>
  render(
    <MemoryRouter initialEntries={['/allOrder']}>
      <SessionGate>
        <p>外壳与页面</p>
      </SessionGate>
    </MemoryRouter>,
  );

describe('the session gate at start-up', () => {
  it('shows the shell only once the opening page’s code has loaded, so both render together', async () => {
    setSessionUser({ id: 1, name: '王管理', allRoles: [3], powers: [], isChargeUser: 1 } as unknown as SessionUserInfo);
    let loaded: () => void = () => {};
    waitForFirstPage(new Promise<void>((r) => (loaded = r)));
    gate();
    expect(screen.queryByText('外壳与页面')).toBeNull();
    await act(async () => loaded());
    expect(await screen.findByText('外壳与页面')).toBeTruthy();
  });

  it('shows the shell at once when the page’s code is there', () => {
    setSessionUser({ id: 1, name: '王管理', allRoles: [3], powers: [], isChargeUser: 1 } as unknown as SessionUserInfo);
    gate();
    expect(screen.getByText('外壳与页面')).toBeTruthy();
  });
});
