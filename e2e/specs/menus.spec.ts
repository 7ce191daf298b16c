import { expect, type Locator, type Page } from '@playwright/test';
import { shot, test } from './helpers';
import { ADMIN, FREE_ADMIN, logIn, logInAt, quietGuide } from './shell.support';

// Access and menus: every demo user opens every entry their menu offers; shared paths open with either
// menu set's power; an all-locked group opens its first entry's notice page; detail pages keep the menu they belong to.

const FLOW = 'menus';
const OUTSOURCED = '13600000001';
// Not the trial administrator: a trial has the VIP menu (isPaid) and the free administrator's walk already opens every
// open entry on an enterprise without data; a second walk of the same pages cost a minute of CI.
const DEMO_USERS = [...Array.from({ length: 10 }, (_, i) => `138000000${String(i + 1).padStart(2, '0')}`), FREE_ADMIN, OUTSOURCED];
/** Where a page that cannot be used sends the user. */
const DEAD_ENDS = /\/(detailError|Error404|error403|errorRole|errorOverdue)$/;
const PLACEHOLDERS = /即将上线|正在建设中|敬请期待|页面出错了|无权访问|页面不存在/;

const visiblePage = (page: Page): Locator => page.locator('.sk-page:visible');
const upgrade = (page: Page): Locator => page.getByRole('dialog', { name: '升级VIP版本' });

/** Page errors and console errors since the last call. */
function errorLog(page: Page): () => string[] {
  let seen: string[] = [];
  page.on('pageerror', (e) => seen.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') seen.push(`console: ${m.text()}`);
  });
  return () => {
    const out = seen;
    seen = [];
    return out;
  };
}

/** The page's API requests sent and not yet answered, with their age: a page that never settles says what it waits on. */
const inFlight = new WeakMap<Page, Map<string, number>>();
function trackRequests(page: Page): void {
  const open = new Map<string, number>();
  inFlight.set(page, open);
  const key = (r: { url(): string; method(): string }) => `${r.method()} ${r.url()}`;
  page.on('request', (r) => {
    if (r.url().includes('/api/')) open.set(key(r), Date.now());
  });
  page.on('requestfinished', (r) => open.delete(key(r)));
  page.on('requestfailed', (r) => open.delete(key(r)));
}
const waitingOn = (page: Page): string =>
  [...(inFlight.get(page) ?? [])].map(([k, at]) => `${k.replace(/^(\w+) https?:\/\/[^/]+/, '$1 ')} (${((Date.now() - at) / 1000).toFixed(0)} s)`).join('; ') ||
  'none';

/** What a settled page shows: its address, a placeholder text if it shows one, and whether an error message is up. */
interface Landed {
  url: string;
  placeholder: string | null;
  errorNotice: boolean;
}

/**
 * The page of the current address is the one shown, its chunk and first answers are in, and nothing spins; then what
 * it shows, read at that moment in the same call (a round trip per check cost about a third of each entry's time).
 * Checked every 50 ms: an expect's backoff waited up to a second past the end of each page's load, and checking only
 * "one page shown, no spinner" passed on the previous page while the next one was still rendering. Not on every frame:
 * polling by animation frame kept the page drawing frames while it loaded (menus and the dispatch specs on two workers,
 * two runs each: the machine's CPU 229–236 s against 213–218 s).
 */
async function settled(page: Page, label = 'the first page'): Promise<Landed> {
  const landed = await page
    .waitForFunction(
      (placeholders) => {
        const shown = [...document.querySelectorAll<HTMLElement>('.sk-page')].filter((p) => !p.hidden);
        const page = shown.length === 1 ? shown[0]! : null;
        if (!page || page.dataset.path !== window.location.pathname || page.querySelector('.sk-page-loading, .ant-spin-spinning')) return false;
        return {
          url: window.location.href,
          // biome-ignore lint/performance/useDomNodeTextContent: what the user sees (hidden dialogs' texts left out), as getByText did
          placeholder: page.innerText.match(new RegExp(placeholders))?.[0] ?? null,
          errorNotice: !!document.querySelector('.ant-message-notice-error'),
        };
      },
      PLACEHOLDERS.source,
      // A page that never settles fails here, named, not at the walk's own limit minutes later.
      { timeout: 30_000, polling: 50 },
    )
    .catch((e: Error) => {
      throw new Error(`${label}: the page of ${page.url()} did not finish loading (${e.message.split('\n')[0]}); API requests unanswered: ${waitingOn(page)}`);
    });
  return (await landed.jsonValue()) as Landed;
}

/**
 * Opens one side-menu entry and checks where it lands. A locked entry offers the upgrade notice; the first one of a
 * section is opened, the rest only show their lock (the notice is one component, opened already).
 */
async function openEntry(page: Page, entry: Locator, locked: boolean, label: string, errors: () => string[], lockSeen: { value: boolean }): Promise<void> {
  if (locked && lockSeen.value) return;
  await entry.click({ timeout: 10_000 });
  if (locked) {
    lockSeen.value = true;
    // A free-plan lock offers the upgrade notice, not a page.
    await expect(upgrade(page), label).toBeVisible();
    // A click while the notice is still zooming in can be lost: close until it is gone.
    await expect(async () => {
      if (await upgrade(page).isVisible()) await upgrade(page).getByRole('button', { name: '关闭', exact: true }).click({ timeout: 2_000 });
      await expect(upgrade(page)).toBeHidden({ timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  } else {
    const landed = await settled(page, label);
    expect(landed.url, label).not.toMatch(DEAD_ENDS);
    expect(landed.placeholder, label).toBeNull();
    expect(landed.errorNotice, `${label}: an error message`).toBe(false);
  }
  expect(errors(), label).toEqual([]);
}

test.describe('every demo user opens every menu entry', () => {
  // The longest file: its walks spread over both workers.
  test.describe.configure({ mode: 'parallel' });
  for (const mobile of DEMO_USERS) {
    test(`menu walk of ${mobile}`, async ({ page, baseURL }) => {
      test.setTimeout(300_000);
      await quietGuide(baseURL!, mobile);
      const errors = errorLog(page);
      trackRequests(page);
      await logIn(page, mobile);
      await settled(page);
      const top = page.locator('.sk-top-menu > .ant-menu-item');
      const sections = await top.allInnerTexts();
      expect(sections.length, 'sections').toBeGreaterThan(0);
      let opened = 0;
      for (const section of sections) {
        const item = top.filter({ hasText: section });
        await item.click();
        // A group opens its first open entry (and becomes the selected section), or, when every entry is locked,
        // that entry's upgrade notice.
        await expect.poll(async () => (await upgrade(page).isVisible()) || !!(await item.getAttribute('class'))?.includes('ant-menu-item-selected')).toBe(true);
        if (await upgrade(page).isVisible()) {
          await expect(upgrade(page).getByText(/^免费版不支持/), section).toBeVisible();
          await upgrade(page).getByRole('button', { name: '关闭', exact: true }).click();
          await expect(upgrade(page)).toBeHidden();
          expect(errors(), section).toEqual([]);
          opened++;
          continue;
        }
        const entries = page.locator('.sk-sider .ant-menu-item:not(.ant-menu-item-disabled)');
        // An entry's text may end with its badge count, which can change while we walk: match the name alone.
        const list = await entries.evaluateAll((els) =>
          // biome-ignore lint/performance/useDomNodeTextContent: the badge count is on a line of its own in the rendered text
          els.map((e) => ({ name: (e as HTMLElement).innerText.split('\n')[0]?.trim() ?? '', locked: !!e.querySelector('[data-locked="1"]') })),
        );
        const lockSeen = { value: false };
        for (const { name, locked } of list) {
          await openEntry(page, entries.filter({ hasText: name }).first(), locked, `${mobile} › ${section} › ${name}`, errors, lockSeen);
          opened++;
        }
      }
      expect(opened).toBeGreaterThan(1);
      await shot(page, FLOW, `walk-${mobile}`);
    });
  }
});

test.describe('access and menus', () => {
  test('the outsourced user’s 审批处理 path opens with the provider entry’s power, not the no-access page', async ({ page, baseURL }) => {
    await quietGuide(baseURL!, OUTSOURCED);
    await logInAt(page, OUTSOURCED, '/approvalProcess');
    await settled(page);
    await expect(page).toHaveURL(/\/approvalProcess$/);
    await expect(page.getByText('无权访问')).toHaveCount(0);
    // The provider's approvals: the same page as the staff's.
    await expect(visiblePage(page).getByRole('tab', { name: /待我审批/ })).toBeVisible();
    await shot(page, FLOW, 'outsourced-approval');
    // A staff user without either power is still refused.
    await quietGuide(baseURL!, '13800000004');
    await page.context().clearCookies();
    await logInAt(page, '13800000004', '/approvalProcess');
    await expect(page).toHaveURL(/\/detailError$/);
  });

  test('free plan: a group whose entries are all locked opens its first entry, whose page shows the notice', async ({ page, baseURL }) => {
    await quietGuide(baseURL!, FREE_ADMIN);
    await logIn(page, FREE_ADMIN);
    await page.locator('.sk-top-menu').getByText('运营').click();
    await expect(page).toHaveURL(/\/report\/statusStatistics$/);
    await expect(visiblePage(page).getByText('免费版不支持报表，建议升级为VIP版本，咨询热线：400-800-6688')).toBeVisible();
    await shot(page, FLOW, 'free-all-locked-group');
    // A group with an open entry still goes to it.
    await page.locator('.sk-top-menu').getByText('客户').click();
    await expect(page).toHaveURL(/\/allCustomer$/);
  });

  test('a customer opened from the customer pages keeps 客户 › 全部客户 highlighted at the spec’s path, after a reload too', async ({ page, baseURL }) => {
    await quietGuide(baseURL!, ADMIN);
    await logIn(page, ADMIN);
    await page.locator('.sk-top-menu').getByText('客户').click();
    await expect(page).toHaveURL(/\/allCustomer$/);
    await visiblePage(page).getByRole('link', { name: '苏州吴中湖畔花园业主委员会' }).click();
    await expect(page).toHaveURL(/\/allOrder\/customerDetail\/\d+$/);
    const selectedTop = page.locator('.sk-top-menu .ant-menu-item-selected');
    const selectedSide = page.locator('.sk-sider .ant-menu-item-selected');
    await expect(selectedTop).toHaveText('客户');
    await expect(selectedSide).toHaveText('全部客户');
    await expect(visiblePage(page).getByRole('tab', { name: /^联系人/ })).toBeVisible();
    await shot(page, FLOW, 'customer-detail-highlight');
    await page.reload();
    await expect(visiblePage(page).getByText('苏州吴中湖畔花园业主委员会').first()).toBeVisible();
    await expect(selectedTop).toHaveText('客户');
    await expect(selectedSide).toHaveText('全部客户');
  });

  test('销售合同 and 维保合同 have entries under 客户; a contract created from a customer updates its 合同 tab count', async ({ page, baseURL }) => {
    await quietGuide(baseURL!, ADMIN);
    await logIn(page, ADMIN);
    await page.locator('.sk-top-menu').getByText('客户').click();
    const side = page.locator('.sk-sider');
    await side.getByText('维保合同').click();
    await expect(page).toHaveURL(/\/maintainContract$/);
    await expect(side.locator('.ant-menu-item-selected')).toContainText('维保合同');
    await side.getByText('销售合同').click();
    await expect(page).toHaveURL(/\/saleContract$/);
    await expect(side.locator('.ant-menu-item-selected')).toHaveText('销售合同');
    await visiblePage(page).getByRole('link', { name: 'HT20240301-0001' }).click();
    await expect(page).toHaveURL(/\/saleContract\/detail\/\d+$/);
    await expect(side.locator('.ant-menu-item-selected')).toHaveText('销售合同');
    await shot(page, FLOW, 'contract-entries');

    // From a customer's 合同 tab: the count in the tab follows the new contract without a reload.
    await side.getByText('全部客户').click();
    await visiblePage(page).getByRole('link', { name: '苏州吴中湖畔花园业主委员会' }).click();
    const detail = visiblePage(page);
    const contractsTab = detail.getByRole('tab', { name: /^合同（\d+）$/ });
    const before = Number(((await contractsTab.textContent()) ?? '').match(/\d+/)?.[0]);
    await contractsTab.click();
    await detail.getByRole('button', { name: '新建销售合同' }).click();
    const d = page.getByRole('dialog', { name: '新建销售合同' });
    await d.getByLabel('合同名称').fill(`菜单测试合同${Date.now() % 100000}`);
    await d.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('保存成功').first()).toBeVisible();
    await expect(detail.getByRole('tab', { name: `合同（${before + 1}）` })).toBeVisible();
    await shot(page, FLOW, 'contract-tab-count');
  });
});
