import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { test } from './helpers';
import { ADMIN, ApiUser, DISPATCHER, logIn, openInApp, quietGuide } from './shell.support';

// Accessibility (docs/accessibility.md): axe (WCAG 2 A and AA rules) finds no serious or critical violation on the pages
// the demo users work in most, each opened as the user who works there (the engineer at phone width). One login per
// user, pages opened one after another in the same browser page; every page's violations are gathered and printed
// together, so one run shows everything that is left.

const ENGINEER = '13800000002';
const KEEPER = '13800000009';
const PHONE = { width: 390, height: 844 };

interface Found {
  page: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Waits until the page has loaded its data: no request in flight, no spinner or skeleton, its lazy chunk in place. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  // A spinner that stays (a part still waiting on something) does not stop the audit: axe checks what is there.
  await expect(page.locator('.sk-page-loading:visible, .ant-spin-spinning:visible, .ant-skeleton:visible'))
    .toHaveCount(0, { timeout: 15_000 })
    .catch(() => {});
  // antd lays its tab bars out after paint: for a moment a bar can hold no tab (all in its overflow list). A bar that
  // stays empty is still reported by axe.
  await expect(page.locator('[role=tablist]:visible:not(:has([role=tab]))'))
    .toHaveCount(0, { timeout: 5_000 })
    .catch(() => {});
  // Three frames with no change to the document: the app's layout repairs (lib/a11y.ts) run once a frame after a render
  // or a resize, and a late render (a query settling after networkidle) gets its repair before axe reads the page. A
  // page that keeps changing is audited after 3 s as it is.
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        let changed = false;
        let quiet = 0;
        const watch = new MutationObserver(() => {
          changed = true;
        });
        watch.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        const until = performance.now() + 3_000;
        const frame = () => {
          quiet = changed ? 0 : quiet + 1;
          changed = false;
          if (quiet < 3 && performance.now() < until) return requestAnimationFrame(frame);
          watch.disconnect();
          done();
        };
        requestAnimationFrame(frame);
      }),
  );
}

/**
 * Runs axe on the page (or a part of it) and answers its serious and critical violations. A page with some is settled
 * and read once more, and what is still there is answered: a late render caught between its change and the repair
 * that follows it in the next frame (a table region that scrolls before it is made focusable) is not what a user meets.
 */
async function audit(page: Page, name: string, include?: string): Promise<Found[]> {
  const first = await violationsOf(page, name, include);
  return first.length === 0 ? first : violationsOf(page, name, include);
}

async function violationsOf(page: Page, name: string, include?: string): Promise<Found[]> {
  await settle(page);
  // Violations only (no passes or incomplete results to gather): a third of the time on a busy machine. axe.run in the
  // page itself ("legacy" mode): by default each frame's results are merged in a blank page opened in the context for
  // every audit, which was about half of each audit's time (the audited pages hold no frame from another origin).
  let axe = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
  if (include) axe = axe.include(include);
  const { violations } = await axe.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      page: name,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      targets: v.nodes.slice(0, 8).map((n) => `${n.target.join(' ')}  ${n.html.slice(0, 160)}`),
    }));
}

/** Opens a path inside the running app (as its links do) and audits it. */
async function visit(page: Page, path: string, found: Found[]): Promise<void> {
  await openInApp(page, path);
  found.push(...(await audit(page, path)));
}

const report = (found: Found[]): string => found.map((f) => `${f.page}: ${f.rule} (${f.impact}) ${f.help}\n    ${f.targets.join('\n    ')}`).join('\n');

/** The first order of a list scope the user sees, for its detail page. */
async function firstOrder(baseURL: string, mobile: string, scope: 'all' | 'mine'): Promise<number> {
  const u = await ApiUser.login(baseURL, mobile);
  const r = await u.get(`/v2/order/getAllOrderList?scope=${scope}&pageIndex=0&pageSize=10`);
  await u.dispose();
  expect(r.success, r.message).toBe(true);
  return r.data.list[0].id as number;
}

test.describe('accessibility: no serious or critical axe violation', () => {
  // Several pages per test, each waited for and audited.
  test.describe.configure({ timeout: 150_000 });
  test('the login page and the administrator’s pages', async ({ page, baseURL }) => {
    const found: Found[] = [];
    await page.goto('/login');
    found.push(...(await audit(page, '/login')));

    await quietGuide(baseURL!, ADMIN);
    await logIn(page, ADMIN);
    found.push(...(await audit(page, '/guideOne')));
    await visit(page, '/allOrder', found);
    await visit(page, `/allOrder/orderDetail/${await firstOrder(baseURL!, ADMIN, 'all')}`, found);
    await visit(page, '/allCustomer', found);
    // The customer detail from the list, as a user gets there.
    await page.locator('.sk-page:visible .ant-table-row a').first().click();
    await expect(page).toHaveURL(/customerDetail/);
    found.push(...(await audit(page, '/allOrder/customerDetail')));
    await visit(page, '/Myevent', found);
    await visit(page, '/allProject', found);
    await visit(page, '/approvalProcess', found);
    await visit(page, '/systemSetting', found);
    // The notices drawer over the last page.
    await page.getByRole('button', { name: '通知' }).click();
    await expect(page.locator('.ant-drawer-open')).toBeVisible();
    found.push(...(await audit(page, '通知 drawer', '.ant-drawer-open')));
    expect(found, report(found)).toEqual([]);
  });

  test('the dispatcher’s pages', async ({ page, baseURL }) => {
    const found: Found[] = [];
    await quietGuide(baseURL!, DISPATCHER);
    await logIn(page, DISPATCHER);
    await visit(page, '/createOrder', found);
    await visit(page, '/assignOrder', found);
    await visit(page, '/assignOrderInMap', found);
    await visit(page, '/schedule/board', found);
    await expect(page.locator('[data-testid^="slot-"]').first()).toBeVisible();
    expect(found, report(found)).toEqual([]);
  });

  test('the engineer’s pages at phone width', async ({ page, baseURL }) => {
    const found: Found[] = [];
    await page.setViewportSize(PHONE);
    await quietGuide(baseURL!, ENGINEER);
    await logIn(page, ENGINEER);
    found.push(...(await audit(page, '/guideOne (phone)')));
    await visit(page, '/myOrder', found);
    await visit(page, `/allOrder/orderDetail/${await firstOrder(baseURL!, ENGINEER, 'mine')}`, found);
    await visit(page, '/orderHighSeas', found);
    await visit(page, '/spareMine', found);
    expect(found, report(found)).toEqual([]);
  });

  test('the spare-parts keeper’s pages', async ({ page, baseURL }) => {
    const found: Found[] = [];
    await quietGuide(baseURL!, KEEPER);
    await logIn(page, KEEPER);
    await visit(page, '/spareGet', found);
    await visit(page, '/spareStock', found);
    expect(found, report(found)).toEqual([]);
  });
});
