import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { keysetPages, registerExport, startExport } from '../../platform/exports';
import { drainJobs, runJobsOnce } from '../../platform/jobs';
import { loadSession } from '../../platform/session';
import { Client, loggedIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'sk-dl-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const sessionOf = async (c: Client) => (await loadSession(t.deps.db, decodeURIComponent(c.cookie.slice('sk_sid='.length))))!;

const admin = () => loggedIn(t.app, t.deps.db, { roles: [3] });

/** n staff users named 员工1…n holding role 2 (one statement, so thousands stay fast). */
async function addUsers(enterpriseId: number, n: number, prefix = '员工'): Promise<void> {
  await t.deps.db.execute(sql`insert into users (enterprise_id, mobile, name, roles, sysrole)
    select ${enterpriseId}, '17' || lpad(g::text, 9, '0'), ${prefix} || g, '{2}', 2 from generate_series(1, ${n}) g`);
}

async function downloadRaw(c: Client, id: number) {
  return t.app.inject({ method: 'GET', url: `/api/fileDownloadCenter/download/${id}`, headers: { cookie: c.cookie } });
}

async function readSheet(buf: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as never);
  const ws = wb.worksheets[0]!;
  const out: unknown[][] = [];
  ws.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

const exportRows = (enterpriseId: number) => rows(t.deps.db, sql`select id from export_files where enterprise_id = ${enterpriseId}`);
const exportJobs = (enterpriseId: number) => rows(t.deps.db, sql`select id from pgboss.job where (data->>'enterpriseId')::bigint = ${enterpriseId}`);

describe('POST /export/user and the download centre', () => {
  it('streams several thousand rows into an xlsx that exceljs reads back, with progress and a download URL', async () => {
    const { client, enterpriseId } = await admin();
    await addUsers(enterpriseId, 3000);
    const [dept] = await rows<{ id: number }>(
      t.deps.db,
      sql`insert into departments (enterprise_id, name) values (${enterpriseId}, '技术服务部') returning id`,
    );
    await t.deps.db.execute(sql`update users set dept_id = ${dept!.id} where enterprise_id = ${enterpriseId} and name = '员工1234'`);
    await t.deps.db.execute(sql`update users set enabled = false, roles = '{1,2}' where enterprise_id = ${enterpriseId} and name = '员工7'`);
    const started = await client.post('/export/user', { fileName: '全部人员' });
    expect(started).toMatchObject({ success: true, data: { name: '全部人员' } });
    const before = await client.get('/fileDownloadCenter/list');
    expect(before.data.list[0]).toMatchObject({ id: started.data.id, name: '全部人员', process_state: 1, process: 0, file_download_url: null });
    expect(before.data.list[0]!.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    await drainJobs(t.deps);
    const after = await client.get('/fileDownloadCenter/list');
    expect(after.data).toMatchObject({ count: 1, unread: 1 });
    expect(after.data.list[0]).toMatchObject({
      process_state: 2,
      process: 100,
      row_count: 3001,
      file_download_url: `/api/fileDownloadCenter/download/${started.data.id}`,
    });

    const res = await downloadRaw(client, started.data.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toContain(encodeURIComponent('全部人员.xlsx'));
    const sheet = await readSheet(res.rawPayload);
    expect(sheet[0]).toEqual(['姓名', '手机号', '部门', '角色', '状态']);
    expect(sheet).toHaveLength(3002);
    expect(sheet).toContainEqual(['员工1234', '17000001234', '技术服务部', '服务人员', '启用']);
    // exceljs reads an empty cell back as a hole.
    expect(sheet).toContainEqual(['员工7', '17000000007', undefined, '派单员、服务人员', '停用']);
  });

  it('honours the filters of GET /v2/user/list and the selected rows', async () => {
    const { client, enterpriseId } = await admin();
    await addUsers(enterpriseId, 30, '张');
    await t.deps.db.execute(sql`update users set enabled = false where enterprise_id = ${enterpriseId} and name in ('张1', '张2', '张3')`);
    const other = await admin();
    await addUsers(other.enterpriseId, 5, '张');

    const filters = { keyword: '张1', enabled: true, role: 2 };
    const list = await client.get('/v2/user/list', { ...filters, pageSize: 100 });
    expect(list.success).toBe(true);
    const ex = await client.post('/export/user', filters);
    await drainJobs(t.deps);
    const sheet = await readSheet((await downloadRaw(client, ex.data.id)).rawPayload);
    expect(sheet.slice(1).map((r) => r[0])).toEqual(list.data.list.map((u: { name: string }) => u.name));
    expect(sheet.length - 1).toBe(list.data.count);
    // 张1 is disabled; 张10…张19 remain.
    expect(list.data.count).toBe(10);

    const picked = list.data.list.slice(0, 2).map((u: { id: number }) => u.id);
    const sel = await client.post('/export/user', { ids: picked.join(',') });
    await drainJobs(t.deps);
    const selSheet = await readSheet((await downloadRaw(client, sel.data.id)).rawPayload);
    expect(selSheet).toHaveLength(3);
    expect(sel.data.name).toMatch(/^人员列表\d{4}-\d{2}-\d{2}$/);
  });

  it('serves the file to its own user only: another enterprise and a colleague get NOT_FOUND', async () => {
    const { client, enterpriseId } = await admin();
    const ex = await client.post('/export/user', {});
    await drainJobs(t.deps);
    const stranger = await admin();
    const colleague = await loggedIn(t.app, t.deps.db, { roles: [3], enterpriseId });
    for (const c of [stranger.client, colleague.client]) {
      const res = await downloadRaw(c, ex.data.id);
      expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: '数据不存在或已被删除' });
      expect((await c.get('/fileDownloadCenter/list')).data.count).toBe(0);
    }
    expect((await downloadRaw(client, ex.data.id)).statusCode).toBe(200);
    expect((await client.get('/fileDownloadCenter/download/abc')).code).toBe('NOT_FOUND');
  });

  it('refuses an export with nothing to export, writing nothing', async () => {
    const { client, enterpriseId } = await admin();
    const r = await client.post('/export/user', { keyword: '没有这个人' });
    expect(r).toMatchObject({ success: false, code: 'EXPORT_EMPTY', message: '导出数据不能为空' });
    expect(await exportRows(enterpriseId)).toHaveLength(0);
    expect(await exportJobs(enterpriseId)).toHaveLength(0);
  });

  it('refuses the anonymous, a missing CSRF token, a role without the power and bad input, writing nothing', async () => {
    const { client, enterpriseId } = await admin();
    expect((await new Client(t.app).post('/export/user', {})).message).toBe('未登录');
    expect((await client.post('/export/user', {}, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    const bad = await client.post('/export/user', { role: 11 });
    expect(bad).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(bad.message).toContain('角色');
    for (const role of [1, 2]) {
      const d = await loggedIn(t.app, t.deps.db, { roles: [role], enterpriseId });
      expect((await d.client.post('/export/user', {})).code).toBe('NO_POWER');
    }
    expect(await exportRows(enterpriseId)).toHaveLength(0);
    expect((await new Client(t.app).get('/fileDownloadCenter/list')).message).toBe('未登录');
  });

  it('downloads only finished files', async () => {
    const { client } = await admin();
    const ex = await client.post('/export/user', {});
    const r = await client.get(`/fileDownloadCenter/download/${ex.data.id}`);
    expect(r).toMatchObject({ success: false, code: 'NOT_DONE', message: '文件尚未生成完成' });
    await drainJobs(t.deps);
  });
});

describe('progress and failure', () => {
  it('writes the percentage as batches are written', async () => {
    const seen: number[] = [];
    registerExport('test.progress', {
      title: '进度',
      columns: [{ key: 'n', header: '序号' }],
      count: async () => 4,
      rows: async function* (ex, user) {
        for (let i = 0; i < 4; i++) {
          if (i > 0) {
            const [r] = await rows<{ process: number }>(
              ex,
              sql`select process from export_files where enterprise_id = ${user.enterpriseId} order by id desc limit 1`,
            );
            seen.push(Number(r?.process));
          }
          yield [{ n: i }];
        }
      },
    });
    const { client, enterpriseId, user } = await admin();
    const session = await sessionOf(client);
    await startExport(t.deps.db, session, { kind: 'test.progress', params: {} });
    await drainJobs(t.deps);
    expect(seen[0]).toBe(25);
    expect(seen.every((p) => p < 100)).toBe(true);
    const [done] = await rows(t.deps.db, sql`select process_state, process from export_files where enterprise_id = ${enterpriseId} and user_id = ${user.id}`);
    expect(done).toMatchObject({ process_state: 2, process: 100 });
  });

  it('marks an export that keeps failing as failed and leaves no file behind', async () => {
    registerExport('test.broken', {
      title: '坏的',
      columns: [{ key: 'n', header: '序号' }],
      count: async () => 1,
      rows: async function* () {
        yield [{ n: 1 }];
        throw new Error('读取失败');
      },
    });
    const { client, enterpriseId } = await admin();
    const session = await sessionOf(client);
    const { id } = await startExport(t.deps.db, session, { kind: 'test.broken', params: {} });
    for (let i = 0; i < 3; i++) {
      await t.deps.db.execute(sql`update pgboss.job set start_after = now() where (data->>'enterpriseId')::bigint = ${enterpriseId}`);
      await runJobsOnce(t.deps);
    }
    await drainJobs(t.deps); // the dead-letter job marks the export failed
    const item = (await client.get('/fileDownloadCenter/list')).data.list.find((x: { id: number }) => x.id === id);
    expect(item).toMatchObject({ process_state: 3, file_download_url: null, error: '导出失败，请稍后重试' });
    expect(existsSync(path.join(dataDir, 'files', String(enterpriseId), 'exports'))).toBe(true);
    const left = readdirSync(path.join(dataDir, 'files', String(enterpriseId), 'exports'), { recursive: true }).filter((f) => String(f).includes('.'));
    expect(left).toEqual([]);
  });

  it('pages by key without skipping or repeating rows', async () => {
    const ids = Array.from({ length: 25 }, (_, i) => ({ id: 25 - i }));
    const got: number[] = [];
    for await (const page of keysetPages(async (before, limit) => ids.filter((r) => before == null || r.id < before).slice(0, limit), 10))
      got.push(...page.map((r) => r.id));
    expect(got).toEqual(ids.map((r) => r.id));
  });
});

describe('DELETE /fileDownloadCenter/del and POST /fileDownloadCenter/updateFileState', () => {
  it('deletes finished items and their files, refuses running ones and strangers, needs ids and CSRF', async () => {
    const { client, enterpriseId } = await admin();
    const a = (await client.post('/export/user', {})).data.id;
    const running = await client.del('/fileDownloadCenter/del', { ids: [a] });
    expect(running.code).toBe('INVALID_STATE');
    await drainJobs(t.deps);
    const [{ file_key }] = (await rows<{ file_key: string }>(
      t.deps.db,
      sql`select file_key from export_files where enterprise_id = ${enterpriseId} and id = ${a}`,
    )) as [{ file_key: string }];
    const file = path.join(dataDir, 'files', ...file_key.split('/'));
    expect(existsSync(file)).toBe(true);

    const stranger = await admin();
    expect((await stranger.client.del('/fileDownloadCenter/del', { ids: [a] })).code).toBe('NOT_FOUND');
    expect((await client.del('/fileDownloadCenter/del', { ids: [a] }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await client.del('/fileDownloadCenter/del', {})).message).toBe('请选择需要删除的行');
    expect((await client.del('/fileDownloadCenter/del', { ids: 'x' })).code).toBe('VALIDATION');
    expect(await exportRows(enterpriseId)).toHaveLength(1);

    const ok = await client.request('DELETE', `/fileDownloadCenter/del?ids=${a}`);
    expect(ok).toMatchObject({ success: true, message: '删除成功' });
    expect(await exportRows(enterpriseId)).toHaveLength(0);
    expect(existsSync(file)).toBe(false);
    expect((await new Client(t.app).del('/fileDownloadCenter/del', { ids: [a] })).message).toBe('未登录');
  });

  it('marks finished items seen, all or by id, and refuses ids that are not the caller own', async () => {
    const { client } = await admin();
    const a = (await client.post('/export/user', {})).data.id;
    const b = (await client.post('/export/user', {})).data.id;
    await drainJobs(t.deps);
    expect((await client.get('/fileDownloadCenter/list')).data.unread).toBe(2);
    const stranger = await admin();
    expect((await stranger.client.post('/fileDownloadCenter/updateFileState', { ids: [a] })).code).toBe('NOT_FOUND');
    expect((await client.post('/fileDownloadCenter/updateFileState', { ids: [a] }, { csrf: false })).message).toBe('操作失败，无效的CsrfToken');
    expect((await client.get('/fileDownloadCenter/list')).data.unread).toBe(2);
    expect((await client.post('/fileDownloadCenter/updateFileState', { ids: [a] })).data).toEqual({ updated: 1 });
    const list = (await client.get('/fileDownloadCenter/list')).data;
    expect(list.unread).toBe(1);
    expect(list.list.find((x: { id: number }) => x.id === a)!.file_state).toBe(1);
    expect((await client.post('/fileDownloadCenter/updateFileState', {})).data).toEqual({ updated: 1 });
    expect((await client.get('/fileDownloadCenter/list')).data.list.find((x: { id: number }) => x.id === b)!.file_state).toBe(1);
  });
});
