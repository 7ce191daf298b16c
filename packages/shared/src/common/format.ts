const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH = 30 * DAY;

/** Elapsed-time wording: just now under a minute, then minutes, hours, days, weeks (7 d), months (30 d). */
export function elapsed(from: Date | number, now: Date | number = Date.now()): string {
  const ms = Math.max(0, +now - +from);
  if (ms < MINUTE) return '刚刚';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)}分钟前`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)}小时前`;
  if (ms < WEEK) return `${Math.floor(ms / DAY)}天前`;
  if (ms < MONTH) return `${Math.floor(ms / WEEK)}周前`;
  return `${Math.floor(ms / MONTH)}个月前`;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** File sizes step at 1024: B, KB, MB, GB, TB. */
export function fileSize(bytes: number): string {
  let n = Math.max(0, bytes);
  let i = 0;
  while (n >= 1024 && i < UNITS.length - 1) {
    n /= 1024;
    i++;
  }
  return i === 0 ? `${n}B` : `${n.toFixed(2).replace(/\.?0+$/, '')}${UNITS[i]}`;
}

/** Great-circle distance in metres, earth radius 6378137 m as the spec sets. */
export function distanceMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const R = 6378137;
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(a));
}

/** Money as the bills show it: ¥ and two decimals; an amount that rounds to nothing reads ¥0.00, never -¥0.00. */
export function yuanText(yuan: number): string {
  const cents = Math.round(yuan * 100);
  return `${cents < 0 ? '-' : ''}¥${(Math.abs(cents) / 100).toFixed(2)}`;
}

/** A discount as it is taken off a bill: -¥5.00; no discount reads ¥0.00 (not -¥0.00). */
export function discountText(yuan: number): string {
  const cents = Math.abs(Math.round(yuan * 100));
  return cents === 0 ? yuanText(0) : `-${yuanText(cents / 100)}`;
}
