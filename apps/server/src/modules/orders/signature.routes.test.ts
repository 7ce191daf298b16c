import {
  DEFAULT_ORDER_PROCESS,
  orderActionsContract as K,
  orderContract as O,
  orderDetailContract as D,
  processContract as P,
  settingsContract as S,
} from '@sk/shared';
import { sql } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { countOf, newCustomer } from '../customers/test-helpers';
import { ensureDefaultTemplate } from '../forms/templates.service';
import { logsOf, orderIn, orderRow, signatureUpload, type Team, team } from './actions.fixtures';

// The customer's signature as the proof of service: taken by the completion and receipt dialogs (signatureId),
// required when 完成服务时须客户签名确认 is on, shown on the detail, in getSign and in the service report.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const MISSING = '完成前还需填写：客户签名';
const signRequired = async (tm: Team, on: boolean) => {
  const r = await tm.admin.client.request('POST', S.batchSave.path, [{ code: 'order_sign_required', value: on ? '1' : '0' }]);
  expect(r.success).toBe(true);
};

async function pdfOf(tm: Team, orderId: number): Promise<{ raw: string; text: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/export/orderPdf',
    headers: { cookie: tm.admin.client.cookie, 'x-csrf-token': tm.admin.client.csrf },
    payload: { orderId },
  });
  expect(res.headers['content-type']).toBe('application/pdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true });
  return { raw: res.rawPayload.toString('latin1'), text };
}

describe('完成服务时须客户签名确认', () => {
  it('off: the engineer completes without a signature, and the report says 未签名', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 4);
    expect((await tm.engineer.client.send(K.checkFinish, { orderId: id })).data).toEqual({ ready: true, missing: [], message: '' });
    const ok = await tm.engineer.client.send(K.serviceComplete, { orderId: id });
    expect(ok).toMatchObject({ success: true, data: { id, state: 5 } });
    expect((await orderRow(t, tm.ep, id)).signature_id).toBeNull();
    expect((await tm.admin.client.send(D.orderDetail, { orderId: id })).data.signature).toBeNull();
    expect((await pdfOf(tm, id)).text).toContain('（未签名）');
  });

  it('on: completion without a signature is refused in Chinese and nothing is written; with one it completes, stored and shown', async () => {
    const tm = await team(t);
    await signRequired(tm, true);
    const id = await orderIn(t, tm, 4);
    const check = await tm.engineer.client.send(K.checkFinish, { orderId: id });
    expect(check.data).toEqual({ ready: false, missing: [{ form: 'signature', fieldId: null, name: '客户签名' }], message: MISSING });

    const refused = await tm.engineer.client.send(K.serviceComplete, { orderId: id, note: '已更换电容' });
    expect(refused).toMatchObject({ success: false, code: 'VALIDATION', message: MISSING });
    const untouched = await orderRow(t, tm.ep, id);
    expect(untouched).toMatchObject({ state: 4, signature_id: null, signed_at: null, finished_at: null });
    expect((await logsOf(t, tm.ep, id)).map((l) => l.action)).not.toContain('serviceComplete');

    const sign = await signatureUpload(tm.engineer.client);
    const ok = await tm.engineer.client.send(K.serviceComplete, { orderId: id, signatureId: sign, note: '已更换电容' });
    expect(ok).toMatchObject({ success: true, data: { id, state: 5 } });
    const o = await orderRow(t, tm.ep, id);
    expect(Number(o.signature_id)).toBe(sign);
    expect(o.signed_at).not.toBeNull();

    const detail = (await tm.admin.client.send(D.orderDetail, { orderId: id })).data;
    expect(detail.signature).toMatchObject({ file: { id: sign, ext: 'png', url: `/api/upload/file/${sign}` } });
    expect(detail.signature?.signedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The signature is not one of the order's attachments.
    expect(detail.attachments).toEqual([]);
    const signs = (await tm.admin.client.send(D.getSign, { orderId: id })).data;
    expect(signs[0]).toEqual({ fieldId: 0, name: '客户签名', form: 'signature', url: `/api/upload/file/${sign}`, fileId: sign });

    const pdf = await pdfOf(tm, id);
    expect(pdf.text).toContain('客户签名');
    expect(pdf.text).not.toContain('（未签名）');
    expect(pdf.raw).toMatch(/\/Subtype \/Image/);
  });

  it('on: turned off again, completion without a signature goes through', async () => {
    const tm = await team(t);
    await signRequired(tm, true);
    await signRequired(tm, false);
    const id = await orderIn(t, tm, 4);
    expect((await tm.engineer.client.send(K.serviceComplete, { orderId: id })).data?.state).toBe(5);
  });

  it('the order type says so (its process asks for a signature at end service): refused without, completes with the dialog signature', async () => {
    const tm = await team(t);
    const tid = (await ensureDefaultTemplate(t.deps.db, tm.ep, 1)).id;
    const published = await tm.admin.client.send(P.publish, {
      tid,
      process: { ...DEFAULT_ORDER_PROCESS, requirements: { endService: { fields: [], signature: true, photos: false } } },
    });
    expect(published.success).toBe(true);
    const made = await tm.admin.client.send(O.add, { customerId: await newCustomer(tm.admin.client), title: '空调不制冷', priority: 1 });
    const id = made.data.id;
    await tm.dispatcher.client.send(K.dispatch, { orderId: id, serviceUserId: tm.engineer.id });
    await tm.engineer.client.send(K.accept, { orderId: id });
    expect((await tm.engineer.client.send(K.startService, { orderId: id })).data?.state).toBe(4);
    const refused = await tm.engineer.client.send(K.serviceComplete, { orderId: id });
    expect(refused).toMatchObject({ success: false, code: 'VALIDATION', message: '结束服务前还需填写：客户签名' });
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 4, signature_id: null });
    const sign = await signatureUpload(tm.engineer.client);
    expect((await tm.engineer.client.send(K.serviceComplete, { orderId: id, signatureId: sign })).data?.state).toBe(5);
  });

  it("refuses another enterprise's upload and a file that is not a picture; nothing written", async () => {
    const tm = await team(t);
    const other = await team(t);
    await signRequired(tm, true);
    const id = await orderIn(t, tm, 4);
    const foreign = await signatureUpload(other.engineer.client);
    const bad = await tm.engineer.client.send(K.serviceComplete, { orderId: id, signatureId: foreign });
    expect(bad).toMatchObject({ success: false, code: 'VALIDATION', message: '客户签名：签名图片不存在，请重新签名' });
    const [doc] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into uploads (enterprise_id, name, ext, mime, size, kind, path)
        values (${tm.ep}, '报价单.pdf', 'pdf', 'application/pdf', 10, 'doc', 'x/报价单.pdf') returning id`,
    );
    const notPicture = await tm.engineer.client.send(K.serviceComplete, { orderId: id, signatureId: Number(doc?.id) });
    expect(notPicture).toMatchObject({ success: false, code: 'VALIDATION', message: '客户签名：只能是签名图片' });
    const junk = await tm.engineer.client.send(K.serviceComplete, { orderId: id, signatureId: 'abc' });
    expect(junk).toMatchObject({ success: false });
    expect(junk.message).toContain('客户签名');
    expect(await orderRow(t, tm.ep, id)).toMatchObject({ state: 4, signature_id: null });
  });

  it("another enterprise's order answers not found and keeps its state; the anonymous and a missing CSRF are refused", async () => {
    const tm = await team(t);
    const other = await team(t);
    const id = await orderIn(t, other, 4);
    const sign = await signatureUpload(tm.engineer.client);
    expect((await tm.engineer.client.send(K.serviceComplete, { orderId: id, signatureId: sign })).code).toBe('NOT_FOUND');
    expect((await tm.admin.client.send(K.receipt, { orderId: id, receiptExt: {}, signatureId: sign })).code).toBe('NOT_FOUND');
    expect(await orderRow(t, other.ep, id)).toMatchObject({ state: 4, signature_id: null });
    expect((await new Client(t.app).send(K.serviceComplete, { orderId: id, signatureId: sign })).message).toBe('未登录');
    expect((await tm.engineer.client.send(K.serviceComplete, { orderId: id, signatureId: sign }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
  });

  it('the receipt dialog takes (or replaces) the signature', async () => {
    const tm = await team(t);
    const id = await orderIn(t, tm, 5);
    const sign = await signatureUpload(tm.engineer.client);
    const r = await tm.engineer.client.send(K.receipt, { orderId: id, receiptExt: {}, signatureId: sign });
    expect(r).toMatchObject({ success: true, data: { state: 5 } });
    const o = await orderRow(t, tm.ep, id);
    expect(Number(o.signature_id)).toBe(sign);
    expect(o.receipted_at).not.toBeNull();
  });

  it('10 parallel signed completions of one order: one wins, one log row, the winner’s signature kept', async () => {
    const tm = await team(t);
    await signRequired(tm, true);
    const id = await orderIn(t, tm, 4);
    const signs = await Promise.all(Array.from({ length: 10 }, () => signatureUpload(tm.engineer.client)));
    const answers = await race(10, (i) => tm.engineer.client.send(K.serviceComplete, { orderId: id, signatureId: signs[i] }));
    expect(tally(answers).ok).toBe(1);
    const winner = answers.findIndex((a) => a.success);
    expect(Number((await orderRow(t, tm.ep, id)).signature_id)).toBe(signs[winner]);
    expect(await countOf(t.deps.db, 'order_logs', sql`enterprise_id = ${tm.ep} and order_id = ${id} and action = 'serviceComplete'`)).toBe(1);
  });
});
