import { expect, type Locator, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, ApiUser, logIn, logInAt, quietGuide, registerEnterprise } from './shell.support';

// Behaviour: quick deploy by industry, contract states following their dates, customer rights per role,
// the 流程设置 link, and the OpenAPI description.

const FLOW = 'behaviour';
const SERVICE_PERSON = '13800000002';
const page$ = (page: Page): Locator => page.locator('.sk-page:visible');
const listOf = (page: Page): Locator => page.locator('.sk-list-page:visible').first();
const PHONE = { width: 390, height: 844 };

test.describe('quick deploy', () => {
  test('去部署 opens the industry picker; deploying 物业 adds its templates, service items and dictionary; a re-run adds only what is missing', async ({
    page,
    baseURL,
  }) => {
    // 134…: a range no other spec uses (136000000xx are fixed owners elsewhere, e.g. the forgotten-password test's).
    const mobile = `134${String(Date.now()).slice(-8)}`;
    const owner = await registerEnterprise(baseURL!, mobile, `部署测试企业${mobile.slice(-4)}`);
    await logIn(page, mobile, 'Harbor-Lantern-72');
    // the prompt of a fresh enterprise
    const prompt = page.getByRole('dialog', { name: '快速部署' });
    await expect(prompt).toContainText('按所在行业一键导入工单模板、服务项目和字典');
    await prompt.getByRole('button', { name: '去部署' }).click();
    await expect(page).toHaveURL(/\/quickDeploy$/);
    // the new-user tour follows the prompt: close it
    await page.locator('.ant-tour .ant-tour-close').click();
    // the registered industry is chosen first
    await expect(page$(page).getByRole('radio', { name: '服务业' })).toBeChecked();
    await page$(page).getByText('物业', { exact: true }).click();
    await expect(page$(page).getByRole('alert')).toContainText('将为“物业”新增模板 4 个');
    await expect(page$(page).getByTestId('deploy-template')).toHaveCount(4);
    await expect(page$(page).getByTestId('deploy-template').filter({ hasText: '业主报修' })).toContainText('疏通下水道');
    await shot(page, FLOW, '01-quick-deploy-plan');
    await page$(page).getByRole('button', { name: '一键部署' }).click();
    await expect(page$(page).getByText('物业模板部署成功')).toBeVisible();
    await expect(page$(page).locator('.ant-result-subtitle')).toContainText('新增模板 4 个');
    await shot(page, FLOW, '02-quick-deploy-done');

    // the order types are in 工单设置
    await page$(page).getByRole('button', { name: '查看工单设置' }).click();
    await expect(page$(page).locator('tr').filter({ hasText: '业主报修' })).toBeVisible();
    await expect(page$(page).locator('tr').filter({ hasText: '公共设施巡检' })).toBeVisible();

    // a service item goes missing: the page offers exactly that one back
    const types = (await owner.get('/v2/moneyItem/list')).data as { id: number; name: string }[];
    const gone = types.find((m) => m.name === '疏通下水道')!;
    expect((await owner.send('DELETE', '/v2/moneyItem/delete', { ids: [gone.id] })).success).toBe(true);
    await page.goto('/quickDeploy');
    await page$(page).getByText('物业', { exact: true }).click();
    await expect(page$(page).getByTestId('deploy-template')).toHaveCount(1);
    await page$(page).getByRole('button', { name: '补充缺少的 1 项' }).click();
    await expect(page$(page).locator('.ant-result-subtitle')).toContainText('新增模板 0 个、自定义字段 0 个、服务项目 1 个、字典值 0 个');
    // and after that nothing is left to add
    await page.goto('/quickDeploy');
    await page$(page).getByText('物业', { exact: true }).click();
    await expect(page$(page).getByText('物业的内容已全部部署')).toBeVisible();
    await page.setViewportSize(PHONE);
    await shot(page, FLOW, '03-quick-deploy-nothing-left-phone');
    await owner.dispose();
  });
});

test.describe('as the demo administrator', () => {
  // Each test opens its own page as the first one: the home page before it was one more start of the app (2–3 s) for
  // nothing these tests check (login.spec and the menu walks open it).
  test.beforeEach(async ({ baseURL }) => {
    await quietGuide(baseURL!, ADMIN);
  });

  test('the demo maintenance contract has followed its dates to 已完成, logged as a system step', async ({ page }) => {
    await logInAt(page, ADMIN, '/maintainContract');
    const row = listOf(page).locator('tbody tr.ant-table-row').filter({ hasText: 'WB20240401-0001' });
    await expect(row).toContainText('已完成');
    await row.getByRole('link', { name: 'WB20240401-0001' }).click();
    await expect(page$(page).locator('.ant-tag', { hasText: '已完成' })).toBeVisible();
    await expect(page$(page).getByText('系统：执行中 → 已完成')).toBeVisible();
    await shot(page, FLOW, '10-contract-finished');
  });

  test('流程设置 opens on its own tab', async ({ page }) => {
    await logInAt(page, ADMIN, '/templateCenter');
    await page$(page).locator('tbody tr.ant-table-row').first().getByRole('link', { name: '流程设置' }).click();
    await expect(page).toHaveURL(/\/templateCenter\/processSetting\?/);
    await expect(page$(page).getByRole('tab', { name: '流程设置' })).toHaveAttribute('aria-selected', 'true');
    await expect(page$(page).getByText('查看工单流程')).toBeVisible();
    await shot(page, FLOW, '20-process-setting-tab');
  });

  test('the API description: every endpoint, searchable, with its power and schemas', async ({ page }) => {
    await logInAt(page, ADMIN, '/help');
    await page$(page).getByRole('link', { name: '接口文档（OpenAPI）' }).click();
    await expect(page).toHaveURL(/\/apiDocs$/);
    // every operation of the server's own description is listed
    const answer = (await (await page.request.get('/api/openapi.json')).json()) as { data: { paths: Record<string, Record<string, unknown>> } };
    const operations = Object.values(answer.data.paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
    expect(operations).toBeGreaterThan(200);
    await expect(page$(page).getByTestId('api-count')).toHaveText(`共 ${operations} 个接口`);
    await shot(page, FLOW, '30-api-docs');
    await page$(page).getByRole('searchbox', { name: '搜索接口' }).fill('addCustomer');
    await expect(page$(page).getByTestId('api-count')).toHaveText('共 1 个接口');
    await page$(page).getByText('/api/v2/customer/addCustomer').click();
    const op = page$(page).locator('.ant-collapse-item-active');
    await expect(op.getByText('customer_add')).toBeVisible();
    await expect(op.getByText('请求体（application/json）')).toBeVisible();
    await expect(op.locator('.sk-api-schema').first()).toContainText('"title": "客户名称"');
    await expect(page.locator('.ant-motion-collapse')).toHaveCount(0); // the panel has finished opening
    await shot(page, FLOW, '31-api-docs-endpoint');
    await page.setViewportSize(PHONE);
    await shot(page, FLOW, '32-api-docs-phone');
  });

  test('the administrator sees every customer action', async ({ page }) => {
    await logInAt(page, ADMIN, '/allCustomer');
    const list = listOf(page);
    for (const name of ['新建客户', '导入', '批量标签', '批量删除']) await expect(list.getByRole('button', { name })).toBeVisible();
    await expect(
      list
        .locator('tbody tr.ant-table-row')
        .first()
        .getByRole('button', { name: /删\s*除/ }),
    ).toBeVisible();
    await expect(list.locator('thead th').filter({ hasText: '操作' })).toHaveCount(1);
  });
});

test.describe('as a service person (role 2)', () => {
  test('sees customers but no import, add, edit, tag or delete actions, no API docs', async ({ page, baseURL }) => {
    await quietGuide(baseURL!, SERVICE_PERSON);
    await logInAt(page, SERVICE_PERSON, '/allCustomer');
    const list = listOf(page);
    await expect(list.locator('tbody tr.ant-table-row').first()).toBeVisible();
    for (const name of ['新建客户', '导入', '批量标签', '批量删除', '导出']) await expect(list.getByRole('button', { name })).toHaveCount(0);
    await expect(list.locator('tbody').getByRole('button', { name: /删\s*除|编\s*辑/ })).toHaveCount(0);
    await expect(list.locator('tbody .ant-checkbox')).toHaveCount(0); // nothing to do with a selection
    await expect(list.locator('thead th').filter({ hasText: '操作' })).toHaveCount(0);
    await shot(page, FLOW, '40-service-person-customers');
    await list.locator('tbody tr.ant-table-row').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/customerDetail/);
    await expect(page$(page).getByText(/联系人（\d+）/)).toBeVisible();
    await expect(page$(page).getByRole('button', { name: /编\s*辑|删\s*除|数据权限|新增联系人/ })).toHaveCount(0);
    await shot(page, FLOW, '41-service-person-customer-detail');
    await page.setViewportSize(PHONE);
    await shot(page, FLOW, '42-service-person-customer-detail-phone');
    // the server refuses the edit too
    const api = await ApiUser.login(baseURL!, SERVICE_PERSON);
    const first = (await api.get('/v2/customer/epCustomerList?pageIndex=0&pageSize=10')).data[0] as { id: number; name: string };
    expect(await api.send('PUT', '/v2/customer/editCustomer', { id: first.id, name: '改名' })).toMatchObject({
      success: false,
      message: '您没有该功能的操作权限',
    });
    await api.dispose();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/apiDocs');
    await expect(page).toHaveURL(/\/detailError$/);
  });
});
