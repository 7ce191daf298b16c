import { elapsed } from '@sk/shared';
import dayjs from 'dayjs';
import { displayDateTime } from '../lib/format';

/** '3分钟前' style wording of a past time, with the exact time on hover. */
export function Elapsed({ time, now }: { time: string | Date | number | null | undefined; now?: Date | number }) {
  if (time === null || time === undefined || time === '') return null;
  const d = dayjs(time);
  if (!d.isValid()) return null;
  return <span title={displayDateTime(time)}>{elapsed(d.toDate(), now)}</span>;
}
