import { expect, type Locator, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, ApiUser, FREE_ADMIN, logInAt, quietGuide, TRIAL_ADMIN } from './shell.support';

// Tags, dictionary items and system settings as the demo administrator; the tag pages' lock on the free plan.

const FLOW = 'settings';
const suffix = () => String(Date.now()).slice(-6);
const visiblePage = (page: Page): Locator => page.locator('.sk-page:visible');
const rowOf = (page: Page, text: string): Locator => page.locator('.sk-list-page:visible tbody tr.ant-table-row').filter({ hasText: text });
const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });

test.describe('settings pages', () => {
  // Each test opens its own page as the first one (the home page before it was one more start of the app, 2–3 s).
  test.beforeEach(async ({ baseURL }) => {
    await quietGuide(baseURL!, ADMIN);
  });

  test('order tags: create one, then delete it', async ({ page }) => {
    const name = `加急${suffix()}`;
    await logInAt(page, ADMIN, '/tagsManage/orderTag');
    await expect(rowOf(page, '返修')).toBeVisible();
    await visiblePage(page).getByRole('button', { name: '新建标签' }).click();
    const d = dialog(page, '新建标签');
    await d.getByLabel('标签名称').fill(name);
    await expect(d.locator('.ant-tag')).toHaveText(name); // the preview
    await shot(page, FLOW, '01-tag-dialog');
    await d.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('保存成功').first()).toBeVisible();
    await expect(rowOf(page, name)).toBeVisible();
    await shot(page, FLOW, '02-tag-created');

    await rowOf(page, name)
      .getByRole('button', { name: `删除${name}` })
      .click();
    await dialog(page, '删除标签')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect(page.getByText('删除成功').first()).toBeVisible();
    await expect(rowOf(page, name)).toHaveCount(0);

    // the three kinds switch through the segmented control
    await visiblePage(page).getByText('客户标签', { exact: true }).click();
    await expect(page).toHaveURL(/\/tagsManage\/customerTag$/);
    await expect(rowOf(page, 'VIP客户')).toBeVisible();
  });

  test('dictionary: add an item to a type and disable it', async ({ page }) => {
    const name = `极兔速递${suffix()}`;
    await logInAt(page, ADMIN, '/dictionarySettings');
    await visiblePage(page)
      .getByRole('menuitem', { name: /物流公司/ })
      .click();
    await expect(rowOf(page, '顺丰速运')).toBeVisible();
    await visiblePage(page).getByRole('button', { name: '新增' }).click();
    await dialog(page, '新增字典项').getByLabel('名称').fill(name);
    await dialog(page, '新增字典项')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect(page.getByText('保存成功').first()).toBeVisible();
    await expect(visiblePage(page).getByRole('menuitem', { name: /物流公司/ })).toContainText('9');
    // the new item is last: on the first page of ten
    await expect(rowOf(page, name)).toBeVisible();
    await rowOf(page, name).getByRole('switch').click();
    await expect(rowOf(page, name).getByRole('switch')).not.toBeChecked();
    await shot(page, FLOW, '03-dictionary-item-added');

    // a built-in type cannot take new items
    await visiblePage(page)
      .getByRole('menuitem', { name: /销售渠道/ })
      .click();
    await expect(visiblePage(page).getByRole('button', { name: '新增' })).toBeDisabled();
  });

  test('system settings: save a change, then restore the defaults', async ({ page }) => {
    await logInAt(page, ADMIN, '/systemSetting');
    const days = visiblePage(page).getByLabel('工单公海中无人抢单多少分钟后退回派单员（0为不退回）');
    await expect(days).toHaveValue('60');
    await days.fill('45');
    await visiblePage(page)
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect(page.getByText('保存成功').first()).toBeVisible();
    await expect(visiblePage(page).locator('.ant-form-item').filter({ hasText: '工单公海中无人抢单多少分钟后退回派单员' }).getByText('已修改')).toBeVisible();
    await shot(page, FLOW, '04-setting-saved');

    await page.reload();
    await expect(days).toHaveValue('45');

    await visiblePage(page).getByRole('button', { name: '恢复默认', exact: true }).click();
    await dialog(page, '恢复默认')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page.getByText('恢复默认成功').first()).toBeVisible();
    await expect(days).toHaveValue('60');
    await expect(visiblePage(page).getByText('已修改')).toHaveCount(0);
    await shot(page, FLOW, '05-setting-restored');
  });
});

test('the free plan shows the lock notice on the tag pages', async ({ page, baseURL }) => {
  await quietGuide(baseURL!, FREE_ADMIN);
  await logInAt(page, FREE_ADMIN, '/tagsManage/personTag');
  await expect(page.getByText('免费版不支持标签，建议升级为VIP版本')).toBeVisible();
  await shot(page, FLOW, '06-free-plan-locked');
});

test('tag pages are disabled while the seats are exceeded, with a way to the organisation page', async ({ page, baseURL }) => {
  const admin = await ApiUser.login(baseURL!, TRIAL_ADMIN);
  await admin.skipGuide();
  const pkg = await admin.get('/v2/charge/epPackageDetail');
  const room = pkg.data.buy_person_num - pkg.data.userNum;
  const created: number[] = [];
  try {
    // one more enabled staff member than the trial's seats: the crossing is allowed and disables the quota pages
    for (let i = 0; i <= room; i++) {
      const r = await admin.send('POST', '/stand/user', { name: `超额${i}`, mobile: `177${String(Date.now() + i).slice(-8)}`, roles: [4] });
      expect(r.success, r.message).toBe(true);
      created.push(r.data.id);
    }
    await logInAt(page, TRIAL_ADMIN, '/tagsManage/orderTag');
    await expect(page.getByText('用户数超出套餐')).toBeVisible();
    await shot(page, FLOW, '07-quota-exceeded');
    await page.getByRole('button', { name: '前往组织架构' }).click();
    await expect(page).toHaveURL(/\/organizationalStructure$/);
  } finally {
    for (const id of created) await admin.send('DELETE', '/stand/user', { id });
    await admin.dispose();
  }
});
