// The planner's problem and answer, free of the database: the planning module builds a Problem from orders,
// engineers and their booked visits, the solver answers with routes. Times are minutes since the day's local midnight.

export interface Point {
  lat: number;
  lng: number;
}

/** One leg's travel: kilometres and minutes. */
export interface Leg {
  km: number;
  minutes: number;
}

/** Travel between two points (the routing service's answer, cached, or the estimate). Must be cheap: called often. */
export type Travel = (from: Point, to: Point) => Leg;

/** A span of minutes since local midnight, start ≤ end. */
export interface Window {
  start: number;
  end: number;
}

/** An order to place: where, how long the work takes, when the customer can receive (arrival inside), the SLA due. */
export interface PlanVisit {
  id: number;
  at: Point;
  serviceMinutes: number;
  /** The customer's appointment window: the engineer must arrive within it (waiting before its start is allowed). */
  window?: Window;
  /** The SLA's due time (minutes; may lie past the day): finishing later is a miss, counted, not forbidden. */
  dueMinute?: number;
  /** 1 urgent, 2 high, 3 normal: breaks ties, urgent first. */
  priority?: number;
}

/** A visit already booked for an engineer that day: fixed in time while planning other orders. */
export interface BookedVisit {
  id: number;
  at: Point;
  start: number;
  end: number;
}

export interface PlanEngineer {
  id: number;
  /** Where his day starts (and his first leg is measured from): his base, else his last reported position. */
  start: Point;
  shift: Window;
  /** Visits booked that day, in any order (the solver sorts them by start). */
  booked: BookedVisit[];
  /** At most this many visits in the day, booked ones included (0: no cap). */
  dailyCap: number;
}

/** How soft costs weigh against each other (the administrator's 派单规则 weights; all ≥ 0). */
export interface Weights {
  /** Per minute of travel. */
  travel: number;
  /** Per minute an order finishes past its SLA due. */
  slaLate: number;
  /** Per visit already in the engineer's day (spreads the load). */
  load: number;
}

export interface Problem {
  visits: PlanVisit[];
  engineers: PlanEngineer[];
  travel: Travel;
  /** Hard rules: null when the engineer may take the visit, else the reason in Chinese ('不在服务区域'). */
  canServe: (engineer: PlanEngineer, visit: PlanVisit) => string | null;
  weights: Weights;
}

/** One stop of a planned route. */
export interface Stop {
  visitId: number;
  /** Booked before planning (kept in place) or placed by the planner. */
  booked: boolean;
  arrive: number;
  /** When the work starts (arrive, or the window's start when he is early). */
  start: number;
  end: number;
  /** The leg that led here. */
  leg: Leg;
}

export interface Route {
  engineerId: number;
  stops: Stop[];
  km: number;
  minutes: number;
}

export interface Plan {
  routes: Route[];
  /** Orders the planner could not place, each with its reason ('没有可服务的工程师', '时间窗内排不下'). */
  unplaced: Array<{ visitId: number; reason: string }>;
  km: number;
  minutes: number;
  /** Placed orders finishing after their SLA due. */
  slaMisses: number;
}

export interface SolveOptions {
  /** Same seed, same problem → same plan. */
  seed: number;
  /** Local search stops after this many milliseconds (construction always completes). */
  timeLimitMs: number;
  /** Local search also stops after this many moves: a plan that does not depend on the machine's speed (tests). */
  maxIterations?: number;
}
