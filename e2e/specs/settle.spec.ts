import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { completeOnPhone, phonePage, providerOrderInService } from './provider.support';
import { ADMIN, ApiUser, loginUi, PROVIDER, quietGuide } from './shell.support';

// The provider money loop (docs/settlement.md), every step through the UI as its users take it: the provider's engineer
// completes an order of this test's own at phone width and sees it priced; on the order he claims a transport fee past
// the straight line's tolerance through 申请费用 (distance, amount, a receipt photo); finance approves the claim and decides
// it in 费用审核, records a penalty (奖惩管理) that the administrator approves, makes this month's statement and issues it;
// the provider disputes the line of his order; finance resolves it; the provider confirms; another finance approver (the
// issuer never approves his own) approves, and finance marks it paid.

const FLOW = 'settle';
const FINANCE = '13800000008';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const page$ = (page: Page): Locator => page.locator('.sk-page:visible');
const spaced = (label: string) => new RegExp(`^${[...label].join('\\s*')}$`);

async function as(browser: Browser, baseURL: string, mobile: string): Promise<Page> {
  await quietGuide(baseURL, mobile);
  // The enterprise's zone: 上月 and 本月 are the browser's, and the statements' days the enterprise's.
  const page = await (await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' })).newPage();
  await loginUi(page, mobile);
  return page;
}

async function act(page: Page, label: string): Promise<void> {
  await page$(page).getByRole('button', { name: label }).click();
  // The question reads naturally: 确认无误吗？, not 确定确认无误吗？
  await expect(page.locator('.ant-popconfirm:visible .ant-popconfirm-title')).toHaveText(label === '确认无误' ? '确认无误吗？' : `确定${label}吗？`);
  await page
    .locator('.ant-popconfirm:visible')
    .getByRole('button', { name: spaced('确定') })
    .click();
}

test('the provider money loop: completed at phone width and priced, claimed, checked, issued, disputed, resolved, confirmed, approved, paid', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const url = baseURL as string;
  // The order this flow settles: the test's own, given to the provider and in service for his engineer.
  const order = await providerOrderInService(url, '外包结算：空调不制冷');

  // At phone width the provider's engineer completes it from 服务单: it is priced at once.
  const phone = await phonePage(browser, url, PROVIDER);
  const fee = await completeOnPhone(phone, order, FLOW, ['00a-phone-service-orders', '00b-phone-completed-fee']);
  // On the order he claims a transport fee through 申请费用, far past the straight line, with a receipt photo.
  await fee.getByRole('button', { name: '申请费用' }).click();
  const claimDialog = phone.getByRole('dialog', { name: /申请费用/ });
  await expect(claimDialog.getByRole('radio', { name: '交通费' })).toBeChecked();
  await claimDialog.getByLabel('申请金额（元）').fill('360');
  await claimDialog.getByLabel('申请里程（公里）').fill('300');
  await claimDialog.getByLabel('说明').fill('往返两次');
  await claimDialog.locator('input[type=file]').setInputFiles({ name: '过路费.png', mimeType: 'image/png', buffer: PNG });
  await expect(claimDialog.locator('.ant-upload-list-item-done')).toHaveCount(1);
  await shot(phone, FLOW, '00c-phone-claim-dialog');
  await claimDialog.getByRole('button', { name: spaced('提交') }).click();
  await expect(claimDialog).toBeHidden();
  await expect(phone).toHaveURL(/\/transportation\/fee\/approval\/detail\/\d+$/);
  await expect(page$(phone).getByText('审批中')).toBeVisible();
  await expect(page$(phone).getByText('300.0 公里')).toBeVisible();
  await expect(page$(phone).getByText(order.orderNo)).toBeVisible();
  await expect(page$(phone).getByRole('link', { name: '附件1' })).toHaveAttribute('href', /\/upload\/file\/\d+$/);
  await shot(phone, FLOW, '00d-phone-claim');
  await phone.context().close();

  const fin = await as(browser, url, FINANCE);
  // His home lists what waits for him; 费用审批 opens the list that holds the claim, its menu entry counted.
  await fin.goto('/guideOne');
  await fin.locator('.ant-card', { hasText: '待办事项' }).getByText('费用审批', { exact: true }).click();
  await expect(fin).toHaveURL(/\/transportation\/fee\/approval$/);
  await expect(fin.locator('.ant-menu-item', { hasText: '费用审批' }).locator('.sk-badge')).toBeVisible();
  await expect(page$(fin).locator('tr', { hasText: order.orderNo })).toContainText('审批中');
  // Finance's menu has both pages.
  await fin.goto('/service/fee/standard');
  await expect(page$(fin).getByText('上海地区')).toBeVisible();
  await shot(fin, FLOW, '01-fee-standards');
  // Finance finds the claim in 费用审批 by its order and approves it; 费用审核 then settles its amount with a reason from
  // the dictionary.
  await fin.goto('/transportation/fee/approval');
  await page$(fin).locator('tr', { hasText: order.orderNo }).getByRole('link').first().click();
  await expect(fin).toHaveURL(/\/transportation\/fee\/approval\/detail\/\d+$/);
  await expect(page$(fin).getByText('300.0 公里')).toBeVisible();
  await shot(fin, FLOW, '01a-claim');
  await act(fin, '审批通过');
  await expect(page$(fin).getByText('已通过')).toBeVisible();
  await fin.goto('/CostCheck');
  const row = page$(fin).locator('tr', { hasText: order.orderNo });
  await row.getByRole('button', { name: '审核' }).click();
  const check = fin.getByRole('dialog');
  await check.getByLabel('审核原因').click();
  await fin.locator('.ant-select-item-option', { hasText: '费用超出标准' }).click();
  await shot(fin, FLOW, '01b-cost-check');
  await check.getByRole('button', { name: spaced('提交') }).click();
  await expect(check).toBeHidden();
  await expect(page$(fin).locator('tr', { hasText: order.orderNo })).toHaveCount(0);
  // 奖惩管理: finance records a penalty for the provider; the administrator approves it (nobody approves his own).
  await fin.goto('/commissionOrder/create');
  await page$(fin).getByRole('combobox').first().click();
  await fin.locator('.ant-select-item-option', { hasText: '华东联保服务有限公司' }).click();
  await page$(fin).getByLabel('金额（元）').fill('88');
  await page$(fin).getByLabel('奖惩原因').fill('未按约定时间上门，客户投诉');
  await shot(fin, FLOW, '01c-penalty-create');
  await page$(fin).getByRole('button', { name: '提交审批' }).click();
  await expect(fin).toHaveURL(/\/commissionOrder\/list\?id=\d+/);
  const penaltyId = Number(new URL(fin.url()).searchParams.get('id'));
  await expect(fin.locator('.ant-drawer').getByText('待审批').first()).toBeVisible();
  await shot(fin, FLOW, '01d-penalty-drawer');
  const admin = await ApiUser.login(url, ADMIN);
  const approved = await admin.send('POST', '/rewards/action', { id: penaltyId, action: 'approve' });
  expect(approved.success, approved.message).toBe(true);
  // Both pages at phone width.
  await fin.setViewportSize({ width: 390, height: 844 });
  await fin.goto('/commissionOrder/list');
  await expect(page$(fin).getByText('未按约定时间上门，客户投诉')).toBeVisible();
  await shot(fin, FLOW, '01e-penalty-list-phone');
  await fin.goto('/commissionOrder/create');
  await expect(page$(fin).getByLabel('奖惩原因')).toBeVisible();
  await shot(fin, FLOW, '01f-penalty-create-phone');
  await fin.setViewportSize({ width: 1440, height: 900 });
  await fin.goto('/commissionOrder/list');
  await expect(page$(fin).locator('tr', { hasText: '未按约定时间上门，客户投诉' }).getByText('已通过')).toBeVisible();
  await shot(fin, FLOW, '01g-penalty-list');

  // 外包结算 reminds finance of last month's demo orders on no statement yet; 去结算 opens the create page on that provider,
  // which says what its statement would take.
  await fin.goto('/settleAccounts/list');
  await expect(page$(fin).locator('.ant-alert')).toContainText(/上月有 1 家服务商尚未结算：华东联保服务有限公司，合计 ¥\d+\.\d\d/);
  await shot(fin, FLOW, '01h-settle-reminder');
  await page$(fin).getByRole('button', { name: '去结算' }).click();
  await expect(fin).toHaveURL(/\/settleAccounts\/create\?providerId=\d+$/);
  await expect(page$(fin).locator('.ant-alert-success')).toContainText(/合计 ¥\d+\.\d\d.*工单 30 单/);
  await shot(fin, FLOW, '01i-settle-preview');
  // This month's statement (preset 本月) takes the penalty approved now, the claim and the order completed above.
  await fin.goto('/settleAccounts/create');
  await page$(fin).getByRole('combobox').first().click();
  await fin.locator('.ant-select-item-option', { hasText: '华东联保服务有限公司' }).click();
  await page$(fin).getByPlaceholder('开始日期').click();
  await fin.locator('.ant-picker-dropdown:visible .ant-picker-presets li', { hasText: '本月' }).click();
  await expect(fin.locator('.ant-picker-dropdown:visible')).toHaveCount(0);
  await page$(fin).getByRole('button', { name: '生成结算单' }).click();
  await expect(fin).toHaveURL(/\/settleAccounts\/detail\?id=\d+/);
  const statementUrl = new URL(fin.url()).pathname + new URL(fin.url()).search;
  const statementId = Number(new URL(fin.url()).searchParams.get('id'));
  const lines = await admin.get(`/settleAccounts/lines?id=${statementId}&pageIndex=0&pageSize=100`);
  expect(lines.data.list.filter((l: { kind: number; amountCents: number }) => l.kind === 4).map((l: { amountCents: number }) => l.amountCents)).toContain(
    -8800,
  );
  await admin.dispose();
  await expect(page$(fin).getByText('草稿')).toBeVisible();
  await shot(fin, FLOW, '02-draft');
  await act(fin, '下发给服务商');
  await expect(page$(fin).getByText('已下发')).toBeVisible();

  // The provider opens it from 外包结算 and disputes the line of the order he completed.
  const pro = await as(browser, url, PROVIDER);
  await pro.goto('/settleAccounts/list');
  await page$(pro).getByRole('link', { name: /^JS/ }).first().click();
  await expect(page$(pro).getByText('已下发')).toBeVisible();
  // The order's own line (its transport claim is another line of the same order).
  const line = (page: Page) => page$(page).locator('tr', { hasText: order.orderNo }).filter({ hasText: '工单服务费' });
  await line(pro).getByRole('button', { name: '提出异议' }).click();
  await pro.getByRole('dialog').getByLabel('异议原因').fill('实际上门两次，请按两次计费');
  await pro
    .getByRole('dialog')
    .getByRole('button', { name: spaced('提交') })
    .click();
  await expect(line(pro).getByText('有异议：实际上门两次，请按两次计费')).toBeVisible();
  await shot(pro, FLOW, '03-provider-disputed');

  // Finance resolves it with a new amount.
  await fin.goto(statementUrl);
  await line(fin).getByRole('button', { name: '处理异议' }).click();
  await fin.getByRole('dialog').getByLabel('调整后金额（元）').fill('176.00');
  await fin.getByRole('dialog').getByLabel('处理意见').fill('核实属实，按两次上门计');
  await fin
    .getByRole('dialog')
    .getByRole('button', { name: spaced('提交') })
    .click();
  await expect(line(fin).getByText('已处理：核实属实，按两次上门计')).toBeVisible();
  await expect(line(fin)).toContainText('¥176.00（原 ¥');
  await expect(page$(fin).getByText('已下发')).toBeVisible();
  await shot(fin, FLOW, '04-resolved');

  // The provider confirms; finance approves and pays.
  await pro.reload();
  await act(pro, '确认无误');
  await expect(page$(pro).getByText('已确认')).toBeVisible();
  await fin.reload();
  // The issuer is offered no 审核通过 on his own statement: the page names who decides it, and the administrator approves.
  await expect(page$(fin).getByLabel('审批人')).toContainText('王管理');
  await expect(page$(fin).getByRole('button', { name: '审核通过' })).toHaveCount(0);
  const adm = await as(browser, url, ADMIN);
  await adm.goto(statementUrl);
  await act(adm, '审核通过');
  await expect(page$(adm).getByText('已审核')).toBeVisible();
  await fin.reload();
  await act(fin, '标记已付款');
  await expect(page$(fin).getByText('已付款', { exact: true }).first()).toBeVisible();
  await expect(page$(fin).getByRole('button', { name: '标记已付款' })).toHaveCount(0);
  await shot(fin, FLOW, '05-paid');
});
