import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';
const SHOTS = path.resolve(import.meta.dirname, '../screenshots');

/** Saves a full-page screenshot under e2e/screenshots/<flow>/<name>.png. */
export async function shot(page: Page, flow: string, name: string): Promise<void> {
  const dir = path.join(SHOTS, flow);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Picks an engineer by name in the 派单 dialog's candidate list (each shown with their load). */
export async function pickEngineer(page: Page, dialog: Locator, name: string): Promise<void> {
  await dialog.getByLabel('选择服务人员').click();
  await page.keyboard.type(name);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).first().click();
}
