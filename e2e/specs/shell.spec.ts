import { expect } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, ApiUser, FREE_ADMIN, logIn, quietGuide, registerEnterprise, tabKeys } from './shell.support';

test.describe('shell', () => {
  test('switching role clears the tabs, reloads user and menu and goes home', async ({ page, baseURL }) => {
    const owner = await registerEnterprise(baseURL!, '13600000002', '角色切换测试企业');
    await owner.skipGuide();
    await owner.dispose();
    await logIn(page, '13600000002', 'Harbor-Lantern-72');
    await expect(page.locator('.sk-top-menu').getByText('系统设置')).toBeVisible();
    await page.locator('.sk-sider').getByText('功能导航').click();
    await expect(page).toHaveURL(/\/personIndex$/);
    await expect.poll(() => tabKeys(page)).toEqual(['/guideOne', '/personIndex']);

    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByText('切换角色').click();
    const dialog = page.getByRole('dialog', { name: '切换角色' });
    await expect(dialog.getByRole('radio')).toHaveCount(3);
    await dialog.getByText('派单员').click();
    await shot(page, 'shell', '01-change-role-dialog');
    await dialog.getByRole('button', { name: '确 定' }).click();
    await expect(page.getByText('切换角色成功')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/guideOne$/);
    await expect(page.locator('.sk-role-name')).toHaveText('派单员');
    await expect.poll(() => tabKeys(page)).toEqual(['/guideOne']);
    // The dispatcher's menu has no system settings.
    await expect(page.locator('.sk-top-menu').getByText('工单')).toBeVisible();
    await expect(page.locator('.sk-top-menu').getByText('系统设置')).toHaveCount(0);
    await shot(page, 'shell', '02-after-role-switch');
  });

  test('a free-plan entry shows a lock and opens the upgrade notice with the hotline', async ({ page, baseURL }) => {
    await quietGuide(baseURL!, FREE_ADMIN);
    await logIn(page, FREE_ADMIN);
    // 工单's locked entry 我的工单 opens its notice (the group itself opens 全部工单, which the free plan has).
    await page.locator('.sk-top-menu').getByText('工单').click();
    await page.locator('.sk-sider .ant-menu-item', { hasText: '我的工单' }).click();
    const modal = page.getByRole('dialog', { name: '升级VIP版本' });
    await expect(modal.getByText('免费版不支持我的工单，建议升级为VIP版本，咨询热线：400-800-6688')).toBeVisible();
    await expect(modal.getByRole('img', { name: '升级二维码' })).toBeVisible();
    await modal.getByRole('button', { name: '立即购买' }).click();
    await expect(modal.getByText('请联系客服开通VIP版本')).toBeVisible();
    await expect(modal.getByText('客服热线：400-800-6688')).toBeVisible();
    await shot(page, 'shell', '04-upgrade-modal');
    await modal.getByRole('button', { name: '关闭', exact: true }).click();
    // A locked entry in a group that also has open ones shows its lock, and opens the notice too.
    await page.locator('.sk-top-menu').getByText('客户').click();
    const entry = page.locator('.sk-sider .ant-menu-item', { hasText: '联系人管理' });
    await expect(entry.locator('[data-locked="1"]')).toBeVisible();
    await expect(entry.getByLabel('免费版锁定')).toBeVisible();
    await shot(page, 'shell', '03-free-menu-locks');
    await entry.click();
    await expect(modal.getByText('免费版不支持联系人管理，建议升级为VIP版本，咨询热线：400-800-6688')).toBeVisible();
    await modal.getByRole('button', { name: '关闭', exact: true }).click();
    // The locked page itself, opened by its address, shows the same notice instead of the page.
    await page.goto('/myOrder');
    await expect(page.getByText('免费版不支持我的工单，建议升级为VIP版本，咨询热线：400-800-6688')).toBeVisible();
    await expect(page).toHaveURL(/\/myOrder$/);
    // The free plan gets no availability status either.
    await page.getByRole('button', { name: '状态' }).click();
    await page.locator('.ant-dropdown:visible').getByRole('menuitem').first().click();
    await expect(page.getByText(/免费版不支持状态设置/)).toBeVisible();
  });

  test('availability status changes, and a repeated identical click within a second is cancelled', async ({ page, baseURL }) => {
    await quietGuide(baseURL!, ADMIN);
    await logIn(page, ADMIN);
    const status = page.getByRole('button', { name: '状态' });
    await status.click();
    await page.getByRole('menuitem', { name: '忙碌' }).click();
    await expect(page.getByText('修改状态成功')).toBeVisible();
    await expect(status).toContainText('忙碌');
    await shot(page, 'shell', '05-status-busy');

    await status.click();
    await page.getByRole('menuitem', { name: '空闲' }).click();
    await status.click();
    await page.getByRole('menuitem', { name: '空闲' }).click();
    await expect(page.getByText('请勿重复点击')).toBeVisible();
    await shot(page, 'shell', '06-duplicate-click-cancelled');
    await expect(status).toContainText('空闲');
  });

  test('help, version history, app QR code, subscriptions and clear cache', async ({ page, baseURL }) => {
    await quietGuide(baseURL!, ADMIN);
    await logIn(page, ADMIN);
    await page.getByRole('button', { name: '帮助' }).click();
    await page.getByRole('menuitem', { name: '版本记录' }).click();
    const versions = page.getByRole('dialog', { name: '版本记录' });
    await expect(versions.locator('.ant-timeline-item').first()).toBeVisible();
    await shot(page, 'shell', '07-version-history');
    await versions.getByRole('button', { name: '关闭', exact: true }).click();
    await page.getByRole('button', { name: '帮助' }).click();
    await page.getByRole('menuitem', { name: '下载手机App' }).click();
    await expect(page.getByRole('img', { name: 'App下载二维码' })).toBeVisible();
    await page.getByRole('dialog', { name: '下载手机App' }).getByRole('button', { name: '关闭', exact: true }).click();
    await page.getByRole('button', { name: '帮助' }).click();
    await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: '帮助中心' }).click();
    await expect(page).toHaveURL(/\/help$/);

    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByText('消息订阅').click();
    const sub = page.getByRole('dialog', { name: '消息订阅' });
    await expect(sub.getByRole('tab', { name: '待办事项' })).toBeVisible();
    await expect(sub.getByRole('tab', { name: '统计事项' })).toBeVisible();
    const master = sub.getByRole('switch', { name: '订阅待办事项' });
    const wasOn = (await master.getAttribute('aria-checked')) === 'true';
    await master.click();
    await expect(page.getByText(wasOn ? '取订成功' : '订阅成功')).toBeVisible();
    await master.click();
    await expect(page.getByText(wasOn ? '订阅成功' : '取订成功')).toBeVisible();
    await sub.getByRole('tab', { name: '统计事项' }).click();
    await expect(sub.getByText('昨日新建工单数')).toBeVisible();
    await shot(page, 'shell', '08-subscriptions');
    await sub.getByRole('button', { name: '关闭', exact: true }).click();

    const clearCache = async () => {
      await page.getByRole('button', { name: '用户菜单' }).click();
      const menu = page.locator('.ant-dropdown:visible');
      // a click while the menu still zooms in (or out, from the last time) is lost: wait for it to stand still
      await expect(menu).toHaveCount(1);
      await expect(menu).not.toHaveClass(/-(appear|enter|leave)/);
      await menu.getByRole('menuitem', { name: '清除缓存' }).click();
      await expect(page.locator('.ant-dropdown:visible')).toHaveCount(0);
    };
    await clearCache();
    await expect(page.getByText('清除成功')).toBeVisible();
    await clearCache();
    await expect(page.getByText('当前没有缓存')).toBeVisible();
  });

  test('the download centre shows a finished export, which can be downloaded and deleted', async ({ page, baseURL }) => {
    await quietGuide(baseURL!, ADMIN);
    const admin = await ApiUser.login(baseURL!, ADMIN);
    const started = await admin.send('POST', '/export/user', { fileName: '人员导出测试' });
    expect(started.success, started.message).toBe(true);
    await admin.dispose();
    await logIn(page, ADMIN);
    await page.getByRole('button', { name: '下载中心' }).click();
    const item = page.locator('.sk-download-item', { hasText: '人员导出测试' });
    await expect(item.getByText('已完成')).toBeVisible({ timeout: 30_000 });
    await expect(item.getByRole('button', { name: '下载' })).toBeVisible();
    await shot(page, 'shell', '09-download-centre');
    await item.getByRole('button', { name: '删除人员导出测试' }).click();
    await page.getByRole('button', { name: '删 除' }).click();
    await expect(page.getByText('删除成功')).toBeVisible();
    await expect(item).toHaveCount(0);
  });

  test('customer-service chat connects and sends over the socket', async ({ page, baseURL }) => {
    await quietGuide(baseURL!, ADMIN);
    await logIn(page, ADMIN);
    await page.getByRole('button', { name: '在线客服' }).click();
    const drawer = page.getByRole('dialog', { name: '在线客服' });
    await expect(drawer.getByText('已连接')).toBeVisible();
    await drawer.getByPlaceholder('输入消息，回车发送').fill('你好，请问如何导出工单？');
    await drawer.getByRole('button', { name: '发送' }).click();
    await expect(drawer.locator('.sk-chat-msg.mine', { hasText: '你好，请问如何导出工单？' })).toBeVisible();
    // A voice message from the (fake) microphone: recorded, uploaded as audio, sent and shown as a player.
    await drawer.getByRole('button', { name: '录制语音' }).click();
    const stop = drawer.getByRole('button', { name: '结束录音' });
    await expect(stop).toContainText(/[1-9]″/);
    await stop.click();
    await expect(drawer.locator('.sk-chat-msg.mine audio')).toHaveCount(1);
    await shot(page, 'shell', '10-chat');
  });

  test('a phone-width screen reaches the menu through a drawer', async ({ page, baseURL }) => {
    await quietGuide(baseURL!, ADMIN);
    await page.setViewportSize({ width: 390, height: 844 });
    await logIn(page, ADMIN);
    await expect(page.locator('.sk-sider')).toHaveCount(0);
    await expect(page.getByText(/，王管理$/)).toBeVisible();
    await shot(page, 'shell', '11-mobile-home');
    await page.getByRole('button', { name: '打开菜单' }).click();
    const drawer = page.getByRole('dialog', { name: '菜单' });
    await drawer.getByText('客户', { exact: true }).click();
    await drawer.getByText('全部客户').click();
    await expect(page).toHaveURL(/\/allCustomer$/);
    await expect(drawer).toBeHidden();
    await shot(page, 'shell', '12-mobile-page');
  });
});
