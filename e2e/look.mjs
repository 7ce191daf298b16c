// Ad-hoc screenshots (not a test): node e2e/look.mjs <baseURL> <mobile> <width> <path>...
import { chromium } from '@playwright/test';
const [base, mobile, width, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: Number(width), height: Number(width) < 600 ? 780 : 900 } });
await page.goto(`${base}/login`);
await page.getByRole('tab', { name: '密码登录' }).click();
await page.getByPlaceholder('手机号').fill(mobile);
await page.getByPlaceholder('密码').fill('demo1234');
await page.getByRole('button', { name: '登 录' }).click();
await page.waitForURL(/guideOne/);
for (const arg of paths) {
  const [p, click] = arg.split('#');
  await page.goto(base + p);
  await page.waitForTimeout(2500);
  const close = page.locator('.ant-tour-close:visible');
  if (await close.count()) await close.first().click();
  if (click) {
    await page.getByRole('button', { name: click }).first().click();
    await page.waitForTimeout(1200);
  }
  const f = `/tmp/shots/${mobile}-${width}-${arg.replace(/[^a-zA-Z0-9]/g, '_')}.png`;
  await page.screenshot({ path: f });
  console.log(f);
}
await browser.close();
