import { contractContract as K } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import type { Job } from '../../platform/jobs';
import { loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { CONTRACT_DATES_JOB, CONTRACT_DATES_NOTE, handleContractDates } from './contracts.dates';
import { newCustomer } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = () => loggedIn(t.app, t.deps.db, { roles: [3] });
const job = (enterpriseId: number | null): Job => ({ id: '0', enterpriseId, kind: CONTRACT_DATES_JOB, payload: {}, attempts: 1 });
const runJob = (enterpriseId: number | null) => handleContractDates(job(enterpriseId), t.deps);

/** A day relative to today in Asia/Shanghai (the test enterprises' zone), as YYYY-MM-DD. */
async function day(offset: number): Promise<string> {
  const [r] = await rows<{ d: string }>(t.deps.db, sql`select to_char((now() at time zone 'Asia/Shanghai')::date + ${offset}::int, 'YYYY-MM-DD') as d`);
  return r!.d;
}

async function contract(client: Awaited<ReturnType<typeof admin>>['client'], startDate: string, endDate: string): Promise<number> {
  const customer = await newCustomer(client);
  const r = await client.call(K.maintainSave, { name: '年度维保', customerId: customer, startDate, endDate, amount: 1000 });
  expect(r.success).toBe(true);
  return r.data.id as number;
}

const detail = async (client: Awaited<ReturnType<typeof admin>>['client'], id: number) => (await client.call(K.maintainDetail, { id })).data;

describe('the contract date job', () => {
  it('moves contracts along their dates with logged system steps, only in the job’s enterprise', async () => {
    const a = await admin();
    const b = await admin();
    const past = await contract(a.client, '2024-04-01', '2025-03-31');
    const running = await contract(a.client, await day(0), await day(30));
    const future = await contract(a.client, await day(1), await day(30));
    const endsToday = await contract(a.client, await day(-10), await day(0));
    const otherPast = await contract(b.client, '2024-04-01', '2025-03-31');

    await runJob(a.enterpriseId);
    const d = await detail(a.client, past);
    expect(d.status).toBe(3);
    expect(d.logs.map((l: { fromState: number | null; toState: number }) => [l.fromState, l.toState])).toEqual([
      [null, 1],
      [1, 2],
      [2, 3],
    ]);
    expect(d.logs[1]).toMatchObject({ userName: null, note: CONTRACT_DATES_NOTE });
    expect((await detail(a.client, running)).status).toBe(2);
    expect((await detail(a.client, future)).status).toBe(1);
    // Finished only after the end date: the last day is still executing.
    expect((await detail(a.client, endsToday)).status).toBe(2);
    // Another enterprise is not touched by this enterprise's job …
    expect((await detail(b.client, otherPast)).status).toBe(1);
    // … and a second run changes nothing (no duplicate log rows).
    await runJob(a.enterpriseId);
    expect((await detail(a.client, past)).logs).toHaveLength(3);

    // The daily job without an enterprise covers every enterprise.
    await runJob(null);
    expect((await detail(b.client, otherPast)).status).toBe(3);
  });

  it('a manual change racing the job: exactly one of them moves the contract', async () => {
    const { client } = await admin();
    for (let i = 0; i < 5; i++) {
      const id = await contract(client, await day(-1), await day(30));
      const [manual] = await Promise.all([client.call(K.maintainChangeState, { id, action: 'execute' }), runJob(null)]);
      const d = await detail(client, id);
      expect(d.status).toBe(2);
      expect(d.logs.map((l: { toState: number }) => l.toState)).toEqual([1, 2]);
      if (manual.success) expect(d.logs[1]!.note).not.toBe(CONTRACT_DATES_NOTE);
      else expect(manual.code).toBe('INVALID_STATE');
    }
  });

  it('a contract due for renewal is also a notice to its owner, once per end date, and to nobody of another enterprise', async () => {
    const a = await admin();
    const b = await admin();
    const due = await contract(a.client, await day(-5), await day(10));
    const later = await contract(a.client, await day(-5), await day(40));
    const theirs = await contract(b.client, await day(-5), await day(10));
    const notices = async (userId: number) =>
      rows<{ title: string; link: string }>(
        t.deps.db,
        sql`select title, link from notices where user_id = ${userId} and kind = 'contract_renewal' order by id`,
      );
    await runJob(a.enterpriseId);
    await runJob(a.enterpriseId);
    const no = (await detail(a.client, due)).contractNo;
    expect(await notices(a.user.id)).toEqual([{ title: `维保合同${no}将于${await day(10)}到期，请及时续签`, link: '/maintainContract?expiring=1' }]);
    expect((await detail(a.client, later)).status).toBe(2);
    // Another enterprise's job run did not happen: its owner has nothing yet; its own run tells only its own owner.
    expect(await notices(b.user.id)).toEqual([]);
    await runJob(b.enterpriseId);
    expect((await notices(b.user.id)).map((n) => n.title)).toEqual([
      `维保合同${(await detail(b.client, theirs)).contractNo}将于${await day(10)}到期，请及时续签`,
    ]);
    expect(await notices(a.user.id)).toHaveLength(1);
  });

  it('a terminated contract stays terminated', async () => {
    const { client } = await admin();
    const id = await contract(client, '2024-04-01', '2025-03-31');
    expect((await client.call(K.maintainChangeState, { id, action: 'terminate' })).success).toBe(true);
    await runJob(null);
    expect((await detail(client, id)).status).toBe(4);
  });
});
