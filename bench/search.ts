// The global search's query plans: npx tsx bench/search.ts. Seeds BENCH_SEARCH_ROWS (default 100000) orders, customers,
// installed products, events and projects into the bench enterprise (a fresh embedded server unless BENCH_DATABASE_URL),
// then prints EXPLAIN (ANALYZE, BUFFERS) of each kind's statement (modules/search/search.repo.ts) for the administrator
// and for an engineer, with a common word, a rare one, a number and part of a serial. Not part of npm run bench.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { powersOfRole, type SearchKind } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, openPostgres, rows } from '../apps/server/src/db/client';
import { migrate } from '../apps/server/src/migrate';
import { openEmbedded } from '../apps/server/src/db/open';
import { SEARCH_SQL, type Searcher } from '../apps/server/src/modules/search/search.repo';
import { BENCH_ADMIN_MOBILE, seedLarge } from './seed';

const N = Number(process.env.BENCH_SEARCH_ROWS ?? 100_000);
const url = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

/** The grams of a text as platform/search.ts gramsOf makes them (singles, pairs at even and odd offsets), in SQL. */
const grams = (x: string) =>
  sql.raw(`(regexp_split_to_array(lower(${x}), '') || regexp_split_to_array(regexp_replace(lower(${x}), '(..)', '\\1' || chr(1), 'g'), chr(1))
    || regexp_split_to_array(regexp_replace(substr(lower(${x}), 2), '(..)', '\\1' || chr(1), 'g'), chr(1)))`);
const TITLES = `array['中央空调不制冷','热水器漏水','净水器滤芯更换','冰箱噪音大','洗衣机不排水','空调年度保养','燃气灶点不着火','油烟机异响','电梯困人','消防栓漏水']`;

async function seed(db: Db, ep: number, adminId: number, engineerId: number): Promise<void> {
  const [have] = await rows<{ n: number }>(db, sql`select count(*)::int as n from orders where enterprise_id = ${ep}`);
  if (Number(have?.n) >= N) return;
  const t0 = Date.now();
  await db.execute(sql`insert into customers (enterprise_id, name, link_name, phone, search_grams, created_at)
    select ${ep}, name, link, '139' || lpad(g::text, 8, '0'), ${grams("name || ' ' || link")}, now() - (g || ' seconds')::interval
    from (select g, (array['恒瑞','蓝天','华东','星河','远大'])[1 + g % 5] || '物业' || g as name, '联系人' || g as link from generate_series(1, ${N}) g) x`);
  const [tpl] = await rows<{ id: number }>(db, sql`insert into form_templates (enterprise_id, form_kind, name) values (${ep}, 1, '维修') returning id`);
  await db.execute(sql`insert into orders (enterprise_id, order_no, template_id, customer_id, title, state, service_user_id, custom_phone, search_grams, created_at)
    select ${ep}, no, ${tpl?.id}, c.id, title, (g % 7)::smallint, case when g % 50 = 0 then ${engineerId}::bigint end, '138' || lpad(g::text, 8, '0'),
      ${grams("title || ' ' || no || ' ' || c.name")}, now() - (g || ' seconds')::interval
    from (select g, 'GD20261123-' || lpad(g::text, 6, '0') as no, (${sql.raw(TITLES)})[1 + g % 10] || g as title from generate_series(1, ${N}) g) x
    join customers c on c.enterprise_id = ${ep} and c.phone = '139' || lpad(x.g::text, 8, '0')`);
  const [model] = await rows<{ id: number }>(db, sql`insert into product_models (enterprise_id, name) values (${ep}, '中央空调外机') returning id`);
  await db.execute(sql`insert into installed_products (enterprise_id, product_id, name, serial_number, qr_code, customer_id, search_grams, created_at)
    select ${ep}, ${model?.id}, '中央空调外机', sn, 'qr' || g, c.id, ${grams("'中央空调外机 ' || sn")}, now() - (g || ' seconds')::interval
    from (select g, 'SN' || lpad((2023000 + g * 37)::text, 10, '0') as sn from generate_series(1, ${N}) g) x
    join customers c on c.enterprise_id = ${ep} and c.phone = '139' || lpad(x.g::text, 8, '0')`);
  const [etpl] = await rows<{ id: number }>(db, sql`insert into form_templates (enterprise_id, form_kind, name) values (${ep}, 6, '报修') returning id`);
  await db.execute(sql`insert into events (enterprise_id, event_no, template_id, state, title, principal_id, dispatch_state, search_grams, created_at)
    select ${ep}, no, ${etpl?.id}, 2, title, case when g % 50 = 0 then ${engineerId}::bigint else ${adminId}::bigint end, 1, ${grams("title || ' ' || no")},
      now() - (g || ' seconds')::interval
    from (select g, 'SJ20261123-' || lpad(g::text, 6, '0') as no, (${sql.raw(TITLES)})[1 + g % 10] || '报修' || g as title from generate_series(1, ${N}) g) x`);
  const [ptpl] = await rows<{ id: number }>(db, sql`insert into form_templates (enterprise_id, form_kind, name) values (${ep}, 10, '改造') returning id`);
  await db.execute(sql`insert into projects (enterprise_id, project_no, name, template_id, state, created_by, created_at)
    select ${ep}, 'XM20261123-' || lpad(g::text, 6, '0'), (array['总部','分部','园区'])[1 + g % 3] || '中央空调改造' || g, ${ptpl?.id}, 1,
      case when g % 50 = 0 then ${engineerId}::bigint else ${adminId}::bigint end, now() - (g || ' seconds')::interval
    from generate_series(1, ${N}) g`);
  for (const t of ['customers', 'orders', 'installed_products', 'events', 'projects']) await db.execute(sql.raw(`vacuum analyze ${t}`));
  console.info(`seeded ${N} of each kind in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
}

const searcherOf = (ep: number, id: number, role: number): Searcher => {
  const admin = role === 3;
  return {
    id,
    enterpriseId: ep,
    sysrole: role,
    admin,
    powers: powersOfRole(role),
    providerId: null,
    timeZone: 'Asia/Shanghai',
    project: { id, enterpriseId: ep, sysrole: role, timeZone: 'Asia/Shanghai', admin, providerId: null, seesAll: admin },
  };
};

async function explain(db: Db, q: SQL): Promise<string[]> {
  const plan = await rows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers) ${q}`);
  return plan.map((r) => r['QUERY PLAN']);
}

async function main(): Promise<void> {
  const dir = url ? null : mkdtempSync(path.join(tmpdir(), 'sk-bench-search-'));
  if (dir) chmodSync(dir, 0o755);
  const database = url ? await openPostgres(url, 2) : await openEmbedded(path.join(dir as string, 'pg'), () => {}, false);
  try {
    await migrate(database);
    const db = database.db;
    const { enterpriseId: ep } = await seedLarge(db, 1000);
    const [admin] = await rows<{ id: number }>(db, sql`select id::int from users where enterprise_id = ${ep} and mobile = ${BENCH_ADMIN_MOBILE}`);
    const [engineer] = await rows<{ id: number }>(db, sql`select id::int from users where enterprise_id = ${ep} and sysrole = 2 order by id limit 1`);
    await seed(db, ep, Number(admin?.id), Number(engineer?.id));
    const who = { 管理员: searcherOf(ep, Number(admin?.id), 3), 工程师: searcherOf(ep, Number(engineer?.id), 2) };
    const cases: [SearchKind, string][] = [
      ['order', '空调'],
      ['order', '不制冷77777'],
      ['order', 'GD20261123-012345'],
      ['order', '13800012345'],
      ['customer', '恒瑞'],
      ['customer', '物业9999'],
      ['customer', '1390001'],
      ['product', '0023456'],
      ['event', '漏水报修'],
      ['event', 'SJ20261123-000777'],
      ['project', '空调改造'],
      ['project', 'XM20261123-0999'],
    ];
    for (const [name, s] of Object.entries(who)) {
      for (const [kind, q] of cases) {
        const plan = await explain(db, SEARCH_SQL[kind](s, q));
        const time = plan.find((l) => l.startsWith('Execution Time'));
        console.info(`\n== ${name} ${kind} "${q}": ${time}`);
        if (process.env.BENCH_PLANS !== '0') console.info(plan.filter((l) => !l.startsWith('Planning') && !l.startsWith('Execution')).join('\n'));
      }
    }
  } finally {
    await database.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
