import { type EventExceedQuery, type EventSlaSetting, elapsedMs, eventSlaTypeName, markOf, type OrderClock } from '@sk/shared';
import type { Executor } from '../../db/client';
import { AppError, invalid } from '../../platform/errors';
import { eventStateOf } from './event.clocks';
import {
  eventBreachCount,
  eventBreachWhere,
  eventClockRows,
  eventExceedRows,
  eventMarkRows,
  eventSlaRow,
  eventTemplateExists,
  upsertEventSla,
} from './event.repo';
import { calendarsOf } from './sla.calendar';
import { apiText } from './sla.report';

async function checkTemplate(ex: Executor, enterpriseId: number, tmpId: number): Promise<void> {
  if (!(await eventTemplateExists(ex, enterpriseId, tmpId))) throw new AppError('NOT_FOUND', { detail: '事件模板不存在' });
}

/** GET /v2/eventTemp/sla: a template without a setting has no clocks. */
export async function eventSla(ex: Executor, enterpriseId: number, tmpId: number): Promise<EventSlaSetting> {
  await checkTemplate(ex, enterpriseId, tmpId);
  const config = await eventSlaRow<Omit<EventSlaSetting, 'tmpId'>>(ex, enterpriseId, tmpId);
  return { tmpId, business: config?.business ?? false, clocks: config?.clocks ?? [] };
}

/** PUT /v2/eventTemp/sla: one row per template, the whole setting at once (clocks in type order). */
export async function saveEventSla(ex: Executor, enterpriseId: number, userId: number, b: EventSlaSetting): Promise<void> {
  await checkTemplate(ex, enterpriseId, b.tmpId);
  const config = { business: b.business, clocks: [...b.clocks].sort((x, y) => x.type - y.type) };
  await upsertEventSla(ex, enterpriseId, userId, b.tmpId, config);
}

/** Every clock of one event with its count, remaining time and mark at `now` (the order clock's shape). */
export async function eventClocks(ex: Executor, enterpriseId: number, eventId: number, now = Date.now()): Promise<OrderClock[]> {
  const cs = await eventClockRows(ex, enterpriseId, eventId);
  if (cs.length === 0) return [];
  const cals = await calendarsOf(ex, enterpriseId);
  const text = (ms: number | null) => (ms == null ? null : apiText(ms, cals.timeZone));
  return cs.map((c) => {
    const s = eventStateOf(c);
    const elapsed = elapsedMs(c.business ? cals.business : cals.calendar, s, now);
    const mark = c.breached_at != null || elapsed >= c.target_ms ? 'overdue' : markOf(elapsed, c.target_ms, c.warn_ms);
    const state = c.outcome === 1 ? 'met' : c.outcome === 2 ? 'cancelled' : s.runningSince == null ? 'paused' : 'running';
    return {
      type: c.type,
      name: eventSlaTypeName(c.type),
      policyName: '',
      state,
      mark,
      targetMs: c.target_ms,
      elapsedMs: elapsed,
      remainingMs: c.target_ms - elapsed,
      pausedMs: c.paused_ms + (c.paused_since != null && c.stopped_at == null ? now - c.paused_since : 0),
      start_time: text(c.started_at) as string,
      deadline: text(c.deadline_at),
      breach_time: text(c.breached_at),
    };
  });
}

export type SlaMark = 'ok' | 'atRisk' | 'overdue';
/** The lists' mark of each event among `ids` that has clocks: overdue once a clock breached, at risk past a running clock's warning. */
export async function eventMarks(ex: Executor, enterpriseId: number, ids: number[]): Promise<Map<number, SlaMark>> {
  if (ids.length === 0) return new Map();
  const rs = await eventMarkRows(ex, enterpriseId, ids);
  const names: SlaMark[] = ['ok', 'atRisk', 'overdue'];
  return new Map(rs.map((r) => [r.event_id, names[r.m] as SlaMark]));
}

/** The breaches' condition; an end before the start is refused. */
function breachWhere(enterpriseId: number, f: EventExceedQuery, timeZone: string) {
  const day = (v: string) => v.slice(0, 10).replaceAll('/', '-');
  if (f.startTime && f.endTime && day(f.endTime) < day(f.startTime)) throw invalid('结束日期不能早于开始日期');
  return eventBreachWhere(enterpriseId, f, timeZone);
}

/** GET /report/eventExceedStatistics: breaches by overdue type, event template or principal. */
export async function eventExceedStatistics(ex: Executor, enterpriseId: number, f: EventExceedQuery, timeZone: string) {
  const { rows: rs, none } = await eventExceedRows(ex, enterpriseId, f.groupBy, breachWhere(enterpriseId, f, timeZone));
  return rs.map((r) => {
    const name = f.groupBy === 'type' ? eventSlaTypeName(r.key ?? 0) : (r.name ?? none);
    return { key: r.key, name, count: r.count };
  });
}

export async function eventExceedCount(ex: Executor, enterpriseId: number, f: EventExceedQuery, timeZone: string): Promise<number> {
  return eventBreachCount(ex, breachWhere(enterpriseId, f, timeZone));
}
