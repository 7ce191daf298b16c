// The cycle job: each plan in progress whose previous generated order is closed gets an order for its next due date
// inside the horizon. Once per (plan, due date): the key row is inserted `on conflict do nothing` in the transaction
// that creates the order, and the plan row is locked `skip locked`, so runs in parallel (or on two instances) make
// each order once. "now" is a parameter: tests and the bench run it on their own clock.
import { addDays, CYCLE_GENERATE_JOB, type CreateOrderBody, dueDates } from '@sk/shared';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { addDailySchedule, registerJobHandler } from '../../platform/jobs';
import { createOrder, createOrdersSet } from '../orders/index';
import { movePlan } from './cycle.state';
import {
  candidateIds,
  enterprisesWithPlans,
  type GenPlanRow,
  insertKey,
  insertKeysSet,
  lockPlansSet,
  lockPlanToGenerate,
  setOrder,
  setOrdersSet,
} from './cycle.repo';
import { type EnterpriseDays, enterpriseDays, ruleOf } from './plans.calendar';

const BATCH = 500;
export interface GenerateResult {
  /** Plans looked at (in progress, previous order closed). */
  plans: number;
  /** Orders created. */
  created: number;
  /** Plans whose order could not be made (its customer or type gone); they are tried again next run. */
  failed: number;
}

const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;

function orderBody(p: GenPlanRow, due: string, days: EnterpriseDays, orderType: number | null): CreateOrderBody {
  const what = p.product_name ? `设备：${p.product_name}${p.serial_number ? `（序列号 ${p.serial_number}）` : ''}` : `维保合同：${p.contract_name ?? ''}`;
  const list = (p.checklist ?? []).map((c, i) => `${i + 1}. ${c}`);
  const desc = [`周期计划“${p.name}”第${p.generated + 1}次，到期日 ${due}`, what, ...(list.length ? ['检查项：', ...list] : [])].join('\n');
  return {
    orderType,
    customerId: p.customer_id,
    title: (p.order_title || p.tmpl_name).slice(0, 100),
    productId: p.installed_product_id,
    serviceId: p.service_item_ids.map(Number),
    customApplyTime: `${due} ${hhmm(days.startMinute)}`,
    priority: 1,
    detailDesc: desc.slice(0, 2000),
    ext: {},
  } as CreateOrderBody;
}

class Skip extends Error {}

/** The plan's next due date to generate now, or null (after expiring a plan whose last date has passed). */
async function nextDue(tx: Tx, ep: number, p: GenPlanRow, days: EnterpriseDays) {
  const rule = ruleOf(p);
  if (!rule) return null;
  const from = p.last_due_date && p.last_due_date >= days.today ? addDays(p.last_due_date, 1) : days.today;
  const [next] = dueDates(rule, days.calendar, from, addDays(days.today, days.horizon));
  if (!next) {
    // Its last date has passed: the plan ends by itself.
    if (rule.end && rule.end < days.today) await movePlan(tx, ep, p.id, 'expire', { actorId: null, note: '计划已到结束日期' });
    return null;
  }
  return next;
}

const actorFor = (ep: number, createdBy: number, days: EnterpriseDays): Actor => ({
  id: createdBy,
  enterpriseId: ep,
  sysrole: 3,
  admin: true,
  powers: [],
  providerId: null,
  timeZone: days.timeZone,
});

/**
 * The set-based path: one batch of plans in one transaction, a few statements for the whole batch (the plans locked
 * `skip locked`, their key rows, createOrdersSet per creator, the keys and plans updated from arrays). Answers the orders
 * made, or null when createOrdersSet refused (a customer or type gone): then nothing of the batch is kept and the caller
 * takes its plans one by one, as before.
 */
async function generateSet(db: Db, ep: number, planIds: number[], days: EnterpriseDays): Promise<number | null> {
  try {
    return await db.transaction(async (tx: Tx) => {
      const plans = await lockPlansSet(tx, ep, planIds);
      const due: { p: GenPlanRow; due: string; nominal: string }[] = [];
      for (const p of plans) {
        if (p.open) continue;
        const next = await nextDue(tx, ep, p, days);
        if (next) due.push({ p, due: next.due, nominal: next.nominal });
      }
      if (due.length === 0) return 0;
      const keys = await insertKeysSet(
        tx,
        ep,
        due.map((d) => ({ plan: d.p.id, due: d.due, nominal: d.nominal })),
      );
      const keyed = new Set(keys);
      const go = due.filter((d) => keyed.has(d.p.id));
      // The orders, by creator (each order's creator and first log are its plan's creator's), in plan order.
      const byCreator = new Map<number, typeof go>();
      for (const d of go) {
        const by = d.p.created_by ?? 0;
        byCreator.set(by, [...(byCreator.get(by) ?? []), d]);
      }
      const done: { plan: number; due: string; order: number }[] = [];
      for (const [by, list] of byCreator) {
        const made = await createOrdersSet(
          tx,
          actorFor(ep, by, days),
          list.map((d) => ({
            ...orderBody(d.p, d.due, days, d.p.order_type_id),
            assignee: d.p.engineer_id,
          })),
        );
        made.forEach((m, i) => {
          const d = list[i] as (typeof list)[number];
          done.push({ plan: d.p.id, due: d.due, order: m.id });
        });
      }
      if (done.length === 0) return 0;
      await setOrdersSet(tx, ep, done);
      return done.length;
    });
  } catch (e) {
    if (e instanceof AppError) return null;
    throw e;
  }
}

/** One plan, in its own transaction: answers whether an order was made. */
async function generatePlan(db: Db, ep: number, planId: number, days: EnterpriseDays): Promise<'created' | 'none' | 'failed'> {
  try {
    return await db.transaction(async (tx: Tx) => {
      const p = await lockPlanToGenerate(tx, ep, planId);
      // Another run holds the plan, it is no longer in progress, or its previous order is still open.
      if (!p || p.open) return 'none';
      const next = await nextDue(tx, ep, p, days);
      if (!next) return 'none';
      if (!(await insertKey(tx, ep, planId, next))) return 'none';
      // The enterprise makes the order (its creator shown as the plan's); a type since disabled falls back to the default type.
      const actor = actorFor(ep, p.created_by ?? 0, days);
      let made: { id: number } | null = null;
      for (const type of [p.order_type_id, null]) {
        try {
          made = await createOrder(tx as unknown as Db, actor, orderBody(p, next.due, days, type), undefined, undefined, {
            requiredLater: true,
            assignee: p.engineer_id,
          });
          break;
        } catch (e) {
          if (!(e instanceof AppError) || type === null) throw e instanceof AppError ? new Skip(e.message) : e;
        }
      }
      if (!made) throw new Skip('no order');
      await setOrder(tx, ep, planId, next.due, made.id);
      return 'created';
    });
  } catch (e) {
    if (e instanceof Skip) return 'failed';
    throw e;
  }
}

/** The candidates of one enterprise: plans in progress whose last order is closed, by id from `after`. */
async function candidates(db: Db, ep: number, after: number, planIds?: number[]): Promise<number[]> {
  return candidateIds(db, ep, after, BATCH, planIds);
}

/**
 * Generates the due orders of one enterprise's plans (or of the given plans), or of every enterprise's. `oneByOne`: every
 * plan through createOrder in its own transaction (the path a refused batch falls back to; tests compare the two).
 */
export async function generateCycleOrders(
  db: Db,
  o: { now?: Date; enterpriseId?: number; planIds?: number[]; oneByOne?: boolean } = {},
): Promise<GenerateResult> {
  const now = o.now ?? new Date();
  const eps = o.enterpriseId != null ? [o.enterpriseId] : await enterprisesWithPlans(db);
  const result: GenerateResult = { plans: 0, created: 0, failed: 0 };
  for (const ep of eps) {
    const days = await enterpriseDays(db, ep, now);
    let after = 0;
    for (;;) {
      const ids = await candidates(db, ep, after, o.planIds);
      if (ids.length === 0) break;
      result.plans += ids.length;
      const made = o.oneByOne ? null : await generateSet(db, ep, ids, days);
      if (made != null) result.created += made;
      for (const id of made == null ? ids : []) {
        const r = await generatePlan(db, ep, id, days);
        if (r === 'created') result.created++;
        if (r === 'failed') result.failed++;
      }
      after = ids[ids.length - 1] as number;
    }
  }
  return result;
}

export function installCycleJobs(): void {
  registerJobHandler(CYCLE_GENERATE_JOB, async (job, deps) => {
    const planIds = Array.isArray(job.payload.planIds) ? job.payload.planIds.map(Number) : undefined;
    await generateCycleOrders(deps.db, { enterpriseId: job.enterpriseId ?? undefined, planIds });
  });
  // Daily, early: the day's new dates enter the horizon (a server down then catches up later in the day).
  addDailySchedule({ name: CYCLE_GENERATE_JOB, at: '01:00', kind: CYCLE_GENERATE_JOB });
}
