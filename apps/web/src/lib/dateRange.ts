import { API_DATETIME, rangeEnd } from '@sk/shared';
import dayjs, { type Dayjs } from 'dayjs';

/** A range as the API takes it: dash format 'YYYY-MM-DD HH:mm:ss'. */
export type DashRange = [start: string, end: string];

/**
 * Turns a picked range into the API's dash format. An end at exactly 00:00 (a whole day picked)
 * becomes 23:59:59 of that day; with `wholeDays` the times are dropped first (date-only pickers).
 */
export function toDashRange(start: Dayjs | Date | string, end: Dayjs | Date | string, wholeDays = false): DashRange {
  let s = dayjs(start);
  let e = dayjs(end);
  if (wholeDays) {
    s = s.startOf('day');
    e = e.startOf('day');
  }
  return [s.format(API_DATETIME), rangeEnd(e.toDate())];
}

/** Parses a dash range back into picker values; null for an empty or unreadable one. */
export function fromDashRange(range: readonly (string | null | undefined)[] | null | undefined): [Dayjs, Dayjs] | null {
  if (!range?.[0] || !range[1]) return null;
  const s = dayjs(range[0]);
  const e = dayjs(range[1]);
  return s.isValid() && e.isValid() ? [s, e] : null;
}

const monday = (d: Dayjs): Dayjs => d.subtract((d.day() + 6) % 7, 'day').startOf('day');

export interface DateShortcut {
  label: string;
  value: [Dayjs, Dayjs];
}

/**
 * The spec's shortcuts: 今天, 昨天, 本周 (from Monday), 本月, 上月, 今年.
 * Ranges that include today end today; 昨天 and 上月 are whole past periods.
 */
export function dateShortcuts(now: Dayjs = dayjs()): DateShortcut[] {
  const today = now.startOf('day');
  const endToday = now.endOf('day');
  const lastMonth = today.subtract(1, 'month');
  return [
    { label: '今天', value: [today, endToday] },
    { label: '昨天', value: [today.subtract(1, 'day'), today.subtract(1, 'day').endOf('day')] },
    { label: '本周', value: [monday(now), endToday] },
    { label: '本月', value: [today.startOf('month'), endToday] },
    { label: '上月', value: [lastMonth.startOf('month'), lastMonth.endOf('month')] },
    { label: '今年', value: [today.startOf('year'), endToday] },
  ];
}
