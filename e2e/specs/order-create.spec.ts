import { expect, type Locator, type Page } from '@playwright/test';
import { shot, steady, test } from './helpers';
import { ADMIN, ApiUser, logInAt, quietGuide } from './shell.support';

// Customer service (受理客服, 13800000006) creates an order the way the desk does it: a pasted "name phone address"
// becomes a new customer, the product and a service item are picked, and a second order of the same customer and
// type shows the duplicate warning. Desktop and phone width.

const FLOW = 'order-create';
const SERVICE_DESK = '13800000006';
const tail = () => String(Date.now()).slice(-6);

const field = (page: Page, key: string): Locator => page.locator(`[data-field="sys:${key}"]`);
const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });

async function pickOption(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first().click();
}

/** Picks one person by name in the role-limited person picker (titled by its role) that the button opens. */
async function pickPerson(page: Page, button: string, title: string, name: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  const picker = dialog(page, title);
  const box = picker.getByLabel('姓名或手机号');
  await box.fill(name);
  await box.press('Enter');
  await picker.getByRole('cell', { name }).click();
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await expect(picker).toBeHidden();
  await expect(page.locator('.ant-tag').filter({ hasText: name }).first()).toBeVisible();
}

/** Fills what the order type asks besides the fixed fields: the demo's standard order requires 故障类型. */
async function fillTitleAndFault(page: Page, title: string): Promise<void> {
  await field(page, 'title').getByRole('textbox').fill(title);
  await page.getByText('不通电', { exact: true }).click();
}

test.describe('create order', () => {
  test.beforeEach(async ({ baseURL }) => {
    await quietGuide(baseURL!, SERVICE_DESK);
  });

  test('from pasted text to a new customer, product and service item picked, the duplicate warning on a second order', async ({ page, baseURL }) => {
    const t = tail();
    const name = `王小明${t}`;
    const phone = `139${t}01`;
    await logInAt(page, SERVICE_DESK, '/createOrder');
    await expect(page.getByRole('combobox', { name: '工单类型' })).toBeVisible();
    await expect(page.locator('[data-group="customerInfo"]')).toBeVisible();

    // 1. the customer from a pasted line
    await field(page, 'customerId').getByRole('button', { name: '快速新建' }).click();
    const quick = dialog(page, '快速新建客户');
    await quick.getByLabel('粘贴客户信息').fill(`王小明 ${phone} 上海市浦东新区张江路100号 空调不制冷`);
    await quick.getByRole('button', { name: /识\s*别/ }).click();
    await expect(page.getByText('已识别姓名、电话、地址')).toBeVisible();
    await expect(quick.getByLabel('联系电话')).toHaveValue(phone);
    await expect(quick.getByLabel('详细地址')).toHaveValue('张江路100号');
    await quick.getByLabel('客户名称').fill(name);
    await shot(page, FLOW, '01-quick-customer');
    await quick.getByRole('button', { name: '创建客户' }).click();
    await expect(quick).toBeHidden();
    await expect(field(page, 'customerId')).toContainText(name);
    // its contact and address come with it
    await expect(field(page, 'customLinkPerson').getByRole('combobox')).toHaveValue('王小明');
    await expect(field(page, 'customPhone').getByRole('textbox')).toHaveValue(phone);
    await expect(field(page, 'gpsAddr')).toContainText('张江路100号');
    // the pasted problem fills the required title and picks the fault type it names
    await expect(field(page, 'title').getByRole('textbox')).toHaveValue('空调不制冷');
    await expect(page.getByRole('radio', { name: '不制冷', exact: true })).toBeChecked();

    // 2. the customer's air conditioner, registered meanwhile by the administrator, in warranty
    const admin = await ApiUser.login(baseURL!, ADMIN);
    const customer = (await admin.get(`/v2/customer/getCustomerList?keyword=${encodeURIComponent(name)}`)).data[0];
    const model = (await admin.send('POST', '/allProduct/save', { name: `柜式空调${t}`, warrantyPeriod: 1, warrantyUnit: 3, warrantyStartType: 3 })).data;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const saved = await admin.send('POST', '/v2/customer/production/save', {
      productId: model.id,
      customerId: customer.id,
      serialNumber: `SN-${t}`,
      installDate: today,
      purchaseDate: today,
    });
    expect(saved.success).toBe(true);
    await admin.dispose();
    await field(page, 'productId').getByRole('combobox').click();
    await pickOption(page, `SN-${t}`);
    await expect(field(page, 'productId').getByTestId('warranty-tag')).toContainText('在保');

    // 3. a service item of the catalogue, the order's own fields
    await field(page, 'serviceId').getByRole('combobox').click();
    await pickOption(page, '上门检测');
    await page.keyboard.press('Escape');
    await expect(field(page, 'serviceId')).toContainText('服务费合计：¥50.00');
    await field(page, 'priority').getByRole('combobox').click();
    await pickOption(page, '紧急');
    await pickPerson(page, '选择销售人员', '选择销售人员', '钱销售');
    await pickPerson(page, '选择协作人员', '选择服务人员', '李服务');
    await expect(page.getByTestId('duplicate-warning')).toHaveCount(0);
    await shot(page, FLOW, '02-filled');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page).toHaveURL(/\/allOrder\/orderDetail\/\d+$/);
    const first = Number(page.url().split('/').pop());
    const people = page.locator('.ant-descriptions').filter({ hasText: '相关人员' });
    await expect(people).toContainText('钱销售');
    await expect(people).toContainText('李服务');
    // The order's warranty is the product's (issue 65, 8: one answer per device): 在保 to the model's end, a year less a day.
    const end = new Date(`${today}T00:00:00Z`);
    end.setUTCFullYear(end.getUTCFullYear() + 1);
    end.setUTCDate(end.getUTCDate() - 1);
    const until = end.toISOString().slice(0, 10);
    await expect(page.getByTestId('order-warranty')).toHaveText(`在保（至${until}）`);
    await page.goto(`/productManage/detail/${saved.data.id}`);
    await expect(page.getByText(`在保 · ${until.replaceAll('-', '/')}`).first()).toBeVisible();

    // 4. a second order for the same customer: the warning names the first one
    await page.goto(`/createOrder?customerId=${customer.id}`);
    const warning = page.getByTestId('duplicate-warning');
    await expect(warning).toContainText('该客户已有1个未完成的同类工单');
    await expect(warning.getByRole('link')).toHaveAttribute('href', `/allOrder/orderDetail/${first}`);
    await expect(field(page, 'customPhone').getByRole('textbox')).toHaveValue(phone);
    await shot(page, FLOW, '03-duplicate-warning');
    await fillTitleAndFault(page, '空调再次不制冷');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByRole('dialog', { name: '可能重复报单' })).toBeVisible();
    await steady(page.getByRole('button', { name: '仍要创建' }));
    await page.getByRole('button', { name: '仍要创建' }).click();
    await expect(page).toHaveURL(/\/allOrder\/orderDetail\/\d+$/);
    expect(Number(page.url().split('/').pop())).not.toBe(first);

    // 5. phone width: one column, the warning and the save bar still there
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/createOrder?customerId=${customer.id}`);
    await expect(page.getByTestId('duplicate-warning')).toContainText('该客户已有2个未完成的同类工单');
    const box = await field(page, 'title').boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(390);
    await shot(page, FLOW, '04-phone');
  });

  test('the administrator keeps the service-item catalogue the create page picks from', async ({ page, baseURL }) => {
    const t = tail();
    const item = `空调加氟${t}`;
    await quietGuide(baseURL!, ADMIN);
    await logInAt(page, ADMIN, '/serviceItem');
    const list = page.locator('.sk-list-page:visible').first();
    await expect(list.locator('tbody tr.ant-table-row').filter({ hasText: '上门检测' })).toBeVisible();
    await list.getByRole('button', { name: '新建服务项目' }).click();
    const form = dialog(page, '新建服务项目');
    await form.getByLabel('服务项目名称').fill(item);
    await form.getByLabel('分类').click();
    await pickOption(page, '维修类');
    await form.getByLabel('价格（元）').fill('180');
    await form.getByLabel('单位').fill('次');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(form).toBeHidden();
    const row = list.locator('tbody tr.ant-table-row').filter({ hasText: item });
    await expect(row).toContainText('¥180.00/次');
    await expect(row).toContainText('维修类');
    await shot(page, FLOW, '05-service-items');

    await page.goto('/createOrder');
    await field(page, 'serviceId').getByRole('combobox').click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: item })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/serviceItem');
    await row.getByRole('button', { name: '删除' }).click();
    await page
      .getByRole('dialog', { name: '删除服务项目' })
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect(row).toHaveCount(0);
  });
});
