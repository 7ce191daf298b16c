import { orgContract as C, teamContract as T } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { addHandoverStep } from './handover';
import { adminAndWorker } from './org.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A leaving engineer who leads one group and belongs to two; a colleague who takes over. */
async function leaving() {
  const o = await adminAndWorker(t);
  const from = await makeUser(t.deps.db, o.enterpriseId, { roles: [2], name: '离职者' });
  const to = await makeUser(t.deps.db, o.enterpriseId, { roles: [2], name: '接手人' });
  const g1 = (await o.admin.call(T.groupCreate, { name: '一组', leaderId: from.id, memberIds: [o.workerId] })).data.id;
  const g2 = (await o.admin.call(T.groupCreate, { name: '二组', memberIds: [from.id, to.id] })).data.id;
  return { ...o, from: from.id, to: to.id, g1, g2 };
}

const state = async (enterpriseId: number) => ({
  leaders: await rows(t.deps.db, sql`select id, leader_id from service_groups where enterprise_id = ${enterpriseId} order by id`),
  members: await rows(t.deps.db, sql`select group_id, user_id from service_group_members where enterprise_id = ${enterpriseId} order by group_id, user_id`),
});

describe('PUT /user/handover', () => {
  it('moves leadership and memberships to the receiver and answers the count per step', async () => {
    const s = await leaving();
    const r = await s.admin.call(C.handover, { fromUserId: s.from, toUserId: s.to });
    expect(r).toMatchObject({ success: true, message: '交接成功' });
    // Other areas add their own steps; ours are there with their counts.
    const step = (name: string) => r.data.steps.find((x: { name: string }) => x.name === name);
    expect(step('serviceGroupLeader')).toEqual({ name: 'serviceGroupLeader', label: '服务团队负责人', moved: 1 });
    expect(step('serviceGroupMember')).toEqual({ name: 'serviceGroupMember', label: '服务团队成员', moved: 2 });
    expect(r.data.total).toBe(r.data.steps.reduce((n: number, x: { moved: number }) => n + x.moved, 0));
    const g1 = await s.admin.call(T.groupDetail, { id: s.g1 });
    expect(g1.data.leaderId).toBe(s.to);
    expect(g1.data.members.map((m: { id: number }) => m.id).sort()).toEqual([s.workerId, s.to].sort());
    const g2 = await s.admin.call(T.groupDetail, { id: s.g2 });
    expect(g2.data.members.map((m: { id: number }) => m.id)).toEqual([s.to]);
  });

  it('runs every step in one transaction: a failing step leaves nothing moved', async () => {
    const s = await leaving();
    const before = await state(s.enterpriseId);
    let ran = 0;
    const remove = addHandoverStep({
      name: 'failing',
      label: '测试',
      async run() {
        ran++;
        throw new Error('boom');
      },
    });
    try {
      const r = await s.admin.call(C.handover, { fromUserId: s.from, toUserId: s.to });
      expect(r.success).toBe(false);
    } finally {
      remove();
    }
    expect(ran).toBe(1);
    expect(await state(s.enterpriseId)).toEqual(before);
  });

  it('lets later areas register steps that run in the same transaction', async () => {
    const s = await leaving();
    const seen: number[][] = [];
    const remove = addHandoverStep({
      name: 'orders',
      label: '工单',
      async run(tx, enterpriseId, fromId, toId) {
        const [r] = await rows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from service_groups where enterprise_id = ${enterpriseId} and leader_id = ${toId}`,
        );
        seen.push([enterpriseId, fromId, toId, Number(r?.n)]);
        return 7;
      },
    });
    try {
      const r = await s.admin.call(C.handover, { fromUserId: s.from, toUserId: s.to });
      expect(r.data.steps.at(-1)).toEqual({ name: 'orders', label: '工单', moved: 7 });
      expect(r.data.total).toBeGreaterThanOrEqual(10);
    } finally {
      remove();
    }
    // The step saw the leadership already moved: same transaction, in order.
    expect(seen).toEqual([[s.enterpriseId, s.from, s.to, 1]]);
  });

  it('answers NOT_FOUND when either user belongs to another enterprise, moving nothing', async () => {
    const a = await leaving();
    const b = await leaving();
    const before = await state(a.enterpriseId);
    expect((await b.admin.call(C.handover, { fromUserId: a.from, toUserId: b.to })).code).toBe('NOT_FOUND');
    expect((await b.admin.call(C.handover, { fromUserId: b.from, toUserId: a.to })).code).toBe('NOT_FOUND');
    expect(await state(a.enterpriseId)).toEqual(before);
  });

  it('refuses a disabled receiver and the same user on both sides', async () => {
    const s = await leaving();
    await s.admin.call(C.userEnabled, { id: s.to, enabled: false });
    expect((await s.admin.call(C.handover, { fromUserId: s.from, toUserId: s.to })).code).toBe('HANDOVER_TARGET');
    const same = await s.admin.call(C.handover, { fromUserId: s.from, toUserId: s.from });
    expect(same.message).toBe('接收人：交接人与接收人不能是同一人');
    expect((await s.admin.call(C.handover, { fromUserId: s.from })).message).toMatch(/^接收人：/);
  });

  it('works for a user who has already been disabled', async () => {
    const s = await leaving();
    await s.admin.call(C.userEnabled, { id: s.from, enabled: false });
    expect((await s.admin.call(C.handover, { fromUserId: s.from, toUserId: s.to })).data.total).toBeGreaterThanOrEqual(3);
    expect((await s.admin.call(T.groupDetail, { id: s.g1 })).data.leaderId).toBe(s.to);
  });
});
