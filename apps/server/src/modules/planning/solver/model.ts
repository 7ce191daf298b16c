// The problem compiled for search: points in a travel matrix, each visit and booked visit a node with its time rules.
// Node ids: the new visits first (0..visitCount-1, in the problem's order), then every engineer's booked visits.
import type { BookedVisit, Leg, PlanEngineer, PlanVisit, Point, Stop, Travel } from './types';

export interface EngineerModel {
  source: PlanEngineer;
  startPoint: number;
  shiftStart: number;
  shiftEnd: number;
  /** 0: no cap. */
  cap: number;
  /** His booked nodes, by start. */
  booked: number[];
}

export interface Model {
  visitCount: number;
  ids: number[];
  point: Int32Array;
  service: Float64Array;
  open: Float64Array;
  close: Float64Array;
  due: Float64Array;
  /** 1 for booked nodes: their start and end never change. */
  fixed: Uint8Array;
  pointCount: number;
  minutes: Float64Array;
  km: Float64Array;
  engineers: EngineerModel[];
}

/** What one walk along a route adds up. A route keeps the rules when violation and overrun are both 0. */
export interface Tally {
  minutes: number;
  km: number;
  /** Minutes past the SLA dues. */
  late: number;
  /** Minutes past a window's end, or late for a booked visit. */
  violation: number;
  /** Minutes the last visit ends past the shift. */
  overrun: number;
  /** When the last visit ends. */
  end: number;
}

export function newTally(): Tally {
  return { minutes: 0, km: 0, late: 0, violation: 0, overrun: 0, end: 0 };
}

export function buildModel(visits: PlanVisit[], engineers: PlanEngineer[], travel: Travel): Model {
  const points: Point[] = engineers.map((e) => e.start);
  const booked = engineers.map((e) => [...e.booked].sort((a, b) => a.start - b.start));
  const nodeCount = visits.length + booked.reduce((n, b) => n + b.length, 0);
  const m: Model = {
    visitCount: visits.length,
    ids: [],
    point: new Int32Array(nodeCount),
    service: new Float64Array(nodeCount),
    open: new Float64Array(nodeCount),
    close: new Float64Array(nodeCount),
    due: new Float64Array(nodeCount),
    fixed: new Uint8Array(nodeCount),
    pointCount: 0,
    minutes: new Float64Array(0),
    km: new Float64Array(0),
    engineers: [],
  };
  const add = (at: Point, fill: (node: number) => void, id: number): number => {
    const node = m.ids.length;
    m.ids.push(id);
    m.point[node] = points.length;
    points.push(at);
    fill(node);
    return node;
  };
  for (const v of visits) add(v.at, (n) => fillVisit(m, n, v), v.id);
  engineers.forEach((e, i) => {
    const nodes = (booked[i] ?? []).map((b) => add(b.at, (n) => fillBooked(m, n, b), b.id));
    m.engineers.push({ source: e, startPoint: i, shiftStart: e.shift.start, shiftEnd: e.shift.end, cap: e.dailyCap, booked: nodes });
  });
  fillMatrix(m, points, travel, engineers.length);
  return m;
}

function fillVisit(m: Model, n: number, v: PlanVisit): void {
  m.service[n] = v.serviceMinutes;
  m.open[n] = v.window?.start ?? Number.NEGATIVE_INFINITY;
  m.close[n] = v.window?.end ?? Number.POSITIVE_INFINITY;
  m.due[n] = v.dueMinute ?? Number.POSITIVE_INFINITY;
}

function fillBooked(m: Model, n: number, b: BookedVisit): void {
  m.service[n] = b.end - b.start;
  m.open[n] = b.start;
  m.close[n] = b.start;
  m.due[n] = Number.POSITIVE_INFINITY;
  m.fixed[n] = 1;
}

/** Legs between all points, but none into an engineer's start (nobody goes back there): travel may be a paid service. */
function fillMatrix(m: Model, points: Point[], travel: Travel, starts: number): void {
  const p = points.length;
  m.pointCount = p;
  m.minutes = new Float64Array(p * p);
  m.km = new Float64Array(p * p);
  for (let i = 0; i < p; i++) {
    for (let j = starts; j < p; j++) {
      if (i === j) continue;
      const leg = travel(points[i] as Point, points[j] as Point);
      m.minutes[i * p + j] = leg.minutes;
      m.km[i * p + j] = leg.km;
    }
  }
}

/**
 * Walks a route from the engineer's start at his shift's start: waits for a window's start, keeps booked visits at
 * their times. A booked visit reached late counts as a violation only when the planner put a visit before it (a day
 * booked that way already is not the planner's doing). The last visit must end by the shift's end unless it is booked.
 */
export function walk(m: Model, e: EngineerModel, seq: ArrayLike<number>, len: number, out: Tally): Tally {
  let t = e.shiftStart;
  let at = e.startPoint;
  let prevFixed = true;
  let minutes = 0;
  let km = 0;
  let late = 0;
  let violation = 0;
  for (let i = 0; i < len; i++) {
    const v = seq[i] as number;
    const p = m.point[v] as number;
    const leg = at * m.pointCount + p;
    const travelled = m.minutes[leg] as number;
    minutes += travelled;
    km += m.km[leg] as number;
    const arrive = t + travelled;
    const open = m.open[v] as number;
    if (m.fixed[v]) {
      if (arrive > open && !prevFixed) violation += arrive - open;
      t = open + (m.service[v] as number);
    } else {
      const close = m.close[v] as number;
      if (arrive > close) violation += arrive - close;
      t = Math.max(arrive, open) + (m.service[v] as number);
      const due = m.due[v] as number;
      if (t > due) late += t - due;
    }
    prevFixed = m.fixed[v] === 1;
    at = p;
  }
  out.overrun = len > 0 && !prevFixed && t > e.shiftEnd ? t - e.shiftEnd : 0;
  out.end = t;
  out.minutes = minutes;
  out.km = km;
  out.late = late;
  out.violation = violation;
  return out;
}

/** The route's stops, timed as walk() times them. */
export function stopsOf(m: Model, e: EngineerModel, seq: readonly number[]): Stop[] {
  let t = e.shiftStart;
  let at = e.startPoint;
  return seq.map((v) => {
    const p = m.point[v] as number;
    const leg: Leg = { km: m.km[at * m.pointCount + p] as number, minutes: m.minutes[at * m.pointCount + p] as number };
    const arrive = t + leg.minutes;
    const booked = m.fixed[v] === 1;
    const start = booked ? (m.open[v] as number) : Math.max(arrive, m.open[v] as number);
    t = start + (m.service[v] as number);
    at = p;
    return { visitId: m.ids[v] as number, booked, arrive, start, end: t, leg };
  });
}

/** Kilometres summed from legs of 0.1 km, without the float noise. */
export function roundKm(km: number): number {
  return Math.round(km * 10) / 10;
}
