import { expect, type Locator, type Page, test } from '@playwright/test';
import { shot } from './helpers';
import { ApiUser, logIn, quietGuide } from './shell.support';

// The provider's console (docs/settlement.md, "Provider orders"): the provider's engineer finds his order in service on
// 服务单 at phone width, completes it there, and sees the fee it was priced at; then 服务单's done tab at desktop width.

const FLOW = 'provider';
const PROVIDER = '13600000001';
const PHONE = { width: 390, height: 844 };

const page$ = (page: Page): Locator => page.locator('.sk-page:visible');

test('the provider’s engineer completes a service order at phone width and sees its fee', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const url = baseURL as string;
  await quietGuide(url, PROVIDER);
  // One of his orders in service (the settle demo leaves two; the settle flow may have completed the other).
  const api = await ApiUser.login(url, PROVIDER);
  const open = await api.get('/serviceOrder/list?tab=open&pageIndex=0&pageSize=50');
  await api.dispose();
  const order = (open.data?.list ?? []).find((o: { state: number }) => o.state === 4) as { id: number; orderNo: string } | undefined;
  expect(order, 'an order in service').toBeTruthy();
  if (!order) return;

  const ctx = await browser.newContext({ baseURL: url, viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await logIn(page, PROVIDER);
  await page.goto('/serviceOrder');
  const card = page$(page).locator('.sk-phone-card').filter({ hasText: order.orderNo });
  await expect(card).toBeVisible();
  await expect(card).toContainText('未计价');
  await shot(page, FLOW, '01-phone-service-orders');
  await card.locator('.sk-phone-card-title a').click();
  await expect(page).toHaveURL(new RegExp(`/serviceOrderDetail\\?id=${order.id}$`));
  await expect(page.getByTestId('order-state')).toHaveText('服务中');

  await page.getByTestId('order-actionbar').getByRole('button', { name: '完成服务' }).click();
  const finish = page.getByRole('dialog', { name: '完成服务' });
  await expect(finish.getByText('信息已齐全，可以完成服务')).toBeVisible();
  // The receipt form's one required field.
  await finish.locator('.ant-form-item').filter({ hasText: '故障类型' }).getByText('其他', { exact: true }).click();
  await finish.getByRole('button', { name: /提\s*交/ }).click();
  await expect(finish).toBeHidden();
  await expect(page.getByTestId('order-state')).toHaveText('已完成');
  // The fee, priced on completion: the 费用 tab's provider card.
  await page.getByRole('tab', { name: /费用/ }).click();
  const fee = page.getByTestId('provider-fee');
  await expect(fee).toContainText(/¥\d+\.\d\d/);
  await expect(fee).toContainText('未结算');
  await shot(page, FLOW, '02-phone-completed-fee');
  await ctx.close();

  // At desktop width: the done tab lists it with its fee, priced (not yet on a statement).
  const desk = await (await browser.newContext({ baseURL: url })).newPage();
  await logIn(desk, PROVIDER);
  await desk.goto('/serviceOrder?tab=done');
  const row = page$(desk).locator('tr').filter({ hasText: order.orderNo });
  await expect(row).toContainText('已计价');
  await expect(row).toContainText(/¥\d+\.\d\d/);
  await shot(desk, FLOW, '03-desktop-service-orders-done');
  await desk.context().close();
});
