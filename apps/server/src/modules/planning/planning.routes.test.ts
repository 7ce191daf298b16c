import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Candidate, orderListContract as L, planningContract as P, scheduleContract as S, settingsContract as ST, tagsContract as TG } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { bigints, textArray } from '../../platform/sql';
import { Client } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { orderIn, orderRow, type Team, team } from '../orders/actions.fixtures';

// A local server speaking AMap's driving-route protocol: every leg is 7.5 km and 20 minutes.
let fake: Server;
const asked: URL[] = [];
let t: TestApp;
let tm: Team;
let other: Team;
beforeAll(async () => {
  fake = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    asked.push(url);
    res.setHeader('content-type', 'application/json');
    if (url.searchParams.get('key') !== 'route-key') res.end(JSON.stringify({ status: '0', info: 'INVALID_USER_KEY' }));
    else res.end(JSON.stringify({ status: '1', info: 'OK', route: { paths: [{ distance: '7500', duration: '1200' }] } }));
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  t = await createTestApp({ ROUTE_AMAP_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v3/direction/driving` });
  tm = await team(t);
  other = await team(t);
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((r) => fake.close(() => r()));
});

const DAY = '2030-03-04';
const at = (hhmm: string) => `${DAY} ${hhmm}:00+08`;
/** People's Square, and points east (+lng) and north (+lat) of it in km. */
const place = (eastKm: number, northKm: number) => ({ latitude: 31.23 + northKm / 111, longitude: 121.47 + eastKm / 95 });

async function profile(userId: number, p: { lat: number; lng: number } | null, skills: string[] = [], extra = sql``) {
  await t.deps.db.execute(
    sql`insert into pool_profiles (enterprise_id, user_id, base_lat, base_lng, skills) values (${tm.ep}, ${userId}, ${p?.lat ?? null}, ${p?.lng ?? null}, ${textArray(skills)})
      on conflict (enterprise_id, user_id) do update set base_lat = excluded.base_lat, base_lng = excluded.base_lng, skills = excluded.skills ${extra}`,
  );
}
const waiting = (eastKm: number, northKm: number, cols: Record<string, unknown> = {}) =>
  orderIn(t, tm, 1, { ...place(eastKm, northKm), full_address: `上海市测试路${eastKm}号`, ...cols });

describe('the usual refusals', () => {
  it('not logged in, no power, bad input, another enterprise’s order', async () => {
    const id = await waiting(1, 1);
    expect((await new Client(t.app).call(P.candidates, { orderId: id })).message).toBe('未登录');
    expect((await tm.employee.client.call(P.candidates, { orderId: id })).message).toBe('您没有该功能的操作权限');
    expect((await tm.dispatcher.client.call(P.candidates, { orderId: id, date: '2030-02-30' })).message).toContain('日期不是有效日期');
    expect((await other.dispatcher.client.call(P.candidates, { orderId: id })).message).toBe('数据不存在或已被删除');
    expect((await other.dispatcher.client.call(P.day, { userId: tm.engineer.id, date: DAY })).message).toBe('数据不存在或已被删除');
    const draft = await other.dispatcher.client.call(P.createDraft, { date: DAY, source: 3, orderIds: [id] });
    expect(draft.message).toBe('数据不存在或已被删除');
    expect((await tm.dispatcher.client.call(P.createDraft, { date: DAY, source: 3 })).message).toBe('工单：请选择工单');
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 1, version: 0 });
  });
});

describe('candidates for an order', () => {
  it('grades by travel from where he will be, load and skills, excludes by the hard rules, with reasons', async () => {
    await profile(tm.engineer.id, { lat: place(0, 0).latitude, lng: place(0, 0).longitude }, ['空调']);
    await profile(tm.engineer2.id, { lat: place(-20, -15).latitude, lng: place(-20, -15).longitude });
    // The far engineer has a visit at 09:00 right next to the order: from there he is the nearer one after it.
    await orderIn(t, tm, 3, { service_user_id: tm.engineer2.id, appointment_at: at('09:00'), ...place(10.5, 10) });
    const id = await waiting(10, 10);
    const r = await tm.dispatcher.client.call(P.candidates, { orderId: id, date: DAY });
    expect(r.success, r.message).toBe(true);
    const [first, second] = r.data.rows as [Candidate, Candidate];
    expect(first).toMatchObject({ userId: tm.engineer2.id, from: expect.stringMatching(/^上一单 /), dayVisits: 1 });
    expect(first.start! >= `${DAY} 10:00:00`).toBe(true);
    expect(second).toMatchObject({ userId: tm.engineer.id, from: '基地', dayVisits: 0 });
    expect(first.leg!.km).toBeLessThan(second.leg!.km);
    expect(second.reasons.map((x: { text: string }) => x.text)).toContain('当天还没有预约');
    expect(r.data.travel).toMatchObject({ estimate: true, label: expect.stringContaining('估算') });
    // A pooled order asking for 空调 excludes the engineer without it, and says why.
    const pooled = await waiting(10, 10, { in_pool: true });
    await t.deps.db.execute(sql`insert into pool_entries (enterprise_id, order_id, skills) values (${tm.ep}, ${pooled}, ${textArray(['空调'])})`);
    const s = await tm.dispatcher.client.call(P.candidates, { orderId: pooled, date: DAY });
    expect(s.data.rows.map((x: { userId: number }) => x.userId)).toEqual([tm.engineer.id]);
    expect(s.data.rows[0]!.reasons.map((x: { text: string }) => x.text)).toContain('技能匹配：空调');
    expect(s.data.excluded).toContainEqual({ userId: tm.engineer2.id, name: expect.any(String), reason: '缺少所需技能：空调' });
    // 估算路程所用的平均车速: at 50 km/h the same leg takes half the minutes, and the answer says so.
    expect((await tm.admin.client.send(ST.batchSave, [{ code: 'plan_speed_kmh', value: '50' }])).success).toBe(true);
    const fast = await tm.dispatcher.client.call(P.candidates, { orderId: id, date: DAY });
    const same = fast.data.rows.find((x: Candidate) => x.userId === second.userId)!;
    expect(same.leg!.km).toBe(second.leg!.km);
    expect(same.leg!.minutes).toBeLessThanOrEqual(Math.ceil(second.leg!.minutes / 2) + 1);
    expect(fast.data.travel.label).toContain('按50公里/小时估算');
    await tm.admin.client.send(ST.batchSave, [{ code: 'plan_speed_kmh', value: '25' }]);
  });

  it('leaves out an engineer whose 人员状态 says 休假, until he sets it back', async () => {
    const id = await waiting(2, 2);
    const [away] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into tags (enterprise_id, code, name, color_rgb) values (${tm.ep}, 1, '休假', '#8c8c8c')
        on conflict (enterprise_id, code, name) do update set name = excluded.name returning id::int`,
    );
    const [free] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into tags (enterprise_id, code, name, color_rgb) values (${tm.ep}, 1, '空闲', '#52c41a')
        on conflict (enterprise_id, code, name) do update set name = excluded.name returning id::int`,
    );
    const set = async (tagId: number) => expect((await tm.engineer2.client.call(TG.updateUserStateTag, { tagId })).success).toBe(true);
    await set(Number(away?.id));
    const r = await tm.dispatcher.client.call(P.candidates, { orderId: id, date: DAY });
    expect(r.data.rows.map((x: Candidate) => x.userId)).not.toContain(tm.engineer2.id);
    expect(r.data.excluded).toContainEqual({ userId: tm.engineer2.id, name: expect.any(String), reason: '休假中（人员状态）' });
    const draft = await tm.dispatcher.client.call(P.createDraft, { date: DAY, source: 3, orderIds: [id] });
    expect(draft.data.proposals.map((x: { userId: number }) => x.userId)).not.toContain(tm.engineer2.id);
    await set(Number(free?.id));
    const back = await tm.dispatcher.client.call(P.candidates, { orderId: id, date: DAY });
    expect(back.data.rows.map((x: Candidate) => x.userId)).toContain(tm.engineer2.id);
  });

  it('one click books the suggested slot through the board’s booking', async () => {
    const id = await waiting(3, 3);
    const r = await tm.dispatcher.client.call(P.candidates, { orderId: id, date: DAY });
    const best = r.data.rows[0]!;
    const booked = await tm.dispatcher.client.call(S.book, { orderId: id, serviceUserId: best.userId, bespokeTime: best.start! });
    expect(booked.success, booked.message).toBe(true);
    const row = await orderRow(t, tm.ep, id);
    expect(row).toMatchObject({ state: 2, service_user_id: best.userId });
  });

  it('uses the routing service when the enterprise has configured AMap', async () => {
    const saved = await tm.admin.client.send(ST.batchSave, [
      { code: 'geo_provider', value: '高德' },
      { code: 'geo_key', value: 'route-key' },
    ]);
    expect(saved.success, saved.message).toBe(true);
    const id = await waiting(-2, 4);
    const before = asked.length;
    const r = await tm.dispatcher.client.call(P.candidates, { orderId: id, date: DAY });
    expect(asked.length).toBeGreaterThan(before);
    expect(asked.at(-1)?.searchParams.get('destination')).toBe(`${place(-2, 4).longitude.toFixed(6)},${place(-2, 4).latitude.toFixed(6)}`);
    expect(r.data.travel).toEqual({ estimate: false, label: '高德路径规划' });
    expect(r.data.rows[0]!.leg).toEqual({ km: 7.5, minutes: 20 });
    await tm.admin.client.send(ST.batchSave, [{ code: 'geo_provider', value: '离线' }]);
  });
});

describe('an engineer’s day in travel order', () => {
  it('reorders a zig-zag day within the slots, applies it in one go and tells the engineer', async () => {
    const who = tm.engineer.id;
    await profile(who, { lat: place(0, 0).latitude, lng: place(0, 0).longitude }, ['空调']);
    // 08:00 far east, 09:00 near home, 10:00 far east again, 11:00 near home: all in the morning slot (08:00–12:00).
    const DAY2 = '2030-03-05';
    const at2 = (hhmm: string) => `${DAY2} ${hhmm}:00+08`;
    const ids = [
      await orderIn(t, tm, 3, { appointment_at: at2('08:00'), ...place(15, 0), custom_phone: '13912340001' }),
      await orderIn(t, tm, 3, { appointment_at: at2('09:00'), ...place(1, 0), custom_phone: '13912340002' }),
      await orderIn(t, tm, 3, { appointment_at: at2('10:00'), ...place(15.5, 0.5) }),
      await orderIn(t, tm, 3, { appointment_at: at2('11:00'), ...place(1.5, 0.5) }),
    ];
    const d = await tm.dispatcher.client.call(P.day, { userId: who, date: DAY2 });
    expect(d.success, d.message).toBe(true);
    expect(d.data.current.stops.map((s: { orderId: number }) => s.orderId)).toEqual(ids);
    expect(d.data.changed).toBe(true);
    expect(d.data.saving.km).toBeGreaterThan(10);
    const order = d.data.proposed.stops.map((s: { orderId: number }) => s.orderId);
    expect(new Set(order.slice(0, 2))).toEqual(new Set([ids[1], ids[3]]));
    for (const s of d.data.proposed.stops) expect(s.start >= '08:00' && s.start < '12:00').toBe(true);
    // A stale version changes nothing.
    const stale = d.data.proposed.stops.map((s: { orderId: number; start: string; version: number }) => ({
      orderId: s.orderId,
      start: s.start,
      version: s.version + 1,
    }));
    expect((await tm.dispatcher.client.call(P.applyDay, { userId: who, date: DAY2, stops: stale })).success).toBe(false);
    expect(new Date(String((await orderRow(t, tm.ep, ids[0] as number)).appointment_at)).toISOString()).toBe(`${DAY2}T00:00:00.000Z`);
    const stops = d.data.proposed.stops.map((s: { orderId: number; start: string; version: number }) => ({
      orderId: s.orderId,
      start: s.start,
      version: s.version,
    }));
    // 应用优化路线后短信告知客户: on, each customer whose visit moved (and who has a phone) gets one text.
    expect((await tm.admin.client.send(ST.batchSave, [{ code: 'plan_notify_customers', value: '1' }])).success).toBe(true);
    const applied = await tm.dispatcher.client.call(P.applyDay, { userId: who, date: DAY2, stops });
    expect(applied.success, applied.message).toBe(true);
    expect(applied.data.moved).toBeGreaterThan(0);
    const again = await tm.dispatcher.client.call(P.day, { userId: who, date: DAY2 });
    expect(again.data.current.stops.map((s: { orderId: number }) => s.orderId)).toEqual(order);
    expect(again.data.changed).toBe(false);
    const [notice] = await rows<{ title: string }>(
      t.deps.db,
      sql`select title from notices where enterprise_id = ${tm.ep} and user_id = ${who} and kind = 'schedule_changed'`,
    );
    expect(notice?.title).toBe(`${DAY2} 的上门顺序已调整`);
    const texts = await rows<{ mobile: string }>(t.deps.db, sql`select data->'payload'->>'mobile' as mobile from pgboss.job where name = 'planning.sms'`);
    const startOf = (id: number) => d.data.current.stops.find((c: { orderId: number }) => c.orderId === id)?.start;
    const moved = d.data.proposed.stops.filter((s: { orderId: number; start: string }) => s.start !== startOf(s.orderId));
    const phoned = moved.filter((s: { orderId: number }) => s.orderId === ids[0] || s.orderId === ids[1]);
    expect(texts.map((x) => x.mobile).sort()).toEqual(phoned.map((s: { orderId: number }) => (s.orderId === ids[0] ? '13912340001' : '13912340002')).sort());
    expect(applied.data.notified).toBe(phoned.length);
    expect(phoned.length).toBeGreaterThan(0);
  });
});

describe('a visit in service', () => {
  it('keeps its time: the others are ordered around it and the day applies', async () => {
    const who = tm.engineer.id;
    await profile(who, { lat: place(0, 0).latitude, lng: place(0, 0).longitude }, ['空调']);
    const DAY5 = '2030-03-08';
    // He is at the near customer's from 10:00 (服务中); the far visit booked at 08:00 is better after it.
    const far = await orderIn(t, tm, 3, { appointment_at: `${DAY5} 08:00:00+08`, ...place(15, 0) });
    const here = await orderIn(t, tm, 4, { appointment_at: `${DAY5} 10:00:00+08`, ...place(1, 0) });
    const d = await tm.dispatcher.client.call(P.day, { userId: who, date: DAY5 });
    expect(d.data.changed, d.data.note ?? d.message).toBe(true);
    type Shown = { orderId: number; start: string; version: number };
    expect(d.data.proposed.stops.map((s: Shown) => [s.orderId, s.start])).toEqual([
      [here, '10:00'],
      [far, expect.stringMatching(/^1[01]:/)],
    ]);
    const stops = d.data.proposed.stops.map((s: Shown) => ({ orderId: s.orderId, start: s.start, version: s.version }));
    const applied = await tm.dispatcher.client.call(P.applyDay, { userId: who, date: DAY5, stops });
    expect(applied.success, applied.message).toBe(true);
    expect(applied.data.moved).toBe(1);
    expect(await orderRow(t, tm.ep, here)).toMatchObject({ state: 4, version: 0 });
  });
});

describe('applying a day, twenty times at once', () => {
  it('one apply moves the visits, the others answer 数据已变更; one notice, whose link lists the moved visits', async () => {
    const who = tm.engineer.id;
    await profile(who, { lat: place(0, 0).latitude, lng: place(0, 0).longitude }, ['空调']);
    const DAY4 = '2030-03-07';
    const at4 = (hhmm: string) => `${DAY4} ${hhmm}:00+08`;
    // Crossed again, with visits not yet accepted (待接单) among those waiting for him (待服务).
    const ids = [
      await orderIn(t, tm, 2, { appointment_at: at4('08:00'), ...place(15, 0) }),
      await orderIn(t, tm, 3, { appointment_at: at4('09:00'), ...place(1, 0) }),
      await orderIn(t, tm, 2, { appointment_at: at4('10:00'), ...place(15.5, 0.5) }),
      await orderIn(t, tm, 3, { appointment_at: at4('11:00'), ...place(1.5, 0.5) }),
    ];
    const d = await tm.dispatcher.client.call(P.day, { userId: who, date: DAY4 });
    expect(d.data.changed, d.message).toBe(true);
    type Shown = { orderId: number; start: string; version: number };
    const stops = d.data.proposed.stops.map((s: Shown) => ({ orderId: s.orderId, start: s.start, version: s.version }));
    const was = new Map(d.data.current.stops.map((s: Shown) => [s.orderId, s.start]));
    const moved = stops.filter((s: Shown) => was.get(s.orderId) !== s.start);
    expect(moved.length).toBeGreaterThan(1);
    // Another enterprise's dispatcher moves nothing of this day.
    expect((await other.dispatcher.client.call(P.applyDay, { userId: who, date: DAY4, stops })).message).toBe('数据不存在或已被删除');

    const answers = await race(20, () => tm.dispatcher.client.call(P.applyDay, { userId: who, date: DAY4, stops }));
    expect(tally(answers)).toEqual({ ok: 1, '数据已变更，请刷新后重试': 19 });
    expect(answers.find((a) => a.success)!.data).toMatchObject({ moved: moved.length });
    // The same click once more, after the move: the versions it carries are gone.
    expect((await tm.dispatcher.client.call(P.applyDay, { userId: who, date: DAY4, stops })).message).toBe('数据已变更，请刷新后重试');
    for (const s of stops) {
      const row = await orderRow(t, tm.ep, s.orderId);
      expect(new Date(String(row.appointment_at)).toISOString()).toBe(new Date(at4(s.start)).toISOString());
    }
    const [logs] = await rows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from order_logs where enterprise_id = ${tm.ep} and order_id = any(${bigints(ids)}) and action = 'keepDate'`,
    );
    expect(logs?.n).toBe(moved.length);
    const notices = await rows<{ link: string }>(
      t.deps.db,
      sql`select link from notices where enterprise_id = ${tm.ep} and user_id = ${who} and kind = 'schedule_changed' and title = ${`${DAY4} 的上门顺序已调整`}`,
    );
    expect(notices).toHaveLength(1);
    // The notice opens 我的工单 with the list (tab and states) the page asks for: every moved visit is on it.
    const link = new URL(notices[0]!.link, 'http://x');
    expect(link.pathname).toBe('/myOrder');
    const query = { scope: 'mine', pageSize: 100, ...Object.fromEntries(link.searchParams) };
    const listed = await tm.engineer.client.send(L.getAllOrderList, query);
    expect(listed.success, listed.message).toBe(true);
    const shown = listed.data.list.map((o: { id: number }) => o.id);
    for (const s of moved) expect(shown).toContain(s.orderId);
  });
});

describe('a day planned as a draft', () => {
  it('proposes without booking, moves and removes, accepts a part, and 20 parallel accepts book each order once', async () => {
    const DAY3 = '2030-03-06';
    await profile(tm.engineer.id, { lat: place(0, 0).latitude, lng: place(0, 0).longitude }, ['空调']);
    await profile(tm.engineer2.id, { lat: place(20, 0).latitude, lng: place(20, 0).longitude });
    const ids = [
      await waiting(1, 1),
      await waiting(2, 0),
      await waiting(19, 1),
      await waiting(21, -1),
      await waiting(0, 0, { latitude: null, longitude: null }),
    ];
    const created = await tm.dispatcher.client.call(P.createDraft, { date: DAY3, source: 3, orderIds: ids, userIds: [tm.engineer.id, tm.engineer2.id] });
    expect(created.success, created.message).toBe(true);
    const d = created.data;
    expect(d.proposals).toHaveLength(4);
    // Each engineer's line on the map starts at his base.
    expect(d.engineers.find((e: { userId: number }) => e.userId === tm.engineer2.id)?.start).toEqual({
      latitude: expect.closeTo(place(20, 0).latitude, 5),
      longitude: expect.closeTo(place(20, 0).longitude, 5),
    });
    expect(d.unplaced).toEqual([{ orderId: ids[4], orderNo: expect.any(String), title: expect.any(String), reason: '工单地址没有定位' }]);
    const by = (id: number) => d.proposals.find((p: { orderId: number }) => p.orderId === id)!;
    expect(by(ids[0] as number).userId).toBe(tm.engineer.id);
    expect(by(ids[2] as number).userId).toBe(tm.engineer2.id);
    for (const id of ids) expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 1, service_user_id: null });
    // Moved onto the other engineer at 16:00, then one removed.
    const moved = await tm.dispatcher.client.call(P.moveProposal, {
      draftId: d.id,
      orderId: ids[1],
      userId: tm.engineer2.id,
      start: '16:00',
      version: by(ids[1] as number).version,
    });
    expect(moved.success, moved.message).toBe(true);
    expect(moved.data.proposals.find((p: { orderId: number }) => p.orderId === ids[1])).toMatchObject({
      userId: tm.engineer2.id,
      start: `${DAY3} 16:00:00`,
      moved: true,
    });
    const removed = await tm.dispatcher.client.call(P.removeProposal, { draftId: d.id, orderId: ids[3] });
    expect(removed.data.proposals.find((p: { orderId: number }) => p.orderId === ids[3])!.state).toBe(3);
    // Accept two, in part.
    const part = await tm.dispatcher.client.call(P.acceptDraft, { draftId: d.id, orderIds: [ids[0], ids[1]] });
    expect(part.data).toMatchObject({ successCount: 2, failCount: 0 });
    expect(await orderRow(t, tm.ep, ids[1] as number)).toMatchObject({ state: 2, service_user_id: tm.engineer2.id });
    expect(await orderRow(t, tm.ep, ids[2] as number)).toMatchObject({ state: 1 });
    // The rest, twenty times at once: one booking for the order, the others refused.
    const answers = await race(20, () => tm.dispatcher.client.call(P.acceptDraft, { draftId: d.id, orderIds: [ids[2]] }));
    expect(answers.filter((a) => a.data?.successCount === 1)).toHaveLength(1);
    expect(tally(answers.filter((a) => a.data?.successCount === 0).map((a) => ({ ...a, success: false, message: a.data.results[0]!.message })))).toEqual({
      '数据已变更，请刷新后重试': 19,
    });
    const [logs] = await rows<{ n: number }>(
      t.deps.db,
      sql`select count(*)::int as n from order_logs where enterprise_id = ${tm.ep} and order_id = ${ids[2]} and action = 'dispatch'`,
    );
    expect(logs?.n).toBe(1);
    expect(await orderRow(t, tm.ep, ids[3] as number)).toMatchObject({ state: 1 });
  });

  it('of parallel moves of one proposal one wins (logged once), two onto one time clash, of parallel removes one wins; another enterprise gets nothing', async () => {
    const DAY4 = '2030-03-07';
    await profile(tm.engineer.id, { lat: place(0, 0).latitude, lng: place(0, 0).longitude }, ['空调']);
    await profile(tm.engineer2.id, { lat: place(20, 0).latitude, lng: place(20, 0).longitude });
    const ids = [await waiting(1, 2), await waiting(2, 1), await waiting(3, 2)];
    const created = await tm.dispatcher.client.call(P.createDraft, { date: DAY4, source: 3, orderIds: ids, userIds: [tm.engineer.id, tm.engineer2.id] });
    expect(created.success, created.message).toBe(true);
    const d = created.data;
    const first = d.proposals.find((p: { orderId: number }) => p.orderId === ids[0])!;
    const proposalOf = async (orderId: number) =>
      (
        await rows<{ id: number; user_id: number; version: number; state: number }>(
          t.deps.db,
          sql`select id::int as id, user_id::int as user_id, version, state from plan_proposals where enterprise_id = ${tm.ep} and draft_id = ${d.id} and order_id = ${orderId}`,
        )
      )[0]!;
    const logsOf = async (orderId: number, action: string) =>
      (
        await rows<{ n: number }>(
          t.deps.db,
          sql`select count(*)::int as n from plan_proposal_logs where enterprise_id = ${tm.ep} and proposal_id = ${(await proposalOf(orderId)).id} and action = ${action}`,
        )
      )[0]!.n;

    // Another enterprise's dispatcher: the draft is not found and nothing changes.
    const before = await proposalOf(ids[0] as number);
    const move = { draftId: d.id, orderId: ids[0], userId: tm.engineer2.id, start: '09:00', version: first.version };
    for (const a of [
      await other.dispatcher.client.call(P.draft, { id: d.id }),
      await other.dispatcher.client.call(P.moveProposal, move),
      await other.dispatcher.client.call(P.removeProposal, { draftId: d.id, orderId: ids[0] }),
      await other.dispatcher.client.call(P.acceptDraft, { draftId: d.id }),
    ])
      expect(a.message).toBe('数据不存在或已被删除');
    expect(await proposalOf(ids[0] as number)).toEqual(before);

    // Ten moves of one proposal at once, each to its own hour, all with the version the dispatcher saw: one wins.
    const hour = (i: number) => `${String(8 + i).padStart(2, '0')}:00`;
    const moves = await race(10, (i) => tm.dispatcher.client.call(P.moveProposal, { ...move, start: hour(i) }));
    expect(tally(moves)).toEqual({ ok: 1, '数据已变更，请刷新后重试': 9 });
    const won = moves.findIndex((a) => a.success);
    const now = (await tm.dispatcher.client.call(P.draft, { id: d.id })).data.proposals.find((p: { orderId: number }) => p.orderId === ids[0]);
    expect(now).toMatchObject({ userId: tm.engineer2.id, start: `${DAY4} ${hour(won)}:00`, moved: true, version: first.version + 1 });
    expect(await logsOf(ids[0] as number, 'move')).toBe(1);
    // The version seen before the move is stale now.
    expect((await tm.dispatcher.client.call(P.moveProposal, { ...move, start: '17:00' })).message).toBe('数据已变更，请刷新后重试');

    // Two proposals moved onto one time of the first engineer at once: the moves of a draft take turns, the second clashes.
    const second = (await proposalOf(ids[1] as number)).version;
    const third = (await proposalOf(ids[2] as number)).version;
    const both = await race(2, (i) =>
      tm.dispatcher.client.call(P.moveProposal, { draftId: d.id, orderId: ids[i + 1], userId: tm.engineer.id, start: '15:00', version: i ? third : second }),
    );
    expect(both.filter((a) => a.success)).toHaveLength(1);
    expect(both.find((a) => !a.success)?.message).toMatch(/^该服务人员在2030-03-07 15:00已有预约/);

    // Ten removes of one proposal at once: one wins, logged once; a move after it answers 数据已变更.
    const removes = await race(10, () => tm.dispatcher.client.call(P.removeProposal, { draftId: d.id, orderId: ids[0] }));
    expect(tally(removes)).toEqual({ ok: 1, '数据已变更，请刷新后重试': 9 });
    expect(await proposalOf(ids[0] as number)).toMatchObject({ state: 3 });
    expect(await logsOf(ids[0] as number, 'remove')).toBe(1);
    const late = await tm.dispatcher.client.call(P.moveProposal, { ...move, version: first.version + 2 });
    expect(late.message).toBe('数据已变更，请刷新后重试');
    for (const id of ids) expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 1, service_user_id: null });
  });
});
