import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client';
import { gramsOf, texts } from '../../platform/search';
import { insertOrder } from '../orders/test-helpers';
import type { TaskRecord } from './tasks.repo';

/** A plan written straight into the table (the plan endpoints have their own tests). */
export async function insertPlan(db: Db, ep: number, cols: Record<string, unknown> = {}): Promise<number> {
  const all: Record<string, unknown> = { name: '默认回访计划', delay_minutes: 0, sample_percent: 100, min_interval_days: 0, visitor_mode: 1, ...cols };
  const names = Object.keys(all).map((k) => sql.identifier(k));
  const values = Object.values(all).map((v) => (Array.isArray(v) ? sql`${`{${v.join(',')}}`}` : sql`${v}`));
  const [p] = await rows<{ id: number }>(
    db,
    sql`insert into return_visit_plans (enterprise_id, ${sql.join(names, sql`, `)}) values (${ep}, ${sql.join(values, sql`, `)}) returning id`,
  );
  return (p as { id: number }).id;
}

/** A task on a new completed order, written straight into the tables. */
export async function insertTask(
  db: Db,
  ep: number,
  o: { planId?: number; visitorId?: number | null; engineerId?: number | null; state?: number; orderCols?: Record<string, unknown> } = {},
): Promise<{ id: number; orderId: number }> {
  const planId = o.planId ?? (await insertPlan(db, ep));
  const orderId = await insertOrder(db, ep, { state: 5, finished_at: new Date().toISOString(), service_user_id: o.engineerId ?? null, ...o.orderCols });
  const [o2] = await rows<{ title: string; customer_name: string }>(
    db,
    sql`select o.title, c.name as customer_name from orders o join customers c on c.enterprise_id = o.enterprise_id and c.id = o.customer_id
      where o.enterprise_id = ${ep} and o.id = ${orderId}`,
  );
  const grams = texts(gramsOf(o2?.title, o2?.customer_name));
  const [r] = await rows<{ id: number }>(
    db,
    sql`insert into return_visit_tasks (enterprise_id, plan_id, record_id, order_id, customer_id, template_id, engineer_id, visitor_id, state,
        order_no, order_title, customer_name, search_grams, completed_at)
      select o.enterprise_id, ${planId}::bigint, o.id, o.id, o.customer_id, o.template_id, o.service_user_id, ${o.visitorId ?? null}::bigint, ${o.state ?? 1}::smallint,
        o.order_no, o.title, c.name, ${grams}, o.finished_at
      from orders o join customers c on c.enterprise_id = o.enterprise_id and c.id = o.customer_id where o.enterprise_id = ${ep} and o.id = ${orderId}
      returning id`,
  );
  return { id: (r as { id: number }).id, orderId };
}

export const taskOf = async (db: Db, ep: number, id: number) =>
  (await rows<TaskRecord>(db, sql`select * from return_visit_tasks where enterprise_id = ${ep} and id = ${id}`))[0];

export const tasksOfOrder = (db: Db, ep: number, orderId: number) =>
  rows<TaskRecord>(db, sql`select * from return_visit_tasks where enterprise_id = ${ep} and order_id = ${orderId}`);
