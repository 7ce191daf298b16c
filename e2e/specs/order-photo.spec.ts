// Issue 65, 9: on a phone the engineer saves a photo on its own — 故障类型 (required) still empty binds 完成服务, not
// the save of 补充服务信息; completion then names what is missing.
import { expect, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, ApiUser, logInAt, orderInService, quietGuide } from './shell.support';

const FLOW = 'order-photo';
const PHONE = { width: 390, height: 844 };
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** The demo's regional engineer 周建华. */
const ENGINEER = '13810000001';
const dialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });

test('the engineer adds a photo in 补充服务信息 and saves it while 故障类型 is empty; 完成服务 then asks for 故障类型', async ({ browser, baseURL }) => {
  await quietGuide(baseURL!, ENGINEER);
  const orderId = await orderInService(baseURL!, `拍照留证${Date.now() % 100000}`, ENGINEER);
  // The fault is not known yet: the order's required 故障类型 is emptied (a save may leave it so since this change).
  const admin = await ApiUser.login(baseURL!, ADMIN);
  const info = await admin.get('/detailcontrol/forminfo?type=1');
  const fault = (info.data.fields as { id: number; name: string }[]).find((f) => f.name === '故障类型');
  expect(fault, '演示工单类型有故障类型').toBeTruthy();
  const engineerApi = await ApiUser.login(baseURL!, ENGINEER);
  const cleared = await engineerApi.send('POST', '/v2/order/employee/edit', { orderId, ext: { [String(fault?.id)]: '' } });
  expect(cleared.success, cleared.message).toBe(true);
  await engineerApi.dispose();
  await admin.dispose();

  const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await logInAt(page, ENGINEER, `/allOrder/orderDetail/${orderId}`);
  const bar = page.locator('.sk-page:visible [data-testid="order-actionbar"]');
  await bar.getByRole('button', { name: /补\s*充\s*信\s*息/ }).click();
  const edit = dialog(page, '补充服务信息');
  const photoItem = edit.locator('.ant-form-item').filter({ hasText: '现场照片' });
  await photoItem.locator('input[type=file]').setInputFiles({ name: '现场照片.png', mimeType: 'image/png', buffer: PHOTO });
  await expect(photoItem.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)')).toHaveCount(1);
  // 故障类型 keeps its required mark, and does not stop the save.
  await expect(edit.locator('.ant-form-item-required').filter({ hasText: '故障类型' })).toHaveCount(1);
  await shot(page, FLOW, '01-photo-without-fault-type');
  await edit.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(page.getByText('故障类型：不能为空')).toHaveCount(0);

  // Completion: the missing 故障类型 is named before anything is sent.
  await bar.getByRole('button', { name: '完成服务' }).click();
  const finish = dialog(page, '完成服务');
  await expect(finish.getByText('完成前还需填写')).toBeVisible();
  await expect(finish).toContainText('故障类型');
  await shot(page, FLOW, '02-complete-asks-fault-type');
  await ctx.close();
});
