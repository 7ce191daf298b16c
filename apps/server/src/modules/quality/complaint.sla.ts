// Complaint deadlines on the SLA engine's calendar (modules/sla): the level's response and resolution targets,
// counted in calendar time or the enterprise's business hours, from creation (response) and from the start of the
// resolution clock (creation, or the last reopen).
import { addWorking, dictTypeByCode, levelTargetsOf } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { calendarsOf } from '../sla/sla.calendar';

export interface LevelTarget {
  level: string;
  responseMinutes: number;
  resolveMinutes: number;
  business: boolean;
}

/** The level's targets: the enterprise's row, else the defaults. */
export async function targetOf(ex: Executor, ep: number, level: string): Promise<LevelTarget> {
  const [r] = await rows<{ response_minutes: number; resolve_minutes: number; business: boolean }>(
    ex,
    sql`select response_minutes, resolve_minutes, business from complaint_level_targets where enterprise_id = ${ep} and level = ${level}`,
  );
  if (r) return { level, responseMinutes: r.response_minutes, resolveMinutes: r.resolve_minutes, business: r.business };
  return { level, ...levelTargetsOf(level), business: false };
}

/** The instant `minutes` of (working) time after `from` (epoch ms), as an ISO string. */
export async function deadlineOf(ex: Executor, ep: number, from: number, minutes: number, business: boolean): Promise<string> {
  const cals = await calendarsOf(ex, ep);
  const at = addWorking(business ? cals.business : cals.calendar, from, minutes * 60_000);
  // A business calendar with no working time at all never reaches the target: count calendar time instead.
  return new Date(at ?? from + minutes * 60_000).toISOString();
}

/** Both deadlines of a complaint of `level`, from its creation and its resolution clock's start (epoch ms). */
export async function deadlinesOf(ex: Executor, ep: number, level: string, createdAt: number, resolveFrom: number) {
  const t = await targetOf(ex, ep, level);
  return {
    response: await deadlineOf(ex, ep, createdAt, t.responseMinutes, t.business),
    resolve: await deadlineOf(ex, ep, resolveFrom, t.resolveMinutes, t.business),
  };
}

export async function levelTargets(ex: Executor, ep: number): Promise<LevelTarget[]> {
  const levels = await rows<{ name: string }>(
    ex,
    sql`select name from dict_items where enterprise_id = ${ep} and type = ${dictTypeByCode('complaint_level')?.type ?? -1} and enabled order by sort, id`,
  );
  return Promise.all(levels.map((l) => targetOf(ex, ep, l.name)));
}

export async function saveTarget(ex: Executor, ep: number, t: LevelTarget): Promise<void> {
  await ex.execute(sql`insert into complaint_level_targets (enterprise_id, level, response_minutes, resolve_minutes, business)
    values (${ep}, ${t.level}, ${t.responseMinutes}, ${t.resolveMinutes}, ${t.business})
    on conflict (enterprise_id, level) do update set response_minutes = excluded.response_minutes, resolve_minutes = excluded.resolve_minutes,
      business = excluded.business, updated_at = now()`);
}
