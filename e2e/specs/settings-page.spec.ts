import { expect, type Locator, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, logInAt, quietGuide, tab, tabClose } from './shell.support';

// The settings page: grouped with a bar of anchors, the save bar always on screen, a warning before unsaved
// edits are left (route change, closing its tab, the browser), and the first invalid field shown on save.

const FLOW = 'settings-page';
const visiblePage = (page: Page): Locator => page.locator('.sk-page:visible');
const leaveDialog = (page: Page): Locator => page.getByRole('dialog', { name: '有未保存的修改' });
const POOL_MINUTES = '工单公海中无人抢单多少分钟后退回派单员（0为不退回）';

/** The element's box lies inside the viewport. */
async function onScreen(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const vp = page.viewportSize()!;
  return !!box && box.y >= 0 && box.y + box.height <= vp.height;
}

test.describe('system settings page', () => {
  test.beforeEach(async ({ page, baseURL }) => {
    await quietGuide(baseURL!, ADMIN);
    await logInAt(page, ADMIN, '/systemSetting');
    await expect(visiblePage(page).getByLabel(POOL_MINUTES)).toHaveValue(/\d+/);
  });

  test('groups are reached from the anchor bar and the save bar stays on screen while scrolling', async ({ page }) => {
    const save = page.getByRole('toolbar', { name: '保存设置' });
    await expect.poll(() => onScreen(page, save)).toBe(true);
    const groups = visiblePage(page).locator('.sk-settings-groups .ant-anchor-link-title');
    expect(await groups.count()).toBeGreaterThan(2);
    await shot(page, FLOW, '01-top');
    const last = (await groups.allInnerTexts()).at(-1)!;
    await groups.filter({ hasText: last }).click();
    const card = visiblePage(page).locator(`[data-group="${last}"]`);
    await expect.poll(() => onScreen(page, card.locator('.ant-card-head'))).toBe(true);
    await expect.poll(() => onScreen(page, save)).toBe(true);
    await expect(visiblePage(page).locator('.sk-settings-groups')).toBeInViewport();
    await shot(page, FLOW, '02-last-group');
  });

  test('an emptied required field: 保存 scrolls to it and says why; nothing is saved', async ({ page }) => {
    const days = visiblePage(page).getByLabel(POOL_MINUTES);
    const stored = await days.inputValue();
    await days.fill('');
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => onScreen(page, days)).toBe(false);
    await page
      .getByRole('toolbar', { name: '保存设置' })
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect(page.getByText('有设置项填写不正确，请按提示修改后再保存')).toBeVisible();
    await expect.poll(() => onScreen(page, days)).toBe(true);
    await expect(days).toBeFocused();
    await expect(visiblePage(page).locator('.ant-form-item', { hasText: '工单公海中无人抢单多少分钟后退回派单员' }).getByText('请填写设置值')).toBeVisible();
    await shot(page, FLOW, '03-invalid-field');
    await page.reload();
    await expect(visiblePage(page).getByLabel(POOL_MINUTES)).toHaveValue(stored);
  });

  test('unsaved edits ask before a route change and before closing the tab; staying keeps them', async ({ page }) => {
    const days = visiblePage(page).getByLabel(POOL_MINUTES);
    await days.fill('46');
    await expect(page.getByText('有未保存的修改').first()).toBeVisible();

    // Another page through the menu: asked, stay.
    await page.locator('.sk-sider').getByText('字典设置').click();
    await expect(leaveDialog(page)).toBeVisible();
    await shot(page, FLOW, '04-leave-warning');
    await leaveDialog(page).getByRole('button', { name: '留在此页' }).click();
    await expect(page).toHaveURL(/\/systemSetting$/);
    await expect(days).toHaveValue('46');

    // Closing its tab: asked, stay; the tab is still there.
    await tabClose(page, '/systemSetting').click();
    await expect(leaveDialog(page)).toBeVisible();
    await leaveDialog(page).getByRole('button', { name: '留在此页' }).click();
    await expect(tab(page, '/systemSetting')).toBeVisible();
    await expect(days).toHaveValue('46');

    // The browser's own leave check is armed while edits are unsaved.
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', async (d) => {
        resolve(d.type());
        await d.dismiss();
      }),
    );
    await page.evaluate(() => window.location.reload());
    expect(await asked).toBe('beforeunload');
    await expect(days).toHaveValue('46');

    // Leaving after all: the edit is dropped, nothing was saved.
    await tabClose(page, '/systemSetting').click();
    await leaveDialog(page)
      .getByRole('button', { name: /离\s*开/ })
      .click();
    await expect(tab(page, '/systemSetting')).toHaveCount(0);
    await page.goto('/systemSetting');
    await expect(visiblePage(page).getByLabel(POOL_MINUTES)).not.toHaveValue('46');
  });

  test('saved edits leave without a question', async ({ page }) => {
    const days = visiblePage(page).getByLabel(POOL_MINUTES);
    const stored = await days.inputValue();
    await days.fill(String(Number(stored) + 1));
    await page
      .getByRole('toolbar', { name: '保存设置' })
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect(page.getByText('保存成功').first()).toBeVisible();
    await expect(page.getByText('有未保存的修改')).toHaveCount(0);
    await page.locator('.sk-sider').getByText('字典设置').click();
    await expect(page).toHaveURL(/\/dictionarySettings$/);
    await expect(leaveDialog(page)).toHaveCount(0);
    // put the stored value back for the other tests
    await page.goto('/systemSetting');
    await visiblePage(page).getByLabel(POOL_MINUTES).fill(stored);
    await page
      .getByRole('toolbar', { name: '保存设置' })
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect(page.getByText('保存成功').first()).toBeVisible();
  });
});

test.describe('企业微信与钉钉 (channel settings) and the app QR page', () => {
  test('a secret is saved, shown only as 已设置 and replaceable; the app page answers at desktop and phone width', async ({ page, baseURL }) => {
    await quietGuide(baseURL!, ADMIN);
    await logInAt(page, ADMIN, '/channelSetting');
    const card = visiblePage(page).locator('[data-channel="2"]');
    await card.getByLabel('企业ID（CorpId）').fill('wwe2etest01');
    await card.getByLabel('应用AgentId').fill('1000002');
    await card.getByLabel('Secret', { exact: true }).fill('e2e-secret-value-42');
    await card.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('保存成功').first()).toBeVisible();
    await expect(card.getByText('已设置')).toBeVisible();
    await shot(page, FLOW, '05-channels');
    await page.reload();
    await expect(card.getByText('已设置')).toBeVisible();
    await expect(card.getByLabel('企业ID（CorpId）')).toHaveValue('wwe2etest01');
    expect(await page.content()).not.toContain('e2e-secret-value-42');
    await card.getByRole('button', { name: /更\s*换/ }).click();
    await expect(card.getByLabel('Secret', { exact: true })).toHaveValue('');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, FLOW, '06-channels-phone');

    // The help menu's QR code points here: a page of ours, at phone width with the button that opens the app.
    await page.goto('/app/download');
    await expect(page.getByRole('link', { name: '打开服务管家' })).toHaveAttribute('href', /\/\?client=app$/);
    await shot(page, FLOW, '07-app-download-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload();
    await expect(page.getByRole('img', { name: '手机扫码打开服务管家' })).toBeVisible();
    await shot(page, FLOW, '08-app-download');
  });
});
