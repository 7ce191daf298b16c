// Load scenarios on the app as its own process (as in production): concurrency, and an export under load.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../apps/server/src/db/embedded';

const ROOT = path.resolve(import.meta.dirname, '..');

export interface AppProcess {
  base: string;
  pid: number;
  /** The built web app is served (apps/web/dist exists). */
  servesWeb: boolean;
  stop(): Promise<void>;
}

/**
 * `node scripts/start.mjs` on the bench database, in production mode, with the built web app when there is one;
 * `extraEnv` on top (the replica scenario's DATABASE_READ_URL).
 */
/** The environment of an app process the bench starts: production, no demo, quiet logs, the web build when there is one. */
export function benchAppEnv(databaseUrl: string, port: number, root: string, extraEnv: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    // A few bench users make a crowd's requests: the rate limits (docs/api.md) are raised, their cost stays.
    RATE_LIMIT_SCALE: '1000',
    ...process.env,
    ...extraEnv,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
  };
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) env.WEB_DIST = '/nonexistent';
  return env;
}

export async function startAppProcess(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<AppProcess> {
  const port = await freePort();
  const env = benchAppEnv(databaseUrl, port, ROOT, extraEnv);
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  await answering(child, base);
  const exited = new Promise((r) => child.once('exit', r));
  return {
    base,
    servesWeb: env.WEB_DIST !== '/nonexistent',
    pid: child.pid as number,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the app child at `base` answers its version (two minutes at most); throws if it exits first. */
export async function answering(child: ChildProcess, base: string): Promise<void> {
  for (const until = Date.now() + 120_000; ; await pause(200)) {
    if (child.exitCode != null) throw new Error('app process exited during start');
    if (Date.now() > until) throw new Error('app process did not answer within 120 s');
    if (
      await fetch(`${base}/api/version/info`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
  }
}

/** Resident memory of a process, MB (Linux). */
export function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
  return line ? Number(line[1]) / 1024 : Number.NaN;
}

export interface LoadRow {
  endpoint: string;
  users: number;
  'req/s': string;
  'p50 ms': string;
  'p99 ms': string;
}

/** Each path at 1, 10 and 50 concurrent connections for `seconds` each. */
export async function concurrency(base: string, cookie: string, paths: string[], seconds: number, levels = [1, 10, 50]): Promise<LoadRow[]> {
  const out: LoadRow[] = [];
  for (const p of paths) {
    for (const c of levels) {
      const r = await autocannon({ url: `${base}/api${p}`, connections: c, duration: seconds, headers: { cookie } });
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${p} at ${c}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      out.push({ endpoint: p, users: c, 'req/s': r.requests.average.toFixed(0), 'p50 ms': r.latency.p50.toFixed(1), 'p99 ms': r.latency.p99.toFixed(1) });
    }
  }
  return out;
}

export interface ExportResult {
  rows: number;
  seconds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
  /** Seconds after the export until RSS was back within 10 % of its level before it (null: not within RSS_WAIT_S). */
  rssBackAfterS: number | null;
  infoP50: number;
  infoP99: number;
  infoRequests: number;
}

/** Starts an export of `exportPath` (with `body`, the list's filters) and measures session info (4 connections) until the download centre says done. */
export async function exportUnderLoad(app: AppProcess, cookie: string, exportPath: string, rows: number, body = '{}'): Promise<ExportResult> {
  const me = await (await fetch(`${app.base}/api/v2/sessionUser/info`, { headers: { cookie } })).json();
  const csrf = me.data.csrfToken as string;
  const rssBeforeMb = rssMb(app.pid);
  let rssPeakMb = rssBeforeMb;
  const t0 = Date.now();
  const started = await (
    await fetch(`${app.base}/api${exportPath}`, { method: 'POST', headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' }, body })
  ).json();
  if (!started.success) throw new Error(`export refused: ${started.message}`);
  const load = autocannon({ url: `${app.base}/api/v2/sessionUser/info`, connections: 4, duration: 1800, headers: { cookie } });
  let done = false;
  while (!done) {
    await pause(250);
    rssPeakMb = Math.max(rssPeakMb, rssMb(app.pid));
    const list = await (await fetch(`${app.base}/api/fileDownloadCenter/list`, { headers: { cookie } })).json();
    const item = list.data.list.find((x: { id: number }) => x.id === started.data.id);
    if (item?.process_state === 3) throw new Error(`export failed: ${item.error}`);
    done = item?.process_state === 2;
  }
  const seconds = (Date.now() - t0) / 1000;
  load.stop();
  const r = await load;
  const back = await rssBack(app.pid, rssBeforeMb);
  return { rows, seconds, rssBeforeMb, rssPeakMb, ...back, infoP50: r.latency.p50, infoP99: r.latency.p99, infoRequests: r.requests.total };
}

const RSS_WAIT_S = 120;

/**
 * V8 keeps the garbage of a busy spell (here: the export and the requests beside it) until its memory reducer runs,
 * some 30–60 s after the load ends; so RSS is watched until it is back within 10 % of its level before, or RSS_WAIT_S.
 */
async function rssBack(pid: number, beforeMb: number): Promise<{ rssAfterMb: number; rssBackAfterS: number | null }> {
  const t0 = Date.now();
  let now = rssMb(pid);
  while (now > beforeMb * 1.1 && Date.now() - t0 < RSS_WAIT_S * 1000) {
    await pause(1000);
    now = rssMb(pid);
  }
  return { rssAfterMb: now, rssBackAfterS: now <= beforeMb * 1.1 ? Math.round((Date.now() - t0) / 1000) : null };
}

/** "RSS 215 → peak 326 → 163 MB, back 38 s after the export" (or "not back within 120 s"). */
export const rssLine = (e: ExportResult): string =>
  `RSS ${e.rssBeforeMb.toFixed(0)} → peak ${e.rssPeakMb.toFixed(0)} → ${e.rssAfterMb.toFixed(0)} MB, ${
    e.rssBackAfterS === null ? `not back within ${RSS_WAIT_S} s` : `back ${e.rssBackAfterS} s after the export`
  }`;
