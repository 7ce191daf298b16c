import { expect, type Locator, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { completeOnPhone, phonePage, providerOrderInService } from './provider.support';
import { logInAt, PROVIDER } from './shell.support';

// The provider's console (docs/settlement.md, "Provider orders"): the provider's engineer finds his order in service on
// 服务单 at phone width, completes it there, and sees the fee it was priced at; then 服务单's done tab at desktop width.

const FLOW = 'provider';

const page$ = (page: Page): Locator => page.locator('.sk-page:visible');

test('the provider’s engineer completes a service order at phone width and sees its fee', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const url = baseURL as string;
  // An order of his own for this test, in service.
  const order = await providerOrderInService(url, '外包维修：空调不制冷');
  const page = await phonePage(browser, url, PROVIDER);
  await completeOnPhone(page, order, FLOW, ['01-phone-service-orders', '02-phone-completed-fee']);
  await page.context().close();

  // At desktop width: the done tab lists it with its fee, priced (not yet on a statement).
  const desk = await (await browser.newContext({ baseURL: url })).newPage();
  await logInAt(desk, PROVIDER, '/serviceOrder?tab=done');
  const row = page$(desk).locator('tr').filter({ hasText: order.orderNo });
  await expect(row).toContainText('已计价');
  await expect(row).toContainText(/¥\d+\.\d\d/);
  await shot(desk, FLOW, '03-desktop-service-orders-done');
  await desk.context().close();
});
