import dayjs from 'dayjs';

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
