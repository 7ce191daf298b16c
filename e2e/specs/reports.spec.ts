import { expect, type Page, test } from '@playwright/test';
import { shot } from './helpers';
import { logInAt, quietGuide } from './shell.support';

// 运营报表 as the management director (13800000010): the report by state on the creation axis, switched to
// the completion axis; a click on the first bar opens /allOrder on the bar's filters with the same total; the query is
// saved and added to his 8:30 digest. Screenshots at desktop and phone width.

const FLOW = 'reports';
const DIRECTOR = '13800000010';
const page$ = (page: Page) => page.locator('.sk-page:visible');

/** Clicks the chart's first bar (the grid starts 48 px from the left and ends 64 px above the bottom, ReportChart). */
async function clickFirstBar(page: Page, bars: number): Promise<void> {
  const chart = page$(page).getByTestId('operate-chart');
  // ECharts is a lazy chunk: wait for its canvas before measuring, and bring the chart into view.
  await expect(chart.locator('canvas')).toBeVisible();
  await chart.scrollIntoViewIfNeeded();
  const box = await chart.boundingBox();
  if (!box) throw new Error('no chart');
  const width = (box.width - 48 - 16) / bars;
  await chart.click({ position: { x: 48 + width / 2, y: box.height - 64 - 2 } });
}

test('the director reads 运营报表 by completion, opens a bar’s orders, saves the query into his digest', async ({ page, baseURL }) => {
  await quietGuide(baseURL!, DIRECTOR);
  await logInAt(page, DIRECTOR, '/operate/report');
  const card = page$(page);
  await expect(card.getByText('工单量与状态').first()).toBeVisible();
  await card.getByText('按完成时间').click();
  const rows = card.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.last()).toContainText('合计');
  const figure = Number(((await rows.first().locator('td').nth(1).textContent()) ?? '').trim());
  expect(figure).toBeGreaterThan(0);
  const bars = (await rows.count()) - 1;
  await shot(page, FLOW, 'operate-report-desktop');

  await clickFirstBar(page, bars);
  await expect(page).toHaveURL(/\/allOrder\?.*startFinishTime=/);
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
