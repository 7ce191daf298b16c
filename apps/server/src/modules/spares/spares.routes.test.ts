import { badgeCountContract as B, fieldInput, goodsContract as G, sparesContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { race, tally, behindLock } from '../../test/race';
import { createTestApp, type TestApp } from '../../test/harness';
import { countOf } from '../customers/test-helpers';
import { saveField } from '../forms/fields.service';
import { productIn } from '../dispatch/dispatch.fixtures';
import { orderIn, orderRow, team } from '../orders/actions.fixtures';
import { runDigest } from '../subscriptions/digest';
import { productContract } from '@sk/shared';
import { subscriptionsContract as SUB } from '@sk/shared';
import { inbound, ledgerMismatches, quantityOf, serialsUpTo, stockedTeam, unitMismatches } from './spares.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const stocked = (o: Parameters<typeof stockedTeam>[1] = {}) => stockedTeam(t, o);

describe('catalogue', () => {
  it('keeps a tree of types, refuses a cycle and deleting a used type', async () => {
    const { keeper } = await team(t);
    const c = keeper.client;
    const root = (await c.call(C.typeSave, { name: '制冷' })).data.id;
    const child = (await c.call(C.typeSave, { name: '压缩机', parentId: root })).data.id;
    expect((await c.call(C.typeSave, { name: '压缩机', parentId: root })).code).toBe('NAME_TAKEN');
    expect((await c.call(C.typeSave, { id: root, name: '制冷', parentId: child })).message).toBe('上级分类：不能移动到自身或其下级分类之下');
    await c.call(C.spareSave, { code: 'A1', name: '压缩机A', typeId: child });
    expect((await c.call(C.typeRemove, { id: root })).message).toBe('该分类下还有子分类或备件，不能删除');
    const tree = (await c.call(C.typeTree)).data;
    expect(tree).toMatchObject([
      { id: root, parentId: null, name: '制冷', spareCount: 0 },
      { id: child, parentId: root, name: '压缩机', spareCount: 1 },
    ]);
  });

  it('a delete that waited for the spare’s first stock says it has stock (not a conflict)', async () => {
    const { tm, k, wh, spare } = await stocked();
    // The first stock row holds the spare (its foreign key's share lock) until it commits.
    const del = await behindLock(
      t.deps.db,
      async (tx) => {
        await tx.execute(sql`insert into stocks (enterprise_id, warehouse_id, spare_id, quantity) values (${tm.ep}, ${wh}, ${spare}, 1)`);
      },
      () => k.call(C.spareRemove, { ids: [spare] }),
    );
    expect(del.message).toBe('备件“压缩机”已有库存或单据，不能删除，可停用');
    expect(await countOf(t.deps.db, 'spares', sql`enterprise_id = ${tm.ep} and id = ${spare}`)).toBe(1);
  });

  it('two types moved under each other at once: one move wins, no cycle', async () => {
    const { keeper } = await team(t);
    const c = keeper.client;
    for (let i = 0; i < 8; i++) {
      const a = (await c.call(C.typeSave, { name: `甲${i}` })).data.id;
      const b = (await c.call(C.typeSave, { name: `乙${i}` })).data.id;
      const answers = await race(2, (k) => c.call(C.typeSave, k ? { id: b, name: `乙${i}`, parentId: a } : { id: a, name: `甲${i}`, parentId: b }));
      expect(tally(answers)).toEqual({ ok: 1, '上级分类：不能移动到自身或其下级分类之下': 1 });
    }
  });

  it('checks the spare-part form kind’s custom fields on save and keeps what the form sends', async () => {
    const a = await team(t);
    const { id: fieldId } = await saveField(
      t.deps.db,
      { enterpriseId: a.ep, userId: a.admin.id, kind: 4 },
      fieldInput.parse({ name: '原厂编号', type: 1, required: true }),
    );
    const c = a.keeper.client;
    const missing = await c.call(C.spareSave, { code: 'C-1', name: '滤芯' });
    expect(missing).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(missing.message).toContain('原厂编号');
    expect(await countOf(t.deps.db, 'spares', sql`enterprise_id = ${a.ep}`)).toBe(0);
    const id = (await c.call(C.spareSave, { code: 'C-1', name: '滤芯', custom: { [fieldId]: 'OEM-7' } })).data.id;
    expect((await rows(t.deps.db, sql`select custom from spares where id = ${id}`))[0]).toEqual({ custom: { [fieldId]: 'OEM-7' } });
  });

  it('saves, lists and shows spares; a taken code, bad input and another enterprise’s id are refused', async () => {
    const a = await team(t);
    const c = a.keeper.client;
    const id = (await c.call(C.spareSave, { code: 'B-100', name: '电路板', model: 'X1', costPrice: 50, salePrice: 88.8, warranty: false })).data.id;
    expect((await c.call(C.spareSave, { code: 'B-100', name: '别的' })).message).toBe('备件编号：该编号已被使用，请更换');
    expect((await c.call(C.spareSave, { code: 'B-101', name: '电路板', salePrice: 1.234 })).message).toBe('销售价：销售价最多两位小数');
    expect((await c.call(C.spareSave, { code: '', name: 'x' })).message).toBe('备件编号：请输入备件编号');
    const list = await c.call(C.spareList, { keyword: '电路' });
    expect(list.data).toMatchObject({
      count: 1,
      list: [{ id, code: 'B-100', name: '电路板', model: 'X1', salePrice: '88.80', warranty: false, totalQuantity: 0 }],
    });
    expect((await c.call(C.spareList, { keyword: 'B-1' })).data.count).toBe(1);
    expect((await c.call(C.spareDetail, { id })).data).toMatchObject({ id, stocks: [] });
    // 05001: the engineer may pick spares but not open their detail.
    expect((await a.engineer.client.call(C.spareDetail, { id })).code).toBe('NO_POWER');
    expect((await a.engineer.client.call(C.spareOptions, { keyword: '电路' })).data).toMatchObject([{ id, code: 'B-100' }]);
    const b = await team(t);
    expect((await b.keeper.client.call(C.spareDetail, { id })).code).toBe('NOT_FOUND');
    expect((await b.keeper.client.call(C.spareSave, { id, code: 'Z', name: '改名' })).code).toBe('NOT_FOUND');
    expect((await c.call(C.spareDetail, { id })).data.name).toBe('电路板');
  });

  it('an engineer warehouse needs its engineer; names are unique', async () => {
    const tm = await team(t);
    const c = tm.keeper.client;
    expect((await c.call(C.warehouseSave, { name: '张工库存', kind: 4 })).message).toBe('工程师：工程师库存请选择所属工程师');
    expect((await c.call(C.warehouseSave, { name: '华东仓', kind: 2 })).success).toBe(true);
    expect((await c.call(C.warehouseSave, { name: '华东仓', kind: 1 })).message).toBe('该仓库名称已存在，或该工程师已有库存仓库');
    expect((await c.call(C.warehouseList, { kind: 2 })).data).toMatchObject({ count: 1, list: [{ name: '华东仓', kind: 2 }] });
    expect((await tm.engineer.client.call(C.warehouseList, {})).code).toBe('NO_POWER');
  });
});

describe('documents and approval', () => {
  it('nothing posts before approval; the approval (not by the keeper who filed it) posts the ledger rows', async () => {
    const s = await stocked();
    const id = (await s.k.call(C.docSave, { kind: 6, toWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 7 }], remark: '采购到货' })).data.id;
    expect(await quantityOf(t.deps.db, s.tm.ep, s.wh, s.spare)).toBe(0);
    expect((await rows(t.deps.db, sql`select 1 from stock_logs where enterprise_id = ${s.tm.ep}`)).length).toBe(0);
    const detail = await s.k.call(C.docDetail, { id });
    // The keeper filed it: he may withdraw it, not decide it; another keeper or an administrator does.
    expect(detail.data).toMatchObject({ kind: 6, state: 1, toWarehouseName: '中心仓', summary: '压缩机×7', abilities: ['withdraw'] });
    expect((await s.tm.admin.client.call(C.docDetail, { id })).data.abilities).toEqual(['approve', 'reject']);
    expect(await s.tm.admin.client.call(C.docApprove, { id, note: '核对无误' })).toMatchObject({ success: true, message: '审批通过' });
    expect(await quantityOf(t.deps.db, s.tm.ep, s.wh, s.spare)).toBe(7);
    const log = await s.k.call(C.logList, { spareId: s.spare });
    expect(log.data).toMatchObject({
      count: 1,
      list: [{ type: 3, typeName: '入库', change: 7, before: 0, after: 7, docKind: 'doc', docId: id, warehouseName: '中心仓' }],
    });
    expect((await s.k.call(C.stockLogList, {})).data.count).toBe(1);
    expect((await s.k.call(C.stockLogList, { type: 7 })).data.count).toBe(0);
    expect((await s.tm.admin.client.call(C.docApprove, { id })).message).toBe('当前状态不允许该操作');
    expect((await s.k.call(C.docDetail, { id })).data.logs.map((l: { action: string }) => l.action)).toEqual(['create', 'approve']);
  });

  it('an engineer requisitions parts into their own stock; only the keeper approves; the badge counts what waits', async () => {
    const s = await stocked();
    await inbound(s, 5);
    const eng = s.tm.engineer.client;
    const id = (await eng.call(C.docSave, { kind: 1, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 2 }] })).data.id;
    // The waiting requisition counts on 备件领用, the list that holds it, and the keeper's home to-do opens that list;
    // 备件申请 (spare-part applications) has nothing waiting.
    expect((await s.k.request('GET', '/spare/data/personalApprovalList?docKinds=1')).data).toBe(1);
    expect((await s.k.request('GET', '/spare/data/personalApprovalList?state=1&model=1&audit_state=0&types=1,2')).data).toBe(0);
    const todo = (await s.k.request('GET', '/waitToDoList')).data as { routerName: string; path: string; count: number }[];
    expect(todo.filter((x) => x.routerName.startsWith('Spare'))).toEqual([expect.objectContaining({ routerName: 'SpareGet', path: '/spareGet', count: 1 })]);
    expect((await eng.request('GET', '/spare/data/personalApprovalList')).data).toBe(0);
    expect((await eng.call(C.docApprove, { id })).code).toBe('NO_POWER');
    expect((await eng.call(C.docDetail, { id })).data.abilities).toEqual(['withdraw']);
    // Another engineer does not see it.
    expect((await s.tm.engineer2.client.call(C.docDetail, { id })).code).toBe('NOT_FOUND');
    expect((await s.tm.admin.client.call(C.docApprove, { id })).success).toBe(true);
    const mine = await eng.call(C.mine, {});
    expect(mine.data).toMatchObject({ count: 1, list: [{ spareId: s.spare, quantity: 2, warehouseKind: 4 }] });
    expect(await quantityOf(t.deps.db, s.tm.ep, s.wh, s.spare)).toBe(3);
    const types = (await s.k.call(C.logList, { spareId: s.spare })).data.list.map((l: { type: number; change: number }) => [l.type, l.change]);
    expect(types).toEqual([
      [7, 2],
      [7, -2],
      [3, 5],
    ]);
    expect((await s.k.request('GET', '/spare/data/personalApprovalList')).data).toBe(0);
  });

  it('filing reserves the stock it takes out; too little available is refused; withdraw and reject release it', async () => {
    const s = await stocked();
    await inbound(s, 2);
    const eng = s.tm.engineer.client;
    expect((await eng.call(C.docSave, { kind: 1, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 3 }] })).message).toBe(
      '库存不足：中心仓的备件“压缩机”现有2，需要3',
    );
    const id = (await eng.call(C.docSave, { kind: 1, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 2 }] })).data.id;
    expect((await s.k.call(C.stockList, { warehouseId: s.wh })).data.list).toMatchObject([{ quantity: 2, reserved: 2, available: 0 }]);
    // Reserved stock is not available to another document, nor to an outgoing movement outside a document.
    expect((await s.k.call(C.docSave, { kind: 7, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 1 }] })).message).toBe(
      '库存不足：中心仓的备件“压缩机”可用0（现有2，已预留2），需要1',
    );
    expect((await s.k.call(C.docSave, { kind: 5, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 1 }] })).success).toBe(true);
    const count = (await s.k.call(C.docList, { kind: 5 })).data.list[0]!.id;
    expect((await s.tm.admin.client.call(C.docApprove, { id: count })).message).toBe('实盘数量1少于待审批单据已预留的2，请先处理这些单据');
    expect(await eng.call(C.docWithdraw, { id })).toMatchObject({ success: true, message: '已撤回' });
    expect((await s.k.call(C.stockList, { warehouseId: s.wh })).data.list).toMatchObject([{ quantity: 2, reserved: 0, available: 2 }]);
    const id2 = (await eng.call(C.docSave, { kind: 1, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 1 }] })).data.id;
    expect((await s.k.call(C.docWithdraw, { id: id2 })).code).toBe('NO_POWER');
    expect(await s.tm.admin.client.call(C.docReject, { id: id2, note: '不需要' })).toMatchObject({ success: true, message: '已驳回' });
    expect((await eng.call(C.docList, { mine: '1' })).data.list.map((d: { state: number }) => d.state)).toEqual([3, 4]);
    expect((await s.k.call(C.stockList, { warehouseId: s.wh })).data.list).toMatchObject([{ quantity: 2, reserved: 0 }]);
    expect(await ledgerMismatches(t.deps.db, s.tm.ep)).toEqual([]);
  });

  it('20 requisitions of 1 at once with 10 available: 10 reserve, 10 are refused; approving them all empties the stock', async () => {
    const s = await stocked();
    await inbound(s, 10);
    const answers = await race(20, () => s.tm.engineer.client.call(C.docSave, { kind: 1, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 1 }] }));
    expect(tally(answers).ok).toBe(10);
    for (const a of answers.filter((x) => !x.success)) expect(a.message).toMatch(/^库存不足：中心仓的备件“压缩机”可用0（现有10，已预留10），需要1$/);
    expect((await s.k.call(C.stockList, { warehouseId: s.wh })).data.list).toMatchObject([{ quantity: 10, reserved: 10, available: 0 }]);
    const ids = answers.filter((a) => a.success).map((a) => a.data.id as number);
    const approvals = await Promise.all(ids.map((id) => s.tm.admin.client.call(C.docApprove, { id })));
    expect(approvals.every((a) => a.success)).toBe(true);
    expect((await s.k.call(C.stockList, { warehouseId: s.wh })).data.list).toMatchObject([{ quantity: 0, reserved: 0, available: 0 }]);
    expect(await ledgerMismatches(t.deps.db, s.tm.ep)).toEqual([]);
  });

  it('checks a document’s input', async () => {
    const s = await stocked();
    const other = await stocked();
    const k = s.k;
    expect((await k.call(C.docSave, { kind: 13, items: [{ spareId: s.spare, quantity: 1 }] })).message).toBe('单据类型：只能是1至12');
    expect((await k.call(C.docSave, { kind: 2, fromWarehouseId: s.wh, toWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 1 }] })).message).toBe(
      '出库仓库和入库仓库不能相同',
    );
    expect((await k.call(C.docSave, { kind: 7, items: [{ spareId: s.spare, quantity: 1 }] })).message).toBe('出库仓库：请选择仓库');
    expect((await k.call(C.docSave, { kind: 7, fromWarehouseId: s.wh, items: [] })).message).toBe('备件明细：请添加备件');
    expect((await k.call(C.docSave, { kind: 7, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 0 }] })).message).toBe('数量：必须大于0');
    expect(
      (
        await k.call(C.docSave, {
          kind: 7,
          fromWarehouseId: s.wh,
          items: [
            { spareId: s.spare, quantity: 1 },
            { spareId: s.spare, quantity: 2 },
          ],
        })
      ).message,
    ).toBe('备件明细：同一备件请合并为一行');
    expect((await k.call(C.docSave, { kind: 7, fromWarehouseId: other.wh, items: [{ spareId: s.spare, quantity: 1 }] })).code).toBe('NOT_FOUND');
    expect((await k.call(C.docSave, { kind: 7, fromWarehouseId: s.wh, items: [{ spareId: other.spare, quantity: 1 }] })).code).toBe('NOT_FOUND');
    // An engineer may requisition but not scrap.
    expect((await s.tm.engineer.client.call(C.docSave, { kind: 4, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 1 }] })).code).toBe('NO_POWER');
    expect((await other.k.call(C.docApprove, { id: 1 })).code).toBe('NOT_FOUND');
  });

  it('a stock count posts the differences; transfers and scraps move stock; the ledger sums to the stock', async () => {
    const s = await stocked();
    await inbound(s, 10);
    const wh2 = (await s.k.call(C.warehouseSave, { name: '华南仓', kind: 2 })).data.id;
    const doc = async (body: Record<string, unknown>) => {
      const id = (await s.k.call(C.docSave, { ...body, items: [{ spareId: s.spare, quantity: body.q }] })).data.id;
      expect((await s.tm.admin.client.call(C.docApprove, { id })).success).toBe(true);
    };
    await doc({ kind: 2, fromWarehouseId: s.wh, toWarehouseId: wh2, transferType: 1, q: 4, logistics: '顺丰速运', trackingNo: 'SF123' });
    await doc({ kind: 4, fromWarehouseId: wh2, q: 1 });
    await doc({ kind: 5, fromWarehouseId: s.wh, q: 5 });
    expect(await quantityOf(t.deps.db, s.tm.ep, s.wh, s.spare)).toBe(5);
    expect(await quantityOf(t.deps.db, s.tm.ep, wh2, s.spare)).toBe(3);
    const types = (await s.k.call(C.logList, { spareId: s.spare })).data.list.map((l: { type: number }) => l.type);
    expect(types).toEqual([10, 11, 5, 5, 3]);
    expect(await ledgerMismatches(t.deps.db, s.tm.ep)).toEqual([]);
  });

  it('order return (16), handover (13), recycle into a waste store (6) and refurbish waste (12) post on approval', async () => {
    const s = await stocked();
    await inbound(s, 5);
    const eng = s.tm.engineer.client;
    const req = (await eng.call(C.docSave, { kind: 1, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 3 }] })).data.id;
    expect((await s.tm.admin.client.call(C.docApprove, { id: req })).success).toBe(true);
    const order = await orderIn(t, s.tm, 4);
    const one = [{ spareId: s.spare, quantity: 1 }];
    expect((await eng.call(C.docSave, { kind: 9, toWarehouseId: s.wh, items: one })).message).toBe('工单：工单退回单请选择工单');
    const ret = (await eng.call(C.docSave, { kind: 9, toWarehouseId: s.wh, orderId: order, items: one })).data.id;
    expect((await eng.call(C.docSave, { kind: 10, items: one })).message).toBe('接收工程师：请选择接收工程师');
    expect((await eng.call(C.docSave, { kind: 10, toUserId: s.tm.engineer.id, items: one })).message).toBe('接收工程师：不能交接给自己');
    expect((await eng.call(C.docSave, { kind: 10, toUserId: (await team(t)).engineer.id, items: one })).code).toBe('NOT_FOUND');
    const hand = (await eng.call(C.docSave, { kind: 10, toUserId: s.tm.engineer2.id, items: one })).data.id;
    const waste = (await s.k.call(C.warehouseSave, { name: '废件仓', kind: 5 })).data.id as number;
    expect((await eng.call(C.docSave, { kind: 11, toWarehouseId: s.wh, items: one })).message).toBe('入库仓库：回收单请选择废件仓');
    const rec = (await eng.call(C.docSave, { kind: 11, toWarehouseId: waste, items: [{ spareId: s.spare, quantity: 2 }] })).data.id;
    expect((await s.k.call(C.docSave, { kind: 2, fromWarehouseId: s.wh, toWarehouseId: waste, items: one })).message).toBe('入库仓库：废件仓只接收回收单');
    expect((await s.k.call(C.docSave, { kind: 12, fromWarehouseId: s.wh, toWarehouseId: waste, items: one })).message).toBe('出库仓库：废件翻新单请选择废件仓');
    // Nothing moved yet: the ledger holds the inbound and the requisition only.
    expect((await s.k.call(C.logList, { spareId: s.spare })).data.count).toBe(3);
    for (const id of [ret, hand, rec]) expect((await s.tm.admin.client.call(C.docApprove, { id })).success).toBe(true);
    expect((await eng.call(C.docSave, { kind: 1, fromWarehouseId: waste, items: one })).message).toBe('出库仓库：废件仓的备件只能报废、盘点或翻新');
    const refurb = (await s.k.call(C.docSave, { kind: 12, fromWarehouseId: waste, toWarehouseId: s.wh, items: one })).data.id;
    expect((await s.tm.admin.client.call(C.docApprove, { id: refurb })).success).toBe(true);
    const mine2 = (await s.tm.engineer2.client.call(C.mine, {})).data;
    expect(mine2.list).toMatchObject([{ spareId: s.spare, quantity: 1 }]);
    expect(await quantityOf(t.deps.db, s.tm.ep, s.wh, s.spare)).toBe(4);
    expect(await quantityOf(t.deps.db, s.tm.ep, waste, s.spare)).toBe(1);
    expect((await eng.call(C.mine, {})).data.list).toMatchObject([{ quantity: 1 }]);
    const log = (await s.k.call(C.logList, { spareId: s.spare })).data.list.map(
      (l: { type: number; typeName: string; change: number }) => `${l.typeName}${l.change}`,
    );
    expect(log.slice(0, 7)).toEqual(['废件翻新1', '废件翻新-1', '回收2', '交接1', '交接-1', '工单退回1', '工单退回-1']);
    expect((await s.k.call(C.logList, { orderId: order })).data.list.map((l: { type: number }) => l.type)).toEqual([16, 16]);
    expect(await ledgerMismatches(t.deps.db, s.tm.ep)).toEqual([]);
  });

  it('20 approvals of one document at once: one posts, the others are refused', async () => {
    const s = await stocked();
    const id = (await s.k.call(C.docSave, { kind: 6, toWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 3 }] })).data.id;
    const answers = await race(20, () => s.tm.admin.client.call(C.docApprove, { id }));
    expect(tally(answers).ok).toBe(1);
    expect(await quantityOf(t.deps.db, s.tm.ep, s.wh, s.spare)).toBe(3);
  });

  it('spare operations are locked on the free plan', async () => {
    const tm = await team(t, 0);
    const r = await tm.admin.client.call(C.docSave, { kind: 6, toWarehouseId: 1, items: [{ spareId: 1, quantity: 1 }] });
    expect(r.code).toBe('PLAN_FREE');
    expect(r.message).toMatch(/^免费版不支持备件操作/);
  });
});

describe('warnings', () => {
  it('lists stock below its safety stock and tells the keeper once', async () => {
    const s = await stocked();
    await inbound(s, 5);
    expect((await s.k.call(C.setSafety, { warehouseId: s.wh, spareId: s.spare, safety: 4 })).success).toBe(true);
    expect((await s.k.call(C.warningList, {})).data.count).toBe(0);
    for (const q of [2, 1]) {
      const id = (await s.k.call(C.docSave, { kind: 7, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: q }] })).data.id;
      await s.tm.admin.client.call(C.docApprove, { id });
    }
    expect((await s.k.call(C.warningList, {})).data).toMatchObject({ count: 1, list: [{ quantity: 2, safety: 4 }] });
    const notes = await rows<{ title: string; content: string }>(
      t.deps.db,
      sql`select title, content from notices where enterprise_id = ${s.tm.ep} and user_id = ${s.tm.keeper.id} and kind = 'spare_warning'`,
    );
    expect(notes).toEqual([{ title: '库存预警', content: '中心仓的备件“压缩机”库存3，低于安全库存' }]);
  });

  it('the 8:00 to-do digest counts the warnings for the warehouse keeper only', async () => {
    const s = await stocked();
    await inbound(s, 5);
    await s.k.call(C.setSafety, { warehouseId: s.wh, spareId: s.spare, safety: 8 });
    for (const who of [s.tm.keeper, s.tm.engineer]) expect((await who.client.call(SUB.updateSubscribeStatus, { type: 1, state: 1 })).success).toBe(true);
    await runDigest(t.deps, 1, s.tm.ep, '2030-03-04');
    const got = await rows<{ user_id: number; content: string }>(
      t.deps.db,
      sql`select user_id::int, content from notices where enterprise_id = ${s.tm.ep} and kind = 'digest_todo' order by user_id`,
    );
    expect(got.find((n) => n.user_id === s.tm.keeper.id)?.content).toContain('低于安全库存的备件：1');
    expect(got.find((n) => n.user_id === s.tm.engineer.id)?.content ?? '').not.toContain('低于安全库存的备件');
  });
});

describe('the warehouse’s badges', () => {
  it('库存预警 counts the stocks below safety in the warehouses the caller keeps, for him only', async () => {
    const s = await stocked();
    await inbound(s, 5);
    const n = (c: typeof s.k) => c.badge(B.spareWarningCount);
    expect(await n(s.k)).toBe(0);
    await s.k.call(C.setSafety, { warehouseId: s.wh, spareId: s.spare, safety: 8 });
    expect([await n(s.k), await n(s.tm.admin.client)]).toEqual([1, 0]);
    const todo = (await s.k.call(B.waitToDoList)).data as { routerName: string; count: number }[];
    expect(todo.find((x) => x.routerName === 'SpareWarning')).toMatchObject({ count: 1 });
    expect(await n(s.tm.employee.client)).toBe('NO_POWER');
  });

  it('旧件返还 counts returns shipped or received (the warehouse’s) and those the caller owes; another enterprise’s none', async () => {
    const s = await stocked();
    const other = await stocked();
    const old = (ep: number, spare: number, state: number, holder: number | null) =>
      t.deps.db.execute(sql`insert into old_part_returns (enterprise_id, spare_id, state, holder_id, due_at)
        values (${ep}, ${spare}, ${state}, ${holder}, now() + interval '7 days')`);
    for (const state of [1, 2, 3, 4, 5]) await old(s.tm.ep, s.spare, state, s.tm.engineer.id);
    await old(other.tm.ep, other.spare, 2, null);
    const n = (c: typeof s.k) => c.badge(B.oldPartTodoCount);
    // The keeper: 已寄出 and 已签收; not the engineer's 待返还 (his to ship).
    expect(await n(s.k)).toBe(2);
    expect(await n(s.tm.admin.client)).toBe(2);
    // One the administrator owes is his to ship.
    await old(s.tm.ep, s.spare, 1, s.tm.admin.id);
    expect([await n(s.k), await n(s.tm.admin.client)]).toEqual([2, 3]);
  });
});

describe('parts on orders', () => {
  /** A product in its model's warranty (1), or lapsed with an extension covering today (3). */
  async function coveredProduct(ep: number, state: 1 | 3): Promise<number> {
    const product = await productIn(t, ep, '空调');
    if (state === 1) await t.deps.db.execute(sql`update installed_products set warranty_end = current_date + 100 where id = ${product}`);
    else
      await t.deps.db.execute(sql`update installed_products set warranty_end = current_date - 100, extended_end = current_date + 265,
        extended_periods = jsonb_build_array(jsonb_build_object('start', to_char(current_date - 99, 'YYYY-MM-DD'), 'end', to_char(current_date + 265, 'YYYY-MM-DD')))
        where id = ${product}`);
    return product;
  }

  async function withEngineerStock(o: { warranty?: boolean; serialized?: boolean } = {}) {
    const s = await stocked(o);
    await inbound(s, 5);
    const eng = s.tm.engineer.client;
    const serials = s.serialized ? serialsUpTo(3) : undefined;
    const id = (await eng.call(C.docSave, { kind: 1, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 3, serials }] })).data.id;
    expect((await s.tm.admin.client.call(C.docApprove, { id })).success).toBe(true);
    return { ...s, eng };
  }

  it('serial-tracked units: one serial per piece, held by a waiting document, moved on approval, installed on the product, back on cancel', async () => {
    const s = await stocked({ serialized: true });
    const k = s.k;
    expect((await k.call(C.docSave, { kind: 6, toWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 2, serials: ['A1'] }] })).message).toBe(
      '序列号：备件“压缩机”按序列号管理，请填写2个序列号（已填1个）',
    );
    expect((await k.call(C.docSave, { kind: 6, toWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 2, serials: ['A1', 'A1'] }] })).message).toBe(
      '序列号：A1重复',
    );
    await inbound(s, 3); // NEW-1 … NEW-3 in the central warehouse
    expect((await k.call(C.docSave, { kind: 6, toWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 1, serials: ['NEW-2'] }] })).message).toBe(
      '序列号：NEW-2已在库存中或已安装',
    );
    const eng = s.tm.engineer.client;
    const req = (await eng.call(C.docSave, { kind: 1, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 1, serials: ['NEW-1'] }] })).data.id;
    expect((await eng.call(C.docSave, { kind: 1, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 1, serials: ['NEW-1'] }] })).message).toBe(
      '序列号：NEW-1不在出库仓库，或已被其他待审批单据占用',
    );
    expect((await eng.call(C.docDetail, { id: req })).data.items).toMatchObject([{ serials: ['NEW-1'] }]);
    // Withdrawn: NEW-1 is free again; filed again and approved: it is in the engineer's stock.
    await eng.call(C.docWithdraw, { id: req });
    const req2 = (await eng.call(C.docSave, { kind: 1, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 1, serials: ['NEW-1'] }] })).data.id;
    expect((await k.call(C.docApprove, { id: req2 })).success).toBe(true);
    const units = async () =>
      (await k.call(C.spareDetail, { id: s.spare })).data.units
        .map((u: { serial: string; placeName: string; warehouseName: string | null }) => `${u.serial}:${u.placeName}:${u.warehouseName ?? ''}`)
        .sort();
    const [own] = await rows<{ name: string }>(t.deps.db, sql`select name from warehouses where enterprise_id = ${s.tm.ep} and owner_id = ${s.tm.engineer.id}`);
    expect(await units()).toEqual([`NEW-1:在库:${own?.name}`, 'NEW-2:在库:中心仓', 'NEW-3:在库:中心仓']);

    const product = await productIn(t, s.tm.ep, '空调');
    await t.deps.db.execute(sql`update installed_products set warranty_end = current_date + 100 where id = ${product}`);
    const order = await orderIn(t, s.tm, 4, { installed_product_id: product });
    expect((await eng.call(C.orderUse, { orderId: order, spareId: s.spare, quantity: 1, serialIn: 'NEW-2', serialOut: 'OLD-9' })).message).toBe(
      '新件序列号：NEW-2不在您的备件库存中（或已被待审批单据占用）',
    );
    const used = await eng.call(C.orderUse, { orderId: order, spareId: s.spare, quantity: 1, serialIn: 'NEW-1', serialOut: 'OLD-9' });
    expect(used.success).toBe(true);
    expect(await units()).toContain('NEW-1:已安装:');
    expect(await units()).toContain('OLD-9:旧件返还:');
    expect((await k.call(C.spareDetail, { id: s.spare })).data.units.find((u: { serial: string }) => u.serial === 'NEW-1')).toMatchObject({
      installedProductId: product,
      orderId: order,
    });
    const history = (await s.tm.admin.client.call(productContract.productionHistory, { id: product })).data.map((h: { title: string }) => h.title);
    expect(history).toEqual(expect.arrayContaining(['在装备件：压缩机（序列号 NEW-1）', '更换备件：压缩机（旧件 OLD-9 → 新件 NEW-1）']));
    expect((await eng.call(C.orderCancel, { id: used.data.id })).success).toBe(true);
    expect(await units()).toContain(`NEW-1:在库:${own?.name}`);
    expect(await units()).toContain('OLD-9:已安装:');
    expect(await ledgerMismatches(t.deps.db, s.tm.ep)).toEqual([]);
  });

  it('under warranty: free, both serials in the ledger, a return obligation that is shipped, received and refurbished', async () => {
    const s = await withEngineerStock({ serialized: true });
    const order = await orderIn(t, s.tm, 4, { installed_product_id: await coveredProduct(s.tm.ep, 1) });
    expect((await s.eng.call(C.orderUse, { orderId: order, spareId: s.spare, quantity: 1 })).message).toBe('备件“压缩机”按序列号管理，请填写新件和旧件序列号');
    const used = await s.eng.call(C.orderUse, { orderId: order, spareId: s.spare, quantity: 1, serialIn: 'NEW-1', serialOut: 'OLD-1' });
    expect(used.data).toMatchObject({ chargeable: false });
    const parts = (await s.eng.call(C.orderParts, { orderId: order })).data;
    expect(parts).toMatchObject([{ serialIn: 'NEW-1', serialOut: 'OLD-1', chargeable: false, price: '0.00', state: 1 }]);
    const log = (await s.k.call(C.logList, { orderId: order })).data.list;
    expect(log).toMatchObject([{ type: 1, change: -1, serialIn: 'NEW-1', serialOut: 'OLD-1' }]);

    const oldId = used.data.oldPartId;
    const ret = (await s.k.call(C.oldDetail, { id: oldId })).data;
    expect(ret).toMatchObject({ state: 1, returnType: 1, serial: 'OLD-1', overdue: false, abilities: ['ship'] });
    expect((await s.k.call(C.oldSearch, { serial: 'OLD-1' })).data).toHaveLength(1);
    expect((await s.k.call(C.oldSave, { id: oldId, action: 'ship' })).message).toBe('寄出旧件请填写物流公司和物流单号');
    expect((await s.k.call(C.oldSave, { id: oldId, action: 'receive', warehouseId: s.wh })).message).toBe('当前状态不允许该操作');
    expect((await s.k.call(C.oldSave, { id: oldId, action: 'ship', logistics: '顺丰速运', trackingNo: 'SF1' })).success).toBe(true);
    expect((await s.k.call(C.oldSave, { id: oldId, action: 'receive', warehouseId: s.wh })).success).toBe(true);
    expect((await s.k.call(C.oldSave, { id: oldId, action: 'refurbish' })).success).toBe(true);
    expect(await quantityOf(t.deps.db, s.tm.ep, s.wh, s.spare)).toBe(3);
    expect((await s.k.call(C.oldList, { state: 4 })).data.count).toBe(1);
    expect(await ledgerMismatches(t.deps.db, s.tm.ep)).toEqual([]);
  });

  it('cancelling a part whose old part was shipped while the cancel waited is refused; the return stays', async () => {
    const s = await withEngineerStock({ serialized: false });
    const order = await orderIn(t, s.tm, 4, { installed_product_id: await coveredProduct(s.tm.ep, 1) });
    const used = await s.eng.call(C.orderUse, { orderId: order, spareId: s.spare, quantity: 1 });
    const oldId = used.data.oldPartId;
    expect(oldId).toBeTruthy();
    // 寄出 of the old part holds its return row (moved to 2) while the cancel of the part waits for it.
    const cancel = await behindLock(
      t.deps.db,
      async (tx) => {
        await tx.execute(
          sql`update old_part_returns set state = 2, logistics = '顺丰速运', tracking_no = 'SF1' where enterprise_id = ${s.tm.ep} and id = ${oldId}`,
        );
      },
      () => s.eng.call(C.orderCancel, { id: used.data.id }),
    );
    expect(cancel.message).toBe('旧件已在返还流程中，不能取消');
    const [part] = await rows<{ state: number }>(t.deps.db, sql`select state from order_parts where enterprise_id = ${s.tm.ep} and id = ${used.data.id}`);
    expect(part?.state).toBe(1);
    expect((await s.k.call(C.oldDetail, { id: oldId })).data).toMatchObject({ state: 2 });
    expect(await ledgerMismatches(t.deps.db, s.tm.ep)).toEqual([]);
  });

  it('under an extended warranty (延保: the model’s warranty lapsed, an extension covers the order’s day) the part is free like in warranty', async () => {
    const s = await withEngineerStock({ serialized: false });
    const order = await orderIn(t, s.tm, 4, { installed_product_id: await coveredProduct(s.tm.ep, 3) });
    const used = await s.eng.call(C.orderUse, { orderId: order, spareId: s.spare, quantity: 1 });
    expect(used.data).toMatchObject({ chargeable: false });
    expect(Number((await orderRow(t, s.tm.ep, order)).spare_amount)).toBe(0);
  });

  it('out of warranty: charged into the order’s fees; cancelling puts it back and takes the charge off', async () => {
    const s = await withEngineerStock({ serialized: false });
    const order = await orderIn(t, s.tm, 4);
    const used = await s.eng.call(C.orderUse, { orderId: order, spareId: s.spare, quantity: 2 });
    expect(used.data).toMatchObject({ chargeable: true, oldPartId: null });
    expect(Number((await orderRow(t, s.tm.ep, order)).spare_amount)).toBe(241);
    expect(Number((await orderRow(t, s.tm.ep, order)).receivable_amount)).toBeGreaterThanOrEqual(241);
    // Saving the fees form afterwards keeps the parts' amount, whatever the form sends.
    expect((await s.tm.admin.client.post('/v2/order/fees/save', { orderId: order, spareAmount: 0, otherAmount: 10 })).success).toBe(true);
    expect(Number((await orderRow(t, s.tm.ep, order)).spare_amount)).toBe(241);
    expect((await s.eng.call(C.mine, {})).data.list[0]!.quantity).toBe(1);
    expect((await s.eng.call(C.orderUse, { orderId: order, spareId: s.spare, quantity: 2 })).message).toMatch(/^库存不足/);
    expect(await s.eng.call(C.orderCancel, { id: used.data.id })).toMatchObject({ success: true, message: '已取消' });
    expect((await s.eng.call(C.orderCancel, { id: used.data.id })).message).toBe('该备件记录已取消');
    expect(Number((await orderRow(t, s.tm.ep, order)).spare_amount)).toBe(0);
    expect((await s.eng.call(C.mine, {})).data.list[0]!.quantity).toBe(3);
    const types = (await s.k.call(C.logList, { orderId: order })).data.list.map((l: { type: number }) => l.type);
    expect(types).toEqual([2, 1]);
  });

  it('refuses an order that is not in service or not the engineer’s', async () => {
    const s = await withEngineerStock();
    const done = await orderIn(t, s.tm, 5);
    expect((await s.eng.call(C.orderUse, { orderId: done, spareId: s.spare, quantity: 1 })).message).toBe('工单在待服务或服务中时才能登记备件');
    const other = await stocked();
    const foreign = await orderIn(t, other.tm, 4);
    expect((await s.eng.call(C.orderUse, { orderId: foreign, spareId: s.spare, quantity: 1 })).code).toBe('NOT_FOUND');
  });
});

describe('spare-part applications and outbound orders', () => {
  it('applied, approved with a warehouse, shipped (stock leaves), signed (into the applicant’s stock); the badge counts it', async () => {
    const s = await stocked();
    await inbound(s, 5);
    const applicant = s.tm.admin.client;
    const id = (await applicant.call(G.apply, { address: '上海市浦东新区', items: [{ spareId: s.spare, quantity: 2 }] })).data.id;
    expect((await s.k.request('GET', '/spare/data/personalApprovalList')).data).toBe(1);
    expect((await s.tm.engineer.client.call(G.apply, { items: [{ spareId: s.spare, quantity: 1 }] })).code).toBe('NO_POWER');
    expect((await s.k.call(G.step, { id, action: 'approve' })).message).toBe('发货仓库：请选择发货仓库');
    expect((await s.k.call(G.step, { id, action: 'ship', logistics: '顺丰速运', trackingNo: 'SF9' })).message).toBe('当前状态不允许该操作');
    expect((await s.k.call(G.step, { id, action: 'approve', warehouseId: s.wh })).success).toBe(true);
    expect((await s.k.call(C.stockList, { warehouseId: s.wh })).data.list).toMatchObject([{ quantity: 5, reserved: 2, available: 3 }]);
    expect((await s.k.call(G.list, { outbound: '1' })).data).toMatchObject({
      count: 1,
      list: [{ id, state: 3, warehouseName: '中心仓', summary: '压缩机×2' }],
    });
    expect((await s.k.call(G.step, { id, action: 'ship' })).message).toBe('发货请填写物流公司和物流单号');
    expect((await s.k.call(G.step, { id, action: 'ship', logistics: '顺丰速运', trackingNo: 'SF9' })).success).toBe(true);
    expect((await s.k.call(C.stockList, { warehouseId: s.wh })).data.list).toMatchObject([{ quantity: 3, reserved: 0, available: 3 }]);
    expect((await s.k.call(G.step, { id, action: 'cancel' })).message).toBe('当前状态不允许该操作');
    expect((await applicant.call(G.step, { id, action: 'sign' })).success).toBe(true);
    expect((await applicant.call(C.mine, {})).data.list).toMatchObject([{ spareId: s.spare, quantity: 2 }]);
    expect((await applicant.call(G.detail, { id })).data).toMatchObject({ state: 5, trackingNo: 'SF9', abilities: [] });
    expect(await ledgerMismatches(t.deps.db, s.tm.ep)).toEqual([]);
    const other = await team(t);
    expect((await other.keeper.client.call(G.detail, { id })).code).toBe('NOT_FOUND');
  });

  /** An outbound order of `quantity` units of a serial-tracked spare with `units` in the warehouse (NEW-1…), approved to ship from it. */
  async function approvedSerialOrder(units: number, quantity: number) {
    const s = await stocked({ serialized: true });
    await inbound(s, units);
    const a = s.tm.admin.client;
    const id = (await a.call(G.apply, { items: [{ spareId: s.spare, quantity }] })).data.id;
    expect((await s.k.call(G.step, { id, action: 'approve', warehouseId: s.wh })).success).toBe(true);
    return { s, a, id };
  }

  it('an outbound order of a serial-tracked spare ships the serials chosen from its warehouse; signing puts them into the applicant’s stock', async () => {
    const { s, a, id } = await approvedSerialOrder(4, 2);
    // NEW-4 is held by a waiting requisition.
    await s.tm.engineer.client.call(C.docSave, { kind: 1, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 1, serials: ['NEW-4'] }] });
    const ship = (items?: { spareId: number; serials: string[] }[]) =>
      s.k.call(G.step, { id, action: 'ship', logistics: '顺丰速运', trackingNo: 'SF2', items });
    expect((await ship()).message).toBe('序列号：备件“压缩机”按序列号管理，请填写2个序列号（已填0个）');
    expect((await ship([{ spareId: s.spare, serials: ['NEW-1', ' NEW-1 '] }])).message).toBe('序列号：NEW-1重复');
    expect((await ship([{ spareId: s.spare, serials: ['NEW-1', 'NEW-4'] }])).message).toBe('序列号：NEW-4不在发货仓库，或已被待审批单据占用');
    expect((await ship([{ spareId: s.spare, serials: ['NEW-1', 'X-9'] }])).message).toBe('序列号：X-9不在发货仓库，或已被待审批单据占用');
    expect((await a.call(G.detail, { id })).data).toMatchObject({ state: 3, items: [{ serials: [], serialized: true, stock: 4, reserved: 1, available: 3 }] });
    expect((await ship([{ spareId: s.spare, serials: ['NEW-3', 'NEW-1'] }])).success).toBe(true);
    const places = async () =>
      (await s.k.call(C.spareDetail, { id: s.spare })).data.units
        .map((u: { serial: string; place: number; warehouseName: string | null }) => `${u.serial}:${u.place}:${u.warehouseName ?? ''}`)
        .sort();
    expect(await places()).toEqual(['NEW-1:5:', 'NEW-2:1:中心仓', 'NEW-3:5:', 'NEW-4:1:中心仓']);
    expect((await a.call(G.detail, { id })).data.items).toMatchObject([{ serials: ['NEW-3', 'NEW-1'] }]);
    expect((await a.call(G.step, { id, action: 'sign' })).success).toBe(true);
    const [own] = await rows<{ name: string }>(t.deps.db, sql`select name from warehouses where enterprise_id = ${s.tm.ep} and owner_id = ${s.tm.admin.id}`);
    expect(await places()).toEqual([`NEW-1:1:${own?.name}`, 'NEW-2:1:中心仓', `NEW-3:1:${own?.name}`, 'NEW-4:1:中心仓']);
    expect(await unitMismatches(t.deps.db, s.tm.ep)).toEqual([]);
  });

  it('a shipped serial received back by an inbound document drops its outbound order', async () => {
    const { s, id } = await approvedSerialOrder(2, 1);
    expect(
      (await s.k.call(G.step, { id, action: 'ship', logistics: '顺丰速运', trackingNo: 'SF3', items: [{ spareId: s.spare, serials: ['NEW-1'] }] })).success,
    ).toBe(true);
    const unit = async () =>
      (
        await rows<{ place: number; goods_order_id: number | null }>(
          t.deps.db,
          sql`select place, goods_order_id from spare_units where enterprise_id = ${s.tm.ep} and serial = 'NEW-1'`,
        )
      )[0];
    expect(await unit()).toMatchObject({ place: 5, goods_order_id: id });
    await inbound(s, 1, ['NEW-1']);
    expect(await unit()).toMatchObject({ place: 1, goods_order_id: null });
  });

  it('an approved application reserves its parts in the shipping warehouse; cancelling it releases them', async () => {
    const s = await stocked();
    await inbound(s, 3);
    const a = s.tm.admin.client;
    const id = (await a.call(G.apply, { items: [{ spareId: s.spare, quantity: 3 }] })).data.id;
    const id2 = (await a.call(G.apply, { items: [{ spareId: s.spare, quantity: 1 }] })).data.id;
    expect((await s.k.call(G.step, { id, action: 'approve', warehouseId: s.wh })).success).toBe(true);
    expect((await s.k.call(G.step, { id: id2, action: 'approve', warehouseId: s.wh })).message).toBe(
      '库存不足：中心仓的备件“压缩机”可用0（现有3，已预留3），需要1',
    );
    expect((await a.call(G.detail, { id: id2 })).data.state).toBe(2);
    expect((await a.call(G.step, { id, action: 'cancel' })).success).toBe(true);
    expect((await s.k.call(C.stockList, { warehouseId: s.wh })).data.list).toMatchObject([{ quantity: 3, reserved: 0 }]);
    expect((await s.k.call(G.step, { id: id2, action: 'approve', warehouseId: s.wh })).success).toBe(true);
  });
});
