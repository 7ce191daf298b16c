// Demo data for the return-visit desk (周回访, 13800000007): two plans, and tasks on the demo's completed orders in
// every state (to visit, next visit, passed, passed unrated, not passed with its follow-up note, one in the pool).
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import type { DemoStep } from '../../platform/demo/data';
import { gramsOf, texts } from '../../platform/search';
import { insertStateLog } from '../../platform/state';
import { VISIT_STATE } from './visits.state';

/** [state, visited, reason, scores, comment, next visit in days] per demo task, in order of the completed orders. */
const DEMO_TASKS: [number, boolean, string | null, Record<string, number>, string | null, number | null][] = [
  // The most telling states first: the demo may have only a few completed orders.
  [1, false, null, {}, null, null],
  [2, true, '问题未解决', { 0: 2, 1: 4, 2: 3, 3: 1 }, '空调仍有异响，已转派单员跟进', null],
  [3, true, null, { 0: 5, 1: 5, 2: 4, 3: 5 }, '客户对服务很满意', null],
  [4, true, '客户未接听', {}, '两次未接通', 2],
  [5, true, null, {}, '客户表示满意，不愿打分', null],
  [3, true, null, { 0: 4, 1: 5, 2: 4, 3: 4 }, null, null],
  [1, false, null, {}, null, null],
  [1, false, null, {}, null, null],
];

async function seedDemoVisits(tx: Tx, ep: number): Promise<void> {
  const [visitor] = await rows<{ id: number }>(
    tx,
    sql`select id::int from users where enterprise_id = ${ep} and 7 = any(roles) order by (mobile = '13800000007') desc, id limit 1`,
  );
  if (!visitor) return;
  const [exists] = await rows<{ id: number }>(tx, sql`select id from return_visit_plans where enterprise_id = ${ep} limit 1`);
  if (exists) return; // seeded before
  const [plan] = await rows<{ id: number }>(
    tx,
    sql`insert into return_visit_plans (enterprise_id, name, delay_minutes, sample_percent, min_interval_days, visitor_mode, visitor_ids)
      values (${ep}, '完工满意度回访', 1440, 100, 7, 1, ${`{${visitor.id}}`}::bigint[]) returning id::int`,
  );
  await tx.execute(sql`insert into return_visit_plans (enterprise_id, name, delay_minutes, sample_percent, min_interval_days, visitor_mode, enabled)
    values (${ep}, '抽样回访（回访池）', 120, 30, 30, 2, false)`);
  if (!plan) return;
  const orders = await rows<{
    id: number;
    order_no: string;
    title: string;
    customer_id: number;
    customer_name: string;
    template_id: number | null;
    service_user_id: number | null;
    service_group_id: number | null;
    finished_at: string;
  }>(
    tx,
    sql`select o.id::int, o.order_no, o.title, o.customer_id::int, c.name as customer_name, o.template_id::int, o.service_user_id::int, o.service_group_id::int,
        coalesce(o.finished_at, o.updated_at)::text as finished_at
      from orders o join customers c on c.enterprise_id = o.enterprise_id and c.id = o.customer_id
      where o.enterprise_id = ${ep} and o.state = 5 and not o.invalid and o.deleted_at is null order by o.id limit ${DEMO_TASKS.length}`,
  );
  for (const [i, o] of orders.entries()) {
    const [state, visited, reason, scores, comment, nextDays] = DEMO_TASKS[i] as (typeof DEMO_TASKS)[number];
    const pooled = i === DEMO_TASKS.length - 1;
    const who = pooled || o.service_user_id === visitor.id ? null : visitor.id;
    const [t] = await rows<{ id: number }>(
      tx,
      sql`insert into return_visit_tasks (enterprise_id, plan_id, record_id, order_id, customer_id, template_id, service_group_id, engineer_id, visitor_id,
          state, order_no, order_title, customer_name, search_grams, completed_at, channel, scores, comment, reason, next_visit_at, visited_at, call_seconds, created_at)
        values (${ep}, ${plan.id}, ${o.id}, ${o.id}, ${o.customer_id}, ${o.template_id}, ${o.service_group_id}, ${o.service_user_id}, ${who},
          ${state}, ${o.order_no}, ${o.title}, ${o.customer_name}, ${texts(gramsOf(o.title, o.customer_name))}, ${o.finished_at}::timestamptz,
          ${visited ? 1 : null}, ${JSON.stringify(scores)}::jsonb, ${comment}, ${reason},
          ${nextDays == null ? null : sql`now() + make_interval(days => ${nextDays})`}, ${visited ? sql`now() - make_interval(hours => ${i + 1})` : null},
          ${visited ? 60 + i * 17 : 0}, least(${o.finished_at}::timestamptz + interval '1 hour', now()))
        on conflict do nothing returning id::int`,
    );
    if (!t) continue;
    await insertStateLog(tx, VISIT_STATE, { enterpriseId: ep, id: t.id, from: null, to: 1, action: 'create', actorId: null, note: who ? null : '进入回访池' });
    if (state !== 1) {
      const action = { 2: 'fail', 3: 'pass', 4: 'later', 5: 'passUnrated' }[state as 2 | 3 | 4 | 5];
      await insertStateLog(tx, VISIT_STATE, { enterpriseId: ep, id: t.id, from: 1, to: state, action, actorId: visitor.id, note: reason });
    }
    if (who) await tx.execute(sql`update orders set return_visitor_id = ${who} where enterprise_id = ${ep} and id = ${o.id} and return_visitor_id is null`);
  }
}

export const visitsDemoStep: DemoStep = { name: 'visits.demo', run: seedDemoVisits };
