import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, shot, test } from './helpers';
import { ApiUser, DISPATCHER, logInAt, quietGuide } from './shell.support';

// Quotations priced by the warranty (docs/commerce.md): the salesperson quotes a repair on an in-warranty product, the
// covered part shows ¥0 with its reason, the customer accepts on the portal at phone width with a signature and the
// order's receivable equals the quote. The customer portal (docs/portal.md): a customer scans a product's QR, logs in,
// reports a fault with a photo, sees the engineer's name after dispatch and rates the service after completion.
// Screenshots of 报价单, its detail and 延保管理, and of every portal page, at desktop and phone width.

const FLOW = 'commerce';
const SALES = '13800000005';
/** The demo's portal account: the customer of the salesperson's sent quotation (portal.demo.ts). */
const CUSTOMER = '13820000001';
const ENGINEER = '13800000002';
const PHONE = { width: 390, height: 844 };

/** A browser context at phone width, logged in to the portal by its API (its own cookie, sk_portal). */
async function portalContext(browser: Browser, url: string): Promise<BrowserContext> {
  const ctx = await browser.newContext({ baseURL: url, viewport: PHONE, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', reducedMotion: 'reduce' });
  const r = await ctx.request.post('/api/portal/login', { data: { mobile: CUSTOMER, password: DEMO_PASSWORD } });
  expect((await r.json()).success).toBe(true);
  return ctx;
}

/** Draws a stroke on the signature pad. */
async function sign(page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (const [dx, dy] of [
    [80, -40],
    [140, 30],
    [200, -20],
    [260, 20],
  ] as const)
    await page.mouse.move(box.x + dx, box.y + box.height / 2 + dy, { steps: 4 });
  await page.mouse.up();
}
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
  browser,
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

  // The customer accepts on the portal at phone width, with a signature: the order's fees are the quotation's.
  const phone = await portalContext(browser, url);
  const cp = await phone.newPage();
  await cp.goto(`/portal/quotes/${id}`);
  await expect(cp.getByTestId('portal-quote-total')).toHaveText('¥60.00');
  await expect(cp.getByTestId('portal-quote-line').first()).toContainText('保修期内');
  await shot(cp, FLOW, '08-portal-quote-phone');
  await cp.getByRole('button', { name: '接受报价并签名' }).click();
  await sign(cp);
  await shot(cp, FLOW, '09-portal-signature-phone');
  await cp.getByRole('button', { name: '确认接受' }).click();
  await expect(cp.getByTestId('quote-state')).toHaveText('已转工单');
  await shot(cp, FLOW, '10-portal-quote-accepted-phone');
  await phone.close();
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

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

test('a customer scans a product’s QR, reports a fault on the portal, sees the engineer after dispatch and rates the service', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const url = baseURL as string;
  const sales = await ApiUser.login(url, SALES);
  const sent = (await sales.get('/quotation/list?state=2&pageIndex=0&pageSize=10')).data.list[0] as { installedProductId: number } | undefined;
  const productId = sent?.installedProductId ?? (await sales.get('/quotation/list?pageIndex=0&pageSize=10')).data.list[0].installedProductId;
  const product = (await sales.get(`/v2/customer/production/detail?customerProductionId=${productId}`)).data as { qrCode: string };
  await sales.dispose();

  // The QR label opens the staff page; without a staff session it is the public 扫码报修 page, where a customer with a
  // portal account logs in to report from his account.
  const ctx = await browser.newContext({ baseURL: url, viewport: PHONE, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.goto(`/productManage/qr/${product.qrCode}`);
  await expect(page).toHaveURL(/\/portal\/scan\?code=/);
  await page.getByRole('link', { name: '登录', exact: true }).click();
  await expect(page).toHaveURL(/\/portal\/login\?redirect=/);
  // The address changes before the login page replaces the scan page, whose report form has a 手机号 too.
  await expect(page.getByRole('heading', { name: '服务门户' })).toBeVisible();
  await expect(page.getByTestId('scan-product')).toHaveCount(0);
  await shot(page, FLOW, '11-portal-login-phone');
  await page.getByLabel('手机号').fill(CUSTOMER);
  await page.getByLabel('密码', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await expect(page).toHaveURL(/\/portal\/scan\?code=/);
  await expect(page.getByTestId('coverage-tag')).toContainText('在保');
  await shot(page, FLOW, '12-portal-scan-phone');
  await page.getByRole('button', { name: /报\s*修/ }).click();
  await expect(page.getByLabel('序列号')).not.toHaveValue('');
  await page.getByLabel('故障描述').fill('空调不制冷，外机有异响');
  await page.getByTestId('portal-photo-input').setInputFiles({ name: '故障.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByAltText('故障照片')).toBeVisible();
  await shot(page, FLOW, '13-portal-repair-phone');
  await page.getByRole('button', { name: '提交报修' }).click();
  await expect(page).toHaveURL(/\/portal\/orders\/\d+$/);
  const orderId = Number(page.url().split('/').pop());
  await expect(page.getByTestId('portal-engineer')).toHaveText('待派单');

  // Dispatched by the desk (API): the customer sees the engineer's name.
  const engineer = await ApiUser.login(url, ENGINEER);
  const me = (await engineer.get('/v2/sessionUser/info')).data as { id: number; name: string };
  const dispatcher = await ApiUser.login(url, DISPATCHER);
  const d = await dispatcher.send('POST', '/v2/order/dispatch', { orderId, serviceUserId: me.id });
  expect(d.success, d.message).toBe(true);
  await dispatcher.dispose();
  await page.reload();
  await expect(page.getByTestId('portal-engineer')).toHaveText(me.name);
  await shot(page, FLOW, '14-portal-order-dispatched-phone');

  // Completed by the engineer (API, the order form's required fields filled on site): the customer rates it.
  const info = await engineer.get('/detailcontrol/forminfo?type=1');
  const ext: Record<string, unknown> = {};
  for (const f of info.data.fields as { id: number; type: number; required: boolean; options: string[] }[]) {
    if (f.required) ext[String(f.id)] = f.options?.length ? (f.type === 8 ? [f.options[0]] : f.options[0]) : '现场检查';
  }
  for (const [path, body] of [
    ['/order/accept', { orderId }],
    ['/order/startService', { orderId }],
    ['/order/serviceComplete', { orderId, ext }],
  ] as const) {
    const r = await engineer.send('POST', path, body);
    expect(r.success, `${path}: ${r.message}`).toBe(true);
  }
  await engineer.dispose();
  await page.reload();
  await expect(page.getByTestId('portal-order-state').first()).toHaveText('已完成');
  await expect(page.getByRole('link', { name: '下载服务报告' })).toBeVisible();
  const card = page.locator('.ant-card', { hasText: '服务评价' });
  await card.locator('.ant-rate-star').nth(3).locator('div').first().click();
  await card.getByLabel('您的意见或建议').fill('师傅很专业');
  await card.getByRole('button', { name: '提交评价' }).click();
  await expect(page.locator('.ant-card', { hasText: '我的评价' })).toContainText('师傅很专业');
  await shot(page, FLOW, '15-portal-rated-phone');

  // The other portal pages, at phone width and on a desktop.
  for (const [path, name, ready] of [
    ['/portal', 'devices', page.getByTestId('portal-product').first()],
    ['/portal/orders', 'orders', page.getByTestId('portal-order-state').first()],
    ['/portal/quotes', 'quotes', page.getByTestId('quote-state').first()],
    [`/portal/orders/${orderId}`, 'order', page.getByTestId('portal-engineer')],
  ] as const) {
    await page.goto(path);
    await expect(ready).toBeVisible();
    await shot(page, FLOW, `16-portal-${name}-phone`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const [path, name, ready] of [
    ['/portal', 'devices', page.getByTestId('portal-product').first()],
    ['/portal/orders', 'orders', page.getByTestId('portal-order-state').first()],
    [`/portal/orders/${orderId}`, 'order', page.getByTestId('portal-engineer')],
    ['/portal/quotes', 'quotes', page.getByTestId('quote-state').first()],
    [`/portal/scan?code=${product.qrCode}`, 'scan', page.getByTestId('coverage-tag')],
  ] as const) {
    await page.goto(path);
    await expect(ready).toBeVisible();
    await shot(page, FLOW, `17-portal-${name}-desktop`);
  }
  await ctx.close();
});

test('a contact without a portal account accepts a quotation through the SMS signature link, at phone width', async ({ browser, baseURL, request }) => {
  test.setTimeout(60_000);
  const url = baseURL as string;
  const sales = await ApiUser.login(url, SALES);
  const sent = (await sales.get('/quotation/list?state=2&pageIndex=0&pageSize=10')).data.list[0] as { customerId: number };
  const made = await sales.send('POST', '/quotation', {
    title: '年度保养报价',
    customerId: sent.customerId,
    discountCents: 0,
    lines: [{ kind: 3, name: '保养服务费', quantity: 1, unitCents: 28800 }],
  });
  expect(made.success, made.message).toBe(true);
  const id = made.data.id as number;
  expect((await sales.send('POST', '/quotation/action', { id, action: 'send' })).success).toBe(true);
  const mobile = `1391${String(Date.now()).slice(-7)}`;
  const link = await sales.send('POST', '/quotation/signLink', { id, mobile, name: '赵经理' });
  expect(link.success, link.message).toBe(true);
  // The dev outbox keeps the last token sent to a mobile (LogSmsSender).
  const token = ((await (await request.get(`/api/stand/dev/outbox?mobile=${mobile}`)).json()) as { data: { code: string } }).data.code;
  expect(token).toMatch(/^[\w-]{40,}$/);

  const phone = await browser.newContext({ baseURL: url, viewport: PHONE, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', reducedMotion: 'reduce' });
  const cp = await phone.newPage();
  await cp.goto(`/portal/sign?token=${token}`);
  await expect(cp.getByTestId('portal-quote-total')).toHaveText('¥288.00');
  await expect(cp.getByText('赵经理')).toBeVisible();
  await shot(cp, FLOW, '11-sign-link-phone');
  await cp.getByRole('button', { name: '接受报价并签名' }).click();
  await sign(cp);
  await cp.getByRole('button', { name: '确认接受' }).click();
  await expect(cp.getByText('已接受报价，感谢您的确认')).toBeVisible();
  await shot(cp, FLOW, '12-sign-link-accepted-phone');
  // Spent: opened again it is refused.
  await cp.goto(`/portal/sign?token=${token}`);
  await expect(cp.getByText('签字链接无效、已过期或已使用，请联系销售重新发送')).toBeVisible();
  await phone.close();
  const q = await sales.get(`/quotation/detail?id=${id}`);
  expect(q.data).toMatchObject({ state: 3, acceptedName: '赵经理' });
  await sales.dispose();
});
