import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { pickEngineer, shot, test } from './helpers';
import { ADMIN, ApiUser, DISPATCHER, logInAt, quietGuide } from './shell.support';

// An order's whole flow as the people who do it: customer service creates an order from a pasted "name phone address",
// the dispatcher assigns it, the engineer at phone width accepts, reserves a date, starts, adds a site photo, has the
// customer sign the receipt and completes; the dispatcher downloads the service report PDF and archives the order.

const FLOW = 'order-flow';
const SERVICE_DESK = '13800000006';
const ENGINEER = '13800000002';
const PHONE = { width: 390, height: 844 };
/** A 1×1 PNG: the engineer's site photo. */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const state = (page: Page): Locator => page.locator('.sk-page:visible [data-testid="order-state"]');
const detail = (page: Page): Locator => page.locator('.sk-page:visible .sk-order-detail');
const dialog = (page: Page, name: string | RegExp): Locator => page.getByRole('dialog', { name });
const sysField = (page: Page, key: string): Locator => page.locator(`[data-field="sys:${key}"]`);
const spaced = (label: string) => new RegExp(`^${[...label].join('\\s*')}$`);

/** Adds a customer signature to the receipt form (the demo's receipt form has no fields); answers a remover. */
async function receiptSignature(baseURL: string): Promise<() => Promise<void>> {
  const admin = await ApiUser.login(baseURL, ADMIN);
  const saved = await admin.send('POST', '/detailcontrol/saveField', { type: 9, field: { name: '客户签名', type: 21 } });
  expect(saved.success, saved.message).toBe(true);
  return async () => {
    const r = await admin.send('DELETE', '/detailcontrol/delete', { type: 9, ids: [saved.data.id] });
    expect(r.success, r.message).toBe(true);
    await admin.dispose();
  };
}

test.describe('order flow', () => {
  // A stuck click says what held it instead of eating the whole test's time.
  test.use({ actionTimeout: 20_000 });

  test('created from a pasted address, assigned, worked on a phone with a photo and a signature, reported as PDF, archived', async ({ browser, baseURL }) => {
    // Four people and a dozen steps on a shared machine: more than the default minute.
    test.setTimeout(180_000);
    const t = String(Date.now()).slice(-6);
    const name = `赵大海${t}`;
    const phone = `137${t}02`;
    const title = `热水器不出热水${t}`;
    for (const m of [SERVICE_DESK, DISPATCHER, ENGINEER]) await quietGuide(baseURL!, m);
    const removeSignature = await receiptSignature(baseURL!);
    try {
      // 1. customer service: a new customer from the pasted line, the required fields, save → the detail page
      const desk = await browser.newPage();
      await logInAt(desk, SERVICE_DESK, '/createOrder');
      await expect(desk.locator('[data-group="customerInfo"]')).toBeVisible();
      await sysField(desk, 'customerId').getByRole('button', { name: '快速新建' }).click();
      const quick = dialog(desk, '快速新建客户');
      await quick.getByLabel('粘贴客户信息').fill(`赵大海 ${phone} 北京市朝阳区建国路88号`);
      await quick.getByRole('button', { name: /识\s*别/ }).click();
      await expect(quick.getByLabel('联系电话')).toHaveValue(phone);
      await expect(quick.getByLabel('详细地址')).toHaveValue('建国路88号');
      await quick.getByLabel('客户名称').fill(name);
      await shot(desk, FLOW, '01-desk-pasted-customer');
      await quick.getByRole('button', { name: '创建客户' }).click();
      await expect(quick).toBeHidden();
      await expect(sysField(desk, 'customerId')).toContainText(name);
      await expect(sysField(desk, 'gpsAddr')).toContainText('建国路88号');
      await sysField(desk, 'title').getByRole('textbox').fill(title);
      await desk.getByText('不通电', { exact: true }).click();
      await shot(desk, FLOW, '02-desk-filled');
      await desk.getByRole('button', { name: /保\s*存/ }).click();
      await expect(desk).toHaveURL(/\/allOrder\/orderDetail\/\d+$/);
      const orderId = Number(desk.url().split('/').pop());
      await expect(state(desk)).toHaveText('待派单');
      await expect(detail(desk)).toContainText(name);
      await shot(desk, FLOW, '03-desk-created');
      await desk.close();

      // 2. the dispatcher assigns it to 李服务
      const office = await browser.newPage();
      await logInAt(office, DISPATCHER, `/allOrder/orderDetail/${orderId}`);
      await expect(state(office)).toHaveText('待派单');
      await detail(office)
        .getByRole('button', { name: spaced('派单') })
        .click();
      const assign = office.getByRole('dialog', { name: /^派单：/ });
      await pickEngineer(office, assign, '李服务');
      await shot(office, FLOW, '04-dispatcher-assign');
      await assign.getByRole('button', { name: '确定派单' }).click();
      await expect(assign).toBeHidden();
      await expect(state(office)).toHaveText('待接单');

      // 3. the engineer on a phone: accept, reserve, start
      const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
      const mobile = await ctx.newPage();
      await logInAt(mobile, ENGINEER, `/allOrder/orderDetail/${orderId}`);
      await expect(state(mobile)).toHaveText('待接单');
      const bar = mobile.locator('.sk-page:visible [data-testid="order-actionbar"]');
      await shot(mobile, FLOW, '05-engineer-to-accept');
      await bar.getByRole('button', { name: spaced('接单') }).click();
      const accept = dialog(mobile, '接单');
      await accept.getByRole('button', { name: /提\s*交/ }).click();
      await expect(accept).toBeHidden();
      await expect(state(mobile)).toHaveText('待服务');

      const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + 86_400_000));
      await bar.getByRole('button', { name: spaced('预约') }).click();
      const reserve = dialog(mobile, '预约上门时间');
      await reserve.getByLabel('预约时间').click();
      const panel = mobile.locator('.ant-picker-dropdown:visible');
      await expect(panel).not.toHaveClass(/ant-slide/);
      await panel.locator(`.ant-picker-cell[title="${tomorrow}"]`).first().click();
      await panel.getByRole('button', { name: /确\s*定/ }).click();
      await expect(reserve.getByLabel('预约时间')).toHaveValue(`${tomorrow} 00:00`);
      await shot(mobile, FLOW, '06-engineer-reserve');
      await reserve.getByRole('button', { name: /提\s*交/ }).click();
      await expect(reserve).toBeHidden();
      await expect(detail(mobile)).toContainText(`${tomorrow} 00:00`);
      await expect(state(mobile)).toHaveText('待服务');

      await bar.getByRole('button', { name: spaced('开始服务') }).click();
      const start = dialog(mobile, '开始服务');
      await start.getByRole('button', { name: /提\s*交/ }).click();
      await expect(start).toBeHidden();
      await expect(state(mobile)).toHaveText('服务中');
      await shot(mobile, FLOW, '07-engineer-in-service');

      // 4. completion: the signature is still missing; a site photo, the customer signs on the pad, complete
      await bar.getByRole('button', { name: '完成服务' }).click();
      const finish = dialog(mobile, '完成服务');
      await expect(finish.getByText('完成前还需填写')).toBeVisible();
      await expect(finish).toContainText('客户签名');
      await expect(finish).not.toHaveClass(/ant-zoom/);
      await shot(mobile, FLOW, '08-engineer-complete-missing');
      const photoItem = finish.locator('.ant-form-item').filter({ hasText: '现场照片' });
      await photoItem.locator('input[type=file]').setInputFiles({ name: '现场照片.png', mimeType: 'image/png', buffer: PHOTO });
      await expect(photoItem.locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)')).toHaveCount(1);
      // The receipt form's own 客户签名 field (after the dialog's pad, which this order type does not require).
      const signItem = finish.locator('.ant-form-item').filter({ hasText: '客户签名' }).last();
      await signItem.getByRole('button', { name: /签\s*名/ }).click();
      const padDialog = dialog(mobile, '签名');
      const pad = padDialog.getByTestId('signature-pad');
      // the box is measured once the dialog's zoom-in is over, so the strokes land where the pad stays
      await expect(padDialog).not.toHaveClass(/ant-zoom/);
      const b = await pad.boundingBox();
      if (!b) throw new Error('签名板不可见');
      await mobile.mouse.move(b.x + b.width * 0.15, b.y + b.height * 0.6);
      await mobile.mouse.down();
      const strokes: [number, number][] = [
        [0.3, 0.3],
        [0.45, 0.7],
        [0.6, 0.35],
        [0.8, 0.6],
      ];
      for (const [x, y] of strokes) await mobile.mouse.move(b.x + b.width * x, b.y + b.height * y, { steps: 5 });
      await mobile.mouse.up();
      expect(
        await pad.evaluate((c: HTMLCanvasElement) =>
          c
            .getContext('2d')
            ?.getImageData(0, 0, c.width, c.height)
            .data.some((v) => v > 0),
        ),
      ).toBe(true);
      await shot(mobile, FLOW, '09-engineer-signature-pad');
      await padDialog.getByRole('button', { name: /确\s*定/ }).click();
      await expect(padDialog).toBeHidden();
      await expect(signItem.getByTestId('signature-image')).toBeVisible();
      await shot(mobile, FLOW, '10-engineer-complete-filled');
      await finish.getByRole('button', { name: /提\s*交/ }).click();
      await expect(finish).toBeHidden();
      // The default process has no completion approval; approving it needs the process settings.
      await expect(state(mobile)).toHaveText('已完成');
      await shot(mobile, FLOW, '11-engineer-completed');
      await ctx.close();

      // 5. the dispatcher downloads the service report
      await office.reload();
      await expect(state(office)).toHaveText('已完成');
      const [download] = await Promise.all([office.waitForEvent('download'), detail(office).getByRole('button', { name: '下载服务报告' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^服务报告-.+\.pdf$/);
      const pdf = readFileSync(await download.path());
      expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
      // the site photo and the signature, each an image with its alpha mask (the photo alone would be two)
      expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0).toBeGreaterThanOrEqual(4);

      // 6. and archives it: the tag says 已归档, the AllOrder archive filter finds it
      await detail(office)
        .getByRole('button', { name: spaced('归档') })
        .click();
      const confirm = dialog(office, '归档');
      await expect(confirm).toContainText('归档后工单不能再修改');
      await confirm.getByRole('button', { name: /确\s*定/ }).click();
      await expect(confirm).toBeHidden();
      await expect(detail(office).getByText('已归档', { exact: true })).toBeVisible();
      await expect(detail(office).getByRole('button', { name: spaced('归档') })).toHaveCount(0);
      await shot(office, FLOW, '12-dispatcher-archived');
      await office.goto('/allOrder');
      const list = office.locator('.sk-list-page:visible').first();
      await list.getByRole('button', { name: /筛\s*选/ }).click();
      const filters = office.getByTestId('filter-panel');
      await filters.getByLabel('客户名称').fill(name);
      await filters.getByLabel('归档').click();
      await office.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '已归档' }).click();
      await filters.getByRole('button', { name: /查\s*找/ }).click();
      await expect(list.locator('tbody tr.ant-table-row')).toHaveCount(1);
      await expect(list.locator('tbody tr.ant-table-row')).toContainText(title);
      await shot(office, FLOW, '13-all-orders-archived');
      await office.close();
    } finally {
      await removeSignature();
    }
  });
});
