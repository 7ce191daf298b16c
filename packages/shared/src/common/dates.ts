import dayjs from 'dayjs';
import { z } from 'zod';

export const API_DATETIME = 'YYYY-MM-DD HH:mm:ss';
export const API_DATE = 'YYYY-MM-DD';
export const DISPLAY_DATE = 'YYYY/MM/DD';
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

/**
 * The end of a date range as the spec sends it: dash format, and an end at
 * exactly 00:00 (a whole day picked) is moved to 23:59:59 of that day.
 */
export function rangeEnd(value: string | Date): string {
  const d = dayjs(value);
  const atMidnight = d.hour() === 0 && d.minute() === 0 && d.second() === 0;
  return (atMidnight ? d.hour(23).minute(59).second(59) : d).format(API_DATETIME);
}

export function rangeStart(value: string | Date): string {
  return dayjs(value).format(API_DATETIME);
}

/** Accepts 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' (also with slashes), as the API does. */
export const DATE_TEXT = /^\d{4}[-/]\d{2}[-/]\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

/** 'YYYY-MM-DD' (dashes or slashes) for a day the calendar has: '2026-02-30' is not (checked by round trip). */
export function isCalendarDay(v: string): boolean {
  const day = v.replaceAll('/', '-');
  const d = new Date(`${day}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === day;
}

/** DATE_TEXT whose day exists and whose time is within 00:00:00–23:59:59. */
export function isCalendarText(v: string): boolean {
  if (!DATE_TEXT.test(v)) return false;
  const [day = '', time] = v.split(' ');
  const [h = 0, m = 0, s = 0] = (time ?? '').split(':').map(Number);
  return isCalendarDay(day) && h < 24 && m < 60 && s < 60;
}

/** A day, or a day with a time ('YYYY-MM-DD[ HH:mm[:ss]]'), that the calendar has; `message` on anything else. */
export const dateText = (message: string) => z.string().trim().refine(isCalendarText, message);

/** A day alone, 'YYYY-MM-DD' with dashes, that the calendar has. */
export const calendarDayText = (message: string) =>
  z
    .string()
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isCalendarDay(v), message);
