import { expect, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { logInAt, quietGuide } from './shell.support';

// 运营报表 as the management director (13800000010): the report by state on the creation axis, switched to
// the completion axis; a click on the first bar opens /allOrder on the bar's filters with the same total; the query is
// saved and added to his 8:30 digest. Screenshots at desktop and phone width.

const FLOW = 'reports';
const DIRECTOR = '13800000010';
const page$ = (page: Page) => page.locator('.sk-page:visible');

/**
 * Clicks the chart's first bar: the centre of the first category band, just above the x axis (the grid starts 48 px
 * from the left and ends 64 px above the bottom, and a non-zero bar is at least 3 px tall: ReportChart). The box is
 * measured again on each try, so a chart re-laid out between the measure and the click is clicked where it is now.
 */
async function clickFirstBar(page: Page, bars: number): Promise<void> {
  expect(bars, 'the report has at least one bar').toBeGreaterThan(0);
  const chart = page$(page).getByTestId('operate-chart');
  // ECharts is a lazy chunk: wait for its canvas before measuring.
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(async () => {
    if (/\/allOrder\?/.test(page.url())) return;
    await chart.scrollIntoViewIfNeeded({ timeout: 5_000 });
    const box = await chart.boundingBox();
    if (!box) throw new Error('no chart');
    const band = (box.width - 48 - 16) / bars;
    await chart.click({ position: { x: 48 + band / 2, y: box.height - 64 - 1 }, timeout: 5_000 });
    await expect(page).toHaveURL(/\/allOrder\?.*startFinishTime=/, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/allOrder\?.*startFinishTime=/);
}

test('the director reads 运营报表 by completion, opens a bar’s orders, saves the query into his digest', async ({ page, baseURL }) => {
  await quietGuide(baseURL!, DIRECTOR);
  await logInAt(page, DIRECTOR, '/operate/report');
  const card = page$(page);
  await expect(card.getByText('工单量与状态').first()).toBeVisible();
  // The figures are read from the completion axis's own answer, never from the table the click is replacing.
  const completed = page.waitForResponse((r) => r.url().includes('/api/operate/report/run') && r.url().includes('axis=completed'));
  await card.getByText('按完成时间').click();
  const answer = (await (await completed).json()) as { data: { rows: { name: string; values: Record<string, number> }[] } };
  const bars = answer.data.rows.length;
  const rows = card.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(bars + 1);
  await expect(rows.first()).toContainText(answer.data.rows[0]!.name);
  await expect(rows.last()).toContainText('合计');
  const figure = Number(((await rows.first().locator('td').nth(1).textContent()) ?? '').trim());
  expect(figure).toBeGreaterThan(0);
  await shot(page, FLOW, 'operate-report-desktop');

  await clickFirstBar(page, bars);
  await expect(page$(page).getByText(`共 ${figure} 条`)).toBeVisible();
  await shot(page, FLOW, 'drill-all-order');

  await page.goBack();
  await expect(page).toHaveURL(/\/operate\/report\?.*axis=completed/);
  await page$(page).getByRole('button', { name: '保存查询' }).click();
  const dialog = page.getByRole('dialog', { name: '保存查询' });
  await dialog.getByLabel('查询名称').fill('本月完成工单');
  await dialog.getByText('加入我的日报（每天8:30的统计日报）').click();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();
  await expect(page$(page).getByRole('button', { name: '移出我的日报' })).toBeVisible();
  const saved = await page.request.get('/api/operate/report/queries?pageIndex=0&pageSize=10');
  const body = (await saved.json()) as { data: { list: { name: string; inDigest: boolean; params: { axis: string } }[] } };
  expect(body.data.list.find((q) => q.name === '本月完成工单')).toMatchObject({ inDigest: true, params: { axis: 'completed' } });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page$(page).getByTestId('operate-chart')).toBeVisible();
  await shot(page, FLOW, 'operate-report-phone');
});
