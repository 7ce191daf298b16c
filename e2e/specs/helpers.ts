import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';
const SHOTS = path.resolve(import.meta.dirname, '../screenshots');

/** Saves a full-page screenshot under e2e/screenshots/<flow>/<name>.png. */
export async function shot(page: Page, flow: string, name: string): Promise<void> {
  const dir = path.join(SHOTS, flow);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
