// Ad-hoc phone-width walk (not a test): node e2e/phone-walk.mjs <baseURL> <mobile>...
// Opens every menu entry of each demo user at 390 px and names the pages that scroll sideways, have an element past
// the screen's edge (outside a table, tab bar or other scroller), show an error toast or throw; each gets a screenshot
// in /tmp/phone-walk. The demo password is DEMO_PASSWORD (demo1234 by default). WALK_WIDTH=1440 walks at desktop width.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const [base, ...users] = process.argv.slice(2);
const password = process.env.DEMO_PASSWORD ?? 'demo1234';
const out = '/tmp/phone-walk';
const width = Number(process.env.WALK_WIDTH ?? 390);
mkdirSync(out, { recursive: true });

/** Every unlocked path of the menu answer. */
function pathsOf(menu) {
  const paths = new Set();
  const walk = (x) => {
    if (Array.isArray(x)) x.forEach(walk);
    else if (x && typeof x === 'object') {
      if (typeof x.path === 'string' && x.path.startsWith('/') && !x.locked) paths.add(x.path);
      Object.values(x).forEach(walk);
    }
  };
  walk(menu);
  return [...paths];
}

/** What is wrong with the page as it stands (nothing: null). */
function lookAt() {
  const w = window.innerWidth;
  const scrollers = '.ant-table-wrapper, .ant-tabs-nav-wrap, .ant-segmented, .ant-anchor, [style*="overflow"]';
  const wide = [...document.querySelectorAll('.sk-page *')]
    .filter((e) => e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().right > w + 2 && !e.closest(scrollers))
    .slice(0, 3)
    .map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].slice(0, 2).join('.')}`);
  const toasts = [...document.querySelectorAll('.ant-message-error, .ant-message-warning')].map((t) => t.textContent);
  const sideways = document.documentElement.scrollWidth > w + 2;
  return sideways || wide.length || toasts.length ? { sideways, wide, toasts } : null;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
for (const mobile of users) {
  const phone = width < 768;
  const ctx = await browser.newContext({
    viewport: { width, height: phone ? 780 : 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    isMobile: phone,
    hasTouch: phone,
  });
  const page = await ctx.newPage();
  const thrown = [];
  page.on('pageerror', (e) => thrown.push(e.message));
  const login = await (await page.request.post(`${base}/api/stand/pwdLogin`, { data: { mobile, password } })).json();
  if (!login.success) {
    console.log(mobile, 'login failed:', login.message);
    continue;
  }
  const me = await (await page.request.get(`${base}/api/v2/sessionUser/info`)).json();
  await page.request.post(`${base}/api/schema/finishNoviceGuide`, { headers: { 'X-CSRF-Token': me.data.csrfToken } });
  const paths = pathsOf((await (await page.request.get(`${base}/api/v2/menu/listV2`)).json()).data);
  for (const p of paths) {
    thrown.length = 0;
    await page.goto(base + p);
    await page.waitForTimeout(1800);
    const wrong = await page.evaluate(lookAt);
    if (wrong || thrown.length) {
      const file = `${out}/${mobile}${p.replace(/[^a-zA-Z0-9]/g, '_')}.png`;
      await page.screenshot({ path: file });
      console.log(mobile, p, JSON.stringify(wrong), thrown.slice(0, 2).join(' | '), file);
    }
  }
  console.log(mobile, `walked ${paths.length} entries`);
  await ctx.close();
}
await browser.close();
