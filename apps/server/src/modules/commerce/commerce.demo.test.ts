import { orderDetailContract as D, portalContract as P, productContract as PR, quotationContract as Q, warrantyExtContract as W } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client } from '../../test/factories';
import { DEMO_APP_TIMEOUT, demoEnterpriseOf, demoTestApp, type TestApp } from '../../test/harness';
import { DEMO_PORTAL_MOBILE } from '../portal/portal.demo';
import { PortalClient } from '../portal/portal.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await demoTestApp();
}, DEMO_APP_TIMEOUT);
afterAll(async () => t.close());

describe('commerce demo', () => {
  it('the salesperson 13800000005 and the administrator see the quotations (one with ¥0 lines) and the extension in force', async () => {
    const ep = await demoEnterpriseOf(t, '13800000005');
    for (const mobile of ['13800000005', '13800000003']) {
      const c = await new Client(t.app).login(mobile, 'demo1234', ep);
      const quotes = (await c.send(Q.list, {})).data;
      expect(quotes.list.map((q) => q.state).sort()).toEqual([1, 2, 4]);
      const sent = quotes.list.find((q) => q.state === 2);
      const d = (await c.send(Q.detail, { id: sent?.id as number })).data;
      expect(d.coverage?.state).toBe(1);
      expect(d.lines.filter((l) => l.amountCents === 0 && l.coverReason).length).toBe(2);
      const ext = (await c.send(W.list, {})).data;
      expect(ext.list).toMatchObject([{ state: 2 }]);
      // One warranty answer for the extended device (issue 65, 8): its page says 延保 to the extension's end, and each
      // demo order on it says what the device had on the order's day — 延保 to the same end from the extension's start.
      const e = ext.list[0] as { installedProductId: number; startDate: string; endDate: string };
      const product = (await c.send(PR.productionDetail, { customerProductionId: e.installedProductId })).data;
      expect({ state: product.warrantyState, end: product.coverageEnd }).toEqual({ state: 3, end: e.endDate });
      const orders = await rows<{ id: number; day: string }>(
        t.deps.db,
        sql`select id::int, to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day from orders
          where enterprise_id = ${ep} and installed_product_id = ${e.installedProductId}`,
      );
      for (const o of mobile === '13800000003' ? orders : []) {
        const told = (await c.send(D.orderDetail, { orderId: o.id })).data.product;
        if (o.day >= e.startDate) expect({ state: told?.warrantyState, end: told?.warrantyEnd }).toEqual({ state: 3, end: e.endDate });
        else expect(told?.warrantyState).toBe(2);
      }
    }
    // The demo's portal account (docs/portal.md) is that quotation's customer's, with the demo password.
    const portal = await new PortalClient(t.app).login(DEMO_PORTAL_MOBILE, 'demo1234');
    expect((await portal.send(P.products, {})).data.list.some((p) => p.coverage.state === 1)).toBe(true);
    expect((await portal.send(P.quotations, {})).data.list.map((q) => q.state)).toContain(2);
  });
});
