import { expect } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, ApiUser, DISPATCHER, logIn, logInAt, quietGuide, registerEnterprise, tabKeys, TRIAL_ADMIN } from './shell.support';

const DAY = 24 * 3600 * 1000;

test.describe('guards', () => {
  test('a user without roles goes to /errorRole', async ({ page, baseURL }) => {
    const admin = await ApiUser.login(baseURL!, ADMIN);
    const created = await admin.send('POST', '/stand/user', { name: '无角色用户', mobile: '13500000001', roles: [], password: 'Harbor-Lantern-72' });
    expect(created.success, created.message).toBe(true);
    await admin.dispose();
    await logIn(page, '13500000001', 'Harbor-Lantern-72', /\/errorRole$/);
    await expect(page.getByText('当前用户未分配角色，请联系管理员')).toBeVisible();
    await shot(page, 'guards', '01-error-role');
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a paid plan past its service end goes to /errorOverdue', async ({ page }) => {
    // The demo trial enterprise ends in 15 days: the browser's clock is moved 20 days on.
    await page.clock.install({ time: new Date(Date.now() + 20 * DAY) });
    await logIn(page, TRIAL_ADMIN, undefined, /\/errorOverdue$/);
    await expect(page.getByText('您的服务已到期，请联系客服续费')).toBeVisible();
    await expect(page.getByText('客服热线：400-800-6688')).toBeVisible();
    await shot(page, 'guards', '02-error-overdue');
  });

  test('a missing page power goes to /detailError; an unknown route to /Error404', async ({ page, baseURL }) => {
    await quietGuide(baseURL!, DISPATCHER);
    await logInAt(page, DISPATCHER, '/organizationalStructure');
    await expect(page).toHaveURL(/\/detailError$/);
    await expect(page.getByText('无权访问')).toBeVisible();
    await expect(page.getByText(/您没有该功能的操作权限/)).toBeVisible();
    await shot(page, 'guards', '03-detail-error');
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/Error404$/);
    await expect(page.locator('.ant-result-title').getByText('页面不存在', { exact: true })).toBeVisible();
    await expect(page.locator('.sk-header')).toBeVisible();
    // Error pages show in place: neither leaves a tab behind.
    expect(await tabKeys(page)).toEqual(['/guideOne']);
    await shot(page, 'guards', '04-error-404');
  });

  test('未登录 goes to /error403 in a browser and to /login in the app shell', async ({ page, baseURL, browser }) => {
    await quietGuide(baseURL!, ADMIN);
    // The shell's own checks (1 s after it mounts) answer before the session is ended.
    const guideChecked = page.waitForResponse(/\/api\/schema\/isNoviceGuide/);
    await logIn(page, ADMIN);
    await guideChecked;
    // The session ends behind the page's back; the next call the page makes answers 未登录.
    const info = await (await page.request.get('/api/v2/sessionUser/info')).json();
    await page.request.post('/api/logout', { headers: { 'X-CSRF-Token': info.data.csrfToken } });
    // Whichever call comes first answers 未登录: the menu's page, or a poll of the shell (the bell's, every 30 s),
    // which may close the menu under the click. Either lands on /error403.
    const landed = page.waitForURL(/\/error403$/);
    const viaMenu = (async () => {
      await page.getByRole('button', { name: '用户菜单' }).click();
      await page.getByText('消息订阅').click();
    })().catch(() => undefined);
    await Promise.race([landed, viaMenu.then(() => landed)]);
    await expect(page).toHaveURL(/\/error403$/);
    await expect(page.getByText('您尚未登录或登录已过期，请重新登录。')).toBeVisible();
    await shot(page, 'guards', '05-error-403');
    await page.getByRole('button', { name: '去登录' }).click();
    await expect(page).toHaveURL(/\/login$/);

    const app = await browser.newContext({ baseURL });
    const appPage = await app.newPage();
    await appPage.goto('/guideOne?client=app');
    await expect(appPage).toHaveURL(/\/login\?redirect=/);
    await expect(appPage.getByRole('tab', { name: '验证码登录' })).toBeVisible();
    await app.close();
  });

  test('seats beyond the plan disable quota pages with a link to the organisation', async ({ page, baseURL }) => {
    const owner = await registerEnterprise(baseURL!, '13600000003', '超员测试企业');
    await owner.skipGuide();
    for (let i = 0; i < 10; i++) {
      const r = await owner.send('POST', '/stand/user', { name: `员工${i}`, mobile: `135000001${String(i).padStart(2, '0')}`, roles: [4] });
      expect(r.success, r.message).toBe(true);
    }
    await owner.dispose();
    await logIn(page, '13600000003', 'Harbor-Lantern-72');
    await page.locator('.sk-top-menu').getByText('系统设置').click();
    const entry = page.locator('.sk-sider .ant-menu-item', { hasText: '服务团队' });
    await expect(entry).toHaveClass(/ant-menu-item-disabled/);
    await page.goto('/serviceGroup');
    await expect(page.getByText('用户数超出套餐')).toBeVisible();
    await shot(page, 'guards', '06-seats-exceeded');
    await page.getByRole('button', { name: '前往组织架构' }).click();
    await expect(page).toHaveURL(/\/organizationalStructure$/);
  });
});
