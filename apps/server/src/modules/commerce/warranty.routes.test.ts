import { approvalsContract as A, orderCreateContract as OC, productContract, warrantyExtContract as W } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { type CommerceTeam, commerceTeam, dayFromToday } from './commerce.fixtures';
import { handleCommerceExpiry, COMMERCE_EXPIRY_JOB } from './commerce.jobs';
import { productWarranty } from '../customers/index';

let t: TestApp;
let a: CommerceTeam;
beforeAll(async () => {
  t = await createTestApp();
  a = await commerceTeam(t);
});
afterAll(async () => t.close());

const productRow = async (id: number) =>
  (
    await rows<{ warranty_end: string | null; extended_end: string | null }>(
      t.deps.db,
      sql`select to_char(warranty_end, 'YYYY-MM-DD') as warranty_end, to_char(extended_end, 'YYYY-MM-DD') as extended_end from installed_products where id = ${id}`,
    )
  )[0];
const extState = async (id: number) => (await rows<{ state: number }>(t.deps.db, sql`select state from warranty_extensions where id = ${id}`))[0]?.state;

describe('extended warranty', () => {
  it('starts where the coverage ends; without a flow it is in force at once and the product shows 延保 once the warranty lapses', async () => {
    const s = a.sales.client;
    const inWarranty = await a.product(dayFromToday(10));
    const pre = await s.send(W.preview, { installedProductId: inWarranty, period: 1, unit: 3 });
    expect(pre.data).toMatchObject({ startDate: dayFromToday(11), coverage: { state: 1, end: dayFromToday(10) } });
    const made = await s.send(W.create, { installedProductId: inWarranty, period: 1, unit: 3, priceCents: 99900, remark: '一年延保' });
    expect(made).toMatchObject({ success: true, message: '延保已生效', data: { state: 2 } });
    const d = (await s.send(W.detail, { id: made.data.id })).data;
    expect(d).toMatchObject({ startDate: dayFromToday(11), priceCents: 99900, extNo: expect.stringMatching(/^YB\d{8}-\d{4}$/), abilities: ['cancel'] });
    // Still in the model's warranty today: 在保, with the extension's end kept.
    expect(d.coverage).toMatchObject({ state: 1, extendedEnd: d.endDate });
    // A lapsed product: the extension starts today and the product list shows 延保 (3) with the extension's end.
    const lapsed = await a.product(dayFromToday(-5));
    const e2 = (await s.send(W.create, { installedProductId: lapsed, period: 6, unit: 2, priceCents: 50000 })).data;
    const d2 = (await s.send(W.detail, { id: e2.id })).data;
    expect(d2.startDate).toBe(dayFromToday(0));
    expect(d2.coverage.state).toBe(3);
    const listed = (await s.send(productContract.productionList, { customerId: a.customer, warrantyState: 1 })).data.list;
    expect(listed.find((p) => p.id === lapsed)).toMatchObject({ warrantyState: 3, extendedEnd: d2.endDate });
    // One answer everywhere: the extension's coverage, the product (list and detail) and the order pages' product
    // (新建工单 and 补充信息's picker) name the same state with the same end — the extension's, never the model's lapsed one.
    const answer = { state: d2.coverage.state, end: d2.coverage.end };
    expect(answer).toEqual({ state: 3, end: d2.endDate });
    const one = (x: { warrantyState: number; coverageEnd?: string | null; warrantyEnd?: string | null } | undefined, end: 'coverageEnd' | 'warrantyEnd') => ({
      state: x?.warrantyState,
      end: x?.[end],
    });
    expect(
      one(
        listed.find((p) => p.id === lapsed),
        'coverageEnd',
      ),
    ).toEqual(answer);
    expect(one((await s.send(productContract.productionDetail, { customerProductionId: lapsed })).data, 'coverageEnd')).toEqual(answer);
    const ctx = (await a.admin.client.send(OC.customerContext, { customerId: a.customer })).data;
    expect(
      one(
        ctx.products.find((p) => p.id === lapsed),
        'warrantyEnd',
      ),
    ).toEqual(answer);
    // The one function every place asks (customers' productWarranty) says the same today.
    const answerOf = async (id: number) => (await productWarranty(t.deps.db, a.ep, id, { tz: 'Asia/Shanghai' }))?.state;
    expect(await answerOf(lapsed)).toBe(3);
    expect(await answerOf(inWarranty)).toBe(1);
    // 作废: the coverage shrinks back at once; the product is out of warranty again.
    expect((await s.send(W.cancel, { id: e2.id, note: '客户退款' })).data.state).toBe(4);
    expect((await productRow(lapsed))?.extended_end).toBeNull();
    const after = (await s.send(productContract.productionList, { customerId: a.customer, warrantyState: 2 })).data.list;
    expect(after.find((p) => p.id === lapsed)?.warrantyState).toBe(2);
    expect(await answerOf(lapsed)).toBe(2);
    expect((await s.send(W.cancel, { id: e2.id, note: '再次' })).message).toBe('当前状态不允许该操作');
  });

  it('with a flow it waits (one per product, 20 parallel → 1); approval puts it in force; the job expires it; scope, power and input are checked', async () => {
    const flow = await a.admin.client.send(A.flowSave, {
      kind: 'warranty_extension',
      name: '延保审批',
      steps: [{ name: '管理员', mode: 'one', approvers: [{ type: 'user', ids: [a.admin.id] }] }],
    });
    expect(flow.success, flow.message).toBe(true);
    const p = await a.product(dayFromToday(-1));
    const answers = await race(20, () => a.sales.client.send(W.create, { installedProductId: p, period: 30, unit: 1, priceCents: 10000 }));
    expect(tally(answers)).toEqual({ ok: 1, '该设备已有待审批的延保，请等待审批结束': 19 });
    const id = answers.find((x) => x.success)?.data.id as number;
    const d = (await a.sales.client.send(W.detail, { id })).data;
    expect(d).toMatchObject({ state: 1, coverage: { state: 2 } });
    expect((await productRow(p))?.extended_end).toBeNull();
    // Another enterprise and another salesperson: not found, unchanged; a keeper has no power; anonymous, no CSRF.
    const b = await commerceTeam(t);
    expect((await b.admin.client.send(W.detail, { id })).code).toBe('NOT_FOUND');
    expect((await b.admin.client.send(W.cancel, { id, note: '越权' })).code).toBe('NOT_FOUND');
    expect((await a.other.client.send(W.cancel, { id, note: '越权' })).code).toBe('NOT_FOUND');
    expect((await a.other.client.send(W.create, { installedProductId: p, period: 1, unit: 3, priceCents: 1 })).code).toBe('NOT_FOUND');
    expect((await a.keeper.client.send(W.list, {})).code).toBe('NO_POWER');
    expect((await new Client(t.app).send(W.list, {})).message).toBe('未登录');
    expect((await a.sales.client.send(W.cancel, { id, note: 'x' }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await a.sales.client.send(W.create, { installedProductId: p, period: 0, unit: 3, priceCents: 1 })).message).toBe('延保时长：延保时长须大于0');
    expect((await a.sales.client.send(W.create, { installedProductId: p, period: 1, unit: 4, priceCents: 1 })).message).toBe(
      '延保单位：延保单位只能是天、月或年',
    );
    expect(await extState(id)).toBe(1);
    expect((await rows(t.deps.db, sql`select 1 from warranty_extensions where installed_product_id = ${p}`)).length).toBe(1);
    // The approver approves in the engine: in force, and the product is covered (延保) from today.
    const inst = d.approvalId as number;
    expect((await a.admin.client.send(A.approve, { id: inst })).success).toBe(true);
    expect(await extState(id)).toBe(2);
    expect((await a.sales.client.send(W.detail, { id })).data.coverage).toMatchObject({ state: 3, end: dayFromToday(29) });
    // The expiry job: past its last day it is 已过期 and the coverage is gone; a second run changes nothing.
    await t.deps.db.execute(sql`update warranty_extensions set start_date = current_date - 40, end_date = current_date - 2 where id = ${id}`);
    const job = { id: '0', enterpriseId: a.ep, kind: COMMERCE_EXPIRY_JOB, payload: {}, attempts: 1 } as const;
    expect((await handleCommerceExpiry(job, t.deps)).extensions).toBe(1);
    expect(await extState(id)).toBe(3);
    expect((await productRow(p))?.extended_end).toBeNull();
    expect((await handleCommerceExpiry(job, t.deps)).extensions).toBe(0);
    expect((await a.sales.client.send(W.detail, { id })).data.logs.map((l) => l.action)).toEqual(['create', 'approve', 'expire']);
    await a.admin.client.send(A.flowRemove, { id: flow.data.id });
  });

  it("nobody approves the extension he submitted, even as the flow's approver", async () => {
    const flow = await a.admin.client.send(A.flowSave, {
      kind: 'warranty_extension',
      name: '延保审批（管理员）',
      steps: [{ name: '管理员', mode: 'one', approvers: [{ type: 'user', ids: [a.admin.id] }] }],
    });
    expect(flow.success, flow.message).toBe(true);
    const p = await a.product(dayFromToday(-1));
    const made = await a.admin.client.send(W.create, { installedProductId: p, period: 1, unit: 3, priceCents: 50000 });
    expect(made.success, made.message).toBe(true);
    const inst = (await a.admin.client.send(W.detail, { id: made.data.id })).data.approvalId as number;
    expect((await a.admin.client.send(A.approve, { id: inst })).message).toBe('不能审批自己提交的单据');
    expect(await extState(made.data.id)).toBe(1);
    await a.admin.client.send(A.flowRemove, { id: flow.data.id });
  });
});
