import { expect, type Page, test } from '@playwright/test';
import { shot } from './helpers';
import { ApiUser, logInAt, quietGuide } from './shell.support';

// Quotations priced by the warranty (docs/commerce.md): the salesperson quotes a repair on an in-warranty product, the
// covered part shows ¥0 with its reason, the customer accepts (by API until the portal lands) and the order's receivable
// equals the quote. Screenshots of 报价单, its detail and 延保管理 at desktop and phone width.

const FLOW = 'commerce';
const SALES = '13800000005';
const page$ = (page: Page) => page.locator('.sk-page:visible');

async function pick(page: Page, label: string, typed: string | null, option: string | RegExp): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '新建报价' });
  await dialog.getByLabel(label, { exact: true }).click();
  if (typed) await page.keyboard.type(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

test('the salesperson quotes a repair on an in-warranty product: the covered part is ¥0 and the accepted quote is the order’s receivable', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const url = baseURL as string;
  await quietGuide(url, SALES);
  const sales = await ApiUser.login(url, SALES);
  // The demo's sent quotation names his customer with an in-warranty product.
  const sent = (await sales.get('/quotation/list?state=2&pageIndex=0&pageSize=10')).data.list[0] as {
    customerName: string;
    customerId: number;
    installedProductId: number;
  };
  const info = await sales.get('/detailcontrol/forminfo?type=1');
  const ext: Record<string, unknown> = {};
  for (const f of info.data.fields as { id: number; type: number; required: boolean; options: string[] }[]) {
    if (f.required) ext[String(f.id)] = f.options?.length ? (f.type === 8 ? [f.options[0]] : f.options[0]) : '现场检查';
  }
  const title = `压缩机异响${Date.now() % 100000}`;
  const order = await sales.send('POST', '/v2/order/add', { customerId: sent.customerId, productId: sent.installedProductId, title, ext });
  expect(order.success, order.message).toBe(true);

  await logInAt(page, SALES, '/quotationList');
  await expect(page$(page).getByRole('button', { name: '新建报价' })).toBeVisible();
  await page$(page).getByRole('button', { name: '新建报价' }).click();
  const dialog = page.getByRole('dialog', { name: '新建报价' });
  await dialog.getByLabel('报价标题').fill('压缩机更换报价');
  await pick(page, '客户', sent.customerName.slice(0, 4), sent.customerName);
  await pick(page, '设备', null, '在保');
  await pick(page, '关联工单', null, title);
  await pick(page, '第1行项目', '压缩机', '备件 · 压缩机');
  await dialog.getByRole('button', { name: '添加明细' }).click();
  await pick(page, '第2行项目', null, '其他费用');
  await dialog.getByLabel('第2行名称').fill('上门费');
  await dialog.getByLabel('第2行单价').fill('60');
  // Priced live: the part is free under the warranty, with the reason.
  await expect(dialog.getByTestId('line-amount-1')).toContainText('¥0.00');
  await expect(dialog.getByTestId('line-amount-1')).toContainText('保修期内');
  await expect(dialog.getByTestId('quote-total')).toContainText('应付 ¥60.00');
  await shot(page, FLOW, '01-quote-dialog');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page).toHaveURL(/\/quotation\/detail\/\d+$/);
  const id = Number(page.url().split('/').pop());
  await expect(page$(page).getByTestId('amount-1')).toContainText('¥0.00');
  await expect(page$(page).getByTestId('amount-1')).toContainText('保修期内');
  await expect(page$(page).getByTestId('coverage-tag')).toContainText('在保');
  await page$(page).getByRole('button', { name: '发送给客户' }).click();
  await expect(page$(page).getByTestId('quote-state').first()).toHaveText('已发送');
  await shot(page, FLOW, '02-quote-detail');

  // The customer accepts (the portal will call the same service): the order's fees are the quotation's.
  const accepted = await sales.send('POST', '/quotation/action', { id, action: 'accept', acceptedName: '王先生', signatureFileId: null });
  expect(accepted.data?.state, accepted.message).toBe(6);
  const fees = await sales.get(`/v2/order/fees?orderId=${order.data.id}`);
  expect(fees.data.receivableAmount).toBe(60);
  await page.reload();
  await expect(page$(page).getByTestId('quote-state').first()).toHaveText('已转工单');
  await expect(page$(page).getByText('版本记录')).toBeVisible();
  await shot(page, FLOW, '03-quote-converted');
  await page.goto('/quotationList');
  await expect(page$(page).getByText('压缩机更换报价').first()).toBeVisible();
  await shot(page, FLOW, '04-quote-list');
  await page.goto('/extend/warranty');
  await expect(page$(page).getByText('生效').first()).toBeVisible();
  await shot(page, FLOW, '05-extend-warranty');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/quotation/detail/${id}`);
  await expect(page$(page).getByTestId('amount-1')).toContainText('¥0.00');
  await shot(page, FLOW, '06-quote-detail-phone');
  await page.goto('/extend/warranty');
  await expect(page$(page).getByText('生效').first()).toBeVisible();
  await shot(page, FLOW, '07-extend-warranty-phone');
  await sales.dispose();
});
