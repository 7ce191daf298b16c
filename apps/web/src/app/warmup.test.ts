import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { planDefaultKey } from '../components/list/planDefault';
import { configureApi } from '../lib/api';
import { queryClient } from '../lib/query';
import { getSessionUser, loadSessionForGate } from '../lib/session';
import { warmUp } from './warmup';

let sent: string[];
const json = (data: unknown) => new Response(JSON.stringify({ success: true, message: '', data }), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sent = [];
  queryClient.clear();
  vi.stubGlobal('fetch', async (url: string) => {
    sent.push(url);
    return json(url.includes('sessionUser') ? { id: 7, name: '王管理', allRoles: [3] } : null);
  });
  configureApi({ toast: () => {}, navigate: () => {}, refreshSession: () => {}, csrfToken: () => undefined, isAppShell: () => false });
});
afterEach(() => vi.unstubAllGlobals());

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
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent.some((u) => u.includes('/search/plan/'))).toBe(false);
  });
});
