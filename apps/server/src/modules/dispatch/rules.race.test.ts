import { dispatchContract as D, MAX_RULES } from '@sk/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import type { TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { orderIn, type Team, team, withTeamApp } from '../orders/actions.fixtures';
import { groupOf, providerOf, templateOf } from './dispatch.fixtures';

/** Parallel saves of the /orderingRule settings on PostgreSQL: the last one wins whole, never a mix of two. */

let t: TestApp;
let tm: Team;
withTeamApp((app, made) => ([t, tm] = [app, made]));

describe('parallel saves of the dispatch settings', () => {
  it('20 default-dispatch saves (person, team, provider, off) leave exactly one of them, its target matching its type', async () => {
    const g = await groupOf(t, tm.ep, '并发组', [tm.engineer.id]);
    const p = await providerOf(t, tm.ep, '并发服务商');
    const bodies = [
      { enabled: true, targetType: 1, targetUserId: tm.engineer.id, targetGroupId: g },
      { enabled: true, targetType: 1, targetUserId: tm.engineer2.id },
      { enabled: true, targetType: 2, targetGroupId: g, targetUserId: tm.engineer.id },
      { enabled: true, targetType: 3, targetProviderId: p, targetGroupId: g },
      { enabled: false, targetType: 4 },
    ];
    const answers = await race(20, (i) => tm.admin.client.call(D.updateDefaultDispatch, bodies[i % bodies.length]));
    expect(tally(answers)).toEqual({ ok: 20 });
    const stored = await rows<Record<string, unknown>>(t.deps.db, sql`select * from dispatch_settings where enterprise_id = ${tm.ep}`);
    expect(stored).toHaveLength(1);
    const got = (await tm.admin.client.call(D.getDefaultDispatch)).data;
    const kept = (b: (typeof bodies)[number]) => ({
      enabled: b.enabled,
      targetType: b.targetType,
      targetUserId: b.targetType === 1 ? (b.targetUserId ?? null) : null,
      targetGroupId: b.targetType === 2 ? (b.targetGroupId ?? null) : null,
      targetProviderId: b.targetType === 3 ? (b.targetProviderId ?? null) : null,
    });
    const shown = {
      enabled: got.enabled,
      targetType: got.targetType,
      targetUserId: got.targetUserId,
      targetGroupId: got.targetGroupId,
      targetProviderId: got.targetProviderId,
    };
    expect(bodies.map(kept)).toContainEqual(shown);
  });

  it('20 updates of one rule (each another kind and target) leave one whole body; the rule list never mixes two', async () => {
    const g = await groupOf(t, tm.ep, '规则并发组', [tm.engineer2.id]);
    const tpl = await templateOf(t, tm.ep, await orderIn(t, tm, 1));
    const p = await providerOf(t, tm.ep, '规则并发服务商');
    const made = await tm.admin.client.call(D.ruleCreate, { name: '起始', kind: 2, areaCode: '310115', targetType: 1, targetUserId: tm.engineer.id });
    const id = made.data.id as number;
    const bodies = [
      { name: '按类型', kind: 1, templateId: tpl, areaCode: '310101', targetType: 1, targetUserId: tm.engineer2.id },
      { name: '按区域', kind: 2, areaCode: '310115', groupId: g, targetType: 2, targetGroupId: g },
      { name: '按团队', kind: 3, groupId: g, category: '空调', targetType: 3, targetProviderId: p, targetUserId: tm.engineer.id },
      { name: '按品类', kind: 4, category: '空调', templateId: tpl, targetType: 1, targetUserId: tm.engineer.id, targetGroupId: g },
    ];
    const answers = await race(20, (i) => tm.admin.client.call(D.ruleUpdate, { id, sort: i, enabled: i % 2 === 0, ...bodies[i % bodies.length] }));
    expect(tally(answers)).toEqual({ ok: 20 });
    const [rule] = (await tm.admin.client.call(D.ruleList)).data.filter((r: { id: number }) => r.id === id);
    const i = Number(rule!.sort);
    const b = bodies[i % bodies.length] as (typeof bodies)[number] & Record<string, unknown>;
    // The sort says which save won: every other field is that save's too.
    expect(rule).toMatchObject({
      name: b.name,
      kind: b.kind,
      enabled: i % 2 === 0,
      templateId: b.kind === 1 ? tpl : null,
      areaCode: b.kind === 2 ? b.areaCode : null,
      groupId: b.kind === 3 ? g : null,
      category: b.kind === 4 ? b.category : null,
      targetType: b.targetType,
      targetUserId: b.targetType === 1 ? b.targetUserId : null,
      targetGroupId: b.targetType === 2 ? g : null,
      targetProviderId: b.targetType === 3 ? p : null,
    });
  });

  it(`parallel creates never pass the limit of ${MAX_RULES} rules`, async () => {
    const fresh = await team(t);
    await t.deps.db.execute(sql`insert into dispatch_rules (enterprise_id, name, kind, area_code, target_type, target_user_id, sort, enabled)
      select ${fresh.ep}, '批量' || n, 2, '310115', 1, ${fresh.engineer.id}, n, true from generate_series(1, ${MAX_RULES - 3}) n`);
    const answers = await race(20, (i) =>
      fresh.admin.client.call(D.ruleCreate, { name: `并发${i}`, kind: 2, areaCode: '310115', targetType: 1, targetUserId: fresh.engineer.id }),
    );
    expect(tally(answers)).toEqual({ ok: 3, [`派单规则最多${MAX_RULES}条`]: 17 });
    const [c] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from dispatch_rules where enterprise_id = ${fresh.ep}`);
    expect(c?.n).toBe(MAX_RULES);
  });

  it('a save does not wait on another transaction of the enterprise that wrote a row referring to it', async () => {
    const fresh = await team(t);
    // Any insert with a foreign key to enterprises holds a key-share lock on the enterprise row until it commits (a
    // summary flush, an import). The rule save's lock must not queue behind it.
    const other = new pg.Client({ connectionString: t.database.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select 1 from enterprises where id = $1 for key share', [fresh.ep]);
      const saved = fresh.admin.client.call(D.ruleCreate, { name: '不等待', kind: 2, areaCode: '310115', targetType: 1, targetUserId: fresh.engineer.id });
      const waited = new Promise<'waited'>((r) => setTimeout(() => r('waited'), 3000));
      const first = await Promise.race([saved.then((a) => (a.success ? 'saved' : a.message)), waited]);
      await other.query('commit');
      expect(first).toBe('saved');
    } finally {
      await other.end();
    }
  });
});
