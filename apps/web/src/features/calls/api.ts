import type { CallRecord } from '@sk/shared/calls/calls.contract';
import { callsContract } from '@sk/shared/calls/calls.contract';
import { pairFetcher, withReads } from '../../components/list/fetchers';
import type { ListQuery } from '../../components/list/useListData';
import { staleAfter } from '../../lib/query';

export const CC = callsContract;

// A call's change shows in the records, the pop, the seats and (through the shell counts) the call-back badge.
staleAfter(
  [CC.recordCreate, CC.attachContact, CC.callbackDone, CC.dial, CC.linkOrder],
  [CC.recordList, CC.recordCount, CC.recordPop, CC.seatCollect, CC.seatDetails, CC.ofOrder],
);
staleAfter([CC.seatSave, CC.seatDelete], [CC.seatCollect, CC.seatDetails]);

const pair = pairFetcher<CallRecord>(CC.recordList, CC.recordCount);
/**
 * The records list: the search box searches the number (a prefix); there is one order (newest first). It names the
 * pair's reads, so a write that makes them stale (已回电, a link) refreshes the rows at once.
 */
export const fetchRecords = withReads(
  (q: ListQuery) => {
    const { keyword, sortType: _s, ...rest } = q as ListQuery & { keyword?: string; sortType?: unknown };
    return pair({ ...rest, ...(keyword ? { number: keyword } : {}) } as ListQuery);
  },
  CC.recordList,
  CC.recordCount,
);

/** mm:ss (or h:mm:ss) of a duration in seconds. */
export function durationText(s: number): string {
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${two(m)}:${two(sec)}`;
}
