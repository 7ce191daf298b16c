import { automationContract as A, DEFAULT_ORDER_PROCESS, processContract as P, slaContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { ensureDefaultTemplate } from '../forms/templates.service';

/** 20 parallel saves of each process setting: no 500, and one consistent state (one of the saves, whole). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const N = 20;
const admin = async () => {
  const a = await loggedIn(t.app, t.deps.db, { roles: [3] });
  return { client: a.client, ep: a.enterpriseId, tid: (await ensureDefaultTemplate(t.deps.db, a.enterpriseId, 1)).id };
};
const clock = (target: number) => [{ type: 2, target, unit: 1, warnMinutes: 0 }];

describe('20 parallel settings saves', () => {
  it('SLA policies: one of 20 creates of a name wins; 20 updates of one policy leave one whole save', async () => {
    const { client, ep } = await admin();
    const creates = await race(N, (i) => client.call(C.create, { name: '同名策略', clocks: clock(i + 1) }));
    expect(tally(creates)).toEqual({ ok: 1, 名称已存在: N - 1 });
    const id = Number(creates.find((a) => a.success)?.data.id);

    const updates = await race(N, (i) =>
      client.call(C.update, { id, name: `策略${i}`, sort: i, priorities: [(i % 3) + 1], clocks: clock(i + 1), business: i % 2 === 0 }),
    );
    expect(tally(updates)).toEqual({ ok: N });
    const [p] = (await client.call(C.list)).data;
    const i = Number(p!.name.slice(2));
    expect(p).toMatchObject({ id, name: `策略${i}`, sort: i, priorities: [(i % 3) + 1], clocks: clock(i + 1), business: i % 2 === 0 });
    const [n] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from sla_policies where enterprise_id = ${ep}`);
    expect(n?.n).toBe(1);
  });

  it('SLA business hours: 20 saves leave one row equal to one of them, and each enqueued its recompute', async () => {
    const { client, ep } = await admin();
    const hours = (i: number) => ({
      weekdays: [1, 2, 3, 4, 5],
      startMinute: 480 + i,
      endMinute: 1000 + i,
      holidays: [`2027-01-${String(i + 1).padStart(2, '0')}`],
      workdays: [],
    });
    expect(tally(await race(N, (i) => client.call(C.saveCalendar, hours(i))))).toEqual({ ok: N });
    const saved = (await client.call(C.calendar)).data;
    expect(saved).toEqual(hours(saved.startMinute - 480));
    const jobs = await rows(t.deps.db, sql`select 1 from pgboss.job where name = 'sla.recompute' and (data->>'enterpriseId')::bigint = ${ep}`);
    expect(jobs).toHaveLength(N);
  });

  it('automation: 20 updates of one rule and 20 notification saves each leave one whole save', async () => {
    const { client, ep, tid } = await admin();
    const rule = (i: number) => ({
      templateId: tid,
      name: `规则${i}`,
      trigger: i % 8,
      enabled: i % 2 === 0,
      conditions: { priorities: [(i % 3) + 1] },
      actions: [{ type: 'pool' }],
    });
    const added = await client.call(A.ruleAdd, rule(0));
    const id = Number(added.data.id);
    expect(tally(await race(N, (i) => client.call(A.ruleUpdate, { id, ...rule(i) })))).toEqual({ ok: N });
    const [r] = (await client.call(A.ruleList, { templateId: tid })).data;
    const i = Number(r!.name.slice(2));
    expect(r).toMatchObject({ id, name: `规则${i}`, trigger: i % 8, enabled: i % 2 === 0, conditions: { priorities: [(i % 3) + 1] } });

    const events = (await client.call(A.queryNotify)).data.map((e: { event: number }) => e.event);
    const list = (i: number) => events.map((event: number) => ({ event, channels: i % 2 ? ['notice'] : ['notice', 'sms'], template: `模板${i}：{工单编号}` }));
    expect(tally(await race(N, (i) => client.call(A.updateNotify, { list: list(i) })))).toEqual({ ok: N });
    const after = (await client.call(A.queryNotify)).data as { template: string; channels: string[] }[];
    const j = Number(/^模板(\d+)/.exec(after[0]?.template ?? '')?.[1]);
    expect(after.map(({ template, channels }) => ({ template, channels }))).toEqual(
      list(j).map(({ template, channels }: { template: string; channels: string[] }) => ({ template, channels })),
    );
    const [n] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from notify_settings where enterprise_id = ${ep}`);
    expect(n?.n).toBe(events.length);
  });

  it('process: 20 publishes of one order type get versions 1–20; the published one is the last', async () => {
    const { client, tid } = await admin();
    const answers = await race(N, (i) =>
      client.call(P.publish, { tid, process: { ...DEFAULT_ORDER_PROCESS, dispatch: i % 2 === 0, appointment: i % 3 === 0 } }),
    );
    expect(tally(answers)).toEqual({ ok: N });
    const versions = answers.map((a) => Number(a.data.version));
    expect([...versions].sort((a, b) => a - b)).toEqual(Array.from({ length: N }, (_, k) => k + 1));
    const last = answers.findIndex((a) => a.data.version === N);
    const got = (await client.call(P.get, { tid })).data;
    expect(got).toMatchObject({ version: N, versionId: answers[last]?.data.versionId, process: { dispatch: last % 2 === 0, appointment: last % 3 === 0 } });
    expect(got.versions).toHaveLength(N);
  });
});
