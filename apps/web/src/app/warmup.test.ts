import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { menuContract } from '@sk/shared/menu/menu.contract';
import { processContract } from '@sk/shared/process/process.contract';
import { planDefaultKey } from '../components/list/planDefault';
import { configureApi } from '../lib/api';
import { cache } from '../lib/cache';
import { firstPageReady } from '../lib/firstPage';
import { apiKey, queryClient } from '../lib/query';
import { getSessionUser, loadSessionForGate } from '../lib/session';
import { MENU_CACHE_KEY } from '../shell/menu';
import { settlePreloads } from './testing';
import { warmUp } from './warmup';

let sent: string[];
const json = (data: unknown) => new Response(JSON.stringify({ success: true, message: '', data }), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sent = [];
  queryClient.clear();
  vi.stubGlobal('fetch', async (url: string) => {
    sent.push(url);
    if (url.includes('sessionUser')) return json({ id: 7, name: '王管理', allRoles: [3] });
    if (url.includes('menu/listV2')) return json({ groups: [], versionMessage: null });
    if (url.includes('queryOrderListSetting')) return json({ saved: true, columns: [{ key: 'orderNo', visible: true }] });
    return json(null);
  });
  cache.remove(MENU_CACHE_KEY);
  configureApi({ toast: () => {}, navigate: () => {}, refreshSession: () => {}, csrfToken: () => undefined, isAppShell: () => false });
});
// A warm-up's first page (a list route) may still be on its way: it lands in this test, not in the next one's requests.
afterEach(async () => {
  await firstPageReady();
  vi.unstubAllGlobals();
});
// The warm-up starts loading the pages' chunks; they finish here, not in the next file that shares this worker.
afterAll(() => settlePreloads(['/allCustomer', '/allOrder', '/guideOne']));

const sessionCalls = () => sent.filter((u) => u.startsWith('/api/v2/sessionUser/info'));

describe('start-up warm-up', () => {
  it('asks for the session and the page default plan at once, and the gate joins the session request', async () => {
    warmUp('/allCustomer');
    expect(sessionCalls()).toHaveLength(1);
    // Sent at once, not after the page's chunks load.
    expect(sent).toContain('/api/search/plan/default?pageKey=%2FallCustomer');
    const user = await loadSessionForGate();
    expect(user).toMatchObject({ id: 7 });
    expect(getSessionUser()).toMatchObject({ id: 7 });
    expect(sessionCalls()).toHaveLength(1);
    await vi.waitFor(() => expect(queryClient.getQueryState(planDefaultKey('/allCustomer'))?.status).toBe('success'));
    expect(sent).toContain('/api/search/plan/default?pageKey=%2FallCustomer');
  });

  it('asks for no plan on a page without saved plans, and for nothing on the login page', async () => {
    warmUp('/guideOne');
    expect(sessionCalls()).toHaveLength(1);
    await loadSessionForGate();
    warmUp('/login');
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.some((u) => u.includes('/search/plan/'))).toBe(false);
    expect(sent.filter((u) => u.includes('queryOrderListSetting'))).toHaveLength(0);
  });

  it('asks for the menu beside the session under the key the shell reads, unless a menu is cached', async () => {
    warmUp('/allCustomer');
    expect(sent).toContain('/api/v2/menu/listV2');
    await vi.waitFor(() => expect(queryClient.getQueryData(apiKey(menuContract.listV2, {}))).toEqual({ groups: [], versionMessage: null }));

    queryClient.clear();
    sent = [];
    cache.set(MENU_CACHE_KEY, { userId: 7, role: 3, menu: { groups: [], versionMessage: null } });
    warmUp('/allCustomer');
    expect(sessionCalls()).toHaveLength(1);
    expect(sent.some((u) => u.includes('menu/listV2'))).toBe(false);
  });

  it('asks for what an order list waits for (its column setting) at once, into the query the list reads', async () => {
    warmUp('/allOrder');
    expect(sent).toContain('/api/v2/temp/queryOrderListSetting');
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(apiKey(processContract.queryOrderListSetting, {}))).toEqual({
        saved: true,
        columns: [{ key: 'orderNo', visible: true }],
      }),
    );
    // Another list (customers) waits for no such setting.
    sent = [];
    warmUp('/allCustomer');
    expect(sent.some((u) => u.includes('queryOrderListSetting'))).toBe(false);
  });
});
