import { type MaintainAction, maintainMachine, contractContract as K, type Machine } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client';
import { CONTRACT_STATE } from '../modules/customers/contracts.common';
import { newCustomer } from '../modules/customers/test-helpers';
import { type Client, loggedIn } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { outcomes, raceCalls } from '../test/race';
import { AppError } from './errors';
import { drainJobs, prepareJobs, registerJobHandler } from './jobs';
import { abilitiesOf, changeState, registerStateHook } from './state';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const TABLE = CONTRACT_STATE.maintain;
/** The maintenance machine under its own name, so this file's hooks touch no other test. */
const machine: Machine<MaintainAction> = { ...maintainMachine, name: 'test_state_maintain' };

async function newContract(client: Client): Promise<number> {
  const customerId = await newCustomer(client);
  const r = await client.send(K.maintainSave, { name: '维保', customerId, startDate: '2024-01-01', endDate: '2024-12-31', amount: 100 });
  return r.data.id;
}

const stateOf = async (ep: number, id: number) =>
  Number((await rows<{ status: number }>(t.deps.db, sql`select status from maintain_contracts where enterprise_id = ${ep} and id = ${id}`))[0]?.status);

const logsOf = (ep: number, id: number) =>
  rows<{ from_state: number | null; to_state: number; action: string; note: string | null; changed: unknown; user_id: number | null }>(
    t.deps.db,
    sql`select from_state, to_state, action, note, changed, user_id from contract_logs where enterprise_id = ${ep} and kind = 'maintain' and contract_id = ${id} order by id`,
  );

const codeOf = (e: unknown) => (e instanceof AppError ? e.code : `not an AppError: ${String(e)}`);

describe('changeState', () => {
  it('moves the state, sets the patch and writes one log row with the changed fields', async () => {
    const { client, enterpriseId, user } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const id = await newContract(client);
    const r = await changeState(t.deps.db, {
      table: TABLE,
      machine,
      enterpriseId,
      id,
      action: 'execute',
      ctx: undefined,
      actorId: user.id,
      note: '开始执行',
      patch: { remark: '已开工' },
    });
    expect(r).toMatchObject({ from: 1, to: 2, row: { status: 2, remark: '已开工' } });
    expect(await logsOf(enterpriseId, id)).toEqual([
      { from_state: null, to_state: 1, action: 'create', note: null, changed: null, user_id: user.id },
      { from_state: 1, to_state: 2, action: 'execute', note: '开始执行', changed: { remark: '已开工' }, user_id: user.id },
    ]);
    expect(abilitiesOf(machine, 2, undefined)).toEqual(['finish', 'terminate']);
  });

  it('refuses an illegal action, a moved record and another enterprise, changing nothing', async () => {
    const { client, enterpriseId, user } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const id = await newContract(client);
    const base = { table: TABLE, machine, enterpriseId, id, ctx: undefined, actorId: user.id } as const;
    await expect(changeState(t.deps.db, { ...base, action: 'finish' })).rejects.toMatchObject({ code: 'INVALID_STATE', message: '当前状态不允许该操作' });
    await expect(changeState(t.deps.db, { ...base, action: 'execute', expected: 2 })).rejects.toMatchObject({
      code: 'STATE_CHANGED',
      message: '数据已变更，请刷新后重试',
    });
    const other = await loggedIn(t.app, t.deps.db, { roles: [3] });
    await expect(changeState(t.deps.db, { ...base, enterpriseId: other.enterpriseId, action: 'execute' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(changeState(t.deps.db, { ...base, action: 'execute', guard: sql`false` })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await stateOf(enterpriseId, id)).toBe(1);
    expect(await logsOf(enterpriseId, id)).toHaveLength(1);
  });

  it('runs the hooks of the action: a check refuses with its message; after-hooks enqueue jobs that exist only if it commits', async () => {
    const { client, enterpriseId, user } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const id = await newContract(client);
    const ran: unknown[] = [];
    registerJobHandler('test.state_follow', async (job) => {
      ran.push({ ep: job.enterpriseId, ...job.payload });
    });
    await prepareJobs(t.deps);
    let refuse = true;
    const off = registerStateHook(machine, 'terminate', {
      check: async (h) => {
        if (refuse) throw new AppError('VALIDATION', { detail: `终止前请先结清费用（${h.from}→${h.to}）` });
      },
      after: async (h) => [{ kind: 'test.state_follow', payload: { id: h.id, to: h.to, status: h.row.status } }],
    });
    const base = { table: TABLE, machine, enterpriseId, id, ctx: undefined, actorId: user.id, action: 'terminate' } as const;
    await expect(changeState(t.deps.db, base)).rejects.toMatchObject({ message: '终止前请先结清费用（1→4）' });
    expect(await stateOf(enterpriseId, id)).toBe(1);
    await drainJobs(t.deps);
    expect(ran).toEqual([]);
    // A change that fails after the after-hook (inside the caller's transaction) leaves no job either.
    refuse = false;
    await expect(
      t.deps.db.transaction(async (tx) => {
        await changeState(tx, base);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await stateOf(enterpriseId, id)).toBe(1);
    await drainJobs(t.deps);
    expect(ran).toEqual([]);
    await changeState(t.deps.db, { ...base, follow: [{ kind: 'test.state_follow', payload: { id, extra: true } }] });
    off();
    await drainJobs(t.deps);
    expect(ran).toHaveLength(2);
    expect(ran).toEqual(
      expect.arrayContaining([
        { ep: enterpriseId, id, extra: true },
        { ep: enterpriseId, id, to: 4, status: 4 },
      ]),
    );
  });

  it("a hook on '*' runs for every action of its machine, after the action's own", async () => {
    const { client, enterpriseId, user } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const id = await newContract(client);
    const seen: string[] = [];
    const offAll = registerStateHook(machine, '*', { check: async (h) => void seen.push(`*:${h.action}:${h.from}`) });
    const offOne = registerStateHook(machine, 'terminate', { check: async (h) => void seen.push(`terminate:${h.from}`) });
    try {
      await changeState(t.deps.db, { table: TABLE, machine, enterpriseId, id, ctx: undefined, actorId: user.id, action: 'terminate' });
    } finally {
      offAll();
      offOne();
    }
    expect(seen).toEqual(['terminate:1', '*:terminate:1']);
  });
});

describe('races', () => {
  it('20 parallel changes of one record through the service: exactly one wins, one log row', async () => {
    const { client, enterpriseId, user } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const id = await newContract(client);
    // Each caller saw the contract at 1 (as its page did): a call that starts only after another has committed still
    // refuses, since terminate is allowed from 2 too.
    const results = await raceCalls(20, (i) =>
      changeState(t.deps.db, {
        table: TABLE,
        machine,
        enterpriseId,
        id,
        expected: 1,
        action: i % 2 ? 'execute' : 'terminate',
        ctx: undefined,
        actorId: user.id,
      }),
    );
    const { values, errors } = outcomes(results);
    expect(values).toHaveLength(1);
    expect(errors.map(codeOf).every((c) => c === 'STATE_CHANGED' || c === 'INVALID_STATE')).toBe(true);
    const logs = await logsOf(enterpriseId, id);
    expect(logs).toHaveLength(2);
    expect(logs[1]).toMatchObject({ from_state: 1, to_state: values[0]?.to });
    expect(await stateOf(enterpriseId, id)).toBe(values[0]?.to);
  });

  it('20 parallel requests over HTTP: one success, the others a Chinese refusal, no 500', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const id = await newContract(client);
    const results = await raceCalls(20, () => client.send(K.maintainChangeState, { id, action: 'execute' }));
    const { values, errors } = outcomes(results);
    expect(errors).toEqual([]);
    expect(values.map((r) => r.status).every((s) => s === 200)).toBe(true);
    expect(values.filter((r) => r.success)).toHaveLength(1);
    const losers = values.filter((r) => !r.success);
    expect(losers).toHaveLength(19);
    // A loser that came second, or lost at the update and re-read, finds execute no longer allowed.
    for (const r of losers) expect(r.message).toBe('当前状态不允许该操作');
    expect((await logsOf(enterpriseId, id)).filter((l) => l.action === 'execute')).toHaveLength(1);
    expect(await stateOf(enterpriseId, id)).toBe(2);
  });
});
