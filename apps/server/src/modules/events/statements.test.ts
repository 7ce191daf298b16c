import { eventContract as K } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { statementsOf } from '../../test/request-statements';
import type { TestApp } from '../../test/harness';
import { type Team, withTeamApp } from '../orders/actions.fixtures';

// Statements per request of every event action (db/statements.ts; docs/platform.md "How writes are built"): session,
// BEGIN, the event locked with every check's read, the update with its log row and the hooks' probes, COMMIT.
// Before the work of writing in a handful of statements on events (SLA off, no template setting): every action 7 (assign and escalate with a new
// principal 8), delete 8. With SLA on each action read the setting and the template's SLA again: 9–10.

let t: TestApp;
let tm: Team;
withTeamApp((app, made) => ([t, tm] = [app, made]));

const newEvent = async () => Number((await tm.admin.client.call(K.add, { title: '打印机卡纸' })).data.id);

/** Every action of the event routes once, in an order the machine allows: the statements each sent. */
async function walk(): Promise<Record<string, number>> {
  const a = tm.admin.client;
  const e = tm.engineer.client;
  const id = await newEvent();
  const n: Record<string, number> = {};
  n.assign = await statementsOf(() => a.call(K.assign, { id, principalId: tm.engineer.id }));
  n.start = await statementsOf(() => e.call(K.start, { id }));
  n.escalate = await statementsOf(() => e.call(K.escalate, { id, reason: '需要二线支持', principalId: tm.engineer2.id }));
  n.pause = await statementsOf(() => a.call(K.pause, { id, reason: '等配件' }));
  n.resume = await statementsOf(() => a.call(K.resume, { id }));
  n.complete = await statementsOf(() => tm.engineer2.client.call(K.complete, { id }));
  n.reopen = await statementsOf(() => a.call(K.reopen, { id }));
  n.close = await statementsOf(() => a.call(K.close, { id, reason: '客户撤回' }));
  const pooled = await newEvent();
  n.claim = await statementsOf(() => e.call(K.claim, { id: pooled }));
  n.del = await statementsOf(() => a.call(K.del, { ids: [id, pooled] }));
  return n;
}

const CEILING = 5;

describe('statements per event action', () => {
  it(`every action at most ${CEILING} (session, begin, the locked event with its checks, update with log and probes, commit)`, async () => {
    await walk(); // warm-up
    const n = await walk();
    console.info('event actions, SLA off:', JSON.stringify(n));
    for (const [action, count] of Object.entries(n)) expect(count, action).toBeLessThanOrEqual(CEILING);
  });

  it('with SLA on and a template setting naming principal roles, only the clocks’ own work is added', async () => {
    await rows(
      t.deps.db,
      sql`insert into system_settings (enterprise_id, code, value) values (${tm.ep}, 'sla_enabled', '1')
      on conflict (enterprise_id, code) do update set value = '1'`,
    );
    const [tpl] = await rows<{ template_id: number }>(t.deps.db, sql`select template_id from events where enterprise_id = ${tm.ep} limit 1`);
    await rows(
      t.deps.db,
      sql`insert into event_template_settings (enterprise_id, template_id, actions, principal_roles)
      values (${tm.ep}, ${tpl?.template_id}, '{assign,claim,start,escalate,pause,resume,complete,close,reopen}', '{2}')
      on conflict (enterprise_id, template_id) do update set principal_roles = '{2}'`,
    );
    try {
      const n = await walk();
      console.info('event actions, SLA on, principal roles set:', JSON.stringify(n));
      for (const [action, count] of Object.entries(n)) expect(count, action).toBeLessThanOrEqual(CEILING + 3);
    } finally {
      await rows(t.deps.db, sql`delete from system_settings where enterprise_id = ${tm.ep} and code = 'sla_enabled'`);
      await rows(t.deps.db, sql`delete from event_template_settings where enterprise_id = ${tm.ep}`);
    }
  });
});

describe('the checks folded into the locked read keep their answers and their order', () => {
  it('a principal who is not an enabled user is refused first, even on an event that is not there; nothing changes', async () => {
    const id = await newEvent();
    const other = 999_999_998; // nobody
    const gone = '负责人：人员不存在或已停用';
    expect((await tm.admin.client.call(K.assign, { id, principalId: other })).message).toContain(gone);
    expect((await tm.admin.client.call(K.assign, { id: 999_999_999, principalId: other })).message).toContain(gone);
    expect((await tm.admin.client.call(K.assign, { id: 999_999_999, principalId: tm.engineer.id })).code).toBe('NOT_FOUND');
    await rows(t.deps.db, sql`update users set enabled = false where enterprise_id = ${tm.ep} and id = ${tm.engineer2.id}`);
    try {
      expect((await tm.admin.client.call(K.assign, { id, principalId: tm.engineer2.id })).message).toContain(gone);
    } finally {
      await rows(t.deps.db, sql`update users set enabled = true where enterprise_id = ${tm.ep} and id = ${tm.engineer2.id}`);
    }
    const [e] = await rows<{ state: number; principal_id: number | null; logs: number }>(
      t.deps.db,
      sql`select state, principal_id, (select count(*)::int from event_logs l where l.enterprise_id = e.enterprise_id and l.event_id = e.id) as logs
        from events e where e.enterprise_id = ${tm.ep} and e.id = ${id}`,
    );
    expect(e).toEqual({ state: 1, principal_id: null, logs: 1 });
  });
});
