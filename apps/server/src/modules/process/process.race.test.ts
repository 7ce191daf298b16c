import { DEFAULT_ORDER_PROCESS, processContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { ensureDefaultTemplate } from '../forms/templates.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('publishing at once', () => {
  it('10 parallel publishes of one order type each get their own next version; 10 parallel list saves leave one row', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const tid = (await ensureDefaultTemplate(t.deps.db, enterpriseId, 1)).id;
    const answers = await race(10, (i) => client.send(C.publish, { tid, process: { ...DEFAULT_ORDER_PROCESS, dispatch: i % 2 === 0 } }));
    expect(tally(answers)).toEqual({ ok: 10 });
    expect(answers.map((a) => a.data.version).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const saves = await race(10, (i) => client.send(C.updateOrderListSetting, { tid, columns: i % 2 ? ['title'] : ['orderNo'] }));
    expect(tally(saves)).toEqual({ ok: 10 });
    const [n] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from order_list_settings where enterprise_id = ${enterpriseId}`);
    expect(n?.n).toBe(1);
  });
});
