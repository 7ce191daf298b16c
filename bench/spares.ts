// Spares at scale: npx tsx bench/spares.ts. Seeds BENCH_SPARES spares (default 100000), BENCH_WAREHOUSES warehouses
// (default 1000), two stock rows per spare and BENCH_LEDGER ledger rows (default 5000000) into the bench enterprise,
// then prints the stock list with its filters and the ledger of one spare: API p50/p99 next to the same SQL replayed
// directly (the issue asks for API within 1.5× of its SQL). Smaller sizes by the env vars run in a minute.
import { sql } from 'drizzle-orm';
import { type Database, type Db, rows } from '../apps/server/src/db/client';
import { type MeasuredGet, measureGet, printMeasured } from './capture';
import { benchLogin, seedLarge } from './seed';
import { runAlone, withBenchApp, withBenchDatabase } from './alone';

const SPARES = Number(process.env.BENCH_SPARES ?? 100_000);
const WAREHOUSES = Number(process.env.BENCH_WAREHOUSES ?? 1000);
const LEDGER = Number(process.env.BENCH_LEDGER ?? 5_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

/**
 * Spare s sits in warehouses s % W and (s * 7 + 1) % W; ledger row g belongs to stock pair g % pairs and is that
 * pair's (g / pairs)-th receipt of one part, so every pair's rows chain (before → after) and sum to its quantity.
 */
async function seedSpares(db: Db, ep: number): Promise<{ spareId: number; warehouseId: number; reused: boolean }> {
  const pick = async () => {
    const [s] = await rows<{ id: number }>(db, sql`select id::int from spares where enterprise_id = ${ep} and code = 'BS-000100'`);
    const [w] = await rows<{ id: number }>(
      db,
      sql`select warehouse_id::int as id from stocks where enterprise_id = ${ep} and spare_id = ${s?.id ?? 0} limit 1`,
    );
    return { spareId: Number(s?.id), warehouseId: Number(w?.id) };
  };
  const [have] = await rows<{ n: number }>(db, sql`select count(*)::int as n from stock_logs where enterprise_id = ${ep}`);
  if (Number(have?.n) >= LEDGER) return { ...(await pick()), reused: true };
  await db.execute(sql`delete from stock_logs where enterprise_id = ${ep}`);
  await db.execute(sql`delete from stocks where enterprise_id = ${ep}`);
  await db.execute(sql`delete from spares where enterprise_id = ${ep}`);
  await db.execute(sql`delete from warehouses where enterprise_id = ${ep}`);
  await db.execute(
    sql`insert into warehouses (enterprise_id, name, kind) select ${ep}, '仓库' || g, case when g <= 10 then 1 else 2 end from generate_series(1, ${WAREHOUSES}::int) g`,
  );
  await db.execute(sql`insert into spares (enterprise_id, code, name, model, sale_price)
    select ${ep}, 'BS-' || lpad(g::text, 6, '0'), (array['压缩机', '电机', '主控板', '温控器', '电源线'])[1 + g % 5] || g, 'M' || (g % 100), 10 + g % 500
    from generate_series(1, ${SPARES}::int) g`);
  await db.execute(sql`insert into stocks (enterprise_id, warehouse_id, spare_id, quantity, safety)
    select ${ep}::bigint, w.ids[1 + (s.rn % ${WAREHOUSES}::int)], s.id, 0, case when s.rn % 50 = 0 then 1000000 else 0 end
    from (select id, row_number() over (order by id) as rn from spares where enterprise_id = ${ep}) s,
      (select array_agg(id order by id) as ids from warehouses where enterprise_id = ${ep}) w
    union all
    select ${ep}::bigint, w.ids[1 + ((s.rn * 7 + 1) % ${WAREHOUSES}::int)], s.id, 0, 0
    from (select id, row_number() over (order by id) as rn from spares where enterprise_id = ${ep}) s,
      (select array_agg(id order by id) as ids from warehouses where enterprise_id = ${ep}) w
    on conflict do nothing`);
  await db.execute(sql`create temporary table bench_pairs as
    select row_number() over (order by warehouse_id, spare_id) - 1 as i, warehouse_id, spare_id from stocks where enterprise_id = ${ep}`);
  const [pairs] = await rows<{ n: number }>(db, sql`select count(*)::int as n from bench_pairs`);
  const n = Number(pairs?.n);
  for (let from = 0; from < LEDGER; from += 500_000) {
    const to = Math.min(LEDGER, from + 500_000) - 1;
    await db.execute(sql`insert into stock_logs (enterprise_id, warehouse_id, spare_id, type, change, before, after, user_id, created_at)
      select ${ep}, p.warehouse_id, p.spare_id, 3, 1, g / ${n}::int, g / ${n}::int + 1, null, now() - ((${LEDGER}::int - g) || ' seconds')::interval
      from generate_series(${from}::int, ${to}::int) g join bench_pairs p on p.i = g % ${n}::int`);
  }
  await db.execute(sql`update stocks k set quantity = c.n from (select warehouse_id, spare_id, count(*)::int as n from stock_logs
    where enterprise_id = ${ep} group by 1, 2) c where k.enterprise_id = ${ep} and k.warehouse_id = c.warehouse_id and k.spare_id = c.spare_id`);
  await db.execute(sql`drop table bench_pairs`);
  for (const t of ['spares', 'warehouses', 'stocks', 'stock_logs']) await db.execute(sql.raw(`vacuum analyze ${t}`));
  return { ...(await pick()), reused: false };
}

export interface SpareScenario {
  spares: number;
  warehouses: number;
  ledger: number;
  seconds: number;
  reused: boolean;
  rows: MeasuredGet[];
}

const PAGE = 'pageIndex=0&pageSize=20';

/** Seeds (or reuses) the spares, warehouses and ledger of the bench enterprise and measures the stock list and the ledger. */
export async function spareScenario(database: Database, base: string, enterpriseId: number): Promise<SpareScenario> {
  const t0 = Date.now();
  const { spareId, warehouseId, reused } = await seedSpares(database.db, enterpriseId);
  const seconds = (Date.now() - t0) / 1000;
  const admin = await benchLogin(base, enterpriseId);
  const paths = [
    `/spare/stock/list?${PAGE}`,
    `/spare/stock/list?${PAGE}&warehouseId=${warehouseId}`,
    `/spare/stock/list?${PAGE}&keyword=BS-0001`,
    `/spare/stock/list?${PAGE}&spareId=${spareId}`,
    `/spare/stock/list?${PAGE}&warehouseId=${warehouseId}&keyword=BS-0`,
    `/spare/warning/list?${PAGE}`,
    `/spare/log/list?${PAGE}&spareId=${spareId}`,
    `/spare/log/list?${PAGE}&spareId=${spareId}&type=3`,
    `/spare/log/list?${PAGE}&warehouseId=${warehouseId}`,
    `/spare/list?${PAGE}&keyword=BS-00012`,
  ];
  const rows: MeasuredGet[] = [];
  for (const p of paths) rows.push(await measureGet(database, base, admin, p, SECONDS));
  return { spares: SPARES, warehouses: WAREHOUSES, ledger: LEDGER, seconds, reused, rows };
}

export function printSpares(s: SpareScenario): void {
  console.info(
    `Spares: ${s.spares} spares, ${s.warehouses} warehouses, ${s.ledger} ledger rows ${s.reused ? '(reused)' : `seeded in ${s.seconds.toFixed(0)} s`}` +
      " (goal: the stock list with its filters and one spare's ledger within 1.5× of their SQL):",
  );
  printMeasured(s.rows, (e) => e.replace(`?${PAGE}`, ''));
}

async function main(): Promise<void> {
  await withBenchDatabase('sp', async (database) => {
    const ep = await seedLarge(database.db, 1000);
    await withBenchApp(database, async (base) => {
      printSpares(await spareScenario(database, base, ep.enterpriseId));
    });
  });
}

// Runnable alone (npx tsx bench/spares.ts); bench/run.ts imports the scenario.
runAlone(import.meta, main);
