import dayjs, { type Dayjs } from 'dayjs';

const WEEKDAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const NEAR = ['今天', '明天', '后天'];

/**
 * An appointment as a phone card shows it, near days by name: '今天 14:30', '明天 09:00', '昨天 16:00',
 * '11/28 周五 10:00' in the same year, '2027/01/05 10:00' beyond; '' for nothing or an unreadable value.
 */
export function visitTime(value: string | null | undefined, now: Dayjs = dayjs()): string {
  if (!value) return '';
  const d = dayjs(value);
  if (!d.isValid()) return '';
  const hm = d.format('HH:mm');
  const days = d.startOf('day').diff(now.startOf('day'), 'day');
  if (days >= 0 && days < NEAR.length) return `${NEAR[days]} ${hm}`;
  if (days === -1) return `昨天 ${hm}`;
  if (d.year() === now.year()) return `${d.format('MM/DD')} ${WEEKDAYS[d.day()]} ${hm}`;
  return `${d.format('YYYY/MM/DD')} ${hm}`;
}
