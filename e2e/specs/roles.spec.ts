import { expect, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, ApiUser, DISPATCHER, FREE_ADMIN, logIn, quietGuide } from './shell.support';

// 角色权限 and 自定义菜单: the administrator takes a power from 派单员 and gives it back,
// adds a custom link entry that a dispatcher then sees; a free-plan group whose entries are all locked still opens.

const FLOW = 'roles';
const ENTRY = `帮助文档${Date.now() % 100000}`;
const LINK = 'https://help.example.com/servicekeeper';
const visiblePage = (page: Page) => page.locator('.sk-page:visible');
const side = (page: Page) => page.locator('.sk-sider');

async function openSetting(page: Page, name: string): Promise<void> {
  await page.locator('.sk-top-menu').getByText('系统设置').click();
  await side(page).getByText(name, { exact: true }).click();
}

async function relogin(page: Page, mobile: string): Promise<void> {
  await page.context().clearCookies();
  await logIn(page, mobile);
}

test.describe('role powers and custom menu entries', () => {
  test.afterAll(async ({ baseURL }) => {
    // The demo database is shared by the worker's other specs: leave 派单员 and the menu as they were.
    const admin = await ApiUser.login(baseURL!, ADMIN);
    await admin.send('POST', '/v2/role/power/reset', { role: 1 });
    const list = await admin.get('/v2/menu/custom/list?pageSize=100');
    const mine = (list.data?.list ?? []).filter((m: { name: string }) => m.name === ENTRY).map((m: { id: number }) => m.id);
    if (mine.length) await admin.send('DELETE', '/v2/menu/custom', { ids: mine });
    await admin.dispose();
  });

  test('admin removes 待派单工单 from 派单员, the dispatcher loses the entry and the API; reset restores', async ({ page, baseURL }) => {
    await quietGuide(baseURL!, ADMIN);
    await quietGuide(baseURL!, DISPATCHER);
    await logIn(page, ADMIN);
    await openSetting(page, '角色权限');
    await expect(page).toHaveURL(/\/rolePower$/);
    const editor = visiblePage(page);
    await editor.getByRole('menuitem', { name: /派单员/ }).click();
    const node = editor.locator('.ant-tree-treenode', { hasText: '待派单工单' });
    await expect(node.locator('.ant-tree-checkbox-checked')).toHaveCount(1);
    await node.locator('.ant-tree-checkbox').click();
    await expect(node.locator('.ant-tree-checkbox-checked')).toHaveCount(0);
    await editor.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('保存成功').first()).toBeVisible();
    await expect(editor.getByRole('menuitem', { name: /派单员/ })).toContainText('已修改');
    await shot(page, FLOW, 'dispatcher-edited');

    // The dispatcher, logged in again: no entry, the page refuses, and so does the API.
    await relogin(page, DISPATCHER);
    await page.locator('.sk-top-menu').getByText('工单').click();
    await expect(side(page).getByText('全部工单', { exact: true })).toBeVisible();
    await expect(side(page).getByText('待派单工单', { exact: true })).toHaveCount(0);
    await shot(page, FLOW, 'dispatcher-without-entry');
    await page.goto('/assignOrder');
    await expect(page).toHaveURL(/\/detailError$/);
    const dispatcher = await ApiUser.login(baseURL!, DISPATCHER);
    const refused = await dispatcher.get('/order/unDeliverOrderList?pageIndex=0&pageSize=10');
    expect(refused).toMatchObject({ success: false, message: '您没有该功能的操作权限' });

    // 恢复默认 brings the entry and the API back.
    await relogin(page, ADMIN);
    await openSetting(page, '角色权限');
    await visiblePage(page)
      .getByRole('menuitem', { name: /派单员/ })
      .click();
    await visiblePage(page).getByRole('button', { name: '恢复默认' }).click();
    await page
      .locator('.ant-popconfirm')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page.getByText('已恢复默认权限').first()).toBeVisible();
    await expect(visiblePage(page).locator('.ant-tree-treenode', { hasText: '待派单工单' }).locator('.ant-tree-checkbox-checked')).toHaveCount(1);
    expect((await dispatcher.get('/order/unDeliverOrderList?pageIndex=0&pageSize=10')).success).toBe(true);
    await dispatcher.dispose();
    await relogin(page, DISPATCHER);
    await page.locator('.sk-top-menu').getByText('工单').click();
    await expect(side(page).getByText('待派单工单', { exact: true })).toBeVisible();
  });

  test('admin adds a custom link entry under 工单; a dispatcher sees it and it opens the link', async ({ page, baseURL }) => {
    await quietGuide(baseURL!, ADMIN);
    await quietGuide(baseURL!, DISPATCHER);
    await page.context().route('https://help.example.com/**', (r) => r.fulfill({ contentType: 'text/html', body: '<h1>帮助文档</h1>' }));
    await logIn(page, ADMIN);
    await openSetting(page, '自定义菜单');
    await expect(page).toHaveURL(/\/customMenu$/);
    await visiblePage(page).getByRole('button', { name: '新建菜单' }).click();
    const d = page.getByRole('dialog', { name: '新建菜单' });
    await d.getByLabel('菜单名称').fill(ENTRY);
    await d.getByLabel('链接地址').fill(LINK);
    await d.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('保存成功').first()).toBeVisible();
    await expect(visiblePage(page).getByRole('cell', { name: ENTRY })).toBeVisible();
    await shot(page, FLOW, 'custom-menu-list');

    await relogin(page, DISPATCHER);
    await page.locator('.sk-top-menu').getByText('工单').click();
    const entry = side(page).getByText(ENTRY, { exact: true });
    await expect(entry).toBeVisible();
    await shot(page, FLOW, 'dispatcher-custom-entry');
    const popup = page.waitForEvent('popup');
    await entry.click();
    await expect(await popup).toHaveURL(LINK);
  });

  test('free plan: 运营, whose entries are all locked, opens with its entries and their locks', async ({ page, baseURL }) => {
    await quietGuide(baseURL!, FREE_ADMIN);
    await logIn(page, FREE_ADMIN);
    await page.locator('.sk-top-menu').getByText('运营').click();
    await expect(page).toHaveURL(/\/report\/statusStatistics$/);
    await expect(visiblePage(page).getByText('免费版不支持报表，建议升级为VIP版本，咨询热线：400-800-6688')).toBeVisible();
    const entries = side(page).locator('.ant-menu-item');
    await expect(entries).toHaveText(['工单统计', '超时统计', '运营报表', '质量分析', '公告通知']);
    await expect(side(page).locator('[data-locked="1"]')).toHaveCount(5);
    await shot(page, FLOW, 'free-operations-group');
  });
});
