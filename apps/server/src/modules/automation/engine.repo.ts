// The statements of the automation engine: which rules and timed events apply, and the timers' rows.
import type { RuleAction, RuleConditions } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { bigints, intArray } from '../../platform/sql';
import type { Row } from './automation.actions';

/** Of these trigger points, those the order type has an enabled rule for. */
export async function ruledTriggers(ex: Executor, ep: number, templateId: number, triggers: readonly number[]): Promise<number[]> {
  const found = await rows<{ trigger: number }>(
    ex,
    sql`select distinct trigger from automation_rules where enterprise_id = ${ep} and template_id = ${templateId} and enabled
        and trigger = any(${intArray(triggers, 'smallint')})`,
  );
  return found.map((f) => f.trigger);
}

/** The live order, locked for the rules' actions. */
export async function lockOrder(ex: Executor, ep: number, id: number): Promise<Row | null> {
  const [o] = await rows<Row>(ex, sql`select * from orders where enterprise_id = ${ep} and id = ${id} and deleted_at is null for update`);
  return o ?? null;
}

/** The order as created (deleted or not). */
export async function createdOrder(ex: Executor, ep: number, id: number): Promise<Row | undefined> {
  const [row] = await rows<Row>(ex, sql`select * from orders where enterprise_id = ${ep} and id = ${id}`);
  return row;
}

export interface TimedEvent {
  id: number;
  trigger: number;
  amount: number;
  unit: number;
  condition: number;
}

/** The order type's enabled timed events counting from one of these moments. */
export function timedEventsOf(ex: Executor, ep: number, templateId: number, moved: readonly number[]): Promise<TimedEvent[]> {
  return rows<TimedEvent>(
    ex,
    sql`select id, trigger, amount, unit, condition from timed_events
        where enterprise_id = ${ep} and template_id = ${templateId} and enabled and trigger = any(${intArray(moved, 'smallint')})`,
  );
}

/** Arms a timer (once per order, event and time); answers its id, or undefined when it was armed already. */
export async function insertTimer(ex: Executor, ep: number, orderId: number, eventId: number, fireAt: Date): Promise<number | undefined> {
  const [t] = await rows<{ id: number }>(
    ex,
    sql`insert into automation_timers (enterprise_id, order_id, timed_event_id, fire_at) values (${ep}, ${orderId}, ${eventId}, ${fireAt.toISOString()})
          on conflict do nothing returning id`,
  );
  return t?.id;
}

/** Cancels the event's other armed timers of the order. */
export async function cancelOtherTimers(ex: Executor, ep: number, orderId: number, eventId: number, keptId: number): Promise<void> {
  await ex.execute(
    sql`update automation_timers set state = 2, done_at = now() where enterprise_id = ${ep} and order_id = ${orderId} and timed_event_id = ${eventId} and state = 0 and id <> ${keptId}`,
  );
}

/** The order's armed timers with their event's condition. */
export function armedTimers(ex: Executor, ep: number, orderId: number): Promise<{ id: number; condition: number }[]> {
  return rows<{ id: number; condition: number }>(
    ex,
    sql`select t.id, e.condition from automation_timers t join timed_events e on e.enterprise_id = t.enterprise_id and e.id = t.timed_event_id
        where t.enterprise_id = ${ep} and t.order_id = ${orderId} and t.state = 0`,
  );
}

export async function cancelTimers(ex: Executor, ep: number, ids: readonly number[]): Promise<void> {
  await ex.execute(
    sql`update automation_timers set state = 2, done_at = now() where enterprise_id = ${ep} and state = 0 and id = any(array[${sql.join(
      ids.map((g) => sql`${g}`),
      sql`, `,
    )}]::bigint[])`,
  );
}

export interface TriggerRule {
  id: number;
  conditions: RuleConditions;
  actions: RuleAction[];
  created_by: number;
}

/** The order type's enabled rules of one trigger point, in order. */
export function rulesOf(ex: Executor, ep: number, templateId: number, trigger: number): Promise<TriggerRule[]> {
  return rows<TriggerRule>(
    ex,
    sql`select id, conditions, actions, created_by from automation_rules
          where enterprise_id = ${ep} and template_id = ${templateId} and trigger = ${trigger} and enabled order by id`,
  );
}

export interface ArmedTimer {
  order_id: number;
  condition: number;
  conditions: RuleConditions;
  actions: RuleAction[];
  created_by: number;
  enabled: boolean;
  event_id: number;
}

/** An armed timer with its event, locked. */
export async function lockArmedTimer(ex: Executor, ep: number, timerId: number): Promise<ArmedTimer | undefined> {
  const [t] = await rows<ArmedTimer>(
    ex,
    sql`select t.order_id, e.condition, e.conditions, e.actions, e.created_by, e.enabled, e.id event_id
          from automation_timers t join timed_events e on e.enterprise_id = t.enterprise_id and e.id = t.timed_event_id
          where t.enterprise_id = ${ep} and t.id = ${timerId} and t.state = 0 for update of t`,
  );
  return t;
}

/** Ends a timer: fired (1) or cancelled (2). */
export async function endTimer(ex: Executor, ep: number, timerId: number, fired: boolean): Promise<void> {
  await ex.execute(sql`update automation_timers set state = ${fired ? 1 : 2}, done_at = now() where enterprise_id = ${ep} and id = ${timerId}`);
}

/** Of these orders, those whose type has an enabled rule or timed event. */
export async function ordersWithAutomation(ex: Executor, ep: number, orderIds: readonly number[]): Promise<number[]> {
  const ruled = await rows<{ id: number }>(
    ex,
    sql`select o.id from orders o where o.enterprise_id = ${ep} and o.id = any(${bigints(orderIds)})
        and (exists (select 1 from automation_rules r where r.enterprise_id = o.enterprise_id and r.template_id = o.template_id and r.enabled)
          or exists (select 1 from timed_events e where e.enterprise_id = o.enterprise_id and e.template_id = o.template_id and e.enabled))`,
  );
  return ruled.map((r) => r.id);
}

/** The same question for a created order `n` (platform/signals.ts runCreatedHooksProbed). */
export const createdHasAutomation =
  (): SQL => sql`exists (select 1 from automation_rules r where r.enterprise_id = n.enterprise_id and r.template_id = n.template_id and r.enabled)
      or exists (select 1 from timed_events e where e.enterprise_id = n.enterprise_id and e.template_id = n.template_id and e.enabled)`;

/** Whether a moved order `u` has armed timers or its type an enabled timed event or rule. */
export const movedHasAutomation =
  (): SQL => sql`exists (select 1 from automation_timers t where t.enterprise_id = u.enterprise_id and t.order_id = u.id and t.state = 0)
      or exists (select 1 from timed_events e where e.enterprise_id = u.enterprise_id and e.template_id = u.template_id and e.enabled)
      or exists (select 1 from automation_rules r where r.enterprise_id = u.enterprise_id and r.template_id = u.template_id and r.enabled)`;
