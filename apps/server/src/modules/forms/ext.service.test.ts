import { checkFieldDefs, type FieldDef, INDUSTRIES, type Industry } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import type { AppError } from '../../platform/errors';
import { type Client, loggedIn, makeEnterprise } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { insertUpload } from '../files/uploads.repo';
import { currentVersionOf, presentExt, validateAndComputeExt } from './ext.service';
import { provisionForms } from './forms.provision';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // A stand-in for a module's record table: what a record stores is its template version and ext.
  await t.deps.db.execute(sql`create table test_records (enterprise_id bigint not null, id serial, template_version_id bigint not null, ext jsonb not null)`);
});
afterAll(async () => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-rest')]);

async function add(client: Client, type: number, field: Record<string, unknown>): Promise<number> {
  const r = await client.post('/detailcontrol/saveField', { type, field });
  expect(r.success, r.message).toBe(true);
  return r.data.id;
}

/** What a module does when saving a record: validate inside its transaction, then write. */
async function saveRecord(enterpriseId: number, versionId: number, ext: unknown): Promise<number> {
  return t.deps.db.transaction(async (tx) => {
    const clean = await validateAndComputeExt(tx, enterpriseId, 2, versionId, ext, { isNew: true });
    const [r] = await rows<{ id: number }>(
      tx,
      sql`insert into test_records (enterprise_id, template_version_id, ext) values (${enterpriseId}, ${versionId}, ${JSON.stringify(clean)}::jsonb) returning id`,
    );
    return Number(r?.id);
  });
}
async function storedRecord(id: number) {
  const [r] = await rows<{ template_version_id: number; ext: Record<string, unknown> }>(
    t.deps.db,
    sql`select template_version_id, ext from test_records where id = ${id}`,
  );
  return r as { template_version_id: number; ext: Record<string, unknown> };
}
const failure = async (p: Promise<unknown>) =>
  p.then(
    () => 'no error',
    (e: AppError) => e.message,
  );

describe('records keep the template version they were created with', () => {
  it('validates and presents a version-1 record with version 1 after the template moved on', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const level = await add(client, 2, { name: '客户等级', type: 3, options: ['普通', 'VIP'], required: true });
    const spend = await add(client, 2, { name: '年消费', type: 2 });
    const v1 = await currentVersionOf(t.deps.db, enterpriseId, 2);
    const recordId = await saveRecord(enterpriseId, v1.templateVersionId, { [level]: 'VIP', [spend]: '1200' });
    const stored = await storedRecord(recordId);
    expect(stored.ext).toEqual({ [level]: 'VIP', [spend]: 1200 });

    // The administrator changes the form: new options, a new required field, one field deleted.
    await client.put('/detailcontrol/updateField', { type: 2, id: level, field: { name: '客户等级', type: 3, options: ['A级', 'B级'], required: true } });
    const region = await add(client, 2, { name: '所属区域', type: 1, required: true });
    await client.del('/detailcontrol/delete', { type: 2, ids: [spend] });
    const v2 = await currentVersionOf(t.deps.db, enterpriseId, 2);
    expect(v2.templateVersionId).not.toBe(v1.templateVersionId);

    // With its own version the record is still valid and reads as it was saved.
    expect(await validateAndComputeExt(t.deps.db, enterpriseId, 2, stored.template_version_id, stored.ext)).toEqual(stored.ext);
    const shown = await presentExt(t.deps.db, enterpriseId, stored.template_version_id, stored.ext);
    expect(shown.map((f) => [f.tfname, f.tfvvalue])).toEqual([
      ['客户等级', 'VIP'],
      ['年消费', '1200'],
    ]);
    expect(shown[0]?.fieldAttributeList).toEqual([
      { type: 'option', value: '普通' },
      { type: 'option', value: 'VIP' },
    ]);
    // Against the new version the same values no longer pass, and a new record must use the new fields.
    expect(await failure(validateAndComputeExt(t.deps.db, enterpriseId, 2, v2.templateVersionId, stored.ext))).toBe('客户等级：选项不存在');
    const fresh = await saveRecord(enterpriseId, v2.templateVersionId, { [level]: 'A级', [region]: '华东' });
    expect((await storedRecord(fresh)).ext).toEqual({ [level]: 'A级', [region]: '华东' });
    // The form info of the record's version is what the web renders it with.
    const info = await client.get('/detailcontrol/forminfo', { type: 2, versionId: stored.template_version_id });
    expect(info.data.fields.map((f: FieldDef) => f.name)).toEqual(['客户等级', '年消费']);
  });

  it('writes nothing when validation fails, naming the field', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const phone = await add(client, 2, { name: '备用电话', type: 23, required: true });
    const v = await currentVersionOf(t.deps.db, enterpriseId, 2);
    expect(await failure(saveRecord(enterpriseId, v.templateVersionId, { [phone]: '12' }))).toBe('备用电话：请输入正确的电话号码');
    expect(await failure(saveRecord(enterpriseId, v.templateVersionId, {}))).toBe('备用电话：不能为空');
    const [n] = await rows<{ n: number }>(t.deps.db, sql`select count(*)::int as n from test_records where enterprise_id = ${enterpriseId}`);
    expect(n?.n).toBe(0);
  });

  it('refuses a version of another kind or another enterprise', async () => {
    const a = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const b = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const theirs = await currentVersionOf(t.deps.db, b.enterpriseId, 2);
    const mine = await currentVersionOf(t.deps.db, a.enterpriseId, 2);
    expect(await failure(validateAndComputeExt(t.deps.db, a.enterpriseId, 2, theirs.templateVersionId, {}))).toBe('数据不存在或已被删除');
    expect(await failure(validateAndComputeExt(t.deps.db, a.enterpriseId, 1, mine.templateVersionId, {}))).toBe('数据不存在或已被删除');
    expect(await failure(presentExt(t.deps.db, a.enterpriseId, theirs.templateVersionId, {}))).toBe('数据不存在或已被删除');
  });
});

describe('files and links belong to the enterprise', () => {
  it('accepts own images of allowed types, refuses other types and other enterprises’ files', async () => {
    const { client, enterpriseId, user } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const other = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const photos = await add(client, 2, { name: '门头照片', type: 26 });
    const docs = await add(client, 2, { name: '资料', type: 15, fileKinds: ['doc'] });
    const png = (await client.post('/upload/save/str', { data: `data:image/png;base64,${PNG.toString('base64')}`, name: '门头' })).data;
    const pdf = await insertUpload(t.deps.db, {
      enterpriseId,
      createdBy: user.id,
      name: '合同.pdf',
      ext: 'pdf',
      mime: 'application/pdf',
      size: 10,
      kind: 'doc',
      path: 'x/1.pdf',
    });
    const foreign = await insertUpload(t.deps.db, {
      enterpriseId: other.enterpriseId,
      createdBy: other.user.id,
      name: '别家.png',
      ext: 'png',
      mime: 'image/png',
      size: 10,
      kind: 'image',
      path: 'y/1.png',
    });
    const v = (await currentVersionOf(t.deps.db, enterpriseId, 2)).templateVersionId;
    const ok = await validateAndComputeExt(t.deps.db, enterpriseId, 2, v, { [photos]: [png.id], [docs]: [pdf.id] });
    expect(ok).toEqual({ [photos]: [png.id], [docs]: [pdf.id] });
    expect(await failure(validateAndComputeExt(t.deps.db, enterpriseId, 2, v, { [photos]: [pdf.id] }))).toBe(
      '门头照片：不支持的文件类型，仅支持png、jpg、jpeg、gif',
    );
    expect(await failure(validateAndComputeExt(t.deps.db, enterpriseId, 2, v, { [docs]: [png.id] }))).toMatch(/^资料：不支持的文件类型/);
    expect(await failure(validateAndComputeExt(t.deps.db, enterpriseId, 2, v, { [photos]: [foreign.id] }))).toBe('门头照片：文件不存在或已被删除');
    const shown = await presentExt(t.deps.db, enterpriseId, v, ok);
    expect(shown[0]).toMatchObject({ tfname: '门头照片', tfvvalue: png.url, realPic: png.url });
    expect(shown[1]?.fieldAttributeList).toEqual([{ type: 'file', value: '合同.pdf' }]);
  });

  it('links only to records of the same enterprise, of a kind some module registered', async () => {
    const { client, enterpriseId, user } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const other = await loggedIn(t.app, t.deps.db, { roles: [3] });
    const owner = await add(client, 2, { name: '负责人', type: 30, linkKind: 'user' });
    const order = await add(client, 2, { name: '来源工单', type: 30, linkKind: 'order' });
    const v = (await currentVersionOf(t.deps.db, enterpriseId, 2)).templateVersionId;
    const ok = await validateAndComputeExt(t.deps.db, enterpriseId, 2, v, { [owner]: user.id });
    expect((await presentExt(t.deps.db, enterpriseId, v, ok))[0]?.tfvvalue).toMatch(/^用户/);
    expect(await failure(validateAndComputeExt(t.deps.db, enterpriseId, 2, v, { [owner]: other.user.id }))).toBe('负责人：关联的记录不存在');
    expect(await failure(validateAndComputeExt(t.deps.db, enterpriseId, 2, v, { [order]: 1 }))).toBe('来源工单：关联的记录不存在');
  });
});

describe('provisioning and concurrent edits', () => {
  it.each(Object.keys(INDUSTRIES) as Industry[])('gives a %s enterprise every default template with valid fields, once', async (industry) => {
    const enterpriseId = await makeEnterprise(t.deps.db);
    await t.deps.db.transaction((tx) => provisionForms(tx, enterpriseId, industry));
    await t.deps.db.transaction((tx) => provisionForms(tx, enterpriseId, industry));
    const list = await rows<{ form_kind: number; name: string; fields: FieldDef[]; n: number }>(
      t.deps.db,
      sql`select t.form_kind, t.name, v.fields, (select count(*)::int from form_template_versions x where x.template_id = t.id) as n
          from form_templates t join form_template_versions v on v.enterprise_id = t.enterprise_id and v.template_id = t.id
          where t.enterprise_id = ${enterpriseId} order by t.form_kind`,
    );
    expect(list).toHaveLength(14);
    expect(list.every((r) => r.n === 1)).toBe(true);
    const order = list.find((r) => r.form_kind === 1);
    expect(order?.name).toBe('标准工单');
    expect(order?.fields.length).toBeGreaterThan(2);
    for (const r of list) expect(checkFieldDefs(r.fields, r.form_kind as 1), `${industry} ${r.name}`).toBeNull();
    expect(list.find((r) => r.form_kind === 6)?.fields.map((f) => f.name)).toEqual(['事件来源', '问题描述']);
  });

  it('evaluates a provisioned formula (service industry: hours × rate)', async () => {
    const enterpriseId = await makeEnterprise(t.deps.db);
    await t.deps.db.transaction((tx) => provisionForms(tx, enterpriseId, 'service'));
    const v = await currentVersionOf(t.deps.db, enterpriseId, 1);
    const id = (name: string) => String(v.fields.find((f) => f.name === name)?.id);
    const ext = await validateAndComputeExt(t.deps.db, enterpriseId, 1, v.templateVersionId, {
      [id('服务内容')]: '清洗',
      [id('预计工时')]: 2.5,
      [id('工时单价')]: 80,
    });
    expect(ext[id('工时费')]).toBe(200);
  });

  it('gives simultaneous field changes distinct versions, losing none', async () => {
    const { client, enterpriseId } = await loggedIn(t.app, t.deps.db, { roles: [3] });
    await client.get('/detailcontrol/list', { type: 3 });
    const results = await Promise.all([1, 2, 3, 4, 5].map((i) => client.post('/detailcontrol/saveField', { type: 3, field: { name: `并发${i}`, type: 1 } })));
    expect(results.every((r) => r.success)).toBe(true);
    const versions = results.map((r) => r.data.versionId);
    expect(new Set(versions).size).toBe(5);
    const latest = await currentVersionOf(t.deps.db, enterpriseId, 3);
    expect(latest.fields).toHaveLength(5);
  });
});
