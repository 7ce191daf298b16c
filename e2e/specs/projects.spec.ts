import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ApiUser, logIn, quietGuide } from './shell.support';

// An administrator builds a template with two stages and an approval task, creates a project from it for a
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
  await logIn(page, mobile);
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
  await page$(admin)
    .getByRole('button', { name: /新\s?建/ })
    .click();
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
  await page$(admin)
    .getByRole('button', { name: btn('保存') })
    .click();
  await expect(admin).toHaveURL(/\/allproject\/projectdetails\/\d+$/);
  const detailUrl = new URL(admin.url()).pathname;
  await expect(page$(admin).getByText(CUSTOMER)).toBeVisible();
  await expect(page$(admin).getByTestId('task-勘察井道')).toBeVisible();
  // the manager adds a collaborator from the task's card
  const people = page$(admin).getByTestId('task-people-勘察井道');
  await pickPerson(admin, people, '选择协作人', ADMIN);
  await expect(people.locator('.ant-tag').filter({ hasText: '王管理' })).toBeVisible();
  await shot(admin, FLOW, '03-detail-board');

  // 3. the principal (no project power) reaches his task from his home to-do 我的任务, not a typed URL, and finishes it
  // on the task's page; then the second on the board, which goes to approval
  const service = await as(browser, baseURL!, SERVICE);
  await service.goto('/guideOne');
  await page$(service).locator('.ant-card').filter({ hasText: '待办事项' }).getByText('我的任务').click();
  await expect(service).toHaveURL(/\/myProjectTask$/);
  await rowOf(listOf(service), '勘察井道').getByRole('link', { name: '勘察井道' }).click();
  await expect(service).toHaveURL(/\/allproject\/examine\/\d+$/);
  await expect(page$(service).getByTestId('task-name')).toHaveText('勘察井道');
  await page$(service).getByRole('button', { name: '完成任务' }).click();
  await expect(page$(service).getByTestId('task-state')).toHaveText('已完成');
  await service.goto(detailUrl);
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
  await page$(admin)
    .getByRole('button', { name: btn('发送') })
    .click();
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
  await admin
    .getByRole('dialog')
    .getByRole('button', { name: btn('确定') })
    .click();
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

// A running project's managers change its process on the board, and pick the customer's contracts on its tabs.
test('a manager adds a stage and a task on the board, removes a task, and picks the customer’s contracts', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-6);
  const api = await ApiUser.login(baseURL!, ADMIN);
  const tpl = await api.send('POST', '/project/tmpl/saveProjectProcessTmpl', { name: `空调改造${stamp}`, stages: [{ name: '勘察' }, { name: '安装' }] });
  const stages = (await api.get(`/project/tmpl/getProjectProcessTmplList?id=${tpl.data.id}`)).data.stages as { id: number }[];
  for (const [i, name] of ['现场勘察', '设备安装'].entries()) {
    expect((await api.send('POST', '/project/tmpl/saveTaskTmpl', { templateId: tpl.data.id, stageId: stages[i]!.id, name, durationDays: 2 })).success).toBe(
      true,
    );
  }
  const customer = (await api.get(`/v2/customer/getCustomerList?keyword=${encodeURIComponent('星河科技')}`)).data[0] as { id: number; name: string };
  const created = await api.send('POST', '/project/add', { name: `星河空调改造${stamp}`, templateId: tpl.data.id, customerId: customer.id });
  expect(created.success, created.message).toBe(true);
  const detailUrl = `/allproject/projectdetails/${created.data.id}`;
  const tasks = (await api.get(`/project/progress/getTaskList?projectId=${created.data.id}`)).data as { id: number; name: string }[];
  await api.send('POST', '/project/progress/taskFinish', { id: tasks.find((x) => x.name === '现场勘察')!.id });
  await api.dispose();

  const admin = await as(browser, baseURL!, ADMIN);
  await admin.goto(detailUrl);
  const board = page$(admin);
  await expect(board.getByTestId('project-progress')).toContainText('50%');

  // a stage, then a task in it with a principal, a collaborator, a duration and an approval
  await board.getByRole('button', { name: '添加阶段' }).click();
  const stageDialog = dialog(admin, '添加阶段');
  await stageDialog.getByLabel('阶段名称').fill('回访');
  await stageDialog.getByRole('button', { name: btn('保存') }).click();
  await expect(stageDialog).toBeHidden();
  const visit = board.getByTestId('board-stage-回访');
  await expect(visit).toBeVisible();
  await visit.getByRole('button', { name: '添加任务' }).click();
  const taskDialog = dialog(admin, '添加任务');
  await taskDialog.getByLabel('任务名称').fill('电话回访');
  await pickPerson(admin, taskDialog, '选择负责人', SERVICE);
  await pickPerson(admin, taskDialog, '选择协作人', ADMIN);
  await taskDialog.getByLabel('工期（天）').fill('3');
  await taskDialog.getByLabel('完成需审批').click();
  await pickPerson(admin, taskDialog, '选择审批人', ADMIN);
  await shot(admin, FLOW, '12-board-add-task');
  await taskDialog.getByRole('button', { name: btn('保存') }).click();
  await expect(taskDialog).toBeHidden();
  const card = visit.getByTestId('task-电话回访');
  await expect(card).toBeVisible();
  await expect(card.getByText('审批人：王管理')).toBeVisible();
  await expect(card.getByText(/计划：\d{4}-\d{2}-\d{2} ~ \d{4}-\d{2}-\d{2}/)).toBeVisible();
  await expect(board.getByTestId('project-progress')).toContainText('33%');
  await shot(admin, FLOW, '13-board-added');

  // removing the open install task: one of two counting tasks is finished
  await board.getByTestId('task-设备安装').getByRole('button', { name: '删除任务' }).click();
  await admin
    .locator('.ant-popover:visible')
    .getByRole('button', { name: btn('确定') })
    .click();
  await expect(board.getByTestId('task-设备安装')).toHaveCount(0);
  await expect(board.getByTestId('project-progress')).toContainText('50%');
  // a finished task offers no removal
  await expect(board.getByTestId('task-现场勘察').getByRole('button', { name: '删除任务' })).toHaveCount(0);
  await board.getByRole('tab', { name: '操作日志' }).click();
  await expect(board.getByText(/修改流程：删除任务1个/)).toBeVisible();

  // products: the customer's sales contracts are offered by number and name
  await board.getByRole('tab', { name: '产品' }).click();
  await board.getByLabel('销售合同').click();
  const saleOption = admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '中央空调采购合同' });
  await expect(saleOption).toContainText('HT20240301-0001');
  await expect(admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '净水设备采购合同' })).toHaveCount(0);
  await shot(admin, FLOW, '14-products-contract-picker');
  await saleOption.click();
  await board.getByRole('button', { name: '导入销售合同产品' }).click();
  await expect(admin.getByText('导入成功').first()).toBeVisible();

  // contracts: the sale one is referred; a maintenance one is added from the picker
  await board.getByRole('tab', { name: '合同' }).click();
  const contracts = board.getByRole('tabpanel', { name: '合同' });
  await expect(rowOf(contracts, 'HT20240301-0001')).toBeVisible();
  await contracts.getByLabel('合同类型').click();
  await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '维保合同' }).click();
  await contracts.getByLabel('维保合同').click();
  await admin.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '空调年度维保合同' }).click();
  await contracts.getByRole('button', { name: '关联合同' }).click();
  await expect(rowOf(contracts, 'WB20240401-0001')).toBeVisible();
  await shot(admin, FLOW, '15-contracts');

  // the principal, who does not manage the project, sees the board without its edit controls
  const phone = await as(browser, baseURL!, SERVICE, PHONE);
  await phone.goto(detailUrl);
  await expect(page$(phone).getByTestId('task-电话回访')).toBeVisible();
  await expect(page$(phone).getByRole('button', { name: '添加阶段' })).toHaveCount(0);
  await expect(page$(phone).getByRole('button', { name: '删除任务' })).toHaveCount(0);
  await shot(phone, FLOW, '16-phone-board-readonly');
});
