import { describe, expect, it } from 'vitest';
import type { EventFlags } from './event.machine';
import { EVENT_SLA_TYPE_IDS, eventClockPhase } from './event.sla';

const bits = [0, 1] as const;
const ALL_FLAGS: EventFlags[] = bits.flatMap((dispatch) =>
  ([0, 1, 2] as const).flatMap((process) =>
    bits.flatMap((upgrade) => bits.flatMap((pause) => bits.map((close) => ({ dispatch, process, upgrade, pause, close })))),
  ),
);

describe('eventClockPhase over every flag combination', () => {
  it('closing cancels every type; completing meets the handling, pause and resolution clocks', () => {
    for (const f of ALL_FLAGS) {
      for (const type of EVENT_SLA_TYPE_IDS) {
        const p = eventClockPhase(type, f);
        if (f.close === 1) expect(p, JSON.stringify({ type, f })).toBe('cancel');
        else if (f.process === 2 && type >= 3) expect(p).toBe('met');
      }
    }
  });

  it('a pause stops every clock but the paused-too-long one, which runs only while paused', () => {
    for (const f of ALL_FLAGS.filter((x) => x.close === 0 && x.process < 2)) {
      for (const type of [1, 2, 3, 5]) expect(eventClockPhase(type, f), JSON.stringify({ type, f })).not.toBe(f.pause ? 'run' : 'pause');
      expect(eventClockPhase(4, f)).toBe(f.pause ? 'run' : 'wait');
    }
  });

  it('assignment is met on dispatch, response on the start, handling waits for the start; escalation changes nothing', () => {
    const open: EventFlags = { dispatch: 0, process: 0, upgrade: 0, pause: 0, close: 0 };
    expect(EVENT_SLA_TYPE_IDS.map((t) => eventClockPhase(t, open))).toEqual(['run', 'run', 'wait', 'wait', 'run']);
    expect(EVENT_SLA_TYPE_IDS.map((t) => eventClockPhase(t, { ...open, dispatch: 1 }))).toEqual(['met', 'run', 'wait', 'wait', 'run']);
    expect(EVENT_SLA_TYPE_IDS.map((t) => eventClockPhase(t, { ...open, dispatch: 1, process: 1 }))).toEqual(['met', 'met', 'run', 'wait', 'run']);
    for (const f of ALL_FLAGS)
      for (const t of EVENT_SLA_TYPE_IDS) expect(eventClockPhase(t, { ...f, upgrade: 1 })).toBe(eventClockPhase(t, { ...f, upgrade: 0 }));
  });
});
