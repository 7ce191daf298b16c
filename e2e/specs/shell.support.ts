// Helpers for the shell's browser tests (login, shell, guards, tabs). Everything goes through the real server.
import { type APIRequestContext, expect, type Page, request as pwRequest } from '@playwright/test';
import { DEMO_PASSWORD } from './helpers';

export const ADMIN = '13800000003';
export const DISPATCHER = '13800000001';
export const FREE_ADMIN = '13900000003';
export const TRIAL_ADMIN = '13700000003';

/** The last SMS code the dev outbox holds for a mobile. */
export async function outboxCode(api: APIRequestContext, mobile: string): Promise<string> {
  const r = await api.get(`/api/stand/dev/outbox?mobile=${mobile}`);
  const body = (await r.json()) as { data: { code: string | null } };
  expect(body.data.code).toMatch(/^\d{6}$/);
  return body.data.code as string;
}

/**
 * Logs the page in with the password call (it shares the page's cookies) and opens the home page, or the page a guard
 * sends the user to. login.spec tests the login page itself; loading and filling it in every other test cost CI minutes.
 */
export async function logIn(page: Page, mobile: string, password = DEMO_PASSWORD, expectPath: RegExp = /\/guideOne$/): Promise<void> {
  const r = await page.request.post('/api/stand/pwdLogin', { data: { mobile, password } });
  const body = (await r.json()) as { success: boolean; message: string; data?: { needChoose?: boolean } };
  expect(body.success, body.message).toBe(true);
  expect(body.data?.needChoose, 'one enterprise per test user').toBe(false);
  await page.goto('/guideOne');
  await expect(page).toHaveURL(expectPath);
  if (String(expectPath) === String(/\/guideOne$/)) await expect(page.locator('.sk-page:visible h4')).toContainText('，');
}

/**
 * Logs the page in and opens `path` as the first page: one start of the app rather than the home page's and then the
 * path's (each start costs 1.5–3 s on a loaded machine).
 */
export async function logInAt(page: Page, mobile: string, path: string, password = DEMO_PASSWORD): Promise<void> {
  const r = await page.request.post('/api/stand/pwdLogin', { data: { mobile, password } });
  const body = (await r.json()) as { success: boolean; message: string; data?: { needChoose?: boolean } };
  expect(body.success, body.message).toBe(true);
  expect(body.data?.needChoose, 'one enterprise per test user').toBe(false);
  await page.goto(path);
}

/**
 * Opens a path inside the running app the way its own links do, without loading the page again (a reload starts the app
 * afresh: 1.5–3 s against 0.1–1 s). For walks over pages; a test that needs fresh server state reloads instead.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((u) => u.pathname + u.search === path);
}

/** Password login through the login page; lands inside the layout. */
export async function loginUi(page: Page, mobile: string, password = DEMO_PASSWORD, expectPath: RegExp = /\/guideOne$/): Promise<void> {
  await page.goto('/login');
  await page.getByRole('tab', { name: '密码登录' }).click();
  await page.getByPlaceholder('手机号').fill(mobile);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(expectPath);
  // The home page is a lazy chunk: wait for its greeting so screenshots show the page, not its spinner.
  if (String(expectPath) === String(/\/guideOne$/)) await expect(page.locator('.sk-page:visible h4')).toContainText('，');
}

/** A logged-in API client of its own (not the page's cookies), for preparing data as some user. */
export class ApiUser {
  private constructor(
    readonly api: APIRequestContext,
    readonly csrf: string,
  ) {}

  static async login(baseURL: string, mobile: string, password = DEMO_PASSWORD, enterpriseId?: number): Promise<ApiUser> {
    const api = await pwRequest.newContext({ baseURL });
    const r = await api.post('/api/stand/pwdLogin', { data: { mobile, password, enterpriseId } });
    expect((await r.json()).success).toBe(true);
    const info = await (await api.get('/api/v2/sessionUser/info')).json();
    return new ApiUser(api, info.data.csrfToken as string);
  }

  async send(method: 'POST' | 'PUT' | 'DELETE', path: string, data: unknown): Promise<{ success: boolean; message: string; data: any }> {
    const r = await this.api.fetch(`/api${path}`, { method, data, headers: { 'X-CSRF-Token': this.csrf } });
    return r.json();
  }

  async get(path: string): Promise<{ success: boolean; message: string; data: any }> {
    return (await this.api.get(`/api${path}`)).json();
  }

  /** Marks the new-user guide seen, so its tour does not cover the page under test. */
  async skipGuide(): Promise<void> {
    await this.send('POST', '/schema/finishNoviceGuide', {});
  }

  dispose(): Promise<void> {
    return this.api.dispose();
  }
}

/** Registers a fresh trial enterprise (roles 3, 1, 2 for its admin) through the API; answers its admin. */
export async function registerEnterprise(baseURL: string, mobile: string, enterpriseName: string, password = 'Harbor-Lantern-72'): Promise<ApiUser> {
  const api = await pwRequest.newContext({ baseURL });
  await api.post('/api/stand/sendCode', { data: { mobile, purpose: 'login' } });
  const code = await outboxCode(api, mobile);
  const r = await api.post('/api/stand/enterprise', {
    data: { enterpriseName, industry: 'service', name: '测试管理员', mobile, code, password },
  });
  const body = await r.json();
  expect(body.success, body.message).toBe(true);
  await api.dispose();
  return ApiUser.login(baseURL, mobile, password, body.data.enterpriseId);
}

/** Finishes the guide for a demo user before the browser logs in. */
export async function quietGuide(baseURL: string, mobile: string, password = DEMO_PASSWORD): Promise<void> {
  const u = await ApiUser.login(baseURL, mobile, password);
  await u.skipGuide();
  await u.dispose();
}

/** The tab bar's tab for a route pattern. */
export const tab = (page: Page, key: string) => page.locator(`.sk-tabbar [data-tab="${key}"]`);
export const tabKeys = (page: Page) =>
  page.locator('.sk-tabbar .ant-tabs-nav-list [data-tab]').evaluateAll((els) => els.map((e) => e.getAttribute('data-tab')));

/**
 * The key of the tab the bar shows as active. A navigation renders in a transition: the address changes at once, the
 * bar (and the key its menu acts on) once the new page has rendered, so a test that acts on "the active tab" waits
 * for this, not for the address.
 */
export const activeTab = (page: Page) => page.locator('.sk-tabbar .ant-tabs-nav-list .ant-tabs-tab-active [data-tab]');

/** The close (×) button of a tab. */
export const tabClose = (page: Page, key: string) =>
  page.locator('.sk-tabbar .ant-tabs-tab', { has: page.locator(`[data-tab="${key}"]`) }).locator('.ant-tabs-tab-remove');

export const ENGINEER = '13800000002';

/** A new order of the first demo customer by `admin`, the order type's required custom fields filled; `extra` adds to the body. */
async function orderBy(admin: ApiUser, title: string, extra: Record<string, unknown>): Promise<number> {
  const customers = await admin.get('/v2/customer/customerList?pageIndex=0&pageSize=10');
  const info = await admin.get('/detailcontrol/forminfo?type=1');
  const ext: Record<string, unknown> = {};
  for (const f of info.data.fields as { id: number; type: number; required: boolean; options: string[] }[]) {
    if (f.required) ext[String(f.id)] = f.options?.length ? (f.type === 8 ? [f.options[0]] : f.options[0]) : '现场检查';
  }
  const made = await admin.send('POST', '/v2/order/add', { customerId: customers.data.list[0].id, title, priority: 2, ext, ...extra });
  expect(made.success, made.message).toBe(true);
  return made.data.id as number;
}

/** A new order of the first demo customer, the order type's required custom fields filled; `extra` adds to the body. */
export async function demoOrder(baseURL: string, title: string, extra: Record<string, unknown> = {}): Promise<number> {
  const admin = await ApiUser.login(baseURL, ADMIN);
  try {
    return await orderBy(admin, title, extra);
  } finally {
    await admin.dispose();
  }
}

/** A new order of the first demo customer pinned at a point (the dispatch specs' map and travel). */
export const pinnedOrder = (admin: ApiUser, title: string, latitude: number, longitude: number): Promise<number> =>
  orderBy(admin, title, { gpsAddr: { detail: `建国路${title.slice(-4)}号`, latitude, longitude } });

/** The demo outsourcing partner and its user, who is both its dispatcher and its engineer (org.provision.ts demoProvider). */
export const PROVIDER = '13600000001';
export const PROVIDER_NAME = '华东联保服务有限公司';

/**
 * The dispatcher sends the order to the demo engineer, who then takes each step of `steps` (e.g. accept, startService).
 * With `provider`, the dispatcher sends it to that provider instead, and the provider's user (its dispatcher) assigns it
 * to himself before taking the steps.
 */
export async function dispatchAndWork(
  baseURL: string,
  orderId: number,
  steps: string[],
  provider?: { name: string; mobile: string },
  engineerMobile = ENGINEER,
): Promise<void> {
  const engineer = await ApiUser.login(baseURL, provider?.mobile ?? engineerMobile);
  const me = (await engineer.get('/v2/sessionUser/info')).data.id as number;
  const dispatcher = await ApiUser.login(baseURL, DISPATCHER);
  let to: { serviceUserId: number } | { providerId: number } = { serviceUserId: me };
  if (provider) {
    const providers = (await dispatcher.get('/serviceprovider/simplelist')).data as { id: number; name: string }[];
    const p = providers.find((x) => x.name === provider.name);
    expect(p, provider.name).toBeTruthy();
    to = { providerId: p?.id as number };
  }
  const d = await dispatcher.send('POST', '/v2/order/dispatch', { orderId, ...to });
  expect(d.success, d.message).toBe(true);
  await dispatcher.dispose();
  if (provider) {
    const own = await engineer.send('POST', '/v2/order/dispatch', { orderId, serviceUserId: me });
    expect(own.success, own.message).toBe(true);
  }
  for (const path of steps) {
    const r = await engineer.send('POST', path, { orderId });
    expect(r.success, `${path}: ${r.message}`).toBe(true);
  }
  await engineer.dispose();
}

/** An order of a demo customer (required custom fields filled), dispatched to the engineer, accepted and started. */
export async function orderInService(baseURL: string, title: string, engineerMobile = ENGINEER): Promise<number> {
  const id = await demoOrder(baseURL, title);
  await dispatchAndWork(baseURL, id, ['/order/accept', '/order/startService'], undefined, engineerMobile);
  return id;
}
