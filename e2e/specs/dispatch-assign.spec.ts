import { expect, type Page } from '@playwright/test';
import { pickEngineer, shot, test } from './helpers';
import { ADMIN, ApiUser, DISPATCHER, logIn, logInAt, quietGuide } from './shell.support';

// The dispatcher assigns pending orders from /assignOrder, one with the dialog (each engineer's load beside
// the name) and two with batch designate; the administrator's /orderingRule shows the rules and the default dispatch.

const FLOW = 'dispatch-assign';
const ENGINEER = '13800000002';
const PHONE = { width: 390, height: 844 };

/** Values for the default order type's required custom fields (the demo's 故障类型): first option, or a text. */
async function requiredExt(user: ApiUser): Promise<Record<string, unknown>> {
  const types = (await user.get('/orderTypeTemplate/list')).data as { id: number; isDefault: boolean }[];
  const tmpl = types.find((t) => t.isDefault) ?? types[0]!;
  const fields = (await user.get(`/detailcontrol/list?type=1&tmpId=${tmpl.id}`)).data.fields as { id: number; required?: boolean; options?: string[] }[];
  return Object.fromEntries(fields.filter((f) => f.required).map((f) => [String(f.id), f.options?.length ? f.options[0] : 'E2E']));
}

/** Orders waiting for dispatch, created through the API by the administrator. */
async function pendingOrders(admin: ApiUser, tag: string, n: number): Promise<{ id: number; title: string }[]> {
  const c = await admin.send('POST', '/v2/customer/addCustomer', {
    name: `派单客户${tag}`,
    linkPerson: { name: `联系人${tag}`, phone: `139${tag}11` },
    address: { provinceCode: '31', cityCode: '3101', districtCode: '310115', detail: '张江路1号' },
  });
  expect(c.success, c.message).toBe(true);
  const ext = await requiredExt(admin);
  const out = [];
  for (let i = 0; i < n; i++) {
    const title = `待派单${tag}-${i + 1}`;
    const o = await admin.send('POST', '/v2/order/add', { customerId: c.data.id, title, ext });
    expect(o.success, o.message).toBe(true);
    expect(o.data.state).toBe(1);
    out.push({ id: o.data.id as number, title });
  }
  return out;
}

const row = (page: Page, title: string) => page.locator('.sk-page:visible tr', { hasText: title });

test.describe('dispatch desk', () => {
  test.use({ actionTimeout: 20_000 });

  test('a dispatcher assigns one order with the dialog and two with batch designate; the log names the engineer and the remark', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    const tag = String(Date.now()).slice(-6);
    await quietGuide(baseURL!, DISPATCHER);
    const admin = await ApiUser.login(baseURL!, ADMIN);
    const [one, two, three] = await pendingOrders(admin, tag, 3);
    const engineers = await admin.get('/v2/user/list?role=2&pageSize=50');
    const engineer = (engineers.data.list as { id: number; name: string; mobile: string }[]).find((u) => u.mobile === ENGINEER);
    expect(engineer).toBeDefined();

    const page = await browser.newPage();
    await logInAt(page, DISPATCHER, '/assignOrder');
    await expect(row(page, one!.title)).toBeVisible();
    await expect(page.getByText('服务人员负载')).toBeVisible();
    await expect(page.locator('[data-testid="candidate"]').first()).toBeVisible();
    await shot(page, FLOW, '1-desk');

    // One order: the dialog lists engineers with their load; pick the demo engineer, add a remark.
    await row(page, one!.title).getByRole('button', { name: '派单' }).click();
    const dialog = page.getByRole('dialog', { name: `派单：${one!.title}` });
    await dialog.getByLabel('选择服务人员').click();
    await page.keyboard.type(engineer!.name);
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: engineer!.name }).first();
    await expect(option).toContainText('进行中');
    await shot(page, FLOW, '2-assign-dialog');
    await option.click();
    await dialog.getByLabel('备注').fill('客户上午在家');
    await dialog.getByRole('button', { name: '确定派单' }).click();
    await expect(page.getByText('派单成功')).toBeVisible();
    await expect(row(page, one!.title)).toHaveCount(0);

    // Two orders at once.
    for (const o of [two!, three!]) await row(page, o.title).locator('input[type="checkbox"]').check();
    await page.getByRole('button', { name: '批量派单' }).click();
    const batch = page.getByRole('dialog', { name: '批量派单（2 个工单）' });
    await batch.getByLabel('选择服务人员').click();
    await page.keyboard.type(engineer!.name);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: engineer!.name }).first().click();
    await batch.getByRole('button', { name: '确定派单' }).click();
    await expect(row(page, two!.title)).toHaveCount(0);
    await expect(row(page, three!.title)).toHaveCount(0);
    await shot(page, FLOW, '3-after-batch');

    for (const o of [one!, two!, three!]) {
      const d = await admin.get(`/order/orderDetail?orderId=${o.id}`);
      expect(d.data.state, o.title).toBe(2);
      const logs = await admin.get(`/v2/order/logs?orderId=${o.id}`);
      const dispatch = (logs.data as { action: string; note: string | null }[]).find((l) => l.action === 'dispatch');
      expect(dispatch?.note).toContain(`服务人员：${engineer!.name}`);
      if (o === one) expect(dispatch?.note).toContain('客户上午在家');
    }

    // At phone width the desk still shows the pending orders as cards with their 派单 button.
    const phone = await browser.newPage({ viewport: PHONE });
    await logInAt(phone, DISPATCHER, '/assignOrder');
    // (the phone hides the bar of open pages, so the cards are what shows)
    await expect(
      phone
        .locator('.sk-phone-cards:visible [data-card]')
        .first()
        .getByRole('button', { name: /派\s*单/ }),
    ).toBeVisible();
    await shot(phone, FLOW, '4-desk-phone');
    await admin.dispose();
  });

  test('the assistant grades the engineers with their reasons and books the first at its suggested slot', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const tag = String(Date.now()).slice(-6);
    await quietGuide(baseURL!, DISPATCHER);
    const admin = await ApiUser.login(baseURL!, ADMIN);
    const [order] = await pendingOrders(admin, tag, 1);
    const page = await browser.newPage();
    await logInAt(page, DISPATCHER, '/assignOrder');
    await row(page, order!.title).getByRole('button', { name: '派单' }).click();
    const dialog = page.getByRole('dialog', { name: `派单：${order!.title}` });
    const suggestions = dialog.getByRole('region', { name: '智能推荐' });
    const first = suggestions.getByRole('listitem').first();
    await expect(first).toContainText(/\d+ 分/);
    await expect(first).toContainText(/出发 \d+(\.\d)? km \/ \d+ 分钟/);
    await expect(suggestions).toContainText('路程：直线距离×1.3');
    await shot(page, FLOW, '5-assign-suggestions');
    const book = first.getByRole('button', { name: /^派给/ });
    const label = (await book.textContent()) ?? '';
    const [, name, time] = /派给(.+)（(\d\d:\d\d)）/.exec(label) ?? [];
    await book.click();
    await expect(page.getByText('派单成功')).toBeVisible();
    await expect(row(page, order!.title)).toHaveCount(0);
    const detail = await admin.get(`/order/orderDetail?orderId=${order!.id}`);
    expect(detail.data.people.find((p: { part: string }) => p.part === 'service')?.name).toBe(name);
    // The appointment (customApplyTime, as the spec names it) is the suggested time.
    expect(String(detail.data.customApplyTime)).toContain(` ${time}`);
  });

  test('an order given to the provider waits on the provider’s own /assignOrder; its dispatcher assigns their engineer', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const tag = String(Date.now()).slice(-6);
    const PROVIDER_USER = '13600000001';
    await quietGuide(baseURL!, PROVIDER_USER);
    const admin = await ApiUser.login(baseURL!, ADMIN);
    const [order] = await pendingOrders(admin, tag, 1);
    const providers = await admin.get('/serviceprovider/simplelist');
    const provider = (providers.data as { id: number; name: string }[]).find((p) => p.name === '华东联保服务有限公司');
    expect(provider).toBeDefined();
    const given = await admin.send('POST', '/v2/order/dispatch', { orderId: order!.id, providerId: provider!.id });
    expect(given.success, given.message).toBe(true);

    const page = await browser.newPage();
    await logIn(page, PROVIDER_USER);
    // The provider menu (its one 服务商 group) offers the desk; the page shows the provider's order.
    await page.getByRole('menuitem', { name: /服务商/ }).click();
    await expect(page.getByRole('menuitem', { name: /待派单工单/ })).toBeVisible();
    await page.getByRole('menuitem', { name: /待派单工单/ }).click();
    await expect(page).toHaveURL(/\/assignOrder$/);
    await expect(row(page, order!.title)).toBeVisible();
    await shot(page, FLOW, '5-provider-desk');
    await row(page, order!.title).getByRole('button', { name: '派单' }).click();
    const dialog = page.getByRole('dialog', { name: `派单：${order!.title}` });
    // The provider's own dispatcher picks among its engineers only: no 外包服务商 choice.
    await expect(dialog.getByLabel('选择服务人员')).toBeVisible();
    await expect(dialog.getByText('外包服务商')).toHaveCount(0);
    await pickEngineer(page, dialog, '陈外包');
    await dialog.getByRole('button', { name: '确定派单' }).click();
    await expect(page.getByText('派单成功')).toBeVisible();
    await expect(row(page, order!.title)).toHaveCount(0);
    const d = await admin.get(`/order/orderDetail?orderId=${order!.id}`);
    expect(d.data.state).toBe(2);
    await admin.dispose();
  });

  test('the administrator’s dispatch rules page: add a product-category rule to a provider', async ({ browser, baseURL }) => {
    test.setTimeout(90_000);
    await quietGuide(baseURL!, ADMIN);
    const page = await browser.newPage();
    await logInAt(page, ADMIN, '/orderingRule');
    await expect(page.getByText('派单说明')).toBeVisible();
    await page.getByRole('button', { name: '新增规则' }).click();
    const dialog = page.getByRole('dialog', { name: '新增派单规则' });
    const name = `浦东规则${String(Date.now()).slice(-4)}`;
    await dialog.getByLabel('规则名称').fill(name);
    await dialog.getByRole('radio', { name: '产品分类' }).check();
    await dialog.getByRole('textbox', { name: '产品分类' }).fill('空调');
    await dialog.getByRole('radio', { name: '外包服务商' }).check();
    // The dropdown may still be opening when the option first shows: pick until the field holds the provider.
    await expect(async () => {
      await dialog.getByLabel('选择服务商').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '华东联保服务有限公司' }).click({ timeout: 3000 });
      // The select's own value (antd also repeats it in an aria-live span, so text alone matches twice).
      await expect(dialog.getByTitle('华东联保服务有限公司')).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.locator('tr', { hasText: name })).toContainText('产品分类：空调');
    await shot(page, FLOW, '5-rules');
    const admin = await ApiUser.login(baseURL!, ADMIN);
    const list = await admin.get('/v2/dispatchRule/list');
    const saved = (list.data as { id: number; name: string }[]).find((r) => r.name === name);
    expect(saved).toBeDefined();
    await admin.send('DELETE', '/v2/dispatchRule', { ids: [saved!.id] });
    await admin.dispose();
  });
});
