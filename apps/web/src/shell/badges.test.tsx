import type { SessionUserInfo } from '@sk/shared/account/account.contract';
import type { MenuEntryView } from '@sk/shared/menu/menu.contract';
import { endpoint } from '@sk/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import '../components/testing';
import { NoticeBell } from '../features/notices/NoticeBell';
import { call, resetApiMemory } from '../lib/api';
import { queryClient } from '../lib/query';
import { setSessionUser } from '../lib/session';
import { MenuLabel } from './MenuLabel';
import { useBadges } from './menu';

// The shell's counts follow the user's own writes at once, not at their next poll (60 s for the menu, 30 s for the bell).

const entry = {
  id: 1,
  routerName: 'ExamineOrder',
  name: '待我审批',
  icon: 'audit',
  parentId: 0,
  form_type: 2,
  path: '/examineOrder',
  url: null,
  disabled: false,
  locked: false,
  lockNotice: null,
  badge: '/v2/order/examineOrderCount?type=-1',
  custom: false,
} as MenuEntryView;

/** An approval somewhere in a page (no badge declared against it anywhere). */
const approve = endpoint({ method: 'POST', path: '/test/approve', body: z.object({ id: z.number() }), response: z.unknown() });

let waiting = 3;
let unread = 2;
let asked: string[] = [];
beforeEach(() => {
  waiting = 3;
  unread = 2;
  asked = [];
  resetApiMemory();
  setSessionUser({ id: 1, name: '派单员', sysrole: 1, powers: [], isChargeUser: 1 } as unknown as SessionUserInfo);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = String(url);
    asked.push(`${init?.method ?? 'GET'} ${path}`);
    let data: unknown = null;
    if (path.includes('/test/approve')) {
      waiting -= 1;
      unread -= 1;
    } else if (path.includes('examineOrderCount')) data = waiting;
    else if (path.includes('/notify/center/count')) data = unread;
    else if (path.includes('/notice/center/count')) data = 0;
    return new Response(JSON.stringify({ success: true, message: '操作成功', data }), { status: 200 });
  });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  setSessionUser(null);
  vi.unstubAllGlobals();
});

function Menu() {
  const counts = useBadges([entry]);
  return <MenuLabel entry={entry} count={counts.get(entry.routerName)} />;
}

/** The badge requests in flight when the first screen's effects run (after the menu's: a later sibling). */
function FirstScreen({ seen }: { seen: (fetching: number) => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at the first screen
  useEffect(() => seen(queryClient.isFetching({ queryKey: ['badge'] })), []);
  return null;
}

/** The app's own query client (the one the request client's write hook refreshes), as the shell provides it. */
const renderShell = (ui: ReactNode) =>
  render(
    <App>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>
    </App>,
  );

const badgeCount = () => document.querySelector('.sk-badge')?.getAttribute('data-count');
const bellCount = () => screen.getByRole('button', { name: '通知' }).getAttribute('data-count');

describe('the shell’s counts after the user’s own write', () => {
  it('approving drops the menu badge and the bell at once, though no page declared them stale', async () => {
    renderShell(
      <>
        <Menu />
        <NoticeBell />
      </>,
    );
    await vi.waitFor(() => expect(badgeCount()).toBe('3'));
    await vi.waitFor(() => expect(bellCount()).toBe('2'));
    const countsAsked = asked.filter((a) => a.includes('examineOrderCount')).length;

    await call(approve, { id: 9 });
    // Well inside the 60 s poll: the write itself refreshed them.
    await vi.waitFor(() => expect(badgeCount()).toBe('2'), { timeout: 5000 });
    await vi.waitFor(() => expect(bellCount()).toBe('1'), { timeout: 5000 });
    expect(asked.filter((a) => a.includes('examineOrderCount')).length).toBe(countsAsked + 1);
  });

  it('a failed write leaves the counts alone (nothing changed on the server)', async () => {
    renderShell(<Menu />);
    await vi.waitFor(() => expect(badgeCount()).toBe('3'));
    const before = asked.length;
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      asked.push(`${init?.method ?? 'GET'} ${String(url)}`);
      return new Response(JSON.stringify({ success: false, code: 'NO_POWER', message: '您没有该功能的操作权限' }), { status: 200 });
    });
    await expect(call(approve, { id: 9 }, { silent: true })).rejects.toThrow('您没有该功能的操作权限');
    await new Promise((r) => setTimeout(r, 200));
    expect(asked.slice(before)).toEqual(['POST /api/test/approve']);
    expect(badgeCount()).toBe('3');
  });

  it('asks for the counts one render after the first screen, not in the task that shows it', async () => {
    let fetchingAtFirstScreen = -1;
    renderShell(
      <>
        <Menu />
        <FirstScreen
          seen={(n) => {
            fetchingAtFirstScreen = n;
          }}
        />
      </>,
    );
    expect(fetchingAtFirstScreen).toBe(0);
    await vi.waitFor(() => expect(badgeCount()).toBe('3'));
  });

  it('a large count shows as 99+ in the menu', async () => {
    waiting = 1234;
    renderShell(<Menu />);
    await vi.waitFor(() => expect(badgeCount()).toBe('1234'));
    expect(document.querySelector('.sk-badge')?.textContent).toBe('99+');
    // The name is its own box, so the stylesheet can ellipsize it and keep the count whole.
    expect(document.querySelector('.sk-menu-label-text')?.textContent).toBe('待我审批');
  });
});
