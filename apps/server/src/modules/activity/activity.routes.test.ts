import { activityContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const logRows = (enterpriseId: number) =>
  rows<{ module: string; action: string; detail: string }>(
    t.deps.db,
    sql`select module, action, detail from operation_log where enterprise_id = ${enterpriseId} order by id`,
  );

describe('page-view points', () => {
  it('records one point per call for the caller', async () => {
    const { client, enterpriseId, user } = await loggedIn(t.app, t.deps.db, { roles: [2] });
    expect((await client.call(C.point, { code: 'report.statusStatistics' })).success).toBe(true);
    await client.call(C.point, { code: 'report.statusStatistics' });
    const got = await rows<{ user_id: number; code: string }>(t.deps.db, sql`select user_id, code from page_points where enterprise_id = ${enterpriseId}`);
    expect(got).toEqual([
      { user_id: user.id, code: 'report.statusStatistics' },
      { user_id: user.id, code: 'report.statusStatistics' },
    ]);
  });

  it('refuses a bad code and needs a session', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db);
    expect((await client.call(C.point, { code: 'a b' })).message).toBe('埋点编码：只能包含字母、数字和._:/-，最长64位');
    expect((await client.call(C.point, {})).code).toBe('VALIDATION');
    expect((await new Client(t.app).call(C.point, { code: 'x' })).message).toBe('未登录');
    const [r] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from page_points where enterprise_id = ${enterpriseId}`);
    expect(Number(r?.n)).toBe(0);
  });
});

describe('operation log', () => {
  it('saves a row and lists it newest first with the operator’s name', async () => {
    const { client, enterpriseId, user } = await loggedIn(t.app, t.deps.db);
    expect((await client.call(C.saveLog, { module: '工单', action: '导出', detail: '导出全部工单' })).success).toBe(true);
    await client.call(C.saveLog, { module: '客户', action: '删除' });
    expect(await logRows(enterpriseId)).toEqual([
      { module: '工单', action: '导出', detail: '导出全部工单' },
      { module: '客户', action: '删除', detail: '' },
    ]);
    const page = (await client.call(C.getActivity)).data;
    expect(page.count).toBe(2);
    expect(page.list[0]).toMatchObject({ module: '客户', action: '删除', user_id: user.id });
    expect(page.list[0]!.user_name).toMatch(/^用户/);
    expect(page.list[0]!.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await client.call(C.getActivity, { module: '工单' })).data.list.map((x: { action: string }) => x.action)).toEqual(['导出']);
  });

  it('filters by date range in the enterprise’s time zone', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db);
    await client.call(C.saveLog, { module: '工单', action: '旧' });
    // 2024-05-01 23:30 in Shanghai is 15:30 UTC.
    await t.deps.db.execute(sql`update operation_log set created_at = '2024-05-01T15:30:00Z' where enterprise_id = ${enterpriseId}`);
    expect((await client.call(C.getActivity, { start: '2024-05-01', end: '2024-05-01' })).data.count).toBe(1);
    expect((await client.call(C.getActivity, { start: '2024-05-02' })).data.count).toBe(0);
    expect((await client.call(C.getActivity, { end: '2024-04-30' })).data.count).toBe(0);
    expect((await client.call(C.getActivity, { start: '2024/5/1' })).message).toBe('开始日期：日期格式应为YYYY-MM-DD');
  });

  it('shows others only their own rows; the whole log needs sh_system_setting', async () => {
    const admin = await loggedIn(t.app, t.deps.db);
    const staff = await loggedIn(t.app, t.deps.db, { roles: [4], enterpriseId: admin.enterpriseId });
    await admin.client.call(C.saveLog, { module: '设置', action: '修改' });
    await staff.client.call(C.saveLog, { module: '工单', action: '新建' });
    expect((await staff.client.call(C.getActivity)).data.list.map((x: { action: string }) => x.action)).toEqual(['新建']);
    expect((await staff.client.call(C.getActivity, { userId: admin.user.id })).code).toBe('NO_POWER');
    expect((await admin.client.call(C.getActivity)).data.count).toBe(2);
    expect((await admin.client.call(C.getActivity, { userId: staff.user.id })).data.list.map((x: { action: string }) => x.action)).toEqual(['新建']);
  });

  it('never shows another enterprise’s rows', async () => {
    const a = await loggedIn(t.app, t.deps.db);
    const b = await loggedIn(t.app, t.deps.db);
    await a.client.call(C.saveLog, { module: '工单', action: '新建' });
    expect((await b.client.call(C.getActivity)).data.count).toBe(0);
    expect((await b.client.call(C.getActivity, { userId: a.user.id })).data.count).toBe(0);
    expect((await logRows(a.enterpriseId)).length).toBe(1);
  });

  it('refuses bad input, writes nothing, and needs a session and the CSRF token', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db);
    expect((await client.call(C.saveLog, { module: '', action: '新建' })).message).toBe('模块：请填写模块');
    expect((await client.call(C.saveLog, { module: '工单', action: 'x'.repeat(51) })).message).toBe('操作：操作不能超过50个字');
    expect((await client.call(C.saveLog, { module: '工单', action: '新建' }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await new Client(t.app).call(C.saveLog, { module: '工单', action: '新建' })).message).toBe('未登录');
    expect((await new Client(t.app).call(C.getActivity)).message).toBe('未登录');
    expect((await client.call(C.getActivity, { pageSize: 7 })).message).toBe('每页条数：每页条数只能是10、20、50、100、500或1000');
    expect(await logRows(enterpriseId)).toEqual([]);
  });
});
