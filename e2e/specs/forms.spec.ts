import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, shot, test } from './helpers';

// The form engine's designer: an administrator builds an order type's custom fields, reorders them,
// deletes one and restores it from the recycle bin, and previews the form.

const FLOW = 'forms';
const ADMIN = '13800000003';
const TYPE_NAME = '设备安装E2E';

async function login(page: Page, mobile = ADMIN): Promise<string> {
  const res = await page.request.post('/api/stand/pwdLogin', { data: { mobile, password: DEMO_PASSWORD } });
  expect((await res.json()).success).toBe(true);
  const me = await (await page.request.get('/api/v2/sessionUser/info')).json();
  await page.request.post('/api/schema/finishNoviceGuide', { headers: { 'X-CSRF-Token': me.data.csrfToken } });
  return me.data.csrfToken as string;
}

const canvas = (page: Page) => page.getByTestId('field-canvas');
const canvasNames = (page: Page) =>
  canvas(page)
    .getByTestId('canvas-field')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));
const props = (page: Page) => page.getByTestId('field-properties');

/** Adds a field of a type from the palette and names it. */
async function addField(page: Page, type: string, name: string): Promise<void> {
  await page.getByTestId('field-palette').getByRole('button', { name: type, exact: true }).click();
  await props(page).getByLabel('字段名称').fill(name);
  await expect(canvas(page).getByRole('option', { name })).toBeVisible();
}

async function save(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /保\s*存/ })
    .first()
    .click();
  await expect(page.getByText('保存成功').first()).toBeVisible();
  await expect(page.getByText('有未保存的修改')).toHaveCount(0);
}

async function pickOption(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

test.describe('form designer', () => {
  test('builds an order type: required number, formula, conditional field, reorder, delete and restore, preview', async ({ page }) => {
    const csrf = await login(page);

    // order settings: create the order type
    await page.goto('/templateCenter');
    await page.getByRole('button', { name: '新建工单类型' }).click();
    await page.getByRole('dialog').getByLabel('工单类型名称').fill('设备安装');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await page.locator('tr').filter({ hasText: '设备安装' }).getByRole('button', { name: '重命名' }).click();
    await page.getByRole('dialog').getByLabel('工单类型名称').fill(TYPE_NAME);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    const row = page.locator('tr').filter({ hasText: TYPE_NAME });
    await expect(row).toBeVisible();
    // move it first, switch it off and on again
    const typeNames = () => page.locator('tbody tr.ant-table-row td:nth-child(2)').allInnerTexts();
    await row.getByRole('button', { name: '上移' }).click();
    await expect.poll(async () => (await typeNames())[0]).toContain(TYPE_NAME);
    await row.getByRole('switch', { name: `${TYPE_NAME}状态` }).click();
    await expect(page.getByText('修改状态成功')).toBeVisible();
    await expect(row.getByRole('switch')).not.toBeChecked();
    await row.getByRole('switch', { name: `${TYPE_NAME}状态` }).click();
    await expect(row.getByRole('switch')).toBeChecked();
    await shot(page, FLOW, '01-order-types');

    await row.getByRole('button', { name: '自定义字段' }).click();
    await expect(page).toHaveURL(/customFormbeta\?tmpId=\d+&type=1/);
    const tmpId = Number(new URL(page.url()).searchParams.get('tmpId'));
    await expect(page.getByTestId('form-designer')).toBeVisible();

    // a required number and a radio to control the conditional field
    await addField(page, '数字', '数量');
    await props(page).getByLabel('是否必填').click();
    await addField(page, '单选', '安装方式');
    await props(page).getByLabel('选项').fill('上门\n寄修');
    await save(page);

    // a formula over the number, and a field shown only for 上门
    await addField(page, '计算公式', '预估费用');
    await props(page).getByRole('button', { name: '数量', exact: true }).click();
    await props(page).getByLabel('计算公式').pressSequentially(' * 50');
    await expect(props(page).getByLabel('计算公式')).toHaveValue('{数量} * 50');
    await addField(page, '多行文本', '上门说明');
    await pickOption(page, props(page).getByLabel('条件字段'), '安装方式');
    await pickOption(page, props(page).getByLabel('条件取值'), '上门');
    await page.keyboard.press('Escape');
    await props(page).getByLabel('字段名称').click(); // closes the value list
    await shot(page, FLOW, '02-designer-fields');
    await save(page);
    expect(await canvasNames(page)).toEqual(['数量', '安装方式', '预估费用', '上门说明']);

    // drag the formula to the top
    await canvas(page)
      .getByRole('option', { name: '预估费用' })
      .dragTo(canvas(page).getByRole('option', { name: '数量' }), { steps: 12 });
    await expect.poll(() => canvasNames(page)).toEqual(['预估费用', '数量', '安装方式', '上门说明']);
    await save(page);
    await shot(page, FLOW, '03-reordered');

    // delete the conditional field: it goes to the recycle bin on save
    await canvas(page).getByRole('button', { name: '删除上门说明' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await save(page);
    expect(await canvasNames(page)).toEqual(['预估费用', '数量', '安装方式']);
    await page.getByRole('button', { name: /回收站/ }).click();
    const bin = page.getByTestId('recycle-bin');
    await expect(bin.getByRole('cell', { name: '上门说明', exact: true })).toBeVisible();
    await shot(page, FLOW, '04-recycle-bin');
    await bin.getByRole('button', { name: '恢复上门说明' }).click();
    await expect(page.getByText('恢复成功')).toBeVisible();
    await expect(bin.getByRole('cell', { name: '上门说明', exact: true })).toHaveCount(0);
    await page.locator('.ant-drawer-close').click();
    await expect.poll(() => canvasNames(page)).toEqual(['预估费用', '数量', '安装方式', '上门说明']);

    // the preview: required mark, live formula, the condition
    await page.getByRole('button', { name: /预\s*览/ }).click();
    const preview = page.getByRole('dialog', { name: /预览/ });
    const form = preview.getByTestId('form-renderer');
    await expect(form.getByText('上门说明')).toHaveCount(0);
    await preview.getByRole('button', { name: /校\s*验/ }).click();
    await expect(form.getByText('客户：不能为空')).toBeVisible(); // the order's fixed fields come first
    await form.getByLabel('标题').fill('空调安装');
    await form.getByLabel('客户').fill('1');
    await preview.getByRole('button', { name: /校\s*验/ }).click();
    await expect(form.getByText('数量：不能为空')).toBeVisible();
    await shot(page, FLOW, '05-preview-required');
    await form.getByLabel('数量').fill('4');
    await expect(form.getByLabel('预估费用')).toHaveValue('200');
    await form.getByLabel('上门').check();
    await expect(form.getByText('上门说明')).toBeVisible();
    await preview.getByRole('button', { name: /校\s*验/ }).click();
    await expect(page.getByText('校验通过')).toBeVisible();
    await shot(page, FLOW, '06-preview-filled');
    await preview.getByRole('button', { name: '关 闭' }).click();

    // what the server now holds: order, formula by id, condition, a new version per save
    const info = await (await page.request.get(`/api/detailcontrol/forminfo?type=1&tmpId=${tmpId}`)).json();
    type Field = { id: number; name: string; sort: number; formula?: string; condition?: unknown; required?: boolean };
    const fields = [...(info.data.fields as Field[])].sort((a, b) => a.sort - b.sort);
    expect(fields.map((f) => f.name)).toEqual(['预估费用', '数量', '安装方式', '上门说明']);
    const byName = Object.fromEntries(fields.map((f) => [f.name, f])) as Record<string, Field>;
    expect(byName.预估费用?.formula).toBe(`{${byName.数量?.id}} * 50`);
    expect(byName.上门说明?.condition).toEqual({ field: String(byName.安装方式?.id), values: ['上门'] });
    expect(byName.数量?.required).toBe(true);
    expect(info.data.version).toBeGreaterThanOrEqual(5);

    // the template view shows it read-only
    await page.goto('/templateView');
    await page.getByRole('cell', { name: TYPE_NAME }).click();
    await expect(page.getByRole('cell', { name: '上门说明' })).toBeVisible();
    await shot(page, FLOW, '07-template-view');
    expect(csrf).toBeTruthy();

    // the other form kinds: /customForm per kind, and the event template's variant page
    await page.goto('/customForm?type=2');
    await expect(page.getByText('固定字段：客户（必填）、联系人（必填）、电话（必填）、服务地址')).toBeVisible();
    await shot(page, FLOW, '08-custom-form-customer');
    await page.goto('/eventSet/processevent/customForm');
    await expect(canvas(page).getByRole('option', { name: '问题描述' })).toBeVisible();
    await expect(page.getByText('事件 · 标准事件')).toBeVisible();
  });
});

// Saved search plans on a list: saved with the current filters, made the default, found after a reload.
test.describe('saved search plans', () => {
  const LIST = '/widgetDemo/plans';
  const PLAN = '派单员方案';
  const table = (page: Page) => page.locator('.sk-list-page:visible .ant-table').first();
  const roleCells = (page: Page) => table(page).locator('tbody tr.ant-table-row td:nth-child(5)').allInnerTexts();

  test.afterEach(async ({ page }) => {
    // leave the demo user without plans on this page for other flows
    const me = await (await page.request.get('/api/v2/sessionUser/info')).json();
    const plans = await (await page.request.get(`/api/search/plan/list?pageKey=${encodeURIComponent(LIST)}`)).json();
    for (const p of plans.data ?? [])
      await page.request.delete('/api/search/plan/delete', { data: { id: p.id }, headers: { 'X-CSRF-Token': me.data.csrfToken } });
  });

  test('saves the current filters as the default plan and finds it after a reload', async ({ page }) => {
    await login(page);
    await page.goto(LIST);
    await expect(table(page).locator('.ant-table-row').first()).toBeVisible();
    const list = page.locator('.sk-list-page:visible');

    await list.getByRole('button', { name: /筛\s*选/ }).click();
    await pickOption(page, list.getByTestId('filter-panel').locator('.ant-select').first(), '派单员');
    await list.getByRole('button', { name: /查\s*找/ }).click();
    await expect.poll(async () => (await roleCells(page)).every((r) => r.includes('派单员'))).toBe(true);
    const filtered = (await roleCells(page)).length;
    expect(filtered).toBeGreaterThan(0);

    await list.getByRole('button', { name: '搜索方案' }).click();
    await page.getByTestId('search-plans').getByRole('button', { name: '保存当前筛选为方案' }).click();
    const dialog = page.getByRole('dialog', { name: '保存搜索方案' });
    await dialog.getByLabel('方案名称').fill(PLAN);
    await dialog.getByText('设为默认方案').click();
    await shot(page, `${FLOW}-plans`, '01-save-plan');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('保存成功')).toBeVisible();
    await expect(list.getByTestId('active-plan')).toContainText(PLAN);

    // after a reload the default plan filters the list at once
    await page.reload();
    await expect(page.locator('.sk-list-page:visible').getByTestId('active-plan')).toContainText(PLAN);
    await expect.poll(async () => (await roleCells(page)).length).toBe(filtered);
    expect((await roleCells(page)).every((r) => r.includes('派单员'))).toBe(true);
    await expect(table(page).getByRole('cell', { name: '王管理' })).toHaveCount(0);
    await shot(page, `${FLOW}-plans`, '02-after-reload');

    // 重置 leaves the plan; applying it from the menu brings it back
    await page
      .locator('.sk-list-page:visible')
      .getByRole('button', { name: /重\s*置/ })
      .click();
    // Unfiltered again: people of other roles are back.
    await expect.poll(async () => (await roleCells(page)).some((r) => !r.includes('派单员'))).toBe(true);
    await expect(page.locator('.sk-list-page:visible .ant-spin-spinning')).toHaveCount(0);
    const plansButton = page.locator('.sk-list-page:visible').getByRole('button', { name: '搜索方案' });
    const menu = page.getByTestId('search-plans');
    await plansButton.click();
    await expect(menu.getByRole('button', { name: `取消默认${PLAN}` })).toBeVisible();
    await shot(page, `${FLOW}-plans`, '03-plan-menu');
    // A list still settling after 重置 can close the menu (seen once in CI): open it again before picking the plan.
    await expect(async () => {
      if (!(await menu.isVisible())) await plansButton.click();
      await menu.getByRole('button', { name: PLAN, exact: true }).click({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect.poll(async () => (await roleCells(page)).length).toBe(filtered);
  });
});
