// CPU per request of the app (issue 35): npx tsx bench/cpu.ts. A busy machine changes throughput a lot and the CPU a
// request costs the app's process very little, so this measures the latter: the app runs as in production
// (bench/cpu.child.mjs: NODE_ENV=production, main.ts's buildApp, pool and logger, plus an IPC channel that answers
// process.cpuUsage() and the statements the requests sent; no route is added; the job workers are left out unless
// BENCH_CPU_BACKGROUND=1, since their polling would land on the requests), the requests go one at a time on one
// keep-alive connection, and each case prints the app's CPU milliseconds per request (user + system, the median of
// BENCH_CPU_ROUNDS rounds taken in turn with the other cases) and its round trips (statements) per request.
import { type ChildProcess, fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import path from 'node:path';
import { freePort } from '../apps/server/src/db/embedded';
import { sql } from 'drizzle-orm';
import { runAlone, withBenchDatabase } from './alone';
import { answering, benchAppEnv } from './load';
import { seedOrders } from './orders.seed';
import { benchLogin, seedLarge } from './seed';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Requests measured per case (after WARMUP untimed ones). */
const N = Number(process.env.BENCH_CPU_REQUESTS ?? 1000);
const WARMUP = Number(process.env.BENCH_CPU_WARMUP ?? 300);
/** Rounds the N requests of a case are split in, taken in turn with the other cases. */
const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 5);
/** As a browser asks (answers of 1 KB and more are compressed); BENCH_ENCODING=identity leaves compression out. */
/** CPU a second under which the app counts as idle (its timers and the job queue's polling). */
const IDLE_MS_PER_S = Number(process.env.BENCH_CPU_IDLE ?? 50);
const ENCODING = process.env.BENCH_ENCODING ?? 'gzip, deflate, br';

interface Usage {
  cpu: NodeJS.CpuUsage;
  requests: number;
  statements: number;
  heap: number;
}

export interface CpuCase {
  name: string;
  path: string;
}

export interface CpuRow {
  case: string;
  requests: number;
  /** The app's CPU (user + system) per request, ms. */
  cpuMs: number;
  /** The lowest round's CPU per request, ms. */
  minMs: number;
  userMs: number;
  systemMs: number;
  /** Statements (round trips to PostgreSQL, BEGIN/COMMIT included) per request. */
  statements: number;
  /** Bytes of one answer as sent. */
  bytes: number;
  /** Wall time per request, ms (the idle CPU over it is part of cpuMs). */
  wallMs: number;
}

interface App {
  base: string;
  usage(): Promise<Usage>;
  stop(): Promise<void>;
}

const argsOf = (v: string | undefined): string[] => (v ?? '').split(' ').filter(Boolean);

async function startApp(databaseUrl: string, root = ROOT, execArgv = argsOf(process.env.BENCH_CPU_NODE_ARGS)): Promise<App> {
  const port = await freePort();
  const env = benchAppEnv(databaseUrl, port, root);
  const child: ChildProcess = fork(path.join(root, 'bench/cpu.child.mjs'), [], { cwd: root, env, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const base = `http://127.0.0.1:${port}`;
  await answering(child, base);
  const exited = new Promise((r) => child.once('exit', r));
  return {
    base,
    usage: () =>
      new Promise<Usage>((resolve) => {
        child.once('message', (m) => resolve(m as Usage));
        child.send('usage');
      }),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One GET on the keep-alive connection; answers the status and the bytes received. */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; bytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, bytes: body.length, body });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** One round of a case: CPU (user, system) and statements over `n` requests, and their wall time. */
interface Round {
  user: number;
  system: number;
  statements: number;
  requests: number;
  wallMs: number;
  bytes: number;
}

async function round(app: App, url: string, headers: Record<string, string>, n: number): Promise<Round> {
  const before = await app.usage();
  const t0 = performance.now();
  let bytes = 0;
  for (let i = 0; i < n; i++) bytes = (await get(url, headers)).bytes;
  const wallMs = performance.now() - t0;
  const after = await app.usage();
  return {
    user: (after.cpu.user - before.cpu.user) / 1000 / n,
    system: (after.cpu.system - before.cpu.system) / 1000 / n,
    statements: (after.statements - before.statements) / Math.max(1, after.requests - before.requests),
    requests: after.requests - before.requests,
    wallMs: wallMs / n,
    bytes,
  };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? (s[(s.length - 1) / 2] as number) : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
};

/** An app to measure, with the headers of its session. */
export interface Measured {
  label: string;
  app: App;
  headers: Record<string, string>;
}

/**
 * Each case on each app: WARMUP untimed requests, then N one after another in ROUNDS rounds taken in turn with the
 * other cases and the other apps (so a background job or a busy spell of the machine lands on one round, and two
 * checkouts compared meet the same machine); each figure is the median over the rounds of the app's CPU per request.
 */
export async function measureCpu(apps: Measured[], cases: CpuCase[]): Promise<(CpuRow & { label: string })[]> {
  const url = (m: Measured, c: CpuCase) => `${m.app.base}/api${c.path}`;
  for (const m of apps) {
    for (const c of cases) {
      const probe = await get(url(m, c), { ...m.headers, 'accept-encoding': 'identity' });
      const answer = JSON.parse(probe.body.toString()) as { success?: boolean; message?: string };
      if (probe.status !== 200 || answer.success === false) throw new Error(`${m.label} ${c.name}: ${probe.status} ${answer.message ?? ''}`);
      for (let k = 0; k < WARMUP; k++) await get(url(m, c), m.headers);
    }
  }
  const rounds = new Map<string, Round[]>();
  const per = Math.max(1, Math.round(N / ROUNDS));
  for (let r = 0; r < ROUNDS; r++) {
    for (const c of cases) {
      for (const m of apps) {
        const key = `${m.label}\u0000${c.name}`;
        rounds.set(key, [...(rounds.get(key) ?? []), await round(m.app, url(m, c), m.headers, per)]);
      }
    }
  }
  return cases.flatMap((c) =>
    apps.map((m) => {
      const rs = rounds.get(`${m.label}\u0000${c.name}`) ?? [];
      const cpu = rs.map((x) => x.user + x.system);
      const row = {
        label: m.label,
        case: c.name,
        requests: rs.reduce((s, x) => s + x.requests, 0),
        cpuMs: median(cpu),
        minMs: Math.min(...cpu),
        userMs: median(rs.map((x) => x.user)),
        systemMs: median(rs.map((x) => x.system)),
        statements: median(rs.map((x) => x.statements)),
        bytes: rs[0]?.bytes ?? 0,
        wallMs: median(rs.map((x) => x.wallMs)),
      };
      console.info(
        `  ${m.label} ${c.name}: ${row.cpuMs.toFixed(3)} ms of CPU (rounds ${cpu.map((x) => x.toFixed(2)).join(' ')}), ${row.statements.toFixed(2)} statements`,
      );
      return row;
    }),
  );
}

/** The app's CPU with no request at all over `ms` (its timers and the job queue's polling), ms per second. */
async function idleCpu(app: App, ms: number): Promise<number> {
  const before = await app.usage();
  await new Promise((r) => setTimeout(r, ms));
  const after = await app.usage();
  return (after.cpu.user - before.cpu.user + after.cpu.system - before.cpu.system) / 1000 / (ms / 1000);
}

/** BENCH_CPU_CASES: a comma-separated subset of the cases by name (e.g. 'detail,first page' for a profile). */
const ONLY = process.env.BENCH_CPU_CASES?.split(',').map((x) => x.trim());

export function orderCpuCases(orderId: number, orders: number): CpuCase[] {
  const list = '/v2/order/getAllOrderList?pageSize=20';
  // Page 5,000 (offset 99,980) as issue 35 measures it, or a page as deep as the seed allows (9/10 of its rows).
  const deep = Math.max(0, Math.min(4999, Math.floor((orders * 0.9) / 20)));
  const all: CpuCase[] = [
    { name: 'detail', path: `/order/orderDetail?orderId=${orderId}` },
    { name: 'first page', path: `${list}&pageIndex=0` },
    { name: `page ${(deep + 1).toLocaleString('en')}`, path: `${list}&pageIndex=${deep}` },
    { name: 'filtered page (states 3,4)', path: `${list}&pageIndex=0&states=3,4` },
    { name: 'filtered page (空调, all time)', path: `${list}&pageIndex=0&keyword=${encodeURIComponent('空调')}` },
    { name: 'session info', path: '/v2/sessionUser/info' },
  ];
  return ONLY ? all.filter((c) => ONLY.some((x) => c.name.startsWith(x))) : all;
}

async function main(): Promise<void> {
  await withBenchDatabase('cpu', async (database) => {
    const ep = await seedLarge(database.db, 2000);
    const seed = await seedOrders(database.db, ep.enterpriseId, Number(process.env.BENCH_ORDERS ?? 100_000));
    console.info(`orders: ${seed.orders} ${seed.reused ? 'reused' : `seeded in ${seed.seconds.toFixed(0)} s`}`);
    // The geocoding backfill would place every seeded address in the background while the requests are measured: the
    // seeded rows are marked as placed nowhere instead (triggers off, as the seed writes them), which no case reads.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update orders set geo_precision = 'none' where geo_precision is null`);
    });
    // BENCH_CPU_COMPARE: another checkout (with its node_modules and this bench's cpu.child.mjs) measured beside this
    // one, round for round, on the same database: the before and after of a change on the same machine at once.
    const other = process.env.BENCH_CPU_COMPARE;
    // BENCH_CPU_BEFORE_NODE_ARGS: Node's flags for the 'before' app (a flag's effect, with BENCH_CPU_COMPARE=.).
    const roots: [string, string, string[]][] = other
      ? [
          ['before', path.resolve(other), argsOf(process.env.BENCH_CPU_BEFORE_NODE_ARGS ?? process.env.BENCH_CPU_NODE_ARGS)],
          ['after', ROOT, argsOf(process.env.BENCH_CPU_NODE_ARGS)],
        ]
      : [['this', ROOT, argsOf(process.env.BENCH_CPU_NODE_ARGS)]];
    const apps: Measured[] = [];
    try {
      for (const [label, root, execArgv] of roots) {
        const app = await startApp(database.url, root, execArgv);
        apps.push({ label, app, headers: { cookie: await benchLogin(app.base, ep.enterpriseId), 'accept-encoding': ENCODING } });
      }
      // Anything the app does on its own (BENCH_CPU_BACKGROUND=1: the job workers, the summary's flush of a fresh
      // seed) would count against the requests: wait until the apps are idle.
      const idleAll = async (ms: number) => {
        const each = await Promise.all(apps.map((m) => idleCpu(m.app, ms)));
        console.info(`  idle, ms of CPU a second: ${apps.map((m, i) => `${m.label} ${(each[i] as number).toFixed(1)}`).join(', ')}`);
        return Math.max(...each);
      };
      let idle = await idleAll(2000);
      for (const until = Date.now() + 90_000; idle > IDLE_MS_PER_S && Date.now() < until; idle = await idleAll(2000)) {
        console.info(`  an app is busy on its own (${idle.toFixed(0)} ms of CPU a second): waiting`);
      }
      const figures = await measureCpu(apps, orderCpuCases(seed.orderId, seed.orders));
      // The idle rate before and after the cases, averaged: what 'net of idle' takes off each request's wall time.
      idle = (idle + (await idleAll(3000))) / 2;
      console.info(
        `CPU per request of the app's process (${N} requests a case after ${WARMUP} untimed, one at a time, in ${ROUNDS} rounds taken in turn; the median round; accept-encoding: ${ENCODING}):`,
      );
      console.table(
        figures.map((r) => ({
          ...(other ? { code: r.label } : {}),
          case: r.case,
          'CPU ms/req': r.cpuMs.toFixed(3),
          'lowest round': r.minMs.toFixed(3),
          'user ms': r.userMs.toFixed(3),
          'system ms': r.systemMs.toFixed(3),
          'net of idle': Math.max(0, r.cpuMs - (idle * r.wallMs) / 1000).toFixed(3),
          'statements/req': r.statements.toFixed(2),
          'wall ms/req': r.wallMs.toFixed(2),
          'bytes sent': r.bytes,
        })),
      );
      console.info(`The apps idle: at most ${idle.toFixed(2)} ms of CPU a second (before and after the cases), included in 'CPU ms/req'.`);
    } finally {
      for (const m of apps) await m.app.stop();
    }
  });
}

runAlone(import.meta, main);
