// Stock counts of serial-tracked spares (units, not just a number), the unit picker, and what the approver sees.
import { sparesContract as C } from '@sk/shared';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/harness';
import { race } from '../../test/race';
import { inbound, ledgerMismatches, quantityOf, stockedTeam, unitMismatches } from './spares.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Stocked = Awaited<ReturnType<typeof stockedTeam>>;

/** A count sheet of one line (the quantity is the number of serials found). */
const countSheet = (s: Stocked, serials: string[], wh = s.wh) =>
  s.k.call(C.docSave, { kind: 5, fromWarehouseId: wh, items: [{ spareId: s.spare, quantity: serials.length, serials }] });

/** serial:placeName:warehouse of every unit of the spare, sorted. */
async function units(s: Stocked) {
  const d = (await s.k.call(C.spareDetail, { id: s.spare })).data;
  return d.units.map((u: { serial: string; placeName: string; warehouseName: string | null }) => `${u.serial}:${u.placeName}:${u.warehouseName ?? ''}`).sort();
}

describe('stock count of a serial-tracked spare', () => {
  it('keeps the units found, marks the missing ones lost in the count, takes unknown serials in; units = counted quantity', async () => {
    const s = await stockedTeam(t, { serialized: true });
    await inbound(s, 3); // NEW-1 … NEW-3
    expect((await s.k.call(C.unitOptions, { warehouseId: s.wh, spareId: s.spare })).data).toEqual({
      serialized: true,
      total: 3,
      units: ['NEW-1', 'NEW-2', 'NEW-3'].map((serial) => ({ serial, held: false })),
    });
    expect((await s.k.call(C.docSave, { kind: 5, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 2, serials: ['NEW-1'] }] })).message).toBe(
      '序列号：备件“压缩机”按序列号管理，请填写2个序列号（已填1个）',
    );
    expect((await countSheet(s, ['NEW-1', 'NEW-1'])).message).toBe('序列号：NEW-1重复');
    const id = (await countSheet(s, [' NEW-1 ', 'NEW-3', 'NEW-7'])).data.id;
    // Nothing moves before approval; the sheet keeps the trimmed serials.
    expect(await units(s)).toEqual(['NEW-1:在库:中心仓', 'NEW-2:在库:中心仓', 'NEW-3:在库:中心仓']);
    expect((await s.k.call(C.docDetail, { id })).data.items).toMatchObject([{ quantity: 3, serials: ['NEW-1', 'NEW-3', 'NEW-7'], serialized: true }]);
    expect((await s.tm.admin.client.call(C.docApprove, { id })).success).toBe(true);
    expect(await units(s)).toEqual(['NEW-1:在库:中心仓', 'NEW-2:盘亏:', 'NEW-3:在库:中心仓', 'NEW-7:在库:中心仓']);
    expect(await quantityOf(t.deps.db, s.tm.ep, s.wh, s.spare)).toBe(3);
    // The unit lost in the count is found by the next one; a count of nothing empties the warehouse.
    const again = (await countSheet(s, ['NEW-1', 'NEW-2', 'NEW-3', 'NEW-7'])).data.id;
    expect((await s.tm.admin.client.call(C.docApprove, { id: again })).success).toBe(true);
    expect(await units(s)).toEqual(['NEW-1:在库:中心仓', 'NEW-2:在库:中心仓', 'NEW-3:在库:中心仓', 'NEW-7:在库:中心仓']);
    const none = (await countSheet(s, [])).data.id;
    expect((await s.tm.admin.client.call(C.docApprove, { id: none })).success).toBe(true);
    expect(await quantityOf(t.deps.db, s.tm.ep, s.wh, s.spare)).toBe(0);
    expect((await units(s)).every((u: string) => u.includes(':盘亏:'))).toBe(true);
    expect(await unitMismatches(t.deps.db, s.tm.ep)).toEqual([]);
    expect(await ledgerMismatches(t.deps.db, s.tm.ep)).toEqual([]);
  });

  it('refuses a serial recorded elsewhere, by name, when filed and when approved; a unit cannot be in two places', async () => {
    const s = await stockedTeam(t, { serialized: true });
    await inbound(s, 2);
    const south = (await s.k.call(C.warehouseSave, { name: '华南仓', kind: 2 })).data.id as number;
    await inbound({ ...s, wh: south }, 1, ['S-1']);
    expect((await countSheet(s, ['NEW-1', 'S-1'])).message).toBe('序列号：S-1在“华南仓”，不能盘入本仓库');
    // Filed while X-5 is unknown; X-5 arrives in 华南仓 before the approval.
    const id = (await countSheet(s, ['NEW-1', 'NEW-2', 'X-5'])).data.id;
    await inbound({ ...s, wh: south }, 1, ['X-5']);
    expect((await s.tm.admin.client.call(C.docApprove, { id })).message).toBe('序列号：X-5在“华南仓”，不能盘入本仓库');
    expect((await s.k.call(C.docDetail, { id })).data.state).toBe(1);
    expect(await units(s)).toEqual(['NEW-1:在库:中心仓', 'NEW-2:在库:中心仓', 'S-1:在库:华南仓', 'X-5:在库:华南仓']);
    // An installed or scrapped unit is elsewhere too.
    const scrap = (await s.k.call(C.docSave, { kind: 4, fromWarehouseId: south, items: [{ spareId: s.spare, quantity: 1, serials: ['S-1'] }] })).data.id;
    await s.tm.admin.client.call(C.docApprove, { id: scrap });
    expect((await countSheet(s, ['NEW-1', 'NEW-2', 'S-1'])).message).toBe('序列号：S-1已报废，不能盘入本仓库');
    expect(await unitMismatches(t.deps.db, s.tm.ep)).toEqual([]);
  });

  it('a unit held by a waiting document must be found (its document is decided first)', async () => {
    const s = await stockedTeam(t, { serialized: true });
    await inbound(s, 3);
    const req = (await s.tm.engineer.client.call(C.docSave, { kind: 1, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 1, serials: ['NEW-1'] }] }))
      .data.id;
    expect((await s.k.call(C.unitOptions, { warehouseId: s.wh, spareId: s.spare })).data.units[0]).toEqual({ serial: 'NEW-1', held: true });
    const id = (await countSheet(s, ['NEW-2', 'NEW-3'])).data.id;
    expect((await s.tm.admin.client.call(C.docApprove, { id })).message).toBe('序列号：NEW-1已被待审批单据占用，未盘到时请先处理这些单据');
    await s.tm.admin.client.call(C.docReject, { id: req });
    expect((await s.tm.admin.client.call(C.docApprove, { id })).success).toBe(true);
    expect(await units(s)).toEqual(['NEW-1:盘亏:', 'NEW-2:在库:中心仓', 'NEW-3:在库:中心仓']);
    expect(await unitMismatches(t.deps.db, s.tm.ep)).toEqual([]);
  });

  it('the unit picker answers another enterprise’s ids with not found and untracked spares with no units', async () => {
    const s = await stockedTeam(t);
    const other = await stockedTeam(t, { serialized: true });
    expect((await s.k.call(C.unitOptions, { warehouseId: s.wh, spareId: s.spare })).data).toEqual({ serialized: false, total: 0, units: [] });
    expect((await s.k.call(C.unitOptions, { warehouseId: other.wh, spareId: s.spare })).code).toBe('NOT_FOUND');
    expect((await s.k.call(C.unitOptions, { warehouseId: s.wh, spareId: other.spare })).code).toBe('NOT_FOUND');
    expect((await s.tm.engineer.client.call(C.unitOptions, { warehouseId: s.wh, spareId: 'x' as unknown as number })).success).toBe(false);
  });

  it('after any sequence of counts, requisitions, returns and decisions the units in each warehouse number its stock', async () => {
    const s = await stockedTeam(t, { serialized: true });
    const eng = s.tm.engineer.client;
    const pool = ['A', 'B', 'C', 'D', 'E', 'F'];
    const own = async () => (await eng.call(C.mine, {})).data.warehouseId as number | null;
    const step = fc.oneof(
      fc.record({ op: fc.constant('count' as const), found: fc.subarray(pool) }),
      fc.record({ op: fc.constant('requisition' as const), pick: fc.subarray(pool, { minLength: 1, maxLength: 2 }) }),
      fc.record({ op: fc.constant('return' as const), pick: fc.subarray(pool, { minLength: 1, maxLength: 2 }) }),
      fc.record({ op: fc.constant('decide' as const), approve: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 8 }), async (steps) => {
        for (const st of steps) {
          if (st.op === 'count') {
            const r = await countSheet(s, st.found);
            if (r.success) await s.tm.admin.client.call(C.docApprove, { id: r.data.id });
          } else if (st.op === 'requisition') {
            await eng.call(C.docSave, { kind: 1, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: st.pick.length, serials: st.pick }] });
          } else if (st.op === 'return' && (await own())) {
            await eng.call(C.docSave, { kind: 8, toWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: st.pick.length, serials: st.pick }] });
          } else if (st.op === 'decide') {
            const waiting = (await s.k.call(C.docList, { state: 1 })).data.list.filter((d: { kind: number }) => d.kind !== 5);
            for (const d of waiting) await s.tm.admin.client.call(st.approve ? C.docApprove : C.docReject, { id: d.id });
          }
        }
        expect(await unitMismatches(t.deps.db, s.tm.ep)).toEqual([]);
        expect(await ledgerMismatches(t.deps.db, s.tm.ep)).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });
});

describe('a count racing the documents that take units out', () => {
  it('approved while requisitions of the same units are filed: each unit ends in exactly one place, units number the stock', async () => {
    const s = await stockedTeam(t, { serialized: true });
    await inbound(s, 6); // NEW-1 … NEW-6; the count finds NEW-1 … NEW-3
    const count = (await countSheet(s, ['NEW-1', 'NEW-2', 'NEW-3'])).data.id;
    const eng = s.tm.engineer.client;
    const answers = await race(7, (i) =>
      i === 0
        ? s.tm.admin.client.call(C.docApprove, { id: count })
        : eng.call(C.docSave, { kind: 1, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 1, serials: [`NEW-${i}`] }] }),
    );
    const [approval, ...filed] = answers as [(typeof answers)[number], ...typeof answers];
    // Whatever the order: a requisition of a unit the count lost was refused, or the count was refused for a held unit.
    if (approval.success) for (const i of [4, 5, 6]) expect((filed[i - 1] as { success: boolean }).success).toBe(false);
    else expect(approval.message).toMatch(/已被待审批单据占用|少于待审批单据已预留/);
    const db = t.deps.db;
    expect(await unitMismatches(db, s.tm.ep)).toEqual([]);
    expect(await ledgerMismatches(db, s.tm.ep)).toEqual([]);
    // What is reserved is what the waiting requisitions hold, unit for unit.
    const [held] = await rows<{ reserved: number; units: number; waiting: number }>(
      db,
      sql`select (select reserved from stocks where enterprise_id = ${s.tm.ep} and warehouse_id = ${s.wh} and spare_id = ${s.spare}) as reserved,
        (select count(*)::int from spare_units where enterprise_id = ${s.tm.ep} and doc_id is not null and place = 1 and warehouse_id = ${s.wh}) as units,
        (select count(*)::int from spare_docs where enterprise_id = ${s.tm.ep} and kind = 1 and state = 1) as waiting`,
    );
    expect(held).toEqual({ reserved: held?.waiting, units: held?.waiting, waiting: filed.filter((a) => a.success).length });
  });
});

describe('the approval page', () => {
  it('shows what is available: on hand less what other documents reserve, this document’s own reservation counted as its own', async () => {
    const s = await stockedTeam(t);
    await inbound(s, 5);
    const eng = s.tm.engineer.client;
    const first = (await eng.call(C.docSave, { kind: 1, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 2 }] })).data.id;
    await eng.call(C.docSave, { kind: 1, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 1 }] });
    expect((await s.k.call(C.docDetail, { id: first })).data.items).toMatchObject([{ quantity: 2, stock: 5, reserved: 1, available: 4 }]);
    expect((await s.tm.admin.client.call(C.docApprove, { id: first })).success).toBe(true);
    // Approved, it holds nothing: what is left for others.
    expect((await s.k.call(C.docDetail, { id: first })).data.items).toMatchObject([{ stock: 3, reserved: 1, available: 2 }]);
    // A count reserves nothing: the approver sees what waiting documents hold.
    const count = (await countSheet(s, [])).data.id;
    expect((await s.k.call(C.docSave, { kind: 5, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 4 }] })).success).toBe(true);
    expect((await s.k.call(C.docDetail, { id: count })).data.items).toMatchObject([{ quantity: 0, stock: 3, reserved: 1, available: 2 }]);
  });
});
