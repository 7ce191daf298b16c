// Writes: npx tsx bench/writes.ts (or wired into npm run bench as BENCH_WRITES). Statements per request (db/statements.ts,
// counted by the app itself, BEGIN and COMMIT included) for an order create, a state change (cancel), the order detail,
// event actions (assign, start, close) and stock document actions (file an inbound, approve it, file a requisition,
// reject one, withdraw one), then creates and state changes timed at 1 and 10 concurrent requests, and event assigns
// and stock document approvals likewise. With
// BENCH_WRITE_ORDERS=n (alone: npx tsx bench/writes.ts) the enterprise first gets n orders (bench/orders.seed.ts), and
// the order detail's statements are printed with their plans (BENCH_PLANS=0 hides them) on an order among them.
import { sql } from 'drizzle-orm';
import { type Database, rows } from '../apps/server/src/db/client';
import { onRequestStatements } from '../apps/server/src/db/statements';
import { captureAllSql, explain, percentile } from './capture';
import { runAlone, withBenchApp, withBenchDatabase } from './alone';
import { seedOrders } from './orders.seed';
import { BENCH_ADMIN_MOBILE, benchLogin, seedLarge } from './seed';

const ROUNDS = Number(process.env.BENCH_WRITE_ROUNDS ?? 200);

interface Session {
  base: string;
  cookie: string;
  csrf: string;
}

async function call(s: Session, method: 'GET' | 'POST', p: string, body?: unknown): Promise<{ success: boolean; message: string; data: any }> {
  const res = await fetch(`${s.base}/api${p}`, {
    method,
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const out = (await res.json()) as { success: boolean; message: string; data: any };
  if (!out.success) throw new Error(`${p}: ${out.message}`);
  return out;
}

/** The statements one request sent, as the app counted them. */
async function statementsOf(fn: () => Promise<unknown>): Promise<number> {
  const seen: number[] = [];
  const stop = onRequestStatements((r) => seen.push(r.statements));
  try {
    await fn();
  } finally {
    stop();
  }
  return seen[0] ?? Number.NaN;
}

/** `n` calls of `fn` on `connections` at once: requests per second and p50/p99 of each call. */
async function timed(n: number, connections: number, fn: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let i = next++; i < n; i = next++) {
        const s = performance.now();
        await fn(i);
        times.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { rps: n / seconds, p50: percentile(times, 50), p99: percentile(times, 99) };
}

export async function writeScenario(database: Database, base: string, enterpriseId: number, detailOrderId?: number) {
  const cookie = await benchLogin(base, enterpriseId);
  const info = await fetch(`${base}/api/v2/sessionUser/info`, { headers: { cookie } }).then(
    (r) => r.json() as Promise<{ data: { csrfToken: string; id: number } }>,
  );
  const s: Session = { base, cookie, csrf: info.data.csrfToken };
  let [c] = await rows<{ id: number }>(database.db, sql`select id from customers where enterprise_id = ${enterpriseId} order by id limit 1`);
  if (!c)
    c = (await call(s, 'POST', '/v2/customer/addCustomer', { name: '压测写入客户', linkPerson: { name: '联系人', phone: '13900009999' } })).data as {
      id: number;
    };
  const customerId = Number(c.id);
  const create = (i: number) => call(s, 'POST', '/v2/order/add', { customerId, title: `写入压测${i}` });
  const cancel = (orderId: number) => call(s, 'POST', '/order/cancel', { orderId, reason: '压测取消' });
  // Warm-up, then one of each counted.
  for (let i = 0; i < 3; i++) await cancel(Number((await create(i)).data.id));
  let made = 0;
  const counts = {
    create: await statementsOf(async () => {
      made = Number((await create(0)).data.id);
    }),
    cancel: await statementsOf(() => cancel(made)),
    detail: await statementsOf(() => call(s, 'GET', `/order/orderDetail?orderId=${made}`)),
    eventAssign: Number.NaN,
  };
  const more: Record<string, number> = {};
  const newEvent = async () => Number((await call(s, 'POST', '/v2/event/add', { title: '写入压测事件' })).data.id);
  const assign = (id: number) => call(s, 'POST', '/v2/event/assign', { id, principalId: info.data.id });
  try {
    await assign(await newEvent()); // warm-up
    const ev = await newEvent();
    counts.eventAssign = await statementsOf(() => assign(ev));
    more.eventStart = await statementsOf(() => call(s, 'POST', '/v2/event/start', { id: ev }));
    more.eventClose = await statementsOf(() => call(s, 'POST', '/v2/event/close', { id: ev, reason: '压测关闭' }));
  } catch (err) {
    console.info(`event actions not measured: ${(err as Error).message}`);
  }
  // Stock documents: the bench administrator files, a second administrator decides (nobody decides what he filed).
  let docs: StockDocs | null = null;
  try {
    const d = await stockDocs(database, base, enterpriseId, s);
    docs = d;
    const { file, approve } = d;
    await approve(await file()); // warm-up
    let id = 0;
    more.docFileInbound = await statementsOf(async () => {
      id = await file();
    });
    more.docApprove = await statementsOf(() => approve(id));
    let req = 0;
    more.docFileRequisition = await statementsOf(async () => {
      req = await d.requisition();
    });
    more.docReject = await statementsOf(() => d.decide(req, 'reject'));
    const other = await d.requisition();
    more.docWithdraw = await statementsOf(() => call(s, 'POST', '/spare/doc/withdraw', { id: other }));
  } catch (err) {
    docs = null;
    console.info(`stock documents not measured: ${(err as Error).message}`);
  }
  // The detail's statements as the app sends them, with their plans (on the seeded orders when there are some).
  // And a create's (EXPLAIN ANALYZE runs its insert once more: one more order).
  const plans: string[] = [];
  if (process.env.BENCH_PLANS !== '0') {
    const of = async (what: string, run: () => Promise<unknown>) => {
      const seen = await captureAllSql(database, async () => void (await run()));
      for (const st of seen) {
        const first = st.args[0] as string | { text: string };
        const text = typeof first === 'string' ? first : first.text;
        if (/^\s*(begin|commit|rollback)/i.test(text) || /from sessions s/.test(text)) continue;
        plans.push(`${what}: ${text.replace(/\s+/g, ' ').slice(0, 160)}…\n${await explain(database, st.args)}`);
      }
    };
    await of('order detail', () => call(s, 'GET', `/order/orderDetail?orderId=${detailOrderId ?? made}`));
    await of('order create', () => create(-1));
  }
  const ids: number[] = [];
  const creates1 = await timed(ROUNDS, 1, async (i) => ids.push(Number((await create(i)).data.id)));
  const creates10 = await timed(ROUNDS, 10, async (i) => ids.push(Number((await create(i)).data.id)));
  const cancels1 = await timed(ROUNDS, 1, (i) => cancel(ids[i] as number));
  const cancels10 = await timed(ROUNDS, 10, (i) => cancel(ids[ROUNDS + i] as number));
  // Event assigns and stock document approvals, on records made beforehand (untimed).
  const events: number[] = [];
  for (let i = 0; i < 2 * ROUNDS; i++) events.push(await newEvent());
  const assigns1 = await timed(ROUNDS, 1, (i) => assign(events[i] as number));
  const assigns10 = await timed(ROUNDS, 10, (i) => assign(events[ROUNDS + i] as number));
  let approves1: Awaited<ReturnType<typeof timed>> | null = null;
  let approves10: Awaited<ReturnType<typeof timed>> | null = null;
  if (docs) {
    const filed: number[] = [];
    for (let i = 0; i < 2 * ROUNDS; i++) filed.push(await docs.file());
    const { approve } = docs;
    approves1 = await timed(ROUNDS, 1, (i) => approve(filed[i] as number));
    approves10 = await timed(ROUNDS, 10, (i) => approve(filed[ROUNDS + i] as number));
  }
  return { counts: { ...counts, ...more }, creates1, creates10, cancels1, cancels10, assigns1, assigns10, approves1, approves10, plans };
}

interface StockDocs {
  file: () => Promise<number>;
  approve: (id: number) => Promise<unknown>;
  requisition: () => Promise<number>;
  decide: (id: number, action: 'approve' | 'reject') => Promise<unknown>;
}

/** A warehouse and a spare of the bench enterprise, and a second administrator (same password) who decides documents. */
async function stockDocs(database: Database, base: string, enterpriseId: number, s: Session): Promise<StockDocs> {
  // Outside the seeded employees' numbers (17…).
  const mobile = '16900000009';
  await database.db.execute(sql`insert into users (enterprise_id, mobile, name, roles, sysrole, admin, dept_id, password_hash)
    select enterprise_id, ${mobile}, '压测仓管', '{3}', 3, true, dept_id, password_hash from users
    where enterprise_id = ${enterpriseId} and mobile = ${BENCH_ADMIN_MOBILE} and not exists (select 1 from users where enterprise_id = ${enterpriseId} and mobile = ${mobile})`);
  const cookie = await benchLogin(base, enterpriseId, mobile);
  const info = await fetch(`${base}/api/v2/sessionUser/info`, { headers: { cookie } }).then((r) => r.json() as Promise<{ data: { csrfToken: string } }>);
  const keeper: Session = { base, cookie, csrf: info.data.csrfToken };
  const tag = Date.now();
  const wh = Number((await call(s, 'POST', '/spare/warehouse/save', { name: `压测仓${tag}`, kind: 1 })).data.id);
  const spare = Number((await call(s, 'POST', '/spare/save', { code: `BENCH-${tag}`, name: '压测备件', salePrice: 10, warranty: true })).data.id);
  const file = async () => Number((await call(s, 'POST', '/spare/doc/save', { kind: 6, toWarehouseId: wh, items: [{ spareId: spare, quantity: 5 }] })).data.id);
  const decide = (id: number, action: 'approve' | 'reject') => call(keeper, 'POST', `/spare/doc/${action}`, { id, note: '压测' });
  return {
    file,
    approve: (id) => decide(id, 'approve'),
    requisition: async () =>
      Number((await call(s, 'POST', '/spare/doc/save', { kind: 1, fromWarehouseId: wh, items: [{ spareId: spare, quantity: 1 }] })).data.id),
    decide,
  };
}

export function printWrites(w: Awaited<ReturnType<typeof writeScenario>>): void {
  console.info('Statements per request (counted by the app, BEGIN/COMMIT included; goal: create and state change under 8):');
  console.table(w.counts);
  for (const p of w.plans) console.info(`${p}\n`);
  const f = (n: number) => n.toFixed(1);
  console.table({
    'create, 1 connection': { 'req/s': f(w.creates1.rps), 'p50 ms': f(w.creates1.p50), 'p99 ms': f(w.creates1.p99) },
    'create, 10 connections': { 'req/s': f(w.creates10.rps), 'p50 ms': f(w.creates10.p50), 'p99 ms': f(w.creates10.p99) },
    'cancel, 1 connection': { 'req/s': f(w.cancels1.rps), 'p50 ms': f(w.cancels1.p50), 'p99 ms': f(w.cancels1.p99) },
    'cancel, 10 connections': { 'req/s': f(w.cancels10.rps), 'p50 ms': f(w.cancels10.p50), 'p99 ms': f(w.cancels10.p99) },
    'event assign, 1 connection': { 'req/s': f(w.assigns1.rps), 'p50 ms': f(w.assigns1.p50), 'p99 ms': f(w.assigns1.p99) },
    'event assign, 10 connections': { 'req/s': f(w.assigns10.rps), 'p50 ms': f(w.assigns10.p50), 'p99 ms': f(w.assigns10.p99) },
    ...(w.approves1 && w.approves10
      ? {
          'stock document approve, 1 connection': { 'req/s': f(w.approves1.rps), 'p50 ms': f(w.approves1.p50), 'p99 ms': f(w.approves1.p99) },
          'stock document approve, 10 connections': { 'req/s': f(w.approves10.rps), 'p50 ms': f(w.approves10.p50), 'p99 ms': f(w.approves10.p99) },
        }
      : {}),
  });
}

async function main(): Promise<void> {
  await withBenchDatabase('writes', async (database) => {
    const ep = await seedLarge(database.db, Number(process.env.BENCH_USERS ?? 2000));
    const n = Number(process.env.BENCH_WRITE_ORDERS ?? 0);
    const seeded = n > 0 ? await seedOrders(database.db, ep.enterpriseId, n) : null;
    if (seeded) console.info(`${seeded.orders} orders (${seeded.reused ? 'reused' : `seeded in ${seeded.seconds} s`})`);
    await withBenchApp(database, async (base) => printWrites(await writeScenario(database, base, ep.enterpriseId, seeded?.orderId)));
  });
}

runAlone(import.meta, main);
