import { expect } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, ApiUser, logIn, logInAt, quietGuide } from './shell.support';

// 公告通知: the administrator publishes an announcement; the engineer sees it unread at phone width
// (the bell's count, the drawer, the /notice list), opens it, and the publisher sees him among the readers.

const FLOW = 'notices';
const ENGINEER = '13800000002';

test('an announcement published by the administrator shows unread to the engineer on a phone, who opens it', async ({ browser, baseURL }) => {
  const title = `停水通知${String(Date.now()).slice(-5)}`;
  await quietGuide(baseURL!, ADMIN);
  await quietGuide(baseURL!, ENGINEER);

  // the administrator publishes, to everyone, from /notice
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await logInAt(admin, ADMIN, '/notice');
  const list = admin.locator('.sk-list-page:visible').first();
  await list.getByRole('button', { name: '发布公告' }).click();
  const dialog = admin.getByRole('dialog', { name: '发布公告' });
  await dialog.getByLabel('标题').fill(title);
  await dialog.getByRole('textbox', { name: '公告内容' }).click();
  await admin.keyboard.type('明天9:00至12:00办公楼停水，请提前做好准备。');
  await shot(admin, FLOW, '01-admin-publish');
  await dialog.getByRole('button', { name: /发\s*布/ }).click();
  await expect(dialog).toBeHidden();
  await expect(list.getByRole('button', { name: title })).toBeVisible();

  // the engineer, at phone width: the bell counts it, the drawer lists it unread
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const eng = await phone.newPage();
  await logIn(eng, ENGINEER);
  const bell = eng.getByRole('button', { name: '通知', exact: true });
  await expect.poll(async () => Number(await bell.getAttribute('data-count'))).toBeGreaterThanOrEqual(1);
  const before = Number(await bell.getAttribute('data-count'));
  await bell.click();
  const drawer = eng.locator('.ant-drawer:visible');
  await drawer.getByText('企业公告').click();
  const item = drawer.locator('.ant-list-item', { hasText: title });
  await expect(item).toHaveClass(/is-unread/);
  await shot(eng, FLOW, '02-engineer-drawer');
  // opening the drawer marks nothing (other specs may add notices meanwhile: the count never drops)
  await expect(item).toHaveClass(/is-unread/);
  expect(Number(await bell.getAttribute('data-count'))).toBeGreaterThanOrEqual(before);

  // 查看全部: the notice centre's 企业公告 list shows it unread; opening it shows the text and marks it read
  await drawer.getByRole('button', { name: '查看全部' }).click();
  await expect(eng).toHaveURL(/\/noticeCenter\?category=2$/);
  const rowOf = () => eng.locator('.sk-list-page:visible').getByRole('button', { name: title });
  await expect(rowOf().locator('.ant-badge-status-error')).toBeVisible();
  await shot(eng, FLOW, '03-engineer-list-unread');
  const beforeOpen = Number(await bell.getAttribute('data-count'));
  await rowOf().click();
  await expect(eng).toHaveURL(/\/noticeDetail\/\d+$/);
  await expect(eng.locator('.sk-announcement-body:visible')).toContainText('明天9:00至12:00办公楼停水，请提前做好准备。');
  await shot(eng, FLOW, '04-engineer-opened');
  await expect.poll(async () => Number(await bell.getAttribute('data-count')), { timeout: 40_000 }).toBe(beforeOpen - 1);
  await eng.getByRole('button', { name: '返回公告列表' }).click();
  await expect(rowOf()).toBeVisible();
  await expect(rowOf().locator('.ant-badge-status-error')).toHaveCount(0);

  // the publisher sees the engineer among the readers
  const api = await ApiUser.login(baseURL!, ADMIN);
  const mine = (await api.get(`/enterprise/notice/list?manage=1&keyword=${encodeURIComponent(title)}`)).data.list[0];
  const readers = (await api.get(`/enterprise/notice/readers?id=${mine.id}&read=1`)).data.list as { name: string }[];
  expect(readers.map((r) => r.name)).toContain('李服务');
  await admin.goto(`/notice?id=${mine.id}`);
  await admin.locator('.ant-drawer:visible').getByText('已读', { exact: true }).click();
  await expect(admin.locator('.ant-drawer:visible').getByRole('cell', { name: '李服务' })).toBeVisible();
  await shot(admin, FLOW, '05-admin-readers');
  await api.dispose();
  await adminCtx.close();
  await phone.close();
});
