import { DEPLOY_PRESETS, dictContract as DC, moneyItemContract as M, quickDeployContract as Q } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const admin = () => loggedIn(t.app, t.deps.db, { roles: [3] });

/** Everything an enterprise holds that a deploy could add, as comparable name lists. */
async function holdings(enterpriseId: number) {
  const templates = await rows<{ name: string; kind: number }>(
    t.deps.db,
    sql`select name, form_kind as kind from form_templates where enterprise_id = ${enterpriseId} order by form_kind, name`,
  );
  const fields = await rows<{ n: number }>(
    t.deps.db,
    sql`select count(*)::int as n from form_fields where enterprise_id = ${enterpriseId} and deleted_at is null`,
  );
  const items = await rows<{ n: number }>(
    t.deps.db,
    sql`select count(*)::int as n from money_items where enterprise_id = ${enterpriseId} and deleted_at is null`,
  );
  const dict = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from dict_items where enterprise_id = ${enterpriseId}`);
  return { templates: templates.map((r) => `${r.kind}:${r.name}`), fields: Number(fields[0]?.n), items: Number(items[0]?.n), dict: Number(dict[0]?.n) };
}

const idOfTemplate = async (enterpriseId: number, name: string) =>
  Number((await rows<{ id: number }>(t.deps.db, sql`select id from form_templates where enterprise_id = ${enterpriseId} and name = ${name}`))[0]?.id);

describe('quick deploy', () => {
  it('adds an industry’s templates with fields, service items and dictionary values, and says what it added', async () => {
    const { client, enterpriseId } = await admin();
    const preset = DEPLOY_PRESETS.machinery;
    const plan = (await client.call(Q.plan, { industry: 'machinery' })).data;
    expect(plan.industryName).toBe('机械工程');
    expect(plan.templates.map((x: { name: string; exists: boolean }) => [x.name, x.exists])).toEqual(preset.templates.map((x) => [x.name, false]));
    const before = await holdings(enterpriseId);

    const r = await client.call(Q.apply, { industry: 'machinery' });
    expect(r).toMatchObject({ success: true, message: '部署成功' });
    expect(r.data).toEqual(plan);
    const fieldCount = preset.templates.reduce((n, x) => n + x.fields.length, 0);
    const itemCount = preset.templates.reduce((n, x) => n + (x.moneyItems?.length ?? 0), 0);
    const dictCount = preset.dict.reduce((n, d) => n + d.names.length, 0);
    expect(r.data.count).toBe(preset.templates.length + fieldCount + itemCount + dictCount);
    const after = await holdings(enterpriseId);
    expect(after.templates).toEqual(expect.arrayContaining(preset.templates.map((x) => `${x.kind}:${x.name}`)));
    // (A bare test enterprise also gets each kind's default template, as with any first template.)
    expect(after.templates.filter((x) => !before.templates.includes(x) && !/^\d+:标准/.test(x))).toHaveLength(preset.templates.length);
    expect(after.fields - before.fields).toBe(fieldCount);
    expect(after.items - before.items).toBe(itemCount);
    expect(after.dict - before.dict).toBe(dictCount);

    // Through the form engine's own reads: the order type's service items and a select field's options.
    const repair = await idOfTemplate(enterpriseId, '工程机械维修');
    expect((await client.call(M.list, { tmpId: repair })).data.map((m: { name: string }) => m.name)).toEqual(['野外作业费', '维修工时费', '液压油']);
    const detail = (await client.get('/detailControl/detail', { type: 1, tmpId: repair })).data;
    expect(detail.fields.find((f: { name: string }) => f.name === '故障部位')).toMatchObject({
      type: 3,
      required: true,
      group: 'orderInfo',
      options: ['发动机', '液压系统', '电气系统', '行走系统', '工作装置'],
    });
    expect((await client.call(DC.list, { type: 37 })).data.map((i: { name: string }) => i.name)).toEqual(
      expect.arrayContaining(['挖掘机', '装载机', '起重机']),
    );

    // Again: nothing missing, nothing added.
    expect((await client.call(Q.plan, { industry: 'machinery' })).data).toMatchObject({ count: 0, templates: [], dict: [] });
    const again = await client.call(Q.apply, { industry: 'machinery' });
    expect(again).toMatchObject({ success: true, message: '已全部部署，无需补充', data: { count: 0 } });
    expect(await holdings(enterpriseId)).toEqual(after);
  });

  it('every industry deploys cleanly: its fields pass the form engine’s checks', async () => {
    for (const industry of Object.keys(DEPLOY_PRESETS)) {
      const { client } = await admin();
      const r = await client.call(Q.apply, { industry });
      expect(r, industry).toMatchObject({ success: true, message: '部署成功' });
      expect((await client.call(Q.plan, { industry })).data.count, industry).toBe(0);
    }
  });

  it('offers only what went missing and adds exactly that', async () => {
    const { client, enterpriseId } = await admin();
    await client.call(Q.apply, { industry: 'property' });
    const repair = await idOfTemplate(enterpriseId, '业主报修');
    const items = (await client.call(M.list, { tmpId: repair })).data as { id: number; name: string }[];
    const gone = items.find((m) => m.name === '疏通下水道')!;
    expect((await client.call(M.delete, { ids: [gone.id] })).success).toBe(true);
    const dict = (await client.get('/dict/items', { type: 6 })).data as { id: number; name: string }[];
    expect((await client.call(DC.remove, { ids: [dict.find((i) => i.name === '停车投诉')!.id] })).success).toBe(true);
    const held = await holdings(enterpriseId);

    const plan = (await client.call(Q.plan, {})).data; // the enterprise's own industry is the default …
    expect(plan.industry).toBe('service'); // … the test enterprise registered none
    const p = (await client.call(Q.plan, { industry: 'property' })).data;
    expect(p).toMatchObject({
      count: 2,
      templates: [{ name: '业主报修', exists: true, fields: [], moneyItems: ['疏通下水道'] }],
      dict: [{ type: 6, typeName: '事件分类', names: ['停车投诉'] }],
    });
    expect((await client.call(Q.apply, { industry: 'property' })).data).toEqual(p);
    const now = await holdings(enterpriseId);
    expect(now).toEqual({ ...held, items: held.items + 1, dict: held.dict + 1 });
  });

  it('two deploys at once add everything once', async () => {
    const { client, enterpriseId } = await admin();
    const [a, b] = await Promise.all([client.call(Q.apply, { industry: 'homeImprovement' }), client.call(Q.apply, { industry: 'homeImprovement' })]);
    expect([a.success, b.success]).toEqual([true, true]);
    const counts = [a.data.count, b.data.count].sort((x, y) => x - y);
    expect(counts[0]).toBe(0);
    expect(counts[1]).toBeGreaterThan(0);
    const after = await holdings(enterpriseId);
    expect(new Set(after.templates).size).toBe(after.templates.length);
    for (const x of DEPLOY_PRESETS.homeImprovement.templates) expect(after.templates.filter((n) => n === `${x.kind}:${x.name}`)).toHaveLength(1);
  });

  it('is one transaction: a failure on the last step leaves nothing behind', async () => {
    const { client, enterpriseId } = await admin();
    // Fill the order-category dictionary to its limit, so adding the industry's values there fails last.
    await t.deps.db.execute(sql`insert into dict_items (enterprise_id, type, name, value, sort, enabled)
      select ${enterpriseId}, 1, '填充' || g, '', g, true from generate_series(1, 500) g`);
    const before = await holdings(enterpriseId);
    const r = await client.call(Q.apply, { industry: 'manufacturing' });
    expect(r.success).toBe(false);
    expect(r.code).toBe('LIMIT_REACHED');
    expect(await holdings(enterpriseId)).toEqual(before);
  });

  it('needs the quick-deploy power, a known industry, and stays in its enterprise', async () => {
    const { enterpriseId } = await admin();
    const svc = await loggedIn(t.app, t.deps.db, { roles: [2], enterpriseId });
    expect((await svc.client.call(Q.apply, { industry: 'service' })).code).toBe('NO_POWER');
    const { client } = await admin();
    expect((await client.call(Q.apply, { industry: 'mining' })).message).toBe('行业：请选择行业');
    const other = await holdings(enterpriseId);
    await client.call(Q.apply, { industry: 'service' });
    expect(await holdings(enterpriseId)).toEqual(other);
  });
});
