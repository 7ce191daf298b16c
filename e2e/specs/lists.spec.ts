import { expect, type Locator, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, ApiUser, logInAt, quietGuide } from './shell.support';

// Lists and export: export of every filtered row, contact search by phone, duplicate contacts refused,
// the installed-product list's columns, the customer pages at phone width, a department without a parent.

const FLOW = 'lists';
const visiblePage = (page: Page): Locator => page.locator('.sk-page:visible');
const listOf = (page: Page): Locator => page.locator('.sk-list-page:visible').first();
const rowOf = (scope: Locator, text: string): Locator => scope.locator('tbody tr.ant-table-row').filter({ hasText: text });
const PHONE = { width: 390, height: 844 };

interface DownloadItem {
  name: string;
  process_state: number;
  row_count: number;
}

const downloads = async (page: Page): Promise<DownloadItem[]> =>
  (await (await page.request.get('/api/fileDownloadCenter/list?pageIndex=0&pageSize=50')).json()).data.list;

test.describe('lists', () => {
  test.beforeEach(async ({ baseURL }) => {
    await quietGuide(baseURL!, ADMIN);
  });

  test('export offers every row the filters match, through the download centre', async ({ page, baseURL }) => {
    await logInAt(page, ADMIN, '/allCustomer');
    const list = listOf(page);
    // A filter that matches more rows than one page of 10.
    const api = await ApiUser.login(baseURL!, ADMIN);
    const matching = (await api.get(`/v2/customer/customerListCount?name=${encodeURIComponent('公司')}`)).data as number;
    const all = (await api.get('/v2/customer/customerListCount')).data as number;
    await api.dispose();
    expect(matching).toBeGreaterThan(10);
    expect(matching).toBeLessThan(all);
    await list.getByLabel('关键字').fill('公司');
    await list.getByLabel('关键字').press('Enter');
    await expect(list.getByText(`共 ${matching} 条`)).toBeVisible();

    const fileName = `客户全部导出${String(Date.now()).slice(-6)}`;
    await list.getByRole('button', { name: /导\s*出/ }).click();
    const dialog = page.getByRole('dialog', { name: '导出数据' });
    await dialog.getByText(`全部筛选结果（${matching}）`).click();
    await dialog.getByLabel('文件名').fill(fileName);
    await shot(page, FLOW, '01-export-all');
    await dialog.getByRole('button', { name: /导\s*出/ }).click();
    await expect(page.getByText('导出任务已创建，请到下载中心查看')).toBeVisible();
    await expect.poll(async () => (await downloads(page)).find((d) => d.name === fileName)?.process_state, { timeout: 30_000 }).toBe(2);
    // Every matching row, not the ten on screen.
    const item = (await downloads(page)).find((d) => d.name === fileName)!;
    expect(item.row_count).toBe(matching);
    await page.getByRole('button', { name: '下载中心' }).click();
    await expect(page.locator('.sk-download-item').filter({ hasText: fileName }).getByText('已完成')).toBeVisible();
    await shot(page, FLOW, '02-export-all-done');
  });

  test('contacts are found by phone as well as by name; the same contact twice is refused', async ({ page }) => {
    await logInAt(page, ADMIN, '/contactManage');
    const list = listOf(page);
    await expect(rowOf(list, '潘悦')).toBeVisible();
    const phone = ((await rowOf(list, '潘悦').first().textContent()) ?? '').match(/1\d{10}/)?.[0];
    expect(phone).toBeTruthy();
    await list.getByLabel('关键字').fill(phone!.slice(-6));
    await list.getByLabel('关键字').press('Enter');
    await expect(rowOf(list, '潘悦')).toBeVisible();
    await expect(list.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await shot(page, FLOW, '03-contact-by-phone');

    // The customer detail's contacts: adding the primary contact again is refused with the reason.
    await page.goto('/allCustomer');
    await listOf(page).getByRole('link', { name: '苏州吴中湖畔花园业主委员会' }).click();
    const detail = visiblePage(page);
    await detail.getByRole('tab', { name: /联系人/ }).click();
    const contacts = detail.getByRole('tabpanel', { name: /联系人/ });
    const first = contacts.locator('tbody tr.ant-table-row').first();
    const name = ((await first.locator('td').nth(0).textContent()) ?? '').replace('主联系人', '').trim();
    const tel = ((await first.locator('td').nth(1).textContent()) ?? '').trim();
    const before = await contacts.locator('tbody tr.ant-table-row').count();
    await contacts.getByRole('button', { name: '新增联系人' }).click();
    const d = page.getByRole('dialog', { name: '新增联系人' });
    await d.getByLabel('联系人', { exact: true }).fill(name);
    await d.getByLabel('联系电话').fill(tel);
    await d.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText(`该客户已有联系人“${name}”（${tel}），请勿重复添加`)).toBeVisible();
    await shot(page, FLOW, '04-duplicate-contact');
    await d.getByRole('button', { name: /取\s*消/ }).click();
    await expect(contacts.locator('tbody tr.ant-table-row')).toHaveCount(before);
  });

  test('the installed-product list shows 保修状态 clear of the fixed 操作 column', async ({ page }) => {
    await logInAt(page, ADMIN, '/productManage');
    const list = listOf(page);
    await expect(list.locator('tbody tr.ant-table-row').first()).toBeVisible();
    // At the default columns nothing starts under the sticky actions column: every warranty tag and the last
    // column's header end before it, with no horizontal scrolling.
    const tags = list.locator('tbody tr.ant-table-row .ant-tag').filter({ hasText: /在保|过保|未知/ });
    const actionLeft = (await list.locator('thead th', { hasText: '操作' }).first().boundingBox())!.x;
    const rights = await tags.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
    expect(rights.length).toBeGreaterThan(0);
    for (const r of rights) expect(r).toBeLessThanOrEqual(actionLeft + 0.5);
    const headers = list.locator('thead th').filter({ hasNotText: '操作' });
    const ends = await headers.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right));
    for (const end of ends) expect(end).toBeLessThanOrEqual(actionLeft + 0.5);
    await shot(page, FLOW, '05-installed-warranty');
  });

  test('at phone width the customer list is a card list and the customer detail fits the screen', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await logInAt(page, ADMIN, '/allCustomer');
    const card = listOf(page).locator('.sk-phone-cards .ant-card').filter({ hasText: '苏州吴中湖畔花园业主委员会' });
    await expect(card).toBeVisible();
    for (const label of ['联系人', '联系电话', '地址']) await expect(card.getByText(label, { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: '删除' })).toBeVisible();
    await expect(listOf(page).locator('table')).toHaveCount(0);
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(PHONE.width);
    await shot(page, FLOW, '06-phone-customer-cards');

    await card.getByRole('link', { name: '苏州吴中湖畔花园业主委员会' }).click();
    await expect(page).toHaveURL(/\/allOrder\/customerDetail\/\d+$/);
    const remove = visiblePage(page)
      .locator('.ant-card-head')
      .getByRole('button', { name: /^删\s*除$/ });
    await expect(remove).toBeVisible();
    expect(await width()).toBeLessThanOrEqual(PHONE.width);
    const box = (await remove.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await shot(page, FLOW, '07-phone-customer-detail');
  });

  test('a department added from the toolbar goes under the company node', async ({ page }) => {
    await logInAt(page, ADMIN, '/organizationalStructure');
    const name = `新部门${String(Date.now()).slice(-5)}`;
    const company = (await (await page.request.get('/api/stand/dept')).json()).data[0].name as string;
    await visiblePage(page).getByRole('button', { name: '新增部门' }).click();
    const d = page.getByRole('dialog', { name: '新增部门' });
    // The dialog names the company node as the parent.
    await expect(d.getByText(company, { exact: true })).toBeVisible();
    await d.getByLabel('部门名称').fill(name);
    await d.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('保存成功').first()).toBeVisible();
    const tree = await (await page.request.get('/api/stand/dept')).json();
    expect(tree.data).toHaveLength(1);
    const under = (tree.data[0].children as { name: string }[]).map((c) => c.name);
    expect(under).toContain(name);
    await expect(visiblePage(page).locator('.ant-tree-treenode', { hasText: name })).toBeVisible();
    await shot(page, FLOW, '08-department-under-company');
  });
});
