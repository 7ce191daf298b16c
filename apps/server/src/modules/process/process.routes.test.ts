import {
  DEFAULT_ORDER_PROCESS,
  fieldInput,
  ORDER_EXPORT_COLUMNS,
  ORDER_LIST_DEFAULT_COLUMNS,
  type OrderProcess,
  orderActionsContract as A,
  orderContract as O,
  processContract as C,
} from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { countOf, newCustomer } from '../customers/test-helpers';
import { saveField } from '../forms/fields.service';
import * as forms from '../forms/forms.repo';
import { ensureDefaultTemplate } from '../forms/templates.service';
import { orderRow, signatureUpload, type Team, team } from '../orders/actions.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const typeOf = async (ep: number): Promise<number> => (await ensureDefaultTemplate(t.deps.db, ep, 1)).id;
const versionsOf = (ep: number) => countOf(t.deps.db, 'process_versions', sql`enterprise_id = ${ep}`);
const process = (p: Partial<OrderProcess> = {}): OrderProcess => ({ ...DEFAULT_ORDER_PROCESS, ...p });

async function publish(c: Client, tid: number, p: Partial<OrderProcess>): Promise<number> {
  const r = await c.call(C.publish, { tid, process: process(p) });
  if (!r.success) throw new Error(r.message);
  return r.data.versionId;
}
/** A new order through POST /v2/order/add (so it pins the published process). */
async function newOrder(c: Client): Promise<number> {
  const r = await c.call(O.add, { customerId: await newCustomer(c), title: '空调不制冷', priority: 1 });
  if (!r.success) throw new Error(r.message);
  return r.data.id;
}
/** An order of the team run to 待审核 (completion approval) by its engineer. */
async function awaitingCompletion(tm: Team): Promise<number> {
  const id = await newOrder(tm.admin.client);
  expect((await tm.dispatcher.client.call(A.dispatch, { orderId: id, serviceUserId: tm.engineer.id })).data.state).toBe(2);
  await tm.engineer.client.call(A.accept, { orderId: id });
  await tm.engineer.client.call(A.startService, { orderId: id });
  expect((await tm.engineer.client.call(A.applyEndService, { orderId: id })).data.state).toBe(7);
  return id;
}

describe('the order process: read and publish', () => {
  it('an order type without a version answers the built-in default; each save publishes the next version', async () => {
    const tm = await team(t);
    const tid = await typeOf(tm.ep);
    const first = await tm.admin.client.call(C.get, { tid });
    expect(first.data).toMatchObject({ tid, versionId: null, version: null, process: DEFAULT_ORDER_PROCESS, versions: [], defaultOrderCount: 0 });
    const r = await tm.admin.client.call(C.publish, { tid, process: process({ dispatch: false }) });
    expect(r).toMatchObject({ success: true, message: '发布成功', data: { version: 1 } });
    await publish(tm.admin.client, tid, { completeApproval: true });
    const after = (await tm.admin.client.call(C.get, { tid })).data;
    expect(after).toMatchObject({ version: 2, process: { dispatch: true, completeApproval: true } });
    expect(after.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(after.versions[0]).toMatchObject({ orderCount: 0, createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
  });

  it('another enterprise’s order type, or a form that is not an order type, is not found and nothing is written', async () => {
    const tm = await team(t);
    const other = await team(t);
    const tid = await typeOf(other.ep);
    expect((await tm.admin.client.call(C.get, { tid })).code).toBe('NOT_FOUND');
    expect((await tm.admin.client.call(C.publish, { tid, process: process() })).code).toBe('NOT_FOUND');
    expect((await tm.admin.client.call(C.queryDispatchOrder, { tid })).code).toBe('NOT_FOUND');
    expect((await tm.admin.client.call(C.updateOrderListSetting, { tid, columns: ['orderNo'] })).code).toBe('NOT_FOUND');
    expect(await versionsOf(other.ep)).toBe(0);
    expect(await countOf(t.deps.db, 'order_list_settings', sql`enterprise_id in (${tm.ep}, ${other.ep})`)).toBe(0);
    const receipt = await forms.defaultTemplate(t.deps.db, tm.ep, 9);
    if (receipt) expect((await tm.admin.client.call(C.get, { tid: receipt.id })).code).toBe('NOT_FOUND');
  });

  it('bad input is refused in Chinese and publishes nothing; only system settings may publish', async () => {
    const tm = await team(t);
    const other = await team(t);
    const tid = await typeOf(tm.ep);
    const c = tm.admin.client;
    expect((await c.call(C.publish, { tid, process: process({ receipt: false, receiptApproval: true }) })).message).toContain('回执环节关闭时不能开启回执审核');
    const stranger = (
      await c.call(C.publish, { tid, process: process({ completeApproval: true, approvers: { complete: { by: 'user', userId: other.admin.id } } }) })
    ).message;
    expect(stranger).toBe('审核人：人员不存在或已停用');
    expect(
      (await c.call(C.publish, { tid, process: process({ requirements: { dispatch: { fields: [999999], signature: false, photos: false } } }) })).message,
    ).toBe('必填字段：字段不存在或已被删除');
    const badRole = await c.post(C.publish.path, { tid, process: { ...process(), approvers: { create: { by: 'role', role: 42 } } } });
    expect(badRole).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(badRole.message).toContain('角色不正确');
    expect((await c.post(C.publish.path, { tid, process: { ...process(), dispatch: 'no' } })).success).toBe(false);
    expect((await tm.engineer.client.call(C.publish, { tid, process: process() })).code).toBe('NO_POWER');
    expect(await versionsOf(tm.ep)).toBe(0);
  });
});

describe('versions: orders keep the process they started with', () => {
  it('an order created before a publish keeps its version and behaviour; one created after follows the new one', async () => {
    const tm = await team(t);
    const tid = await typeOf(tm.ep);
    const older = await newOrder(tm.admin.client);
    expect(await orderRow(t, tm.ep, older)).toMatchObject({ state: 1, process_version_id: null });

    const v1 = await publish(tm.admin.client, tid, { dispatch: false, completeApproval: true });
    const newer = await newOrder(tm.admin.client);
    // Without the dispatch stage the order waits for service, its creator serving.
    expect(await orderRow(t, tm.ep, newer)).toMatchObject({ state: 3, process_version_id: v1, service_user_id: tm.admin.id, process: { dispatch: false } });
    await tm.admin.client.call(A.startService, { orderId: newer });
    expect((await tm.admin.client.call(A.serviceComplete, { orderId: newer })).message).toBe('该工单完成需要审核，请申请结束服务');
    expect((await tm.admin.client.call(A.applyEndService, { orderId: newer })).data.state).toBe(7);

    // The older order still goes through dispatch and completes without approval.
    expect((await tm.dispatcher.client.call(A.dispatch, { orderId: older, serviceUserId: tm.engineer.id })).data.state).toBe(2);
    await tm.engineer.client.call(A.accept, { orderId: older });
    await tm.engineer.client.call(A.startService, { orderId: older });
    expect((await tm.engineer.client.call(A.serviceComplete, { orderId: older })).data.state).toBe(5);

    await publish(tm.admin.client, tid, {});
    const page = (await tm.admin.client.call(C.get, { tid })).data;
    expect(page.versions.map((v: { version: number; orderCount: number }) => [v.version, v.orderCount])).toEqual([
      [2, 0],
      [1, 1],
    ]);
    expect(page.defaultOrderCount).toBe(1);
    expect(page.defaultRecentOrders.map((o: { id: number }) => o.id)).toEqual([older]);
    expect(page.versions[1]!.recentOrders.map((o: { id: number }) => o.id)).toEqual([newer]);
    // The latest version is back to the default: new orders wait for dispatch again.
    expect((await orderRow(t, tm.ep, await newOrder(tm.admin.client))).state).toBe(1);
  });
});

describe('approvers', () => {
  it('a role: only users of that role approve; administrators and dispatchers are refused', async () => {
    const tm = await team(t);
    const finance = await loggedIn(t.app, t.deps.db, { roles: [8], enterpriseId: tm.ep });
    await publish(tm.admin.client, await typeOf(tm.ep), { completeApproval: true, approvers: { complete: { by: 'role', role: 8 } } });
    const id = await awaitingCompletion(tm);
    for (const c of [tm.admin.client, tm.dispatcher.client]) {
      expect((await c.call(A.examine, { orderId: id, examineType: 2, result: 1 })).message).toBe('您不是该工单的审核人，不能审核');
    }
    expect((await orderRow(t, tm.ep, id)).state).toBe(7);
    expect((await finance.client.call(A.examine, { orderId: id, examineType: 2, result: 1 })).data.state).toBe(5);
  });

  it('a named person: only that person approves', async () => {
    const tm = await team(t);
    const boss = await loggedIn(t.app, t.deps.db, { roles: [1], enterpriseId: tm.ep });
    await publish(tm.admin.client, await typeOf(tm.ep), { completeApproval: true, approvers: { complete: { by: 'user', userId: boss.user.id } } });
    const id = await awaitingCompletion(tm);
    expect((await tm.dispatcher.client.call(A.examine, { orderId: id, examineType: 2, result: 1 })).message).toBe('您不是该工单的审核人，不能审核');
    expect((await tm.admin.client.call(A.examine, { orderId: id, examineType: 2, result: 1 })).message).toBe('您不是该工单的审核人，不能审核');
    expect((await boss.client.call(A.examine, { orderId: id, examineType: 2, result: 2, note: '照片不清楚' })).data.state).toBe(4);
    const page = (await tm.admin.client.call(C.get, { tid: await typeOf(tm.ep) })).data;
    expect(page.approverNames[String(boss.user.id)]).toBe(`用户${boss.user.mobile.slice(-4)}`);
  });

  it('the order’s dispatcher: only the one who dispatched it approves', async () => {
    const tm = await team(t);
    const otherDispatcher = await loggedIn(t.app, t.deps.db, { roles: [1], enterpriseId: tm.ep });
    await publish(tm.admin.client, await typeOf(tm.ep), { completeApproval: true, approvers: { complete: { by: 'dispatcher' } } });
    const id = await awaitingCompletion(tm);
    expect((await otherDispatcher.client.call(A.examine, { orderId: id, examineType: 2, result: 1 })).message).toBe('您不是该工单的审核人，不能审核');
    expect((await tm.admin.client.call(A.examine, { orderId: id, examineType: 2, result: 1 })).message).toBe('您不是该工单的审核人，不能审核');
    expect((await tm.dispatcher.client.call(A.examine, { orderId: id, examineType: 2, result: 1 })).data.state).toBe(5);
  });

  it('creation approval by a role: the order starts at 待审核 and the role’s approval sends it to dispatch', async () => {
    const tm = await team(t);
    const finance = await loggedIn(t.app, t.deps.db, { roles: [8], enterpriseId: tm.ep });
    await publish(tm.admin.client, await typeOf(tm.ep), { createApproval: true, approvers: { create: { by: 'role', role: 8 } } });
    const id = await newOrder(tm.admin.client);
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 7, examine_type: 1, examine_result: 0 });
    expect((await tm.dispatcher.client.call(A.examine, { orderId: id, examineType: 1, result: 1 })).message).toBe('您不是该工单的审核人，不能审核');
    expect((await finance.client.call(A.examine, { orderId: id, examineType: 1, result: 1 })).data.state).toBe(1);
  });
});

describe('hook point requirements', () => {
  it('dispatch needs a field filled: refused naming it, passes once filled; start of service needs a photo and a signature', async () => {
    const tm = await team(t);
    const tid = await typeOf(tm.ep);
    const fault = await saveField(
      t.deps.db,
      { enterpriseId: tm.ep, userId: tm.admin.id, kind: 1, tmpId: tid },
      fieldInput.parse({ name: '故障代码', type: 1 }),
    );
    const sign = await saveField(
      t.deps.db,
      { enterpriseId: tm.ep, userId: tm.admin.id, kind: 1, tmpId: tid },
      fieldInput.parse({ name: '客户签字', type: 21 }),
    );
    await publish(tm.admin.client, tid, {
      requirements: { dispatch: { fields: [fault.id], signature: false, photos: false }, startService: { fields: [], signature: true, photos: true } },
    });
    const id = await newOrder(tm.admin.client);
    const refused = await tm.dispatcher.client.call(A.dispatch, { orderId: id, serviceUserId: tm.engineer.id });
    expect(refused).toMatchObject({ success: false, code: 'VALIDATION', message: '派单前还需填写：故障代码' });
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 1, service_user_id: null });

    await t.deps.db.execute(sql`update orders set ext = ${JSON.stringify({ [fault.id]: 'E1' })}::jsonb where enterprise_id = ${tm.ep} and id = ${id}`);
    expect((await tm.dispatcher.client.call(A.dispatch, { orderId: id, serviceUserId: tm.engineer.id })).data.state).toBe(2);
    await tm.engineer.client.call(A.accept, { orderId: id });
    expect((await tm.engineer.client.call(A.startService, { orderId: id })).message).toBe('开始服务前还需填写：客户签名、现场照片');
    const photo = await signatureUpload(tm.engineer.client);
    await t.deps.db.execute(sql`update orders set attachments = ${`{${photo}}`}::bigint[] where enterprise_id = ${tm.ep} and id = ${id}`);
    expect((await tm.engineer.client.call(A.startService, { orderId: id })).message).toBe('开始服务前还需填写：客户签名');
    const ext = JSON.stringify({ [fault.id]: 'E1', [sign.id]: photo });
    await t.deps.db.execute(sql`update orders set ext = ${ext}::jsonb where enterprise_id = ${tm.ep} and id = ${id}`);
    expect((await tm.engineer.client.call(A.startService, { orderId: id })).data.state).toBe(4);
  });

  it('an order pinned before the requirement is not held by it', async () => {
    const tm = await team(t);
    const tid = await typeOf(tm.ep);
    const older = await newOrder(tm.admin.client);
    const fault = await saveField(
      t.deps.db,
      { enterpriseId: tm.ep, userId: tm.admin.id, kind: 1, tmpId: tid },
      fieldInput.parse({ name: '故障代码', type: 1 }),
    );
    await publish(tm.admin.client, tid, { requirements: { dispatch: { fields: [fault.id], signature: false, photos: false } } });
    expect((await tm.dispatcher.client.call(A.dispatch, { orderId: older, serviceUserId: tm.engineer.id })).data.state).toBe(2);
  });
});

describe('stage actors', () => {
  it('appointments by the order’s dispatcher only: the acceptance desk is refused, the dispatcher who dispatched it reserves', async () => {
    const tm = await team(t);
    await publish(tm.admin.client, await typeOf(tm.ep), { actors: { appointment: { personTypes: [2], roles: [] } } });
    const id = await newOrder(tm.admin.client);
    await tm.dispatcher.client.call(A.dispatch, { orderId: id, serviceUserId: tm.engineer.id });
    const body = { orderId: id, bespokeTime: '2030-12-01 09:30' };
    expect((await tm.desk.client.call(A.keepDate, body)).message).toBe('您不是该工单的相关处理人，不能执行该操作');
    expect((await tm.dispatcher.client.call(A.keepDate, body)).success).toBe(true);
  });
});

describe('dispatch order settings and list settings', () => {
  it('queryDispatchOrder answers the published dispatch and pickup stages and who dispatches', async () => {
    const tm = await team(t);
    const tid = await typeOf(tm.ep);
    expect((await tm.dispatcher.client.call(C.queryDispatchOrder, { tid })).data).toEqual({
      tid,
      dispatch: true,
      engineerAccept: true,
      actors: null,
      versionId: null,
    });
    const v = await publish(tm.admin.client, tid, { engineerAccept: false, actors: { dispatch: { personTypes: [2], roles: [1, 3] } } });
    expect((await tm.dispatcher.client.call(C.queryDispatchOrder, { tid })).data).toEqual({
      tid,
      dispatch: true,
      engineerAccept: false,
      actors: { personTypes: [2], roles: [1, 3] },
      versionId: v,
    });
  });

  it('list settings: the default columns shown until saved; a save keeps the chosen columns in order, per order type', async () => {
    const tm = await team(t);
    const tid = await typeOf(tm.ep);
    const all = (await tm.engineer.client.call(C.queryOrderListSetting, {})).data;
    expect(all).toMatchObject({ tid: null, saved: false });
    expect(all.columns.filter((c: { visible: boolean }) => c.visible).map((c: { key: string }) => c.key)).toEqual(ORDER_LIST_DEFAULT_COLUMNS);
    expect(all.columns).toHaveLength(Object.keys(ORDER_EXPORT_COLUMNS).length);
    expect(all.columns[0]).toEqual({ key: 'orderNo', name: '工单编号', visible: true });

    expect(await tm.admin.client.call(C.updateOrderListSetting, { tid, columns: ['title', 'orderNo', 'state'] })).toMatchObject({
      success: true,
      message: '保存成功',
    });
    const mine = (await tm.engineer.client.call(C.queryOrderListSetting, { tid })).data;
    expect(mine.saved).toBe(true);
    expect(mine.columns.slice(0, 4)).toEqual([
      { key: 'title', name: '标题', visible: true },
      { key: 'orderNo', name: '工单编号', visible: true },
      { key: 'state', name: '工单状态', visible: true },
      { key: 'customName', name: '客户名称', visible: false },
    ]);
    // The lists without a type are untouched.
    expect((await tm.engineer.client.call(C.queryOrderListSetting, {})).data.columns[0]!.key).toBe('orderNo');

    expect((await tm.admin.client.call(C.updateOrderListSetting, { tid, columns: [] })).message).toContain('请至少显示一列');
    expect((await tm.admin.client.post(C.updateOrderListSetting.path, { tid, columns: ['nope'] })).message).toContain('列不正确');
    expect((await tm.admin.client.call(C.updateOrderListSetting, { tid, columns: ['title', 'title'] })).message).toContain('列不能重复');
    expect((await tm.engineer.client.call(C.updateOrderListSetting, { tid, columns: ['title'] })).code).toBe('NO_POWER');
    expect((await tm.engineer.client.call(C.queryOrderListSetting, { tid })).data.columns[0]!.key).toBe('title');
  });
});
