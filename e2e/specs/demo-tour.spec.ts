import { expect, type Locator, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { DISPATCHER, loginUi, quietGuide } from './shell.support';

// The demo tells the product's story: the dispatcher's and the director's first look at a team one
// month in — to-dos on the home page, a full 全部工单, pins on the map, his events (one escalated to him), projects under way.

const FLOW = 'demo-tour';
const DIRECTOR = '13800000010';
const page$ = (page: Page): Locator => page.locator('.sk-page:visible');
const list$ = (page: Page): Locator => page.locator('.sk-list-page:visible').first();
const rows = (page: Page): Locator => list$(page).locator('tbody tr.ant-table-row');

test('the dispatcher sees a busy month: to-dos, orders of every kind, pins on the map, events', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await quietGuide(baseURL!, DISPATCHER);
  await loginUi(page, DISPATCHER);
  const todo = page$(page).locator('.ant-card').filter({ hasText: '待办事项' });
  await expect(todo.locator('.ant-list-item').first()).toBeVisible();
  await shot(page, FLOW, '01-home-dispatcher');

  await page.goto('/allOrder');
  await expect(rows(page).first()).toBeVisible();
  await expect(list$(page).locator('.ant-pagination-total-text')).toContainText(/共\s*\d{2,}\s*条/);
  await shot(page, FLOW, '02-all-orders');

  await page.goto('/allOrder/mapView');
  const shown = async () => Number((await page.getByText(/^工单（\d+）/).textContent())?.match(/\d+/)?.[0] ?? 0);
  await expect.poll(shown).toBeGreaterThan(10);
  // The pins themselves, not only their count: the map's library loads after the list.
  await expect(page.locator('.marker-cluster, [data-testid^="map-order-"]').first()).toBeVisible();
  await shot(page, FLOW, '03-order-map');

  await page.goto('/Myevent');
  await expect(rows(page).first()).toBeVisible();
  await expect(list$(page).getByText('电梯运行抖动，要求加急处理').first()).toBeVisible();
  await shot(page, FLOW, '04-events');
});

test('the director sees projects under way and the one waiting for his approval', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await quietGuide(baseURL!, DIRECTOR);
  await loginUi(page, DIRECTOR);
  await shot(page, FLOW, '05-home-director');
  await page.goto('/allProject');
  for (const name of ['星河大厦中央空调改造', '天府软件园冷水机组更换', '两江汽配厂房空调新装'])
    await expect(rows(page).filter({ hasText: name })).toBeVisible();
  await shot(page, FLOW, '06-projects');
});
