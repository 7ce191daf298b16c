import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const sent: { url: string; headers: Record<string, string> }[] = [];
const json = (data: unknown) => new Response(JSON.stringify({ success: true, message: '', data }), { headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('boot: the start-up requests', () => {
  it('leave as soon as it runs, for the address opened, with the app shell’s session header already', async () => {
    window.sessionStorage.setItem('sk_app_shell', '1');
    window.localStorage.setItem('sk_app_sid', 'sid-42');
    window.history.replaceState(null, '', '/allCustomer?from=home');
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, headers: (init.headers ?? {}) as Record<string, string> });
      return json(url.includes('sessionUser') ? { id: 7, name: '王管理', allRoles: [3], powers: [] } : null);
    });
    // A fresh module graph, as in the browser: nothing else has configured the request client yet.
    vi.resetModules();
    await import('./boot');
    const session = sent.find((s) => s.url.startsWith('/api/v2/sessionUser/info'));
    expect(session?.headers.sessionId).toBe('sid-42');
    expect(sent.map((s) => s.url)).toContain('/api/search/plan/default?pageKey=%2FallCustomer');
    const { firstPageReady } = await import('../lib/firstPage');
    const { settlePreloads } = await import('./testing');
    await firstPageReady();
    // firstPageReady gives up after 3 s; the page's chunk must finish loading before this module graph is let go.
    await settlePreloads(['/allCustomer']);
    vi.resetModules();
  });

  it('is the first import of the entry, so its requests leave before React, antd and the shell are evaluated', () => {
    const main = readFileSync(path.join(__dirname, 'main.tsx'), 'utf8');
    expect(main.match(/^import .*$/m)?.[0]).toBe("import './boot';");
  });
});
