// What the harness and the load generator exchange.

/** Request classes, in the order the figures print them. */
export const CLASSES = [
  'intake',
  'dispatch',
  'grab',
  'field',
  'stock',
  'visit',
  'quality',
  'settle',
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
  /** QR codes of installed products (扫码报修: each product takes a few reports a day). */
  scanCodes: string[];
  /** A customer portal account (its password is the soak's). */
  portalMobile: string | null;
  /** A 不通过原因 (dictionary item) a return visitor picks. */
  failReason: string;
  /** A 投诉等级 (dictionary item) the desk picks. */
  complaintLevel: string;
  /**
   * Settling the demo provider's last month a day at a time: the finance clerk who issues and pays, the one the
   * 结算单审批 flow names as approver, the provider's user who confirms or disputes, and the days with priced orders.
   */
  settle: { providerId: number; issuer: string; approver: string; provider: string; days: string[] } | null;
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
  /** The harness's SMS gateway (gateway.ts): GET /code?mobile= answers the last code texted to a mobile. */
  smsGateway: string;
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
  /** What else the answer named: a follow-up order's id, an order number. */
  ref?: number | string | null;
  state?: number | null;
  user?: number;
}

export interface DriverOut {
  samples: Sample[];
  history: Write[];
  shed: number;
  exports: number[];
  /** The first 500 answers that were not a success, with what they said (the figures name a failure by it). */
  refusals: { at: number; cls: ClassName; path: string; status: number; message: string }[];
  startedAt: number;
  endedAt: number;
}
