import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addWorking, CALENDAR_TIME, dayText, SLA_HORIZON_DAYS, type SlaCalendar, workingMs } from './sla.calendar';
import { deadlineOf, elapsedMs, markOf, pauseClock, pausedTotalMs, reapplyClock, resumeClock, startClock, stopClock } from './sla.clock';

const H = 3_600_000;
const T0 = Date.UTC(2026, 0, 1); // a Thursday
const SPAN = 60 * 86_400_000;

const instant = fc.integer({ min: T0, max: T0 + SPAN });
const dayIn = fc.integer({ min: 0, max: 60 }).map((d) => dayText(Math.floor(T0 / 86_400_000) + d));
const calendar: fc.Arbitrary<SlaCalendar> = fc
  .record({
    business: fc.boolean(),
    offsetMinutes: fc.constantFrom(480, 0, -300, 330),
    weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
    startMinute: fc.integer({ min: 0, max: 720 }),
    length: fc.integer({ min: 1, max: 720 }),
    holidays: fc.array(dayIn, { maxLength: 10 }),
    workdays: fc.array(dayIn, { maxLength: 3 }),
  })
  .map(({ length, ...c }) => ({ ...c, endMinute: c.startMinute + length }));

/** Working time by brute force: minute by minute (every boundary of these calendars falls on a minute). */
function bruteWorking(cal: SlaCalendar, from: number, to: number): number {
  let sum = 0;
  for (let t = from; t < to; t += 60_000) {
    const local = new Date(t + cal.offsetMinutes * 60_000);
    const text = local.toISOString().slice(0, 10);
    const wd = local.getUTCDay() === 0 ? 7 : local.getUTCDay();
    const minute = local.getUTCHours() * 60 + local.getUTCMinutes();
    const working = cal.holidays.includes(text) ? false : cal.workdays.includes(text) || cal.weekdays.includes(wd);
    if (!cal.business || (working && minute >= cal.startMinute && minute < cal.endMinute)) sum += Math.min(60_000, to - t);
  }
  return sum;
}
const minuteInstant = fc.integer({ min: 0, max: 20 * 24 * 60 }).map((m) => T0 + m * 60_000);

describe('business calendar', () => {
  it('counts what a minute-by-minute count counts (hours, weekdays, holidays, make-up days, zones)', () => {
    fc.assert(
      fc.property(calendar, minuteInstant, fc.integer({ min: 0, max: 4 * 24 * 60 }), (cal, from, minutes) => {
        expect(workingMs(cal, from, from + minutes * 60_000)).toBe(bruteWorking(cal, from, from + minutes * 60_000));
      }),
      { numRuns: 150 },
    );
  });

  it('is additive: splitting a span anywhere never loses or double-counts time', () => {
    fc.assert(
      fc.property(calendar, instant, instant, instant, (cal, a, b, c) => {
        const [x, y, z] = [a, b, c].sort((p, q) => p - q) as [number, number, number];
        expect(workingMs(cal, x, y) + workingMs(cal, y, z)).toBe(workingMs(cal, x, z));
      }),
    );
  });

  it('addWorking answers the earliest instant at which the target is reached', () => {
    fc.assert(
      fc.property(calendar, instant, fc.integer({ min: 1, max: 200 * H }), (cal, from, ms) => {
        const at = addWorking(cal, from, ms);
        // null only when the calendar holds less working time than that within its horizon
        if (at == null) {
          expect(workingMs(cal, from, from + SLA_HORIZON_DAYS * 86_400_000)).toBeLessThan(ms);
          return;
        }
        expect(workingMs(cal, from, at as number)).toBe(ms);
        expect(workingMs(cal, from, (at as number) - 1)).toBeLessThan(ms);
      }),
    );
  });

  it('a holiday on a working weekday counts nothing; a make-up Sunday counts its hours', () => {
    const cal: SlaCalendar = {
      business: true,
      offsetMinutes: 480,
      weekdays: [1, 2, 3, 4, 5],
      startMinute: 540,
      endMinute: 1080,
      holidays: ['2026-01-01'],
      workdays: ['2026-01-04'],
    };
    const local = (d: string, hm: string) => Date.parse(`${d}T${hm}:00+08:00`);
    expect(workingMs(cal, local('2026-01-01', '00:00'), local('2026-01-02', '00:00'))).toBe(0);
    expect(workingMs(cal, local('2026-01-02', '00:00'), local('2026-01-05', '00:00'))).toBe(18 * H); // Fri + make-up Sun
    // 4 working hours from Friday 16:00 end on Sunday (make-up day) 11:00.
    expect(addWorking(cal, local('2026-01-02', '16:00'), 4 * H)).toBe(local('2026-01-04', '11:00'));
    expect(addWorking({ ...cal, weekdays: [], workdays: [] }, T0, H)).toBeNull();
    expect(workingMs(CALENDAR_TIME, T0, T0 + H)).toBe(H);
  });
});

type Step = { kind: 'pause' | 'resume' | 'reapply'; gap: number };
const steps = fc.array(fc.record({ kind: fc.constantFrom<Step['kind']>('pause', 'resume', 'reapply'), gap: fc.integer({ min: 0, max: 3 * 86_400_000 }) }), {
  maxLength: 12,
});

describe('SLA clock', () => {
  it('counts exactly the working time of its running stretches, whatever pauses and re-applications come', () => {
    fc.assert(
      fc.property(calendar, instant, steps, fc.integer({ min: 0, max: 86_400_000 }), (cal, start, list, tail) => {
        let c = startClock(start);
        let t = start;
        let running = true;
        let expected = 0;
        let paused = 0;
        let since = start;
        for (const s of list) {
          const next = t + s.gap;
          if (s.kind === 'pause' && running) {
            expected += workingMs(cal, since, next);
            running = false;
            since = next;
            c = pauseClock(cal, c, next);
          } else if (s.kind === 'resume' && !running) {
            paused += next - since;
            running = true;
            since = next;
            c = resumeClock(c, next);
          } else if (s.kind === 'reapply') {
            c = reapplyClock(cal, c, next);
          }
          t = next;
        }
        const end = t + tail;
        const want = expected + (running ? workingMs(cal, since, end) : 0);
        expect(elapsedMs(cal, c, end)).toBe(want);
        expect(pausedTotalMs(c, end)).toBe(paused + (running ? 0 : end - since));
        const stopped = stopClock(cal, c, end);
        expect(elapsedMs(cal, stopped, end + 5 * 86_400_000)).toBe(want);
        expect(pausedTotalMs(stopped, end + 86_400_000)).toBe(pausedTotalMs(c, end));
      }),
    );
  });

  it('re-applying under another calendar keeps the time counted so far', () => {
    fc.assert(
      fc.property(
        calendar,
        calendar,
        instant,
        fc.integer({ min: 0, max: 5 * 86_400_000 }),
        fc.integer({ min: 0, max: 5 * 86_400_000 }),
        (a, b, start, gap, later) => {
          const before = startClock(start);
          const at = start + gap;
          const moved = reapplyClock(a, before, at);
          expect(elapsedMs(b, moved, at)).toBe(elapsedMs(a, before, at));
          expect(elapsedMs(b, moved, at + later)).toBe(elapsedMs(a, before, at) + workingMs(b, at, at + later));
        },
      ),
    );
  });

  it('a running clock reaches its target exactly at its deadline', () => {
    fc.assert(
      fc.property(calendar, instant, fc.integer({ min: 0, max: 86_400_000 }), fc.integer({ min: 1, max: 100 * H }), (cal, start, pauseAfter, target) => {
        const c = resumeClock(pauseClock(cal, startClock(start), start + pauseAfter), start + pauseAfter + H);
        const due = deadlineOf(cal, c, target) as number;
        if (due == null) return;
        if (elapsedMs(cal, c, start + pauseAfter + H) < target) {
          expect(elapsedMs(cal, c, due)).toBe(target);
          expect(markOf(elapsedMs(cal, c, due - 1), target, 0)).toBe('ok');
        }
        expect(markOf(elapsedMs(cal, c, due), target, 0)).toBe('overdue');
        expect(deadlineOf(cal, pauseClock(cal, c, due), target)).toBeNull();
      }),
    );
  });

  it('marks at risk below the warning threshold', () => {
    expect(markOf(50, 100, 60)).toBe('atRisk');
    expect(markOf(30, 100, 60)).toBe('ok');
    expect(markOf(100, 100, 60)).toBe('overdue');
  });
});
