import { type EndpointDef, eventSlaContract as E, type EventSlaSetting, eventContract, slaContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race } from '../../test/race';
import { sweepEventSla } from './event.sweep';
import { slaOn } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ALL = Object.entries(E) as [string, EndpointDef][];
const admin = (o: { plan?: 0 | 1 | 2 } = {}) => loggedIn(t.app, t.deps.db, { roles: [3], ...o });
const as = async (enterpriseId: number, role: number) => {
  const u = await makeUser(t.deps.db, enterpriseId, { roles: [role] });
  return { id: u.id, client: await new Client(t.app).login(u.mobile, TEST_PASSWORD, enterpriseId) };
};
const templateOf = async (c: Client, path = '/v2/eventTemp/list') => (await c.get(path)).data.list[0].id as number;
const newEvent = async (c: Client) => (await c.post('/v2/event/add', { title: '网络中断' })).data.id as number;
/** Assignment 30 min (warn 10), response 1 h, handling 2 h, paused 10 min, resolution 1 day. */
const SETTING = (tmpId: number): EventSlaSetting => ({
  tmpId,
  business: false,
  clocks: [
    { type: 1, target: 30, unit: 1, warnMinutes: 10 },
    { type: 2, target: 1, unit: 2, warnMinutes: 0 },
    { type: 3, target: 2, unit: 2, warnMinutes: 0 },
    { type: 4, target: 10, unit: 1, warnMinutes: 0 },
    { type: 5, target: 1, unit: 3, warnMinutes: 60 },
  ],
});
const clocksOf = async (c: Client, eventId: number) =>
  Object.fromEntries(
    ((await c.send(E.clocks, { eventId })).data as { type: number; state: string; mark: string }[]).map((k) => [k.type, `${k.state}/${k.mark}`]),
  );

const COLS = ['started_at', 'running_since', 'paused_since', 'stopped_at', 'deadline_at', 'warn_at', 'breached_at'];
/** As if the event's clocks had started `minutes` earlier: every instant moves back (no sleeping). */
async function goBack(ep: number, eventId: number, minutes: number): Promise<void> {
  const i = sql`${minutes} * interval '1 minute'`;
  await t.deps.db.execute(
    sql`update event_sla_clocks set ${sql.join(
      COLS.map((c) => sql`${sql.identifier(c)} = ${sql.identifier(c)} - ${i}`),
      sql`, `,
    )} where enterprise_id = ${ep} and event_id = ${eventId}`,
  );
}
const noticesOf = async (ep: number, userId: number) =>
  (
    await rows<{ kind: string; title: string }>(
      t.deps.db,
      sql`select kind, title from notices where enterprise_id = ${ep} and user_id = ${userId} and kind like 'sla.event.%' order by id`,
    )
  ).map((n) => `${n.kind} ${n.title}`);
const markIn = async (c: Client, id: number) =>
  ((await c.get('/v2/event/getPrincipalEventList?pageIndex=0&pageSize=50')).data.list as { id: number; slaMark: string | null }[]).find((e) => e.id === id)
    ?.slaMark;

describe('guards of the event SLA endpoints', () => {
  it('answers 未登录, refuses without CSRF, without the power and on the free plan', async () => {
    const anon = new Client(t.app);
    for (const [name, ep] of ALL) expect((await anon.send(ep, {})).message, name).toBe('未登录');
    const { client, enterpriseId } = await admin();
    const tmpId = await templateOf(client);
    expect((await client.send(E.saveSla, SETTING(tmpId), { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    const engineer = await as(enterpriseId, 2);
    expect((await engineer.client.send(E.saveSla, SETTING(tmpId))).code).toBe('NO_POWER');
    expect((await engineer.client.send(E.exceedStatistics, {})).code).toBe('NO_POWER');
    const free = await admin({ plan: 0 });
    const freeTpl = await templateOf(free.client);
    for (const ep of [E.sla, E.saveSla, E.exceedStatistics, E.exceedStatisticsCount]) {
      expect((await free.client.send(ep, ep === E.saveSla ? SETTING(freeTpl) : { tmpId: freeTpl })).code).toBe('PLAN_FREE');
    }
    expect((await rows(t.deps.db, sql`select 1 from event_sla_settings where enterprise_id = ${free.enterpriseId}`)).length).toBe(0);
  });

  it('another enterprise’s template or event is not found and nothing changes; bad input is refused in Chinese', async () => {
    const a = await admin();
    const b = await admin();
    const foreign = await templateOf(b.client);
    expect(await a.client.send(E.sla, { tmpId: foreign })).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await a.client.send(E.saveSla, SETTING(foreign))).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect((await b.client.send(E.sla, { tmpId: foreign })).data).toEqual({ tmpId: foreign, business: false, clocks: [] });
    const orderType = await templateOf(a.client, '/v2/temp/list');
    expect(await a.client.send(E.saveSla, SETTING(orderType))).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const theirs = await newEvent(b.client);
    expect(await a.client.send(E.clocks, { eventId: theirs })).toMatchObject({ success: false, code: 'NOT_FOUND' });

    const mine = await templateOf(a.client);
    const bad = async (clocks: unknown[]) => a.client.send(E.saveSla, { tmpId: mine, clocks } as never);
    expect(await bad([{ type: 6, target: 1, unit: 1 }])).toMatchObject({
      success: false,
      code: 'VALIDATION',
      message: expect.stringContaining('超时类型不正确'),
    });
    expect(await bad([{ type: 1, target: 0, unit: 1 }])).toMatchObject({ success: false, message: expect.stringContaining('时限至少为1') });
    expect(await bad([{ type: 1, target: 1, unit: 9 }])).toMatchObject({ success: false, message: expect.stringContaining('时间单位不正确') });
    expect(
      await bad([
        { type: 1, target: 1, unit: 1 },
        { type: 1, target: 2, unit: 1 },
      ]),
    ).toMatchObject({ success: false, message: expect.stringContaining('同一超时类型只能设置一次') });
    expect((await rows(t.deps.db, sql`select 1 from event_sla_settings where enterprise_id = ${a.enterpriseId}`)).length).toBe(0);
    const r = await a.client.send(E.exceedStatistics, { startTime: '2026-02-01', endTime: '2026-01-01' });
    expect(r).toMatchObject({ success: false, message: expect.stringContaining('结束日期不能早于开始日期') });
    expect(await a.client.send(E.exceedStatistics, { type: 6 })).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(await a.client.send(E.exceedStatistics, { groupBy: 'engineer' })).toMatchObject({ success: false, code: 'VALIDATION' });
    // An impossible day is a Chinese refusal on the four exceed reports, not a 500.
    for (const ep of [E.exceedStatistics, E.exceedStatisticsCount, C.exceedStatistics, C.exceedStatisticsCount]) {
      expect(await a.client.send(ep, { startTime: '2026-02-30' })).toMatchObject({
        success: false,
        code: 'VALIDATION',
        message: '开始日期：日期格式应为YYYY-MM-DD',
      });
      expect(await a.client.send(ep, { endTime: '2026-02-28 25:00' })).toMatchObject({
        success: false,
        code: 'VALIDATION',
        message: '结束日期：日期格式应为YYYY-MM-DD',
      });
    }
  });

  it('20 parallel saves of one template’s SLA leave one row equal to one of them', async () => {
    const { client, enterpriseId } = await admin();
    const tmpId = await templateOf(client);
    const settings = Array.from({ length: 20 }, (_, i) => ({
      tmpId,
      business: i % 2 === 0,
      clocks: [{ type: 1 + (i % 5), target: i + 1, unit: 1, warnMinutes: i }],
    }));
    const answers = await race(20, (i) => client.send(E.saveSla, settings[i] as EventSlaSetting));
    expect(answers.every((a) => a.success)).toBe(true);
    const stored = await rows(t.deps.db, sql`select 1 from event_sla_settings where enterprise_id = ${enterpriseId} and template_id = ${tmpId}`);
    expect(stored.length).toBe(1);
    expect(settings).toContainEqual((await client.send(E.sla, { tmpId })).data);
  });
});

describe('event clocks', () => {
  it('with 启用SLA时效管理 off (the default) no event clock starts, though the template has its SLA', async () => {
    const { client } = await admin();
    const tmpId = await templateOf(client);
    expect((await client.send(E.saveSla, SETTING(tmpId))).success).toBe(true);
    const id = await newEvent(client);
    expect((await client.send(E.clocks, { eventId: id })).data).toEqual([]);
    expect(await markIn(client, id)).toBeNull();
  });

  it('start on creation, follow assignment, start, pause, resume and completion', async () => {
    const { client, user, enterpriseId } = await admin();
    await slaOn(t.deps.db, enterpriseId);
    const tmpId = await templateOf(client);
    expect(await client.send(E.saveSla, SETTING(tmpId))).toMatchObject({ success: true, message: '保存成功' });
    const id = await newEvent(client);
    expect(await clocksOf(client, id)).toEqual({ 1: 'running/ok', 2: 'running/ok', 5: 'running/ok' });
    await client.post('/v2/event/assign', { id, principalId: user.id });
    await client.post('/v2/event/start', { id });
    expect(await clocksOf(client, id)).toEqual({ 1: 'met/ok', 2: 'met/ok', 3: 'running/ok', 5: 'running/ok' });
    await client.post('/v2/event/pause', { id, reason: '等客户' });
    expect(await clocksOf(client, id)).toEqual({ 1: 'met/ok', 2: 'met/ok', 3: 'paused/ok', 4: 'running/ok', 5: 'paused/ok' });
    await client.post('/v2/event/resume', { id });
    expect(await clocksOf(client, id)).toEqual({ 1: 'met/ok', 2: 'met/ok', 3: 'running/ok', 4: 'paused/ok', 5: 'running/ok' });
    expect((await client.post('/v2/event/complete', { id })).success).toBe(true);
    expect(await clocksOf(client, id)).toEqual({ 1: 'met/ok', 2: 'met/ok', 3: 'met/ok', 4: 'met/ok', 5: 'met/ok' });
    expect(await markIn(client, id)).toBe('ok');
    // Closing cancels what still runs; an event of a template without a setting has no clocks and no mark.
    const closed = await newEvent(client);
    await client.post('/v2/event/close', { id: closed, reason: '重复' });
    expect(await clocksOf(client, closed)).toEqual({ 1: 'cancelled/ok', 2: 'cancelled/ok', 5: 'cancelled/ok' });
    const other = await admin();
    const plain = await newEvent(other.client);
    expect((await other.client.send(E.clocks, { eventId: plain })).data).toEqual([]);
    expect(await markIn(other.client, plain)).toBeNull();
  });
});

describe('event SLA sweep', () => {
  it('marks an event at risk then overdue, tells the dispatchers then principal and dispatcher, and the report counts it', async () => {
    const { client, enterpriseId } = await admin();
    await slaOn(t.deps.db, enterpriseId);
    const dispatcher = await as(enterpriseId, 1);
    const tmpId = await templateOf(client);
    await client.send(E.saveSla, SETTING(tmpId));
    const id = await newEvent(client);
    await goBack(enterpriseId, id, 25);
    expect(await sweepEventSla(t.deps.db)).toMatchObject({ warned: 1, breached: 0 });
    expect(await markIn(client, id)).toBe('atRisk');
    // Nobody handles it yet: the dispatchers are told.
    expect(await noticesOf(enterpriseId, dispatcher.id)).toEqual([expect.stringMatching(/^sla\.event\.warn 事件.+即将超时$/)]);
    await goBack(enterpriseId, id, 10);
    expect(await sweepEventSla(t.deps.db)).toMatchObject({ warned: 0, breached: 1 });
    expect(await sweepEventSla(t.deps.db)).toMatchObject({ warned: 0, breached: 0 });
    expect(await markIn(client, id)).toBe('overdue');
    expect((await noticesOf(enterpriseId, dispatcher.id))[1]).toMatch(/^sla\.event\.overdue 事件.+已超时（分配超时）$/);
    // Assigned late: the clock is met but the breach stays, in the mark and the report.
    await client.post('/v2/event/assign', { id, principalId: dispatcher.id });
    expect((await clocksOf(client, id))[1]).toBe('met/overdue');
    expect((await client.send(E.exceedStatistics, {})).data).toEqual([{ key: 1, name: '分配超时', count: 1 }]);
    expect((await client.send(E.exceedStatisticsCount, { type: 1 })).data).toBe(1);
    expect((await client.send(E.exceedStatisticsCount, { type: 2 })).data).toBe(0);
    expect((await client.send(E.exceedStatistics, { groupBy: 'principal' })).data).toEqual([{ key: dispatcher.id, name: expect.any(String), count: 1 }]);
    expect((await client.send(E.exceedStatistics, { groupBy: 'template' })).data).toEqual([{ key: tmpId, name: expect.any(String), count: 1 }]);
    const other = await admin();
    expect((await other.client.send(E.exceedStatisticsCount, {})).data).toBe(0);
  });

  it('a pause keeps the count: time paused is not counted, and the paused-too-long clock breaches and tells principal and dispatcher', async () => {
    const { client, enterpriseId, user } = await admin();
    await slaOn(t.deps.db, enterpriseId);
    const principal = await as(enterpriseId, 2);
    const tmpId = await templateOf(client);
    await client.send(E.saveSla, SETTING(tmpId));
    const id = await newEvent(client);
    await client.post('/v2/event/assign', { id, principalId: principal.id });
    await principal.client.post('/v2/event/start', { id });
    await principal.client.post('/v2/event/pause', { id, reason: '等配件' });
    await goBack(enterpriseId, id, 60); // paused for an hour
    await principal.client.post('/v2/event/resume', { id });
    const clocks = (await client.send(E.clocks, { eventId: id })).data as { type: number; elapsedMs: number; pausedMs: number; state: string }[];
    const resolution = clocks.find((c) => c.type === 5);
    expect(resolution?.elapsedMs).toBeLessThan(60_000);
    expect(resolution?.pausedMs).toBeGreaterThanOrEqual(60 * 60_000);
    // The resume found the paused-too-long clock past its deadline: breached and told at once.
    expect((await clocksOf(client, id))[4]).toBe('paused/overdue');
    expect(await sweepEventSla(t.deps.db)).toMatchObject({ breached: 0 });
    expect(await noticesOf(enterpriseId, principal.id)).toEqual([expect.stringContaining('已超时（暂停超时）')]);
    expect(await noticesOf(enterpriseId, user.id)).toEqual([expect.stringContaining('已超时（暂停超时）')]);
    expect((await clocksOf(client, id))[5]).toBe('running/ok');
  });
});

describe('a deleted event', () => {
  it('takes its clocks with it, so the sweep never tells anyone about it', async () => {
    const { client, enterpriseId } = await admin();
    await slaOn(t.deps.db, enterpriseId);
    const dispatcher = await as(enterpriseId, 1);
    const tmpId = await templateOf(client);
    await client.send(E.saveSla, SETTING(tmpId));
    const id = await newEvent(client);
    expect((await client.send(E.clocks, { eventId: id })).data).toHaveLength(3);
    expect((await client.send(eventContract.del, { ids: [id] })).success).toBe(true);
    expect(await rows(t.deps.db, sql`select 1 from event_sla_clocks where enterprise_id = ${enterpriseId} and event_id = ${id}`)).toEqual([]);
    expect(await sweepEventSla(t.deps.db)).toEqual({ warned: 0, breached: 0 });
    expect(await noticesOf(enterpriseId, dispatcher.id)).toEqual([]);
  });
});
