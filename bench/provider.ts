// Provider orders at scale: npx tsx bench/provider.ts (or wired into npm run bench through providerScenario/printProvider).
// Seeds BENCH_PROVIDER_ORDERS (default 1,000,000) provider orders over ten providers into an enterprise of their own
// ('压测服务商企业'), one provider holding BENCH_STATEMENT_ORDERS (default 100,000) orders completed and priced in one month;
// then prints the statement built over that month (POST /settleAccounts/create, three times, and the plan of its line
// insert) and /order/management/list with each filter: API p50/p99 next to the same SQL replayed directly, and (alone,
// BENCH_PLANS≠0) each list statement's query plan.
import { type SQL, sql } from 'drizzle-orm';
import { type Database, type Db, rows, type Tx } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/platform/crypto';
import { captureSql, explain, type MeasuredGet, measureGet, printMeasured } from './capture';
import { BENCH_PASSWORD, benchLogin } from './seed';
import { runAlone, withBenchApp, withBenchDatabase } from './alone';

const ORDERS = Number(process.env.BENCH_PROVIDER_ORDERS ?? 1_000_000);
const STATEMENT = Number(process.env.BENCH_STATEMENT_ORDERS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ENTERPRISE = '压测服务商企业';
const ADMIN = '17000000009';
/** The month the big provider's orders were completed in (its statement's period). */
const PERIOD = { periodStart: '2026-01-01', periodEnd: '2026-01-31' };

interface Seeded {
  enterpriseId: number;
  providerId: number;
  otherProviderId: number;
  seconds: number;
  reused: boolean;
}

/**
 * Ten providers; provider 1 has STATEMENT orders completed in January 2026 (priced when completed), the rest of the
 * orders go to the nine others, created over the past year (skewed to the recent), 85 % completed and priced, the rest
 * open. Inserted with generate_series in chunks with the foreign-key triggers off (every id is the enterprise's own).
 */
async function seed(db: Db, n: number, big: number): Promise<Seeded> {
  const t0 = Date.now();
  const [e0] = await rows<{ id: number }>(db, sql`select id from enterprises where name = ${ENTERPRISE}`);
  if (e0) {
    const [have] = await rows<{ n: number }>(db, sql`select count(*)::int as n from orders where enterprise_id = ${e0.id}`);
    const ps = await rows<{ id: number }>(db, sql`select id from service_providers where enterprise_id = ${e0.id} order by id limit 2`);
    if (Number(have?.n) >= n && ps.length === 2)
      return { enterpriseId: Number(e0.id), providerId: Number(ps[0]?.id), otherProviderId: Number(ps[1]?.id), seconds: 0, reused: true };
  }
  const hash = await hashPassword(BENCH_PASSWORD);
  return db
    .transaction(async (tx) => {
      const [e] = await rows<{ id: number }>(
        tx,
        sql`insert into enterprises (name, is_charge_user, package_name, buy_person_num, ep_service_expire_time)
        values (${ENTERPRISE}, 1, 'VIP版', 1000, now() + interval '365 days') returning id`,
      );
      const ep = Number(e?.id);
      await tx.execute(
        sql`insert into users (enterprise_id, mobile, name, roles, sysrole, admin, password_hash) values (${ep}, ${ADMIN}, '压测财务', '{3}', 3, true, ${hash})`,
      );
      const providers = (
        await rows<{ id: number }>(
          tx,
          sql`insert into service_providers (enterprise_id, name, partner_type) select ${ep}, '压测服务商' || g, 1 from generate_series(1, 10) g returning id`,
        )
      ).map((p) => Number(p.id));
      const [tpl] = await rows<{ id: number }>(tx, sql`insert into form_templates (enterprise_id, form_kind, name) values (${ep}, 1, '维修') returning id`);
      const [cust] = await rows<{ id: number }>(tx, sql`insert into customers (enterprise_id, name) values (${ep}, '压测客户') returning id`);
      const p1 = providers[0] as number;
      const others = sql.raw(`'{${providers.slice(1).join(',')}}'::bigint[]`);
      await tx.execute(sql`set local session_replication_role = replica`);
      const CHUNK = 250_000;
      for (let lo = 1; lo <= n; lo += CHUNK) {
        const hi = Math.min(n, lo + CHUNK - 1);
        await tx.execute(sql`insert into orders (enterprise_id, order_no, template_id, customer_id, title, state, provider_id, created_at, finished_at)
        select ${ep}, 'PV' || lpad(g::text, 8, '0'), ${tpl?.id}, ${cust?.id}, '空调维修（外包）', s, p, c, case when s = 5 then c + interval '1 day' end
        from (select g,
            case when g <= ${big} then ${p1} else (${others})[1 + g % 9] end as p,
            case when g <= ${big} then 5 when g % 20 < 17 then 5 else 3 end::smallint as s,
            case when g <= ${big} then timestamptz '2025-12-31 00:00:00+08' + (g % 30) * interval '1 day' + (g % 86000) * interval '1 second'
              else now() - (365 * power(((g::bigint * 7919) % 1000003) / 1000003.0, 2) || ' days')::interval end as c
          from generate_series(${lo}::int, ${hi}::int) g) x`);
      }
      await tx.execute(sql`insert into provider_order_fees (enterprise_id, order_id, provider_id, base_cents, amount_cents, priced_at)
      select enterprise_id, id, provider_id, 8000, 8000 + (id % 5) * 1000, finished_at from orders where enterprise_id = ${ep} and state = 5`);
      return { enterpriseId: ep, providerId: p1, otherProviderId: providers[1] as number, seconds: 0, reused: false };
    })
    .then(async (s) => {
      await db.execute(sql`vacuum analyze orders`);
      await db.execute(sql`vacuum analyze provider_order_fees`);
      return { ...s, seconds: (Date.now() - t0) / 1000 };
    });
}

export interface ProviderScenario {
  orders: number;
  seed: Seeded;
  statement: { ms: number[]; lines: number; plan: string };
  rows: (MeasuredGet & { plan: string })[];
}

const PAGE = 'pageIndex=0&pageSize=20';

async function session(base: string, ep: number): Promise<{ cookie: string; csrf: string }> {
  const cookie = await benchLogin(base, ep, ADMIN);
  const me = (await (await fetch(`${base}/api/v2/sessionUser/info`, { headers: { cookie } })).json()) as { data: { csrfToken: string } };
  return { cookie, csrf: me.data.csrfToken };
}

async function send(base: string, s: { cookie: string; csrf: string }, method: string, p: string, body: unknown) {
  const res = await fetch(`${base}/api${p}`, {
    method,
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const out = (await res.json()) as { success: boolean; message: string; data: { id: number; lineCount: number } };
  if (!out.success) throw new Error(`${p}: ${out.message}`);
  return out.data;
}

/** Builds the big provider's month three times (each draft thrown away after), then leaves one standing for the lists. */
async function statement(database: Database, base: string, s: { cookie: string; csrf: string }, ep: number, providerId: number) {
  const ms: number[] = [];
  let lines = 0;
  for (let i = 0; i < 4; i++) {
    const t0 = performance.now();
    const made = await send(base, s, 'POST', '/settleAccounts/create', { providerId, ...PERIOD });
    ms.push(performance.now() - t0);
    lines = made.lineCount;
    if (i < 3) await send(base, s, 'DELETE', '/settleAccounts', { id: made.id });
  }
  // The line insert as settle.service.ts createStatement sends it (for a statement made and rolled back): its plan.
  const plan = await explainRolledBack(database, async (tx) => {
    const [st] = await rows<{ id: number }>(
      tx,
      sql`insert into settlements (enterprise_id, settle_no, provider_id, period_start, period_end) values (${ep}, 'BENCH', ${providerId}, '2026-02-01', '2026-02-28') returning id`,
    );
    await tx.execute(sql`delete from settlement_lines where enterprise_id = ${ep} and order_id is not null`);
    await tx.execute(sql`set local work_mem = '32MB'`);
    return sql`with ins as (insert into settlement_lines (enterprise_id, settlement_id, kind, order_id, amount_cents, original_cents, description)
      select f.enterprise_id, ${st?.id}, 1, f.order_id, f.amount_cents, f.amount_cents, o.title
      from provider_order_fees f join orders o on o.enterprise_id = f.enterprise_id and o.id = f.order_id
      where f.enterprise_id = ${ep} and f.provider_id = ${providerId}
        and f.priced_at >= ('2026-01-01'::date)::timestamp at time zone 'Asia/Shanghai' and f.priced_at < ('2026-02-01'::date)::timestamp at time zone 'Asia/Shanghai'
        and o.deleted_at is null
        and not exists (select 1 from settlement_lines l where l.enterprise_id = f.enterprise_id and l.order_id = f.order_id)
      order by f.priced_at, f.order_id
      on conflict (enterprise_id, order_id) where order_id is not null do nothing
      returning 1) select count(*) from ins`;
  });
  return { ms: ms.slice(1), lines, plan };
}

/** EXPLAIN ANALYZE of a writing statement `prepare` makes ready, undone: begin; …; explain analyze …; rollback. */
async function explainRolledBack(database: Database, prepare: (tx: Tx) => Promise<SQL>): Promise<string> {
  const out: string[] = [];
  await database.db
    .transaction(async (tx) => {
      const q = await prepare(tx);
      const res = await rows<Record<string, unknown>>(tx, sql`explain (analyze, buffers, costs off) ${q}`);
      for (const r of res) out.push(String(Object.values(r)[0]));
      throw new RollBack();
    })
    .catch((e) => {
      if (!(e instanceof RollBack)) throw e;
    });
  return out.join('\n');
}
class RollBack extends Error {}

export async function providerScenario(database: Database, base: string): Promise<ProviderScenario> {
  const seeded = await seed(database.db, ORDERS, STATEMENT);
  const s = await session(base, seeded.enterpriseId);
  const st = await statement(database, base, s, seeded.enterpriseId, seeded.providerId);
  // As autovacuum would after 100,000 new lines: the planner must know the lines exist.
  await database.db.execute(sql`analyze settlement_lines`);
  await database.db.execute(sql`analyze settlements`);
  const L = '/order/management/list';
  const paths = [
    `${L}?${PAGE}`,
    `${L}?pageIndex=499&pageSize=20`,
    `${L}?${PAGE}&providerId=${seeded.otherProviderId}`,
    `${L}?${PAGE}&startDay=${PERIOD.periodStart}&endDay=${PERIOD.periodEnd}`,
    `${L}?${PAGE}&settleState=0`,
    `${L}?${PAGE}&settleState=1`,
    `${L}?${PAGE}&settleState=2`,
    `${L}?${PAGE}&settleState=3`,
    `${L}?${PAGE}&providerId=${seeded.providerId}&settleState=2`,
  ];
  const out: ProviderScenario['rows'] = [];
  for (const p of paths) {
    const m = await measureGet(database, base, s.cookie, p, SECONDS);
    let plan = '';
    if (process.env.BENCH_PLANS !== '0') {
      const statements = await captureSql(database, async () => {
        await fetch(`${base}/api${p}`, { headers: { cookie: s.cookie } });
      });
      const own = statements.filter((x) => JSON.stringify(x.args).includes('orders'));
      plan = (await Promise.all(own.map((x) => explain(database, x.args as unknown[])))).join('\n--\n');
    }
    out.push({ ...m, plan });
  }
  return { orders: ORDERS, seed: seeded, statement: st, rows: out };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

export function printProvider(s: ProviderScenario, plans = false): void {
  console.info(`Provider orders: ${s.orders} in ${ENTERPRISE} (${s.seed.reused ? 'reused' : `seeded in ${s.seed.seconds.toFixed(0)} s`})`);
  console.info(
    `Statement over one provider's month (${s.statement.lines} orders): POST /settleAccounts/create ${s.statement.ms.map((m) => m.toFixed(0)).join(' / ')} ms (median ${median(s.statement.ms).toFixed(0)} ms)`,
  );
  if (plans) console.info(`\n== the line insert (rolled back)\n${s.statement.plan}\n`);
  console.info('/order/management with each filter (goal: within 1.5× of its own SQL):');
  printMeasured(s.rows, (e) => e.replace('/order/management/list', '').replace(`?${PAGE}`, '').replace(`&${PAGE}`, '') || '(first page)');
  if (plans) for (const r of s.rows) console.info(`\n== ${decodeURIComponent(r.endpoint)}\n${r.plan}`);
}

async function main(): Promise<void> {
  await withBenchDatabase('pv', async (database) => {
    await withBenchApp(database, async (base) => {
      printProvider(await providerScenario(database, base), process.env.BENCH_PLANS !== '0');
    });
  });
}

// Runnable alone (npx tsx bench/provider.ts); imported by bench/run.ts for providerScenario/printProvider only.
runAlone(import.meta, main);
