import { expect, type Locator, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, ApiUser, logInAt, openInApp, quietGuide } from './shell.support';

// The organisation pages as the demo administrator: departments, users, roles, status, detail pages.

const FLOW = 'org';
const suffix = () => String(Date.now()).slice(-6);

/** The visible list page (kept-alive pages stay in the DOM, hidden). */
const listOf = (page: Page): Locator => page.locator('.sk-list-page:visible').first();
const rowOf = (page: Page, text: string): Locator => listOf(page).locator('tbody tr.ant-table-row').filter({ hasText: text });
const dialog = (page: Page, name: string): Locator => page.getByRole('dialog', { name });

/** Picks an option of the open antd select dropdown. */
async function pickOption(page: Page, label: string): Promise<void> {
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();
}

test.describe('organisation pages', () => {
  // Each test signs in straight onto its first page: the home page before it was one more start of the app (2–3 s)
  // for nothing these tests check (login.spec and the menu walks open it).
  test.beforeEach(async ({ baseURL }) => quietGuide(baseURL!, ADMIN));

  test('every organisation and settings page opens', async ({ page }) => {
    const pages: [string, string][] = [
      ['/organizationalStructure', '全部人员'],
      ['/serviceGroup', '售后服务一组'],
      ['/outsourceManagement', '华东联保服务有限公司'],
      ['/outsourceUser', '陈外包'],
      // (The demo has more people than a page: newest first, so no one name is sure to be on the first page.)
      ['/insourceUser', '内部人员'],
      ['/userDetail', '个人资料'],
      ['/orderingRule', '派单说明'],
      ['/tagsManage/personTag', '空闲'],
      ['/tagsManage/orderTag', '加急'],
      ['/tagsManage/customerTag', 'VIP客户'],
      ['/systemSetting', '工单公海中无人抢单多少分钟后退回派单员（0为不退回）'],
      ['/dictionarySettings', '改造'],
      ['/help', '第一次使用服务管家'],
    ];
    await logInAt(page, ADMIN, pages[0]![0]);
    for (const [i, [path, text]] of pages.entries()) {
      await openInApp(page, path);
      await expect(page.locator('.sk-page:visible').getByText(text).first()).toBeVisible();
      await shot(page, FLOW, `00-${String(i).padStart(2, '0')}${path.replaceAll('/', '-')}`);
    }
  });

  test('departments: add a child, rename, move, and delete with the refusal message', async ({ page }) => {
    const name = `售后二部${suffix()}`;
    const spare = `临时部门${suffix()}`;
    await logInAt(page, ADMIN, '/organizationalStructure');
    await expect(page.getByText('组织架构使用说明')).toBeVisible(); // help tip on by default

    for (const n of [name, spare]) {
      await page.getByRole('button', { name: '演示企业操作' }).click();
      await page.getByRole('menuitem', { name: '新增子部门' }).click();
      const d = dialog(page, '新增部门');
      await expect(d.getByText('演示企业')).toBeVisible();
      await d.getByLabel('部门名称').fill(n);
      await d.getByRole('button', { name: /确\s*定/ }).click();
      await expect(page.getByText('保存成功').first()).toBeVisible();
      await expect(page.locator(`.sk-dept-node[data-dept="${n}"]`)).toBeVisible();
    }
    await shot(page, FLOW, '01-departments-added');

    // rename, then move the spare department under the new one
    await page.getByRole('button', { name: `${spare}操作` }).click();
    await page.getByRole('menuitem', { name: '重命名' }).click();
    await dialog(page, '重命名部门').getByLabel('部门名称').fill(`${spare}甲`);
    await dialog(page, '重命名部门')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page.locator(`.sk-dept-node[data-dept="${spare}甲"]`)).toBeVisible();

    await page.getByRole('button', { name: `${spare}甲操作` }).click();
    await page.getByRole('menuitem', { name: '移动' }).click();
    const move = dialog(page, '移动部门');
    await move.getByLabel('上级部门').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-tree-title')
      .filter({ hasText: new RegExp(`^${name}$`) })
      .click();
    // The tree dropdown closes with an animation; it must be gone before the OK button can be clicked.
    await move.locator('.ant-modal-title').click();
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
    await shot(page, FLOW, '02-move-department');
    await move.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText('保存成功').first()).toBeVisible();
    // now a child: the parent counts it, and the parent cannot be deleted
    await page.getByRole('button', { name: `${name}操作` }).click();
    await page.getByRole('menuitem', { name: '删除' }).click();
    await dialog(page, '删除部门')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect(page.getByText('该部门下还有子部门或人员，不能删除')).toBeVisible();
    await shot(page, FLOW, '03-delete-refused');

    // an empty department goes
    await page.getByRole('button', { name: `${spare}甲操作` }).click();
    await page.getByRole('menuitem', { name: '删除' }).click();
    await dialog(page, '删除部门')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect(page.getByText('删除成功').first()).toBeVisible();
    await expect(page.locator(`.sk-dept-node[data-dept="${spare}甲"]`)).toHaveCount(0);
  });

  test('users: add one to a department, edit the roles, disable and enable, open the detail', async ({ page }) => {
    const dept = `实施部${suffix()}`;
    const person = `测试员${suffix()}`;
    const mobile = `155${String(Date.now()).slice(-8)}`;
    await logInAt(page, ADMIN, '/organizationalStructure');
    await page.getByRole('button', { name: '演示企业操作' }).click();
    await page.getByRole('menuitem', { name: '新增子部门' }).click();
    await dialog(page, '新增部门').getByLabel('部门名称').fill(dept);
    await dialog(page, '新增部门')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await page.locator(`.sk-dept-node[data-dept="${dept}"]`).click();
    await expect(page.getByText(`${dept}（含下级部门）`)).toBeVisible();
    await expect(listOf(page).locator('.ant-empty-description')).toBeVisible();

    await listOf(page).getByRole('button', { name: '新增人员' }).click();
    const add = dialog(page, '新增人员');
    await add.getByLabel('姓名').fill(person);
    await add.getByLabel('手机号').fill(mobile);
    await expect(add.getByText(dept)).toBeVisible(); // the selected department comes preset
    await add.getByLabel('角色', { exact: true }).click();
    await pickOption(page, '派单员');
    await page.keyboard.press('Escape');
    await shot(page, FLOW, '04-add-user');
    await add.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('保存成功').first()).toBeVisible();
    await expect(rowOf(page, person)).toContainText('派单员');
    await expect(rowOf(page, person)).toContainText(dept);

    // edit the roles: add 服务人员
    await rowOf(page, person).getByRole('button', { name: '编辑' }).click();
    const edit = dialog(page, '编辑人员');
    await edit.getByLabel('角色', { exact: true }).click();
    await pickOption(page, '服务人员');
    await page.keyboard.press('Escape');
    await edit.getByRole('button', { name: /保\s*存/ }).click();
    await expect(rowOf(page, person)).toContainText('派单员、服务人员');
    await shot(page, FLOW, '05-roles-edited');

    // disable, then enable
    await rowOf(page, person).getByRole('button', { name: '停用' }).click();
    await dialog(page, '停用人员')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(page.getByText('修改状态成功').first()).toBeVisible();
    await expect(rowOf(page, person).locator('.ant-tag')).toHaveText('停用');
    await expect(dialog(page, '停用人员')).toBeHidden();
    await shot(page, FLOW, '06-user-disabled');
    await rowOf(page, person).getByRole('button', { name: '启用' }).click();
    await dialog(page, '启用人员')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await expect(rowOf(page, person).locator('.ant-tag')).toHaveText('启用');

    // filters: role and status
    await listOf(page).getByRole('button', { name: '筛选' }).click();
    await listOf(page).getByLabel('状态筛选').click();
    await pickOption(page, '停用');
    await listOf(page)
      .getByRole('button', { name: /查\s*找/ })
      .click();
    await expect(listOf(page).locator('.ant-empty-description')).toBeVisible();
    await listOf(page)
      .getByRole('button', { name: /重\s*置/ })
      .click();
    await expect(rowOf(page, person)).toBeVisible();

    // the person's detail page
    await rowOf(page, person).getByRole('link', { name: person }).click();
    await expect(page).toHaveURL(/\/organizationalStructure\/personneldetails\/\d+$/);
    const detail = page.locator('.sk-page:visible');
    await expect(detail.getByText(`演示企业 / ${dept}`)).toBeVisible();
    await expect(detail.locator('.ant-descriptions').getByText('派单员', { exact: true })).toBeVisible();
    await expect(detail.locator('.ant-descriptions').getByText('服务人员', { exact: true })).toBeVisible();
    await shot(page, FLOW, '07-person-detail');
  });

  test('service groups with a leader and members from the person picker; work handover moves the leadership', async ({ page, baseURL }) => {
    const admin = await ApiUser.login(baseURL!, ADMIN);
    const person = `交接员${suffix()}`;
    const created = await admin.send('POST', '/stand/user', { name: person, mobile: `156${String(Date.now()).slice(-8)}`, roles: [2] });
    expect(created.success, created.message).toBe(true);
    await admin.dispose();
    const group = `安装服务组${suffix()}`;
    // The demo has more teams than one page holds: the new one is found by its name.
    const findGroup = async (name: string) => {
      await listOf(page).getByLabel('关键字').fill(name);
      await listOf(page).getByLabel('关键字').press('Enter');
    };

    const choose = async (button: string, names: string[]) => {
      await dialog(page, '新建服务团队').getByRole('button', { name: button }).click();
      const picker = dialog(page, '选择人员');
      for (const n of names) {
        await picker.getByLabel('姓名或手机号').fill(n);
        await picker.getByLabel('姓名或手机号').press('Enter');
        await picker.getByRole('cell', { name: n, exact: true }).click();
      }
      await picker.getByRole('button', { name: /确\s*定/ }).click();
      await expect(picker).toBeHidden();
    };

    await logInAt(page, ADMIN, '/serviceGroup');
    await listOf(page).getByRole('button', { name: '新建团队' }).click();
    await dialog(page, '新建服务团队').getByLabel('团队名称').fill(group);
    await choose('选择负责人', [person]);
    await choose('选择成员', [person, '李服务']);
    await shot(page, FLOW, '08-group-dialog');
    await dialog(page, '新建服务团队')
      .getByRole('button', { name: /保\s*存/ })
      .click();
    await expect(page.getByText('保存成功').first()).toBeVisible();
    await findGroup(group);
    await expect(rowOf(page, group)).toContainText(person);
    await expect(rowOf(page, group).locator('td').nth(4)).toHaveText('2'); // members

    // hand the new person's work over to 王管理
    await page.goto('/organizationalStructure');
    await listOf(page).getByLabel('关键字').fill(person);
    await listOf(page).getByLabel('关键字').press('Enter');
    await rowOf(page, person)
      .getByRole('button', { name: `${person}更多操作` })
      .click();
    await page.getByRole('menuitem', { name: '工作交接' }).click();
    const handover = dialog(page, '工作交接');
    await handover.getByRole('button', { name: '选择接收人' }).click();
    const picker = dialog(page, '选择人员');
    await picker.getByLabel('姓名或手机号').fill('王管理');
    await picker.getByLabel('姓名或手机号').press('Enter');
    await picker.getByRole('cell', { name: '王管理', exact: true }).click();
    await picker.getByRole('button', { name: /确\s*定/ }).click();
    await handover.getByRole('button', { name: '确认交接' }).click();
    await expect(handover.getByText(/^交接完成，共转移 [1-9]\d* 项$/)).toBeVisible();
    await expect(handover.locator('.ant-descriptions-row').filter({ hasText: '服务团队负责人' })).toContainText('1');
    await shot(page, FLOW, '09-handover-done');
    await handover.getByRole('button', { name: /完\s*成/ }).click();

    await page.goto('/serviceGroup');
    await findGroup(group);
    await expect(rowOf(page, group)).toContainText('王管理');
  });

  test('service providers: add one, open its detail and add an outsourced user to it', async ({ page }) => {
    const provider = `华南联保${suffix()}`;
    const person = `外包员${suffix()}`;
    const contact = `林经理${suffix()}`;
    await logInAt(page, ADMIN, '/outsourceManagement');
    await listOf(page).getByRole('button', { name: '新增服务商' }).click();
    const d = dialog(page, '新增服务商');
    await d.getByLabel('服务商名称').fill(provider);
    await d.getByLabel('合作类型').click();
    await pickOption(page, '授权服务商');
    await d.getByLabel('联系人姓名').fill(contact);
    await d.getByLabel('联系人电话').fill('020-60001234');
    await d.getByRole('button', { name: /保\s*存/ }).click();
    await expect(rowOf(page, provider)).toContainText('授权服务商');

    await rowOf(page, provider).getByRole('link', { name: provider }).click();
    await expect(page).toHaveURL(/\/serviceBranchDetail\?id=\d+$/);
    // The contact stands as the provider's 主联系人 and in its contacts table.
    await expect(page.locator('.sk-page:visible').getByText(contact, { exact: true })).toHaveCount(2);
    await listOf(page).getByRole('button', { name: '新增人员' }).click();
    const add = dialog(page, '新增外包人员');
    await expect(add.getByText(provider)).toBeVisible(); // the provider comes preset
    await add.getByLabel('姓名').fill(person);
    await add.getByLabel('手机号').fill(`157${String(Date.now()).slice(-8)}`);
    await add.getByLabel('角色', { exact: true }).click();
    await pickOption(page, '服务人员');
    await page.keyboard.press('Escape');
    await add.getByRole('button', { name: /保\s*存/ }).click();
    await expect(rowOf(page, person)).toContainText('服务人员');
    await shot(page, FLOW, '10-provider-detail');

    await page.goto('/outsourceUser');
    await expect(rowOf(page, person)).toContainText(provider);
  });

  test('the own profile: rename and upload an avatar', async ({ page }) => {
    await logInAt(page, ADMIN, '/userDetail');
    const card = page.locator('.sk-page:visible');
    await card.getByLabel('姓名').fill('王管理员');
    await card.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('保存成功').first()).toBeVisible();
    await expect(page.locator('.sk-header')).toContainText('王管理员');

    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await card.locator('input[type=file]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
    await expect(card.locator('img[alt="王管理员"]')).toHaveAttribute('src', /\/api\/upload\/file\/\d+/);
    await shot(page, FLOW, '11-own-profile');
    // put the demo name back for the other tests
    await card.getByLabel('姓名').fill('王管理');
    await card.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.locator('.sk-header')).toContainText('王管理');
  });
});
