import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, shot, test } from './helpers';

// The shared widgets on the showcase route /widgetDemo (a ListPage over GET /v2/user/list and the person picker).
// Switch to the organisation pages once they use these widgets.

const FLOW = 'widgets';
const DEFAULT_NINE = ['姓名', '手机号', '部门', '角色', '工号', '邮箱', '人员类型', '管理员', '状态'];

/** Logs in through the API and marks the new-user guide as seen, so its tour does not cover the page. */
async function login(page: Page, mobile = '13800000003') {
  const res = await page.request.post('/api/stand/pwdLogin', { data: { mobile, password: DEMO_PASSWORD } });
  expect((await res.json()).success).toBe(true);
  const me = await (await page.request.get('/api/v2/sessionUser/info')).json();
  const done = await page.request.post('/api/schema/finishNoviceGuide', { headers: { 'X-CSRF-Token': me.data.csrfToken } });
  expect((await done.json()).success).toBe(true);
}

/** The visible list page's table. */
const listTable = (page: Page): Locator => page.locator('.sk-list-page:visible .ant-table').first();

async function headers(page: Page): Promise<string[]> {
  const cells = listTable(page).locator('thead th:not(.ant-table-selection-column)');
  return (await cells.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

async function openList(page: Page, path: string) {
  await page.goto(path);
  await expect(listTable(page).locator('tbody tr.ant-table-row').first()).toBeVisible();
}

async function chooser(page: Page): Promise<Locator> {
  await page.locator('.sk-list-page:visible').getByRole('button', { name: '列设置' }).click();
  const box = page.getByTestId('column-chooser').filter({ visible: true });
  await expect(box).toBeVisible();
  return box;
}

test.describe('shared widgets', () => {
  test.beforeEach(async ({ page }) => login(page));

  test('the column chooser keeps a choice per route; an empty choice resets to nine', async ({ page }) => {
    await openList(page, '/widgetDemo');
    expect(await headers(page)).toEqual(DEFAULT_NINE);
    await shot(page, FLOW, '01-list-default-columns');

    let box = await chooser(page);
    await box.getByLabel('手机号').uncheck();
    await box.getByLabel('创建时间').check();
    await shot(page, FLOW, '02-column-chooser');
    await page.keyboard.press('Escape');
    await expect.poll(() => headers(page)).toEqual(['姓名', '部门', '角色', '工号', '邮箱', '人员类型', '管理员', '状态', '创建时间']);

    await page.reload();
    await expect(listTable(page).locator('tbody tr.ant-table-row').first()).toBeVisible();
    expect(await headers(page)).toEqual(['姓名', '部门', '角色', '工号', '邮箱', '人员类型', '管理员', '状态', '创建时间']);

    // another route has its own choice
    await openList(page, '/widgetDemo/other');
    expect(await headers(page)).toEqual(DEFAULT_NINE);
    await shot(page, FLOW, '03-other-route-defaults');

    await openList(page, '/widgetDemo');
    expect(await headers(page)).toContain('创建时间');

    box = await chooser(page);
    const all = box.getByLabel('全选');
    await all.check();
    await expect.poll(() => headers(page)).toHaveLength(11);
    await all.uncheck(); // nothing chosen → the nine defaults
    await expect.poll(() => headers(page)).toEqual(DEFAULT_NINE);
    await page.reload();
    await expect(listTable(page).locator('tbody tr.ant-table-row').first()).toBeVisible();
    expect(await headers(page)).toEqual(DEFAULT_NINE);
  });

  test('the list pages, searches and offers paid page sizes', async ({ page }) => {
    await openList(page, '/widgetDemo');
    const list = page.locator('.sk-list-page:visible');
    await list.getByLabel('关键字').fill('13800000007');
    await list.getByLabel('关键字').press('Enter');
    await expect(listTable(page).locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(listTable(page).getByRole('cell', { name: '周回访' })).toBeVisible();
    await list.getByLabel('关键字').fill('');
    await list.getByLabel('关键字').press('Enter');
    await expect(listTable(page).locator('tbody tr.ant-table-row').first()).toBeVisible();

    await list.locator('.ant-pagination-options .ant-select').click();
    await expect(page.getByTitle('1000 条/页')).toBeVisible();
    await shot(page, FLOW, '04-page-sizes');
    await page.keyboard.press('Escape');

    await expect(list.getByRole('button', { name: '批量删除' })).toHaveCount(0); // the demo page deletes nothing
    await list.getByRole('button', { name: /导\s*出/ }).click();
    const dialog = page.getByRole('dialog', { name: '导出数据' });
    await dialog.getByText(/选中行数据/).click();
    await dialog.getByRole('button', { name: /导\s*出/ }).click();
    await expect(page.getByText('未选中数据')).toBeVisible();
    await shot(page, FLOW, '05-export-none-selected');
    await dialog.getByRole('button', { name: /取\s*消/ }).click();

    // two selected rows go to the download centre under the chosen name
    const rowsBox = listTable(page).locator('tbody tr.ant-table-row .ant-checkbox-input');
    await rowsBox.nth(0).check();
    await rowsBox.nth(1).check();
    await list.getByRole('button', { name: /导\s*出/ }).click();
    await expect(dialog.getByLabel(/选中行数据（2）/)).toBeChecked();
    await dialog.getByLabel('文件名').fill('两位人员');
    await dialog.getByRole('button', { name: /导\s*出/ }).click();
    await expect(page.getByText('导出任务已创建，请到下载中心查看')).toBeVisible();
    const centre = await (await page.request.get('/api/fileDownloadCenter/list?pageIndex=0&pageSize=10')).json();
    expect(centre.data.list.map((i: { name: string }) => i.name).join()).toContain('两位人员');
  });

  test('the person picker searches by name or phone, picks several, and is limited by role', async ({ page }) => {
    await openList(page, '/widgetDemo');
    await page.getByRole('button', { name: '选择人员', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '选择人员' });
    await expect(dialog.locator('tbody tr.ant-table-row').first()).toBeVisible();

    const box = dialog.getByLabel('姓名或手机号');
    await box.fill('13800000002');
    await box.press('Enter');
    await expect(dialog.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await dialog.getByRole('cell', { name: '李服务' }).click();

    await box.fill('周回');
    await box.press('Enter');
    await expect(dialog.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await dialog.getByRole('cell', { name: '周回访' }).click();
    await expect(dialog.getByTestId('picker-chosen')).toContainText('李服务');
    await expect(dialog.getByTestId('picker-chosen')).toContainText('周回访');
    await shot(page, FLOW, '06-person-picker-multi');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();

    const picked = page.getByTestId('picked-people');
    await expect(picked.getByRole('link', { name: '李服务' })).toHaveAttribute('href', /\/organizationalStructure\/personneldetails\/\d+$/);
    await expect(picked.getByRole('link', { name: '周回访' })).toBeVisible();

    // role-limited: only service persons (role 2)
    await page.getByRole('button', { name: '选择服务人员' }).click();
    const svc = page.getByRole('dialog', { name: '选择服务人员' });
    const svcBox = svc.getByLabel('姓名或手机号');
    await svcBox.fill('李服务');
    await svcBox.press('Enter');
    await expect(svc.getByRole('cell', { name: '李服务' })).toBeVisible();
    for (const other of ['张派单', '王管理']) {
      await svcBox.fill(other);
      await svcBox.press('Enter');
      await expect(svc.locator('tbody tr.ant-table-row')).toHaveCount(0);
    }
    await svcBox.fill('');
    await svcBox.press('Enter');
    await shot(page, FLOW, '07-person-picker-role');
    await svc.getByRole('button', { name: /重\s*置/ }).click();
    await svc.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('请选择人员')).toBeVisible();
    await svc.getByRole('button', { name: /取\s*消/ }).click();
    await expect(svc).toBeHidden();
    await expect(picked.getByRole('link', { name: '周回访' })).toBeVisible(); // cancel changed nothing
  });

  test('the free plan cannot change the sort', async ({ page, context }) => {
    await context.clearCookies();
    await login(page, '13900000003');
    await page.goto('/widgetDemo');
    await expect(listTable(page).getByRole('cell', { name: '免费管理员' }).first()).toBeVisible();
    const list = page.locator('.sk-list-page:visible');
    const sort = list.locator('.ant-select').filter({ hasText: '创建时间从新到旧' });
    await sort.click();
    await page.locator('.ant-select-item-option').filter({ hasText: '创建时间从旧到新' }).click();
    await expect(page.getByText(/免费版不支持修改排序，建议升级为VIP版本，咨询热线：/)).toBeVisible();
    await expect(sort).toBeVisible(); // the choice did not change
    await list.locator('.ant-pagination-options .ant-select').click();
    await expect(page.getByTitle('100 条/页')).toBeVisible();
    await expect(page.getByTitle('500 条/页')).toHaveCount(0);
    await shot(page, FLOW, '08-free-sort-refused');
  });
});
