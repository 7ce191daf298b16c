import { expect } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, ApiUser, DISPATCHER, loginUi, outboxCode, quietGuide, registerEnterprise } from './shell.support';

test.describe('login', () => {
  test('password login lands on the home page', async ({ page, baseURL }) => {
    await quietGuide(baseURL!, ADMIN);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await expect(page.getByRole('button', { name: '登 录' })).toBeVisible();
    await shot(page, 'login', '01-login-page');
    await loginUi(page, ADMIN);
    await expect(page.getByText(/，王管理$/)).toBeVisible();
    await expect(page.locator('.sk-ep-name')).toHaveText('演示企业');
    await shot(page, 'login', '02-home-after-password-login');
  });

  test('a wrong password says so and stays on the login page', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: '密码登录' }).click();
    await page.getByPlaceholder('手机号').fill(ADMIN);
    await page.getByPlaceholder('密码').fill('wrong-password1');
    await page.getByRole('button', { name: '登 录' }).click();
    await expect(page.getByText('手机号或密码错误')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('code login reads the code from the dev outbox and counts down', async ({ page, baseURL, request }) => {
    await quietGuide(baseURL!, DISPATCHER);
    await page.goto('/login');
    await expect(page.getByRole('tab', { name: '验证码登录' })).toHaveAttribute('aria-selected', 'true');
    await page.getByPlaceholder('手机号').fill(DISPATCHER);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('button', { name: /\d+秒后重新发送/ })).toBeDisabled();
    const code = await outboxCode(request, DISPATCHER);
    await page.getByPlaceholder('验证码').fill(code);
    await shot(page, 'login', '03-code-login-filled');
    await page.getByRole('button', { name: '登 录' }).click();
    await expect(page).toHaveURL(/\/guideOne$/);
    await expect(page.getByText(/，张派单$/)).toBeVisible();
    await shot(page, 'login', '04-home-after-code-login');
  });

  test('register an enterprise, watch its setup, then choose between two enterprises at login', async ({ page, baseURL, request }) => {
    const mobile = '13600000001';
    await page.goto('/register');
    await page.getByLabel('企业名称').fill('华东维修服务有限公司');
    await page.getByLabel('所属行业').click();
    await page.getByTitle('制造业').click();
    await page.getByLabel('您的姓名').fill('陈一');
    await page.getByLabel('手机号').fill(mobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('button', { name: /秒后重新发送/ })).toBeVisible();
    await page.getByPlaceholder('验证码').fill(await outboxCode(request, mobile));
    await page.getByLabel('登录密码').fill('Harbor-Lantern-72');
    await page.getByText('我已阅读并同意').click();
    await shot(page, 'login', '05-register-form');
    await page.getByRole('button', { name: '注册并开始试用' }).click();
    await expect(page.getByText('企业创建完成')).toBeVisible({ timeout: 30_000 });
    await shot(page, 'login', '06-register-done');
    await page.getByRole('button', { name: '进入系统' }).click();
    await expect(page).toHaveURL(/\/guideOne$/);
    await expect(page.locator('.sk-ep-name')).toHaveText('华东维修服务有限公司');
    // A fresh enterprise's administrator (power 09001) is offered quick deploy first, then the new-user guide.
    const deploy = page.getByRole('dialog', { name: '快速部署' });
    await expect(deploy).toBeVisible();
    await shot(page, 'login', '06b-quick-deploy');
    await deploy.getByRole('button', { name: '稍后再说' }).click();
    await expect(page.locator('.ant-tour')).toBeVisible();
    await expect(page.locator('.ant-tour').getByText('顶部菜单')).toBeVisible();
    await shot(page, 'login', '06c-novice-guide');
    await page.locator('.ant-tour-close').click();
    await expect(page.locator('.ant-tour')).toBeHidden();

    // The same mobile registers a second enterprise (through the API), so logging in asks which one.
    await request.post('/api/stand/sendCode', { data: { mobile, purpose: 'login' } });
    const code = await outboxCode(request, mobile);
    const r = await request.post('/api/stand/enterprise', {
      data: { enterpriseName: '华南维修服务有限公司', industry: 'service', name: '陈一', mobile, code, password: 'Harbor-Lantern-72' },
    });
    expect((await r.json()).success).toBe(true);
    const second = await ApiUser.login(baseURL!, mobile, 'Harbor-Lantern-72', (await r.json()).data.enterpriseId);
    await second.skipGuide();
    await second.dispose();

    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.getByText('退出登录').click();
    await expect(page.getByText('登出成功')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('tab', { name: '密码登录' }).click();
    await page.getByPlaceholder('手机号').fill(mobile);
    await page.getByPlaceholder('密码').fill('Harbor-Lantern-72');
    await page.getByRole('button', { name: '登 录' }).click();
    const dialog = page.getByRole('dialog', { name: '选择企业' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('华东维修服务有限公司')).toBeVisible();
    await shot(page, 'login', '07-choose-enterprise');
    await dialog.getByText('华南维修服务有限公司').click();
    await dialog.getByRole('button', { name: '进 入' }).click();
    await expect(page).toHaveURL(/\/guideOne$/);
    await expect(page.locator('.sk-ep-name')).toHaveText('华南维修服务有限公司');
    await shot(page, 'login', '08-second-enterprise-home');
  });

  test('forgotten password: prove the mobile with a code, set a new password, log in with it', async ({ page, request, baseURL }) => {
    const mobile = '13600000009';
    const owner = await registerEnterprise(baseURL!, mobile, '忘记密码测试企业');
    await owner.skipGuide();
    await owner.dispose();
    await page.goto('/login');
    await page.getByRole('tab', { name: '密码登录' }).click();
    await page.getByPlaceholder('手机号').fill(mobile);
    await page.getByRole('button', { name: '忘记密码？' }).click();
    await expect(page).toHaveURL(new RegExp(`/passwordForget/${mobile}$`));
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('button', { name: /秒后重新发送/ })).toBeVisible();
    await page.getByPlaceholder('验证码').fill(await outboxCode(request, mobile));
    await page.getByRole('button', { name: '下一步' }).click();
    await expect(page).toHaveURL(new RegExp(`/passwordset/${mobile}$`));
    await page.getByPlaceholder('新密码（8至128位，请勿使用常见密码）').fill('short');
    await page.getByPlaceholder('确认新密码').fill('short');
    await page.getByRole('button', { name: '确 定' }).click();
    await expect(page.getByText('密码至少8位')).toBeVisible();
    await page.getByPlaceholder('新密码（8至128位，请勿使用常见密码）').fill('newpass123');
    await page.getByPlaceholder('确认新密码').fill('newpass123');
    await shot(page, 'login', '09-password-set');
    await page.getByRole('button', { name: '确 定' }).click();
    await expect(page.getByText('密码设置成功')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByRole('tab', { name: '密码登录' }).click();
    await page.getByPlaceholder('手机号').fill(mobile);
    await page.getByPlaceholder('密码').fill('newpass123');
    await page.getByRole('button', { name: '登 录' }).click();
    await expect(page).toHaveURL(/\/guideOne$/);
    await expect(page.locator('.sk-ep-name')).toHaveText('忘记密码测试企业');
  });
});
