import { expect } from '@playwright/test';
import { shot, test } from './helpers';
import { ApiUser, DISPATCHER } from './shell.support';

// 扫码报修 without an account (issue 65, 6): a stranger at a broken machine scans its QR sticker on his phone, proves his
// mobile with an SMS code, reports with a photo, and follows the order by the link he is given.

const FLOW = 'scan';
const PHONE = { width: 390, height: 844 };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** The demo's sticker (README, portal.demo.ts). */
const STICKER = 'DEMOQR0001';

test('a stranger scans a product’s QR sticker on a phone and reports a fault with an SMS code; the link follows the order', async ({ browser, baseURL }) => {
  const url = baseURL as string;
  const ctx = await browser.newContext({ baseURL: url, viewport: PHONE, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  // The label's link is the staff page: without any session it is the public page of that one product, not a login.
  await page.goto(`/productManage/qr/${STICKER}`);
  await expect(page).toHaveURL(/\/portal\/scan\?code=DEMOQR0001$/);
  const card = page.getByTestId('scan-product');
  await expect(card).toContainText('序列号');
  await expect(card.getByRole('link', { name: /400-820-8820/ })).toHaveAttribute('href', 'tel:400-820-8820');
  await expect(page.getByText('演示企业')).toBeVisible();
  await shot(page, FLOW, '01-sticker-phone');

  const mobile = `1371${String(Date.now()).slice(-7)}`;
  await page.getByLabel('手机号').fill(mobile);
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重新发送/ })).toBeDisabled();
  const outbox = await ctx.request.get(`/api/stand/dev/outbox?mobile=${mobile}`);
  const code = ((await outbox.json()) as { data: { code: string } }).data.code;
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('验证码').fill(code);
  await page.getByLabel('联系人').fill('李店员');
  await page.getByLabel('故障描述').fill('空调不制冷，出风是热的');
  await page.getByTestId('scan-photo-input').setInputFiles({ name: '故障.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByAltText('故障照片')).toBeVisible();
  await shot(page, FLOW, '02-report-phone');
  await page.getByRole('button', { name: '提交报修' }).click();
  await expect(page.locator('.ant-result-title')).toHaveText('报修成功');
  const orderNo = /工单号：(\S+?)。/.exec((await page.locator('.ant-result-subtitle').textContent()) ?? '')?.[1];
  expect(orderNo).toBeTruthy();
  await shot(page, FLOW, '03-reported-phone');

  // The follow link: that order's progress, with no account.
  await page.getByRole('link', { name: '查看进度' }).click();
  await expect(page).toHaveURL(/\/portal\/track\?token=/);
  await expect(page.getByText(orderNo!)).toBeVisible();
  await expect(page.getByTestId('track-engineer')).toHaveText('待派单');
  await shot(page, FLOW, '04-track-phone');

  // The desk sees it: source 扫码报修, the product attached, the reporter's phone.
  const desk = await ApiUser.login(url, DISPATCHER);
  const list = await desk.get(`/v2/order/getAllOrderList?scope=all&source=4&keyword=${orderNo}&pageIndex=0&pageSize=10`);
  expect(list.success, list.message).toBe(true);
  const row = (list.data.list as { orderNo: string; id: number }[]).find((o) => o.orderNo === orderNo);
  expect(row, 'the order is listed under 工单来源 扫码报修').toBeTruthy();
  const detail = await desk.get(`/order/orderDetail?orderId=${row!.id}`);
  expect(JSON.stringify(detail.data)).toContain(mobile);
  await desk.dispose();
  await ctx.close();
});
