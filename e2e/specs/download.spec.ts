import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, logInAt, quietGuide } from './shell.support';

// Exporting the user list from the organisation page: the header's download centre shows the finished file, which downloads.

const FLOW = 'download';

interface DownloadItem {
  id: number;
  name: string;
  process_state: number;
  process: number;
  file_download_url: string | null;
}

async function downloads(page: Page): Promise<DownloadItem[]> {
  const body = await (await page.request.get('/api/fileDownloadCenter/list?pageIndex=0&pageSize=20')).json();
  return body.data.list as DownloadItem[];
}

test('export the user list and download it from the download centre', async ({ page, baseURL }) => {
  const fileName = `人员导出${String(Date.now()).slice(-6)}`;
  await quietGuide(baseURL!, ADMIN);
  await logInAt(page, ADMIN, '/organizationalStructure');
  const list = page.locator('.sk-list-page:visible').first();
  await expect(list.locator('.ant-table-row').first()).toBeVisible();

  await list.getByRole('button', { name: /导\s*出/ }).click();
  const dialog = page.getByRole('dialog', { name: '导出数据' });
  await expect(dialog.getByLabel('文件名')).toHaveValue(/^人员列表\d{4}-\d{2}-\d{2}$/);
  await dialog.getByLabel('文件名').fill(fileName);
  await shot(page, FLOW, '01-export-dialog');
  await dialog.getByRole('button', { name: /导\s*出/ }).click();
  await expect(page.getByText('导出任务已创建，请到下载中心查看')).toBeVisible();

  // the export job finishes on the server: progress 100, state 2 (done)
  await expect.poll(async () => (await downloads(page)).find((d) => d.name === fileName)?.process_state, { timeout: 30_000 }).toBe(2);
  const item = (await downloads(page)).find((d) => d.name === fileName)!;
  expect(item.process).toBe(100);

  await page.getByRole('button', { name: '下载中心' }).click();
  const row = page.locator('.sk-download-item').filter({ hasText: fileName });
  await expect(row).toHaveAttribute('data-state', '2');
  await expect(row.getByText('已完成')).toBeVisible();
  await shot(page, FLOW, '02-download-centre-done');

  // 下载 follows the file's address from this page; the browser receives an xlsx attachment
  const downloaded = page.waitForEvent('download');
  await row.getByRole('button', { name: '下载' }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toBe(`${fileName}.xlsx`);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 2).toString()).toBe('PK'); // a zip container, as every xlsx is
  expect(bytes.length).toBeGreaterThan(1000);
});

test('on a phone the download centre opens whole on the screen', async ({ browser, baseURL }) => {
  await quietGuide(baseURL!, ADMIN);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await logInAt(page, ADMIN, '/organizationalStructure');
  await page.getByRole('button', { name: '下载中心' }).click();
  const box = page.locator('.ant-popover:visible .sk-download-center');
  await expect(box).toBeVisible();
  // it was cut off on the left: placed by its right edge under the button, which sits left of the list's width
  await expect.poll(async () => (await box.boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
  const b = (await box.boundingBox())!;
  expect(b.x + b.width).toBeLessThanOrEqual(390);
  await shot(page, FLOW, '03-phone');
});
