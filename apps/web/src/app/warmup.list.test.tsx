import { cleanup, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { planDefaultKey } from '../components/list/planDefault';
import { renderWithApp } from '../components/testing';
import { configureApi } from '../lib/api';
import { cache } from '../lib/cache';
import { firstPageReady } from '../lib/firstPage';
import { queryClient } from '../lib/query';
import { setSessionUser } from '../lib/session';
import { MENU_CACHE_KEY } from '../shell/menu';
import { layoutRoutes } from './routes';
import { settlePreloads } from './testing';
import { warmUp } from './warmup';

vi.setConfig({ testTimeout: 30_000 }); // antd in jsdom is slow on a shared 2-core machine

let sent: string[];
let plan: unknown;
let sysrole = 3;
/** 1 a paid plan, 0 the free one (whose 我的工单 is locked). */
let plan0 = 1;
/** Every page's power: the warm-up reads nothing for a page the guard would not show. */
const ALL_POWERS = [...new Set(layoutRoutes().flatMap((r) => [...(r.power ? [r.power] : []), ...(r.anyPower ?? [])]))];
const json = (data: unknown) => new Response(JSON.stringify({ success: true, message: '', data }), { headers: { 'content-type': 'application/json' } });
const ROW = { id: 1, orderNo: 'GD20261127-0001', title: '空调不制冷', state: 1 };

beforeEach(() => {
  sent = [];
  plan = null;
  sysrole = 3;
  plan0 = 1;
  queryClient.clear();
  vi.stubGlobal('fetch', async (url: string) => {
    sent.push(url);
    if (url.includes('sessionUser'))
      return json({
        id: 7,
        name: '王管理',
        allRoles: [sysrole],
        sysrole,
        leadsTeam: false,
        powers: ALL_POWERS,
        isChargeUser: plan0,
        seatsExceeded: false,
        defaultPageSize: 20,
      });
    if (url.includes('menu/listV2')) return json({ groups: [], versionMessage: null });
    if (url.includes('queryOrderListSetting')) return json({ saved: true, columns: [{ key: 'orderNo', visible: true }] });
    if (url.includes('search/plan/default')) return json(plan);
    if (url.includes('getAllOrderList')) return json({ list: [ROW], count: 1 });
    if (url.includes('table/cfg')) return json([]);
    return json(null);
  });
  cache.remove(MENU_CACHE_KEY);
  configureApi({ toast: () => {}, navigate: () => {}, refreshSession: () => {}, csrfToken: () => undefined, isAppShell: () => false });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await firstPageReady();
  setSessionUser(null);
});

// The pages' chunks the warm-ups started finish in this file (see ./testing).
afterAll(() => settlePreloads(['/allOrder', '/myOrder']));

const listCalls = () => sent.filter((u) => u.startsWith('/api/v2/order/getAllOrderList'));

/** Opens the app at the address; answers the query of the one first-page request its warm-up sends. */
async function warmedFirstPage(pathname: string, search: string): Promise<Record<string, string>> {
  warmUp(pathname, search);
  await vi.waitFor(() => expect(listCalls()).toHaveLength(1), { timeout: 20_000 });
  await firstPageReady();
  return Object.fromEntries(new URLSearchParams(listCalls()[0]?.split('?')[1]));
}

/** The page shows the warmed row and sends no request of its own for it. */
async function opensWithoutAsking(page: ReactElement, path: string): Promise<void> {
  renderWithApp(page, path, queryClient);
  expect(await screen.findByText(ROW.orderNo)).toBeTruthy();
  expect(listCalls()).toHaveLength(1);
}

describe('start-up warm-up of a list page’s first page', () => {
  it('asks for it beside the page’s chunks, with the URL’s tab and filters, under the key the page reads: the page shows it and does not ask again', async () => {
    const asked = await warmedFirstPage('/allOrder', '?tab=1&keyword=空调');
    // The enterprise's page size from the session, the tab's state, the URL's keyword, the page's scope.
    expect(asked).toMatchObject({ pageIndex: '0', pageSize: '20', sortType: '1', orderState: '1', keyword: '空调', scope: 'all' });
    const { default: AllOrder } = await import('../features/orders/lists/pages/AllOrder');
    await opensWithoutAsking(<AllOrder />, '/allOrder?tab=1&keyword=空调');
  });

  it('asks for 我的工单’s first page when the URL names its tab (a home to-do, a report figure), and the page does not ask again', async () => {
    sysrole = 2;
    const asked = await warmedFirstPage('/myOrder', '?tab=toServe');
    expect(asked).toMatchObject({ pageIndex: '0', pageSize: '20', tab: 'toServe', scope: 'mine' });
    const { default: MyOrder } = await import('../features/orders/lists/pages/MyOrder');
    await opensWithoutAsking(<MyOrder />, '/myOrder?tab=toServe');
  });

  it('does not guess 我的工单’s tab: without one the page counts where work waits first, so nothing is warmed', async () => {
    sysrole = 2;
    warmUp('/myOrder');
    await vi.waitFor(() => expect(queryClient.getQueryState(planDefaultKey('/myOrder'))?.status).toBe('success'));
    await firstPageReady();
    expect(listCalls()).toHaveLength(0);
  });

  it('does not ask for a page its guard will not show: 我的工单 on the free plan (the guard shows the lock, not a refusal beside it)', async () => {
    plan0 = 0;
    warmUp('/myOrder', '?tab=all');
    await vi.waitFor(() => expect(queryClient.getQueryState(planDefaultKey('/myOrder'))?.status).toBe('success'));
    await firstPageReady();
    expect(listCalls()).toHaveLength(0);
    // The same page on a paid plan asks.
    plan0 = 1;
    queryClient.clear();
    await warmedFirstPage('/myOrder', '?tab=all');
  });

  it('does not ask when a default search plan applies (the page turns the plan into filters itself)', async () => {
    plan = { id: 3, name: '我的方案', conditions: { keyword: '漏水' } };
    warmUp('/allOrder');
    await vi.waitFor(() => expect(queryClient.getQueryState(planDefaultKey('/allOrder'))?.status).toBe('success'));
    await firstPageReady();
    expect(listCalls()).toHaveLength(0);
  });
});
