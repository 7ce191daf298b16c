// The soak's figures: rates and latencies per class outside and during the faults, each fault's failures and the time
// to heal, memory and connections per instance over time, and the checks. Answers whether anything failed.
import { percentile } from '../capture';
import type { Check } from './checks';
import type { FaultRecord } from './faults';
import { CLASSES, type DriverOut, type Sample } from './types';

export interface Watch {
  rows: { at: number; instances: { name: string; rss: number; connections: number; idleInTx: number }[] }[];
  /** Heap in use and RSS after a full GC, MB, each minute of the run (`boot` names the process). */
  heaps: { at: number; name: string; heap: number; rss: number; boot: number }[];
  /** The same after the load and the drain. */
  memoryEnd: Map<string, { heap: number; rss: number; boot: number }>;
}

interface Input {
  out: DriverOut;
  faults: (FaultRecord & { bad: number })[];
  checks: Check[];
  watch: Watch;
  instances: string[];
  rate: number;
  minutes: number;
  poolMax: number;
  /** When the load started. */
  startedAt: number;
}

/** How long after a fault's injection ended the product may still fail before it counts as not healed. */
const HEAL_LIMIT_MS = 60_000;
/** A memory at the end more than this much above the start fails. */
const MEMORY_GROWTH = 0.2;
/** An instance's heap counts from this long after its boot (the warm-up: about 92 → 129 MB in its first minutes). */
const WARM_MS = 5 * 60_000;
/** A life compared spans at least this much after its warm-up (a leak needs time to show). */
const MIN_LIFE_MS = 10 * 60_000;

/** A failure: no answer, a 5xx, a 429, or a refused read (a refused write is a race the product settled). */
const failed = (s: Sample) => s[3] === 0 && (s[4] === 0 || s[4] >= 500 || s[4] === 429 || CLASSES[s[1]]?.startsWith('read') || CLASSES[s[1]] === 'portal');

/** Each fault's window: from its start to just after its last failure within HEAL_LIMIT_MS (the heal). */
function windows(samples: Sample[], faults: FaultRecord[]) {
  return faults.map((f, k) => {
    // A fault's failures are those before the next fault starts (that one's are its own).
    const until = Math.min(f.done + HEAL_LIMIT_MS, faults[k + 1]?.at ?? Number.POSITIVE_INFINITY);
    // A request in flight when the fault struck (sent before, answered after) is the fault's too.
    const fails = samples.filter((s) => failed(s) && s[0] + s[2] >= f.at && s[0] < until);
    const last = fails.reduce((m, s) => Math.max(m, s[0] + s[2]), f.done);
    const unavailable = fails.filter((s) => s[4] === 503).length;
    // Healed: the last failure, from the start and from the moment the harness had done its part (the instance or the
    // postmaster started again); the limit applies to the second, the product's own recovery.
    return {
      fault: f,
      from: f.at,
      to: last + 1000,
      failures: fails.length,
      unavailable,
      healS: (last - f.at) / 1000,
      afterS: Math.max(0, last - f.done) / 1000,
    };
  });
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');

export function printFigures(i: Input): boolean {
  const { samples } = i.out;
  const seconds = (i.out.endedAt - i.out.startedAt) / 1000;
  const w = windows(samples, i.faults);
  const inWindow = (s: Sample) => w.some((x) => s[0] + s[2] >= x.from && s[0] <= x.to);
  console.info(
    `\nSoak: ${i.instances.length} instances, ${i.minutes} min at ${i.rate} actions/s, ${samples.length} requests, ${i.out.shed} actions shed (over 64 in flight)`,
  );
  const table = CLASSES.map((cls, k) => {
    const mine = samples.filter((s) => s[1] === k);
    const calm = mine.filter((s) => !inWindow(s));
    const storm = mine.filter(inWindow);
    const ms = (xs: Sample[]) => xs.filter((s) => s[3] === 1).map((s) => s[2]);
    return {
      class: cls,
      requests: mine.length,
      'req/s': fmt(mine.length / seconds),
      'p50 calm': fmt(percentile(ms(calm), 50)),
      'p99 calm': fmt(percentile(ms(calm), 99)),
      'p50 faults': fmt(percentile(ms(storm), 50)),
      'p99 faults': fmt(percentile(ms(storm), 99)),
      'refused (races)': mine.filter((s) => s[3] === 0 && !failed(s)).length,
      'errors calm': calm.filter(failed).length,
      'errors faults': storm.filter(failed).length,
    };
  }).filter((r) => r.requests > 0);
  console.table(table);
  const calmErrors = samples.filter((s) => failed(s) && !inWindow(s));
  console.info('Faults:');
  console.table(
    w.map((x) => ({
      at: new Date(x.fault.at).toISOString().slice(11, 19),
      fault: x.fault.kind,
      failures: x.failures,
      '503s': x.unavailable,
      'last failure after s': x.healS.toFixed(1),
      'after the restart s': x.afterS.toFixed(1),
      detail: x.fault.detail,
    })),
  );
  console.info('Memory (RSS MB) and connections per instance, each minute:');
  const perMinute = i.watch.rows.filter((_, k) => k % 6 === 5);
  console.table(
    perMinute.map((r) => ({
      minute: Math.round((r.at - i.out.startedAt) / 60_000),
      ...Object.fromEntries(
        r.instances.flatMap((x) => [
          [`${x.name} MB`, Math.round(x.rss)],
          [`${x.name} conns`, x.connections],
        ]),
      ),
    })),
  );
  // Memory is compared within each life of an instance (its process from boot to SIGKILL or the end): the heap after GC
  // once warm (WARM_MS after boot: code first used, caches filling) against the same at the life's last minute. A
  // warm-up grows the first minutes of every life; a leak grows every minute. Lives too short to tell are not compared.
  const memory = i.instances.flatMap((name) => {
    const mine = i.watch.heaps.filter((h) => h.name === name);
    const end = i.watch.memoryEnd.get(name);
    return [...new Set(mine.map((h) => h.boot))].map((boot) => {
      const life = [...mine.filter((h) => h.boot === boot), ...(end?.boot === boot ? [{ at: i.out.endedAt, name, ...end }] : [])];
      const warm = life.find((h) => h.at - boot >= WARM_MS);
      const last = life.at(-1);
      const compared = !!warm && !!last && last.at - warm.at >= MIN_LIFE_MS;
      const growth = compared ? ((last?.heap ?? 0) - (warm?.heap ?? 0)) / (warm?.heap ?? 1) : Number.NaN;
      const minutes = (last ? last.at - boot : 0) / 60_000;
      return {
        name,
        boot,
        minutes,
        compared,
        start: warm?.heap ?? Number.NaN,
        end: last?.heap ?? Number.NaN,
        growth,
        rssStart: warm?.rss ?? Number.NaN,
        rssEnd: last?.rss ?? Number.NaN,
      };
    });
  });
  console.info('Heap after a full GC (MB), each minute:');
  console.table(
    [...new Set(i.watch.heaps.map((h) => Math.round((h.at - i.startedAt) / 60_000)))].map((minute) => ({
      minute,
      ...Object.fromEntries(
        i.watch.heaps
          .filter((h) => Math.round((h.at - i.startedAt) / 60_000) === minute)
          .map((h) => [h.name, `${fmt(h.heap)} (boot ${new Date(h.boot).toISOString().slice(14, 19)})`]),
      ),
    })),
  );
  console.table(
    memory.map((m) => ({
      instance: m.name,
      boot: new Date(m.boot).toISOString().slice(11, 19),
      'life (min)': fmt(m.minutes),
      [`heap MB ${WARM_MS / 60_000} min after boot`]: fmt(m.start),
      'heap MB at its last minute': fmt(m.end),
      growth: m.compared ? `${fmt(m.growth * 100)} %` : `not compared (under ${(WARM_MS + MIN_LIFE_MS) / 60_000} min)`,
      'RSS MB then → last': `${fmt(m.rssStart)} → ${fmt(m.rssEnd)}`,
    })),
  );
  const extra: { name: string; broken: string[] }[] = [
    {
      name: 'no request failed outside the fault windows',
      broken: calmErrors.slice(0, 3).map((s) => {
        const said = i.out.refusals?.find((r) => r.at === s[0] && r.cls === CLASSES[s[1]]);
        return `${CLASSES[s[1]]} HTTP ${s[4]} at ${new Date(s[0]).toISOString().slice(11, 19)}${said ? ` ${said.path}: ${said.message || '(no message)'}` : ''}`;
      }),
    },
    {
      name: 'every fault healed within 60 s of its injection ending (the instance or the postmaster started again)',
      broken: w.filter((x) => x.afterS * 1000 >= HEAL_LIMIT_MS).map((x) => x.fault.kind),
    },
    {
      name: 'every fault injected cleanly (junk answered in the envelope, instances kept answering)',
      broken: i.faults.filter((f) => f.bad > 0).map((f) => f.detail),
    },
    {
      name: `heap after a GC within 20 % over each life of an instance (from ${WARM_MS / 60_000} min after its boot to its last minute)`,
      broken: memory.filter((m) => m.compared && !(m.growth <= MEMORY_GROWTH)).map((m) => `${m.name} ${fmt(m.start)} → ${fmt(m.end)} MB`),
    },
    {
      name: `connections per instance ≤ its pool (${i.poolMax}) plus jobs and LISTEN; none idle in a transaction over 30 s`,
      broken: i.watch.rows.flatMap((r) =>
        r.instances.filter((x) => x.connections > i.poolMax + 5 || x.idleInTx > 0).map((x) => `${x.name}: ${x.connections} (${x.idleInTx} idle in tx)`),
      ),
    },
  ];
  const all = [
    ...i.checks,
    ...extra.map((e, k) => ({ name: e.name, checked: 0, broken: k === 0 ? calmErrors.length : e.broken.length, sample: e.broken.slice(0, 3).join('; ') })),
  ];
  console.info('Checks:');
  console.table(all.map((c) => ({ check: c.name, checked: c.checked || '', broken: c.broken, ...(c.broken ? { first: c.sample.slice(0, 160) } : {}) })));
  const acked = i.out.history.filter((h) => h.ack === 'ok').length;
  const lost = i.out.history.filter((h) => h.ack === 'lost').length;
  const refusals = new Map<string, number>();
  for (const h of i.out.history.filter((x) => x.ack === 'refused')) refusals.set(`${h.op}: ${h.message}`, (refusals.get(`${h.op}: ${h.message}`) ?? 0) + 1);
  console.info('Writes refused (the product said no, in its envelope), most frequent first:');
  console.table(
    [...refusals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([what, n]) => ({ what, n })),
  );
  console.info(`Writes: ${i.out.history.length} sent, ${acked} acknowledged, ${lost} without an answer (outcome unknown to the client)`);
  const broken = all.filter((c) => c.broken > 0);
  console.info(
    broken.length
      ? `SOAK FAILED: ${broken.map((b) => b.name).join('; ')}`
      : 'Soak passed: nothing acknowledged lost, every invariant held, every fault healed.',
  );
  return broken.length > 0;
}
