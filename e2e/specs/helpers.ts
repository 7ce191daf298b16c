import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

/**
 * Playwright's `test`, with every browser context a test opened closed when it ends, passed or failed. A context left
 * open keeps its pages polling the app for the rest of the worker's run: CPU taken from the tests after it, and its
 * pages showed up in later tests' failure screenshots.
 */
export const test = base.extend<{ closeOpenedContexts: undefined }>({
  closeOpenedContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      const opened = browser.contexts().filter((c) => !before.has(c));
      await Promise.all(opened.map((c) => c.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});

export const DEMO_PASSWORD = 'demo1234';
const SHOTS = path.resolve(import.meta.dirname, '../screenshots');

/**
 * Saves a full-page screenshot under e2e/screenshots/<flow>/<name>.png, for people to look at. Not in CI unless
 * E2E_SHOTS=1: nobody looks at them there, and a full-page shot re-lays the whole page out at its full height (measured
 * 5–19 s a shot on a loaded 2-core machine, against 0.3–0.9 s for the visible part). A failing test still leaves its
 * screenshot (`screenshot: 'only-on-failure'`).
 */
const TAKE_SHOTS = !process.env.CI || process.env.E2E_SHOTS === '1';
export async function shot(page: Page, flow: string, name: string): Promise<void> {
  if (!TAKE_SHOTS) return;
  const dir = path.join(SHOTS, flow);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * Drags `source` onto `target`, a drop target of the dispatch board (data-over while a drag is over it), and lets go only
 * once the target knows it: dnd-kit works out what is under the pointer a render after each move, and a release in the
 * instant of the last move dropped on whatever was under the move before it (a busy machine's flaky drop).
 */
export async function dragOnto(page: Page, source: Locator, target: Locator): Promise<void> {
  await source.hover();
  await page.mouse.down();
  const box = await target.boundingBox();
  if (!box) throw new Error('dragOnto: the target is not on the page');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 12 });
  // A target that moved meanwhile (a list above it that grew) is followed where it now stands.
  await expect(async () => {
    const now = await target.boundingBox();
    if (now) await page.mouse.move(now.x + now.width / 2, now.y + now.height / 2 + 1);
    await expect(target).toHaveAttribute('data-over', '1', { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await page.mouse.up();
}

/** Picks an engineer by name in the 派单 dialog's candidate list (each shown with their load). */
export async function pickEngineer(page: Page, dialog: Locator, name: string): Promise<void> {
  await dialog.getByLabel('选择服务人员').click();
  await page.keyboard.type(name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first().click();
}

/**
 * Picks an option of a select whose options the server searches: types, clicks the option and checks the select shows
 * it, again until it does (a click on an option that the next search answer replaced is lost on a busy machine).
 */
export async function pickSearched(page: Page, select: Locator, typed: string, option: string | RegExp): Promise<void> {
  const item = select.locator('xpath=ancestor::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]');
  await expect(async () => {
    await select.click();
    await select.fill(typed);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click({ timeout: 3000 });
    await expect(item).toContainText(option, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Waits until an element has kept its place for 100 ms of real time: Playwright's own check compares two animation
 * frames, which a starved machine can show alike in the middle of a dialog's zoom-in, and the click then lands beside
 * the button.
 */
export async function steady(target: Locator): Promise<void> {
  let last = '';
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await target.boundingBox());
        const same = now === last && now !== 'null';
        last = now;
        return same;
      },
      { intervals: [100], timeout: 10_000 },
    )
    .toBe(true);
}
