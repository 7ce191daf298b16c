// The provider's engineer at phone width (docs/settlement.md, "Provider orders"): the steps provider.spec and settle.spec
// both take through the UI.
import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { shot } from './helpers';
import { ApiUser, demoOrder, dispatchAndWork, logIn, PROVIDER, PROVIDER_NAME, quietGuide } from './shell.support';

export const PHONE = { width: 390, height: 844 };

const page$ = (page: Page): Locator => page.locator('.sk-page:visible');

/**
 * A new order of this test's own, given to the demo provider, assigned by its user to himself, accepted and started:
 * answers it as 服务单 lists it (in service).
 */
export async function providerOrderInService(baseURL: string, title: string): Promise<{ id: number; orderNo: string }> {
  const id = await demoOrder(baseURL, title);
  await dispatchAndWork(baseURL, id, ['/order/accept', '/order/startService'], { name: PROVIDER_NAME, mobile: PROVIDER });
  const api = await ApiUser.login(baseURL, PROVIDER);
  const open = await api.get('/serviceOrder/list?tab=open&pageIndex=0&pageSize=50');
  await api.dispose();
  const order = (open.data?.list ?? []).find((o: { id: number }) => o.id === id) as { id: number; orderNo: string; state: number } | undefined;
  expect(order?.state, 'his order in service').toBe(4);
  return { id, orderNo: order?.orderNo as string };
}

/** A phone (390 px, touch) logged in as `mobile`, its guide already seen. */
export async function phonePage(browser: Browser, baseURL: string, mobile: string): Promise<Page> {
  await quietGuide(baseURL, mobile);
  const ctx = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await logIn(page, mobile);
  return page;
}

/**
 * On 服务单 the engineer finds the order's card (in service, 未计价), opens it, completes it (the receipt form's one
 * required field) and opens the 费用 tab: answers the provider fee card, priced and not yet on a statement. Shots
 * `<flow>/<shots[0]>` (the card list) and `<flow>/<shots[1]>` (the completed order's fee).
 */
export async function completeOnPhone(page: Page, order: { id: number; orderNo: string }, flow: string, shots: [string, string]): Promise<Locator> {
  await page.goto('/serviceOrder');
  const card = page$(page).locator('.sk-phone-card').filter({ hasText: order.orderNo });
  await expect(card).toBeVisible();
  await expect(card).toContainText('未计价');
  await shot(page, flow, shots[0]);
  await card.locator('.sk-phone-card-title a').click();
  await expect(page).toHaveURL(new RegExp(`/serviceOrderDetail\\?id=${order.id}$`));
  await expect(page.getByTestId('order-state')).toHaveText('服务中');

  await page.getByTestId('order-actionbar').getByRole('button', { name: '完成服务' }).click();
  const finish = page.getByRole('dialog', { name: '完成服务' });
  await expect(finish.getByText('信息已齐全，可以完成服务')).toBeVisible();
  await finish.locator('.ant-form-item').filter({ hasText: '故障类型' }).getByText('其他', { exact: true }).click();
  await finish.getByRole('button', { name: /提\s*交/ }).click();
  await expect(finish).toBeHidden();
  await expect(page.getByTestId('order-state')).toHaveText('已完成');
  // The fee, priced on completion: the 费用 tab's provider card.
  await page.getByRole('tab', { name: /费用/ }).click();
  const fee = page.getByTestId('provider-fee');
  await expect(fee).toContainText(/标准 ¥\d+\.\d\d × 系数/);
  await expect(fee).toContainText('未结算');
  await shot(page, flow, shots[1]);
  return fee;
}
