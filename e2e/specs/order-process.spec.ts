import { expect, type Locator, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, ApiUser, DISPATCHER, logInAt, quietGuide } from './shell.support';

// An administrator turns off the dispatch stage of an order type and adds a completion approval
// (approved by the 派单员 role); an order created afterwards goes straight to 待服务 and needs that approval to
// complete, while an order created before keeps its version and waits for dispatch. A fresh order type keeps the
// demo's other flows untouched.

const FLOW = 'order-process';
const PHONE = { width: 390, height: 844 };
const ENGINEER = '13800000002';
const proc = (page: Page): Locator => page.locator('.sk-page:visible .sk-order-process');
const state = (page: Page): Locator => page.locator('.sk-page:visible [data-testid="order-state"]');

async function pick(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

test.describe('order process', () => {
  test.use({ actionTimeout: 20_000 });

  test('dispatch off and a completion approval: a new order goes to 待服务 and needs approval; an older order keeps its version', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const t = String(Date.now()).slice(-6);
    const typeName = `流程测试${t}`;
    await quietGuide(baseURL!, ADMIN);
    const admin = await ApiUser.login(baseURL!, ADMIN);
    const dispatcher = await ApiUser.login(baseURL!, DISPATCHER);
    try {
      const tpl = await admin.send('POST', '/v2/temp/add', { type: 1, name: typeName });
      expect(tpl.success, tpl.message).toBe(true);
      const tid = tpl.data.id as number;
      const customer = await admin.send('POST', '/v2/customer/addCustomer', {
        name: `流程客户${t}`,
        linkPerson: { name: '钱先生', phone: `136${t}11` },
        address: { provinceCode: '31', cityCode: '3101', districtCode: '310115', detail: '张江路1号', mapName: '星河大厦' },
      });
      expect(customer.success, customer.message).toBe(true);
      const add = async (title: string) => {
        const r = await admin.send('POST', '/v2/order/add', { customerId: customer.data.id, title, priority: 1, orderType: tid });
        expect(r.success, r.message).toBe(true);
        return r.data as { id: number; state: number };
      };
      const older = await add(`旧流程工单${t}`);
      expect(older.state).toBe(1);

      // 1. the order type's settings → its order process page
      await logInAt(page, ADMIN, `/templateCenter/processSetting?id=${tid}&templateName=${encodeURIComponent(typeName)}&orderType=${tid}&sys_code=order`);
      await page.locator('.sk-page:visible').getByRole('link', { name: '查看工单流程' }).click();
      await expect(page).toHaveURL(new RegExp(`/templateCenter/processSetting/orderProcess/${tid}/`));
      await expect(proc(page).getByTestId('process-version')).toHaveText('默认流程');

      // 2. dispatch off, completion approval by the 派单员 role, publish
      await proc(page).getByRole('switch', { name: '派单环节' }).click();
      await proc(page).getByRole('switch', { name: '完成审核' }).click();
      await pick(page, proc(page).getByLabel('完成审核审核人'), '指定角色');
      await pick(page, proc(page).getByLabel('完成审核审核角色'), '派单员');
      await expect(proc(page).getByRole('switch', { name: '派单环节' })).not.toBeChecked();
      await shot(page, FLOW, '01-process-edited');
      await proc(page).getByRole('button', { name: '发布新版本' }).click();
      await expect(page.getByText('发布成功')).toBeVisible();
      await expect(proc(page).getByTestId('process-version')).toHaveText('当前版本 v1');

      // 3. an order created now: straight to 待服务, its creator serving; completing needs the approval
      const newer = await add(`新流程工单${t}`);
      expect(newer.state).toBe(3);
      await page.goto(`/allOrder/orderDetail/${newer.id}`);
      await expect(state(page)).toHaveText('待服务');
      expect((await admin.send('POST', '/order/startService', { orderId: newer.id })).success).toBe(true);
      expect((await admin.send('POST', '/order/serviceComplete', { orderId: newer.id })).message).toBe('该工单完成需要审核，请申请结束服务');
      expect((await admin.send('POST', '/order/applyEndService', { orderId: newer.id })).data.state).toBe(7);
      // The administrator is not of the approving role (and applied himself): a 派单员 decides.
      const refused = await admin.send('POST', '/order/examine/save', { orderId: newer.id, examineType: 2, result: 1 });
      expect(refused.message).toBe('您不是该工单的审核人，不能审核');
      await page.goto(`/allOrder/orderDetail/${newer.id}`);
      await expect(state(page)).toHaveText('待审核');
      await shot(page, FLOW, '02-new-order-awaiting-approval');
      expect((await dispatcher.send('POST', '/order/examine/save', { orderId: newer.id, examineType: 2, result: 1 })).data.state).toBe(5);

      // 4. the older order keeps the default process: it still waits for dispatch
      await page.goto(`/allOrder/orderDetail/${older.id}`);
      await expect(state(page)).toHaveText('待派单');
      const engineer = await ApiUser.login(baseURL!, ENGINEER);
      const engineerId = (await engineer.get('/v2/sessionUser/info')).data.id;
      await engineer.dispose();
      const dispatched = await dispatcher.send('POST', '/v2/order/dispatch', { orderId: older.id, serviceUserId: engineerId });
      expect(dispatched.data?.state, dispatched.message).toBe(2);

      // 5. the versions and the orders using each
      await page.goto(`/templateCenter/processSetting/orderProcess/${tid}/${encodeURIComponent(typeName)}`);
      const versions = proc(page).locator('.ant-table').last();
      await expect(versions.getByRole('row', { name: /v1/ }).getByTestId('version-orders')).toHaveText('1');
      await expect(versions.getByRole('row', { name: /默认流程/ }).getByTestId('version-orders')).toHaveText('1');
      await shot(page, FLOW, '03-versions');
      await page.setViewportSize(PHONE);
      await expect(proc(page).getByTestId('process-version')).toHaveText('当前版本 v1');
      await shot(page, FLOW, '04-phone');
    } finally {
      await admin.dispose();
      await dispatcher.dispose();
    }
  });
});
