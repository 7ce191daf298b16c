import { expect, type Locator, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, ApiUser, DISPATCHER, logIn, logInAt, quietGuide } from './shell.support';

// The engineer's screens at phone width (390 × 844, touch): 我的工单 one tap away in the bottom tab bar, the first
// card's title, appointment and address above the fold, the address a link to the map app at the order's pin, the
// appointment picker in 5-minute steps, and tap targets of 44 px on the order detail's action bar. Then the
// dispatcher's 全部工单 at the same width.

const FLOW = 'phone';
const ENGINEER = '13800000002';
const PHONE = { width: 390, height: 844 };

const listOf = (page: Page): Locator => page.locator('.sk-list-page:visible').first();
const nav = (page: Page): Locator => page.getByRole('navigation', { name: '常用入口' });

/** Tomorrow in the enterprise's zone, 'YYYY-MM-DD'. */
const tomorrow = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + 86_400_000));

/** An order for the engineer, accepted (待服务), with an appointment tomorrow at 06:35 (before the demo's visits) and an address picked on a map. */
async function acceptedOrder(baseURL: string, title: string): Promise<number> {
  const admin = await ApiUser.login(baseURL, ADMIN);
  const customers = await admin.get('/v2/customer/customerList?pageIndex=0&pageSize=10');
  const info = await admin.get('/detailcontrol/forminfo?type=1');
  const ext: Record<string, unknown> = {};
  for (const f of info.data.fields as { id: number; type: number; required: boolean; options: string[] }[]) {
    if (f.required) ext[String(f.id)] = f.options?.length ? (f.type === 8 ? [f.options[0]] : f.options[0]) : '现场检查';
  }
  const made = await admin.send('POST', '/v2/order/add', {
    customerId: customers.data.list[0].id,
    title,
    priority: 2,
    customApplyTime: `${tomorrow()} 06:35:00`,
    gpsAddr: { detail: '上海市浦东新区张江路88号', latitude: 31.2, longitude: 121.6 },
    detailDesc: '客户反映空调开机后只吹风不制冷',
    ext,
  });
  expect(made.success, made.message).toBe(true);
  const orderId = made.data.id as number;
  const engineer = (await admin.get(`/v2/user/list?keyword=${ENGINEER}&pageSize=10`)).data.list[0];
  await admin.dispose();
  const dispatcher = await ApiUser.login(baseURL, DISPATCHER);
  const sent = await dispatcher.send('POST', '/v2/order/dispatch', { orderId, serviceUserId: engineer.id });
  expect(sent.success, sent.message).toBe(true);
  await dispatcher.dispose();
  const me = await ApiUser.login(baseURL, ENGINEER);
  const accepted = await me.send('POST', '/order/accept', { orderId });
  expect(accepted.success, accepted.message).toBe(true);
  await me.dispose();
  return orderId;
}

/** The element lies inside the screen above the bottom tab bar: seen without scrolling, not under the bar. */
async function aboveTheFold(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeVisible();
  await expect(nav(page)).toBeVisible();
  const box = await target.boundingBox();
  const bar = await nav(page).boundingBox();
  expect(box, 'visible').not.toBeNull();
  expect(bar, 'the tab bar').not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(bar!.y);
}

/** Each of the links is a tap target at least 24 px tall (and some exist). */
async function tallTargets(links: Locator): Promise<void> {
  const all = await links.all();
  expect(all.length).toBeGreaterThan(0);
  for (const a of all) {
    if (!(await a.isVisible())) continue;
    const box = (await a.boundingBox())!;
    expect(box.height, `${await a.textContent()} height`).toBeGreaterThanOrEqual(24);
  }
}

test.describe('the engineer on a phone', () => {
  test('我的工单 in one tap, the first order above the fold, the address opens the map, big tap targets', async ({ browser, baseURL }) => {
    test.setTimeout(150_000);
    const title = `手机首屏${String(Date.now()).slice(-6)}`;
    const orderId = await acceptedOrder(baseURL!, title);
    await quietGuide(baseURL!, ENGINEER);
    const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await ctx.newPage();
    await logIn(page, ENGINEER);
    await shot(page, FLOW, '01-engineer-home');

    // The bottom tab bar: his main entries from the menu he holds.
    // (a badge's count may stand before a name)
    await expect(nav(page).getByRole('button')).toHaveText([/首页$/, /我的工单$/, /工单公海$/, /我的备件$/, /^我的$/]);
    for (const b of await nav(page).getByRole('button').all()) expect((await b.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // One tap.
    await nav(page).getByRole('button', { name: '我的工单' }).tap();
    await expect(page).toHaveURL(/\/myOrder$/);
    await expect(nav(page).getByRole('button', { name: '我的工单' })).toHaveAttribute('aria-current', 'page');

    // 我的工单 opens on the first tab where work waits (待接单 while an order waits for acceptance): 待服务 holds the new one.
    await page.getByRole('tab', { name: '待服务', exact: true }).tap();
    // The first card (待服务, newest first) is the new order: title, appointment and address above the fold.
    const list = listOf(page);
    const card = list.locator('[data-card]').first();
    await expect(card).toContainText(title);
    await expect(card.locator('.sk-phone-card-title')).toHaveText(title);
    await expect(card.locator('.sk-phone-card-tag')).toHaveText('待服务');
    const time = card.locator('[data-line="apply_time"]');
    await expect(time).toHaveText('明天 06:35');
    const address = card.locator('[data-line="gpsAddr"]');
    await expect(address).toContainText('张江路88号');
    for (const part of [card.locator('.sk-phone-card-title'), time, address]) await aboveTheFold(page, part);
    // The order number is there, small, at the foot.
    await expect(card.locator('.sk-phone-card-foot')).toContainText('工单编号');
    // The toolbar is one row: the keyword box, 筛选, 更多.
    const search = (await list.getByLabel('关键字').boundingBox())!;
    const filter = (await list.getByRole('button', { name: /筛\s*选/ }).boundingBox())!;
    expect(Math.abs(search.y - filter.y)).toBeLessThan(8);
    await expect(list.getByRole('button', { name: '列设置' })).toHaveCount(0);
    await shot(page, FLOW, '02-my-orders');
    // Every link on the cards (title, phone, address) is a target at least 24 px tall (16–17 px before).
    await tallTargets(list.locator('[data-card] a'));

    // The address is a navigation link to the order's pin (an exact one: picked on a map).
    const link = address.getByRole('link');
    await expect(link).toHaveAttribute('href', /^https:\/\/uri\.amap\.com\/navigation\?to=121\.6,31\.2,.+&mode=car&coordinate=gaode&callnative=1$/);
    await expect(link).toHaveAttribute('target', '_blank');

    // 筛选 opens the filters in a sheet.
    await list.getByRole('button', { name: /筛\s*选/ }).tap();
    const sheet = page.getByRole('dialog', { name: '筛选' });
    await expect(sheet.getByRole('button', { name: /查\s*找/ })).toBeVisible();
    await shot(page, FLOW, '03-filter-sheet');
    await sheet.getByRole('button', { name: 'Close' }).or(sheet.locator('.ant-drawer-close')).first().tap();
    await expect(sheet).toBeHidden();

    // The detail: the visit first (when, where, whom to call), and the action bar above the tab bar.
    await card.locator('.sk-phone-card-title').getByRole('link').tap();
    await expect(page).toHaveURL(new RegExp(`/allOrder/orderDetail/${orderId}$`));
    const visit = page.locator('.sk-page:visible [data-testid="order-visit"]');
    await expect(visit).toContainText('明天 06:35');
    await expect(visit.getByTestId('map-link')).toHaveAttribute('href', /^https:\/\/uri\.amap\.com\/navigation\?to=121\.6,31\.2,/);
    await tallTargets(visit.locator('a'));
    const bar = page.locator('.sk-page:visible [data-testid="order-actionbar"]');
    const buttons = bar.getByRole('button');
    await expect(buttons.first()).toBeVisible();
    expect(await buttons.count()).toBeGreaterThan(0);
    for (const b of await buttons.all()) {
      const box = (await b.boundingBox())!;
      expect(box.height, `${await b.textContent()} height`).toBeGreaterThanOrEqual(44);
      expect(box.width, `${await b.textContent()} width`).toBeGreaterThanOrEqual(44);
    }
    const barBox = (await bar.boundingBox())!;
    const navBox = (await nav(page).boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(navBox.y + 1);
    await shot(page, FLOW, '04-order-detail');

    // The appointment picker: minutes in 5-minute steps.
    await bar.getByRole('button', { name: /^预\s*约$/ }).tap();
    const reserve = page.getByRole('dialog', { name: '预约上门时间' });
    await reserve.getByLabel('预约时间').tap();
    const panel = page.locator('.ant-picker-dropdown:visible');
    await expect(panel).not.toHaveClass(/ant-slide/);
    const minutes = panel.locator('.ant-picker-time-panel-column').nth(1).locator('li');
    await expect(minutes).toHaveText(['00', '05', '10', '15', '20', '25', '30', '35', '40', '45', '50', '55']);
    await shot(page, FLOW, '05-appointment-picker');
    await page.keyboard.press('Escape');
    await reserve.getByRole('button', { name: /取\s*消/ }).tap();
    await expect(reserve).toBeHidden();

    // 我的: his own page, one tap.
    await nav(page)
      .getByRole('button')
      .filter({ hasText: /^我的$/ })
      .tap();
    await expect(page).toHaveURL(/\/userDetail$/);
    await shot(page, FLOW, '06-me');
    await ctx.close();
  });
});

test('the dispatcher’s 全部工单 at phone width: cards, one toolbar row, the first card above the fold', async ({ browser, baseURL }) => {
  await quietGuide(baseURL!, DISPATCHER);
  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await logInAt(page, DISPATCHER, '/allOrder');
  const list = listOf(page);
  const card = list.locator('[data-card]').first();
  await expect(card).toBeVisible();
  await aboveTheFold(page, card.locator('.sk-phone-card-title'));
  await expect(list.locator('table')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, FLOW, '07-dispatcher-all-orders');
  await ctx.close();
});

test('新建工单 at phone width: the customer picker and 快速新建 stay inside the card', async ({ browser, baseURL }) => {
  await quietGuide(baseURL!, DISPATCHER);
  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await logInAt(page, DISPATCHER, '/createOrder');
  const quick = page.getByRole('button', { name: /快速新建/ });
  await expect(quick).toBeVisible();
  const card = await page.locator('.ant-card:visible').first().boundingBox();
  const button = await quick.boundingBox();
  // Before, the select kept its full width and pushed 快速新建 over the card's padding to its very edge.
  expect(button!.x + button!.width).toBeLessThanOrEqual(card!.x + card!.width - 8);
  await shot(page, FLOW, '08-dispatcher-create-order');
  await ctx.close();
});

test('模板视图 at phone width: the template opens under the list, as wide as the list', async ({ browser, baseURL }) => {
  await quietGuide(baseURL!, DISPATCHER);
  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await logInAt(page, DISPATCHER, '/templateView');
  const hint = page.getByText('点击上方模板查看');
  await expect(hint).toBeVisible();
  const table = await page.locator('.ant-table:visible').first().boundingBox();
  // Before, the hint stood beside the list in a column a character wide.
  expect((await hint.boundingBox())!.width).toBeGreaterThan(table!.width / 2);
  await page.locator('tbody tr.ant-table-row').first().click();
  const detail = page.locator('.ant-card .ant-card:visible').first();
  await expect(detail).toBeVisible();
  // It is brought into view (it began below the fold; the page scrolls as far as it goes), under the list, as wide.
  await expect.poll(() => detail.evaluate((e) => Math.round(e.getBoundingClientRect().top))).toBeLessThan((PHONE.height * 3) / 4);
  const list = await page.locator('.ant-table:visible').first().boundingBox();
  const box = await detail.boundingBox();
  expect(box!.y).toBeGreaterThan(list!.y + list!.height - 1);
  expect(box!.width).toBeGreaterThan(list!.width - 2);
  await shot(page, FLOW, '09-dispatcher-template-view');
  await ctx.close();
});

test('回访报表 at phone width: the switch of views scrolls within itself, never the page sideways', async ({ browser, baseURL }) => {
  const VISITOR = '13800000007';
  await quietGuide(baseURL!, VISITOR);
  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await logInAt(page, VISITOR, '/returnVisitReport');
  const views = page.locator('.ant-segmented:visible').first();
  await expect(views.getByText('按工单类型')).toBeAttached();
  // Before, its four views pushed the page 3 px past the screen, so every page-wide swipe moved it sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const fit = await views.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth, right: e.getBoundingClientRect().right }));
  expect(fit.right).toBeLessThanOrEqual(PHONE.width);
  expect(fit.scroll).toBeGreaterThan(fit.client);
  await views.getByText('按工单类型').click();
  await expect(views.locator('.ant-segmented-item-selected')).toHaveText('按工单类型');
  await shot(page, FLOW, '10-visitor-visit-report');
  await ctx.close();
});
