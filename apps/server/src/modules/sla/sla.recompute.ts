import { reapplyClock, type SlaCalendar, type SlaCalendarInput } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { enqueue, registerJobHandler } from '../../platform/jobs';
import { calendarsOf, hoursOf, saveHours } from './sla.calendar';
import { clockSelect, instantsOf, ORDER_CLOCKS, stateOf } from './clock.engine';
import type { ClockRow } from './sla.clocks';

/**
 * New business hours or holidays reach the running clocks (docs/sla.md): the save enqueues, in its own
 * transaction, one job with the hours it replaced and the instant of the change. The job folds each running
 * business-hours clock's count up to that instant under the old hours, goes on from there under the new ones
 * (as a re-applied policy does), writes the new deadline and warning, then the orders' due times; in batches,
 * each its own transaction. A clock moved since the change (running_since after it) already runs on the new hours.
 */
export const SLA_RECOMPUTE_JOB = 'sla.recompute';
const BATCH = 500;

/** PUT /sla/calendar: the hours saved and the recompute job enqueued together. */
export async function saveHoursAndRecompute(db: Db, enterpriseId: number, c: SlaCalendarInput, at = Date.now()): Promise<void> {
  await db.transaction(async (tx) => {
    // One save at a time per enterprise, so each job names the hours its save replaced.
    await tx.execute(sql`select id from enterprises where id = ${enterpriseId} for no key update`);
    const old = await hoursOf(tx, enterpriseId);
    await saveHours(tx, enterpriseId, c);
    await enqueue(tx, { kind: SLA_RECOMPUTE_JOB, enterpriseId, payload: { at, old } });
  });
}

interface Row extends ClockRow {
  order_id: number;
}

/** One batch: answers how many clocks it moved. */
async function recomputeBatch(ex: Executor, enterpriseId: number, old: SlaCalendarInput, at: number, size: number): Promise<number> {
  const cals = await calendarsOf(ex, enterpriseId);
  const before: SlaCalendar = { ...old, business: true, offsetMinutes: cals.business.offsetMinutes };
  const batch = await rows<Row>(
    ex,
    sql`select ${clockSelect(ORDER_CLOCKS)}, order_id from order_sla_clocks
      where enterprise_id = ${enterpriseId} and business and outcome = 0 and breached_at is null and running_since < to_timestamp(${at}::float8 / 1000)
      order by id limit ${size} for update`,
  );
  if (batch.length === 0) return 0;
  const next = batch.map((r) => {
    const s = reapplyClock(before, stateOf(r), at);
    return { id: r.id, consumed: s.consumedMs, ...instantsOf(cals, s, { ...r, outcome: 0 }) };
  });
  const list = (xs: unknown[], type: string) => sql`${`{${xs.map((x) => x ?? 'NULL').join(',')}}`}::${sql.raw(type)}`;
  await ex.execute(sql`update order_sla_clocks c set consumed_ms = v.consumed, running_since = to_timestamp(${at}::float8 / 1000),
      deadline_at = to_timestamp(v.deadline / 1000), warn_at = to_timestamp(v.warn / 1000)
    from unnest(${list(
      next.map((n) => n.id),
      'bigint[]',
    )}, ${list(
      next.map((n) => n.consumed),
      'bigint[]',
    )},
      ${list(
        next.map((n) => n.deadline),
        'float8[]',
      )}, ${list(
        next.map((n) => n.warnAt),
        'float8[]',
      )}) as v(id, consumed, deadline, warn)
    where c.enterprise_id = ${enterpriseId} and c.id = v.id`);
  const orders = [...new Set(batch.map((r) => r.order_id))];
  await ex.execute(sql`update orders o set due_at = d.due from (
      select order_id, min(deadline_at) as due from order_sla_clocks
      where enterprise_id = ${enterpriseId} and order_id = any(${list(orders, 'bigint[]')}) and outcome = 0 group by order_id
    ) d where o.enterprise_id = ${enterpriseId} and o.id = d.order_id and o.due_at is distinct from d.due`);
  return batch.length;
}

/** The whole job: batches until one comes back short. */
export async function recomputeClocks(db: Db, enterpriseId: number, old: SlaCalendarInput, at: number, size = BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction((tx) => recomputeBatch(tx, enterpriseId, old, at, size));
    total += n;
    if (n < size) return total;
  }
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireSlaRecompute(): void {
  registerJobHandler(SLA_RECOMPUTE_JOB, async (job, deps) => {
    await recomputeClocks(deps.db, job.enterpriseId ?? 0, job.payload.old as SlaCalendarInput, job.payload.at);
  });
}
