import { type FreeDay, minuteText, type WorkingDay } from '@sk/shared';
import type { Executor } from '../../db/client';
import { hoursOf, offsetMinutes } from '../sla/index';
import { busyInstants, intervalsOf, visitMinutesOf } from './schedule.repo';

/**
 * An engineer's free visit times for the coming days: on the business calendar's working days (holidays off,
 * make-up days on), inside both its working hours and the schedule's time intervals, one visit long each
 * (`schedule_visit_minutes`), later than now, and clear of the engineer's open visits (the clash rule's span).
 */

const DAY = 86_400_000;
const MINUTE = 60_000;

/** The business calendar's verdict for each local date in [from, to]. */
export async function workingDays(ex: Executor, ep: number, from: string, to: string): Promise<WorkingDay[]> {
  const h = await hoursOf(ex, ep);
  const out: WorkingDay[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY) {
    const date = new Date(t).toISOString().slice(0, 10);
    const wd = new Date(t).getUTCDay() || 7;
    const working = h.holidays.includes(date) ? false : h.workdays.includes(date) ? true : h.weekdays.includes(wd);
    out.push({ date, working, startMinute: h.startMinute, endMinute: h.endMinute });
  }
  return out;
}

export async function freeTimes(
  ex: Executor,
  ep: number,
  timeZone: string,
  who: { userId: number; orderId: number },
  span: { startDate?: string; days: number },
  now = Date.now(),
): Promise<FreeDay[]> {
  const days = span.days;
  const off = offsetMinutes(timeZone) * MINUTE;
  const localToday = new Date(now + off).toISOString().slice(0, 10);
  const today = span.startDate && span.startDate > localToday ? span.startDate : localToday;
  const last = new Date(Date.parse(`${today}T00:00:00Z`) + (days - 1) * DAY).toISOString().slice(0, 10);
  const [calendar, intervals, minutes] = await Promise.all([workingDays(ex, ep, today, last), intervalsOf(ex, ep), visitMinutesOf(ex, ep)]);
  const taken = await busyInstants(ex, ep, timeZone, who, today, last, minutes);
  const visit = minutes * MINUTE;
  return calendar
    .filter((d) => d.working)
    .map((d) => {
      const base = Date.parse(`${d.date}T00:00:00Z`) - off;
      const times: string[] = [];
      for (const i of intervals) {
        const from = Math.max(i.start, d.startMinute);
        const to = Math.min(i.end, d.endMinute);
        for (let m = from; m + minutes <= to; m += minutes) {
          const at = base + m * MINUTE;
          if (at < now) continue;
          if (taken.some((b) => b > at - visit && b < at + visit)) continue;
          times.push(minuteText(m));
        }
      }
      return { date: d.date, times };
    })
    .filter((d) => d.times.length > 0);
}
