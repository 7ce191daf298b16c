import { expect, type Locator, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, ApiUser, DISPATCHER, logIn, quietGuide, orderInService, ENGINEER } from './shell.support';

// The engineer's installable app offline (docs/phone.md "离线使用"): at phone width he loses the network, completes his
// order with a photo and the customer's signature, sees 待同步 on the order and in 我的工单; the network returns, the
// queue is sent, and the dispatcher sees the order completed once, with the photo and the signature.

const FLOW = 'offline';
const PHONE = { width: 390, height: 844 };
/** A 2×2 PNG: the photo the engineer picks (re-encoded as a JPEG by the dialog). */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDK+mmyAAAAABJRU5ErkJggg==', 'base64');

const state = (page: Page): Locator => page.locator('.sk-page:visible [data-testid="order-state"]');

/** Waits until the worker keeps the completion's two forms (the detail page reads them while 完成服务 is offered). */
async function formsKept(page: Page): Promise<void> {
  const kept = () => page.evaluate(async () => (await (await caches.open('sk-api')).keys()).filter((r) => r.url.includes('/detailcontrol/forminfo')).length);
  await expect.poll(kept).toBeGreaterThanOrEqual(2);
}

test.describe('offline completion', () => {
  test('the engineer at phone width completes offline with a photo and a signature; back online it is sent once', async ({ browser, baseURL }) => {
    const admin = await ApiUser.login(baseURL!, ADMIN);
    expect((await admin.send('POST', '/systemsetting/batchsave', [{ code: 'app_image_compress', value: '1' }])).success).toBe(true);
    try {
      const title = `离线完成${String(Date.now()).slice(-6)}`;
      const orderId = await orderInService(baseURL!, title);
      await quietGuide(baseURL!, ENGINEER);

      const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
      const phone = await ctx.newPage();
      await logIn(phone, ENGINEER);
      // The installable app: its manifest, and a service worker in control of the page.
      const manifest = await (await phone.request.get('/manifest.webmanifest')).json();
      expect(manifest).toMatchObject({ name: '服务管家', display: 'standalone', start_url: expect.stringMatching(/^\/myOrder/) });
      await phone.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      // Opened once online (as the engineer does on his way), so that the worker keeps them.
      await phone.goto('/myOrder?tab=inService');
      await expect(phone.locator('.sk-page:visible').getByText(title)).toBeVisible();
      await phone.goto(`/allOrder/orderDetail/${orderId}`);
      await expect(state(phone)).toHaveText('服务中');
      expect(await phone.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
      // The reads the worker keeps go through it; every other API call goes straight to the network (static routes).
      const sources = await phone.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((e) => e.name.includes('/api/'))
          .map((e) => [new URL(e.name).pathname, (e as PerformanceResourceTiming & { workerMatchedSourceType?: string }).workerMatchedSourceType]),
      );
      expect(sources).toContainEqual(['/api/order/orderDetail', 'fetch-event']);
      expect(sources.filter(([, source]) => source === 'network').length).toBeGreaterThan(0);
      expect(sources.filter(([, source]) => source !== 'network' && source !== 'fetch-event')).toEqual([]);
      await formsKept(phone);

      await ctx.setOffline(true);
      // With no network the detail still opens from the worker's cache.
      await phone.reload();
      await expect(state(phone)).toHaveText('服务中');
      const bar = phone.locator('.sk-page:visible [data-testid="order-actionbar"]');
      await bar.getByRole('button', { name: '完成服务' }).click();
      const finish = phone.getByRole('dialog', { name: '完成服务' });
      await expect(finish.getByText('当前离线')).toBeVisible();
      // The order's form, read while online, is there to fill in offline too.
      await expect(finish.getByText('服务信息')).toBeVisible();
      await finish.getByTestId('offline-photo-input').setInputFiles({ name: '现场.png', mimeType: 'image/png', buffer: PHOTO });
      // Compression is on: the photo is kept re-encoded (a JPEG at quality 0.5), not as picked.
      await expect(finish.getByTestId('offline-photo')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
      const pad = finish.getByTestId('signature-pad');
      await pad.scrollIntoViewIfNeeded();
      const box = (await pad.boundingBox()) as { x: number; y: number; width: number; height: number };
      await phone.mouse.move(box.x + 20, box.y + 30);
      await phone.mouse.down();
      for (let i = 1; i <= 10; i++) await phone.mouse.move(box.x + 20 + i * 20, box.y + 30 + (i % 2) * 40);
      await phone.mouse.up();
      await finish.getByRole('textbox', { name: '备注' }).fill('离线完成：已更换滤芯');
      await shot(phone, FLOW, '01-offline-completion');
      await finish.getByRole('button', { name: '保存待同步' }).click();
      await expect(finish).toBeHidden();

      // Queued: 待同步 on the order (no second completion offered) and in 我的工单.
      await expect(phone.getByTestId('order-queued')).toHaveText('待同步');
      await expect(state(phone)).toHaveText('服务中');
      await expect(bar).toBeHidden();
      const queue = phone.locator('.sk-page:visible [data-testid="offline-queue"]');
      await expect(queue).toContainText('当前离线');
      await shot(phone, FLOW, '02-queued-detail');
      await phone.goto('/myOrder?tab=inService').catch(() => {});
      // A navigation offline is answered by the worker's copy of the app.
      const listQueue = phone.locator('.sk-page:visible [data-testid="offline-queue"]');
      await expect(listQueue.getByTestId('offline-item')).toContainText(title);
      await expect(listQueue.getByTestId('offline-item')).toContainText('待同步');
      await shot(phone, FLOW, '03-queued-list');

      // Back online: the queue is sent by itself (the online event) and leaves the list.
      const sent = phone.waitForResponse((r) => r.url().includes('/api/order/serviceComplete') && r.request().method() === 'POST');
      await ctx.setOffline(false);
      expect((await (await sent).json()).success).toBe(true);
      await expect(listQueue).toBeHidden();
      await phone.goto(`/allOrder/orderDetail/${orderId}`);
      await expect(state(phone)).toHaveText('已完成');
      await expect(phone.getByTestId('order-queued')).toBeHidden();
      await shot(phone, FLOW, '04-synced');
      await ctx.close();

      // The dispatcher sees it completed, once, with the photo and the signature.
      const desk = await browser.newContext();
      const page = await desk.newPage();
      await logIn(page, DISPATCHER);
      await page.goto(`/allOrder/orderDetail/${orderId}`);
      await expect(state(page)).toHaveText('已完成');
      await desk.close();
      const dispatcher = await ApiUser.login(baseURL!, DISPATCHER);
      const logs = (await dispatcher.get(`/v2/order/logs?orderId=${orderId}`)).data as { action?: string; actionName?: string; note?: string | null }[];
      const completions = logs.filter((l) => l.action === 'serviceComplete');
      expect(completions).toHaveLength(1);
      const detail = (await dispatcher.get(`/order/orderDetail?orderId=${orderId}`)).data;
      expect(detail.attachments).toHaveLength(1);
      expect(detail.signature).not.toBeNull();
      await dispatcher.dispose();
    } finally {
      await admin.send('POST', '/systemsetting/batchsave', [{ code: 'app_image_compress', value: '0' }]);
      await admin.dispose();
    }
  });

  test('an order cancelled while the engineer was offline: the replay is refused, the item shows why and is given up', async ({ browser, baseURL }) => {
    const title = `离线冲突${String(Date.now()).slice(-6)}`;
    const orderId = await orderInService(baseURL!, title);
    await quietGuide(baseURL!, ENGINEER);
    const ctx = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const phone = await ctx.newPage();
    await logIn(phone, ENGINEER);
    // The worker must be active before the detail opens, or the detail's reads pass it by and are not kept (on a busy
    // machine it was still installing: nothing kept after 10 s).
    await phone.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await phone.goto(`/allOrder/orderDetail/${orderId}`);
    await expect(state(phone)).toHaveText('服务中');
    expect(await phone.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await formsKept(phone);

    await ctx.setOffline(true);
    await phone.locator('.sk-page:visible [data-testid="order-actionbar"]').getByRole('button', { name: '完成服务' }).click();
    const finish = phone.getByRole('dialog', { name: '完成服务' });
    await finish.getByRole('textbox', { name: '备注' }).fill('离线完成');
    await finish.getByRole('button', { name: '保存待同步' }).click();
    await expect(finish).toBeHidden();
    await expect(phone.getByTestId('order-queued')).toHaveText('待同步');

    // Meanwhile the desk cancels the order.
    const dispatcher = await ApiUser.login(baseURL!, DISPATCHER);
    expect((await dispatcher.send('POST', '/order/cancel', { orderId, reason: '客户取消' })).success).toBe(true);
    await dispatcher.dispose();

    const refused = phone.waitForResponse((r) => r.url().includes('/api/order/serviceComplete') && r.request().method() === 'POST');
    await ctx.setOffline(false);
    const answer = await (await refused).json();
    expect(answer.success).toBe(false);
    const item = phone.locator('.sk-page:visible [data-testid="offline-item"]');
    await expect(item).toContainText('同步失败');
    expect(answer.message).toBe('当前工单状态不允许该操作');
    await expect(item).toContainText(answer.message);
    await shot(phone, FLOW, '05-refused');
    await item.getByRole('button', { name: /放\s*弃/ }).click();
    await phone
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: /放\s*弃/ })
      .click();
    await expect(phone.locator('.sk-page:visible [data-testid="offline-queue"]')).toBeHidden();
    await expect(state(phone)).toHaveText('已取消');
    await ctx.close();
  });
});
