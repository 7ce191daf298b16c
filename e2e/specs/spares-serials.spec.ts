import { expect, type Locator, type Page } from '@playwright/test';
import { pickSearched, shot, test } from './helpers';
import { ADMIN, ApiUser, logInAt, quietGuide } from './shell.support';

// Serial-tracked spares, one unit at a time. A stock count: the warehouse keeper's count sheet starts with the serials
// recorded in the warehouse, one is not found and a new one is scanned; the approval page shows what goes missing (盘亏)
// and what comes in (盘盈); approving makes the warehouse's units the serials found. An outbound order: the keeper picks
// the serials to ship from those in the shipping warehouse.

const FLOW = 'spares-serials';
const KEEPER = '13800000009';
const PHONE = { width: 390, height: 844 };

const page$ = (page: Page): Locator => page.locator('.sk-page:visible');
const spaced = (label: string) => new RegExp(`^${[...label].join('\\s*')}$`);

test('a count of a serial-tracked spare counts its serials; the approver sees which go missing and which come in', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const t = String(Date.now()).slice(-6);
  await quietGuide(baseURL!, KEEPER);
  const api = await ApiUser.login(baseURL!, KEEPER);
  const spare = (await api.get(`/spare/options?keyword=${encodeURIComponent('压缩')}`)).data[0];
  const wh = (await api.get(`/spare/warehouse/options?keyword=${encodeURIComponent('中心')}`)).data[0];
  const unitsHere = async () =>
    ((await api.get(`/spare/unit/options?warehouseId=${wh.id}&spareId=${spare.id}`)).data.units as { serial: string }[]).map((u) => u.serial);
  const before = await unitsHere();
  expect(before.length).toBeGreaterThan(1);
  const lost = before[0] as string;

  const page = await browser.newPage();
  await logInAt(page, KEEPER, '/stockTaking');
  await page$(page)
    .getByRole('button', { name: /新建盘点单/ })
    .click();
  const form = page.getByRole('dialog', { name: '新建盘点单' });
  await pickSearched(page, form.getByLabel('盘点仓库'), '中心', '总部中心仓');
  await pickSearched(page, form.getByLabel('第1行备件'), '压缩', '压缩机');
  // The line starts with the serials recorded there; the quantity follows the serials.
  await expect(form).toContainText(`账面${before.length}件，盘到${before.length}件`);
  await form.locator('.ant-select-selection-item', { hasText: lost }).locator('.ant-select-selection-item-remove').click();
  const found = form.getByLabel('第1行盘到的序列号');
  await found.fill(`CNT${t}`);
  await found.press('Enter');
  await expect(form).toContainText(`账面${before.length}件，盘到${before.length}件`);
  await expect(form.getByLabel('第1行数量')).toHaveValue(String(before.length));
  await shot(page, FLOW, '1-count-sheet');
  await page.setViewportSize(PHONE);
  await shot(page, FLOW, '1-count-sheet-phone');
  await page.setViewportSize({ width: 1440, height: 900 });
  await form.getByRole('button', { name: spaced('提交审批') }).click();
  await expect(form).toBeHidden();

  const row = page$(page)
    .getByRole('row')
    .filter({ hasText: `压缩机×${before.length}` })
    .filter({ hasText: '待审批' })
    .first();
  // His own document offers 查看, not 审批.
  await row.getByRole('link', { name: '查看' }).click();
  await expect(page).toHaveURL(/\/spareExamine\?id=\d+&kind=5/);
  // The menu keeps the list the document was opened from.
  await expect(page.locator('.sk-sider .ant-menu-item-selected')).toHaveText('库存盘点');
  await expect(page$(page).getByText(`盘亏：${lost}`)).toBeVisible();
  await expect(page$(page).getByText(`盘盈：CNT${t}`)).toBeVisible();
  await shot(page, FLOW, '2-count-examine');
  await page.setViewportSize(PHONE);
  await shot(page, FLOW, '2-count-examine-phone');
  await page.setViewportSize({ width: 1440, height: 900 });
  // The keeper filed it: he may withdraw it but not approve it; an administrator approves it.
  await expect(page$(page).getByRole('button', { name: spaced('撤回') })).toBeVisible();
  await expect(page$(page).getByRole('button', { name: spaced('审批通过') })).toHaveCount(0);
  await quietGuide(baseURL!, ADMIN);
  const admin = await browser.newPage();
  await logInAt(admin, ADMIN, new URL(page.url()).pathname + new URL(page.url()).search);
  await page$(admin)
    .getByRole('button', { name: spaced('审批通过') })
    .click();
  await expect(page$(admin).getByTestId('doc-state')).toHaveText('已通过');

  const after = await unitsHere();
  expect(after.sort()).toEqual([...before.filter((s) => s !== lost), `CNT${t}`].sort());
  await api.dispose();
});

test('the approval page of a requisition shows what is available beside what is on hand', async ({ browser, baseURL }) => {
  await quietGuide(baseURL!, KEEPER);
  const api = await ApiUser.login(baseURL!, KEEPER);
  const spare = (await api.get(`/spare/options?keyword=${encodeURIComponent('电源线')}`)).data[0];
  const wh = (await api.get(`/spare/warehouse/options?keyword=${encodeURIComponent('中心')}`)).data[0];
  // Filed by the administrator: the keeper approves it (nobody approves what he filed).
  const filer = await ApiUser.login(baseURL!, ADMIN);
  const doc = await filer.send('POST', '/spare/doc/save', { kind: 7, fromWarehouseId: wh.id, items: [{ spareId: spare.id, quantity: 3 }], remark: '出库核对' });
  expect(doc.success, doc.message).toBe(true);
  await Promise.all([api.dispose(), filer.dispose()]);
  const page = await browser.newPage();
  await logInAt(page, KEEPER, `/spareExamine?id=${doc.data.id}`);
  await expect(page$(page).getByRole('columnheader', { name: '可用' })).toBeVisible();
  await expect(page$(page).getByText(/^审批后剩\d+$/)).toBeVisible();
  // Beside the approve button too, where a phone shows it without scrolling the table.
  await expect(page$(page).getByTestId('doc-availability')).toContainText(/电源线：现有\d+，其他单据预留\d+，可用\d+，审批后剩\d+/);
  await shot(page, FLOW, '3-outbound-examine');
  await page.setViewportSize(PHONE);
  await shot(page, FLOW, '3-outbound-examine-phone');
});

test('an outbound order of a serial-tracked spare ships the serials the keeper picks from the shipping warehouse', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const t = String(Date.now()).slice(-6);
  await quietGuide(baseURL!, KEEPER);
  const admin = await ApiUser.login(baseURL!, ADMIN);
  const keeper = await ApiUser.login(baseURL!, KEEPER);
  const spare = (await admin.get(`/spare/options?keyword=${encodeURIComponent('主控板')}`)).data[0];
  const wh = (await admin.get(`/spare/warehouse/options?keyword=${encodeURIComponent('中心')}`)).data[0];
  const applied = await admin.send('POST', '/spare/goods/apply', { address: `上海市浦东新区${t}号`, items: [{ spareId: spare.id, quantity: 2 }] });
  expect(applied.success, applied.message).toBe(true);
  const id = applied.data.id as number;
  const approved = await keeper.send('POST', '/spare/goods/step', { id, action: 'approve', warehouseId: wh.id });
  expect(approved.success, approved.message).toBe(true);
  const free = ((await keeper.get(`/spare/unit/options?warehouseId=${wh.id}&spareId=${spare.id}`)).data.units as { serial: string; held: boolean }[])
    .filter((u) => !u.held)
    .map((u) => u.serial);
  const chosen = free.slice(-2);

  const page = await browser.newPage();
  await logInAt(page, KEEPER, `/outboundOrderDetail?id=${id}`);
  await expect(page$(page).getByTestId('goods-state')).toHaveText('待发货');
  await page$(page)
    .getByRole('button', { name: spaced('发货') })
    .click();
  const ship = page.getByRole('dialog', { name: '发货' });
  await ship.getByLabel('物流公司').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
  await ship.getByLabel('物流单号').fill(`SF${t}`);
  const serials = ship.getByLabel('主控板的序列号');
  for (const s of chosen) {
    await serials.click();
    await serials.fill(s);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: s }).first().click();
  }
  const picked = serials
    .locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]')
    .locator('.ant-select-selection-item');
  await expect(picked).toHaveCount(chosen.length);
  // Close the options (they cover the dialog's buttons).
  await ship.locator('.ant-modal-title').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await shot(page, FLOW, '4-outbound-ship');
  await ship.getByRole('button', { name: /保\s*存|确\s*定/ }).click();
  await expect(page$(page).getByTestId('goods-state')).toHaveText('运输中');
  await expect(page$(page).getByRole('row').filter({ hasText: '主控板' })).toContainText(chosen.join('、'));
  await shot(page, FLOW, '5-outbound-shipped');
  const left = ((await keeper.get(`/spare/unit/options?warehouseId=${wh.id}&spareId=${spare.id}`)).data.units as { serial: string }[]).map((u) => u.serial);
  for (const s of chosen) expect(left).not.toContain(s);
  await Promise.all([admin.dispose(), keeper.dispose()]);
});
