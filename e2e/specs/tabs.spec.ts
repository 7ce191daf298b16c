import { expect, type Page, test } from '@playwright/test';
import { shot } from './helpers';
import { ADMIN, loginUi, quietGuide, tab, tabClose, tabKeys } from './shell.support';

/** Opens a page from the side menu and waits for its tab (quick clicks may skip a page that is still loading). */
async function side(page: Page, name: string, key: string) {
  await page.locator('.sk-sider .ant-menu-item', { hasText: name }).click();
  await expect(tab(page, key)).toBeVisible();
}

/** Four order pages opened from the menu, after the tabs already open. */
async function openFour(page: Page, before = ['/guideOne']) {
  await page.locator('.sk-top-menu').getByText('工单').click();
  await expect(page).toHaveURL(/\/allOrder$/);
  await side(page, '新建工单', '/createOrder');
  await side(page, '待受理工单', '/acceptanceOrder');
  await side(page, '我的工单', '/myOrder');
  await expect(page).toHaveURL(/\/myOrder$/);
  await expect.poll(() => tabKeys(page)).toEqual([...before, '/allOrder', '/createOrder', '/acceptanceOrder', '/myOrder']);
}

async function tabMenu(page: Page, key: string, action: string) {
  await tab(page, key).click({ button: 'right' });
  await page.locator('.ant-dropdown:visible').getByText(action).click();
}

test.describe('tab bar', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await quietGuide(baseURL!, ADMIN);
    await loginUi(page, ADMIN);
  });

  test('opening adds or replaces a tab; the home tab cannot be closed; closing the active tab goes to the one before', async ({ page }) => {
    await openFour(page);
    await expect(page.locator('.sk-tabbar .ant-tabs-tab').first().locator('.ant-tabs-tab-remove')).toHaveCount(0);
    await shot(page, 'tabs', '01-four-tabs');
    // The same route with another query replaces its tab.
    await page.goto('/allOrder?keyword=abc');
    await expect.poll(() => tabKeys(page)).toEqual(['/guideOne', '/allOrder', '/createOrder', '/acceptanceOrder', '/myOrder']);
    await tab(page, '/myOrder').click();
    await tab(page, '/allOrder').click();
    await expect(page).toHaveURL(/\/allOrder\?keyword=abc$/);
    // Close the active tab: the previous tab opens.
    await tab(page, '/acceptanceOrder').click();
    await tabClose(page, '/acceptanceOrder').click();
    await expect(page).toHaveURL(/\/createOrder$/);
    await expect.poll(() => tabKeys(page)).toEqual(['/guideOne', '/allOrder', '/createOrder', '/myOrder']);
    // Closing a tab that is not active stays where we are.
    await tabClose(page, '/myOrder').click();
    await expect(page).toHaveURL(/\/createOrder$/);
    await expect.poll(() => tabKeys(page)).toEqual(['/guideOne', '/allOrder', '/createOrder']);
  });

  test('close right, close left and close others from the context menu', async ({ page }) => {
    await openFour(page);
    await tab(page, '/allOrder').click();
    await tabMenu(page, '/createOrder', '关闭右侧');
    await expect.poll(() => tabKeys(page)).toEqual(['/guideOne', '/allOrder', '/createOrder']);
    await expect(page).toHaveURL(/\/allOrder$/);
    await tabMenu(page, '/createOrder', '关闭左侧');
    await expect.poll(() => tabKeys(page)).toEqual(['/guideOne', '/createOrder']);
    await expect(page).toHaveURL(/\/createOrder$/);
    await side(page, '待受理工单', '/acceptanceOrder');
    await side(page, '我的工单', '/myOrder');
    await tab(page, '/myOrder').click({ button: 'right' });
    await expect(page.locator('.ant-dropdown:visible').getByText('关闭左侧')).toBeVisible();
    await shot(page, 'tabs', '02-context-menu');
    await page.locator('.sk-content').click({ position: { x: 5, y: 5 } });
    await expect(page.locator('.ant-dropdown:visible')).toHaveCount(0);
    await tabMenu(page, '/acceptanceOrder', '关闭其他');
    await expect.poll(() => tabKeys(page)).toEqual(['/guideOne', '/acceptanceOrder']);
    await expect(page).toHaveURL(/\/acceptanceOrder$/);
  });

  test('close all from the button returns home; only keep-alive pages stay mounted when hidden', async ({ page }) => {
    await page.locator('.sk-sider').getByText('功能导航').click();
    await expect(page.locator('.sk-page:visible [data-entry="navigation"]')).toBeVisible();
    await openFour(page, ['/guideOne', '/personIndex']);
    // Function navigation is keep-alive: still in the page, hidden. All-orders is not: gone once hidden.
    await expect(page.locator('.sk-page[hidden] [data-entry="navigation"]')).toHaveCount(1);
    await expect(page.locator('.sk-page')).toHaveCount(3);
    await page.getByRole('button', { name: '标签操作' }).click();
    await shot(page, 'tabs', '03-tab-actions');
    await page.locator('.ant-dropdown:visible').getByText('关闭全部').click();
    await expect(page).toHaveURL(/\/guideOne$/);
    await expect.poll(() => tabKeys(page)).toEqual(['/guideOne']);
    await expect(page.locator('.sk-page')).toHaveCount(1);
    await shot(page, 'tabs', '04-after-close-all');
  });
});
