// 登记备件 offers only what the engineer holds: GET /spare/mine/options, and saving more than held is refused.
import { sparesContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { orderIn, orderRow } from '../orders/actions.fixtures';
import { inbound, ledgerMismatches, quantityOf, serialsUpTo, stockedTeam } from './spares.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A team whose engineer holds `held` of the spare (requisitioned from the central warehouse and approved). */
async function engineerHolding(held: number, o: { serialized?: boolean; warranty?: boolean } = {}) {
  const s = await stockedTeam(t, o);
  await inbound(s, held + 2);
  const eng = s.tm.engineer.client;
  const serials = s.serialized ? serialsUpTo(held) : undefined;
  const id = (await eng.call(C.docSave, { kind: 1, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: held, serials }] })).data.id;
  expect((await s.k.call(C.docApprove, { id })).success).toBe(true);
  return { ...s, eng };
}

async function anotherSpare(s: Awaited<ReturnType<typeof engineerHolding>>, name: string, o: { serialized?: boolean } = {}) {
  const r = await s.k.call(C.spareSave, { code: `Q-${name}-${Date.now()}`, name, salePrice: 35, warranty: false, serialized: o.serialized ?? false });
  return r.data.id as number;
}

describe('GET /spare/mine/options', () => {
  it('offers only the spares the engineer holds, with what is available, the most held first; not the rest of the catalogue', async () => {
    const s = await engineerHolding(2);
    // a second spare he holds 4 of, and a third only in the central warehouse
    const filter = await anotherSpare(s, '滤网');
    await inbound({ ...s, spare: filter }, 6);
    const req = (await s.eng.call(C.docSave, { kind: 1, fromWarehouseId: s.wh, items: [{ spareId: filter, quantity: 4 }] })).data.id;
    await s.k.call(C.docApprove, { id: req });
    const onlyCentral = await anotherSpare(s, '电容');
    await inbound({ ...s, spare: onlyCentral }, 9);

    const r = await s.eng.call(C.mineOptions, {});
    expect(r.success).toBe(true);
    expect(r.data.list.map((x: { name: string; available: number }) => `${x.name}×${x.available}`)).toEqual(['滤网×4', '压缩机×2']);
    expect(r.data.list[1]).toMatchObject({ id: s.spare, serialized: false, serials: [] });
    const [own] = await rows<{ id: number }>(
      t.deps.db,
      sql`select id::int from warehouses where enterprise_id = ${s.tm.ep} and owner_id = ${s.tm.engineer.id}`,
    );
    expect(r.data.warehouseId).toBe(own?.id);
    // the keyword narrows by code or name
    expect((await s.eng.call(C.mineOptions, { keyword: '压缩' })).data.list.map((x: { id: number }) => x.id)).toEqual([s.spare]);

    // what is used up leaves the picker
    const order = await orderIn(t, s.tm, 4);
    expect((await s.eng.call(C.orderUse, { orderId: order, spareId: s.spare, quantity: 2 })).success).toBe(true);
    expect((await s.eng.call(C.mineOptions, {})).data.list.map((x: { name: string }) => x.name)).toEqual(['滤网']);
  });

  it('lists a serial-tracked spare with the serials in his stock, not the ones a waiting document holds', async () => {
    const s = await engineerHolding(3, { serialized: true });
    // a return (退还单) of NEW-2 to the central warehouse waits for approval: NEW-2 is held by it, and reserved
    const back = await s.eng.call(C.docSave, { kind: 8, toWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 1, serials: ['NEW-2'] }] });
    expect(back.success, back.message).toBe(true);
    expect((await s.eng.call(C.mineOptions, {})).data.list).toMatchObject([{ id: s.spare, serialized: true, available: 2, serials: ['NEW-1', 'NEW-3'] }]);
  });

  it('answers an empty list to an engineer without stock, NO_POWER to a role without 我的备件, and nothing of another enterprise', async () => {
    const s = await engineerHolding(2);
    expect((await s.tm.engineer2.client.call(C.mineOptions, {})).data).toEqual({ warehouseId: null, list: [] });
    expect(await s.tm.employee.client.call(C.mineOptions, {})).toMatchObject({ success: false, code: 'NO_POWER' });
    expect((await new Client(t.app).call(C.mineOptions, {})).message).toBe('未登录');
    const other = await stockedTeam(t);
    expect((await other.tm.engineer.client.call(C.mineOptions, {})).data.list).toEqual([]);
    expect(((await s.eng.call(C.mineOptions, { keyword: 'x'.repeat(51) })) as { message: string }).message).toBe('关键字：关键字不能超过50个字');
  });
});

describe('recording more than held', () => {
  it('is refused with what he holds, and writes nothing', async () => {
    const s = await engineerHolding(2);
    const order = await orderIn(t, s.tm, 4);
    const r = await s.eng.call(C.orderUse, { orderId: order, spareId: s.spare, quantity: 3 });
    expect(r).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(r.message).toMatch(/^库存不足：.+的备件“压缩机”现有2，需要3$/);
    expect((await s.eng.call(C.orderParts, { orderId: order })).data).toEqual([]);
    expect(Number((await orderRow(t, s.tm.ep, order)).spare_amount)).toBe(0);
    const [own] = await rows<{ id: number }>(
      t.deps.db,
      sql`select id::int from warehouses where enterprise_id = ${s.tm.ep} and owner_id = ${s.tm.engineer.id}`,
    );
    expect(await quantityOf(t.deps.db, s.tm.ep, own?.id as number, s.spare)).toBe(2);
  });

  it('6 parallel records of 1 with 3 held: 3 go through, 3 are refused, the stock ends at 0 and the fee counts 3', async () => {
    const s = await engineerHolding(3, { warranty: false });
    const order = await orderIn(t, s.tm, 4);
    const answers = await race(6, () => s.eng.post('/spare/order/use', { orderId: order, spareId: s.spare, quantity: 1 }));
    const outcome = tally(answers);
    expect(outcome.ok).toBe(3);
    expect(answers.filter((a) => !a.success).every((a) => /^库存不足/.test(a.message))).toBe(true);
    expect((await s.eng.call(C.mineOptions, {})).data.list).toEqual([]);
    expect(Number((await orderRow(t, s.tm.ep, order)).spare_amount)).toBeCloseTo(3 * 120.5);
    expect(await ledgerMismatches(t.deps.db, s.tm.ep)).toEqual([]);
  });
});
