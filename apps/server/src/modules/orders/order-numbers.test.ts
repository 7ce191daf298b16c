import { orderContract as K, settingsContract as S } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { outcomes, raceCalls } from '../../test/race';
import { makeEnterprise } from '../../test/factories';
import { newCustomer } from '../customers/test-helpers';
import { team } from './actions.fixtures';
import { allocateOrderNumbers } from './order-numbers';
import type { TestApp } from '../../test/harness';
import { createTestApp } from '../../test/harness';
import { afterAll, beforeAll } from 'vitest';
import { numberDay } from '../../test/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const today = numberDay;
const suffix = (no: string) => Number(no.split('-').pop());

describe('order numbers from a sequence per enterprise', () => {
  it('50 parallel creates of one enterprise: 50 distinct numbers in the spec’s format, 0001 to 0050', async () => {
    const tm = await team(t);
    const customerId = await newCustomer(tm.admin.client);
    const { values, errors } = outcomes(await raceCalls(50, (i) => tm.admin.client.send(K.add, { customerId, title: `并发${i}` })));
    expect(errors).toEqual([]);
    expect(values.every((r) => r.success)).toBe(true);
    const numbers = values.map((r) => r.data.orderNo);
    for (const no of numbers) expect(no).toMatch(new RegExp(`^GD${today()}-\\d{4}$`));
    expect(new Set(numbers).size).toBe(50);
    // Nothing rolled back here: no gaps either.
    expect(numbers.map(suffix).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });

  it('two enterprises do not share a sequence, and each one’s prefix setting shapes its own numbers', async () => {
    const a = await team(t);
    const b = await team(t);
    const ca = await newCustomer(a.admin.client);
    const cb = await newCustomer(b.admin.client);
    expect((await a.admin.client.request('POST', S.batchSave.path, [{ code: 'order_no_prefix', value: 'SV' }])).success).toBe(true);
    const add = async (c: typeof a.admin.client, customerId: number) => (await c.send(K.add, { customerId, title: '漏水' })).data.orderNo;
    expect(await add(a.admin.client, ca)).toBe(`SV${today()}-0001`);
    expect(await add(a.admin.client, ca)).toBe(`SV${today()}-0002`);
    expect(await add(b.admin.client, cb)).toBe(`GD${today()}-0001`);
    expect(await add(a.admin.client, ca)).toBe(`SV${today()}-0003`);
  });

  it('an enterprise numbered by the old counter row continues after it; a rolled-back create leaves a gap, never a repeat', async () => {
    const ep = await makeEnterprise(t.deps.db);
    // As before the sequences: no sequence yet, the counter row at 41.
    await t.deps.db.execute(sql`drop sequence ${sql.identifier(`sk_order_no_${ep}`)}`);
    await t.deps.db.execute(sql`insert into counters (enterprise_id, name, value) values (${ep}, 'order', 41)`);
    expect(await allocateOrderNumbers(t.deps.db, ep, 'Asia/Shanghai', 2)).toEqual([`GD${today()}-0042`, `GD${today()}-0043`]);
    await t.deps.db
      .transaction(async (tx) => {
        await allocateOrderNumbers(tx, ep, 'Asia/Shanghai');
        throw new Error('rollback');
      })
      .catch(() => {});
    expect(await allocateOrderNumbers(t.deps.db, ep, 'Asia/Shanghai')).toEqual([`GD${today()}-0045`]);
    // The day part is the enterprise's zone's.
    const [no] = await allocateOrderNumbers(t.deps.db, ep, 'Pacific/Kiritimati');
    const kiritimati = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati', year: 'numeric', month: '2-digit', day: '2-digit' })
      .format(new Date())
      .replaceAll('-', '');
    expect(no).toBe(`GD${kiritimati}-0046`);
  });

  it('a new enterprise has its sequence from its creation: draws made at once never repeat a number; a deleted one takes it along', async () => {
    const ep = await makeEnterprise(t.deps.db);
    const got = await Promise.all(Array.from({ length: 8 }, () => t.deps.db.transaction((tx) => allocateOrderNumbers(tx, ep, 'Asia/Shanghai', 3))));
    const all = got.flat().map(suffix);
    expect(new Set(all).size).toBe(24);
    const [r] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from pg_class where relname = ${`sk_order_no_${ep}`}`);
    expect(r?.n).toBe(1);
    await t.deps.db.execute(sql`delete from enterprises where id = ${ep}`);
    const [gone] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from pg_class where relname = ${`sk_order_no_${ep}`}`);
    expect(gone?.n).toBe(0);
  });

  it('an enterprise written with the triggers off (a bench seed) gets its sequence on its first draw', async () => {
    const ep = await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`alter table enterprises disable trigger enterprises_order_no`);
      const id = await makeEnterprise(tx as never);
      await tx.execute(sql`alter table enterprises enable always trigger enterprises_order_no`);
      return id;
    });
    const [r] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from pg_class where relname = ${`sk_order_no_${ep}`}`);
    expect(r?.n).toBe(0);
    expect(await allocateOrderNumbers(t.deps.db, ep, 'Asia/Shanghai')).toEqual([`GD${today()}-0001`]);
  });
});
