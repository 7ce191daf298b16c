// The soak's load generator, a process of its own (node --import tsx bench/soak/driver.ts <job.json>): a working
// day's mix sent to the instances in turn at `rate` actions a second (open loop: a slow answer does not slow the
// arrivals), every answer timed, every write recorded with what came back. It writes one JSON file at the end:
// the samples, the write history, and what it shed. The harness checks the history against the database.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import type { DriverJob, DriverOut, Sample, Write } from './types';
import { CLASSES, type ClassName } from './types';

const job = JSON.parse(readFileSync(process.argv[2] as string, 'utf8')) as DriverJob;
const samples: Sample[] = [];
const history: Write[] = [];
const refusals: DriverOut['refusals'] = [];
let shed = 0;
let seq = 0;
let nextInstance = 0;
const random = mulberry32(job.seed);

function mulberry32(a: number): () => number {
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = <T>(xs: T[]): T | undefined => xs[Math.floor(random() * xs.length)];
/** QR reports sent per product (scan/code asked), against the product's five a day. */
const scanned = new Map<string, number>();
const SCAN_REPORTS_A_DAY = 5;
const uid = () => `${job.run}-${++seq}`;

// ---- people and their sessions ----

interface Person {
  mobile: string;
  id: number;
  cookie: string;
  csrf: string;
}
const people = new Map<string, Person>();

async function login(mobile: string): Promise<Person> {
  for (let attempt = 0; ; attempt++) {
    const base = job.bases[attempt % job.bases.length] as string;
    try {
      const res = await fetch(`${base}/api/stand/pwdLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobile, password: job.password }),
      });
      const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      if (!cookie.startsWith('sk_sid=')) throw new Error(`${mobile}: ${await res.text()}`);
      const info = (await (await fetch(`${base}/api/v2/sessionUser/info`, { headers: { cookie } })).json()) as { data: { id: number; csrfToken: string } };
      return { mobile, id: info.data.id, cookie, csrf: info.data.csrfToken };
    } catch (err) {
      if (attempt > 20) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

// ---- one request ----

interface Answer {
  ok: boolean;
  /** The server answered (any status): false for a refused connection, a reset or a timeout. */
  answered: boolean;
  status: number;
  body: any;
  /** The session cookie the answer set (name=value), if any. */
  cookie: string | null;
}

const TIMEOUT_MS = 20_000;

async function send(cls: ClassName, who: Person | null, method: string, path: string, body?: unknown): Promise<Answer> {
  const inst = nextInstance++ % job.bases.length;
  const base = job.bases[inst] as string;
  const headers: Record<string, string> = {};
  if (who) {
    headers.cookie = who.cookie;
    // The portal's sessions carry their own CSRF header (platform/portal-session.ts).
    headers[path.startsWith('/portal/') ? 'x-portal-csrf' : 'x-csrf-token'] = who.csrf;
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  const t0 = performance.now();
  const at = Date.now();
  let answer: Answer;
  try {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {}
    const success = res.ok && (json as { success?: boolean } | null)?.success !== false;
    answer = { ok: success, answered: true, status: res.status, body: json, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? null };
  } catch {
    answer = { ok: false, answered: false, status: 0, body: null, cookie: null };
  }
  samples.push([at, CLASSES.indexOf(cls), Math.round((performance.now() - t0) * 100) / 100, answer.ok ? 1 : 0, answer.status, inst]);
  if (!answer.ok && refusals.length < 500)
    refusals.push({ at, cls, path: path.split('?')[0] as string, status: answer.status, message: String(answer.body?.message ?? '').slice(0, 120) });
  return answer;
}

/** A refusal the product gives on purpose (a state that moved, a rule): an answer in the envelope, not a failure. */
const refused = (a: Answer) => a.answered && a.status < 500 && a.body && a.body.success === false;

function record(op: string, key: string, a: Answer, extra: Partial<Write> = {}): void {
  const ack = a.ok ? 'ok' : refused(a) ? 'refused' : 'lost';
  history.push({
    at: Date.now(),
    op,
    key,
    ack,
    code: a.body?.code ?? null,
    ...(a.ok ? {} : { message: String(a.body?.message ?? a.status).slice(0, 120) }),
    ...extra,
  });
}

// ---- the model: what the load generator knows it made ----

interface OrderModel {
  id: number;
  state: number;
  engineer?: Person;
  busy: boolean;
  pooled: boolean;
}
const orders: OrderModel[] = [];
const customers = [...job.customers];
const pendingDocs: { id: number; kind: number; by: Person }[] = [];
const exportsAsked: number[] = [];

const byState = (s: number) => orders.filter((o) => o.state === s && !o.busy);
const nowText = (offsetHours: number) => {
  const d = new Date(Date.now() + offsetHours * 3600_000 + 8 * 3600_000);
  return d.toISOString().slice(0, 19).replace('T', ' ');
};

function person(group: keyof DriverJob['people']): Person {
  const list = job.people[group];
  const mobile = pick(list) as string;
  return people.get(mobile) as Person;
}

/** Runs `fn` on one order so that two actions never act on it at once from this side (races are made on purpose). */
async function on(o: OrderModel, fn: () => Promise<void>): Promise<void> {
  o.busy = true;
  try {
    await fn();
  } finally {
    o.busy = false;
  }
}

function moved(o: OrderModel, a: Answer): void {
  if (a.ok && typeof a.body?.data?.state === 'number') o.state = a.body.data.state;
}

/** After a refusal the order's state is read again, as the page does. */
async function reread(o: OrderModel, who: Person): Promise<void> {
  const a = await send('read.detail', who, 'GET', `/order/orderDetail?orderId=${o.id}`);
  if (a.ok && typeof a.body?.data?.state === 'number') o.state = a.body.data.state;
}

// ---- settlement: the provider's statements, a day of last month each ----

interface StatementModel {
  id: number;
  state: number;
  busy: boolean;
  /** The line disputed, once: a statement is disputed at most once, then confirmed. */
  disputed?: { lineId: number; cents: number };
}
const statements: StatementModel[] = [];
let settleDay = 0;

/** Two finance clerks create the same day's statement at once: one gets the orders, the other is refused (SETTLE_EMPTY). */
async function createStatements(f: NonNullable<DriverJob['settle']>): Promise<void> {
  const day = f.days[settleDay++] as string;
  const clerks = [people.get(f.issuer), people.get(f.approver)] as Person[];
  const keys = clerks.map(() => `SOAK结算-${uid()}`);
  const answers = await Promise.all(
    clerks.map((c, i) => send('settle', c, 'POST', '/settleAccounts/create', { providerId: f.providerId, periodStart: day, periodEnd: day, remark: keys[i] })),
  );
  for (const [i, a] of answers.entries()) {
    record('settle.create', keys[i] as string, a, { id: a.body?.data?.id ?? null });
    if (a.ok) statements.push({ id: a.body.data.id, state: 1, busy: false });
  }
}

/** The statement's next step, by whoever takes it: issue, dispute or confirm, resolve, approve (the flow), pay. */
async function stepStatement(f: NonNullable<DriverJob['settle']>, st: StatementModel): Promise<void> {
  const issuer = people.get(f.issuer) as Person;
  const provider = people.get(f.provider) as Person;
  const act = async (who: Person, action: string) => {
    const a = await send('settle', who, 'POST', '/settleAccounts/action', { id: st.id, action, note: '压测' });
    record(`settle.${action}`, `settle:${st.id}:${action}:${uid()}`, a, { id: st.id, state: a.body?.data?.state ?? null });
    return a;
  };
  let a: Answer;
  if (st.state === 1) a = await act(issuer, 'issue');
  else if (st.state === 2 && !st.disputed && random() < 0.5) {
    const lines = await send('settle', provider, 'GET', `/settleAccounts/lines?id=${st.id}&pageIndex=0&pageSize=20`);
    const line = pick((lines.body?.data?.list ?? []) as { id: number; amountCents: number }[]);
    if (!line) return;
    st.disputed = { lineId: line.id, cents: line.amountCents };
    a = await send('settle', provider, 'POST', '/settleAccounts/dispute', { id: st.id, lineId: line.id, reason: '压测：上门费与约定不符' });
    record('settle.dispute', `settle:${st.id}:dispute:${uid()}`, a, { id: st.id, state: a.body?.data?.state ?? null });
  } else if (st.state === 2) a = await act(provider, 'confirm');
  else if (st.state === 4 && st.disputed) {
    a = await send('settle', issuer, 'POST', '/settleAccounts/resolve', {
      id: st.id,
      lineId: st.disputed.lineId,
      amountCents: Math.max(0, st.disputed.cents - 500),
      resolution: '压测：核减5元',
    });
    record('settle.resolve', `settle:${st.id}:resolve:${uid()}`, a, { id: st.id, state: a.body?.data?.state ?? null });
  } else if (st.state === 3) a = await act(people.get(f.approver) as Person, 'approve');
  else if (st.state === 5) a = await act(issuer, 'pay');
  else return;
  if (a.ok && typeof a.body?.data?.state === 'number') st.state = a.body.data.state;
  else {
    const d = await send('settle', issuer, 'GET', `/settleAccounts/detail?id=${st.id}`);
    if (d.ok && typeof d.body?.data?.state === 'number') st.state = d.body.data.state;
  }
}

// ---- the actions ----

const actions: { cls: ClassName; weight: number; run: () => Promise<void> }[] = [
  {
    cls: 'intake',
    weight: 8,
    run: async () => {
      const who = person('desk');
      const key = `SOAK工单-${uid()}`;
      const customerId = pick(customers);
      const a = await send('intake', who, 'POST', '/v2/order/add', { customerId, title: key, detailDesc: '压测：空调不制冷', ext: job.orderExt });
      record('order.create', key, a, { id: a.body?.data?.id ?? null });
      if (a.ok) orders.push({ id: a.body.data.id, state: a.body.data.state ?? 1, busy: false, pooled: false });
    },
  },
  {
    cls: 'intake',
    weight: 1,
    run: async () => {
      const who = person('desk');
      const key = `SOAK客户-${uid()}`;
      const a = await send('intake', who, 'POST', '/v2/customer/addCustomer', {
        name: key,
        linkPerson: { name: '压测联系人', phone: `139${String(seq).padStart(8, '0')}` },
      });
      record('customer.create', key, a, { id: a.body?.data?.id ?? null });
      if (a.ok) customers.push(a.body.data.id);
    },
  },
  {
    cls: 'intake',
    weight: 2,
    run: async () => {
      const who = person('desk');
      const key = `SOAK事件-${uid()}`;
      const a = await send('intake', who, 'POST', '/v2/event/add', { title: key, customerId: pick(customers), description: '压测事件', ext: job.eventExt });
      record('event.create', key, a, { id: a.body?.data?.id ?? null });
    },
  },
  {
    cls: 'dispatch',
    weight: 6,
    run: async () => {
      const o = pick(byState(1).filter((x) => !x.pooled));
      if (!o) return;
      await on(o, async () => {
        const who = person('dispatch');
        if (random() < 0.2) {
          const a = await send('dispatch', who, 'POST', '/v2/order/pool/put', { orderIds: [o.id] });
          record('order.pool', `pool:${o.id}`, a, { id: o.id });
          if (a.ok && a.body?.data?.count === 1) o.pooled = true;
          return;
        }
        const eng = person('engineers');
        const a = await send('dispatch', who, 'POST', '/v2/order/dispatch', { orderId: o.id, serviceUserId: eng.id });
        record('order.dispatch', `dispatch:${o.id}`, a, { id: o.id, state: a.body?.data?.state ?? null, user: eng.id });
        moved(o, a);
        if (a.ok) o.engineer = eng;
        else if (refused(a)) await reread(o, who);
      });
    },
  },
  {
    // Three engineers grab one pooled order at the same moment: one wins.
    cls: 'grab',
    weight: 1.5,
    run: async () => {
      const o = pick(orders.filter((x) => x.pooled && x.state === 1 && !x.busy));
      if (!o) return;
      await on(o, async () => {
        const three = [...new Set([person('engineers'), person('engineers'), person('engineers')])];
        const answers = await Promise.all(three.map((eng) => send('grab', eng, 'POST', '/v2/order/grab', { orderId: o.id })));
        for (const [i, a] of answers.entries()) {
          record('order.grab', `grab:${o.id}:${three[i]?.id}`, a, { id: o.id, state: a.body?.data?.state ?? null, user: three[i]?.id });
        }
        const won = answers.findIndex((a) => a.ok);
        o.pooled = false;
        if (won >= 0) {
          o.engineer = three[won];
          moved(o, answers[won] as Answer);
        } else o.state = -1; // unknown: left alone
      });
    },
  },
  {
    // The engineer's next step on one of his orders.
    cls: 'field',
    weight: 14,
    run: async () => {
      const o = pick(orders.filter((x) => x.engineer && (x.state === 2 || x.state === 3 || x.state === 4) && !x.busy));
      if (!o?.engineer) return;
      const eng = o.engineer;
      await on(o, async () => {
        if (o.state === 2) {
          const a = await send('field', eng, 'POST', '/order/accept', { orderId: o.id });
          record('order.accept', `accept:${o.id}`, a, { id: o.id, state: a.body?.data?.state ?? null });
          moved(o, a);
          if (refused(a)) await reread(o, eng);
        } else if (o.state === 3) {
          const booked = await send('field', eng, 'POST', '/order/workerBespokeDate', { orderId: o.id, bespokeTime: nowText(1) });
          record('order.book', `book:${o.id}:${uid()}`, booked, { id: o.id, state: booked.body?.data?.state ?? null });
          const a = await send('field', eng, 'POST', '/order/startService', { orderId: o.id });
          record('order.start', `start:${o.id}`, a, { id: o.id, state: a.body?.data?.state ?? null });
          moved(o, a);
          if (refused(a)) await reread(o, eng);
        } else if (random() < 0.1) {
          // The desk cancels while the engineer completes: exactly one of them wins.
          const opKey = `${randomUUID()}:${randomUUID()}`; // device:operation, as the phone's offline queue
          const desk = person('dispatch');
          const [c, x] = await Promise.all([
            send('field', eng, 'POST', '/order/serviceComplete', { orderId: o.id, opKey, note: '压测完成' }),
            send('dispatch', desk, 'POST', '/order/cancel', { orderId: o.id, reason: '压测取消' }),
          ]);
          record('order.complete', opKey, c, { id: o.id, state: c.body?.data?.state ?? null });
          record('order.cancel', `cancel:${o.id}`, x, { id: o.id, state: x.body?.data?.state ?? null });
          moved(o, c);
          moved(o, x);
        } else {
          // Completed from the phone's offline queue: the same operation sent 1–3 times in a burst.
          const opKey = `${randomUUID()}:${randomUUID()}`; // device:operation, as the phone's offline queue
          const times = random() < 0.3 ? 1 + Math.floor(random() * 3) : 1;
          const answers = await Promise.all(
            Array.from({ length: times }, () => send('field', eng, 'POST', '/order/serviceComplete', { orderId: o.id, opKey, note: '压测完成' })),
          );
          for (const a of answers) record('order.complete', opKey, a, { id: o.id, state: a.body?.data?.state ?? null });
          for (const a of answers) moved(o, a);
          if (answers.every((a) => refused(a))) await reread(o, eng);
        }
      });
    },
  },
  {
    // A return visitor takes a pooled task or his own, and records it as passed (通过未评价).
    cls: 'visit',
    weight: 1.5,
    run: async () => {
      const who = person('visitors');
      const pooled = random() < 0.5;
      const list = await send('visit', who, 'GET', `/v2/returnvisitTask/myList?pageIndex=0&pageSize=20&state=1${pooled ? '&pool=1' : ''}`);
      const task = pick((list.body?.data?.list ?? []) as { id: number; version: number }[]);
      if (!task) return;
      if (pooled) {
        const g = await send('visit', who, 'POST', '/v2/returnvisitTask/grab', { taskId: task.id, version: task.version });
        record('visit.grab', `visit-grab:${task.id}:${who.id}`, g, { id: task.id, user: who.id });
        if (!g.ok) return;
        task.version += 1;
      }
      // One in five does not pass: the visit opens a follow-up order and a complaint (once per task).
      const failed = random() < 0.2;
      const a = await send('visit', who, 'POST', '/v2/returnvisitTask/submit', {
        taskId: task.id,
        version: task.version,
        state: failed ? 2 : 5,
        ...(failed ? { reason: job.failReason } : {}),
        comment: '压测回访',
      });
      record('visit.submit', `visit:${task.id}`, a, {
        id: task.id,
        state: a.body?.data?.state ?? (failed ? 2 : 5),
        ref: a.body?.data?.followUpOrderId ?? null,
      });
    },
  },
  {
    cls: 'stock',
    weight: 2,
    run: async () => {
      const keeper = person('keepers');
      const w = pick(job.warehouses);
      if (!w) return;
      const decide = pendingDocs.length > 0 && random() < 0.6;
      if (decide) {
        const d = pendingDocs.splice(Math.floor(random() * pendingDocs.length), 1)[0] as (typeof pendingDocs)[number];
        const verb = random() < 0.8 ? 'approve' : random() < 0.5 ? 'reject' : 'withdraw';
        // Nobody approves his own document; only its applicant withdraws it.
        const who = verb === 'withdraw' ? d.by : (job.people.keepers.map((m) => people.get(m) as Person).find((p) => p !== d.by) ?? keeper);
        const a = await send('stock', who, 'POST', `/spare/doc/${verb}`, { id: d.id, note: '压测' });
        record(`doc.${verb}`, `doc:${d.id}`, a, { id: d.id });
        return;
      }
      const key = `SOAK单据-${uid()}`;
      const kind = random() < 0.5 ? 6 : 7; // 入库单 or 出库单 (which reserves until approved)
      const spareId = pick(w.spares) as number;
      const body = {
        kind,
        ...(kind === 6 ? { toWarehouseId: w.id } : { fromWarehouseId: w.id }),
        remark: key,
        items: [{ spareId, quantity: 1 + Math.floor(random() * 3) }],
      };
      const a = await send('stock', keeper, 'POST', '/spare/doc/save', body);
      record('doc.save', key, a, { id: a.body?.data?.id ?? null });
      if (a.ok) pendingDocs.push({ id: a.body.data.id, kind, by: keeper });
    },
  },
  {
    cls: 'read.list',
    weight: 10,
    run: async () => {
      const r = random();
      if (r < 0.4) await send('read.list', person('dispatch'), 'GET', '/v2/order/getAllOrderList?pageIndex=0&pageSize=20');
      else if (r < 0.6)
        await send('read.list', person('dispatch'), 'GET', `/v2/order/getAllOrderList?pageIndex=0&pageSize=20&keyword=${encodeURIComponent('空调')}`);
      else if (r < 0.85) await send('read.list', person('engineers'), 'GET', '/v2/order/getAllOrderList?pageIndex=0&pageSize=20&scope=mine');
      else await send('read.list', person('desk'), 'GET', '/v2/customer/epCustomerList?pageIndex=0&pageSize=20');
    },
  },
  {
    cls: 'read.detail',
    weight: 6,
    run: async () => {
      const o = pick(orders);
      if (o) await send('read.detail', person('dispatch'), 'GET', `/order/orderDetail?orderId=${o.id}`);
    },
  },
  {
    cls: 'read.report',
    weight: 2,
    run: async () => {
      if (random() < 0.5) await send('read.report', person('dispatch'), 'GET', '/v2/report/statusStatistics');
      else await send('read.report', person('engineers'), 'GET', '/v2/menu/mobile/getCount');
    },
  },
  {
    cls: 'read.search',
    weight: 2,
    run: async () => {
      const word = pick(['空调', '维修', 'SOAK', '安装', '保养']) as string;
      await send('read.search', person('desk'), 'GET', `/search?q=${encodeURIComponent(word)}`);
    },
  },
  {
    cls: 'portal',
    weight: 1,
    run: async () => {
      await send('portal', null, 'GET', `/portal/scan/product?code=${encodeURIComponent(job.scanCode)}`);
    },
  },
  {
    cls: 'settle',
    weight: 0.5,
    run: async () => {
      const f = job.settle;
      if (!f) return;
      const open = statements.filter((x) => !x.busy && x.state !== 6);
      if (settleDay < f.days.length && (open.length === 0 || random() < 0.15)) return createStatements(f);
      const st = pick(open);
      if (!st) return;
      st.busy = true;
      try {
        await stepStatement(f, st);
      } finally {
        st.busy = false;
      }
    },
  },
  {
    // The desk records a complaint a customer phoned in.
    cls: 'quality',
    weight: 0.6,
    run: async () => {
      const key = `SOAK投诉-${uid()}`;
      const a = await send('quality', person('desk'), 'POST', '/customerComplaint', {
        sourceType: 4,
        customerId: pick(customers),
        title: key,
        content: '压测：客户来电投诉上门迟到',
        level: job.complaintLevel,
      });
      record('complaint.create', key, a, { id: a.body?.data?.id ?? null });
    },
  },
  {
    // A customer logs in to the portal, looks at his orders and logs out.
    cls: 'portal',
    weight: 0.6,
    run: async () => {
      if (!job.portalMobile) return;
      let a = await send('portal', null, 'POST', '/portal/login', { mobile: job.portalMobile, password: job.password });
      if (a.ok && a.body?.data?.needChoose) {
        a = await send('portal', null, 'POST', '/portal/login', { mobile: job.portalMobile, password: job.password, enterpriseId: a.body.data.epList[0]?.id });
      }
      if (!a.ok || !a.cookie) return;
      const customer: Person = { mobile: job.portalMobile, id: 0, cookie: a.cookie, csrf: '' };
      const me = await send('portal', customer, 'GET', '/portal/me');
      await send('portal', customer, 'GET', '/portal/orders?pageIndex=0&pageSize=10');
      if (me.ok) await send('portal', { ...customer, csrf: me.body.data.csrfToken }, 'POST', '/portal/logout');
    },
  },
  {
    // 扫码报修: a stranger scans a product's label, proves his mobile by the code texted to it, reports, follows.
    cls: 'portal',
    weight: 0.4,
    run: async () => {
      // Each product takes 5 QR reports a day (SCAN_REPORTS_PER_PRODUCT_DAY, then HTTP 429): strangers report other
      // products, and none is left once each has had its five.
      const code = pick(job.scanCodes.filter((c) => (scanned.get(c) ?? 0) < SCAN_REPORTS_A_DAY));
      if (!code) return;
      scanned.set(code, (scanned.get(code) ?? 0) + 1);
      const mobile = `147${String(Math.floor(random() * 1e8)).padStart(8, '0')}`;
      const sent = await send('portal', null, 'POST', '/portal/scan/code', { code, mobile });
      if (!sent.ok) return;
      const smsCode = await fetch(`${job.smsGateway}/code?mobile=${mobile}`)
        .then((r) => (r.ok ? r.text() : null))
        .catch(() => null);
      if (!smsCode) return;
      const key = `SOAK扫码-${uid()}`;
      const a = await send('portal', null, 'POST', '/portal/scan/report', { code, mobile, smsCode, description: key });
      record('scan.report', key, a, { ref: a.body?.data?.orderNo ?? null });
      if (a.ok) await send('portal', null, 'GET', `/portal/scan/track?token=${encodeURIComponent(a.body.data.token)}`);
    },
  },
  {
    cls: 'export',
    weight: 0.05,
    run: async () => {
      const a = await send('export', person('dispatch'), 'POST', '/export/order', { startTime: nowText(-24 * 30).slice(0, 10) });
      record('export', `export:${uid()}`, a, { id: a.body?.data?.id ?? null });
      if (a.ok) exportsAsked.push(a.body.data.id);
    },
  },
];

const totalWeight = actions.reduce((s, a) => s + a.weight, 0);
function chooseAction() {
  let r = random() * totalWeight;
  for (const a of actions) {
    r -= a.weight;
    if (r <= 0) return a;
  }
  return actions[0] as (typeof actions)[number];
}

async function main(): Promise<void> {
  const settlers = job.settle ? [job.settle.issuer, job.settle.approver, job.settle.provider] : [];
  const mobiles = [...new Set([...Object.values(job.people).flat(), ...settlers])];
  for (const m of mobiles) people.set(m, await login(m));
  const stopAt = Date.now() + job.seconds * 1000;
  const inFlight = new Set<Promise<void>>();
  const gap = 1000 / job.rate;
  let next = Date.now();
  while (Date.now() < stopAt) {
    next += gap;
    const wait = next - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (inFlight.size >= job.maxInFlight) {
      shed++;
      continue;
    }
    const action = chooseAction();
    const p: Promise<void> = action
      .run()
      .catch((err) => console.error(`[driver] ${action.cls}: ${err}`))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  await Promise.all(inFlight);
  const out: DriverOut = { samples, history, shed, exports: exportsAsked, refusals, startedAt: stopAt - job.seconds * 1000, endedAt: Date.now() };
  writeFileSync(job.out, JSON.stringify(out));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
