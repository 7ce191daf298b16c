import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Candidate, planningContract as P } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { rows } from './client';
import { demoMonday, nextMonday } from '../demo/monday.demo';
import { DEMO_STEPS as demoSteps } from '../demo/steps';
import { areaCodes } from '../platform/geo/areas';
import { seedDemo } from '../seed';
import { dayTotals } from '../modules/orders/state-counts';

// The demo tells the product's story: the whole seed, as the first start runs it, on a fresh database.

let t: TestApp;
let ep = 0;
let other = 0;
const dataDir = mkdtempSync(path.join(tmpdir(), 'sk-demo-'));
const q = <T>(text: ReturnType<typeof sql>) => rows<T>(t.deps.db, text);
const one = async <T>(text: ReturnType<typeof sql>): Promise<T> => (await q<T>(text))[0] as T;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.deps.db, 'demo1234', true, { dataDir });
  const found = await q<{ id: number; name: string }>(sql`select id::int, name from enterprises order by id desc limit 3`);
  ep = Number(found.find((e) => e.name === '演示企业')?.id);
  other = Number(found.find((e) => e.name === '免费体验企业')?.id);
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the demo month', () => {
  it('runs geocoding last and each step after the steps whose data it uses', () => {
    const names = demoSteps.map((s) => s.name);
    expect(names.at(-1)).toBe('geo.demo');
    expect(new Set(names).size).toBe(names.length);
    for (const s of demoSteps)
      for (const a of s.after ?? []) {
        expect(names.indexOf(a), `${s.name} needs ${a}, which is not a step`).toBeGreaterThanOrEqual(0);
        expect(names.indexOf(a), `${s.name} after ${a}`).toBeLessThan(names.indexOf(s.name));
      }
  });

  it('has a field team: at least five engineers with skills, areas, a team and a position', async () => {
    const engineers = await q<{ id: number; skills: string[] | null; areas: string[] | null; lat: number | null; teams: number }>(
      sql`select u.id, p.skills, p.area_codes as areas, g.latitude as lat,
          (select count(*)::int from service_group_members m where m.enterprise_id = u.enterprise_id and m.user_id = u.id) as teams
        from users u left join pool_profiles p on p.enterprise_id = u.enterprise_id and p.user_id = u.id
        left join engineer_positions g on g.enterprise_id = u.enterprise_id and g.user_id = u.id
        where u.enterprise_id = ${ep} and 2 = any(u.roles) and u.user_type = 0 and u.deleted_at is null`,
    );
    expect(engineers.length).toBeGreaterThanOrEqual(5);
    expect(engineers.every((e) => e.lat != null && e.teams > 0)).toBe(true);
    expect(engineers.filter((e) => (e.skills?.length ?? 0) > 0 && (e.areas?.length ?? 0) > 0).length).toBeGreaterThanOrEqual(5);
    // The ten demo users are still there with their roles.
    const demo = await q<{ mobile: string; sysrole: number }>(
      sql`select mobile, sysrole from users where enterprise_id = ${ep} and mobile like '138000000%' order by mobile`,
    );
    expect(demo.map((u) => `${u.mobile}:${u.sysrole}`)).toEqual(Array.from({ length: 10 }, (_, i) => `138000000${String(i + 1).padStart(2, '0')}:${i + 1}`));
  });

  it('has orders in every state over the last four weeks and the next week, completed ones priced, signed, with parts', async () => {
    const orders = await q<{
      id: number;
      state: number;
      service_amount: string;
      receivable_amount: string;
      signature_id: number | null;
      provider_id: number | null;
      days_ago: number;
      logs: number;
    }>(
      sql`select o.id, o.state, o.service_amount::text, o.receivable_amount::text, o.signature_id, o.provider_id,
          extract(epoch from now() - o.created_at) / 86400 as days_ago,
          (select count(*)::int from order_logs l where l.enterprise_id = o.enterprise_id and l.order_id = o.id) as logs
        from orders o where o.enterprise_id = ${ep} and o.deleted_at is null`,
    );
    for (const s of [0, 1, 2, 3, 4, 5, 6, 7])
      expect(
        orders.some((o) => o.state === s),
        `state ${s}`,
      ).toBe(true);
    expect(orders.length).toBeGreaterThan(40);
    const done = orders.filter((o) => o.state === 5);
    expect(done.length).toBeGreaterThan(20);
    // Every completed order has its fees (the demo's first orders had ¥0 everywhere).
    // (The provider's orders are warranty work the manufacturer pays the provider for: their fee is the provider's, below.)
    const own = done.filter((o) => o.provider_id == null);
    expect(own.filter((o) => Number(o.receivable_amount) > 0).length / own.length).toBeGreaterThan(0.9);
    const [unpriced] = await q<{ n: number }>(
      sql`select count(*)::int as n from orders o where o.enterprise_id = ${ep} and o.state = 5 and o.provider_id is not null
        and not exists (select 1 from provider_order_fees f where f.enterprise_id = o.enterprise_id and f.order_id = o.id and f.amount_cents > 0)`,
    );
    expect(unpriced?.n).toBe(0);
    expect(done.filter((o) => o.signature_id != null).length).toBeGreaterThan(20);
    // Most were called back and rated.
    const [rated] = await q<{ n: number }>(sql`select count(*)::int as n from orders where enterprise_id = ${ep} and state = 5 and evaluated_at is not null`);
    expect(rated?.n).toBeGreaterThan(10);
    // Spread over the month, none in the future (the provider's orders fill the last calendar month, for its statement).
    const mine = orders.filter((o) => o.provider_id == null);
    const days = new Set(mine.map((o) => Math.floor(Number(o.days_ago))));
    expect(days.size).toBeGreaterThan(15);
    expect(Math.max(...mine.map((o) => Number(o.days_ago)))).toBeLessThan(31);
    expect(Math.min(...orders.map((o) => Number(o.days_ago)))).toBeGreaterThanOrEqual(0);
    // Booked visits ahead in the next week.
    const [ahead] = await q<{ n: number }>(
      sql`select count(*)::int as n from orders where enterprise_id = ${ep} and state = 3 and appointment_at between now() and now() + interval '8 days'`,
    );
    expect(ahead?.n).toBeGreaterThanOrEqual(4);
    // Parts from the engineers' own stock, charged on the order.
    const [parts] = await q<{ n: number; charged: number }>(
      sql`select count(*)::int as n, count(*) filter (where o.spare_amount > 0)::int as charged from order_parts p
        join orders o on o.enterprise_id = p.enterprise_id and o.id = p.order_id where p.enterprise_id = ${ep}`,
    );
    expect(parts?.n).toBeGreaterThan(3);
    expect(parts?.charged).toBeGreaterThan(0);
    // The signature images are on disk, where uploads are read from.
    const sig = await one<{ path: string }>(sql`select u.path from orders o join uploads u on u.enterprise_id = o.enterprise_id and u.id = o.signature_id
      where o.enterprise_id = ${ep} limit 1`);
    expect(existsSync(path.join(dataDir, 'files', ...sig.path.split('/')))).toBe(true);
  });

  it('leaves no inconsistencies: every story in order, in the past, completed orders with their completion', async () => {
    // Every completed order has its completion in the log, after its creation and dispatch.
    const missing = await q<{ id: number }>(
      sql`select o.id from orders o where o.enterprise_id = ${ep} and o.state = 5 and not exists (select 1 from order_logs l
        where l.enterprise_id = o.enterprise_id and l.order_id = o.id and l.action in ('serviceComplete', 'approve', 'examine'))`,
    );
    expect(missing).toEqual([]);
    // Logs come in the order they were written, none before its record or in the future.
    for (const [table, parent, col] of [
      ['order_logs', 'orders', 'order_id'],
      ['event_logs', 'events', 'event_id'],
      ['project_logs', 'projects', 'project_id'],
    ] as const) {
      const bad = await q<{ id: number }>(
        sql.raw(`select l.id from ${table} l join ${parent} p on p.enterprise_id = l.enterprise_id and p.id = l.${col}
          where l.enterprise_id = ${ep} and (l.created_at < p.created_at - interval '1 second' or l.created_at > now()
            or exists (select 1 from ${table} k where k.enterprise_id = l.enterprise_id and k.${col} = l.${col} and k.id > l.id and k.created_at < l.created_at))`),
      );
      expect(bad, table).toEqual([]);
    }
    // Stock is never negative and every reservation belongs to a waiting document.
    const [stock] = await q<{ neg: number; reserved: number; waiting: number }>(
      sql`select count(*) filter (where quantity < 0 or reserved < 0)::int as neg, coalesce(sum(reserved), 0)::int as reserved,
        (select coalesce(sum(i.quantity), 0)::int from spare_docs d join spare_doc_items i on i.enterprise_id = d.enterprise_id and i.doc_id = d.id
          where d.enterprise_id = ${ep} and d.state = 1 and d.from_warehouse_id is not null) as waiting
        from stocks where enterprise_id = ${ep}`,
    );
    expect(stock?.neg).toBe(0);
    expect(stock?.reserved).toBe(stock?.waiting);
    // The state counters the home page reads agree with the orders.
    const counts = await q<{ state: number; n: number; real: number }>(
      sql`select c.state, sum(c.n)::int as n, (select count(*)::int from orders o where o.enterprise_id = ${ep} and o.state = c.state and not o.invalid and o.deleted_at is null) as real
        from order_state_counts c where c.enterprise_id = ${ep} and not c.invalid group by c.state`,
    );
    for (const c of counts) expect(c.n, `state ${c.state}`).toBe(c.real);
    // And the day-keyed ones of the statistic over a period, day by day (the demo's orders are dated back).
    expect(await dayTotals(t.deps.db, ep)).toEqual(await dayTotals(t.deps.db, ep, true));
    // SLA clocks agree with their orders: none runs on a finished or cancelled order, due_at is the nearest running deadline,
    // a clock stops at its order's move (dispatch, visit, completion) and never before it started.
    const clocks = await q<{ id: number }>(
      sql`select o.id from orders o where o.enterprise_id = ${ep} and (
          o.due_at is distinct from (select min(c.deadline_at) from order_sla_clocks c where c.enterprise_id = o.enterprise_id and c.order_id = o.id and c.outcome = 0)
          or (o.state in (5, 6) and exists (select 1 from order_sla_clocks c where c.enterprise_id = o.enterprise_id and c.order_id = o.id and c.outcome = 0))
          or exists (select 1 from order_sla_clocks c where c.enterprise_id = o.enterprise_id and c.order_id = o.id
            and (c.stopped_at < c.started_at or (c.type = 6 and c.outcome = 1 and c.stopped_at is distinct from o.finished_at))))`,
    );
    expect(clocks).toEqual([]);
    // Every order given to an engineer by someone else told him so (the bell's 工单…已指派给您), on the day it was given.
    const untold = await q<{ id: number }>(
      sql`select o.id from orders o where o.enterprise_id = ${ep} and o.service_user_id is not null and o.service_user_id <> coalesce(o.dispatcher_id, 0)
        and not exists (select 1 from notices n where n.enterprise_id = o.enterprise_id and n.user_id = o.service_user_id and n.kind = 'order_assigned'
          and n.link = '/allOrder/orderDetail/' || o.id and n.created_at <= now())`,
    );
    expect(untold).toEqual([]);
  });

  it('has events in every state, one turned into an order', async () => {
    const events = await q<{ state: number; order_id: number | null }>(
      sql`select state, order_id from events where enterprise_id = ${ep} and deleted_at is null`,
    );
    expect(events.length).toBeGreaterThanOrEqual(10);
    for (const s of [1, 2, 3, 4, 5, 6, 7])
      expect(
        events.some((e) => e.state === s),
        `event state ${s}`,
      ).toBe(true);
    const linked = events.filter((e) => e.order_id != null);
    expect(linked).toHaveLength(1);
    const [log] = await q<{ n: number }>(sql`select count(*)::int as n from event_logs where enterprise_id = ${ep} and action = 'toOrder'`);
    expect(log?.n).toBe(1);
  });

  it('has projects from a template with stages and tasks: completed, in progress, and approvals waiting', async () => {
    const [tmpl] = await q<{ stages: number; tasks: number }>(
      sql`select (select count(*)::int from project_tmpl_stages where enterprise_id = ${ep}) as stages,
        (select count(*)::int from project_tmpl_tasks where enterprise_id = ${ep}) as tasks`,
    );
    expect(tmpl?.stages).toBeGreaterThanOrEqual(3);
    expect(tmpl?.tasks).toBeGreaterThanOrEqual(5);
    const projects = await q<{ state: number; approval: string | null; stages: number; progress: number }>(
      sql`select p.state, p.approval, p.progress_speed as progress,
        (select count(*)::int from project_stages s where s.enterprise_id = p.enterprise_id and s.project_id = p.id) as stages
        from projects p where p.enterprise_id = ${ep}`,
    );
    expect(projects.length).toBeGreaterThanOrEqual(3);
    expect(projects.every((p) => p.stages >= 3)).toBe(true);
    expect(projects.map((p) => p.state).sort()).toEqual([0, 1, 2]);
    expect(projects.find((p) => p.state === 0)?.approval).toBe('create');
    expect(Number(projects.find((p) => p.state === 2)?.progress)).toBe(100);
    const [waiting] = await q<{ n: number }>(sql`select count(*)::int as n from project_tasks where enterprise_id = ${ep} and state = 3`);
    expect(waiting?.n).toBe(1);
  });

  it('has stock documents of every state (requisitions, transfers, inbound) and SLA clocks on', async () => {
    const docs = await q<{ kind: number; state: number }>(sql`select kind, state from spare_docs where enterprise_id = ${ep}`);
    for (const s of [1, 2, 3, 4])
      expect(
        docs.some((d) => d.state === s),
        `doc state ${s}`,
      ).toBe(true);
    for (const k of [1, 2, 6])
      expect(
        docs.some((d) => d.kind === k),
        `doc kind ${k}`,
      ).toBe(true);
    const [sla] = await q<{ on: string; clocks: number; met: number }>(
      sql`select (select value from system_settings where enterprise_id = ${ep} and code = 'sla_enabled') as on,
        (select count(*)::int from order_sla_clocks where enterprise_id = ${ep}) as clocks,
        (select count(*)::int from order_sla_clocks where enterprise_id = ${ep} and outcome = 1) as met`,
    );
    expect(sla?.on).toBe('1');
    expect(sla?.clocks).toBeGreaterThan(20);
    expect(sla?.met).toBeGreaterThan(10);
    const [notices] = await q<{ n: number }>(sql`select count(*)::int as n from announcements where enterprise_id = ${ep}`);
    expect(notices?.n).toBeGreaterThanOrEqual(3);
  });

  it('keeps every ledger a chain: each line starts where the one before ended, and the stock is the last balance', async () => {
    // The month's parts are drawn order by order, not by time: written by time, their balances must follow time.
    const breaks = await q<{ id: number }>(
      sql`select id from (select id, before, lag(after) over (partition by warehouse_id, spare_id order by id) as prev
          from stock_logs where enterprise_id = ${ep}) x where prev is not null and before <> prev`,
    );
    expect(breaks).toEqual([]);
    const off = await q<{ w: number; s: number }>(
      sql`select k.warehouse_id as w, k.spare_id as s from stocks k
          join lateral (select after from stock_logs l where l.enterprise_id = k.enterprise_id and l.warehouse_id = k.warehouse_id
            and l.spare_id = k.spare_id order by l.id desc limit 1) l on true
          where k.enterprise_id = ${ep} and l.after <> k.quantity`,
    );
    expect(off).toEqual([]);
    const [used] = await q<{ n: number }>(sql`select count(*)::int as n from stock_logs where enterprise_id = ${ep} and doc_kind = 'order_part'`);
    expect(used?.n).toBeGreaterThan(1);
  });

  it('gives the other demo enterprises none of the month', async () => {
    const [n] = await q<{ orders: number; events: number; projects: number; docs: number; engineers: number }>(
      sql`select (select count(*)::int from orders where enterprise_id = ${other}) as orders,
        (select count(*)::int from events where enterprise_id = ${other}) as events,
        (select count(*)::int from projects where enterprise_id = ${other}) as projects,
        (select count(*)::int from spare_docs where enterprise_id = ${other}) as docs,
        (select count(*)::int from users where enterprise_id = ${other} and 2 = any(roles)) as engineers`,
    );
    expect(n).toEqual({ orders: 0, events: 0, projects: 0, docs: 0, engineers: 0 });
  });
});

describe('the demo Monday', () => {
  it('is the next Monday wholly ahead in Shanghai: today only before its 08:00', () => {
    // 2030-03-04 is a Monday; Shanghai is UTC+8.
    expect(nextMonday(Date.parse('2030-03-03T23:59:00Z'), 'Asia/Shanghai')).toBe('2030-03-04'); // Monday 07:59
    expect(nextMonday(Date.parse('2030-03-04T00:00:00Z'), 'Asia/Shanghai')).toBe('2030-03-11'); // Monday 08:00
    expect(nextMonday(Date.parse('2030-03-03T15:00:00Z'), 'Asia/Shanghai')).toBe('2030-03-04'); // Sunday 23:00
    expect(nextMonday(Date.parse('2030-03-05T04:00:00Z'), 'Asia/Shanghai')).toBe('2030-03-11'); // Tuesday
  });

  it('gives the dispatcher a day in Shanghai to plan: candidates with reasons, a day with a saving, a draft placing most orders', async () => {
    const monday = await demoMonday(t.deps.db, ep, 'Asia/Shanghai');
    const shanghai = areaCodes('上海市', '', '')?.provinceCode;
    const waiting = await q<{ id: number; priority: number }>(
      sql`select id::int, priority from orders where enterprise_id = ${ep} and state = 1 and not in_pool and not invalid and deleted_at is null
        and province_code = ${shanghai} and latitude is not null order by id`,
    );
    expect(waiting.length).toBeGreaterThanOrEqual(20);
    expect(waiting.filter((o) => o.priority === 2).length).toBeGreaterThanOrEqual(3);
    // Made by the services: each has its SLA clocks and its creation in the log.
    const [bare] = await q<{ n: number }>(
      sql`select count(*)::int as n from orders o where o.enterprise_id = ${ep} and o.id = any(${`{${waiting.map((o) => o.id).join(',')}}`}::bigint[])
        and (not exists (select 1 from order_sla_clocks c where c.enterprise_id = o.enterprise_id and c.order_id = o.id)
          or not exists (select 1 from order_logs l where l.enterprise_id = o.enterprise_id and l.order_id = o.id and l.action = 'create'))`,
    );
    expect(bare?.n).toBe(0);
    const dispatcher = await new Client(t.app).login('13800000001', 'demo1234', ep);

    // Who should take the urgent one: the city's engineers graded, the best with a slot that Monday and his reasons.
    const urgent = waiting.find((o) => o.priority === 2)?.id as number;
    const c = await dispatcher.call(P.candidates, { orderId: urgent, date: monday });
    expect(c.success, c.message).toBe(true);
    const graded = c.data.rows as Candidate[];
    expect(graded.length).toBeGreaterThanOrEqual(5);
    expect(graded[0]?.score).toBeGreaterThan(0);
    expect(graded[0]?.start?.slice(0, 10)).toBe(monday);
    expect(graded[0]?.reasons.map((r) => r.text)).toEqual(expect.arrayContaining([expect.stringMatching(/^从.+出发 /), '在服务区域内']));
    expect(c.data.excluded.some((x: { reason: string }) => x.reason === '不在服务区域')).toBe(true);

    // 陈国栋's morning and 刘凯's afternoon were booked in a crossed order: the assistant finds the shorter one.
    const crew = await q<{ id: number; mobile: string }>(
      sql`select id::int, mobile from users where enterprise_id = ${ep} and mobile in ('13810000007', '13810000011')`,
    );
    for (const e of crew) {
      const d = await dispatcher.call(P.day, { userId: e.id, date: monday });
      expect(d.success, d.message).toBe(true);
      expect(d.data.current.stops.length, e.mobile).toBe(3);
      expect(d.data.changed, e.mobile).toBe(true);
      expect(d.data.saving.km, e.mobile).toBeGreaterThan(3);
      expect(d.data.saving.minutes, e.mobile).toBeGreaterThan(5);
    }

    // The whole day as a draft: most of the city's waiting orders get an engineer and a time around the booked visits.
    const draft = await dispatcher.call(P.createDraft, { date: monday, source: 1 });
    expect(draft.success, draft.message).toBe(true);
    const ids = new Set(waiting.map((o) => o.id));
    const placed = draft.data.proposals.filter((p: { orderId: number }) => ids.has(p.orderId));
    expect(placed.length / waiting.length).toBeGreaterThanOrEqual(0.8);
    expect(new Set(placed.map((p: { userId: number }) => p.userId)).size).toBeGreaterThanOrEqual(5);
    expect(placed.every((p: { start: string }) => p.start.startsWith(monday))).toBe(true);
  }, 60_000);
});
