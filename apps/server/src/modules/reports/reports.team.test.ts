import { accountContract, orderDetailContract, orderListContract, type ReportParams } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { type Client, loggedIn, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertOrder } from '../orders/test-helpers';
import { runReport } from './reports.service';

/** 我的团队 (docs/reports.md, "Scope"): a service group's leader sees his members' orders on the list and in the reports. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const at = (s: string) => `${s}+08:00`;
const PERIOD = { startTime: '2026-03-01 00:00:00', endTime: '2026-03-31 23:59:59' };
const params = (p: Partial<ReportParams>): ReportParams =>
  ({ reportId: 'orderVolume', axis: 'created', dimension: 'engineer', ...PERIOD, ...p }) as ReportParams;

async function group(ep: number, name: string, leaderId: number | null, members: number[]): Promise<number> {
  const [g] = await rows<{ id: number }>(
    t.deps.db,
    sql`insert into service_groups (enterprise_id, name, leader_id) values (${ep}, ${name}, ${leaderId}) returning id`,
  );
  for (const m of members) await t.deps.db.execute(sql`insert into service_group_members (enterprise_id, group_id, user_id) values (${ep}, ${g?.id}, ${m})`);
  return Number(g?.id);
}

/** Orders of each engineer: March ones in several states and one in February (outside the report's period). */
async function ordersOf(ep: number, engineer: number, n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(
      await insertOrder(t.deps.db, ep, {
        state: [1, 3, 5][i % 3],
        service_user_id: engineer,
        created_at: at(`2026-03-${String(2 + i).padStart(2, '0')} 10:00:00`),
        finished_at: i % 3 === 2 ? at(`2026-03-${String(3 + i).padStart(2, '0')} 10:00:00`) : null,
      }),
    );
  }
  ids.push(await insertOrder(t.deps.db, ep, { state: 5, service_user_id: engineer, created_at: at('2026-02-10 10:00:00') }));
  return ids;
}

let ep: number;
let leader: { client: Client; user: { id: number } };
let teamOrders: number[];
let otherOrders: number[];
let strangerOrders: number[];
beforeAll(async () => {
  const d = await loggedIn(t.app, t.deps.db, { roles: [10] });
  ep = d.enterpriseId;
  const l = await loggedIn(t.app, t.deps.db, { enterpriseId: ep, roles: [2] });
  leader = { client: l.client, user: l.user };
  const m1 = await makeUser(t.deps.db, ep, { roles: [2] });
  const m2 = await makeUser(t.deps.db, ep, { roles: [2] });
  const outsider = await makeUser(t.deps.db, ep, { roles: [2] });
  const otherLeader = await makeUser(t.deps.db, ep, { roles: [2] });
  await group(ep, '一组', leader.user.id, [leader.user.id, m1.id, m2.id]);
  await group(ep, '二组', otherLeader.id, [otherLeader.id, outsider.id]);
  teamOrders = [...(await ordersOf(ep, leader.user.id, 2)), ...(await ordersOf(ep, m1.id, 4)), ...(await ordersOf(ep, m2.id, 3))];
  otherOrders = [...(await ordersOf(ep, outsider.id, 5)), ...(await ordersOf(ep, otherLeader.id, 2))];
  // An order the leader created for the other group: his own, not his team's.
  otherOrders.push(
    await insertOrder(t.deps.db, ep, { state: 1, service_user_id: outsider.id, created_by: leader.user.id, created_at: at('2026-03-20 10:00:00') }),
  );
  // Another enterprise where the same leader id leads nothing, with a group led by its own user.
  const e2 = await loggedIn(t.app, t.deps.db, { roles: [2] });
  const e2m = await makeUser(t.deps.db, e2.enterpriseId, { roles: [2] });
  await group(e2.enterpriseId, '一组', e2.user.id, [e2m.id]);
  strangerOrders = await ordersOf(e2.enterpriseId, e2m.id, 3);
});

const list = async (c: Client, q: Record<string, unknown>) => {
  const r = await c.send(orderListContract.getAllOrderList, { pageIndex: 0, pageSize: 100, ...q } as never);
  if (!r.success) throw new Error(`${r.code} ${r.message}`);
  return r.data!;
};

describe('我的团队', () => {
  it('the leader’s session says he leads a team; a member’s does not', async () => {
    expect((await leader.client.send(accountContract.sessionUser, {})).data?.leadsTeam).toBe(true);
    const member = await loggedIn(t.app, t.deps.db, { enterpriseId: ep, roles: [2] });
    expect((await member.client.send(accountContract.sessionUser, {})).data?.leadsTeam).toBe(false);
    expect((await list(member.client, { scope: 'team' })).count).toBe(0);
  });

  it('lists the orders of his groups’ members only, by MyOrder’s tabs; another group’s member’s orders are not there', async () => {
    const all = await list(leader.client, { scope: 'team' });
    expect(all.list.map((o) => Number(o.id)).sort((a, b) => a - b)).toEqual([...teamOrders].sort((a, b) => a - b));
    const [done] = await rows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from orders where enterprise_id = ${ep} and id = any(${`{${teamOrders.join(',')}}`}::bigint[]) and state = 5`,
    );
    expect((await list(leader.client, { scope: 'team', tab: 'done' })).count).toBe(done?.n);
    for (const id of otherOrders.slice(0, -1)) expect(all.list.some((o) => Number(o.id) === id)).toBe(false);
    // A team order opens for him; another group's does not (the list and the detail agree).
    expect((await leader.client.send(orderDetailContract.orderDetail, { orderId: teamOrders[3]! } as never)).success).toBe(true);
    expect(await leader.client.send(orderDetailContract.orderDetail, { orderId: otherOrders[0]! } as never)).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
    });
    // Another enterprise's team orders: not listed, and their ids find nothing.
    expect(all.list.some((o) => strangerOrders.includes(Number(o.id)))).toBe(false);
    expect(await leader.client.send(orderDetailContract.orderDetail, { orderId: strangerOrders[0]! } as never)).toMatchObject({
      success: false,
      code: 'NOT_FOUND',
    });
  });

  it('his reports count his team only, and each figure’s list (scope team) has its total', async () => {
    const a: Actor = { id: leader.user.id, enterpriseId: ep, sysrole: 2, admin: false, powers: ['chart_manage'], providerId: null, timeZone: 'Asia/Shanghai' };
    const r = await runReport(t.deps.db, a, params({}));
    const [expected] = await rows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from orders where enterprise_id = ${ep} and deleted_at is null and id = any(${`{${teamOrders.join(',')}}`}::bigint[])
        and created_at between '2026-03-01 00:00:00+08' and '2026-03-31 23:59:59+08'`,
    );
    expect(r.total.values.orders).toBe(expected?.n);
    expect(r.rows).toHaveLength(3); // the leader and two members; the order he created for 二组 is not his team's
    expect(r.total.drill.orders?.scope).toBe('team');
    expect((await list(leader.client, { scope: 'all', ...r.total.drill.orders })).count).toBe(r.total.values.orders);
    for (const row of r.rows) {
      for (const [measure, drill] of Object.entries(row.drill)) expect((await list(leader.client, { scope: 'all', ...drill })).count).toBe(row.values[measure]);
    }
    // The director still counts the enterprise, with no team in his drill.
    const dir: Actor = { ...a, id: (await makeUser(t.deps.db, ep, { roles: [10] })).id, sysrole: 10 };
    const whole = await runReport(t.deps.db, dir, params({}));
    expect(whole.total.values.orders).toBe((expected?.n ?? 0) + 5 + 2 + 1);
    expect(whole.total.drill.orders?.scope).toBeUndefined();
  });
});
