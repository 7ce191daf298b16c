// First table row of /allCustomer and /allOrder in headless Chromium, cold cache, at normal CPU and 4× throttled (goal 2.5 s).
// `browserFirstRow` is for the bench runner (a server already listening); run this file alone to start one of its own.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from 'playwright-core';

export interface FirstRowOptions {
  /** Where the app (API and built web app) listens, e.g. http://127.0.0.1:3000. */
  base: string;
  /**
   * Further apps measured interleaved with `base`, run by run (e.g. one per build, to compare before and after on a
   * machine whose load changes: each of its medians is taken over the same stretch of time).
   */
  others?: string[];
  mobile?: string;
  password?: string;
  enterpriseId?: number;
  /** Runs per CPU rate; the median is reported. */
  runs?: number;
  /** CPU throttling rates (1 = none), via CDP Emulation.setCPUThrottlingRate. */
  rates?: number[];
  /** One page; `pages` measures several, each at every rate (default: FIRST_ROW_PAGES). */
  page?: string;
  pages?: string[];
}

/** The goal for the first row at 4× CPU throttling, a slow phone (issue 36): 2.5 s. */
export const FIRST_ROW_GOAL_MS = 2500;
/** The lists measured by default: the customer list and the order list. */
export const FIRST_ROW_PAGES = ['/allCustomer', '/allOrder'];

export interface FirstRowResult {
  page: string;
  /** The app measured (`base` or one of `others`). */
  base: string;
  cpu: number;
  /** Milliseconds from navigation start to the first table row being laid out, one per run. */
  times: number[];
  median: number;
  /** Requests and bytes on the wire of the last run (to see what the first load fetches). */
  requests: number;
  transferKb: number;
}

const ROW = '.ant-table-tbody tr.ant-table-row';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'];

export async function browserFirstRow(opts: FirstRowOptions): Promise<FirstRowResult[]> {
  const o = {
    mobile: '13800000003',
    password: 'demo1234',
    runs: 5,
    rates: [1, 4],
    page: '/allCustomer',
    pages: [] as string[],
    others: [] as string[],
    ...opts,
  };
  const pages = opts.pages ?? (opts.page ? [opts.page] : FIRST_ROW_PAGES);
  const bases = [o.base, ...o.others];
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    for (const base of bases) await quietGuide(browser, { ...o, base });
    const out: FirstRowResult[] = [];
    for (const page of pages) {
      for (const cpu of o.rates) {
        const runs = bases.map(() => ({ times: [] as number[], last: { requests: 0, bytes: 0 } }));
        // One warm-up run per app, page and rate (server caches, Chromium's own start-up), not counted.
        for (const base of bases) await oneRun(browser, { ...o, base, page }, cpu);
        for (let i = 0; i < o.runs; i++) {
          for (const [b, base] of bases.entries()) {
            const r = await oneRun(browser, { ...o, base, page }, cpu);
            const acc = runs[b] as (typeof runs)[number];
            acc.times.push(r.ms);
            acc.last = r;
          }
        }
        for (const [b, base] of bases.entries()) {
          const { times, last } = runs[b] as (typeof runs)[number];
          out.push({ page, base, cpu, times, median: median(times), requests: last.requests, transferKb: last.bytes / 1024 });
        }
      }
    }
    return out;
  } finally {
    await browser.close();
  }
}

type Opts = Required<Omit<FirstRowOptions, 'enterpriseId'>> & { enterpriseId?: number };

/** A fresh context (empty cache), logged in through the API, then one cold load of the page. */
async function oneRun(browser: Browser, o: Opts, cpu: number): Promise<{ ms: number; requests: number; bytes: number }> {
  const context = await browser.newContext({ baseURL: o.base, viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  try {
    await login(context.request, o);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await cdp.send('Network.enable');
    let requests = 0;
    let bytes = 0;
    cdp.on('Network.loadingFinished', (e) => {
      requests++;
      bytes += e.encodedDataLength;
    });
    await page.goto(o.page, { waitUntil: 'commit' });
    // The page records the first frame that shows a row, against its own navigation start.
    const handle = await page.waitForFunction(
      (sel) => {
        const row = document.querySelector(sel);
        return row && row.getBoundingClientRect().height > 0 ? performance.now() : false;
      },
      ROW,
      { polling: 'raf', timeout: 120_000 },
    );
    const ms = (await handle.jsonValue()) as number;
    return { ms, requests, bytes };
  } finally {
    await context.close();
  }
}

async function login(api: import('playwright-core').APIRequestContext, o: Opts): Promise<string> {
  const r = await api.post('/api/stand/pwdLogin', { data: { mobile: o.mobile, password: o.password, enterpriseId: o.enterpriseId } });
  const body = (await r.json()) as { success: boolean; message: string; data?: { needChoose?: boolean } };
  if (!body.success || body.data?.needChoose) throw new Error(`login failed: ${body.message}`);
  const info = (await (await api.get('/api/v2/sessionUser/info')).json()) as { data: { csrfToken: string } };
  return info.data.csrfToken;
}

/** The new-user tour would cover the page; mark it seen once. */
async function quietGuide(browser: Browser, o: Opts): Promise<void> {
  const context = await browser.newContext({ baseURL: o.base });
  try {
    const csrf = await login(context.request, o);
    await context.request.post('/api/schema/finishNoviceGuide', { data: {}, headers: { 'X-CSRF-Token': csrf } });
  } finally {
    await context.close();
  }
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

export function printFirstRow(results: FirstRowResult[]): void {
  console.table(
    results.map((r) => ({
      page: r.page,
      ...(new Set(results.map((x) => x.base)).size > 1 ? { app: r.base } : {}),
      CPU: r.cpu === 1 ? 'normal' : `${r.cpu}× throttled`,
      'first row p50 ms': Math.round(r.median),
      // The goal is set at 4× throttling (a slow phone); at normal speed there is none to meet.
      goal: r.cpu >= 4 ? `${FIRST_ROW_GOAL_MS} ms: ${r.median <= FIRST_ROW_GOAL_MS ? 'met' : 'missed'}` : '-',
      runs: r.times.map((t) => Math.round(t)).join(' '),
      requests: r.requests,
      'transfer KB': Math.round(r.transferKb),
    })),
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** `npm start` on a fresh data directory (demo seed), production mode, until it answers; `webDist` picks the build. */
async function startApp(port: number, dataDir: string, webDist?: string): Promise<ChildProcess> {
  const root = path.resolve(import.meta.dirname, '..');
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      // A few bench users make a crowd's requests: the rate limits (docs/api.md) are raised, their cost stays.
      RATE_LIMIT_SCALE: '1000',
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      DEMO_PASSWORD: 'demo1234',
      ...(webDist ? { WEB_DIST: path.resolve(webDist) } : {}),
    },
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/version/info`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error('server did not start within 180 s');
}

/**
 * `BENCH_BASE_URL` (comma-separated for several, measured interleaved) uses apps already running; otherwise one app
 * is started per build in `BENCH_WEB_DISTS` (comma-separated, e.g. `/tmp/dist-main,apps/web/dist`: before and after,
 * interleaved), or one on `WEB_DIST` / apps/web/dist; the first on `BENCH_PORT`, the next on the ports after it.
 */
async function main(): Promise<void> {
  const runs = Number(process.env.BENCH_BROWSER_RUNS ?? 5);
  let bases = (process.env.BENCH_BASE_URL ?? '').split(',').filter(Boolean);
  const children: ChildProcess[] = [];
  const dataDirs: string[] = [];
  try {
    if (bases.length === 0) {
      const dists = (process.env.BENCH_WEB_DISTS ?? '').split(',').filter(Boolean);
      const first = Number(process.env.BENCH_PORT ?? 0);
      for (const [i, dist] of (dists.length ? dists : [undefined]).entries()) {
        const dataDir = mkdtempSync(path.join(tmpdir(), 'sk-bench-browser-'));
        chmodSync(dataDir, 0o755); // the embedded server runs as the postgres user when we are root
        dataDirs.push(dataDir);
        const port = first ? first + i : await freePort();
        children.push(await startApp(port, dataDir, dist));
        bases.push(`http://127.0.0.1:${port}`);
      }
    }
    bases = [...new Set(bases)];
    const [base, ...others] = bases as [string, ...string[]];
    printFirstRow(await browserFirstRow({ base, others, runs }));
  } finally {
    for (const child of children) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
