import { approvalsContract as A, sparesContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { inbound, ledgerMismatches, quantityOf, stockedTeam } from '../spares/spares.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const docState = async (id: number) => Number((await rows(t.deps.db, sql`select state from spare_docs where id = ${id}`))[0]?.state);

describe('spare documents on the engine', () => {
  it('with a flow set, a stock document goes through its steps; the last approval posts the stock, a withdraw releases it', async () => {
    const s = await stockedTeam(t);
    const { tm, k, wh, spare } = s;
    await inbound(s, 10);
    const flow = await tm.admin.client.call(A.flowSave, {
      kind: 'spare_doc',
      name: '出库两级审批',
      docTypes: [7],
      steps: [
        { name: '派单员', mode: 'one', approvers: [{ type: 'user', ids: [tm.dispatcher.id] }] },
        { name: '管理员', mode: 'one', approvers: [{ type: 'user', ids: [tm.admin.id] }] },
      ],
    });
    expect(flow.success).toBe(true);
    const id = (await k.call(C.docSave, { kind: 7, fromWarehouseId: wh, items: [{ spareId: spare, quantity: 3 }] })).data.id as number;
    const todo = await tm.dispatcher.client.call(A.list, { box: 'todo', pageIndex: 0, pageSize: 10 });
    expect(todo.data.list).toMatchObject([{ kind: 'spare_doc', docId: id, docNo: expect.stringMatching(/^CK\d{8}-0001$/), link: `/spareExamine?id=${id}` }]);
    const inst = todo.data.list[0]!.id as number;
    // The keeper filed it: his own approve button answers to the flow, which never lets him decide his own document.
    expect((await k.call(C.docApprove, { id })).message).toBe('不能审批自己提交的单据');
    expect((await tm.dispatcher.client.call(A.approve, { id: inst })).data).toEqual({ state: 0, step: 1 });
    expect(await docState(id)).toBe(1);
    expect(await quantityOf(t.deps.db, tm.ep, wh, spare)).toBe(10);
    // The second step decides through the spare page's own endpoint: the engine ends and the document posts.
    expect((await tm.admin.client.call(C.docApprove, { id })).success).toBe(true);
    expect(await docState(id)).toBe(2);
    expect(await quantityOf(t.deps.db, tm.ep, wh, spare)).toBe(7);
    expect((await tm.admin.client.call(A.detail, { id: inst })).data).toMatchObject({ state: 1 });
    expect(await ledgerMismatches(t.deps.db, tm.ep)).toEqual([]);

    const id2 = (await k.call(C.docSave, { kind: 7, fromWarehouseId: wh, items: [{ spareId: spare, quantity: 5 }] })).data.id as number;
    expect((await k.call(C.docWithdraw, { id: id2 })).success).toBe(true);
    expect(await docState(id2)).toBe(4);
    expect((await rows(t.deps.db, sql`select state from approval_instances where kind = 'spare_doc' and doc_id = ${id2}`))[0]).toEqual({ state: 3 });
    // The reservation is gone: all 7 can leave again.
    const id3 = (await k.call(C.docSave, { kind: 7, fromWarehouseId: wh, items: [{ spareId: spare, quantity: 7 }] })).data.id as number;
    expect(id3).toBeGreaterThan(0);
    // Other kinds (no flow for them) keep the keeper's one-step approval.
    await inbound(s, 1);
    expect(await quantityOf(t.deps.db, tm.ep, wh, spare)).toBe(8);
  });

  it('nobody approves a stock document he filed: the keeper’s own transfer is refused with or without a flow, and nothing moves', async () => {
    const s = await stockedTeam(t);
    const { tm, k, wh, spare } = s;
    await inbound(s, 10);
    const south = (await k.call(C.warehouseSave, { name: '华南仓', kind: 2 })).data.id as number;
    const transfer = async () =>
      (await k.call(C.docSave, { kind: 2, fromWarehouseId: wh, toWarehouseId: south, transferType: 1, items: [{ spareId: spare, quantity: 4 }] })).data
        .id as number;
    // Without a flow: the keeper's one-step approval never covers his own document; another keeper or an administrator decides it.
    const id = await transfer();
    expect((await k.call(C.docDetail, { id })).data.abilities).toEqual(['withdraw']);
    expect(await k.call(C.docApprove, { id })).toMatchObject({ success: false, code: 'APPROVAL_OWN_DOCUMENT', message: '不能审批自己提交的单据' });
    expect((await k.call(C.docReject, { id, note: '不调了' })).message).toBe('不能审批自己提交的单据');
    const answers = await race(10, () => k.call(C.docApprove, { id }));
    expect(tally(answers)).toEqual({ 不能审批自己提交的单据: 10 });
    expect(await docState(id)).toBe(1);
    expect(await quantityOf(t.deps.db, tm.ep, wh, spare)).toBe(10);
    expect(await quantityOf(t.deps.db, tm.ep, south, spare)).toBe(0);
    expect((await tm.admin.client.call(C.docApprove, { id })).success).toBe(true);
    expect(await quantityOf(t.deps.db, tm.ep, south, spare)).toBe(4);
    // With a flow naming the keeper himself: he gets no task and cannot decide; the other administrators do.
    await tm.admin.client.call(A.flowSave, {
      kind: 'spare_doc',
      name: '调拨审批',
      docTypes: [2],
      steps: [{ name: '库管', mode: 'one', approvers: [{ type: 'responsible' }] }],
    });
    const id2 = await transfer();
    expect((await k.call(C.docApprove, { id: id2 })).message).toBe('不能审批自己提交的单据');
    expect((await k.call(A.list, { box: 'todo', pageIndex: 0, pageSize: 10 })).data.count).toBe(0);
    expect(await docState(id2)).toBe(1);
    expect((await tm.admin.client.call(C.docApprove, { id: id2 })).success).toBe(true);
    expect(await quantityOf(t.deps.db, tm.ep, south, spare)).toBe(8);
    expect(await ledgerMismatches(t.deps.db, tm.ep)).toEqual([]);
  });

  it('20 parallel approvals of a stock document in a flow: the engine decides once, the stock leaves once', async () => {
    const s = await stockedTeam(t);
    const { tm, k, wh, spare } = s;
    await inbound(s, 10);
    await tm.admin.client.call(A.flowSave, {
      kind: 'spare_doc',
      name: '出库审批',
      docTypes: [7],
      steps: [{ name: '管理员', mode: 'one', approvers: [{ type: 'user', ids: [tm.admin.id] }] }],
    });
    const id = (await k.call(C.docSave, { kind: 7, fromWarehouseId: wh, items: [{ spareId: spare, quantity: 3 }] })).data.id as number;
    const answers = await race(20, () => tm.admin.client.call(C.docApprove, { id }));
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(await docState(id)).toBe(2);
    expect(await quantityOf(t.deps.db, tm.ep, wh, spare)).toBe(7);
    expect(
      (
        await rows(
          t.deps.db,
          sql`select count(*)::int as n from approval_logs l join approval_instances i on i.id = l.instance_id
      where i.kind = 'spare_doc' and i.doc_id = ${id} and l.action = 'approve'`,
        )
      )[0],
    ).toEqual({ n: 1 });
    expect(await ledgerMismatches(t.deps.db, tm.ep)).toEqual([]);
  });
});
