import { accountContract as A, SETTINGS, orderContract as K, settingsContract as S, sparesContract as SP } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import type { Client } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { newCustomer } from '../customers/test-helpers';
import { team } from '../orders/actions.fixtures';
import { inbound, stockedTeam } from '../spares/spares.fixtures';

// Settings that change behaviour (docs/settings.md): each one on → behaviour A, off → behaviour B. The signature,
// phone and SLA switches have their own files (orders/signature, customers/phone, sla/sla.enabled).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const save = async (c: Client, code: string, value: string) => {
  const r = await c.request('POST', S.batchSave.path, [{ code, value }]);
  expect(r.success, r.message).toBe(true);
};

describe('工单编号前缀 (order_no_prefix)', () => {
  it('GD by default; a saved prefix numbers the next orders; an empty prefix leaves the date and counter', async () => {
    const tm = await team(t);
    const c = tm.admin.client;
    const customerId = await newCustomer(c);
    const no = async () => {
      const id = (await c.call(K.add, { customerId, title: '漏水' })).data.id as number;
      const [o] = await rows<{ order_no: string }>(t.deps.db, sql`select order_no from orders where enterprise_id = ${tm.ep} and id = ${id}`);
      return String(o?.order_no);
    };
    expect(await no()).toMatch(/^GD\d{8}-0001$/);
    await save(c, 'order_no_prefix', 'SV');
    expect(await no()).toMatch(/^SV\d{8}-0002$/);
    await save(c, 'order_no_prefix', '');
    expect(await no()).toMatch(/^\d{8}-0003$/);
  });
});

describe('列表默认每页条数 (default_page_size)', () => {
  it('10 by default; a saved size is what every user of the enterprise starts lists with; another enterprise keeps its own', async () => {
    const tm = await team(t);
    const other = await team(t);
    const size = async (c: Client) => (await c.call(A.sessionUser, {})).data.defaultPageSize;
    expect(await size(tm.engineer.client)).toBe(10);
    await save(tm.admin.client, 'default_page_size', '50');
    expect(await size(tm.engineer.client)).toBe(50);
    expect(await size(other.engineer.client)).toBe(10);
    // A value outside the page sizes (written around the page's check) starts at 10.
    await t.deps.db.execute(sql`update system_settings set value = '7' where enterprise_id = ${tm.ep} and code = 'default_page_size'`);
    expect(await size(tm.engineer.client)).toBe(10);
  });
});

describe('库存低于预警值时提醒仓库管理员 (spare_stock_warning)', () => {
  const warnings = async (ep: number) =>
    Number((await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from notices where enterprise_id = ${ep} and kind = 'spare_warning'`))[0]?.n);
  async function fallBelowSafety(s: Awaited<ReturnType<typeof stockedTeam>>) {
    await inbound(s, 5);
    expect((await s.k.call(SP.setSafety, { warehouseId: s.wh, spareId: s.spare, safety: 4 })).success).toBe(true);
    const id = (await s.k.call(SP.docSave, { kind: 7, fromWarehouseId: s.wh, items: [{ spareId: s.spare, quantity: 2 }] })).data.id;
    // The keeper filed it: another (the administrator) approves it.
    expect((await s.tm.admin.client.call(SP.docApprove, { id })).success).toBe(true);
  }

  it('on (the default): the keeper is told when stock falls below safety', async () => {
    const s = await stockedTeam(t);
    await fallBelowSafety(s);
    expect(await warnings(s.tm.ep)).toBe(1);
  });

  it('off: the warnings list still shows it, nobody is told', async () => {
    const s = await stockedTeam(t);
    await save(s.tm.admin.client, 'spare_stock_warning', '0');
    await fallBelowSafety(s);
    expect((await s.k.call(SP.warningList, {})).data.count).toBe(1);
    expect(await warnings(s.tm.ep)).toBe(0);
  });
});

describe('the settings page shows only settings some code reads', () => {
  it('every setting on the page has its row in docs/settings.md; the ones off the page are named there too', async () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../../../../docs/settings.md'), 'utf8');
    for (const s of SETTINGS) expect(doc, s.code).toContain(`\`${s.code}\``);
    const tm = await team(t);
    const shown = (await tm.admin.client.call(S.list)).data.map((x: { code: string }) => x.code);
    expect(shown).toEqual(SETTINGS.filter((s) => !s.pending).map((s) => s.code));
    expect(shown).toContain('order_sign_required');
    expect(shown).not.toContain('order_evaluation');
  });
});
