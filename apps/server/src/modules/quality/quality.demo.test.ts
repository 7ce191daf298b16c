import { complaintContract as C, exchangeContract as X, faultContract as F, repairContract as R } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { seedDemo } from '../../seed';
import { Client } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('demo data', () => {
  it('the administrator sees a fault-mode tree, complaints in every state (one from the failed visit) and a report over them', async () => {
    await seedDemo(t.deps.db, 'demo1234', true);
    const [ep] = await rows<{ id: number }>(
      t.deps.db,
      sql`select e.id from enterprises e join users u on u.enterprise_id = e.id where u.mobile = '13800000003' order by e.id desc limit 1`,
    );
    const admin = await new Client(t.app).login('13800000003', 'demo1234', Number(ep?.id));
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
    // Repair-sent orders in 待确认, 处理中 and 已完成; exchange orders 已通过 and one waiting for the administrator.
    const repairs = (await admin.send(R.list, {})).data.list;
    expect(repairs.map((r) => r.state).sort()).toEqual([0, 1, 2]);
    const busy = (await admin.send(R.detail, { id: repairs.find((r) => r.state === 1)?.id as number })).data;
    expect(busy).toMatchObject({ warehouseName: '寄修仓', abilities: ['complete', 'cancel'] });
    const ex = (await admin.send(X.list, {})).data.list;
    expect(ex.map((x) => x.state).sort()).toEqual([0, 2]);
    const waiting = (await admin.send(X.detail, { id: ex.find((x) => x.state === 0)?.id as number })).data;
    expect(waiting.abilities).toEqual(['approve', 'reject']);
  }, 180_000);
});
