import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../common/errors';
import { abilitiesOf } from '../common/machine';
import {
  decideEvent,
  EVENT_ACTIONS,
  type EventAction,
  type EventActor,
  type EventFlags,
  eventMachine,
  eventStateOf,
  flagsFor,
  nextEventFlags,
} from './event.machine';
import { EVENT_STATE_LIST, type EventState } from './events.constants';

const bits = [0, 1] as const;
const ALL_FLAGS: EventFlags[] = bits.flatMap((dispatch) =>
  ([0, 1, 2] as const).flatMap((process) =>
    bits.flatMap((upgrade) => bits.flatMap((pause) => bits.map((close) => ({ dispatch, process, upgrade, pause, close })))),
  ),
);

/** The spec's table: each state's conditions on the flags. */
const SPEC: Record<EventState, (f: EventFlags) => boolean> = {
  1: (f) => f.dispatch === 0 && f.close === 0 && f.pause === 0,
  2: (f) => f.dispatch === 1 && f.process === 0,
  3: (f) => f.process === 1,
  4: (f) => f.upgrade === 1 && (f.process === 0 || f.process === 1),
  5: (f) => f.pause === 1,
  6: (f) => f.process === 2,
  7: (f) => f.close === 1,
};

describe('eventStateOf', () => {
  it('covers all 48 flag combinations', () => expect(ALL_FLAGS).toHaveLength(48));

  it.each(ALL_FLAGS.map((f) => [JSON.stringify(f), f] as const))('%s answers a state whose spec row holds', (_, f) => {
    const s = eventStateOf(f);
    expect(SPEC[s](f)).toBe(true);
  });

  it('reads overlapping rows by precedence: closed, completed, paused, undispatched, escalated, handling, pending', () => {
    for (const f of ALL_FLAGS) {
      const holding = EVENT_STATE_LIST.filter((s) => SPEC[s](f));
      const order: EventState[] = [7, 6, 5, 1, 4, 3, 2];
      expect(eventStateOf(f)).toBe(order.find((s) => holding.includes(s)));
    }
  });

  it('answers each display state from its typical flags', () => {
    for (const s of EVENT_STATE_LIST) expect(eventStateOf(flagsFor(s))).toBe(s);
  });
});

const EVERYONE: EventActor = { principal: true, creator: true, staff: true };
const NOBODY: EventActor = { principal: false, creator: false, staff: false };

/** Every state × action with everyone acting: the next state, or '.' refused as an invalid transition, 'S' not started. */
const TABLE: Record<EventAction, Record<EventState, number | '.' | 'S'>> = {
  assign: { 1: 2, 2: 2, 3: 2, 4: 2, 5: '.', 6: '.', 7: '.' },
  claim: { 1: 2, 2: '.', 3: '.', 4: '.', 5: '.', 6: '.', 7: '.' },
  start: { 1: '.', 2: 3, 3: '.', 4: 4, 5: '.', 6: '.', 7: '.' },
  escalate: { 1: '.', 2: 4, 3: 4, 4: 4, 5: '.', 6: '.', 7: '.' },
  pause: { 1: '.', 2: 5, 3: 5, 4: 5, 5: '.', 6: '.', 7: '.' },
  resume: { 1: '.', 2: '.', 3: '.', 4: '.', 5: 3, 6: '.', 7: '.' },
  complete: { 1: '.', 2: '.', 3: 6, 4: 'S', 5: '.', 6: '.', 7: '.' },
  close: { 1: 7, 2: 7, 3: 7, 4: 7, 5: 7, 6: 7, 7: '.' },
  reopen: { 1: '.', 2: '.', 3: '.', 4: '.', 5: '.', 6: 2, 7: 2 },
};
const CODES: Record<string, ErrorCode> = { '.': 'EVENT_INVALID_TRANSITION', S: 'EVENT_NOT_STARTED' };

describe('the event machine', () => {
  for (const action of EVENT_ACTIONS) {
    for (const s of EVENT_STATE_LIST) {
      const cell = TABLE[action][s];
      it(`${action} from ${s} → ${cell}`, () => {
        const d = decideEvent(s, action, { flags: flagsFor(s), actor: EVERYONE });
        expect(d).toEqual(typeof cell === 'number' ? { to: cell } : { refuse: CODES[cell] });
        // The state the machine answers is the one the new flags show.
        if (typeof cell === 'number') expect(eventStateOf(nextEventFlags(action, flagsFor(s)))).toBe(cell);
      });
    }
  }

  it('refuses a stranger every allowed move except claiming from the pool', () => {
    for (const s of EVENT_STATE_LIST) {
      for (const a of EVENT_ACTIONS) {
        if (typeof TABLE[a][s] !== 'number') continue;
        const d = decideEvent(s, a, { flags: flagsFor(s), actor: NOBODY });
        expect(d).toEqual(a === 'claim' ? { to: 2 } : { refuse: 'EVENT_ACTOR' });
      }
    }
  });

  it('lets only the principal start and complete; staff assign; the creator closes', () => {
    const as = (actor: Partial<EventActor>, s: EventState) => abilitiesOf(eventMachine, s, { flags: flagsFor(s), actor: { ...NOBODY, ...actor } });
    expect(as({ principal: true }, 2)).toEqual(['start', 'escalate', 'pause']);
    expect(as({ staff: true }, 3)).toEqual(['assign', 'escalate', 'pause', 'close']);
    expect(as({ creator: true }, 6)).toEqual(['close', 'reopen']);
    expect(as({}, 1)).toEqual(['claim']);
  });

  it('an escalated event that was handling stays escalated when paused and resumed', () => {
    const f = { ...flagsFor(4), process: 1 as const };
    expect(eventStateOf(f)).toBe(4);
    expect(decideEvent(4, 'complete', { flags: f, actor: EVERYONE })).toEqual({ to: 6 });
    const paused = nextEventFlags('pause', f);
    expect(eventStateOf(paused)).toBe(5);
    expect(eventStateOf(nextEventFlags('resume', paused))).toBe(4);
  });

  it('reopening a closed event that was never dispatched returns it to the pool', () => {
    expect(eventStateOf(nextEventFlags('reopen', { ...flagsFor(1), close: 1 }))).toBe(1);
  });
});
