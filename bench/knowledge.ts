// The knowledge search at scale: npx tsx bench/knowledge.ts (or in npm run bench, BENCH_KNOWLEDGE). Seeds BENCH_KB
// (default 100,000) articles in 20 categories and BENCH_KB / 10 published cases into the bench enterprise, then prints
// /knowledge/search (no keyword, a common word, a rare one, a category, cases only) and /knowledge/suggest: API p50/p99
// next to the same SQL replayed directly, and (BENCH_PLANS≠0) the plans of the statements on kb_articles and cases.
import { sql } from 'drizzle-orm';
import { type Database, type Db, rows } from '../apps/server/src/db/client';
import { captureSql, explain, type MeasuredGet, measureGet, printMeasured } from './capture';
import { benchLogin, seedLarge } from './seed';
import { runAlone, withBenchApp, withBenchDatabase } from './alone';

const N = Number(process.env.BENCH_KB ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const TITLES = `array['空调不制冷排查','热水器漏水处理','净水器滤芯更换','冰箱噪音大','洗衣机不排水','空调年度保养规范','燃气灶点不着火','油烟机异响','电梯困人应急','消防栓漏水']`;
const BODY = `'先确认电源与设定，再检查压力和电流，记录现场数据。更换部件后试机三十分钟，并请客户确认服务结果。'`;

/** The grams of a text as platform/search.ts gramsOf makes them (singles, pairs at even and odd offsets), in SQL. */
const gramsOf = (x: string) =>
  `(regexp_split_to_array(lower(${x}), '') || regexp_split_to_array(regexp_replace(lower(${x}), '(..)', '\\1' || chr(1), 'g'), chr(1))
    || regexp_split_to_array(regexp_replace(substr(lower(${x}), 2), '(..)', '\\1' || chr(1), 'g'), chr(1)))`;

interface Seeded {
  categoryId: number;
  modelId: number;
  seconds: number;
  reused: boolean;
}

/** N articles (a tenth on one product model, titles of ten kinds numbered, one body), N / 10 published cases. Seeded once. */
async function seedArticles(db: Db, ep: number, n: number): Promise<Seeded> {
  const t0 = Date.now();
  const [have] = await rows<{ n: number }>(db, sql`select count(*)::int as n from kb_articles where enterprise_id = ${ep}`);
  const [cat0] = await rows<{ id: number }>(db, sql`select id from kb_categories where enterprise_id = ${ep} order by id limit 1`);
  const [m0] = await rows<{ id: number }>(db, sql`select id from product_models where enterprise_id = ${ep} and name = '知识库基准型号'`);
  if (Number(have?.n) >= n && cat0 && m0) return { categoryId: Number(cat0.id), modelId: Number(m0.id), seconds: 0, reused: true };
  const cats = await rows<{ id: number }>(
    db,
    sql`insert into kb_categories (enterprise_id, name, sort) select ${ep}, '分类' || g, g from generate_series(1, 20) g returning id`,
  );
  const catArr = sql.raw(`'{${cats.map((c) => c.id).join(',')}}'::bigint[]`);
  const [model] = await rows<{ id: number }>(db, sql`insert into product_models (enterprise_id, name) values (${ep}, '知识库基准型号') returning id`);
  await db.execute(sql`insert into kb_articles (enterprise_id, category_id, title, body, visibility, product_model_id, search_grams, created_at, updated_at)
    select ${ep}, (${catArr})[1 + g % 20], t, ${sql.raw(BODY)}, (1 + g % 3)::smallint, case when g % 10 = 0 then ${model?.id}::bigint end,
      ${sql.raw(`${gramsOf('t')} || ${gramsOf(BODY)}`)}, c, c
    from (select g, (${sql.raw(TITLES)})[1 + g % 10] || g as t, now() - (g || ' seconds')::interval as c from generate_series(1, ${n}) g) x`);
  await db.execute(sql`insert into cases (enterprise_id, case_no, source, product_model_id, title, description, state, scope, search_grams, published_at)
    select ${ep}, 'ALB' || lpad(g::text, 8, '0'), 1, ${model?.id}, t, '现场排查后更换部件', 2, (1 + g % 2)::smallint, ${sql.raw(gramsOf("t || ' 现场排查后更换部件'"))},
      now() - (g || ' seconds')::interval
    from (select g, (${sql.raw(TITLES)})[1 + g % 10] || '案例' || g as t from generate_series(1, ${Math.max(1, Math.floor(n / 10))}) g) x`);
  await db.execute(sql`vacuum analyze kb_articles`);
  await db.execute(sql`vacuum analyze cases`);
  return { categoryId: Number(cats[0]?.id), modelId: Number(model?.id), seconds: (Date.now() - t0) / 1000, reused: false };
}

export interface KnowledgeScenario {
  articles: number;
  seed: Seeded;
  rows: (MeasuredGet & { plan: string })[];
}

const PAGE = 'pageIndex=0&pageSize=20';
const q = (s: string) => encodeURIComponent(s);

export async function knowledgeScenario(database: Database, base: string, enterpriseId: number): Promise<KnowledgeScenario> {
  const seed = await seedArticles(database.db, enterpriseId, N);
  const admin = await benchLogin(base, enterpriseId);
  const S = '/knowledge/search';
  const paths = [
    `${S}?${PAGE}`,
    `${S}?${PAGE}&keyword=${q('空调')}`,
    `${S}?${PAGE}&keyword=${q('更换部件')}`,
    `${S}?${PAGE}&keyword=${q('油烟机异响77')}`,
    `${S}?${PAGE}&categoryId=${seed.categoryId}`,
    `${S}?${PAGE}&kind=case&keyword=${q('电梯')}`,
    `/knowledge/suggest?productModelId=${seed.modelId}`,
  ];
  const out: KnowledgeScenario['rows'] = [];
  for (const p of paths) {
    const m = await measureGet(database, base, admin, p, SECONDS);
    let plan = '';
    if (process.env.BENCH_PLANS !== '0') {
      const statements = await captureSql(database, async () => {
        await fetch(`${base}/api${p}`, { headers: { cookie: admin } });
      });
      const own = statements.filter((s) => /kb_articles|from cases/.test(JSON.stringify(s.args)));
      plan = (await Promise.all(own.map((s) => explain(database, s.args as unknown[])))).join('\n--\n');
    }
    out.push({ ...m, plan });
  }
  return { articles: N, seed, rows: out };
}

export function printKnowledge(s: KnowledgeScenario, plans = false): void {
  console.info(
    `Knowledge base: ${s.articles} articles and ${Math.floor(s.articles / 10)} published cases (${s.seed.reused ? 'reused' : `seeded in ${s.seed.seconds.toFixed(0)} s`})`,
  );
  console.info('The search (articles beside published cases) and the suggestions (goal: within 1.5× of their own SQL):');
  printMeasured(s.rows, (e) => decodeURIComponent(e.replace('/knowledge/', '').replace(`?${PAGE}`, '').replace(`&${PAGE}`, '')));
  if (plans) for (const r of s.rows) console.info(`\n== ${decodeURIComponent(r.endpoint)}\n${r.plan}`);
}

async function main(): Promise<void> {
  await withBenchDatabase('kb', async (database) => {
    const ep = await seedLarge(database.db, 1000);
    await withBenchApp(database, async (base) => {
      printKnowledge(await knowledgeScenario(database, base, ep.enterpriseId), process.env.BENCH_PLANS !== '0');
    });
  });
}

// Runnable alone (npx tsx bench/knowledge.ts); imported by bench/run.ts for knowledgeScenario/printKnowledge only.
runAlone(import.meta, main);
