import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { shot } from './helpers';
import { loginUi, quietGuide } from './shell.support';

// Issue 15: an administrator builds a template with two stages and an approval task, creates a project from it for a
// customer; the principal finishes the tasks, the approver approves, the progress reaches 100% and the project completes;
// then the list is filtered, exported and batch-deleted. Desktop and phone width.

const FLOW = 'projects';
const ADMIN = '13800000003';
const SERVICE = '13800000002';
const CUSTOMER = '苏州吴中湖畔花园业主委员会';
const PHONE = { width: 390, height: 844 };

const page$ = (page: Page): Locator => page.locator('.sk-page:visible');
const listOf = (page: Page): Locator => page.locator('.sk-list-page:visible').first();
const rowOf = (scope: Locator, text: string): Locator => scope.locator('tbody tr.ant-table-row').filter({ hasText: text });
const dialog = (page: Page, name: string | RegExp): Locator => page.getByRole('dialog', { name });
const btn = (label: string) => new RegExp(`^${[...label].join('\\s?')}$`);

async function as(browser: Browser, baseURL: string, mobile: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  await quietGuide(baseURL, mobile);
  const ctx = await browser.newContext({ baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport });
  const page = await ctx.newPage();
  await loginUi(page, mobile);
  return page;
}

async function pickPerson(page: Page, scope: Locator, button: string, mobile: string): Promise<void> {
  await scope.getByRole('button', { name: button }).click();
  const picker = dialog(page, '选择人员');
  const box = picker.getByLabel('姓名或手机号');
  await box.fill(mobile);
  await box.press('Enter');
  await expect(picker.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await picker.locator('tbody tr.ant-table-row').first().click();
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await expect(picker).toBeHidden();
}

async function addTask(page: Page, stage: string, name: string, approval: boolean): Promise<void> {
  await page$(page).getByTestId(`stage-${stage}`).getByRole('button', { name: '添加任务' }).click();
  const d = dialog(page, '添加任务');
  await d.getByLabel('任务名称').fill(name);
  await pickPerson(page, d, '选择负责人', SERVICE);
  if (approval) {
    await d.getByLabel('完成需审批').click();
    await pickPerson(page, d, '选择审批人', ADMIN);
  }
  await d.getByRole('button', { name: btn('保存') }).click();
  await expect(d).toBeHidden();
  await expect(page$(page).getByText(name)).toBeVisible();
}

test('a template with an approval task becomes a project that its people finish and approve to completion', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-6);
  const tmplName = `电梯安装${stamp}`;
  const projectName = `湖畔花园电梯改造${stamp}`;

  // 1. the administrator builds the template: two stages, a task in each, the second needing approval
  const admin = await as(browser, baseURL!, ADMIN);
  await admin.goto('/projectSet');
  await page$(admin).getByRole('button', { name: /新\s?建/ }).click();
  await page$(admin).getByLabel('模板名称').fill(tmplName);
  await page$(admin).getByLabel('阶段1').fill('现场勘察');
  await page$(admin).getByLabel('阶段2').fill('安装验收');
  await page$(admin).getByRole('button', { name: '保存模板' }).click();
  await expect(admin.getByText('保存成功').first()).toBeVisible();
  await expect(page$(admin).getByText(`编辑模板：${tmplName}`)).toBeVisible();
  await addTask(admin, '现场勘察', '勘察井道', false);
  await addTask(admin, '安装验收', '竣工验收', true);
  await shot(admin, FLOW, '01-template');

  // 2. a project from it for a customer
  await admin.goto('/newproject');
  await page$(admin).getByLabel('项目名称').fill(projectName);
  await page$(admin).getByLabel('项目模板').click();
  await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: tmplName }).click();
  await page$(admin).getByLabel('客户').fill('湖畔花园');
  await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: CUSTOMER }).first().click();
  await shot(admin, FLOW, '02-new-project');
  await page$(admin).getByRole('button', { name: btn('保存') }).click();
  await expect(admin).toHaveURL(/\/allproject\/projectdetails\/\d+$/);
  const detailUrl = new URL(admin.url()).pathname;
  await expect(page$(admin).getByText(CUSTOMER)).toBeVisible();
  await expect(page$(admin).getByTestId('task-勘察井道')).toBeVisible();
  // the manager adds a collaborator from the task's card
  const people = page$(admin).getByTestId('task-people-勘察井道');
  await pickPerson(admin, people, '选择协作人', ADMIN);
  await expect(people.locator('.ant-tag').filter({ hasText: '王管理' })).toBeVisible();
  await shot(admin, FLOW, '03-detail-board');

  // 3. the principal finishes both tasks; the second goes to approval
  const service = await as(browser, baseURL!, SERVICE);
  await service.goto(detailUrl);
  await page$(service).getByTestId('task-勘察井道').getByRole('button', { name: '完成任务' }).click();
  await expect(page$(service).getByTestId('task-勘察井道').getByText('已完成')).toBeVisible();
  await page$(service).getByTestId('task-竣工验收').getByRole('button', { name: '完成任务' }).click();
  await expect(page$(service).getByTestId('task-竣工验收').getByText('审批中')).toBeVisible();
  await expect(page$(service).getByTestId('project-progress')).toContainText('50%');
  await shot(service, FLOW, '04-principal-finished');

  // 4. the approver approves on the progress-approval page; the project completes at 100%
  await admin.goto('/projectplanexamine');
  const row = rowOf(page$(admin), '竣工验收');
  await expect(row).toBeVisible();
  await shot(admin, FLOW, '05-plan-examine');
  await row.getByRole('button', { name: btn('通过') }).click();
  await expect(row).toHaveCount(0);
  await admin.goto(detailUrl);
  await expect(page$(admin).getByTestId('project-progress')).toHaveAttribute('aria-valuenow', '100');
  await expect(page$(admin).locator('.ant-card-head .ant-tag', { hasText: '已完成' })).toBeVisible();
  await page$(admin).getByRole('tab', { name: '甘特图' }).click();
  await expect(page$(admin).getByTestId('project-gantt').locator('svg').first()).toBeVisible();
  await shot(admin, FLOW, '06-completed-gantt');
  await page$(admin).getByRole('tab', { name: '留言' }).click();
  await page$(admin).getByPlaceholder('输入留言').fill('项目已验收，请归档资料');
  await page$(admin).getByRole('button', { name: btn('发送') }).click();
  await expect(page$(admin).getByText('项目已验收，请归档资料')).toBeVisible();
  await shot(admin, FLOW, '06b-messages');

  const phone = await as(browser, baseURL!, SERVICE, PHONE);
  await phone.goto(detailUrl);
  await expect(page$(phone).getByTestId('project-progress')).toHaveAttribute('aria-valuenow', '100');
  await shot(phone, FLOW, '07-phone-detail');

  // 5. the list: filtered by state and template, exported (selected rows), batch-deleted
  await admin.goto('/allProject');
  const list = listOf(admin);
  await expect(rowOf(list, projectName)).toBeVisible();
  await list.getByRole('button', { name: '筛选' }).click();
  const panel = list.getByTestId('filter-panel');
  await panel.getByLabel('项目状态').click();
  await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '已完成' }).click();
  await panel.getByLabel('项目模板').click();
  await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: tmplName }).click();
  await list.getByRole('button', { name: /查\s*找/ }).click();
  await expect(list.locator('tbody tr.ant-table-row')).toHaveCount(1);
  await expect(rowOf(list, projectName).locator('.ant-progress')).toHaveAttribute('aria-valuenow', '100');
  await shot(admin, FLOW, '08-list-filtered');

  await rowOf(list, projectName).locator('.ant-checkbox-input').check();
  await list.getByRole('button', { name: /导\s*出/ }).click();
  const exp = dialog(admin, '导出数据');
  await expect(exp.getByLabel('文件名')).toHaveValue(/^全部项目数据\d{4}-\d{2}-\d{2}/);
  await exp.getByText(/选中行/).click();
  await shot(admin, FLOW, '09-export');
  await exp.getByRole('button', { name: /导\s*出/ }).click();
  await expect(admin.getByText('导出任务已创建，请到下载中心查看')).toBeVisible();

  await list.getByRole('button', { name: '批量删除' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: btn('确定') }).click();
  await expect(admin.getByText('删除成功').first()).toBeVisible();
  await expect(rowOf(list, projectName)).toHaveCount(0);
  await shot(admin, FLOW, '10-deleted');
});

test('a user without 13002 sees no create button', async ({ browser, baseURL }) => {
  const dispatcher = await as(browser, baseURL!, '13800000001');
  await dispatcher.goto('/allProject');
  await expect(listOf(dispatcher).getByRole('button', { name: '筛选' })).toBeVisible();
  await expect(listOf(dispatcher).getByRole('button', { name: '新建项目' })).toHaveCount(0);
  await shot(dispatcher, FLOW, '11-no-create');
});
