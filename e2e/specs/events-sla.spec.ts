import { type Browser, expect, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ApiUser, logIn, quietGuide } from './shell.support';

// The event SLA: the system administrator sets a response clock on an event template (/eventSet/processevent);
// a new event of that template shows the running clock and the at-risk mark on its detail and in my events,
// and the event exceed report opens from the order one. Desktop and phone width.

const FLOW = 'events-sla';
const ADMIN = '13800000003';

async function as(browser: Browser, baseURL: string, mobile: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  await quietGuide(baseURL, mobile);
  const ctx = await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport });
  const page = await ctx.newPage();
  await logIn(page, mobile);
  return page;
}

test('an event template’s response clock runs on a new event and marks it at risk', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const api = await ApiUser.login(baseURL as string, ADMIN);
  const tpl = (await api.get('/v2/eventTemp/list')).data.list[0] as { id: number; name: string };
  // Clocks run only with 启用SLA时效管理 on (off by default).
  expect((await api.send('POST', '/systemsetting/batchsave', [{ code: 'sla_enabled', value: '1' }])).success).toBe(true);
  try {
    const page = await as(browser, baseURL as string, ADMIN);
    await page.goto(`/eventSet/processevent?id=${tpl.id}&templateName=${encodeURIComponent(tpl.name)}`);
    const card = page.getByTestId('event-sla');
    await card.getByRole('checkbox', { name: '响应超时' }).check();
    await card.getByLabel('响应超时时限').fill('1');
    // A warning longer than the target: the clock is at risk from its first minute (no waiting in the test).
    await card.getByLabel('响应超时预警').fill('120');
    await card.getByRole('button', { name: '保存SLA' }).click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await shot(page, FLOW, 'template-sla');

    const title = `门禁失灵${String(Date.now()).slice(-6)}`;
    // The template's required custom fields (问题描述) get a value.
    const fields = (await api.get(`/v2/eventTemp/cusTempField?tmpId=${tpl.id}`)).data.fields as { id: number; required: boolean }[];
    const ext = Object.fromEntries(fields.filter((f) => f.required).map((f) => [String(f.id), '门禁刷卡无反应']));
    const created = await api.send('POST', '/v2/event/add', { title, ext });
    expect(created.success, created.message).toBe(true);
    const id = created.data.id as number;
    await page.goto(`/Myevent/eventDetail/${id}`);
    const clock = page.locator('.sk-page:visible').getByTestId('sla-clock-2');
    await expect(clock).toHaveAttribute('data-mark', 'atRisk');
    await expect(clock).toContainText('响应超时');
    await expect(page.locator('.sk-page:visible').getByTestId('sla-mark')).toHaveText('即将超时');
    await shot(page, FLOW, 'detail');

    await page.goto('/Myevent');
    const row = page.locator('.sk-page:visible tbody tr.ant-table-row').filter({ hasText: title });
    await expect(row.getByTestId('sla-mark')).toHaveText('即将超时');
    await shot(page, FLOW, 'my-events');

    await page.goto('/report/exceedStatistics');
    await page.locator('.sk-page:visible').getByRole('link', { name: '事件超时统计' }).click();
    await expect(page).toHaveURL(/\/report\/eventExceedStatistics$/);
    await expect(page.locator('.sk-page:visible').getByTestId('exceed-count')).toBeVisible();
    await shot(page, FLOW, 'report');

    const phone = await as(browser, baseURL as string, ADMIN, { width: 390, height: 844 });
    await phone.goto(`/Myevent/eventDetail/${id}`);
    await expect(phone.locator('.sk-page:visible').getByTestId('sla-clock-2')).toHaveAttribute('data-mark', 'atRisk');
    await shot(phone, FLOW, 'detail-phone');
    await phone.goto(`/eventSet/processevent?id=${tpl.id}&templateName=${encodeURIComponent(tpl.name)}`);
    await expect(phone.getByTestId('event-sla').getByRole('checkbox', { name: '响应超时' })).toBeChecked();
    await shot(phone, FLOW, 'template-sla-phone');
  } finally {
    // Other specs use this template: leave it without clocks.
    await api.send('PUT', '/v2/eventTemp/sla', { tmpId: tpl.id, business: false, clocks: [] });
    await api.send('POST', '/systemsetting/batchsave', [{ code: 'sla_enabled', value: '0' }]);
    await api.dispose();
  }
});
