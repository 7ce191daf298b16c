// Orders under load, measured from outside: npx tsx bench/traffic.ts (or ordersUnderLoad from npm run bench).
// The app runs as in production (`node scripts/start.mjs`, its own pool of 20); the load comes from a process of its
// own (bench/loadgen.mjs: keep-alive connections, each answer timed with hrtime) at 1 and 10 connections. Each case
// prints req/s and API p50/p99 in milliseconds with microseconds, beside the SQL p50 of the statements one call sends
// (captured on an app inside this process, replayed directly; writes inside a transaction that is rolled back).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, rows } from '../apps/server/src/db/client';
import { createDeps } from '../apps/server/src/platform/create-deps';
import { forgetSnapshots, snapshotsSettled } from '../apps/server/src/platform/list.snapshot';
import { runAlone, withBenchDatabase } from './alone';
import { captureAllSql, isTransactionControl, percentile, replay, replayRolledBack } from './capture';
import { startAppProcess } from './load';
import { answerOf, type LoadFigures, runLoadgen } from './loadrun';

export { answerOf, type LoadFigures, type LoadJob, runLoadgen } from './loadrun';
import { forgetEarlierCreates, type OrderSeed, seedOrders } from './orders.seed';
import { benchLogin, seedLarge } from './seed';

/** The statements a request sends before its answer (not its after-commit work, nor other work meanwhile). */
const REQUEST_ONLY = { requestOnly: true };

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? process.env.BENCH_SECONDS ?? 5);
export const LEVELS = (process.env.BENCH_CONNECTIONS ?? '1,10').split(',').map(Number);
/** The keyword of the filtered list: in one order type's title of eight, so it matches about an eighth of the orders. */
export const KEYWORD = '空调';
/** Another type's title, four characters: three grams, whose frequencies the planner multiplies (docs/lists.md). */
const KEYWORD_GRAMS = '管路改造';
/** The title of every order the bench creates (an earlier run's are deleted before a run: forgetEarlierCreates). */
const CREATE_TITLE = `${KEYWORD}不制冷压测`;

/** One case of the comparison: a read (path) or a write (method, body or one body per request). */
export interface LoadCase {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  /** Bodies for one run at `connections` (each sent once): the state change, one fresh record per request. */
  bodies?: (connections: number) => unknown[];
  /** The body for one record (the state change's order). */
  bodyFor?: (id: number) => unknown;
  collect?: 'id';
  /** A search: its first read (before any snapshot of it) is measured too, apart from the load's repeated read. */
  firstRead?: boolean;
}

export interface CaseRow {
  case: string;
  connections: number;
  figures: LoadFigures | null;
  /** What the first answer said: rows and count, a number, or why the case was not measured. */
  answer: string;
}

export interface SqlFigure {
  case: string;
  sqlP50: number;
  statements: number;
  /** Why the SQL was not replayed, when it was not. */
  note: string;
  /** A first read's API p50 (firstReads), timed on the app in this process. */
  apiP50?: number;
  /** A read's captured statements (replayed again beside the load: pairedRounds). */
  captured?: { args: unknown[] }[];
}

/** A list against its own SQL, measured in alternating rounds so that both see the machine in the same moments. */
export interface PairedFigure {
  case: string;
  apiP50: number;
  sqlP50: number;
  /** The median of the rounds' API p50 ÷ SQL p50. */
  ratio: number;
  /** A bare node:http server sending the same statements and the same answer, its p50 ÷ SQL p50 (floorServer). */
  floorRatio: number;
  floorP50: number;
  rounds: number;
}

/**
 * The floor under the 1.3× goal: node:http alone, no framework, no session, no SQL building, no presenter, sending
 * the list's captured statements one after another on the bench's pool and then the app's own answer (parsed once,
 * stringified per request). What the app adds beyond this is the app's; what this adds beyond the SQL is Node's HTTP,
 * the driver and the loopback, which no change to the app removes.
 */
async function floorServer(database: Database, statements: { args: unknown[] }[], answer: unknown): Promise<{ url: string; close: () => void }> {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } }).$client;
  const server = createServer(async (_req, res) => {
    for (const s of statements) await client.query(...s.args);
    const out = JSON.stringify(answer);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(out) });
    res.end(out);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

/** Rounds of the paired measurement, and the seconds of each side of a round. */
const PAIRED_ROUNDS = Number(process.env.BENCH_PAIRED_ROUNDS ?? 7);
const PAIRED_SECONDS = 1;
/** BENCH_CASES: a comma-separated subset of the order cases by the start of their names ('first page,page 5'). */
const ONLY_CASES = process.env.BENCH_CASES?.split(',').map((x) => x.trim());
const median = (xs: number[]) => percentile(xs, 50);

/**
 * One read at one connection beside its own statements replayed directly, round by round (the load for a second, then
 * the replay for a second): a single 5 s run of each, minutes apart, moved the ratio between 1.3× and 2.2× on this
 * virtual machine with nothing changed.
 */
export async function pairedRounds(
  database: Database,
  url: string,
  headers: Record<string, string>,
  c: LoadCase,
  statements: { args: unknown[] }[],
): Promise<PairedFigure> {
  const api: number[] = [];
  const own: number[] = [];
  const bare: number[] = [];
  const floor = await floorServer(database, statements, await (await fetch(url, { headers })).json());
  try {
    for (let i = 0; i < PAIRED_ROUNDS; i++) {
      const f = await runLoadgen({ url, method: 'GET', headers, connections: 1, seconds: PAIRED_SECONDS, warmup: 3 });
      if (f.failures) throw new Error(`${c.name}: ${f.firstFailure}`);
      api.push(f.p50);
      bare.push((await runLoadgen({ url: floor.url, method: 'GET', headers: {}, connections: 1, seconds: PAIRED_SECONDS, warmup: 3 })).p50);
      own.push(percentile(await replay(database, statements, 100_000, PAIRED_SECONDS * 1000), 50));
    }
  } finally {
    floor.close();
  }
  const over = (xs: number[]) => median(xs.map((a, i) => a / (own[i] as number)));
  return { case: c.name, apiP50: median(api), sqlP50: median(own), ratio: over(api), floorP50: median(bare), floorRatio: over(bare), rounds: PAIRED_ROUNDS };
}

interface Session {
  cookie: string;
  csrf: string;
}

async function session(base: string, enterpriseId: number): Promise<Session> {
  const cookie = await benchLogin(base, enterpriseId);
  const me = (await (await fetch(`${base}/api/v2/sessionUser/info`, { headers: { cookie } })).json()) as { data: { csrfToken: string } };
  return { cookie, csrf: me.data.csrfToken };
}

async function call(base: string, s: Session, c: LoadCase, body?: unknown): Promise<{ success?: boolean; message?: string; data?: unknown } | null> {
  const res = await fetch(`${base}/api${c.path}`, {
    method: c.method,
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' },
    body: c.method === 'GET' ? undefined : JSON.stringify(body ?? c.body),
  });
  return res.headers.get('content-type')?.includes('json') ? ((await res.json()) as never) : null;
}

const daysAgo = (d: number) => new Date(Date.now() - d * 86400_000).toISOString().slice(0, 10);

/**
 * The cases of issue 35 (and the home page's 30-day statistic, which issue 36 saw grow with the table) on the bench enterprise's orders. The state change is 派单 (待派单 → 待接单, to the bench
 * engineer) of the orders the create made: a new order of the default process starts in 待派单.
 */
export function orderCases(seed: OrderSeed, customerId: number, accept: () => number[]): LoadCase[] {
  const list = '/v2/order/getAllOrderList?pageSize=20';
  return [
    { name: 'first page', method: 'GET', path: `${list}&pageIndex=0` },
    {
      name: `filtered page (${KEYWORD}, all time)`,
      method: 'GET',
      path: `${list}&pageIndex=0&keyword=${encodeURIComponent(KEYWORD)}`,
      firstRead: true,
    },
    {
      name: `filtered page (${KEYWORD_GRAMS}, all time)`,
      method: 'GET',
      path: `${list}&pageIndex=0&keyword=${encodeURIComponent(KEYWORD_GRAMS)}`,
      firstRead: true,
    },
    { name: 'page 5,000', method: 'GET', path: `${list}&pageIndex=4999` },
    { name: 'filtered count (已完成)', method: 'GET', path: '/v2/order/getOrderListCount?states=5' },
    { name: 'unfiltered count', method: 'GET', path: '/v2/order/getOrderListCount' },
    { name: 'detail', method: 'GET', path: `/order/orderDetail?orderId=${seed.orderId}` },
    { name: 'statistic (last 30 days)', method: 'GET', path: `/v2/report/statusStatistics?startTime=${daysAgo(30)}` },
    { name: 'create', method: 'POST', path: '/v2/order/add', body: { customerId, title: `${CREATE_TITLE}{{n}}`, priority: 1 }, collect: 'id' },
    {
      name: 'state change (派单)',
      bodyFor: (orderId) => ({ orderId, expectedState: 1, serviceUserId: seed.engineerId }),
      method: 'POST',
      path: '/v2/order/dispatch',
      bodies: (connections) => {
        const ids = accept();
        // Each level takes its share of the orders the create made: half for one connection, the rest for ten.
        return ids
          .splice(0, connections === 1 ? Math.ceil(ids.length / 2) : ids.length)
          .map((orderId) => ({ orderId, expectedState: 1, serviceUserId: seed.engineerId }));
      },
    },
  ];
}

/**
 * The SQL of each case: one call captured on an app inside this process (transactions included), replayed directly;
 * reads as they are, writes in a transaction rolled back after an untimed prelude that puts back what the captured
 * call changed (the created order's number freed, the dispatched order's row as it was).
 */
async function sqlOf(database: Database, base: string, s: Session, cases: LoadCase[], customerId: number): Promise<SqlFigure[]> {
  const out: SqlFigure[] = [];
  for (const c of cases) {
    if (c.method === 'GET') {
      if (c.firstRead) out.push(await firstReads(database, base, s, c));
      for (let i = 0; i < 3; i++) await call(base, s, c);
      // The load repeats one read: captured as it then runs, after the snapshot its first read started.
      await snapshotsSettled();
      const statements = await captureAllSql(
        database,
        async () => {
          await call(base, s, c);
        },
        REQUEST_ONLY,
      );
      if (process.env.BENCH_SQL_LOG) printStatements(c.name, statements);
      const times = await replay(database, statements, 1000, SECONDS * 400);
      out.push({ case: c.name, sqlP50: percentile(times, 50), statements: statements.length, note: '', captured: statements });
      continue;
    }
    if (c.path === '/v2/order/add') {
      let made: { id: number } | undefined;
      const statements = await captureAllSql(
        database,
        async () => {
          made = (await call(base, s, c, { customerId, title: `${CREATE_TITLE}捕获`, priority: 1 }))?.data as { id: number };
        },
        REQUEST_ONLY,
      );
      const times = await replayRolledBack(
        database,
        statements,
        [{ text: `update orders set order_no = order_no || '~' where id = $1`, values: [made?.id] }],
        300,
        SECONDS * 400,
      );
      out.push(figure(c.name, statements, times));
      continue;
    }
    // The state change: a fresh order, its row kept, dispatched once (captured), then put back before each replay.
    const fresh = (await call(base, s, { ...c, path: '/v2/order/add' }, { customerId, title: `${CREATE_TITLE}派单`, priority: 1 }))?.data as {
      id: number;
    };
    const cols = await rows<{ c: string }>(
      database.db,
      sql`select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as c from information_schema.columns
          where table_name = 'orders' and table_schema = current_schema() and column_name <> 'id' and is_generated = 'NEVER'`,
    );
    const [before] = await rows<{ row: unknown }>(database.db, sql`select to_jsonb(o) as row from orders o where id = ${fresh.id}`);
    const statements = await captureAllSql(
      database,
      async () => {
        const r = await call(base, s, c, c.bodyFor?.(fresh.id));
        if (!r?.success) throw new Error(`${c.name}: ${r?.message}`);
      },
      REQUEST_ONLY,
    );
    const list = cols[0]?.c as string;
    const times = await replayRolledBack(
      database,
      statements,
      [
        {
          text: `update orders set (${list}) = (select ${list} from jsonb_populate_record(null::orders, $1::jsonb)) where id = $2`,
          values: [before?.row, fresh.id],
        },
      ],
      300,
      SECONDS * 400,
    );
    out.push(figure(c.name, statements, times));
  }
  return out;
}

/** How many first reads are timed. */
const FIRST_READS = 15;

/**
 * A search read as if for the first time (no snapshot of it kept), one read at a time: the load repeats one search,
 * whose later reads can take their count from the snapshot the first one started (docs/lists.md).
 */
async function firstReads(database: Database, base: string, s: Session, c: LoadCase): Promise<SqlFigure> {
  const api: number[] = [];
  for (let i = 0; i < FIRST_READS; i++) {
    forgetSnapshots();
    const t0 = performance.now();
    await call(base, s, c);
    api.push(performance.now() - t0);
    await snapshotsSettled();
  }
  forgetSnapshots();
  const statements = await captureAllSql(database, () => call(base, s, c).then(() => undefined), REQUEST_ONLY);
  await snapshotsSettled();
  if (process.env.BENCH_SQL_LOG) printStatements(`${c.name}, first read`, statements);
  const times = await replay(database, statements, 100, SECONDS * 400);
  return { case: `${c.name}, first read`, sqlP50: percentile(times, 50), statements: statements.length, note: '', apiP50: percentile(api, 50) };
}

function figure(name: string, statements: { args: unknown[] }[], times: number[] | string): SqlFigure {
  const n = statements.filter((x) => !isTransactionControl(x)).length;
  if (process.env.BENCH_SQL_LOG) printStatements(name, statements);
  return typeof times === 'string'
    ? { case: name, sqlP50: Number.NaN, statements: n, note: times }
    : { case: name, sqlP50: percentile(times, 50), statements: n, note: '' };
}

/** Each captured statement's first 200 characters, one a line (BENCH_SQL_LOG=1; `full`: all of it): which round trips a call makes. */
function printStatements(name: string, statements: { args: unknown[] }[]): void {
  console.info(`${name}: ${statements.length} statements`);
  for (const s of statements) {
    const first = s.args[0] as string | { text: string };
    const text = typeof first === 'string' ? first : first.text;
    const line = text.replace(/\s+/g, ' ');
    // `full`: the whole text and its values, to EXPLAIN by hand.
    if (process.env.BENCH_SQL_LOG === 'full')
      console.info(`  ${line}\n    ${JSON.stringify(typeof first === 'string' ? s.args[1] : ((first as { values?: unknown }).values ?? s.args[1]))}`);
    else console.info(`  ${line.slice(0, 200)}`);
  }
}

/** Runs each case at each level against `base` through the load generator; the create's orders feed the state change. */
export async function loadCases(
  base: string,
  headers: Record<string, string>,
  cases: LoadCase[],
  levels = LEVELS,
  seconds = SECONDS,
  expect: 'success' | 'status' = 'success',
): Promise<CaseRow[]> {
  const out: CaseRow[] = [];
  for (const c of cases) {
    const probe = c.method === 'GET' ? await fetch(`${base}${c.path}`, { headers }).then((r) => r.json().catch(() => null)) : null;
    const answer = c.method === 'GET' ? answerOf(probe) : '';
    if (probe && probe.success === false) {
      for (const n of levels) out.push({ case: c.name, connections: n, figures: null, answer });
      continue;
    }
    for (const n of levels) {
      const figures = await runLoadgen({
        url: `${base}${c.path}`,
        method: c.method,
        headers,
        connections: n,
        seconds,
        warmup: c.method === 'GET' ? 3 : 0,
        body: c.body,
        bodies: c.bodies?.(n),
        collect: c.collect,
        expect,
      });
      out.push({
        case: c.name,
        connections: n,
        figures,
        answer: answer || (figures.failures ? figures.firstFailure.slice(0, 80) : `${figures.requests} done`),
      });
    }
  }
  return out;
}

export interface UnderLoad {
  orders: number;
  /** The first create after the app started, before the load (ms). */
  firstCreateMs: number;
  rows: CaseRow[];
  sql: SqlFigure[];
  /** The lists against their own SQL, paired (pairedRounds). */
  paired: PairedFigure[];
}

/** The cases that are lists (the goal of 1.3× their own SQL). */
const isList = (c: LoadCase) => c.method === 'GET' && c.path.includes('List?');

/** The order cases on the app as its own process, with each case's SQL measured beside it. */
export async function ordersUnderLoad(database: Database, enterpriseId: number, seed: OrderSeed): Promise<UnderLoad> {
  await forgetEarlierCreates(database.db, enterpriseId, CREATE_TITLE);
  const [cu] = await rows<{ id: number }>(database.db, sql`select id from customers where enterprise_id = ${enterpriseId} order by id limit 1`);
  const customerId = Number(cu?.id);
  const made: number[] = [];
  const cases = orderCases(seed, customerId, () => made).filter((c) => !ONLY_CASES || ONLY_CASES.some((n) => c.name.startsWith(n)));
  let firstCreateMs = Number.NaN;
  // The SQL first, on an app in this process (capturing needs its driver), closed before the load starts.
  // A few bench users make a crowd's requests: the rate limits (docs/api.md) are raised, their cost stays.
  const config = loadConfig({ RATE_LIMIT_SCALE: '1000', ...process.env, NODE_ENV: 'production', SEED_DEMO: '0', LOG_LEVEL: 'warn' });
  const app = await buildApp(createDeps(config, database));
  const inner = await app.listen({ port: 0, host: '127.0.0.1' });
  let sqlFigures: SqlFigure[];
  try {
    sqlFigures = await sqlOf(database, inner, await session(inner, enterpriseId), cases, customerId);
  } finally {
    await app.close();
  }
  const proc = await startAppProcess(database.url);
  try {
    const s = await session(proc.base, enterpriseId);
    const headers = { cookie: s.cookie, 'x-csrf-token': s.csrf };
    const base = `${proc.base}/api`;
    // One create before the load, timed alone: right after a bulk load the app's first create has waited minutes
    // (the report summary's flush of the seeded days runs on start and holds what the create needs).
    const create = cases.find((c) => c.collect === 'id');
    if (create) {
      const t0 = performance.now();
      const first = await call(proc.base, s, create, { customerId, title: `${CREATE_TITLE}首单`, priority: 1 });
      firstCreateMs = performance.now() - t0;
      if (!first?.success) throw new Error(`create: ${first?.message}`);
    }
    const out: CaseRow[] = [];
    const paired: PairedFigure[] = [];
    for (const c of cases) {
      const r = await loadCases(base, headers, [c]);
      if (c.collect === 'id') for (const x of r) for (const m of x.figures?.made ?? []) if (m.state === 1) made.push(m.id);
      out.push(...r);
      const captured = sqlFigures.find((q) => q.case === c.name)?.captured;
      if (isList(c) && captured) paired.push(await pairedRounds(database, `${base}${c.path}`, headers, c, captured));
    }
    return { orders: seed.orders, rows: out, sql: sqlFigures, paired, firstCreateMs };
  } finally {
    await proc.stop();
  }
}

const f = (n: number | null | undefined, d = 2) => (n == null || Number.isNaN(n) ? '-' : n.toFixed(d));

export function printUnderLoad(u: UnderLoad): void {
  console.info(
    `Orders under load (${u.orders} orders; the app as its own process with its pool of 20; the load generator a process of its own, ${SECONDS} s a run):`,
  );
  console.table(
    u.rows.map((r) => {
      const q = u.sql.find((x) => x.case === r.case);
      return {
        case: r.case,
        conns: r.connections,
        'req/s': f(r.figures?.rps, 1),
        'API p50 ms': f(r.figures?.p50, 3),
        'API p99 ms': f(r.figures?.p99, 3),
        'SQL p50 ms': q?.note ? q.note.slice(0, 40) : f(q?.sqlP50, 3),
        statements: q?.statements ?? '-',
        answer: r.answer.slice(0, 50),
      };
    }),
  );
  console.info(`The first create after the app started (before the load): ${f(u.firstCreateMs, 0)} ms`);
  for (const q of u.sql.filter((x) => x.apiP50 != null)) {
    console.info(
      `${q.case} (no snapshot of it yet; ${FIRST_READS} reads one at a time on the app in this process): API p50 ${f(q.apiP50, 3)} ms, its ${q.statements} statements replayed: SQL p50 ${f(q.sqlP50, 3)} ms`,
    );
  }
  if (u.paired.length === 0) return;
  console.info(
    `The lists against their own SQL (goal: within 1.3×), one connection, ${u.paired[0]?.rounds} rounds of ${PAIRED_SECONDS} s of load on the app, then on the floor (a bare node:http server sending the same statements and answer), then ${PAIRED_SECONDS} s of replay; medians:`,
  );
  console.table(
    u.paired.map((p) => ({
      case: p.case,
      'API p50 ms': f(p.apiP50, 3),
      'SQL p50 ms': f(p.sqlP50, 3),
      'API ÷ SQL': `${f(p.ratio)}×`,
      goal: p.ratio <= 1.3 ? 'met' : 'missed',
      'floor p50 ms': f(p.floorP50, 3),
      'floor ÷ SQL': `${f(p.floorRatio)}×`,
    })),
  );
}

async function main(): Promise<void> {
  await withBenchDatabase('load', async (database) => {
    const ep = await seedLarge(database.db, 2000);
    const seed = await seedOrders(database.db, ep.enterpriseId, Number(process.env.BENCH_ORDERS ?? 1_000_000));
    console.info(`orders: ${seed.orders} ${seed.reused ? 'reused' : `seeded in ${seed.seconds.toFixed(0)} s`}`);
    printUnderLoad(await ordersUnderLoad(database, ep.enterpriseId, seed));
  });
}

runAlone(import.meta, main);
