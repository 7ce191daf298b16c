import { orderActionsContract as A, orderContract as K, orderDetailContract as D, sparesContract as C } from '@sk/shared';
import { getTableColumns, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { statementsOf } from '../../test/request-statements';
import { keepRequestStatements, onRequestStatements } from '../../db/statements';
import { afterCommitSettled } from '../../db/after-commit';
import { gramsOf, gramsWithSql } from '../../platform/search';
import { registerStateHook } from '../../platform/state';
import type { TestApp } from '../../test/harness';
import { newCustomer } from '../customers/test-helpers';
import { inbound, stockedTeam } from '../spares/spares.fixtures';
import { orderIn, type Team, withTeamApp } from './actions.fixtures';
import { orders } from '../../db/schema/index';
import { DETAIL_KEYS } from './detail.repo';

// Statements per request (db/statements.ts): a ceiling per kind of request, so a change that adds round trips to the hot
// writes fails here (docs/platform.md "How writes are built"). Before this work: create 31, accept 15, cancel 14, detail 10.

const assignedNoticeCount = async (orderId: number) =>
  (
    await rows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from notices where enterprise_id = ${tm.ep} and kind = 'order_assigned' and link = ${`/allOrder/orderDetail/${orderId}`}`,
    )
  )[0]?.n;

let t: TestApp;
let tm: Team;
withTeamApp((app, made) => ([t, tm] = [app, made]));

describe('statements per request', () => {
  it('order create: at most 5 (session, begin, every check’s read, the insert with its number, rows, log and the hooks’ probes, commit)', async () => {
    const customer = await newCustomer(tm.admin.client);
    await tm.admin.client.send(K.add, { customerId: customer, title: '预热' });
    expect(await statementsOf(() => tm.admin.client.send(K.add, { customerId: customer, title: '空调不制冷' }))).toBeLessThanOrEqual(5);
    // Naming a contact, an address, people, a service team and tags adds checks to the one read, not round trips.
    const [k] = await rows<{ contact: number; address: number }>(
      t.deps.db,
      sql`select (select id from customer_contacts where customer_id = ${customer} limit 1) as contact,
        (select id from customer_addresses where customer_id = ${customer} limit 1) as address`,
    );
    const [tag] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into tags (enterprise_id, code, name, color_rgb) values (${tm.ep}, 3, '加急', '#ff0000') returning id`,
    );
    const [group] = await rows<{ id: number }>(t.deps.db, sql`insert into service_groups (enterprise_id, name) values (${tm.ep}, '一组') returning id`);
    const named = {
      customerId: customer,
      title: '热水器漏水',
      contactId: Number(k?.contact),
      addressId: Number(k?.address),
      coordinationUserId: [tm.engineer2.id],
      duplicateUserId: [tm.dispatcher.id],
      serviceGroupId: Number(group?.id),
      orderLabel: [Number(tag?.id)],
    };
    let made = 0;
    expect(
      await statementsOf(async () => {
        const r = await tm.admin.client.send(K.add, named);
        made = Number(r.data?.id);
        return r;
      }),
    ).toBeLessThanOrEqual(5);
    const [o] = await rows<{
      order_no: string;
      search_grams: string[];
      people: number;
      tags: number;
      logs: number;
      custom_link_person: string;
      full_address: string;
    }>(
      t.deps.db,
      sql`select o.order_no, o.search_grams, o.custom_link_person, o.full_address,
        (select count(*)::int from order_people where order_id = o.id) as people,
        (select count(*)::int from tag_links where obj_type = 3 and obj_id = o.id) as tags,
        (select count(*)::int from order_logs where order_id = o.id and action = 'create') as logs
        from orders o where o.enterprise_id = ${tm.ep} and o.id = ${made}`,
    );
    expect([o?.people, o?.tags, o?.logs]).toEqual([2, 1, 1]);
    // The number's grams, made by the insert in SQL, with the others: the same set gramsOf gives.
    const [c] = await rows<{ name: string; phone: string }>(t.deps.db, sql`select name, phone from customer_contacts where id = ${k?.contact}`);
    const [cu] = await rows<{ name: string }>(t.deps.db, sql`select name from customers where id = ${customer}`);
    const want = gramsOf('热水器漏水', o?.order_no, cu?.name, c?.name, c?.phone, o?.full_address);
    expect([...(o?.search_grams ?? [])].sort()).toEqual([...want].sort());
  });

  it('the insert’s grams equal gramsOf for any number text (upper case, spaces, Chinese prefix)', async () => {
    for (const text of ['GD20261124-0001', '工单 AB12-99999', 'Ｘ　y', 'a']) {
      const [r] = await rows<{ g: string[] }>(t.deps.db, sql`select ${gramsWithSql(gramsOf('已有'), sql`${text}::text`)} as g`);
      expect([...(r?.g ?? [])].sort()).toEqual([...new Set([...gramsOf('已有'), ...gramsOf(text)])].sort());
    }
  });

  it('order actions: at most 5 each (session, begin, the locked row, update with log and probes, commit)', async () => {
    const id = await orderIn(t, tm, 2);
    expect(await statementsOf(() => tm.engineer.client.send(A.accept, { orderId: id }))).toBeLessThanOrEqual(5);
    expect(await statementsOf(() => tm.engineer.client.send(A.startService, { orderId: id }))).toBeLessThanOrEqual(5);
    const other = await orderIn(t, tm, 3);
    expect(await statementsOf(() => tm.dispatcher.client.send(A.cancel, { orderId: other, reason: '客户取消' }))).toBeLessThanOrEqual(5);
  });

  it('派单: at most 6 (session, begin, the locked row, the engineer’s check, update with log and probes, commit)', async () => {
    const id = await orderIn(t, tm, 1);
    const send = { orderId: id, expectedState: 1, serviceUserId: tm.engineer.id };
    expect(await statementsOf(() => tm.dispatcher.client.send(A.dispatch, send))).toBeLessThanOrEqual(6);
  });

  it('a hook runs exactly when its probe, asked in the update itself, says it has work', async () => {
    const ran: number[] = [];
    const off = registerStateHook('order', 'cancel', {
      probe: () => sql`u.title = '要做'`,
      after: async (h) => {
        ran.push(h.id);
        return undefined;
      },
    });
    try {
      const yes = await orderIn(t, tm, 3, { title: '要做' });
      const no = await orderIn(t, tm, 3, { title: '不做' });
      const withWork = await statementsOf(() => tm.dispatcher.client.send(A.cancel, { orderId: yes, reason: '客户取消' }));
      const without = await statementsOf(() => tm.dispatcher.client.send(A.cancel, { orderId: no, reason: '客户取消' }));
      expect(ran).toEqual([yes]);
      expect(withWork).toBe(without);
    } finally {
      off();
    }
  });

  it('kept statements (the bench’s replay) are the request’s own, as counted: not the assignment notice written after commit', async () => {
    const id = await orderIn(t, tm, 1);
    const heard: { statements: number; sent?: unknown[][] }[] = [];
    const stopKeeping = keepRequestStatements();
    const stopHearing = onRequestStatements((r) => heard.push(r));
    try {
      const r = await tm.dispatcher.client.send(A.dispatch, { orderId: id, expectedState: 1, serviceUserId: tm.engineer.id });
      expect(r.success, r.message).toBe(true);
      await afterCommitSettled();
    } finally {
      stopHearing();
      stopKeeping();
    }
    expect(heard).toHaveLength(1);
    const texts = (heard[0]?.sent ?? []).map((args) => {
      const q = args[0] as string | { text: string };
      return (typeof q === 'string' ? q : q.text).trim().toLowerCase();
    });
    expect(texts).toHaveLength(heard[0]?.statements ?? -1);
    expect(texts[1]).toBe('begin');
    expect(texts.at(-1)).toBe('commit');
    // The notice to the engineer is written after commit, outside the request.
    expect(await assignedNoticeCount(id)).toBe(1);
    expect(texts.filter((x) => x.includes('notices'))).toEqual([]);
    // Kept without the pool's callback, so each can be sent again as it is.
    expect((heard[0]?.sent ?? []).flat().some((a) => typeof a === 'function')).toBe(false);
    // Off again: a request keeps nothing.
    const later: { sent?: unknown[][] }[] = [];
    const stop = onRequestStatements((r) => later.push(r));
    try {
      await tm.admin.client.send(D.orderDetail, { orderId: id });
    } finally {
      stop();
    }
    expect(later[0]?.sent).toBeUndefined();
  });

  it('order detail: at most 2 (session; the row with the reader’s parts and everything else in one statement), however much the order has', async () => {
    const id = await orderIn(t, tm, 2);
    expect(await statementsOf(() => tm.admin.client.send(D.orderDetail, { orderId: id }))).toBeLessThanOrEqual(2);
    // Tags, collaborators, copied people, a service team: still one statement for them all.
    const customer = await newCustomer(tm.admin.client);
    const [tag] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into tags (enterprise_id, code, name, color_rgb) values (${tm.ep}, 3, '回访', '#00ff00') returning id`,
    );
    const made = await tm.admin.client.send(K.add, {
      customerId: customer,
      title: '门锁故障',
      coordinationUserId: [tm.engineer2.id],
      duplicateUserId: [tm.desk.id],
      orderLabel: [Number(tag?.id)],
    });
    let detail: { people: { part: string; userId: number; name: string }[]; tags: { name: string }[] } | undefined;
    expect(
      await statementsOf(async () => {
        const r = await tm.engineer2.client.send(D.orderDetail, { orderId: Number(made.data?.id) });
        detail = r.data as never;
        return r;
      }),
    ).toBeLessThanOrEqual(2);
    expect(detail?.tags.map((x) => x.name)).toEqual(['回访']);
    expect(detail?.people.map((p) => [p.part, p.userId])).toEqual([
      ['creator', tm.admin.id],
      ['collaborator', tm.engineer2.id],
      ['copied', tm.desk.id],
    ]);
    const names = await rows<{ id: number; name: string }>(
      t.deps.db,
      sql`select id, name from users where enterprise_id = ${tm.ep} and id = any(${`{${[tm.admin.id, tm.engineer2.id, tm.desk.id].join(',')}}`}::bigint[])`,
    );
    const nameOf = new Map(names.map((u) => [Number(u.id), u.name]));
    expect(detail?.people.map((p) => p.name)).toEqual([tm.admin.id, tm.engineer2.id, tm.desk.id].map((i) => nameOf.get(i)));
  });

  it('the detail’s own columns share the row’s statement: none is named like a column of orders', () => {
    const columns = new Set(Object.values(getTableColumns(orders)).map((c) => c.name));
    expect(DETAIL_KEYS.filter((k) => columns.has(k))).toEqual([]);
  });

  it('an event action (assign) and a stock document action (approve) stay within their ceilings', async () => {
    const created = await tm.admin.client.post('/v2/event/add', { title: '打印机卡纸' });
    const eventId = Number(created.data.id);
    expect(await statementsOf(() => tm.admin.client.post('/v2/event/assign', { id: eventId, principalId: tm.engineer.id }))).toBeLessThanOrEqual(5);
    const s = await stockedTeam(t);
    await inbound(s, 5);
    const doc = Number((await s.k.call(C.docSave, { kind: 6, toWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 2 }] })).data.id);
    expect(await statementsOf(() => s.tm.admin.client.call(C.docApprove, { id: doc }))).toBeLessThanOrEqual(6);
  });
});
