// Writes: npx tsx bench/writes.ts (or wired into npm run bench as BENCH_WRITES). Statements per request (db/statements.ts,
// counted by the app itself, BEGIN and COMMIT included) for an order create, a state change (cancel), the order detail
// and an event action (assign), then creates and state changes timed at 1 and 10 concurrent requests. With
// BENCH_WRITE_ORDERS=n (alone: npx tsx bench/writes.ts) the enterprise first gets n orders (bench/orders.seed.ts), and
// the order detail's statements are printed with their plans (BENCH_PLANS=0 hides them) on an order among them.
import { sql } from 'drizzle-orm';
import { type Database, rows } from '../apps/server/src/db/client';
import { onRequestStatements } from '../apps/server/src/db/statements';
import { captureAllSql, explain, percentile } from './capture';
import { runAlone, withBenchApp, withBenchDatabase } from './alone';
import { seedOrders } from './orders.seed';
import { benchLogin, seedLarge } from './seed';

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
  try {
    const ev = Number((await call(s, 'POST', '/v2/event/add', { title: '写入压测事件' })).data.id);
    counts.eventAssign = await statementsOf(() => call(s, 'POST', '/v2/event/assign', { id: ev, principalId: info.data.id }));
  } catch (err) {
    console.info(`event assign not measured: ${(err as Error).message}`);
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
  return { counts, creates1, creates10, cancels1, cancels10, plans };
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
