import { expect, type Locator, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, ApiUser, ENGINEER, logInAt, orderInService, quietGuide } from './shell.support';

// The customer's signature as the proof of service: with 完成服务时须客户签名确认 on, the engineer at phone width opens
// 完成服务, is told 客户签名 is missing, has the customer sign on the pad, completes; the order detail shows the
// signature and the service report embeds it.

const FLOW = 'order-signature';
const PHONE = { width: 390, height: 844 };

const state = (page: Page): Locator => page.locator('.sk-page:visible [data-testid="order-state"]');
const detail = (page: Page): Locator => page.locator('.sk-page:visible .sk-order-detail');

test.describe('customer signature', () => {
  test('required by the setting: the engineer at phone width signs in the completion dialog; detail and report show it', async ({ browser, baseURL }) => {
    const admin = await ApiUser.login(baseURL!, ADMIN);
    expect((await admin.send('POST', '/systemsetting/batchsave', [{ code: 'order_sign_required', value: '1' }])).success).toBe(true);
    try {
      const title = `签名确认${String(Date.now()).slice(-6)}`;
      const orderId = await orderInService(baseURL!, title);
      await quietGuide(baseURL!, ENGINEER);

      const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
      const phone = await ctx.newPage();
      await logInAt(phone, ENGINEER, `/allOrder/orderDetail/${orderId}`);
      await expect(state(phone)).toHaveText('服务中');
      const bar = phone.locator('.sk-page:visible [data-testid="order-actionbar"]');
      await bar.getByRole('button', { name: '完成服务' }).click();
      const finish = phone.getByRole('dialog', { name: '完成服务' });
      await expect(finish.getByText('完成前还需填写')).toBeVisible();
      await expect(finish.getByText('客户签名').first()).toBeVisible();

      // unsigned: the dialog refuses before sending
      await finish.getByRole('button', { name: /提\s*交/ }).click();
      await expect(finish.getByText('请客户签名')).toBeVisible();

      // the pad, drawn on with a finger-sized stroke, saved as an image
      await finish.getByRole('button', { name: /(^|\s)签\s*名$/ }).click();
      const signDialog = phone.getByRole('dialog', { name: '签名' });
      await expect(signDialog).toBeVisible();
      await expect(signDialog).not.toHaveClass(/-(appear|enter)/);
      const pad = phone.getByTestId('signature-pad');
      await expect(pad).toBeVisible();
      const box = (await pad.boundingBox()) as { x: number; y: number; width: number; height: number };
      await phone.mouse.move(box.x + 20, box.y + 30);
      await phone.mouse.down();
      for (let i = 1; i <= 10; i++) await phone.mouse.move(box.x + 20 + i * 20, box.y + 30 + (i % 2) * 40);
      await phone.mouse.up();
      await shot(phone, FLOW, '01-pad-at-phone-width');
      await signDialog.getByRole('button', { name: /确\s*定/ }).click();
      await expect(signDialog).toBeHidden({ timeout: 30_000 });
      await expect(finish.getByTestId('signature-image')).toHaveAttribute('src', /\/api\/upload\/file\/\d+$/);
      await shot(phone, FLOW, '02-signed');

      await finish.getByRole('button', { name: /提\s*交/ }).click();
      await expect(finish).toBeHidden();
      await expect(state(phone)).toHaveText('已完成');
      const signature = detail(phone).getByTestId('order-signature');
      await expect(signature).toHaveAttribute('src', /\/api\/upload\/file\/\d+$/);
      await expect.poll(() => signature.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(0);
      await shot(phone, FLOW, '03-detail-signature');
      await ctx.close();

      // the service report embeds it (an image; no 未签名)
      const signs = await admin.get(`/v2/order/view/getSign?orderId=${orderId}`);
      expect(signs.data[0]).toMatchObject({ form: 'signature', name: '客户签名' });
      const pdf = await admin.api.fetch('/api/export/orderPdf', { method: 'POST', data: { orderId }, headers: { 'X-CSRF-Token': admin.csrf } });
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect((await pdf.body()).toString('latin1')).toMatch(/\/Subtype \/Image/);
    } finally {
      await admin.send('POST', '/systemsetting/batchsave', [{ code: 'order_sign_required', value: '0' }]);
      await admin.dispose();
    }
  });
});
