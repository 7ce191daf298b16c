import { fieldInput, orderActionsContract as K, productContract as P } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/harness';
import { countOf, newCustomer, newModel } from '../customers/test-helpers';
import { saveField } from '../forms/fields.service';
import { logsOf, orderIn, orderRow, signatureUpload, type Team, team } from './actions.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const one = async (q: ReturnType<typeof sql>) => Number((await rows<{ id: number }>(t.deps.db, q))[0]?.id);

/** An order of a real customer (contact, default address, an installed product), two catalogue items and an order tag. */
async function world(tm: Team, state: number, cols: Record<string, unknown> = {}) {
  const customer = await newCustomer(tm.admin.client, { name: '张江物业' });
  const product = (await tm.admin.client.send(P.productionSave, { productId: await newModel(tm.admin.client), customerId: customer })).data.id as number;
  const address = await one(sql`select id from customer_addresses where enterprise_id = ${tm.ep} and customer_id = ${customer}`);
  const contact = await one(
    sql`insert into customer_contacts (enterprise_id, customer_id, name, phone) values (${tm.ep}, ${customer}, '李四', '13900001111') returning id`,
  );
  const check = await one(sql`insert into service_items (enterprise_id, name, price) values (${tm.ep}, ${`上门检测${customer}`}, 80) returning id`);
  const clean = await one(sql`insert into service_items (enterprise_id, name, price) values (${tm.ep}, ${`清洗${customer}`}, 120.5) returning id`);
  const tag = await one(sql`insert into tags (enterprise_id, code, name, color_rgb) values (${tm.ep}, 3, ${`加急${customer}`}, '#f00') returning id`);
  const id = await orderIn(t, tm, state, { customer_id: customer, ...cols });
  await t.deps.db.execute(sql`insert into order_service_items (enterprise_id, order_id, service_item_id, name, price, quantity, amount)
    values (${tm.ep}, ${id}, ${check}, '上门检测', 80, 2, 160)`);
  await t.deps.db.execute(sql`update orders set service_amount = 160, receivable_amount = 160 where enterprise_id = ${tm.ep} and id = ${id}`);
  return { id, customer, product, address, contact, check, clean, tag };
}

const itemsOf = (ep: number, id: number) =>
  rows<{ service_item_id: number; quantity: number; amount: string }>(
    t.deps.db,
    sql`select service_item_id, quantity::int as quantity, amount from order_service_items where enterprise_id = ${ep} and order_id = ${id} order by service_item_id`,
  );

describe('POST /v2/order/edit: every field of the create page', () => {
  it('changes product, service items, tags, source, channel, address and people in one logged edit that names them', async () => {
    const tm = await team(t);
    const w = await world(tm, 2);
    const r = await tm.dispatcher.client.send(K.edit, {
      orderId: w.id,
      expectedState: 2,
      version: 0,
      contactId: w.contact,
      customLinkPerson: '李四',
      customPhone: '13900001111',
      gpsAddr: { provinceCode: '31', cityCode: '3101', districtCode: '310115', detail: '张江路88号', latitude: 31.2, longitude: 121.6 },
      productId: w.product,
      serviceId: [w.check, w.clean],
      orderLabel: [w.tag],
      source: 2,
      saleChannel: 1,
      serviceLevel: 2,
      customEnterpriseName: '张江物业公司',
      salespersonId: tm.desk.id,
      duplicateUserId: [tm.desk.id],
    });
    expect(r).toMatchObject({ success: true, data: { id: w.id, state: 2 } });
    const o = await orderRow(t, tm.ep, w.id);
    expect(o).toMatchObject({
      contact_id: w.contact,
      installed_product_id: w.product,
      source: 2,
      sale_channel: 1,
      service_level: 2,
      salesperson_id: tm.desk.id,
      version: 1,
    });
    expect(Number(o.latitude)).toBe(31.2);
    expect(o.full_address).toContain('张江路88号');
    // The kept item keeps its quantity; the new one comes at the catalogue's price; the receivable follows.
    expect(await itemsOf(tm.ep, w.id)).toEqual([
      { service_item_id: w.check, quantity: 2, amount: '160.00' },
      { service_item_id: w.clean, quantity: 1, amount: '120.50' },
    ]);
    expect(Number(o.receivable_amount)).toBe(280.5);
    expect(await countOf(t.deps.db, 'tag_links', sql`enterprise_id = ${tm.ep} and obj_type = 3 and obj_id = ${w.id}`)).toBe(1);
    const logs = await logsOf(t, tm.ep, w.id);
    expect(logs.length).toBe(1);
    expect(Object.keys(logs[0]?.changed ?? {})).toEqual(
      expect.arrayContaining([
        'installed_product_id',
        'service_amount',
        'source',
        'sale_channel',
        'full_address',
        'latitude',
        'salesperson_id',
        'custom_enterprise_name',
      ]),
    );
    expect(logs[0]?.note).toMatch(/服务项目：.+；工单标签：加急\d+；抄送人：/);
    const shown = await tm.dispatcher.client.get(`/v2/order/logs?orderId=${w.id}`);
    expect(shown.data[0]!.changedNames).toEqual(expect.arrayContaining(['产品', '服务项目', '来源', '销售渠道', '服务地址', '销售人员']));
  });

  it('a saved address of the order’s customer; the same values again write nothing', async () => {
    const tm = await team(t);
    const w = await world(tm, 1);
    expect((await tm.dispatcher.client.send(K.edit, { orderId: w.id, addressId: w.address })).success).toBe(true);
    expect((await orderRow(t, tm.ep, w.id)).address_id).toBe(w.address);
    const again = await tm.dispatcher.client.send(K.edit, { orderId: w.id, addressId: w.address, serviceId: [w.check], orderLabel: [] });
    expect(again.success).toBe(true);
    expect((await logsOf(t, tm.ep, w.id)).length).toBe(1);
  });

  it('bad input is refused in Chinese and nothing is written', async () => {
    const tm = await team(t);
    const w = await world(tm, 1);
    const other = await team(t);
    const foreign = await world(other, 1);
    const theirs = (
      await tm.admin.client.send(P.productionSave, { productId: await newModel(tm.admin.client), customerId: await newCustomer(tm.admin.client) })
    ).data.id;
    const cases: [Record<string, unknown>, string][] = [
      [{ productId: theirs }, '产品：设备不存在或不属于该客户'],
      [{ productId: foreign.product }, '产品：设备不存在或不属于该客户'],
      [{ serviceId: [w.check, foreign.clean] }, '服务项目：服务项目不存在或已被删除'],
      [{ orderLabel: [foreign.tag] }, '工单标签：标签不存在或已被删除'],
      [{ addressId: foreign.address }, '服务地址：地址不存在或不属于该客户'],
      [{ contactId: foreign.contact }, '联系人：联系人不存在或不属于该客户'],
      [{ source: 9 }, '来源：来源不正确'],
      [{ saleChannel: 77 }, '销售渠道：不可选择该销售渠道'],
      [{ serviceId: 'x' }, '服务项目'],
      [{ gpsAddr: { provinceCode: '99', cityCode: '9901', districtCode: '990101', detail: '无' } }, '服务地址：省市区不正确'],
    ];
    for (const [body, message] of cases) {
      // A valid change rides along each time: the refusal must take it back too.
      const r = await tm.dispatcher.client.send(K.edit, { orderId: w.id, title: '不该写入', serviceId: [w.clean], ...body });
      expect(r.success, JSON.stringify(body)).toBe(false);
      expect(r.status).toBe(200);
      expect(r.message).toContain(message);
    }
    expect(await orderRow(t, tm.ep, w.id)).toMatchObject({ title: '空调不制冷', version: 0 });
    expect(await itemsOf(tm.ep, w.id)).toEqual([{ service_item_id: w.check, quantity: 2, amount: '160.00' }]);
    expect((await logsOf(t, tm.ep, w.id)).length).toBe(0);
    expect((await tm.dispatcher.client.send(K.edit, { orderId: foreign.id, title: '别人的' })).code).toBe('NOT_FOUND');
    expect((await orderRow(t, other.ep, foreign.id)).title).toBe('空调不制冷');
  });
});

describe('what each state lets an edit change', () => {
  it('in service the appointment is refused by name; awaiting completion approval only notes, files, tags and copies', async () => {
    const tm = await team(t);
    const w = await world(tm, 4);
    const refused = await tm.dispatcher.client.send(K.edit, { orderId: w.id, customApplyTime: '2026-12-05 10:00:00', title: '改' });
    expect(refused.message).toBe('当前工单状态不能修改：预约时间');
    expect((await orderRow(t, tm.ep, w.id)).title).toBe('空调不制冷');
    expect((await tm.dispatcher.client.send(K.edit, { orderId: w.id, title: '改', serviceId: [w.clean] })).success).toBe(true);

    const review = await world(tm, 7, { examine_type: 2, examine_result: 0 });
    const r = await tm.dispatcher.client.send(K.edit, { orderId: review.id, title: '改', serviceId: [review.clean], detailDesc: '补充说明' });
    expect(r.message).toBe('当前工单状态不能修改：标题、服务项目');
    expect(await itemsOf(tm.ep, review.id)).toHaveLength(1);
    expect((await tm.dispatcher.client.send(K.edit, { orderId: review.id, detailDesc: '补充说明', orderLabel: [review.tag] })).success).toBe(true);
    // Sending a field unchanged is not a change: the whole form may be sent back.
    expect((await tm.dispatcher.client.send(K.edit, { orderId: review.id, title: '空调不制冷', detailDesc: '再补充' })).success).toBe(true);

    const creation = await world(tm, 7, { examine_type: 1, examine_result: 0 });
    expect((await tm.dispatcher.client.send(K.edit, { orderId: creation.id, title: '改', customApplyTime: '2026-12-05 10:00:00' })).success).toBe(true);
  });

  it('completed, cancelled, archived and invalid orders: nothing', async () => {
    const tm = await team(t);
    for (const cols of [{ state: 5 }, { state: 6 }, { state: 5, place_state: 1 }, { state: 0, invalid: true }]) {
      const w = await world(tm, cols.state, cols);
      const r = await tm.admin.client.send(K.edit, { orderId: w.id, detailDesc: '改' });
      expect(r.success, JSON.stringify(cols)).toBe(false);
      expect(r.message).toBe('当前工单状态不允许该操作');
    }
  });
});

describe('POST /v2/order/employee/edit: what the engineer corrects on site', () => {
  it('contact, phone, address with coordinates, product and service items; staff-only fields are not theirs', async () => {
    const tm = await team(t);
    const w = await world(tm, 3);
    const r = await tm.engineer.client.send(K.employeeEdit, {
      orderId: w.id,
      customLinkPerson: '王五',
      customPhone: '13700002222',
      gpsAddr: { provinceCode: '31', cityCode: '3101', districtCode: '310115', detail: '科苑路1号', latitude: 31.21, longitude: 121.59 },
      productId: w.product,
      serviceId: [w.clean],
    });
    expect(r.success).toBe(true);
    expect(await orderRow(t, tm.ep, w.id)).toMatchObject({ custom_link_person: '王五', custom_phone: '13700002222', installed_product_id: w.product });
    expect(await itemsOf(tm.ep, w.id)).toEqual([{ service_item_id: w.clean, quantity: 1, amount: '120.50' }]);
    const [log] = await logsOf(t, tm.ep, w.id);
    expect(log).toMatchObject({ action: 'employeeEdit', user_id: tm.engineer.id });
    // The body has no title: a title sent is not read.
    await tm.engineer.client.send(K.employeeEdit, { orderId: w.id, title: '工程师改标题' } as never);
    expect((await orderRow(t, tm.ep, w.id)).title).toBe('空调不制冷');
    expect((await tm.engineer.client.send(K.employeeEdit, { orderId: w.id, productId: 987654 })).message).toBe('产品：设备不存在或不属于该客户');
  });
});

describe('补充服务信息: required fields bind the completion, not every save (issue 65, 9)', () => {
  it('saves a photo with 故障类型 empty; completing is then refused naming it, nothing written; filled in, it completes', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 4);
    const o = await orderRow(t, tm.ep, id);
    const ref = { enterpriseId: tm.ep, userId: tm.admin.id, kind: 1 as const, tmpId: Number(o.template_id) };
    const fault = await saveField(t.deps.db, ref, fieldInput.parse({ name: '故障类型', type: 3, options: ['不制冷', '漏水'], required: true }));
    const photos = await saveField(t.deps.db, ref, fieldInput.parse({ name: '现场照片', type: 26 }));
    await t.deps.db.execute(sql`update orders set template_version_id = ${photos.versionId} where enterprise_id = ${tm.ep} and id = ${id}`);
    const photo = await signatureUpload(tm.engineer.client);

    // The photo alone: saved, the required 故障类型 still empty.
    const saved = await tm.engineer.client.send(K.employeeEdit, { orderId: id, ext: { [photos.id]: [photo] } });
    expect(saved).toMatchObject({ success: true });
    expect((await orderRow(t, tm.ep, id)).ext).toEqual({ [photos.id]: [photo] });
    // Types and formats are still checked on a save: an option the field does not have is refused.
    const wrong = await tm.engineer.client.send(K.employeeEdit, { orderId: id, ext: { [fault.id]: '冒烟' } });
    expect(wrong).toMatchObject({ success: false, code: 'VALIDATION' });
    // Staff's 编辑工单 saves the same way.
    expect(await tm.admin.client.send(K.edit, { orderId: id, detailDesc: '客户说夜里更明显' })).toMatchObject({ success: true });

    // Completion names what is missing, and writes nothing (not the note's ext either).
    const before = await orderRow(t, tm.ep, id);
    const refused = await tm.engineer.client.send(K.serviceComplete, { orderId: id, ext: { [photos.id]: [photo] } });
    expect(refused).toMatchObject({ success: false, code: 'VALIDATION', message: '完成前还需填写：故障类型' });
    const after = await orderRow(t, tm.ep, id);
    expect({ state: after.state, version: after.version, ext: after.ext }).toEqual({ state: 4, version: before.version, ext: before.ext });

    const done = await tm.engineer.client.send(K.serviceComplete, { orderId: id, ext: { [fault.id]: '漏水' } });
    expect(done).toMatchObject({ success: true, data: { state: 5 } });
    expect((await orderRow(t, tm.ep, id)).ext).toEqual({ [photos.id]: [photo], [fault.id]: '漏水' });
  });
});

describe('20 edits of one order at once', () => {
  it('each applied in turn with its own log row; the order ends as one of them', async () => {
    const tm = await team(t);
    const w = await world(tm, 1);
    const bodies = Array.from({ length: 20 }, (_, i) => ({
      orderId: w.id,
      title: `标题${i}`,
      serviceId: i % 2 ? [w.check] : [w.clean],
      orderLabel: i % 3 ? [w.tag] : [],
    }));
    const answers = await Promise.all(bodies.map((b, i) => (i % 2 ? tm.dispatcher : tm.desk).client.send(K.edit, b)));
    expect(answers.filter((a) => a.success)).toHaveLength(20);
    const logs = await logsOf(t, tm.ep, w.id);
    expect(logs).toHaveLength(20);
    const o = await orderRow(t, tm.ep, w.id);
    expect(o.version).toBe(20);
    const last = bodies.find((b) => b.title === o.title);
    expect(last).toBeDefined();
    expect(logs.at(-1)?.changed?.title).toBe(o.title);
    // The lines and tags are the last edit's, not a mix.
    expect((await itemsOf(tm.ep, w.id)).map((l) => l.service_item_id)).toEqual(last?.serviceId);
    expect(await countOf(t.deps.db, 'tag_links', sql`enterprise_id = ${tm.ep} and obj_type = 3 and obj_id = ${w.id}`)).toBe(last?.orderLabel.length);
  });
});
