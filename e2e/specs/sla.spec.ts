import { expect, type Locator, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, ApiUser, logInAt, quietGuide } from './shell.support';
import { clocksBack, e2eServerSetting } from './sla.support';

// SLA: an administrator creates a policy for very urgent orders with a pause state; an order created afterwards
// shows its clocks on the detail, "at risk" at once (a warning longer than the target), then "overdue" once its
// clock's start is moved back in the database (no waiting); DueOrder lists it, and after a late dispatch the
// breach is counted on the exceed statistics page with its chart.

const FLOW = 'sla';
const PHONE = { width: 390, height: 844 };
const page$ = (page: Page): Locator => page.locator('.sk-page:visible');
const clock = (page: Page, type: number): Locator => page$(page).getByTestId(`sla-clock-${type}`);

async function chooseOption(page: Page, field: Locator, option: string): Promise<void> {
  await field.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

test.describe('SLA', () => {
  test('admin creates an SLA with a pause state; a new order shows its clocks, at risk then overdue; DueOrder and the exceed report count it', async ({
    page,
    baseURL,
  }) => {
    const suffix = String(Date.now()).slice(-6);
    const name = `加急SLA${suffix}`;
    await quietGuide(baseURL!, ADMIN);
    // 1. the policy, through the editor (signed in straight onto it: the home page first was a start of the app for nothing)
    await logInAt(page, ADMIN, '/slaManage');
    await expect(page$(page).getByRole('button', { name: /新建SLA/ })).toBeVisible();
    await page$(page)
      .getByRole('button', { name: /新建SLA/ })
      .click();
    await expect(page).toHaveURL(/\/slaManage\/SLA\/0\//);
    const form = page$(page);
    await form.getByLabel('SLA名称').fill(name);
    await chooseOption(page, form.getByLabel('优先级'), '非常紧急');
    await page.keyboard.press('Escape');
    // the first clock: dispatch within 2 minutes, at risk with 5 minutes left (so at once)
    await form.getByLabel('时限', { exact: true }).first().fill('2');
    await form.getByLabel('预警').first().fill('5');
    await form.getByRole('button', { name: /添加时限/ }).click();
    await expect(form.getByTestId('sla-clock-row')).toHaveCount(2);
    await form.getByRole('checkbox', { name: /异常申请待处理/ }).check();
    await shot(page, FLOW, '01-editor');
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page).toHaveURL(/\/slaManage$/);
    const row = page$(page).getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('派单超时 2分钟');
    await expect(row).toContainText('异常申请待处理');
    await shot(page, FLOW, '02-list');

    // 2. an order created afterwards shows both clocks; dispatch is at risk already (with 启用SLA时效管理 on)
    const admin = await ApiUser.login(baseURL!, ADMIN);
    expect((await admin.send('POST', '/systemsetting/batchsave', [{ code: 'sla_enabled', value: '1' }])).success).toBe(true);
    const customers = await admin.get('/v2/customer/customerList?pageIndex=0&pageSize=10');
    const info = await admin.get('/detailcontrol/forminfo?type=1');
    const ext: Record<string, unknown> = {};
    for (const f of info.data.fields as { id: number; type: number; required: boolean; options: string[] }[]) {
      if (f.required) ext[String(f.id)] = f.options?.length ? (f.type === 8 ? [f.options[0]] : f.options[0]) : '现场检查';
    }
    const title = `SLA漏水${suffix}`;
    const made = await admin.send('POST', '/v2/order/add', { customerId: customers.data.list[0].id, title, priority: 3, ext });
    expect(made.success, made.message).toBe(true);
    const orderId = made.data.id as number;

    await page.goto(`/allOrder/orderDetail/${orderId}`);
    await expect(clock(page, 2)).toHaveAttribute('data-mark', 'atRisk');
    await expect(clock(page, 2)).toContainText('即将超时');
    await expect(clock(page, 6)).toHaveAttribute('data-mark', 'ok');
    await expect(clock(page, 6)).toContainText('完工超时 · 剩余');
    await shot(page, FLOW, '03-detail-at-risk');

    // 3. ten minutes later (moved in the database): overdue, and DueOrder lists it
    await clocksBack(orderId, 10);
    expect(await e2eServerSetting('fsync'), 'the throwaway e2e database runs without fsync').toBe('off');
    await page.reload();
    await expect(clock(page, 2)).toHaveAttribute('data-mark', 'overdue');
    await expect(clock(page, 2)).toContainText('已超时');
    await shot(page, FLOW, '04-detail-overdue');
    await page.setViewportSize(PHONE);
    await shot(page, FLOW, '05-detail-overdue-phone');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.goto('/dueOrder');
    await expect(page$(page).getByText(title)).toBeVisible();
    await shot(page, FLOW, '06-due-order');

    // 4. dispatched late: the clock is met, its breach counted in the exceed report
    const staff = await admin.get('/v2/user/list?pageIndex=0&pageSize=10&keyword=13800000002');
    const engineer = (staff.data?.list ?? []).find((u: { mobile: string }) => u.mobile === '13800000002');
    const dispatched = await admin.send('POST', '/v2/order/dispatch', { orderId, serviceUserId: engineer?.id });
    expect(dispatched.success, dispatched.message).toBe(true);
    await admin.dispose();
    await page.goto(`/allOrder/orderDetail/${orderId}`);
    await expect(clock(page, 2)).toHaveAttribute('data-state', 'met');

    await page.goto('/report/exceedStatistics');
    await expect(page$(page).getByTestId('exceed-count')).not.toContainText(/^超时次数\s*0$/);
    await expect(page$(page).getByRole('cell', { name: '派单超时' })).toBeVisible();
    await expect(page$(page).getByTestId('exceed-chart').locator('canvas')).toBeVisible();
    await shot(page, FLOW, '07-exceed-statistics');

    // the policy goes, so the later flows' very urgent orders run no clocks
    const again = await ApiUser.login(baseURL!, ADMIN);
    const policies = await again.get('/sla/list');
    const mine = (policies.data as { id: number; name: string }[]).find((p) => p.name === name);
    expect((await again.send('DELETE', `/sla?id=${mine?.id}`, {})).success).toBe(true);
    expect((await again.send('POST', '/systemsetting/batchsave', [{ code: 'sla_enabled', value: '0' }])).success).toBe(true);
    await again.dispose();
  });
});
