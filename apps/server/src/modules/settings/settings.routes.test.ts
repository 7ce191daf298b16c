import { freeNotice, SETTINGS, settingsContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { getSettingBool, getSettingInt } from './settings.repo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const stored = (enterpriseId: number) =>
  rows<{ code: string; value: string }>(t.deps.db, sql`select code, value from system_settings where enterprise_id = ${enterpriseId} order by code`);
const value = async (c: Client, code: string) => (await c.call(C.getByCode, { code })).data.value;

describe('reading settings', () => {
  it('answers defaults from the catalogue when nothing is stored', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [2] });
    expect((await client.call(C.getByCode, { code: 'order_auto_archive_days' })).data).toEqual({ code: 'order_auto_archive_days', value: '30' });
    const many = await client.call(C.getByCodes, { codes: 'default_page_size,help_tip_spare_manage,map_tile_url' });
    expect(many.data.map((x: { code: string }) => x.code)).toEqual(['default_page_size', 'help_tip_spare_manage', 'map_tile_url']);
    expect(many.data[0]!.value).toBe('10');
    expect(many.data[1]!.value).toBe('1');
    expect(many.data[2]!.value).toContain('{z}');
    const list = await client.call(C.list);
    expect(list.data.length).toBe(SETTINGS.filter((s) => !s.pending).length);
    expect(list.data.length).toBeGreaterThanOrEqual(10);
    expect(list.data.every((x: { changed: boolean; value: string; default: string }) => !x.changed && x.value === x.default)).toBe(true);
    expect(list.data.find((x: { code: string }) => x.code === 'sla_enabled')).toMatchObject({ type: 'bool', plan: 'sla', descri: '启用SLA时效管理' });
    expect(await stored(enterpriseId)).toEqual([]);
  });

  it('names an unknown code', async () => {
    const { client } = await loggedIn(t.app, t.deps.db);
    expect(await client.call(C.getByCode, { code: 'nope' })).toMatchObject({ success: false, code: 'SETTING_UNKNOWN', message: '设置项不存在：nope' });
    expect((await client.call(C.getByCodes, { codes: 'sla_enabled,nope2' })).message).toBe('设置项不存在：nope2');
    expect((await client.call(C.getByCodes, { codes: '' })).message).toBe('设置项：请指定设置项');
  });

  it('needs a session', async () => {
    const anon = new Client(t.app);
    expect((await anon.call(C.getByCode, { code: 'sla_enabled' })).message).toBe('未登录');
    expect((await anon.call(C.getByCodes, { codes: 'sla_enabled' })).message).toBe('未登录');
    expect((await anon.call(C.list)).message).toBe('未登录');
  });
});

describe('saving settings', () => {
  it('stores only changed values, normalised, and drops a value set back to its default', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db);
    const r = await client.request('POST', C.batchSave.path, [
      { code: 'schedule_visit_minutes', value: 90 },
      { code: 'help_tip_organization', value: false },
      { code: 'map_default_center', value: ' 121.47,31.23 ' },
      { code: 'spare_stock_warning', value: true },
    ]);
    expect(r).toMatchObject({ success: true, message: '保存成功' });
    expect(await stored(enterpriseId)).toEqual([
      { code: 'help_tip_organization', value: '0' },
      { code: 'map_default_center', value: '121.47,31.23' },
      { code: 'schedule_visit_minutes', value: '90' },
    ]);
    expect(await value(client, 'help_tip_organization')).toBe('0');
    expect(await getSettingInt(t.deps.db, enterpriseId, 'schedule_visit_minutes')).toBe(90);
    expect(await getSettingBool(t.deps.db, enterpriseId, 'help_tip_organization')).toBe(false);
    const list = (await client.call(C.list)).data;
    expect(
      list
        .filter((x: { changed: boolean }) => x.changed)
        .map((x: { code: string }) => x.code)
        .sort(),
    ).toEqual(['help_tip_organization', 'map_default_center', 'schedule_visit_minutes']);
    await client.request('POST', C.batchSave.path, [{ code: 'schedule_visit_minutes', value: '60' }]);
    expect((await stored(enterpriseId)).map((x) => x.code)).toEqual(['help_tip_organization', 'map_default_center']);
  });

  it('refuses the whole batch on one unknown code or bad value, with a message naming it', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db);
    const save = (body: unknown) => client.request('POST', C.batchSave.path, body);
    expect(
      (
        await save([
          { code: 'order_auto_archive_days', value: 5 },
          { code: 'bogus', value: 1 },
        ])
      ).message,
    ).toBe('设置项不存在：bogus');
    expect((await save([{ code: 'order_auto_archive_days', value: 400 }])).message).toBe('工单完成后自动归档的天数（0为不自动归档）：不能大于365');
    expect((await save([{ code: 'order_auto_archive_days', value: 'abc' }])).message).toBe('工单完成后自动归档的天数（0为不自动归档）：请输入整数');
    expect((await save([{ code: 'help_tip_organization', value: 'maybe' }])).message).toBe('组织架构页面显示帮助提示：只能是开启(1)或关闭(0)');
    expect((await save([{ code: 'default_page_size', value: 30 }])).message).toBe('列表默认每页条数：只能是10、20、50、100');
    expect((await save([{ code: 'map_tile_url', value: 'ftp://x/{x}/{y}/{z}' }])).message).toBe(
      '地图瓦片地址（含{x}、{y}、{z}的URL模板）：请输入以http://或https://开头的地址',
    );
    expect((await save([{ code: 'map_tile_url', value: 'https://tiles.example.com/{z}/{x}.png' }])).message).toBe(
      '地图瓦片地址（含{x}、{y}、{z}的URL模板）：地址须包含{x}、{y}、{z}',
    );
    expect((await save([{ code: 'order_no_prefix', value: '工单' }])).message).toBe('工单编号前缀：只能填写英文字母');
    expect((await save([{ code: 'return_visit_sms', value: null }])).message).toBe('回访完成后向客户发送短信：请填写设置值');
    expect(
      (
        await save([
          { code: 'order_evaluation', value: 0 },
          { code: 'order_evaluation', value: 1 },
        ])
      ).message,
    ).toBe('设置项重复：工单完成后邀请客户评价');
    expect((await save([])).message).toBe('请提交要保存的设置');
    expect((await save({ code: 'order_evaluation', value: 0 })).code).toBe('VALIDATION');
    expect(await stored(enterpriseId)).toEqual([]);
  });

  it('accepts a good tile URL', async () => {
    const { client } = await loggedIn(t.app, t.deps.db);
    const url = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
    expect((await client.request('POST', C.batchSave.path, [{ code: 'map_tile_url', value: url }])).success).toBe(true);
    expect(await value(client, 'map_tile_url')).toBe(url);
  });

  it('refuses switching on a free-locked feature on the free plan, but saves other settings', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { plan: 0 });
    const r = await client.request('POST', C.batchSave.path, [
      { code: 'order_auto_archive_days', value: 3 },
      { code: 'sla_enabled', value: 1 },
    ]);
    expect(r).toMatchObject({ success: false, code: 'PLAN_FREE', message: freeNotice('sla') });
    expect((await client.request('POST', C.batchSave.path, [{ code: 'auto_copy', value: 1 }])).message).toBe(freeNotice('autoCopy'));
    expect(await stored(enterpriseId)).toEqual([]);
    expect(
      (
        await client.request('POST', C.batchSave.path, [
          { code: 'order_auto_archive_days', value: 3 },
          { code: 'sla_enabled', value: 0 },
        ])
      ).success,
    ).toBe(true);
    expect(await stored(enterpriseId)).toEqual([{ code: 'order_auto_archive_days', value: '3' }]);
  });

  it('keeps each enterprise’s settings apart', async () => {
    const a = await loggedIn(t.app, t.deps.db);
    const b = await loggedIn(t.app, t.deps.db);
    await a.client.request('POST', C.batchSave.path, [{ code: 'return_visit_pass_score', value: 5 }]);
    expect(await value(b.client, 'return_visit_pass_score')).toBe('3');
    await b.client.call(C.recovery, {});
    expect(await value(a.client, 'return_visit_pass_score')).toBe('5');
  });

  it('20 parallel changes of the same setting leave exactly one row holding one of the values', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db);
    const values = Array.from({ length: 20 }, (_, i) => String(i + 1));
    const answers = await Promise.all(values.map((v) => client.request('POST', C.batchSave.path, [{ code: 'return_visit_delay_hours', value: v }])));
    expect(answers.every((a) => a.success)).toBe(true);
    const left = await stored(enterpriseId);
    expect(left).toHaveLength(1);
    expect(left[0]?.code).toBe('return_visit_delay_hours');
    expect(values).toContain(left[0]?.value);
    expect(await value(client, 'return_visit_delay_hours')).toBe(left[0]?.value);
  });

  it('needs a session, the CSRF token and sh_system_setting', async () => {
    const body = [{ code: 'order_evaluation', value: 0 }];
    expect((await new Client(t.app).request('POST', C.batchSave.path, body)).message).toBe('未登录');
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db);
    expect((await client.request('POST', C.batchSave.path, body, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    const dispatcher = await loggedIn(t.app, t.deps.db, { roles: [1], enterpriseId });
    expect(await dispatcher.client.request('POST', C.batchSave.path, body)).toMatchObject({ success: false, code: 'NO_POWER' });
    expect(await stored(enterpriseId)).toEqual([]);
  });
});

describe('recovering defaults', () => {
  it('puts the named settings back, or all of them', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db);
    await client.request('POST', C.batchSave.path, [
      { code: 'order_auto_archive_days', value: 1 },
      { code: 'event_auto_close_days', value: 2 },
      { code: 'return_visit_sms', value: 1 },
    ]);
    expect(await client.call(C.recovery, { codes: ['order_auto_archive_days'] })).toMatchObject({ success: true, message: '恢复默认成功' });
    expect(await value(client, 'order_auto_archive_days')).toBe('30');
    expect((await stored(enterpriseId)).map((x) => x.code)).toEqual(['event_auto_close_days', 'return_visit_sms']);
    expect((await client.call(C.recovery, { codes: 'event_auto_close_days,nope' })).message).toBe('设置项不存在：nope');
    expect((await stored(enterpriseId)).length).toBe(2);
    await client.call(C.recovery);
    expect(await stored(enterpriseId)).toEqual([]);
  });

  it('needs a session, the CSRF token and sh_system_setting', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db);
    await client.request('POST', C.batchSave.path, [{ code: 'return_visit_sms', value: 1 }]);
    expect((await new Client(t.app).call(C.recovery, {})).message).toBe('未登录');
    expect((await client.call(C.recovery, {}, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    const staff = await loggedIn(t.app, t.deps.db, { roles: [4], enterpriseId });
    expect((await staff.client.call(C.recovery, {})).code).toBe('NO_POWER');
    expect((await stored(enterpriseId)).length).toBe(1);
  });
});
