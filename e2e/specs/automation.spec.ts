import { expect, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, ApiUser, DISPATCHER, logInAt, quietGuide } from './shell.support';

// An administrator adds an automation rule (after creation → notify the dispatchers, set a tag) and a
// timed event on an order type's process settings; an order created afterwards gets the tag and the dispatcher the notice.

const FLOW = 'automation';
const PHONE = { width: 390, height: 844 };

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('dialog').getByLabel(label, { exact: true }).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

test('an admin adds a rule and a timed event; a new order gets the tag and the dispatcher the notice', async ({ page, baseURL, browser }) => {
  test.setTimeout(120_000);
  const t = String(Date.now()).slice(-6);
  const tagName = `自动${t}`;
  const ruleName = `新单提醒${t}`;
  await quietGuide(baseURL!, ADMIN);
  const admin = await ApiUser.login(baseURL!, ADMIN);
  const dispatcher = await ApiUser.login(baseURL!, DISPATCHER);
  try {
    const tag = await admin.send('POST', '/v2/epTag', { code: 3, name: tagName, color_rgb: '#fa8c16' });
    expect(tag.success, tag.message).toBe(true);
    const types = await admin.get('/v2/temp/list?pageIndex=0&pageSize=10');
    const type = (types.data.list as { id: number; name: string; isDefault: boolean }[]).find((x) => x.isDefault) ?? types.data.list[0];

    await logInAt(page, ADMIN, `/templateCenter/processSetting?id=${type.id}&templateName=${encodeURIComponent(type.name)}&tab=automation`);
    await page.getByRole('button', { name: '新增规则' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('名称').fill(ruleName);
    await pick(page, '角色', '派单员');
    await dialog.getByLabel('通知模板').fill('新工单{工单编号}「{标题}」请派单');
    await dialog.getByRole('button', { name: '添加动作' }).click();
    await dialog.locator('.ant-card').nth(1).locator('.ant-select').first().click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('设置标签', { exact: true }).click();
    await pick(page, '标签', tagName);
    await shot(page, FLOW, '1-rule-dialog');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: new RegExp(ruleName) });
    await expect(row).toContainText('创建后');
    await expect(row).toContainText('通知、设置标签');
    await shot(page, FLOW, '2-rules');

    await page.getByRole('tab', { name: '定时事件' }).click();
    await page.getByRole('button', { name: '新增定时事件' }).click();
    await page.getByRole('dialog').getByLabel('名称').fill(`两小时未派单${t}`);
    await shot(page, FLOW, '3-timed-dialog');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect(page.getByRole('row', { name: new RegExp(`两小时未派单${t}`) })).toContainText('工单创建时间后 2 小时仍未派单');
    await shot(page, FLOW, '4-timed');

    await page.getByRole('tab', { name: '通知设置' }).click();
    await expect(page.getByRole('row', { name: /派单后/ })).toBeVisible();
    await shot(page, FLOW, '5-notify');

    // An order created afterwards: the rule runs after it commits (the job runner), so wait for its effects.
    const customer = await admin.send('POST', '/v2/customer/addCustomer', { name: `自动化客户${t}`, linkPerson: { name: '王先生', phone: `136${t}00` } });
    expect(customer.success, customer.message).toBe(true);
    const info = await admin.get(`/detailcontrol/forminfo?type=1&tmpId=${type.id}`);
    const ext: Record<string, unknown> = {};
    for (const f of info.data.fields as { id: number; type: number; required: boolean; options: string[] }[]) {
      if (f.required) ext[String(f.id)] = f.options?.length ? (f.type === 8 ? [f.options[0]] : f.options[0]) : '现场检查';
    }
    const order = await admin.send('POST', '/v2/order/add', { orderType: type.id, customerId: customer.data.id, title: `门锁失灵${t}`, ext });
    expect(order.success, order.message).toBe(true);
    await expect
      .poll(async () => ((await admin.get(`/order/orderDetail?orderId=${order.data.id}`)).data?.tags ?? []).map((x: { name: string }) => x.name), {
        timeout: 30_000,
      })
      .toContain(tagName);
    await expect
      .poll(
        async () =>
          ((await dispatcher.get('/notify/center/list?pageIndex=0&pageSize=20')).data?.list ?? []).map((n: { content: string }) => n.content).join('\n'),
        {
          timeout: 30_000,
        },
      )
      .toContain(`「门锁失灵${t}」请派单`);

    await page.goto(`/allOrder/orderDetail/${order.data.id}`);
    await expect(page.locator('.sk-page:visible').getByText(tagName).first()).toBeVisible();
    await shot(page, FLOW, '6-order-tagged');

    const phone = await browser.newPage({ viewport: PHONE });
    await logInAt(phone, ADMIN, `/templateCenter/processSetting?id=${type.id}&templateName=${encodeURIComponent(type.name)}&tab=automation`);
    await expect(phone.getByText(ruleName)).toBeVisible();
    await shot(phone, FLOW, '7-rules-phone');
    await phone.close();
  } finally {
    await admin.dispose();
    await dispatcher.dispose();
  }
});
