// Complaints at scale: npx tsx bench/quality.ts (or wired into npm run bench through qualityScenario/printQuality).
// Seeds BENCH_COMPLAINTS (default 1,000,000) complaints into the bench enterprise, then prints the quality-analysis
// report (/customerComplaint/report by product model, fault mode, place of use, sales unit and responsibility, over
// 30 days, a year and all time) and the complaint list a figure opens: API p50/p99 next to the same SQL replayed
// directly, and (alone, BENCH_PLANS≠0) each endpoint's query plans.
import { sql } from 'drizzle-orm';
import { type Database, type Db, rows } from '../apps/server/src/db/client';
import { captureSql, explain, type MeasuredGet, measureGet, printMeasured } from './capture';
import { benchLogin, seedLarge } from './seed';
import { runAlone, withBenchApp, withBenchDatabase } from './alone';

const COMPLAINTS = Number(process.env.BENCH_COMPLAINTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);

interface Seeded {
  seconds: number;
  reused: boolean;
  modelId: number;
}

/**
 * 1,000,000 complaints over three years (skewed to the recent like the orders), 200 product models, 100 fault modes in
 * 10 categories, 6 places of use, 20 sales units, 5 responsibilities (none on the open ones), 700,000 serials (so
 * repeats exist), 80 % closed with a cost. Foreign keys are checked (every id is the enterprise's own). Reused when present.
 */
async function seedComplaints(db: Db, ep: number, n: number): Promise<Seeded> {
  const t0 = Date.now();
  const [have] = await rows<{ n: number }>(db, sql`select count(*)::int as n from complaints where enterprise_id = ${ep}`);
  const firstModel = async () =>
    Number((await rows<{ id: number }>(db, sql`select min(id) as id from product_models where enterprise_id = ${ep} and name like '压测型号%'`))[0]?.id);
  if (Number(have?.n) >= n) return { seconds: (Date.now() - t0) / 1000, reused: true, modelId: await firstModel() };
  await db.execute(sql`insert into product_models (enterprise_id, name, model, category)
    select ${ep}, '压测型号' || g, 'M' || g, '品类' || (g % 10) from generate_series(1, 200) g`);
  await db.execute(sql`insert into fault_modes (enterprise_id, category, level, code, name)
    select ${ep}, '品类' || (g % 10), 1, 'F' || g, '故障' || g from generate_series(1, 100) g on conflict do nothing`);
  const models = (await rows<{ id: number }>(db, sql`select id from product_models where enterprise_id = ${ep} and name like '压测型号%' order by id`)).map(
    (r) => Number(r.id),
  );
  const faults = (await rows<{ id: number }>(db, sql`select id from fault_modes where enterprise_id = ${ep} and code like 'F%' order by id limit 100`)).map(
    (r) => Number(r.id),
  );
  const M = sql.raw(`'{${models.join(',')}}'::bigint[]`);
  const F = sql.raw(`'{${faults.join(',')}}'::bigint[]`);
  const from = Number(have?.n ?? 0) + 1;
  const CHUNK = 250_000;
  for (let lo = from; lo <= n; lo += CHUNK) {
    const hi = Math.min(n, lo + CHUNK - 1);
    await db.execute(sql`insert into complaints (enterprise_id, complaint_no, source_type, product_model_id, serial_number, fault_mode_id, title, level, state,
        responsibility, analysis_unit, sales_unit, place_of_use, cost_parts, cost_labour, cost_compensation, created_at, closed_at)
      select ${ep}, 'TSB' || lpad(g::text, 8, '0'), 1 + g % 4, (${M})[1 + g % 200], 'SN' || ((g::bigint * 7919) % 700000), (${F})[1 + (g / 3) % 100],
        '压测投诉' || g, (array['一般投诉','重要投诉','重大投诉'])[1 + g % 3], s,
        case when s = 5 then (array['产品质量','安装不当','使用不当','服务态度','物流损坏'])[1 + g % 5] end,
        case when s = 5 then '质量部' end, '销售单位' || (g % 20), (array['家庭','商铺','办公室','工厂','学校','医院'])[1 + g % 6],
        case when s = 5 then (g % 50) * 100 else 0 end, case when s = 5 then (g % 30) * 100 else 0 end, case when s = 5 and g % 10 = 0 then 20000 else 0 end,
        c, case when s = 5 then c + interval '3 days' end
      from (select g, now() - (1095 * power(((g::bigint * 7919) % 1000003) / 1000003.0, 2) || ' days')::interval as c,
          case when g % 10 < 8 then 5 when g % 10 = 8 then 3 else 1 end::smallint as s
        from generate_series(${lo}::int, ${hi}::int) g) x`);
  }
  await db.execute(sql`vacuum analyze complaints`);
  return { seconds: (Date.now() - t0) / 1000, reused: false, modelId: models[0] as number };
}

export interface QualityScenario {
  complaints: number;
  seed: Seeded;
  rows: (MeasuredGet & { plan: string })[];
}

const day = (d: number) => new Date(Date.now() - d * 86_400_000).toISOString().slice(0, 10);

/** Seeds the complaints (once), then measures the report by each grouping and period, and the list a figure opens. */
export async function qualityScenario(database: Database, base: string, enterpriseId: number): Promise<QualityScenario> {
  const seed = await seedComplaints(database.db, enterpriseId, COMPLAINTS);
  const admin = await benchLogin(base, enterpriseId);
  const R = '/customerComplaint/report';
  const month = `startTime=${day(30)}&endTime=${day(0)}`;
  const paths = [
    `${R}?by=productModel&${month}`,
    `${R}?by=faultMode&${month}`,
    `${R}?by=responsibility&${month}`,
    `${R}?by=placeOfUse&startTime=${day(365)}&endTime=${day(0)}`,
    `${R}?by=salesUnit&startTime=${day(365)}&endTime=${day(0)}`,
    `${R}?by=productModel`,
    `${R}?by=responsibility`,
    `/customerComplaint/list?pageIndex=0&pageSize=20&productModelId=${seed.modelId}&${month}`,
  ];
  const out: QualityScenario['rows'] = [];
  for (const p of paths) {
    const m = await measureGet(database, base, admin, p, SECONDS);
    let plan = '';
    if (process.env.BENCH_PLANS !== '0') {
      const statements = await captureSql(database, async () => {
        await fetch(`${base}/api${p}`, { headers: { cookie: admin } });
      });
      const own = statements.filter((s) => /from complaint(s|_day_stats|_serial_stats)\b/.test(JSON.stringify(s.args)));
      plan = (await Promise.all(own.map((s) => explain(database, s.args as unknown[])))).join('\n--\n');
    }
    out.push({ ...m, plan });
  }
  return { complaints: COMPLAINTS, seed, rows: out };
}

export function printQuality(s: QualityScenario, plans = false): void {
  console.info(`Complaints: ${s.complaints} in the bench enterprise (${s.seed.reused ? 'reused' : `seeded in ${s.seed.seconds.toFixed(0)} s`})`);
  console.info('The quality-analysis report by each grouping and period, and the list a figure opens (goal: within 1.5× of their own SQL):');
  printMeasured(s.rows, (e) => e.replace('/customerComplaint/', ''));
  if (plans) for (const r of s.rows) console.info(`\n== ${decodeURIComponent(r.endpoint)}\n${r.plan}`);
}

async function main(): Promise<void> {
  await withBenchDatabase('qa', async (database) => {
    const ep = await seedLarge(database.db, 1000);
    await withBenchApp(database, async (base) => {
      printQuality(await qualityScenario(database, base, ep.enterpriseId), process.env.BENCH_PLANS !== '0');
    });
  });
}

// Runnable alone (npx tsx bench/quality.ts); imported by bench/run.ts for qualityScenario/printQuality only.
runAlone(import.meta, main);
