// npm run bench: seeds one large enterprise, then prints each endpoint's API latency next to its own SQL run directly.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openPostgres } from '../apps/server/src/db/client';
import { openEmbedded } from '../apps/server/src/db/open';
import { migrate } from '../apps/server/src/migrate';
import { createDeps } from '../apps/server/src/platform/create-deps';
import { captureSql, percentile, replay } from './capture';
import { concurrency, exportUnderLoad, rssLine, startAppProcess } from './load';
import type { OrderSeed } from './orders.seed';
import { BENCH_ADMIN_MOBILE, BENCH_PASSWORD, seedLarge, benchLogin } from './seed';

const USERS = Number(process.env.BENCH_USERS ?? 200_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

async function open(): Promise<{ database: Database; cleanup: () => void; where: string }> {
  if (url) return { database: await openPostgres(url, 4), cleanup: () => {}, where: 'PostgreSQL (DATABASE_URL)' };
  const dir = mkdtempSync(path.join(tmpdir(), 'sk-bench-'));
  chmodSync(dir, 0o755);
  const database = await openEmbedded(path.join(dir, 'pg'), () => {}, false);
  return { database, cleanup: () => rmSync(dir, { recursive: true, force: true }), where: `embedded PostgreSQL ${dir}` };
}

async function getJson(base: string, p: string, cookie: string): Promise<{ status: number; body: { success?: boolean; message?: string } }> {
  const res = await fetch(`${base}/api${p}`, { headers: { cookie } });
  return { status: res.status, body: res.status === 200 ? await res.json() : {} };
}

interface Row {
  endpoint: string;
  apiP50: number;
  apiP99: number;
  sqlP50: number;
  statements: number;
}

async function measure(database: Database, base: string, cookie: string, p: string): Promise<Row> {
  for (let i = 0; i < 5; i++) await getJson(base, p, cookie);
  const statements = await captureSql(database, async () => {
    await getJson(base, p, cookie);
  });
  const r = await autocannon({ url: `${base}/api${p}`, connections: 1, duration: SECONDS, headers: { cookie } });
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${p}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  const times = await replay(database, statements, 2000, SECONDS * 500);
  return { endpoint: p, apiP50: r.latency.p50, apiP99: r.latency.p99, sqlP50: percentile(times, 50), statements: statements.length };
}

function print(rows: Row[]): void {
  const table = rows.map((r) => ({
    endpoint: r.endpoint,
    'API p50 ms': r.apiP50.toFixed(2),
    'API p99 ms': r.apiP99.toFixed(2),
    'SQL p50 ms': r.sqlP50.toFixed(2),
    statements: r.statements,
    'API/SQL': (r.apiP50 / r.sqlP50).toFixed(2),
  }));
  console.table(table);
}

async function main(): Promise<void> {
  const started = Date.now();
  const { database, cleanup, where } = await open();
  let orderSeed: OrderSeed | null = null;
  try {
    await migrate(database);
    const t0 = Date.now();
    const seeded = await seedLarge(database.db, USERS);
    await database.db.execute('analyze' as never);
    console.info(`${where}: ${seeded.users} users ${seeded.reused ? 'reused' : `seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`}`);

    // A few bench users make a crowd's requests: the rate limits (docs/api.md) are raised, their cost stays.
    const config = loadConfig({ RATE_LIMIT_SCALE: '1000', ...process.env, NODE_ENV: 'production', SEED_DEMO: '0', LOG_LEVEL: 'warn' });
    const app = await buildApp(createDeps(config, database));
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const cookie = await benchLogin(base, seeded.enterpriseId);
      const paths = ['/v2/sessionUser/info'];
      const list = `/v2/user/list?role=2&deptId=${seeded.deptId}&pageIndex=0&pageSize=20`;
      // The user list belongs to the organisation module; fall back to the menu while it is not registered.
      const probe = await getJson(base, list, cookie);
      paths.push(probe.status === 200 && probe.body.success ? list : '/v2/menu/listV2');
      paths.push('/v2/menu/mobile/getCount');
      const rows: Row[] = [];
      for (const p of paths) rows.push(await measure(database, base, cookie, p));
      print(rows);
      if (process.env.BENCH_CUSTOMERS !== '0') {
        // The customers list at scale, every filter (bench/customers.ts; BENCH_CUSTOMERS=0 skips it).
        const { customerScenario } = await import('./customers');
        print(await customerScenario(database, base, seeded.enterpriseId));
      }
      if (process.env.BENCH_LISTS !== '0') {
        // Lists at 1,000,000 customers: deep pages and counts (bench/lists.ts; BENCH_LISTS=0 skips it).
        const { listScenario, printLists } = await import('./lists');
        printLists(await listScenario(database, base, seeded.enterpriseId));
      }
      if (process.env.BENCH_ORDERS !== '0') {
        // Work orders at 1,000,000: lists, the ten badges, statistics, detail (bench/orders.ts; BENCH_ORDERS=0 skips it).
        const { orderScenario, printOrders } = await import('./orders');
        const s = await orderScenario(database, base, seeded.enterpriseId);
        orderSeed = s.seed;
        printOrders(s, false);
      }
      await areaScenarios(database, base, seeded.enterpriseId);
      console.info('API: autocannon, 1 connection; SQL: the statements the API sent for one call, replayed in order on the same driver.');
    } finally {
      await app.close();
    }
    await underLoad(database, seeded.enterpriseId, seeded.deptId, orderSeed);
    if (orderSeed && process.env.BENCH_LOAD !== '0') {
      // The orders' eight cases from a load generator of its own against the app as its own process (bench/traffic.ts).
      const { ordersUnderLoad, printUnderLoad } = await import('./traffic');
      const ours = await ordersUnderLoad(database, seeded.enterpriseId, orderSeed);
      printUnderLoad(ours);
      // npm run bench -- --peer redmine: the same cases against Redmine 5 on the same server (bench/peer.ts).
      const peer = process.argv[process.argv.indexOf('--peer') + 1];
      if (process.argv.includes('--peer') && peer === 'redmine') {
        const { redmineScenario, printPeer } = await import('./peer');
        printPeer(ours, await redmineScenario(database, orderSeed.orders));
      } else if (process.argv.includes('--peer')) console.info(`--peer ${peer ?? ''}: the only peer is redmine`);
    }
    if (orderSeed && process.env.BENCH_INSTANCES !== '0') {
      // The order list with one app instance and with two on the same database (bench/instances.ts).
      const { instancesScenario, printInstances } = await import('./instances');
      printInstances(await instancesScenario(database, seeded.enterpriseId));
    }
    if (process.env.BENCH_REPLICA !== '0') {
      // The read replica's lag under a write load through the API (bench/replica.ts; BENCH_REPLICA=0 skips it), the
      // app process reading from it: DATABASE_READ_URL as the bench database's replica, else a primary and a streaming
      // standby of the scenario's own (a base backup of the bench database's millions of rows would take minutes).
      const { lagOnOwnStandby, printLag, replicaLagScenario } = await import('./replica');
      const readUrl = process.env.DATABASE_READ_URL;
      const lag = readUrl ? await replicaLagScenario(database, readUrl, seeded.enterpriseId) : await lagOnOwnStandby();
      if (lag) printLag(lag);
      else console.info('Replica lag: not measured (no DATABASE_READ_URL, and no embedded PostgreSQL to start a standby with)');
    }
  } finally {
    await database.close();
    cleanup();
  }
  console.info(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * The other areas at their issues' sizes, each seeding into the bench enterprise (a database that has the rows is
 * reused); `BENCH_<AREA>=0` skips one. Dispatch, the pool and SLA reuse the orders seeded above.
 */
const AREAS: [flag: string, run: (database: Database, base: string, enterpriseId: number) => Promise<void>][] = [
  [
    // Statements per request of the hot writes, and creates / state changes at 1 and 10 connections (bench/writes.ts).
    'BENCH_WRITES',
    async (d, b, e) => {
      const m = await import('./writes');
      m.printWrites(await m.writeScenario(d, b, e));
    },
  ],
  [
    'BENCH_DISPATCH',
    async (d, b, e) => {
      const m = await import('./dispatch');
      m.printDispatch(await m.dispatchScenario(d, b, e));
    },
  ],
  [
    'BENCH_POOL',
    async (d, b, e) => {
      const m = await import('./pool');
      m.printPool(await m.poolScenario(d, b, e));
    },
  ],
  [
    'BENCH_SLA',
    async (d, b, e) => {
      const m = await import('./sla');
      m.printSla(await m.slaScenario(d, b, e));
    },
  ],
  [
    'BENCH_EVENTS',
    async (d, b, e) => {
      const m = await import('./events');
      m.printEvents(await m.eventScenario(d, b, e));
    },
  ],
  [
    'BENCH_VISITS',
    async (d, b, e) => {
      const m = await import('./visits');
      m.printVisits(await m.visitScenario(d, b, e));
    },
  ],
  [
    'BENCH_QUALITY',
    async (d, b, e) => {
      const m = await import('./quality');
      m.printQuality(await m.qualityScenario(d, b, e));
    },
  ],
  [
    'BENCH_KNOWLEDGE',
    async (d, b, e) => {
      const m = await import('./knowledge');
      m.printKnowledge(await m.knowledgeScenario(d, b, e));
    },
  ],
  [
    'BENCH_PROJECTS',
    async (d, b, e) => {
      const m = await import('./projects');
      m.printProjects(await m.projectScenario(d, b, e));
    },
  ],
  [
    'BENCH_SPARES',
    async (d, b, e) => {
      const m = await import('./spares');
      m.printSpares(await m.spareScenario(d, b, e));
    },
  ],
  [
    // 运营报表 in an enterprise of its own: every standard report over 1,000,000 orders (bench/reports.ts).
    'BENCH_REPORTS',
    async (d) => {
      const m = await import('./reports');
      m.printReports(await m.reportScenario(d));
    },
  ],
  [
    // Cycle plans in an enterprise of their own: one generation run over 100,000 plans (bench/cycle.ts).
    'BENCH_CYCLE',
    async (d) => {
      const m = await import('./cycle');
      m.printCycle(await m.cycleScenario(d));
    },
  ],
  [
    // The planner on a made-up city day, no database (bench/planning.ts).
    'BENCH_PLANNING',
    async () => {
      const m = await import('./planning');
      m.printPlanning(m.planningScenario());
    },
  ],
  [
    // Provider orders in an enterprise of their own: a statement over 100,000 orders, /order/management at 1,000,000.
    'BENCH_PROVIDER',
    async (d, b) => {
      const m = await import('./provider');
      m.printProvider(await m.providerScenario(d, b));
    },
  ],
];

async function areaScenarios(database: Database, base: string, enterpriseId: number): Promise<void> {
  for (const [flag, run] of AREAS) {
    if (process.env[flag] === '0') continue;
    const t0 = Date.now();
    await run(database, base, enterpriseId);
    console.info(`(${flag.slice(6).toLowerCase()}: ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
}

/** The app as its own process: lists at 1, 10 and 50 users, then session info while 200,000 users are exported. */
async function underLoad(database: Database, enterpriseId: number, deptId: number, orderSeed: OrderSeed | null): Promise<void> {
  const proc = await startAppProcess(database.url);
  try {
    const cookie = await benchLogin(proc.base, enterpriseId);
    const paths = [
      '/v2/sessionUser/info',
      `/v2/user/list?role=2&deptId=${deptId}&pageIndex=0&pageSize=20`,
      '/v2/customer/epCustomerList?pageIndex=0&pageSize=20',
    ];
    console.info('Concurrent users (the app as its own process, autocannon connections):');
    console.table(await concurrency(proc.base, cookie, paths, SECONDS));
    const e = await exportUnderLoad(proc, cookie, '/export/user', USERS);
    console.info(`Export of ${e.rows} users: ${e.seconds.toFixed(1)} s; ${rssLine(e)}`);
    console.info(`  session info during the export (4 connections): p50 ${e.infoP50.toFixed(1)} ms, p99 ${e.infoP99.toFixed(1)} ms, ${e.infoRequests} answers`);
    if (orderSeed) {
      // The newest 100,000 of the 1,000,000 orders through the download centre, with the app's peak RSS (bench/orders.ts).
      const { orderExport } = await import('./orders');
      await orderExport(proc, enterpriseId, orderSeed);
    }
    if (process.env.BENCH_BROWSER !== '0' && proc.servesWeb) {
      // First row of /allCustomer in Chromium, as the bench enterprise's administrator (bench/browser.ts).
      const { browserFirstRow, printFirstRow } = await import('./browser');
      printFirstRow(await browserFirstRow({ base: proc.base, mobile: BENCH_ADMIN_MOBILE, password: BENCH_PASSWORD, enterpriseId }));
    }
  } finally {
    await proc.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
