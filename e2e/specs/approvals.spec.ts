import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';
import { pickSearched, shot, test } from './helpers';
import { ADMIN, ApiUser, logIn, logInAt, quietGuide } from './shell.support';

// The approval engine end to end: the administrator sets a two-step flow for spare
// requisitions at /approvalProcessSettings; the engineer files a requisition on his phone; the warehouse keeper is told
// by the bell, opens the notice and approves step 1 at /approvalProcess (待我审批); the director approves step 2; the
// engineer finds the result in his notices and the requisition approved.

const FLOW = 'approvals';
const ENGINEER = '13800000002';
const KEEPER = '13800000009';
const DIRECTOR = '13800000010';
const PHONE = { width: 390, height: 844 };

const page$ = (page: Page): Locator => page.locator('.sk-page:visible');
/** An open drawer by its title: the bell's (通知) or one approval's (its document number). */
const drawer$ = (page: Page, title: string | RegExp): Locator =>
  page.locator('.ant-drawer:visible').filter({ has: page.locator('.ant-drawer-title', { hasText: title }) });
/** antd puts a space between the two characters of a two-character button label. */
const spaced = (label: string) => new RegExp(`^${[...label].join('\\s*')}$`);
const bellCount = async (page: Page): Promise<number> => Number(await page.getByRole('button', { name: '通知' }).getAttribute('data-count'));

/** The bell's count once it has loaded: the unread notices and announcements the server counts for the page's user. */
async function settledBell(page: Page, baseURL: string, mobile: string): Promise<number> {
  const u = await ApiUser.login(baseURL, mobile);
  try {
    const unread = async () => (await u.get('/notify/center/count')).data + (await u.get('/enterprise/notice/center/count')).data;
    const n = await unread();
    await expect.poll(() => bellCount(page)).toBe(n);
    return n;
  } finally {
    await u.dispose();
  }
}

/** Picks an option of an antd Select (its options are local). */
async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** Names one approver of a step through the person picker. */
async function pickPerson(page: Page, step: Locator, name: string): Promise<void> {
  await step.getByRole('button', { name: '选择人员' }).click();
  const picker = page.getByRole('dialog', { name: '选择人员' });
  await picker.getByLabel('姓名或手机号').fill(name);
  await picker.getByLabel('姓名或手机号').press('Enter');
  await picker.getByRole('row').filter({ hasText: name }).first().click();
  await picker.getByRole('button', { name: spaced('确定') }).click();
  await expect(picker).toBeHidden();
  await expect(step.locator('.ant-tag', { hasText: name })).toBeVisible();
}

/** Deletes the flows this test made, so the specs after it find spare documents approved by the keeper alone. */
async function removeFlows(baseURL: string, name: string): Promise<void> {
  const admin = await ApiUser.login(baseURL, ADMIN);
  try {
    const flows = (await admin.get('/approvalProcessSettings/list?kind=spare_doc')).data?.list ?? [];
    for (const f of flows.filter((x: { name: string }) => x.name === name)) {
      const r = await admin.send('DELETE', '/approvalProcessSettings', { id: f.id });
      expect(r.success, r.message).toBe(true);
    }
  } finally {
    await admin.dispose();
  }
}

test.describe('approvals', () => {
  test.use({ actionTimeout: 20_000 });

  test('a two-step flow for spare requisitions: keeper then director approve, the engineer is told', async ({ browser, baseURL }) => {
    test.setTimeout(240_000);
    const t = String(Date.now()).slice(-5);
    const flowName = `备件领用两级审批${t}`;
    for (const m of [ADMIN, ENGINEER, KEEPER, DIRECTOR]) await quietGuide(baseURL!, m);
    const contexts: BrowserContext[] = [];
    try {
      // 1. the administrator sets the flow: requisitions only, step 1 the keeper, step 2 the director
      const adminCtx = await browser.newContext();
      contexts.push(adminCtx);
      const admin = await adminCtx.newPage();
      await logInAt(admin, ADMIN, '/approvalProcessSettings');
      await page$(admin).getByRole('button', { name: '新建流程' }).click();
      const form = admin.getByRole('dialog', { name: '新建审批流程' });
      await choose(admin, form.getByLabel('单据类型'), '备件单据审批');
      await form.getByLabel('流程名称').fill(flowName);
      await choose(admin, form.getByLabel('适用单据（不选为全部）'), '领用单');
      await form.locator('.ant-modal-title').click(); // closes the multiple select's dropdown
      const step1 = form.locator('.ant-card').filter({ hasText: '第1步' });
      await step1.getByLabel('步骤名称').fill('仓管审批');
      await pickPerson(admin, step1, '郑仓管');
      await form.getByRole('button', { name: '添加步骤' }).click();
      const step2 = form.locator('.ant-card').filter({ hasText: '第2步' });
      await step2.getByLabel('步骤名称').fill('总监审批');
      await pickPerson(admin, step2, '冯总监');
      await shot(admin, FLOW, '01-admin-flow-dialog');
      await form.getByRole('button', { name: spaced('保存') }).click();
      await expect(form).toBeHidden();
      const flowRow = page$(admin).getByRole('row').filter({ hasText: flowName });
      await expect(flowRow).toContainText('1. 仓管审批');
      await expect(flowRow).toContainText('2. 总监审批');
      await expect(flowRow).toContainText('启用');
      await shot(admin, FLOW, '02-admin-flow-list');

      // the keeper is at work (desktop) before the requisition comes in: note his bell
      const keeperCtx = await browser.newContext();
      contexts.push(keeperCtx);
      const keeper = await keeperCtx.newPage();
      await logIn(keeper, KEEPER);
      const keeperBefore = await settledBell(keeper, baseURL!, KEEPER);

      // 2. the engineer, on his phone, asks for three power cords from the central warehouse
      const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
      contexts.push(phone);
      const eng = await phone.newPage();
      await logInAt(eng, ENGINEER, '/spareGet');
      await page$(eng)
        .getByRole('button', { name: /新建领用单/ })
        .click();
      const req = eng.getByRole('dialog', { name: '新建领用单' });
      await pickSearched(eng, req.getByLabel('出库仓库'), '中心', '总部中心仓');
      await pickSearched(eng, req.getByLabel('第1行备件'), '电源', '电源线');
      await req.getByLabel('第1行数量').fill('3');
      await shot(eng, FLOW, '03-engineer-requisition-phone');
      await req.getByRole('button', { name: spaced('提交审批') }).click();
      await expect(req).toBeHidden();
      // newest first: the card the engineer just filed
      const card = page$(eng).locator('.sk-phone-cards [data-card]').filter({ hasText: '电源线×3' }).first();
      await expect(card).toContainText('待审批');
      const docId = Number(await card.getAttribute('data-card'));
      expect(docId).toBeGreaterThan(0);
      // The requisition's own number (LY + day + the enterprise's requisition counter), not the shared id.
      const filedNo = (await card.textContent())?.match(/LY\d{8}-\d{4}/)?.[0];
      expect(filedNo).toBeTruthy();
      const docNo = new RegExp(`${filedNo}(?!\\d)`);
      await shot(eng, FLOW, '04-engineer-filed-phone');
      const engBefore = await settledBell(eng, baseURL!, ENGINEER);

      // 3. the keeper's bell counts the waiting approval at once (the socket tells it; its poll is every 30 s); the drawer shows it unread
      await expect.poll(() => bellCount(keeper), { timeout: 10_000 }).toBeGreaterThan(keeperBefore);
      await keeper.getByRole('button', { name: '通知' }).click();
      const todo = drawer$(keeper, '通知').locator('.ant-list-item').filter({ hasText: docNo });
      await expect(todo).toHaveClass(/is-unread/);
      await expect(todo).toContainText('待审批：备件单据审批');
      await expect(todo).toContainText('第1步「仓管审批」等待您审批');
      await shot(keeper, FLOW, '05-keeper-bell');
      // opening the notice marks it read and opens that approval in 审批处理 (待我审批), its drawer open
      await todo.click();
      await expect(keeper).toHaveURL(/\/approvalProcess\?id=\d+$/);
      await expect(page$(keeper).getByRole('tab', { name: /^待我审批/ })).toHaveAttribute('aria-selected', 'true');
      const keeperRow = page$(keeper).getByRole('row').filter({ hasText: docNo });
      await expect(keeperRow).toContainText('审批中');
      await expect(keeperRow).toContainText('仓管审批');
      await expect(keeperRow).toContainText('李服务');
      const inst = drawer$(keeper, docNo);
      await expect(inst.locator('.ant-drawer-title')).toContainText('备件单据审批');
      await expect(inst).toContainText('第1步：仓管审批');
      await expect(inst).toContainText('郑仓管 待审批');
      await expect.poll(() => bellCount(keeper), { timeout: 45_000 }).toBe(keeperBefore);
      await shot(keeper, FLOW, '06-keeper-notice-opened');

      // 4. the keeper approves step 1 there
      await inst.getByPlaceholder('审批意见（驳回时必填）').fill('库存充足，同意领用');
      await shot(keeper, FLOW, '07-keeper-approve');
      await inst.getByRole('button', { name: spaced('同意') }).click();
      // decided: the drawer closes and the row leaves 待我审批 for 我已审批, waiting on the director
      await expect(inst).toBeHidden();
      await expect(keeperRow).toHaveCount(0);
      await page$(keeper)
        .getByRole('tab', { name: /^我已审批/ })
        .click();
      const doneRow = page$(keeper).getByRole('row').filter({ hasText: docNo });
      await expect(doneRow).toContainText('审批中');
      await expect(doneRow).toContainText('总监审批');
      await shot(keeper, FLOW, '08-keeper-done');

      // 5. the director: his bell holds step 2; he approves it in 审批处理
      const directorCtx = await browser.newContext();
      contexts.push(directorCtx);
      const director = await directorCtx.newPage();
      await logIn(director, DIRECTOR);
      await expect.poll(() => bellCount(director)).toBeGreaterThanOrEqual(1);
      await director.getByRole('button', { name: '通知' }).click();
      const step2Notice = drawer$(director, '通知').locator('.ant-list-item').filter({ hasText: docNo });
      await expect(step2Notice).toHaveClass(/is-unread/);
      await expect(step2Notice).toContainText('第2步「总监审批」等待您审批');
      await shot(director, FLOW, '09-director-bell');
      // he holds no spare-parts power: the notice opens the approval in his 审批处理, not the requisition's page
      await step2Notice.click();
      await expect(director).toHaveURL(/\/approvalProcess\?id=\d+$/);
      const directorRow = page$(director).getByRole('row').filter({ hasText: docNo });
      await expect(directorRow).toContainText('总监审批');
      const inst2 = drawer$(director, docNo);
      await expect(inst2).toContainText('第2步：总监审批');
      await expect(inst2).toContainText('郑仓管 同意');
      await expect(inst2).toContainText('库存充足，同意领用');
      await shot(director, FLOW, '10-director-approve');
      await inst2.getByRole('button', { name: spaced('同意') }).click();
      await expect(inst2).toBeHidden();
      await expect(directorRow).toHaveCount(0);
      await page$(director)
        .getByRole('tab', { name: /^我已审批/ })
        .click();
      await expect(page$(director).getByRole('row').filter({ hasText: docNo })).toContainText('已通过');
      await shot(director, FLOW, '11-director-done');

      // 6. the engineer, on his phone: the result is in his notices, and opening it shows the requisition approved
      await expect.poll(() => bellCount(eng), { timeout: 10_000 }).toBeGreaterThan(engBefore);
      await eng.getByRole('button', { name: '通知' }).click();
      const result = drawer$(eng, '通知').locator('.ant-list-item').filter({ hasText: docNo });
      await expect(result).toHaveClass(/is-unread/);
      await expect(result).toContainText('审批已通过：备件单据审批');
      await shot(eng, FLOW, '12-engineer-result-phone');
      await result.click();
      await expect(eng).toHaveURL(new RegExp(`/spareExamine\\?id=${docId}$`));
      await expect(page$(eng).getByTestId('doc-state')).toHaveText('已通过');
      await expect(page$(eng)).toContainText('冯总监');
      await shot(eng, FLOW, '13-engineer-approved-phone');
      // the parts are in his own stock now
      await eng.goto('/spareMine');
      await expect(page$(eng).getByText('电源线').first()).toBeVisible();
    } finally {
      for (const c of contexts) await c.close();
      await removeFlows(baseURL!, flowName);
    }
  });
});
