import { scheduleContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { groupOf } from '../dispatch/dispatch.fixtures';
import { orderIn, type Team, team } from '../orders/actions.fixtures';

/** The board at scale: engineers by service group a page at a time, the waiting orders a page at a time with a count. */

let t: TestApp;
let tm: Team;
let other: Team;
beforeAll(async () => {
  t = await createTestApp();
  tm = await team(t);
  other = await team(t);
});
afterAll(async () => t.close());

const DAY = { startDate: '2030-05-06', endDate: '2030-05-06' };
const ids = (r: { data: { userId?: number; id?: number }[] }) => r.data.map((x) => x.userId ?? x.id);

describe('paging the board', () => {
  it('engineers: a service group’s members only, paged, with the count; another enterprise’s group finds nobody', async () => {
    const g = await groupOf(t, tm.ep, '看板组', [tm.engineer.id, tm.engineer2.id]);
    const theirs = await groupOf(t, other.ep, '别家组', [other.engineer.id]);
    const first = await tm.dispatcher.client.send(C.dispatchList, { ...DAY, serviceGroupId: g, pageIndex: 0, pageSize: 1 });
    const second = await tm.dispatcher.client.send(C.dispatchList, { ...DAY, serviceGroupId: g, pageIndex: 1, pageSize: 1 });
    expect([...ids(first), ...ids(second)]).toEqual([tm.engineer.id, tm.engineer2.id].sort((a, b) => a - b));
    expect((await tm.dispatcher.client.send(C.dispatchCount, { ...DAY, serviceGroupId: g })).data).toBe(2);
    expect((await tm.dispatcher.client.send(C.dispatchList, { ...DAY, serviceGroupId: theirs })).data).toEqual([]);
    expect((await tm.dispatcher.client.send(C.dispatchCount, { ...DAY, serviceGroupId: 'x' })).message).toContain('服务团队');
  });

  it('waiting orders: most urgent first, a page at a time, by keyword, with the count; pooled, assigned and other enterprises’ orders left out', async () => {
    await t.deps.db.execute(sql`update orders set state = 6 where enterprise_id = ${tm.ep} and state = 1`);
    const urgent = await orderIn(t, tm, 1, { priority: 3, title: '加急维修' });
    const plain: number[] = [];
    for (let i = 0; i < 4; i++) plain.push(await orderIn(t, tm, 1, { title: `普通维修${i}` }));
    await orderIn(t, tm, 1, { in_pool: true });
    await orderIn(t, tm, 2);
    await orderIn(t, other, 1);
    const c = tm.dispatcher.client;
    expect((await c.send(C.unassignedCount, {})).data).toBe(5);
    expect(ids(await c.send(C.unassigned, { pageIndex: 0, pageSize: 2 }))).toEqual([urgent, plain[0]]);
    expect(ids(await c.send(C.unassigned, { pageIndex: 2, pageSize: 2 }))).toEqual([plain[3]]);
    expect(ids(await c.send(C.unassigned, { keyword: '加急' }))).toEqual([urgent]);
    expect((await c.send(C.unassignedCount, { keyword: '普通' })).data).toBe(4);
    expect((await c.send(C.unassigned, { pageSize: 500 })).message).toContain('每页条数不能超过100');
    expect((await tm.engineer.client.send(C.unassignedCount, {})).message).toBe('您没有该功能的操作权限');
  });
});
