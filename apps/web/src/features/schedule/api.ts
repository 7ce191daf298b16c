// The schedule area's calls (packages/shared/src/schedule): the table, the report, the board and the map.
import { orderActionsContract } from '@sk/shared/orders/order.actions.contract';
import { planningContract } from '@sk/shared/planning/planning.contract';
import { type EngineerRow, type ReportRow, scheduleContract } from '@sk/shared/schedule/schedule.contract';
import { pairFetcher } from '../../components';
import { staleAfter } from '../../lib/query';

export { scheduleContract as S };

export const scheduleFetcher = pairFetcher<EngineerRow>(scheduleContract.dispatchList, scheduleContract.dispatchCount);
export const reportFetcher = pairFetcher<ReportRow>(scheduleContract.reportList, scheduleContract.reportCount);

// A booking or a dispatch from the map changes the table, the side pane, the map, the nearest list and an engineer's day
// (the 路线 drawer); so does applying a day's new order.
const reads = [
  scheduleContract.dispatchList,
  scheduleContract.dispatchCount,
  scheduleContract.unassigned,
  scheduleContract.unassignedCount,
  scheduleContract.map,
  scheduleContract.nearest,
  planningContract.day,
];
staleAfter([scheduleContract.book, orderActionsContract.dispatch, planningContract.applyDay], reads);
// A draft's acceptance books its orders: the board's reads and the draft itself (its proposals' states).
staleAfter([planningContract.acceptDraft], [...reads, planningContract.draft]);
staleAfter([scheduleContract.saveIntervals], [scheduleContract.intervals, scheduleContract.dispatchList]);
staleAfter([scheduleContract.reportPosition, scheduleContract.withdrawPosition], [scheduleContract.myPosition, scheduleContract.map]);

/** The board's live reads, refreshed on another dispatcher's 'schedule' frame. */
export const LIVE_READS = reads;

/** Monday of the week of `day` ('YYYY-MM-DD'), and the seven days from it. */
export function weekOf(day: string): string[] {
  const d = new Date(`${day}T00:00:00Z`);
  const monday = d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000;
  return Array.from({ length: 7 }, (_, i) => new Date(monday + i * 86_400_000).toISOString().slice(0, 10));
}

export const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];

/** '2030-03-04' → '03/04 周一'. */
export const dayLabel = (day: string): string => {
  const d = new Date(`${day}T00:00:00Z`);
  return `${day.slice(5).replace('-', '/')} ${WEEKDAYS[(d.getUTCDay() + 6) % 7]}`;
};

export const distanceText = (m: number | null): string => (m == null ? '位置未知' : m < 1000 ? `${m} 米` : `${(m / 1000).toFixed(1)} 公里`);
