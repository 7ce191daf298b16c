import { CALENDAR_TIME, type SlaCalendar, type SlaCalendarInput } from '@sk/shared';
import type { Executor } from '../../db/client';
import { enterpriseZone, hoursRow, upsertHours } from './sla.repo';

/** Monday–Friday, 9:00–18:00: the business hours of an enterprise that has not set its own. */
export const DEFAULT_HOURS: SlaCalendarInput = { weekdays: [1, 2, 3, 4, 5], startMinute: 540, endMinute: 1080, holidays: [], workdays: [] };

/** A zone's UTC offset in minutes at an instant. */
export function offsetMinutes(timeZone: string, at = new Date()): number {
  const f = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  const name = f.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

export async function hoursOf(ex: Executor, enterpriseId: number): Promise<SlaCalendarInput> {
  const r = await hoursRow(ex, enterpriseId);
  if (!r) return DEFAULT_HOURS;
  return { weekdays: r.weekdays.map(Number), startMinute: r.start_minute, endMinute: r.end_minute, holidays: r.holidays, workdays: r.workdays };
}

export async function saveHours(ex: Executor, enterpriseId: number, c: SlaCalendarInput): Promise<void> {
  await upsertHours(ex, enterpriseId, c);
}

/** The two calendars an enterprise's clocks run on: calendar time, and its business hours. */
export interface Calendars {
  calendar: SlaCalendar;
  business: SlaCalendar;
  timeZone: string;
}
export async function calendarsOf(ex: Executor, enterpriseId: number): Promise<Calendars> {
  const timeZone = (await enterpriseZone(ex, enterpriseId)) ?? 'Asia/Shanghai';
  const offset = offsetMinutes(timeZone);
  const hours = await hoursOf(ex, enterpriseId);
  return { timeZone, calendar: { ...CALENDAR_TIME, offsetMinutes: offset }, business: { ...hours, business: true, offsetMinutes: offset } };
}
