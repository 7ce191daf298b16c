import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { customerContract as C, customerImportContract as I, productContract as P } from '@sk/shared';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainJobs } from '../../platform/jobs';
import { type Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { countOf, newCustomer, newModel } from './test-helpers';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sk-cus-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const admin = (o: Parameters<typeof loggedIn>[2] = {}) => loggedIn(t.app, t.deps.db, { roles: [3], ...o });

async function xlsx(header: string[], data: (string | number | Date)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导入');
  ws.addRow(header);
  for (const r of data) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** POSTs a file as multipart/form-data, as the web's upload does. */
async function upload(c: Client, url: string, file: Buffer, o: { name?: string; csrf?: boolean } = {}) {
  const boundary = '----sk-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${o.name ?? 'import.xlsx'}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers: Record<string, string> = { cookie: c.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (o.csrf !== false) headers['x-csrf-token'] = c.csrf;
  const res = await t.app.inject({ method: 'POST', url: `/api${url}`, headers, payload: body });
  return res.json() as {
    success: boolean;
    message: string;
    code?: string;
    data: { total: number; valid: number; imported: number; errors: { row: number; reason: string }[] };
  };
}

async function readBook(buf: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as never);
  const out: unknown[][] = [];
  wb.worksheets[0]?.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

const HEADER = ['客户名称*', '联系人*', '联系电话*', '省份', '城市', '区县', '详细地址', '客户等级'];

describe('customer import', () => {
  it('the template is an xlsx with the columns, required ones marked', async () => {
    const { client } = await admin();
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/customer/import/template?kind=customer', headers: { cookie: client.cookie } });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const rows = await readBook(res.rawPayload);
    expect(rows[0]?.slice(0, 4)).toEqual(['客户名称*', '客户编号', '联系人*', '联系电话*']);
  });

  it('the dry run lists the bad row with its reason and writes nothing; the import writes the good rows only, in one go', async () => {
    const { client, enterpriseId } = await admin();
    const file = await xlsx(HEADER, [
      ['导入甲公司', '张三', '13800000001', '浙江省', '杭州市', '西湖区', '文三路1号', '一级'],
      ['导入甲公司', '李四', '13800000002', '', '', '', '', ''],
      ['导入乙公司', '王五', '12345', '', '', '', '', ''],
      ['导入丙公司', '赵六', '13800000003', '火星省', '', '', '一号路', ''],
      ['导入丁公司', '钱七', '021-62345678', '上海市', '', '浦东新区', '张江路2号', '五级'],
      ['导入戊公司', '孙八', '13800000005', '北京市', '', '海淀区', '中关村1号', '三级'],
    ]);
    const dry = await upload(client, '/v2/customer/import/check?kind=customer', file);
    expect(dry.data).toEqual({
      total: 6,
      valid: 3,
      imported: 0,
      errors: [
        { row: 4, reason: '联系电话：请输入正确的手机号或固定电话' },
        { row: 5, reason: '省市区“火星省”不正确' },
        { row: 6, reason: '客户等级“五级”不存在' },
      ],
    });
    expect(await countOf(t.deps.db, 'customers', sql`enterprise_id = ${enterpriseId}`)).toBe(0);
    const done = await upload(client, '/v2/customer/import/save?kind=customer', file);
    expect(done).toMatchObject({ success: true, message: '导入成功', data: { imported: 3 } });
    const names = (await client.call(C.epCustomerList, { sortType: 2 })).data.map((r: { name: string }) => r.name);
    expect(names.sort()).toEqual(['导入戊公司', '导入甲公司']);
    const jia = (await client.call(C.epCustomerList, { name: '导入甲' })).data[0]!;
    const d = (await client.call(C.detail, { id: jia.id })).data;
    expect(d.contacts.map((k: { name: string; isPrimary: boolean }) => [k.name, k.isPrimary])).toEqual([
      ['张三', true],
      ['李四', false],
    ]);
    expect(d).toMatchObject({ address: '浙江省杭州市西湖区文三路1号', level: 1, source: 6 });
    // Importing the same file again: every customer now exists.
    const again = await upload(client, '/v2/customer/import/check?kind=customer', file);
    expect(again.data.errors.filter((e) => e.reason === '客户名称已存在').map((e) => e.row)).toEqual([2, 7]);
  });

  it('客户电话不可重复 (on): a row with another customer’s phone, or a phone twice in the file, is refused by row; off, all are imported', async () => {
    const { client, enterpriseId } = await admin();
    await newCustomer(client, { linkPerson: { name: '老客户', phone: '13800000009' } });
    const file = await xlsx(HEADER, [
      ['电话甲公司', '张三', '13800000009'],
      ['电话乙公司', '李四', '13800000010'],
      ['电话丙公司', '王五', '13800000010'],
    ]);
    const dry = await upload(client, '/v2/customer/import/check?kind=customer', file);
    expect(dry.data.errors).toEqual([
      { row: 2, reason: '客户电话13800000009已被其他客户使用（系统设置：客户电话不可重复）' },
      { row: 4, reason: '客户电话13800000010已被其他客户使用（系统设置：客户电话不可重复）' },
    ]);
    expect((await upload(client, '/v2/customer/import/save?kind=customer', file)).data.imported).toBe(1);
    expect(await countOf(t.deps.db, 'customers', sql`enterprise_id = ${enterpriseId} and phone = '13800000010'`)).toBe(1);
    await client.request('POST', '/systemsetting/batchsave', [{ code: 'customer_phone_unique', value: '0' }]);
    const more = await xlsx(HEADER, [
      ['电话丁公司', '赵六', '13800000009'],
      ['电话戊公司', '钱七', '13800000009'],
    ]);
    expect((await upload(client, '/v2/customer/import/save?kind=customer', more)).data).toMatchObject({ imported: 2, errors: [] });
    expect(await countOf(t.deps.db, 'customers', sql`enterprise_id = ${enterpriseId} and phone = '13800000009'`)).toBe(3);
  });

  it('refuses a file that is not xlsx, a missing column, CSRF and a role without the power', async () => {
    const { client, enterpriseId } = await admin();
    expect((await upload(client, '/v2/customer/import/check?kind=customer', Buffer.from('a,b'), { name: 'x.csv' })).code).toBe('IMPORT_FILE');
    expect((await upload(client, '/v2/customer/import/check?kind=customer', Buffer.from('not a zip'))).code).toBe('IMPORT_FILE');
    const noPhone = await upload(client, '/v2/customer/import/check?kind=customer', await xlsx(['客户名称', '联系人'], [['甲', '张三']]));
    expect(noPhone.message).toBe('导入文件缺少列：联系电话');
    const file = await xlsx(HEADER, [['甲', '张三', '13800000001']]);
    expect((await upload(client, '/v2/customer/import/save?kind=customer', file, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    const fin = await loggedIn(t.app, t.deps.db, { roles: [8], enterpriseId });
    expect((await upload(fin.client, '/v2/customer/import/save?kind=customer', file)).code).toBe('NO_POWER');
    expect(await countOf(t.deps.db, 'customers', sql`enterprise_id = ${enterpriseId}`)).toBe(0);
  });
});

describe('installed product import', () => {
  it('refuses duplicate serial numbers and unknown products or customers; writes the rest', async () => {
    const { client, enterpriseId } = await admin();
    await newModel(client, { name: '空调', model: 'A1' });
    const mine = await newCustomer(client, { name: '本企业客户' });
    await client.call(P.productionSave, { productId: (await client.call(P.productList, {})).data.list[0]!.id, serialNumber: 'SN-OLD' });
    const other = await admin();
    await newCustomer(other.client, { name: '别家客户' });
    const file = await xlsx(
      ['产品名称*', '型号', '序列号', '客户名称', '安装日期', '购买日期'],
      [
        ['空调', 'A1', 'SN-1', '本企业客户', new Date(Date.UTC(2024, 2, 1)), '2024-02-20'],
        ['空调', '', 'SN-1', '', '', ''],
        ['空调', '', 'SN-OLD', '', '', ''],
        ['冰箱', '', 'SN-2', '', '', ''],
        ['空调', '', 'SN-3', '别家客户', '', ''],
        ['空调', '', 'SN-4', '', '2024-99-01', ''],
      ],
    );
    const dry = await upload(client, '/v2/customer/import/check?kind=product', file);
    expect(dry.data.errors).toEqual([
      { row: 3, reason: '该序列号已被使用，请更换' },
      { row: 4, reason: '该序列号已被使用，请更换' },
      { row: 5, reason: '产品“冰箱”不在产品库中' },
      { row: 6, reason: '客户“别家客户”不存在' },
      { row: 7, reason: '安装日期：日期格式应为YYYY-MM-DD' },
    ]);
    const done = await upload(client, '/v2/customer/import/save?kind=product', file);
    expect(done.data.imported).toBe(1);
    const list = (await client.call(P.productionList, { serialNumber: 'SN-1' })).data.list;
    expect(list).toEqual([expect.objectContaining({ customerId: mine, installDate: '2024-03-01', warrantyEnd: '2025-02-28' })]);
    expect(await countOf(t.deps.db, 'installed_products', sql`enterprise_id = ${enterpriseId}`)).toBe(2);
    const free = await admin({ plan: 0 });
    expect((await upload(free.client, '/v2/customer/import/check?kind=product', file)).code).toBe('PLAN_FREE');
  });
});

describe('customer export through the download centre', () => {
  it('exports the filtered list, and a salesperson only their own customers', async () => {
    const { client, enterpriseId } = await admin();
    const sales = await loggedIn(t.app, t.deps.db, { roles: [5], enterpriseId });
    await newCustomer(client, { name: '导出甲', businessUserId: sales.user.id });
    await newCustomer(client, { name: '导出乙' });
    const started = await client.call(I.exportCustomers, { name: '导出' });
    expect(started.success).toBe(true);
    const own = await sales.client.call(I.exportCustomers, {});
    await drainJobs(t.deps);
    const file = async (c: Client, id: number) =>
      readBook((await t.app.inject({ method: 'GET', url: `/api/fileDownloadCenter/download/${id}`, headers: { cookie: c.cookie } })).rawPayload);
    const all = await file(client, started.data.id);
    expect(all[0]?.slice(0, 3)).toEqual(['客户名称', '客户编号', '联系人']);
    expect(
      all
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['导出乙', '导出甲']);
    expect((await file(sales.client, own.data.id)).slice(1).map((r) => r[0])).toEqual(['导出甲']);
    expect((await client.call(I.exportCustomers, { name: '不存在的客户' })).message).toBe('导出数据不能为空');
    const worker = await loggedIn(t.app, t.deps.db, { roles: [2], enterpriseId });
    expect((await worker.client.call(I.exportCustomers, {})).code).toBe('NO_POWER');
  });
});
