import { expect, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ApiUser, DISPATCHER, logIn, quietGuide } from './shell.support';

// The header's global search as the demo dispatcher: Ctrl+K, part of an order's title, then a device by part of its
// serial number; each result opens its page. ? shows the keyboard shortcuts, g o opens 全部工单.

const FLOW = 'search';
const box = (page: Page) => page.getByLabel('全局搜索');
const option = (page: Page, text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text }).first();

test.describe('global search', () => {
  // The box stands in the header from 1600 px on (narrower, Ctrl+K opens it in a dialog: checked below).
  test.use({ viewport: { width: 1680, height: 900 } });
  test('the dispatcher finds an order by part of its title and a device by part of its serial, and opens each', async ({ page, baseURL }) => {
    await quietGuide(baseURL!, DISPATCHER);
    // What to look for: one of his orders and one installed device, as the lists show them.
    const api = await ApiUser.login(baseURL!, DISPATCHER);
    const orders = (await api.get('/v2/order/getAllOrderList?pageIndex=0&pageSize=20')).data.list as { id: number; title: string }[];
    const order = orders.find((o) => Array.from(o.title).length >= 4);
    const devices = (await api.get('/v2/customer/production/list?pageIndex=0&pageSize=10')).data.list as { id: number; serialNumber: string | null }[];
    const device = devices.find((d) => (d.serialNumber ?? '').length >= 6);
    await api.dispose();
    expect(order, 'a demo order with a title').toBeTruthy();
    expect(device, 'a demo device with a serial number').toBeTruthy();

    await logIn(page, DISPATCHER);
    // Ctrl+K from anywhere puts the cursor into the box.
    // The shortcut listens once the shell has mounted: press again until it has (a key pressed earlier is lost).
    await expect(async () => {
      await page.keyboard.press('Control+k');
      await expect(box(page)).toBeFocused({ timeout: 1_000 });
    }).toPass();
    const part = Array.from(order!.title).slice(1).join('');
    await page.keyboard.type(part);
    const hit = option(page, order!.title);
    await expect(hit).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.ant-select-dropdown:visible')).toContainText('工单');
    await shot(page, FLOW, '01-order-by-title');
    await hit.click();
    await expect(page).toHaveURL(/\/allOrder\/orderDetail\/\d+$/);
    await expect(page.locator('.sk-page:visible')).toContainText(order!.title);
    await expect(box(page)).toHaveValue('');
    await shot(page, FLOW, '02-order-opened');

    // A device by the middle of its serial number.
    const serial = device!.serialNumber!;
    await box(page).click();
    await box(page).fill(serial.slice(2));
    const unit = option(page, serial);
    await expect(unit).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('.ant-select-dropdown:visible')).toContainText('设备');
    await shot(page, FLOW, '03-device-by-serial');
    await unit.click();
    await expect(page).toHaveURL(new RegExp(`/productManage/detail/${device!.id}$`));
    await expect(page.locator('.sk-page:visible')).toContainText(serial);
    await shot(page, FLOW, '04-device-opened');

    // One character is not enough; the box says so.
    await box(page).fill('空');
    await expect(page.locator('.ant-select-dropdown:visible')).toContainText('请输入至少2个字');
    await page.keyboard.press('Escape');
    await box(page).fill('');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    // ? lists the shortcuts; Esc closes it; g o opens 全部工单.
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: '键盘快捷键' });
    await expect(help).toContainText('全部工单');
    await shot(page, FLOW, '05-shortcuts');
    await page.keyboard.press('Escape');
    await expect(help).toBeHidden();
    await page.keyboard.press('g');
    await page.keyboard.press('o');
    await expect(page).toHaveURL(/\/allOrder$/);
  });

  test('at 1440 px the header keeps every group; Ctrl+K opens the search in a dialog, ready to type', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await quietGuide(baseURL!, DISPATCHER);
    await logIn(page, DISPATCHER);
    // No group folded into the menu's overflow: every top entry is shown.
    const top = page.locator('.sk-top-menu > .ant-menu-item');
    await expect(top.first()).toBeVisible();
    for (const item of await top.all()) await expect(item).toBeVisible();
    const dialog = page.getByRole('dialog', { name: '搜索' });
    await expect(async () => {
      if (!(await dialog.isVisible())) await page.keyboard.press('Control+k');
      await expect(dialog.getByLabel('全局搜索')).toBeFocused({ timeout: 1_000 });
    }).toPass();
    await page.keyboard.type('空');
    await expect(page.locator('.ant-select-dropdown:visible')).toContainText('请输入至少2个字');
  });
});
