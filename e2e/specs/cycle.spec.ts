import { expect } from '@playwright/test';
import { pickSearched, shot, test } from './helpers';
import { ADMIN, logInAt, quietGuide } from './shell.support';

// Cycle plans: the administrator plans monthly maintenance of a demo product from today, on today's day of
// the month; the job generates today's order (or the next working day's) at once, and the plan detail links to it.
// The list and the detail at desktop and phone width.

const FLOW = 'cycle';
const page$ = (page: import('@playwright/test').Page) => page.locator('.sk-page:visible');

test('the administrator creates a cycle plan and sees the order it generated', async ({ page, baseURL }) => {
  await quietGuide(baseURL as string, ADMIN);
  await logInAt(page, ADMIN, '/cyclePlan');
  await expect(page$(page).getByRole('button', { name: '新建周期计划' })).toBeVisible();
  await page$(page).getByRole('button', { name: '新建周期计划' }).click();
  const dialog = page.getByRole('dialog', { name: '新建周期计划' });
  await dialog.getByLabel('计划名称').fill('净水器月度保养（测试）');
  await dialog.getByLabel('周期模板').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '空调月度保养' }).click();
  await pickSearched(page, dialog.getByRole('combobox', { name: '设备' }), 'SN02023370', /SN02023370/);
  // Today's day of the month in the enterprise's zone: the first date is today (or the next working day).
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
  await dialog.getByLabel('每月几号').fill(String(Number(today.slice(8, 10))));
  await shot(page, FLOW, '01-new-plan');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();

  // The detail: the generated order appears (the job runs right after the save) and links to the order.
  await expect(page).toHaveURL(/\/cyclePlan\/detail\/\d+$/);
  const order = page$(page).getByRole('link', { name: /^GD/ });
  await expect(order).toBeVisible({ timeout: 20_000 });
  await expect(page$(page).getByText('已生成').first()).toBeVisible();
  await shot(page, FLOW, '02-plan-detail');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, FLOW, '03-plan-detail-phone');
  await page.setViewportSize({ width: 1440, height: 900 });
  await order.click();
  await expect(page).toHaveURL(/\/allOrder\/orderDetail\/\d+$/);
  await expect(page$(page).getByText('空调月度保养').first()).toBeVisible();

  await page.goto('/cyclePlan');
  await expect(page$(page).getByRole('link', { name: '净水器月度保养（测试）' })).toBeVisible();
  await shot(page, FLOW, '04-plan-list');
  await page.goto('/cycleTmpl');
  await expect(page$(page).getByText('设备季度巡检')).toBeVisible();
  await shot(page, FLOW, '05-templates');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/cyclePlan');
  await expect(page$(page).getByText('净水器月度保养（测试）').first()).toBeVisible();
  await shot(page, FLOW, '06-plan-list-phone');
});
