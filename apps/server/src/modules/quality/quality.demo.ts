// Demo data for quality: a fault-mode tree for 暖通空调 and the general tree, and a few complaints on the demo's
// orders in every state (one from the failed return visit), with analysis and cost on the closed one. Small and bulk:
// one insert per table.
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import type { DemoStep } from '../../platform/demo/data';
import { gramsOf, texts } from '../../platform/search';
import { syncComplaintClocks } from './complaint.sla';
import { seedDemoRepairs } from './repair.demo';

/** [category, symptom, cause, remedy] codes and names. */
const TREE: [string, [string, string], [string, string], [string, string]][] = [
  ['暖通空调', ['HV01', '不制冷'], ['HV01.1', '冷媒泄漏'], ['HV01.1.1', '检漏补焊并补充冷媒']],
  ['暖通空调', ['HV01', '不制冷'], ['HV01.2', '压缩机故障'], ['HV01.2.1', '更换压缩机']],
  ['暖通空调', ['HV02', '异响'], ['HV02.1', '风机轴承磨损'], ['HV02.1.1', '更换风机轴承']],
  ['', ['GN01', '无法开机'], ['GN01.1', '电源故障'], ['GN01.1.1', '更换电源模块']],
];

/** [state, level, responsibility, analysis unit, place of use, sales unit, cost cents (parts, labour, compensation)]. */
const COMPLAINTS: [number, string, string | null, string | null, string | null, string | null, [number, number, number]][] = [
  [1, '重要投诉', null, null, null, null, [0, 0, 0]],
  [2, '一般投诉', null, null, '办公室', '华东销售区', [0, 0, 0]],
  [3, '重大投诉', '产品质量问题', null, '工厂车间', '华北销售区', [0, 0, 0]],
  [4, '一般投诉', '安装不当', '售后服务部', '商场', '华南销售区', [35000, 20000, 0]],
  [5, '重要投诉', '产品质量问题', '质量部', '工厂车间', '华东销售区', [128000, 40000, 50000]],
];

async function seedDemoQuality(tx: Tx, ep: number): Promise<void> {
  const [done] = await rows<{ id: number }>(tx, sql`select id from fault_modes where enterprise_id = ${ep} limit 1`);
  if (done) return; // seeded before
  const ids = new Map<string, number>();
  for (const level of [1, 2, 3] as const) {
    const nodes = [...new Map(TREE.map((t) => [`${t[0]}:${t[level][0]}`, [t[0], t[level], level > 1 ? t[(level - 1) as 1 | 2][0] : null] as const])).values()];
    const inserted = await rows<{ id: number; category: string; code: string }>(
      tx,
      sql`insert into fault_modes (enterprise_id, category, parent_id, level, code, name, sort)
        values ${sql.join(
          nodes.map(
            ([cat, [code, name], parent], i) =>
              sql`(${ep}, ${cat}, ${parent ? (ids.get(`${cat}:${parent}`) ?? null) : null}, ${level}, ${code}, ${name}, ${i})`,
          ),
          sql`, `,
        )}
        returning id::int, category, code`,
    );
    for (const r of inserted) ids.set(`${r.category}:${r.code}`, r.id);
  }
  const faultId = ids.get('暖通空调:HV01.1.1') ?? null;
  // The demo's orders with a product first; the failed return visit's order carries a complaint of its own (source 3).
  const orders = await rows<{ id: number; visit_task_id: number | null }>(
    tx,
    sql`select o.id::int, (select t.id::int from return_visit_tasks t where t.enterprise_id = o.enterprise_id and t.order_id = o.id and t.state = 2 limit 1) as visit_task_id
      from orders o where o.enterprise_id = ${ep} and o.deleted_at is null order by (o.installed_product_id is null), (o.state = 5) desc, o.id limit ${COMPLAINTS.length}`,
  );
  if (!orders.length) return;
  const values = orders.map((o, i) => {
    const [state, level, resp, unit, place, sales, [parts, labour, comp]] = COMPLAINTS[i] as (typeof COMPLAINTS)[number];
    const hours = (COMPLAINTS.length - i) * 20;
    return sql`(${o.id}::bigint, ${o.visit_task_id}::bigint, ${state}::smallint, ${level}, ${resp}, ${unit}, ${place}, ${sales}, ${state >= 3 ? faultId : null}::bigint,
      ${parts}::bigint, ${labour}::bigint, ${comp}::bigint, now() - make_interval(hours => ${hours}))`;
  });
  const made = await rows<{ id: number; state: number; level: string; at: number }>(
    tx,
    sql`insert into complaints (enterprise_id, complaint_no, source_type, order_id, visit_task_id, customer_id, customer_name, installed_product_id,
        product_model_id, serial_number, engineer_id, provider_id, title, content, complainant, phone, level, state, responsibility, analysis_unit,
        place_of_use, sales_unit, fault_mode_id, cost_parts, cost_labour, cost_compensation, created_at, resolve_started_at, response_due_at, resolve_due_at,
        responded_at, resolved_at, closed_at, search_grams)
      select ${ep}, 'TS' || lpad((row_number() over ())::text, 8, '0') || 'D', case when v.task is null then 1 else 3 end, o.id, v.task, o.customer_id, c.name,
        o.installed_product_id, ip.product_id, ip.serial_number, o.service_user_id, o.provider_id,
        case when v.task is null then '客户投诉：' || o.title else '回访不通过：' || o.title end, '客户反映问题未彻底解决', o.custom_link_person, o.custom_phone,
        v.level, v.state, v.resp, v.unit, v.place, v.sales, v.fault, v.parts, v.labour, v.comp, v.at, v.at,
        v.at + case v.level when '重大投诉' then interval '1 hour' when '重要投诉' then interval '4 hours' else interval '24 hours' end,
        v.at + case v.level when '重大投诉' then interval '24 hours' when '重要投诉' then interval '3 days' else interval '7 days' end,
        case when v.state >= 2 then v.at + interval '30 minutes' end, case when v.state >= 4 then v.at + interval '10 hours' end,
        case when v.state = 5 then v.at + interval '12 hours' end, '{}'::text[]
      from (values ${sql.join(values, sql`, `)}) as v(ord, task, state, level, resp, unit, place, sales, fault, parts, labour, comp, at)
      join orders o on o.enterprise_id = ${ep} and o.id = v.ord
      join customers c on c.enterprise_id = o.enterprise_id and c.id = o.customer_id
      left join installed_products ip on ip.enterprise_id = o.enterprise_id and ip.id = o.installed_product_id
      on conflict do nothing
      returning id::int, state, level, round(extract(epoch from created_at) * 1000)::float8 as at`,
  );
  if (!made.length) return;
  for (const c of made) await demoClocks(tx, ep, c);
  await tx.execute(sql`update complaints set complaint_no = 'TS' || lpad(id::text, 8, '0') where enterprise_id = ${ep} and complaint_no like 'TS%D'`);
  const named = await rows<{ id: number; title: string; complaint_no: string; customer_name: string | null }>(
    tx,
    sql`select id::int, title, complaint_no, customer_name from complaints where enterprise_id = ${ep}`,
  );
  for (const c of named) {
    await tx.execute(
      sql`update complaints set search_grams = ${texts(gramsOf(c.title, c.complaint_no, c.customer_name))} where enterprise_id = ${ep} and id = ${c.id}`,
    );
  }
  await tx.execute(sql`insert into complaint_logs (enterprise_id, complaint_id, from_state, to_state, action, created_at)
    select ${ep}, c.id, null, 1, 'create', c.created_at from complaints c where c.enterprise_id = ${ep}`);
}

/**
 * The complaint's deadlines as if it had lived its story on the engine: both clocks started at its creation, the
 * response met when it was accepted (30 minutes later), the resolution when it was resolved (10 hours later).
 */
async function demoClocks(tx: Tx, ep: number, c: { id: number; state: number; level: string; at: number }): Promise<void> {
  const MIN = 60_000;
  await syncComplaintClocks(tx, ep, c.id, { level: c.level, responded: false, resolved: false }, { now: c.at });
  if (c.state >= 2) await syncComplaintClocks(tx, ep, c.id, { level: c.level, responded: true, resolved: false }, { now: c.at + 30 * MIN });
  if (c.state >= 4) await syncComplaintClocks(tx, ep, c.id, { level: c.level, responded: true, resolved: true }, { now: c.at + 600 * MIN });
}

export const qualityDemoStep: DemoStep = { name: 'quality.demo', run: seedDemoQuality };
export const repairDemoStep: DemoStep = { name: 'repair.demo', after: ['quality.demo', 'spares.demo'], run: seedDemoRepairs };
