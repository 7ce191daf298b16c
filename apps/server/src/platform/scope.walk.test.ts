import type { EndpointDef } from '@sk/shared';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client';
import { newCustomer } from '../modules/customers/test-helpers';
import { insertOrder } from '../modules/orders/test-helpers';
import { newProject, newTemplate } from '../modules/projects/test-helpers';
import { Client, makeEnterprise, makeUser, TEST_PASSWORD } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { plausible } from '../test/malformed';
import { endpointsOf } from './endpoint';

/**
 * The scope walk: every endpoint that takes an order, event or project id, called by each limited role
 * (and by an outsourced provider's user) with the id of a record outside that user's scope, answers
 * not found (or no power) and changes nothing. One rule per record kind serves list, detail and action.
 */

type Kind = 'order' | 'event' | 'project' | 'task';

/** Keys that name a record of a kind, by the endpoint's path (a bare id belongs to the path's own kind). */
const KIND_KEYS: Record<Kind, RegExp> = {
  order: /^(orderId|orderIds|order_id|workOrderId)$/,
  event: /^(eventId|eventIds|event_id)$/,
  project: /^(projectId|projectIds|project_id)$/,
  task: /^(taskId|taskIds|task_id)$/,
};
const BARE = /^(id|ids)$/;

/** The kind a bare id stands for on this path (null: an id of something else, e.g. a template or a setting). */
function bareKind(path: string): Kind | null {
  if (/tmpl|template|temp\/|set\b|setting|Set\/|field|money|spare|search\/plan|tag|message|msg|notice|formcontrol|automation|rules|File|production/i.test(path))
    return null;
  if (/task/i.test(path)) return 'task';
  if (/project/i.test(path)) return 'project';
  if (/event|desk/i.test(path)) return 'event';
  if (/order/i.test(path)) return 'order';
  return null;
}

const shapeOf = (s: unknown): Record<string, unknown> => {
  const d = (s as { _zod?: { def?: { type?: string; shape?: Record<string, unknown>; in?: unknown; innerType?: unknown } } })?._zod?.def;
  if (!d) return {};
  if (d.shape) return d.shape;
  if (d.type === 'pipe') return shapeOf(d.in);
  if (d.innerType) return shapeOf(d.innerType);
  return {};
};

/** The id fields of an endpoint, by kind: [key, kind, is a list]. */
export function idFields(ep: EndpointDef): { key: string; kind: Kind; list: boolean; where: 'query' | 'body' | 'path' }[] {
  const out: { key: string; kind: Kind; list: boolean; where: 'query' | 'body' | 'path' }[] = [];
  for (const where of ['query', 'body'] as const) {
    for (const key of Object.keys(shapeOf(ep[where]))) {
      const kind = (Object.keys(KIND_KEYS) as Kind[]).find((k) => KIND_KEYS[k].test(key)) ?? (BARE.test(key) ? bareKind(ep.path) : null);
      if (kind) out.push({ key, kind, list: /s$/.test(key), where });
    }
  }
  if (/:id\b/.test(ep.path)) {
    const kind = bareKind(ep.path);
    if (kind) out.push({ key: 'id', kind, list: false, where: 'path' });
  }
  return out;
}

let t: TestApp;
let ep: number;
let admin: Client;
let adminId: number;
const outside: Record<Kind, number> = { order: 0, event: 0, project: 0, task: 0 };

async function login(o: { roles: number[]; providerId?: number; admin?: boolean }): Promise<{ id: number; client: Client }> {
  const u = await makeUser(t.deps.db, ep, { roles: o.roles, admin: o.admin });
  if (o.providerId) await t.deps.db.execute(sql`update users set user_type = 1, provider_id = ${o.providerId} where enterprise_id = ${ep} and id = ${u.id}`);
  return { id: u.id, client: await new Client(t.app).login(u.mobile, TEST_PASSWORD, ep) };
}

beforeAll(async () => {
  t = await createTestApp();
  ep = await makeEnterprise(t.deps.db, { plan: 1 });
  const a = await makeUser(t.deps.db, ep, { roles: [3], admin: true });
  admin = await new Client(t.app).login(a.mobile, TEST_PASSWORD, ep);
  adminId = a.id;
  const customerId = await newCustomer(admin);
  outside.order = await insertOrder(t.deps.db, ep, { created_by: a.id, state: 3, service_user_id: a.id, customer_id: customerId });
  const ev = await admin.post('/v2/event/add', { title: '打印机卡纸', description: '每次打印都卡纸', customerId });
  if (!ev.success) throw new Error(ev.message);
  outside.event = ev.data.id;
  // Assigned: out of the unclaimed pool that engineers may claim from.
  const assigned = await admin.post('/v2/event/assign', { id: outside.event, principalId: a.id });
  if (!assigned.success) throw new Error(assigned.message);
  const tmpl = await newTemplate(admin);
  const project = await newProject(admin, tmpl.id);
  outside.project = project.id;
  const [task] = await rows<{ id: number }>(
    t.deps.db,
    sql`select id::int from project_tasks where enterprise_id = ${ep} and project_id = ${project.id} order by id limit 1`,
  );
  outside.task = Number(task?.id);
}, 120_000);
afterAll(async () => t?.close());

/** Filters of a list that is the caller's own domain (the keeper's stock log by order): no record of the kind is opened. */
const FILTER_ONLY = new Set([
  '/spare/log/list',
  '/spare/stockLog/list',
  '/old/part/recycle/form/list',
  '/v2/order/customerOptions',
  // 新建事件's customer picker: its ids are customers' (bareKind reads them as events by the path).
  '/v2/event/customerOptions',
  // The return-visit report's `id` is a plan filtering an aggregate (an unknown plan reports nothing), not a task.
  '/v2/returnvisitTask/report',
]);

/** An id no record has: outside the scope must answer exactly as this does. */
const MISSING = 999_999_999;

/** One request of the endpoint with plausible values and `ids` in its id fields (the same values each call). */
function requestOf(e: EndpointDef, seed: number, ids: Record<Kind, number>): { path: string; input: Record<string, unknown> } {
  const sample = (s: unknown) => (s ? (fc.sample(plausible(s as never), { numRuns: 1, seed })[0] as Record<string, unknown>) : {}) ?? {};
  const input: Record<string, unknown> = { ...(e.method === 'GET' ? sample(e.query) : sample(e.body)) };
  let path = e.path;
  for (const f of idFields(e)) {
    const id = ids[f.kind];
    if (f.where === 'path') path = path.replace(':id', String(id));
    else if ((f.where === 'query') === (e.method === 'GET')) input[f.key] = f.list ? [id] : id;
  }
  return { path, input };
}

/** The outside records' versions: any change to them moves this. */
async function outsideState(): Promise<string> {
  const [r] = await rows<{ s: string }>(
    t.deps.db,
    sql`select concat_ws('|', (select xmin::text from orders where enterprise_id = ${ep} and id = ${outside.order}),
      (select xmin::text from events where enterprise_id = ${ep} and id = ${outside.event}),
      (select xmin::text from projects where enterprise_id = ${ep} and id = ${outside.project}),
      (select xmin::text from project_tasks where enterprise_id = ${ep} and id = ${outside.task})) as s`,
  );
  return String(r?.s);
}

/**
 * Walks every endpoint as `who` with the outside records' ids, and again with ids nobody has: each answer must be a
 * refusal equal to the missing id's (so it tells nothing, and no check runs before the scope's), and change nothing.
 */
async function walk(who: { client: Client }, kinds: Kind[]): Promise<string[]> {
  const failures: string[] = [];
  const missing = { order: MISSING, event: MISSING, project: MISSING, task: MISSING };
  const eps = endpointsOf(t.app).filter((e) => !FILTER_ONLY.has(e.path) && idFields(e).some((f) => kinds.includes(f.kind)));
  for (const [i, e] of eps.entries()) {
    const before = await outsideState();
    const out = requestOf(e, i + 1, outside);
    const r = await who.client.request(e.method, out.path, out.input);
    const changed = (await outsideState()) !== before;
    const none = requestOf(e, i + 1, missing);
    const m = await who.client.request(e.method, none.path, none.input);
    const same = r.success === false && r.code === m.code && r.message === m.message;
    if (!same || changed)
      failures.push(
        `${e.method} ${e.path} → ${r.success ? 'success' : `${r.code} ${r.message}`} (missing id: ${m.code} ${m.message})${changed ? ' (changed the record)' : ''}`,
      );
  }
  return failures;
}

describe("scope walk: an id outside the user's scope is not found, on every endpoint", () => {
  it('finds the endpoints that take an order, event, project or task id', () => {
    const paths = endpointsOf(t.app)
      .filter((e) => idFields(e).length > 0)
      .map((e) => e.path);
    for (const p of ['/order/orderDetail', '/v2/order/fees', '/order/cancel', '/v2/event/close', '/project/detail', '/project/progress/taskFinish'])
      expect(paths).toContain(p);
  });

  // The engineer, ordinary employee, salesperson and keeper see only the orders they are on, and the events and
  // projects they take part in.
  for (const role of [2, 4, 5, 9]) {
    // Many runs (or a child process) in one test: more than the default 30 s on a loaded 2-core machine.
    it(`role ${role}: nothing outside, and their own order opens`, { timeout: 90_000 }, async () => {
      const who = await login({ roles: [role] });
      const f = await walk(who, ['order', 'event', 'project', 'task']);
      if (f.length) console.log(`role ${role}\n${f.join('\n')}`);
      expect(f).toEqual([]);
      if (role === 9) return; // The keeper has no order page.
      const mine = await insertOrder(t.deps.db, ep, { created_by: who.id, state: 1 });
      const detail = await who.client.get('/order/orderDetail', { orderId: mine });
      expect(detail.success, detail.message).toBe(true);
    });
  }

  // Roles that see every order still see only their own events or projects where they are not that area's staff.
  for (const [role, kinds] of [
    [6, ['project', 'task']],
    [7, ['event', 'project', 'task']],
    [8, ['event', 'project', 'task']],
    [10, ['event']],
  ] as const) {
    it(`role ${role}: no ${kinds.join(', ')} outside`, async () => {
      const who = await login({ roles: [role] });
      const f = await walk(who, [...kinds]);
      if (f.length) console.log(`role ${role}\n${f.join('\n')}`);
      expect(f).toEqual([]);
    });
  }

  // One rule: what the list shows is exactly what opens, for the limited roles and a provider's user.
  it('the order list, its count and the detail agree for the salesperson and the engineer', async () => {
    for (const role of [5, 2]) {
      const who = await login({ roles: [role] });
      const part = role === 5 ? { salesperson_id: who.id } : { service_user_id: who.id, state: 3 };
      const ids = [
        await insertOrder(t.deps.db, ep, { created_by: who.id }),
        await insertOrder(t.deps.db, ep, { created_by: adminId, ...part }),
        await insertOrder(t.deps.db, ep, { created_by: adminId }),
        await insertOrder(t.deps.db, ep, { created_by: adminId, in_pool: true }),
      ];
      const scope = role === 5 ? 'all' : 'mine';
      const list = await who.client.get('/v2/order/getAllOrderList', { scope, pageIndex: 0, pageSize: 100 });
      expect(list.success, list.message).toBe(true);
      const listed = new Set<number>(list.data.list.map((o: { id: number }) => o.id));
      const opened = new Set<number>();
      for (const id of ids) if ((await who.client.get('/order/orderDetail', { orderId: id })).success) opened.add(id);
      // The engineer's pool orders open (to grab them) but are not 我的工单.
      const expected = role === 5 ? [ids[0], ids[1]] : [ids[0], ids[1], ids[3]];
      expect([...opened].sort()).toEqual([...expected].sort());
      expect(ids.filter((id) => listed.has(id)).sort()).toEqual([ids[0], ids[1]].sort());
      expect(list.data.count).toBe(listed.size);
    }
  });

  // Two walks of every endpoint: more than the default 30 s on a loaded machine.
  it("a provider's dispatcher: only his provider's orders, no events or projects of the enterprise", { timeout: 90_000 }, async () => {
    const [mine, other] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into service_providers (enterprise_id, name, partner_type, enabled) values (${ep}, '甲服务商', 1, true), (${ep}, '乙服务商', 1, true) returning id::int`,
    );
    const who = await login({ roles: [1, 2], providerId: Number(mine?.id) });
    await t.deps.db.execute(sql`update orders set provider_id = ${Number(other?.id)} where enterprise_id = ${ep} and id = ${outside.order}`);
    const f = await walk(who, ['order', 'event', 'project', 'task']);
    if (f.length) console.log(`provider\n${f.join('\n')}`);
    expect(f).toEqual([]);
    // His provider's order opens; the enterprise's order list, events and customers are not his pages.
    const his = await insertOrder(t.deps.db, ep, { created_by: adminId, state: 2, provider_id: Number(mine?.id) });
    expect((await who.client.get('/order/orderDetail', { orderId: his })).success).toBe(true);
    const desk = await who.client.get('/order/unDeliverOrderList', { pageIndex: 0, pageSize: 10 });
    expect(desk.success, desk.message).toBe(true);
    expect(desk.data.map((o: { id: number }) => o.id)).toEqual([his]);
    for (const path of ['/v2/order/getAllOrderList', '/v2/event/getUnDeliverEventList', '/v2/event/getPrincipalEventList', '/v2/customer/customerList'])
      expect((await who.client.get(path, { pageIndex: 0, pageSize: 10 })).code, path).toBe('NO_POWER');

    // Made an administrator of role 3 by mistake, a provider's user still administers nothing of the enterprise.
    const boss = await login({ roles: [3], providerId: Number(mine?.id), admin: true });
    const g = await walk(boss, ['order', 'event', 'project', 'task']);
    if (g.length) console.log(`provider admin\n${g.join('\n')}`);
    expect(g).toEqual([]);
    const me = await boss.client.get('/v2/sessionUser/info');
    expect(me.data.admin).toBe(false);
    expect((await boss.client.get('/v2/charge/epPackageDetail')).success).toBe(false);
    expect((await boss.client.get('/v2/user/list', { pageIndex: 0, pageSize: 10 })).code).toBe('NO_POWER');
  });
});
