import { expect, type Locator, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, ApiUser, DISPATCHER, FREE_ADMIN, logInAt, quietGuide } from './shell.support';

// The order lists: orders seeded through the API, then AllOrder as the dispatcher (state tab, filter, sort, URL
// parameters, export), MyOrder at phone width, and the recycle bin (locked on the free plan).

const FLOW = 'order-lists';
const ENGINEER = '13800000002';
const EMPLOYEE = '13800000004';
const PHONE = { width: 390, height: 844 };

const listOf = (page: Page): Locator => page.locator('.sk-list-page:visible').first();
const rowOf = (scope: Locator, text: string): Locator => scope.locator('tbody tr.ant-table-row').filter({ hasText: text });

interface Seeded {
  tail: string;
  customerId: number;
  ids: number[];
}

interface FieldDef {
  id: number;
  type: number;
  required?: boolean;
  options?: string[];
}

/** Values for the default order type's required custom fields (the demo's 故障类型 …): first option, or a text. */
async function requiredExt(user: ApiUser): Promise<Record<string, unknown>> {
  const types = (await user.get('/orderTypeTemplate/list')).data as { id: number; isDefault: boolean }[];
  const tmpl = types.find((t) => t.isDefault) ?? types[0]!;
  const fields = (await user.get(`/detailcontrol/list?type=1&tmpId=${tmpl.id}`)).data.fields as FieldDef[];
  return Object.fromEntries(fields.filter((f) => f.required).map((f) => [String(f.id), f.options?.length ? f.options[0] : 'E2E']));
}

/** POST through the API as `mobile`. */
async function postAs(baseURL: string, mobile: string, path: string, data: unknown): Promise<{ success: boolean; message: string }> {
  const user = await ApiUser.login(baseURL, mobile);
  const info = await (await user.api.get('/api/v2/sessionUser/info')).json();
  const r = await user.api.post(`/api${path}`, { data, headers: { 'X-CSRF-Token': info.data.csrfToken } });
  const out = await r.json();
  await user.dispose();
  return out;
}

/** A customer and three orders of it, created by `mobile` through POST /v2/order/add. */
async function seed(baseURL: string, mobile: string): Promise<Seeded> {
  const tail = String(Date.now()).slice(-6);
  const admin = await ApiUser.login(baseURL, ADMIN);
  const c = await admin.send('POST', '/v2/customer/addCustomer', {
    name: `列表客户${tail}`,
    linkPerson: { name: '周列表', phone: `1391${tail}0`.slice(0, 11) },
    address: { provinceCode: '31', cityCode: '3101', districtCode: '310115', detail: `祖冲之路${tail}号` },
  });
  expect(c.success, c.message).toBe(true);
  await admin.dispose();
  const user = await ApiUser.login(baseURL, mobile);
  const ids: number[] = [];
  const ext = await requiredExt(user);
  for (const [title, priority] of [
    [`空调不制冷${tail}`, 1],
    [`洗衣机漏水${tail}`, 3],
    [`热水器检修${tail}`, 2],
  ] as const) {
    const r = await user.send('POST', '/v2/order/add', { customerId: c.data.id, title, priority, ext });
    expect(r.success, r.message).toBe(true);
    ids.push(r.data.id);
  }
  await user.dispose();
  return { tail, customerId: c.data.id, ids };
}

test.describe('order lists', () => {
  test('AllOrder as the dispatcher: state tab, filters, sort, URL parameters and export', async ({ page, baseURL }) => {
    const s = await seed(baseURL!, DISPATCHER);
    await quietGuide(baseURL!, DISPATCHER);
    await logInAt(page, DISPATCHER, '/allOrder');
    const list = listOf(page);
    await expect(rowOf(list, `洗衣机漏水${s.tail}`)).toBeVisible();
    await expect(page.getByRole('tab', { name: '进行中', exact: true })).toBeVisible();
    await shot(page, FLOW, '01-all-orders');

    // the keyword finds one order; its number links to the detail page
    await list.getByPlaceholder('工单编号、标题、客户、电话').fill(`洗衣机漏水${s.tail}`);
    await list.getByPlaceholder('工单编号、标题、客户、电话').press('Enter');
    await expect(list.locator('tbody tr.ant-table-row')).toHaveCount(1);
    const link = rowOf(list, `洗衣机漏水${s.tail}`).getByRole('link', { name: /^GD/ });
    await expect(link).toHaveAttribute('href', `/allOrder/orderDetail/${s.ids[1]}`);

    // the filter panel: customer name and priority 非常紧急
    await list.getByPlaceholder('工单编号、标题、客户、电话').fill('');
    await list.getByPlaceholder('工单编号、标题、客户、电话').press('Enter');
    await list.getByRole('button', { name: /筛\s*选/ }).click();
    const panel = page.getByTestId('filter-panel');
    await panel.getByLabel('客户名称').fill(`列表客户${s.tail}`);
    await panel.getByLabel('优先级筛选').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '非常紧急' }).click();
    await panel.getByRole('button', { name: /查\s*找/ }).click();
    await expect(list.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(rowOf(list, `洗衣机漏水${s.tail}`)).toBeVisible();
    await shot(page, FLOW, '02-filtered');
    await panel.getByRole('button', { name: /重\s*置/ }).click();

    // the state tab 已完成 has none of them; 全部 has all three
    await page.getByRole('tab', { name: '已完成', exact: true }).click();
    await expect(rowOf(list, s.tail)).toHaveCount(0);
    await page.getByRole('tab', { name: '全部', exact: true }).click();
    await expect(rowOf(list, s.tail)).toHaveCount(3);

    // the URL's query parameters start the list filtered (customerId, keyword)
    await page.goto(`/allOrder?customerId=${s.customerId}&keyword=${encodeURIComponent('热水器')}`);
    await expect(listOf(page).locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(rowOf(listOf(page), `热水器检修${s.tail}`)).toBeVisible();
    await shot(page, FLOW, '03-url-parameters');

    // export: the chosen columns of every filtered order, through the download centre
    await page.goto(`/allOrder?customerId=${s.customerId}`);
    await expect(listOf(page).locator('tbody tr.ant-table-row')).toHaveCount(3);
    await listOf(page)
      .getByRole('button', { name: /导\s*出/ })
      .click();
    const dialog = page.getByRole('dialog', { name: '导出数据' });
    const fileName = `工单导出${s.tail}`;
    await dialog.getByLabel('文件名').fill(fileName);
    await dialog.getByText('全部筛选结果（3）').click();
    await shot(page, FLOW, '04-export-dialog');
    await dialog.getByRole('button', { name: /导\s*出/ }).click();
    await expect(page.getByText('导出任务已创建，请到下载中心查看')).toBeVisible();
    await expect
      .poll(
        async () => {
          const body = await (await page.request.get('/api/fileDownloadCenter/list?pageIndex=0&pageSize=20')).json();
          return body.data.list.find((d: { name: string }) => d.name === fileName)?.row_count;
        },
        { timeout: 30_000 },
      )
      .toBe(3);

    // the customer's detail page lists its orders in its 工单 tab
    await page.goto(`/allOrder/customerDetail/${s.customerId}`);
    await page.getByRole('tab', { name: '工单', exact: true }).click();
    await expect(rowOf(listOf(page), s.tail)).toHaveCount(3);
    await shot(page, FLOW, '09-customer-orders-tab');
  });

  test('MyOrder at phone width: cards of my orders by tab', async ({ page, baseURL }) => {
    const s = await seed(baseURL!, EMPLOYEE);
    await quietGuide(baseURL!, EMPLOYEE);
    await page.setViewportSize(PHONE);
    await logInAt(page, EMPLOYEE, '/myOrder?tab=all');
    const list = listOf(page);
    const card = list.locator('[data-card]').filter({ hasText: `空调不制冷${s.tail}` });
    await expect(card).toBeVisible();
    await expect(card.getByText('待派单')).toBeVisible();
    await shot(page, FLOW, '05-my-orders-phone');
    await page.getByRole('tab', { name: '服务中', exact: true }).click();
    await expect(list.locator('[data-card]').filter({ hasText: s.tail })).toHaveCount(0);
    await expect(page).toHaveURL(/tab=inService/);
  });

  test('MyOrder as the engineer at phone width, after dispatch: opens where work waits; the home to-do shows its count', async ({ page, baseURL }) => {
    // Seeding, dispatch, the home and two list loads: over 60 s on a loaded machine.
    test.setTimeout(120_000);
    const s = await seed(baseURL!, DISPATCHER);
    const admin = await ApiUser.login(baseURL!, ADMIN);
    const engineer = (await admin.get(`/v2/user/list?keyword=${ENGINEER}&pageSize=10`)).data.list[0];
    await admin.dispose();
    const r = await postAs(baseURL!, DISPATCHER, '/v2/order/dispatch', { orderId: s.ids[0], serviceUserId: engineer.id });
    expect(r.success, r.message).toBe(true);
    await quietGuide(baseURL!, ENGINEER);
    await page.setViewportSize(PHONE);
    // The home to-do 我的工单 N opens the list of exactly those N orders (待接单 and 待服务 of his).
    await logInAt(page, ENGINEER, '/guideOne');
    const todo = page.locator('.ant-card').filter({ hasText: '待办事项' }).locator('.ant-list-item').filter({ hasText: '我的工单' });
    await expect(todo).toBeVisible();
    const n = Number(await todo.locator('strong').textContent());
    expect(n).toBeGreaterThan(0);
    await todo.getByText('我的工单').click();
    await expect(listOf(page).getByText(`共 ${n} 条`)).toBeVisible();
    await expect(
      listOf(page)
        .locator('[data-card]')
        .filter({ hasText: `空调不制冷${s.tail}` }),
    ).toBeVisible();
    await shot(page, FLOW, '06a-engineer-todo-phone');
    // 我的工单 without a tab opens on the first tab where work waits: 待接单, with the dispatched order.
    await page.goto('/myOrder');
    await expect(page.getByRole('tab', { name: '待接单', exact: true })).toHaveAttribute('aria-selected', 'true');
    await expect(
      listOf(page)
        .locator('[data-card]')
        .filter({ hasText: `空调不制冷${s.tail}` }),
    ).toBeVisible();
    await shot(page, FLOW, '06-engineer-phone');
  });

  test('recycle bin: locked on the free plan; deleted orders restored', async ({ page, baseURL }) => {
    await quietGuide(baseURL!, FREE_ADMIN);
    await logInAt(page, FREE_ADMIN, '/orderRubbish');
    await expect(page.getByText(/免费版不支持回收站/).first()).toBeVisible();
    await shot(page, FLOW, '07-recycle-bin-free');

    const s = await seed(baseURL!, DISPATCHER);
    const del = await postAs(baseURL!, ADMIN, '/order/delAllOrder', { orderIds: [s.ids[2]] });
    expect(del.success, del.message).toBe(true);
    await page.context().clearCookies();
    await quietGuide(baseURL!, ADMIN);
    await logInAt(page, ADMIN, '/orderRubbish');
    const row = rowOf(listOf(page), `热水器检修${s.tail}`);
    await expect(row).toBeVisible();
    await shot(page, FLOW, '08-recycle-bin');
    await row.getByRole('checkbox').check();
    await listOf(page).getByRole('button', { name: '还原' }).click();
    await expect(page.getByText('还原成功')).toBeVisible();
    await expect(row).toHaveCount(0);
  });
});
