import { type EndpointDef, hasPower, powersOfRole, projectPartsContract as PK } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { countOf, newCustomer, newModel } from '../customers/test-helpers';
import { newProject, newTemplate } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const ALL = Object.entries(PK) as [string, EndpointDef][];
const admin = () => loggedIn(t.app, t.deps.db, { roles: [3] });
const as = async (enterpriseId: number, role: number) => {
  const u = await makeUser(t.deps.db, enterpriseId, { roles: [role] });
  return { id: u.id, client: await new Client(t.app).login(u.mobile, TEST_PASSWORD, enterpriseId) };
};
/** An uploaded file row of the enterprise (the upload endpoint is tested in modules/files). */
const upload = async (ep: number, userId: number, name: string) =>
  Number(
    (
      await rows<{ id: number }>(
        t.deps.db,
        sql`insert into uploads (enterprise_id, name, ext, mime, size, kind, path, created_by)
      values (${ep}, ${name}, 'pdf', 'application/pdf', 10, 'doc', ${`x/${name}`}, ${userId}) returning id`,
      )
    )[0]?.id,
  );

describe('guards', () => {
  it('answers 未登录 without a session and refuses non-GETs without the CSRF token', async () => {
    const anon = new Client(t.app);
    for (const [name, ep] of ALL) expect((await anon.call(ep, {})).message, name).toBe('未登录');
    const { client } = await admin();
    for (const [name, ep] of ALL.filter(([, e]) => e.method !== 'GET'))
      expect((await client.call(ep, {}, { csrf: false })).message, name).toBe('操作失败，无效的CsrfToken');
    for (const [name, ep] of ALL) expect(ep.power ?? '', name).toSatisfy((p: string) => hasPower(powersOfRole(2), p));
  });
});

describe('files, messages, contracts and products of a project', () => {
  it('attaches, lists and deletes files; another enterprise sees none of it', async () => {
    const { client, enterpriseId, user } = await admin();
    const other = await admin();
    const p = await newProject(client, (await newTemplate(client)).id);
    const f1 = await upload(enterpriseId, user.id, '图纸.pdf');
    const foreign = await upload(other.enterpriseId, other.user.id, '外部.pdf');
    expect((await client.post('/project/fileUp', { projectId: p.id, fileIds: [foreign] })).message).toBe('文件：文件不存在或已被删除');
    expect((await client.post('/project/fileUp', { projectId: p.id, fileIds: [f1] })).data).toEqual({ count: 1 });
    const list = (await client.get('/project/fileList', { projectId: p.id })).data;
    expect(list).toMatchObject([{ uploadId: f1, name: '图纸.pdf', url: `/api/upload/file/${f1}` }]);
    expect((await other.client.get('/project/fileList', { projectId: p.id })).code).toBe('NOT_FOUND');
    expect((await other.client.del('/project/batchDeleteFile', { ids: [list[0]!.id] })).code).toBe('NOT_FOUND');
    expect((await client.del('/project/batchDeleteFile', { ids: [list[0]!.id] })).message).toBe('删除成功');
    expect(await countOf(t.deps.db, 'project_files', sql`enterprise_id = ${enterpriseId}`)).toBe(0);
  });

  it('messages are listed in order and deleted only by their author', async () => {
    const { client, enterpriseId } = await admin();
    const other = await as(enterpriseId, 3);
    const p = await newProject(client, (await newTemplate(client)).id);
    const m = await client.post('/project/addMessage', { projectId: p.id, content: '明天上午进场' });
    expect(m.message).toBe('发送成功');
    expect((await client.post('/project/addMessage', { projectId: p.id, content: ' ' })).message).toBe('留言内容：请输入留言内容');
    expect((await other.client.del('/project/delMessage', { id: m.data.id })).code).toBe('NO_POWER');
    const list = (await other.client.get('/project/messageList', { projectId: p.id })).data;
    expect(list).toMatchObject([{ content: '明天上午进场', mine: false }]);
    expect((await client.del('/project/delMessage', { id: m.data.id })).message).toBe('删除成功');
    expect(await countOf(t.deps.db, 'project_messages', sql`enterprise_id = ${enterpriseId}`)).toBe(0);
  });

  it('takes a sales contract’s products once, refers to the contract, lists, counts and deletes products', async () => {
    const { client, enterpriseId } = await admin();
    const customerId = await newCustomer(client);
    const model = await newModel(client);
    const c = await client.post('/contract/sale/save', {
      contractNo: `HT-P${Date.now()}`,
      name: '电梯合同',
      customerId,
      signDate: '2024-05-01',
      products: [{ productId: model, quantity: 3 }],
    });
    expect(c.success, c.message).toBe(true);
    const items = await countOf(t.deps.db, 'sale_contract_items', sql`enterprise_id = ${enterpriseId} and contract_id = ${c.data.id}`);
    const p = await newProject(client, (await newTemplate(client)).id, { customerId });
    const took = await client.post('/project/saleContract/production/access', { projectId: p.id, contractId: c.data.id });
    expect(took.data.count).toBe(items);
    expect((await client.post('/project/saleContract/production/access', { projectId: p.id, contractId: c.data.id })).data.count).toBe(0);
    expect((await client.get('/project/contractList', { projectId: p.id })).data).toMatchObject([{ kind: 'sale', contractId: c.data.id, name: '电梯合同' }]);
    expect((await client.get('/project/production/count', { projectId: p.id })).data).toBe(items);
    const products = (await client.get('/project/production/list', { projectId: p.id, pageIndex: 0, pageSize: 10 })).data;
    expect(items).toBe(1);
    expect(products).toMatchObject([{ productModelId: model, quantity: '3.00' }]);
    const { client: director } = await as(enterpriseId, 10);
    expect((await director.del('/project/batch/delete/production', { ids: [products[0]!.id] })).code).toBe('PROJECT_ACTOR');
    expect((await client.del('/project/batch/delete/production', { ids: products.map((x: { id: number }) => x.id) })).message).toBe('删除成功');
    expect((await client.get('/project/production/count', { projectId: p.id })).data).toBe(0);
    const other = await admin();
    expect((await other.client.post('/project/progress/projectRefContract', { projectId: p.id, kind: 'sale', contractId: c.data.id })).code).toBe('NOT_FOUND');
  });
  it('the pickers list the project customer’s contracts only; another customer’s contract is refused and nothing is written', async () => {
    const { client, enterpriseId } = await admin();
    const mine = await newCustomer(client);
    const theirs = await newCustomer(client);
    const model = await newModel(client);
    const sale = async (customerId: number, name: string) => {
      const r = await client.post('/contract/sale/save', {
        contractNo: `HT-Q${Date.now()}${name}`,
        name,
        customerId,
        signDate: '2024-05-01',
        products: [{ productId: model, quantity: 2 }],
      });
      expect(r.success, r.message).toBe(true);
      return r.data.id as number;
    };
    const elevator = await sale(mine, '电梯合同');
    const pump = await sale(mine, '水泵合同');
    const foreign = await sale(theirs, '别家合同');
    const p = await newProject(client, (await newTemplate(client)).id, { customerId: mine });
    const listed = (await client.get('/project/customerContracts', { projectId: p.id, kind: 'sale' })).data as { id: number; name: string; date: string }[];
    expect(listed.map((c) => c.name)).toEqual(['水泵合同', '电梯合同']);
    expect(listed[0]!.date).toBe('2024-05-01');
    expect((await client.get('/project/customerContracts', { projectId: p.id, kind: 'sale', keyword: '电梯' })).data.map((c: { id: number }) => c.id)).toEqual([
      elevator,
    ]);
    expect((await client.get('/project/customerContracts', { projectId: p.id, kind: 'maintain' })).data).toEqual([]);
    expect((await client.get('/project/customerContracts', { projectId: p.id, kind: 'other' })).message).toBe('合同类型：合同类型不正确');

    const refused = await client.post('/project/saleContract/production/access', { projectId: p.id, contractId: foreign });
    expect(refused.message).toBe('合同：该合同不属于项目的客户');
    expect((await client.post('/project/progress/projectRefContract', { projectId: p.id, kind: 'sale', contractId: foreign })).message).toBe(
      '合同：该合同不属于项目的客户',
    );
    expect(await countOf(t.deps.db, 'project_contracts', sql`enterprise_id = ${enterpriseId} and project_id = ${p.id}`)).toBe(0);
    expect(await countOf(t.deps.db, 'project_products', sql`enterprise_id = ${enterpriseId} and project_id = ${p.id}`)).toBe(0);
    expect((await client.post('/project/saleContract/production/access', { projectId: p.id, contractId: pump })).data.count).toBe(1);

    // A project without a customer offers no contracts; another enterprise sees nothing of this one.
    const bare = await newProject(client, (await newTemplate(client)).id);
    expect((await client.get('/project/customerContracts', { projectId: bare.id, kind: 'sale' })).data).toEqual([]);
    const other = await admin();
    expect((await other.client.get('/project/customerContracts', { projectId: p.id, kind: 'sale' })).code).toBe('NOT_FOUND');
  });
});
