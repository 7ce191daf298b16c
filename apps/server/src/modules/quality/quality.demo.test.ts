import { complaintContract as C, exchangeContract as X, faultContract as F, repairContract as R } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client } from '../../test/factories';
import { DEMO_APP_TIMEOUT, demoEnterpriseOf, demoTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await demoTestApp();
}, DEMO_APP_TIMEOUT);
afterAll(async () => t.close());

describe('demo data', () => {
  it('the administrator sees a fault-mode tree, complaints in every state (one from the failed visit) and a report over them', async () => {
    const ep = await demoEnterpriseOf(t, '13800000003');
    const admin = await new Client(t.app).login('13800000003', 'demo1234', ep);
    const tree = await admin.send(F.list, { category: '暖通空调' });
    expect(tree.data.list.filter((n) => n.level === 3)).toHaveLength(3);
    const list = await admin.send(C.list, {});
    expect(list.data.count).toBe(5);
    expect(new Set(list.data.list.map((r) => r.state))).toEqual(new Set([1, 2, 3, 4, 5]));
    expect(list.data.list.some((r) => r.sourceType === 3)).toBe(true);
    expect((await admin.send(C.list, { keyword: list.data.list[0]?.complaintNo })).data.count).toBe(1);
    const closed = list.data.list.find((r) => r.state === 5);
    const d = (await admin.send(C.detail, { id: closed?.id as number })).data;
    expect(d).toMatchObject({ responsibility: '产品质量问题', analysisUnit: '质量部', costTotal: 218000, abilities: ['reopen'] });
    expect(d.log.map((l) => l.action)).toEqual(['创建投诉']);
    expect((await admin.send(C.report, { by: 'responsibility' })).data.total).toBe(5);
    // Each complaint's deadlines run on the clock engine: two clocks each, the response met once accepted, both once resolved.
    const clocks = await rows<{ state: number; type: number; outcome: number; same: boolean }>(
      t.deps.db,
      sql`select c.state, k.type, k.outcome, k.deadline_at = case k.type when 1 then c.response_due_at else c.resolve_due_at end as same
        from complaint_sla_clocks k join complaints c on c.enterprise_id = k.enterprise_id and c.id = k.complaint_id
        where k.enterprise_id = ${ep} order by c.state, k.type`,
    );
    expect(clocks.map((k) => [k.state, k.type, k.outcome])).toEqual([
      [1, 1, 0],
      [1, 2, 0],
      [2, 1, 1],
      [2, 2, 0],
      [3, 1, 1],
      [3, 2, 0],
      [4, 1, 1],
      [4, 2, 1],
      [5, 1, 1],
      [5, 2, 1],
    ]);
    // A running clock's deadline is the complaint's due time (a met one keeps the due time it had).
    expect(clocks.filter((k) => k.outcome === 0).every((k) => k.same)).toBe(true);
    // Repair-sent orders in 待确认, 处理中 and 已完成; exchange orders 已通过 and one waiting for the administrator.
    const repairs = (await admin.send(R.list, {})).data.list;
    expect(repairs.map((r) => r.state).sort()).toEqual([0, 1, 2]);
    const busy = (await admin.send(R.detail, { id: repairs.find((r) => r.state === 1)?.id as number })).data;
    expect(busy).toMatchObject({ warehouseName: '寄修仓', abilities: ['complete', 'cancel'] });
    const ex = (await admin.send(X.list, {})).data.list;
    expect(ex.map((x) => x.state).sort()).toEqual([0, 2]);
    const waiting = (await admin.send(X.detail, { id: ex.find((x) => x.state === 0)?.id as number })).data;
    expect(waiting.abilities).toEqual(['approve', 'reject']);
  });
});
