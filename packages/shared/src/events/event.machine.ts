import type { ErrorCode } from '../common/errors';
import type { Decision, Machine } from '../common/machine';
import type { EventProcess, EventState } from './events.constants';

/**
 * Events keep their state as the spec's flags; the display state 1–7 is derived from them
 * by `eventStateOf` alone. The stored `state` column is that derivation, kept beside the flags so the
 * platform's compare-and-set (platform/state.ts) has one column to compare; every action sets the flags
 * (`nextFlags`) and the state together.
 */
export interface EventFlags {
  /** 1 once a principal was assigned or claimed it. */
  dispatch: 0 | 1;
  process: EventProcess;
  upgrade: 0 | 1;
  pause: 0 | 1;
  close: 0 | 1;
}
export const NEW_EVENT_FLAGS: EventFlags = { dispatch: 0, process: 0, upgrade: 0, pause: 0, close: 0 };

/**
 * The display state. The spec's rows overlap (a closed event may still be dispatched), so they are
 * read in this order: closed 7, completed 6, paused 5, not dispatched 1, escalated 4, handling 3, pending 2.
 */
export function eventStateOf(f: EventFlags): EventState {
  if (f.close === 1) return 7;
  if (f.process === 2) return 6;
  if (f.pause === 1) return 5;
  if (f.dispatch === 0) return 1;
  if (f.upgrade === 1) return 4;
  if (f.process === 1) return 3;
  return 2;
}

export const EVENT_ACTIONS = ['assign', 'claim', 'start', 'escalate', 'pause', 'resume', 'complete', 'close', 'reopen'] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

export interface EventActor {
  /** The event's current principal (handler). */
  principal: boolean;
  creator: boolean;
  /** Administrator, dispatcher (1) or acceptance customer service (6): manages events. */
  staff: boolean;
}

export interface EventContext {
  flags: EventFlags;
  actor: EventActor;
}

type Who = (a: EventActor) => boolean;
const staff: Who = (a) => a.staff;
const principal: Who = (a) => a.principal;
const anyone: Who = () => true;
const either =
  (...ws: Who[]): Who =>
  (a) =>
    ws.some((w) => w(a));

interface Rule {
  from: readonly EventState[];
  unless?: (f: EventFlags) => ErrorCode | null;
  who: Who;
  next: (f: EventFlags) => EventFlags;
}

const OPEN: readonly EventState[] = [2, 3, 4];

export const EVENT_RULES: Record<EventAction, Rule> = {
  // A new principal starts afresh: not started, no longer escalated.
  assign: { from: [1, 2, 3, 4], who: staff, next: (f) => ({ ...f, dispatch: 1, process: 0, upgrade: 0 }) },
  claim: { from: [1], who: anyone, next: (f) => ({ ...f, dispatch: 1, process: 0 }) },
  start: { from: [2, 4], unless: (f) => (f.process === 0 ? null : 'EVENT_INVALID_TRANSITION'), who: principal, next: (f) => ({ ...f, process: 1 }) },
  escalate: { from: OPEN, who: either(principal, staff), next: (f) => ({ ...f, upgrade: 1 }) },
  pause: { from: OPEN, who: either(principal, staff), next: (f) => ({ ...f, pause: 1 }) },
  resume: { from: [5], who: either(principal, staff), next: (f) => ({ ...f, pause: 0 }) },
  complete: { from: [3, 4], unless: (f) => (f.process === 1 ? null : 'EVENT_NOT_STARTED'), who: principal, next: (f) => ({ ...f, process: 2 }) },
  close: { from: [1, 2, 3, 4, 5, 6], who: either(staff, (a) => a.creator), next: (f) => ({ ...f, close: 1, pause: 0 }) },
  // Reopened: back to its principal, not started (or to the pool when it never had one).
  reopen: { from: [6, 7], who: either(staff, (a) => a.creator), next: (f) => ({ ...f, close: 0, pause: 0, process: 0 }) },
};

export function decideEvent(state: number, action: EventAction, c: EventContext): Decision {
  const r = EVENT_RULES[action];
  if (!r?.from.includes(state as EventState)) return { refuse: 'EVENT_INVALID_TRANSITION' };
  const refusal = r.unless?.(c.flags);
  if (refusal) return { refuse: refusal };
  if (!r.who(c.actor)) return { refuse: 'EVENT_ACTOR' };
  return { to: eventStateOf(r.next(c.flags)) };
}

/** The flags after an allowed action (the caller has asked decideEvent first). */
export const nextEventFlags = (action: EventAction, f: EventFlags): EventFlags => EVENT_RULES[action].next(f);

export const eventMachine: Machine<EventAction, EventContext> = { name: 'event', actions: EVENT_ACTIONS, decide: decideEvent };

/** Every reachable flag combination for a display state (the one the machine's tests start from). */
export function flagsFor(state: EventState): EventFlags {
  const base = { ...NEW_EVENT_FLAGS, dispatch: 1 as const };
  switch (state) {
    case 1:
      return NEW_EVENT_FLAGS;
    case 2:
      return base;
    case 3:
      return { ...base, process: 1 };
    case 4:
      return { ...base, upgrade: 1 };
    case 5:
      return { ...base, process: 1, pause: 1 };
    case 6:
      return { ...base, process: 2 };
    case 7:
      return { ...base, close: 1 };
  }
}
