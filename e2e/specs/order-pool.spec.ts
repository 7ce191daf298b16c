import { expect, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, ApiUser, DISPATCHER, logInAt, quietGuide } from './shell.support';

// The dispatcher puts a new order in the pool (工单公海); an engineer on a phone sees it on /orderHighSeas
// and grabs it: the order becomes theirs (待服务) and leaves the pool.

const FLOW = 'order-pool';
const ENGINEER = '13800000002';
const PHONE = { width: 390, height: 844 };
const spaced = (label: string) => new RegExp(`^${[...label].join('\\s*')}$`);
const poolPage = (page: Page) => page.locator('.sk-page:visible');

test.describe('order pool', () => {
  test.use({ actionTimeout: 20_000 });

  test('an engineer at phone width grabs a pooled order', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    for (const m of [DISPATCHER, ENGINEER]) await quietGuide(baseURL!, m);
    const admin = await ApiUser.login(baseURL!, ADMIN);
    const on = await admin.send('POST', '/systemsetting/batchsave', [{ code: 'order_high_seas', value: '1' }]);
    expect(on.success, on.message).toBe(true);
    // A new order of a demo customer (待派单) with the order type's required fields filled.
    const customers = await admin.get('/v2/customer/customerList?pageIndex=0&pageSize=10');
    const info = await admin.get('/detailcontrol/forminfo?type=1');
    const ext: Record<string, unknown> = {};
    for (const f of info.data.fields as { id: number; type: number; required: boolean; options: string[] }[]) {
      if (f.required) ext[String(f.id)] = f.options?.length ? (f.type === 8 ? [f.options[0]] : f.options[0]) : '现场检查';
    }
    const title = `抢单测试${Date.now() % 1_000_000}`;
    const created = await admin.send('POST', '/v2/order/add', { customerId: customers.data.list[0].id, title, ext });
    expect(created.success, created.message).toBe(true);
    const orderId = created.data.id as number;

    // The dispatcher puts it in the pool and sees it there (desktop).
    const dispatcher = await ApiUser.login(baseURL!, DISPATCHER);
    const put = await dispatcher.send('POST', '/v2/order/pool/put', { orderIds: [orderId] });
    expect(put.success, put.message).toBe(true);
    // The engineer may grab five a day and works from a base in Suzhou (the demo customers' city).
    const profiles = await dispatcher.get('/v2/order/pool/profiles');
    const me = (profiles.data as { userId: number; name: string }[]).find((p) => p.name === '李服务');
    expect(me, 'the demo engineer in the pool settings').toBeTruthy();
    const saved = await dispatcher.send('POST', '/v2/order/pool/profiles/save', { userId: me!.userId, dailyCap: 5 });
    expect(saved.success, saved.message).toBe(true);
    const desk = await browser.newPage();
    await logInAt(desk, DISPATCHER, '/orderHighSeas');
    await expect(poolPage(desk).getByRole('row').filter({ hasText: title })).toBeVisible();
    await expect(poolPage(desk).getByRole('button', { name: '放入工单池' })).toBeVisible();
    await shot(desk, FLOW, '01-dispatcher-pool');
    await poolPage(desk).getByRole('tab', { name: '抢单范围' }).click();
    await expect(poolPage(desk).getByRole('row').filter({ hasText: '李服务' })).toContainText('5');
    await shot(desk, FLOW, '01b-dispatcher-ranges');
    await poolPage(desk).getByRole('row').filter({ hasText: '李服务' }).getByRole('button', { name: '设置' }).click();
    const range = desk.getByRole('dialog', { name: /抢单范围/ });
    await expect(range.getByLabel('每日抢单上限')).toHaveValue('5');
    await shot(desk, FLOW, '01c-dispatcher-range-dialog');
    await range.getByRole('button', { name: spaced('取消') }).click();
    // A rule, switched off so the other specs' new orders stay out of the pool, then deleted.
    await poolPage(desk).getByRole('tab', { name: '入池规则' }).click();
    await poolPage(desk).getByRole('button', { name: '新增规则' }).click();
    const rule = desk.getByRole('dialog', { name: '新增入池规则' });
    await rule.getByLabel('规则名称').fill('苏州报修入池');
    await rule.getByLabel('启用').click();
    await shot(desk, FLOW, '01d-dispatcher-rule-dialog');
    await rule.getByRole('button', { name: spaced('保存') }).click();
    await expect(rule).toBeHidden();
    const ruleRow = poolPage(desk).getByRole('row').filter({ hasText: '苏州报修入池' });
    await expect(ruleRow).toContainText('停用');
    await ruleRow.getByRole('button', { name: spaced('删除') }).click();
    await desk
      .locator('.ant-popconfirm')
      .getByRole('button', { name: spaced('删除') })
      .click();
    await expect(ruleRow).toBeHidden();
    await desk.close();

    // The engineer on a phone: the order is a card with its grab button.
    const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const mobile = await ctx.newPage();
    await logInAt(mobile, ENGINEER, '/orderHighSeas');
    const card = poolPage(mobile).locator('[data-card]').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(poolPage(mobile)).toContainText('今日还可抢 5 单');
    await shot(mobile, FLOW, '02-engineer-pool-phone');
    await card.getByRole('button', { name: spaced('抢单') }).click();
    // The grab dialog: no requested time, so 暂不预约 is chosen; free times of the engineer are offered beside it.
    const grabDialog = mobile.getByRole('dialog', { name: /抢单/ });
    await expect(grabDialog.getByText('我的空闲时间（工作时间内）')).toBeVisible();
    await shot(mobile, FLOW, '02b-engineer-grab-time-phone');
    await grabDialog.getByRole('button', { name: '确认抢单' }).click();
    await expect(mobile).toHaveURL(new RegExp(`/allOrder/orderDetail/${orderId}$`));
    await expect(mobile.locator('.sk-page:visible [data-testid="order-state"]')).toHaveText('待服务');
    await shot(mobile, FLOW, '03-engineer-grabbed');

    // It left the pool: the dispatcher's list no longer has it.
    const left = await dispatcher.get(`/v2/order/pool/list?pageSize=100&keyword=${encodeURIComponent(title)}`);
    expect(left.data.list).toEqual([]);

    // Within the time limit the engineer gives it back from the pool page, with a reason.
    await mobile.goto('/orderHighSeas');
    const mine = poolPage(mobile).locator('.ant-alert').filter({ hasText: title });
    await expect(mine).toBeVisible();
    await expect(poolPage(mobile)).toContainText('今日还可抢 4 单');
    await shot(mobile, FLOW, '04-engineer-my-grabs');
    await mine.getByRole('button', { name: spaced('退回') }).click();
    const dialog = mobile.getByRole('dialog', { name: '退回工单公海' });
    await dialog.getByLabel('退回原因').fill('客户要求改天上门');
    await dialog.getByRole('button', { name: spaced('退回') }).click();
    await expect(dialog).toBeHidden();
    await expect(poolPage(mobile).locator('[data-card]').filter({ hasText: title })).toBeVisible();
    const back = await dispatcher.get(`/v2/order/pool/list?pageSize=100&keyword=${encodeURIComponent(title)}`);
    expect(back.data.list.map((r: { id: number }) => r.id)).toEqual([orderId]);
    await ctx.close();
    // Leave the demo as it was for the other specs.
    expect((await dispatcher.send('POST', '/v2/order/pool/take', { orderIds: [orderId] })).success).toBe(true);
    expect((await dispatcher.send('POST', '/v2/order/pool/profiles/save', { userId: me!.userId, dailyCap: 0 })).success).toBe(true);
    // (The demo has the pool on, with one order in it.)
    expect((await admin.send('POST', '/systemsetting/batchsave', [{ code: 'order_high_seas', value: '1' }])).success).toBe(true);
    await admin.dispose();
    await dispatcher.dispose();
  });
});
