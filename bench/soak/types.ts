// What the harness and the load generator exchange.

/** Request classes, in the order the figures print them. */
export const CLASSES = [
  'intake',
  'dispatch',
  'grab',
  'field',
  'stock',
  'visit',
  'read.list',
  'read.detail',
  'read.report',
  'read.search',
  'portal',
  'export',
  'junk',
] as const;
export type ClassName = (typeof CLASSES)[number];

/** What the load generator needs to know of the tenant (bench/soak/tenant.ts finds it). */
export interface TenantFacts {
  people: { desk: string[]; dispatch: string[]; engineers: string[]; keepers: string[]; visitors: string[] };
  customers: number[];
  warehouses: { id: number; spares: number[] }[];
  scanCode: string;
  /** Values of the default order type's and event template's required fields (as the desk fills them in). */
  orderExt: Record<string, unknown>;
  eventExt: Record<string, unknown>;
}

export interface DriverJob extends TenantFacts {
  run: string;
  seed: number;
  bases: string[];
  seconds: number;
  /** Actions started per second (an action is one to three requests). */
  rate: number;
  maxInFlight: number;
  password: string;
  out: string;
}

/** One answer: [epoch ms sent, class index, ms, ok 1/0, HTTP status (0: no answer), instance index]. */
export type Sample = [number, number, number, number, number, number];

/** One write the load generator sent and what came back: ok, refused (an answer in the envelope), lost (no answer or 5xx). */
export interface Write {
  at: number;
  op: string;
  key: string;
  ack: 'ok' | 'refused' | 'lost';
  code: string | null;
  /** The answer's message when it was not acknowledged. */
  message?: string;
  id?: number | null;
  state?: number | null;
  user?: number;
}

export interface DriverOut {
  samples: Sample[];
  history: Write[];
  shed: number;
  exports: number[];
  startedAt: number;
  endedAt: number;
}
