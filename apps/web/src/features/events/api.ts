import { eventContract } from '@sk/shared/events/events.contract';
import { eventSlaContract } from '@sk/shared/events/event.sla';
import { EVENT_ACTION_LABELS, EVENT_STATES } from '@sk/shared/events/events.constants';
import type { EventAction } from '@sk/shared/events/event.machine';
import { badgeCountContract } from '@sk/shared/menu/badge.contract';
import type { ListQuery } from '../../components';
import { call } from '../../lib/api';
import { staleAfter } from '../../lib/query';
import { watchDownloads } from '../../shell/downloads';

export { eventContract };

const ACTIONS = [
  eventContract.assign,
  eventContract.claim,
  eventContract.start,
  eventContract.escalate,
  eventContract.pause,
  eventContract.resume,
  eventContract.complete,
  eventContract.close,
  eventContract.reopen,
];
const WRITES = [eventContract.add, eventContract.del, ...ACTIONS];
// Every event write refreshes the lists, the detail, the flow and the two menu badges.
staleAfter(WRITES, [
  eventContract.myList,
  eventContract.shelterList,
  eventContract.unDeliverList,
  eventContract.detailed,
  eventContract.messageList,
  badgeCountContract.principalEventCount,
  badgeCountContract.unDeliverEventCount,
]);
staleAfter(WRITES, [eventSlaContract.clocks]);
staleAfter([eventContract.addMessage, eventContract.delMessage], [eventContract.messageList]);

export const ACTION_ENDPOINT: Record<EventAction, (typeof ACTIONS)[number]> = {
  assign: eventContract.assign,
  claim: eventContract.claim,
  start: eventContract.start,
  escalate: eventContract.escalate,
  pause: eventContract.pause,
  resume: eventContract.resume,
  complete: eventContract.complete,
  close: eventContract.close,
  reopen: eventContract.reopen,
};

export const eventPath = (id: number) => `/Myevent/eventDetail/${id}`;
export const stateOf = (s: number) => EVENT_STATES[s as keyof typeof EVENT_STATES] ?? { label: '—', color: '#595959' };
export { priorityLabel } from '@sk/shared/common/labels';
export const actionLabel = (a: string) => EVENT_ACTION_LABELS[a as keyof typeof EVENT_ACTION_LABELS] ?? a;

export type EventListKind = 'mine' | 'shelters' | 'undelivered' | 'related';

/** Starts a download-centre export of a list: the chosen rows, or every row its filters match. */
export async function exportEvents(list: EventListKind, fileName: string, ids: number[], query: ListQuery): Promise<void> {
  const { pageIndex: _i, pageSize: _s, sortType: _t, ...filters } = query;
  const clean = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  await call(eventContract.exportEvents, (ids.length ? { list, fileName, ids } : { ...clean, list, fileName }) as never);
  watchDownloads();
}
