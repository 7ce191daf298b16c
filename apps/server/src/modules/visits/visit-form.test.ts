// The return-visit form (kind 8 服务评价): the plan's form's fields are filled on the visit, required ones enforced on a
// pass (3, 5) by the server, the answers stored with the task (and its form version) and presented on the detail.
import { visitsContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { provisionDictionaries } from '../settings/dict.service';
import { insertPlan, insertTask, taskOf } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function setup() {
  const admin = await loggedIn(t.app, t.deps.db, { roles: [3] });
  const ep = admin.enterpriseId;
  await provisionDictionaries(t.deps.db, ep);
  const add = async (field: Record<string, unknown>) => {
    const r = await admin.client.post('/detailcontrol/saveField', { type: 8, field });
    expect(r.success, r.message).toBe(true);
    return String(r.data.id);
  };
  const reasonField = await add({ name: '满意原因', type: 1, required: true });
  const adviseField = await add({ name: '推荐意愿', type: 3, options: ['会', '不会'] });
  const [form] = await rows<{ id: number }>(t.deps.db, sql`select id from form_templates where enterprise_id = ${ep} and form_kind = 8`);
  const u = await makeUser(t.deps.db, ep, { roles: [7] });
  const visitor = { ...u, client: await new Client(t.app).login(u.mobile, undefined, ep) };
  const withForm = await insertPlan(t.deps.db, ep, { visitor_ids: [visitor.id], form_template_id: form?.id });
  const bare = await insertPlan(t.deps.db, ep, { visitor_ids: [visitor.id] });
  const task = (planId: number) => insertTask(t.deps.db, ep, { planId, visitorId: visitor.id });
  return { admin, ep, visitor, reasonField, adviseField, formId: Number(form?.id), withForm, bare, task };
}
const SCORES = { 0: 5, 1: 5, 2: 4, 3: 5 };

describe('the return-visit form', () => {
  it('requires the form’s required fields on a pass, not on a next visit, stores the answers and shows them on the detail', async () => {
    const s = await setup();
    const a = await s.task(s.withForm);
    const pass = (ext?: Record<string, unknown>) => s.visitor.client.send(C.submit, { taskId: a.id, state: 3, scores: SCORES, ext });

    const missing = await pass();
    expect(missing).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(missing.message).toContain('满意原因');
    expect((await s.visitor.client.send(C.submit, { taskId: a.id, state: 5, scores: {} })).message).toContain('满意原因');
    expect((await pass({ [s.reasonField]: '很好', [s.adviseField]: '也许' })).code).toBe('VALIDATION');
    expect(await taskOf(t.deps.db, s.ep, a.id)).toMatchObject({ state: 1, ext: {}, form_version_id: null, visited_at: null });

    // A next visit may be cut short: the required field waits for the pass; what was filled is kept.
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const r4 = await s.visitor.client.send(C.submit, {
      taskId: a.id,
      state: 4,
      scores: {},
      reason: '客户未接听',
      nextVisitDate: later,
      ext: { [s.adviseField]: '会' },
    });
    expect(r4.success, r4.message).toBe(true);
    expect((await taskOf(t.deps.db, s.ep, a.id))?.ext).toEqual({ [s.adviseField]: '会' });

    const ok = await pass({ [s.reasonField]: '师傅很专业' });
    expect(ok.success, ok.message).toBe(true);
    const row = await taskOf(t.deps.db, s.ep, a.id);
    expect(row).toMatchObject({ state: 3, ext: { [s.reasonField]: '师傅很专业', [s.adviseField]: '会' } });
    expect(Number(row?.form_version_id)).toBeGreaterThan(0);
    const d = await s.visitor.client.send(C.detail, { taskId: a.id });
    expect(d.data.extFields.map((f) => [f.tfname, f.tfvvalue])).toEqual([
      ['满意原因', '师傅很专业'],
      ['推荐意愿', '会'],
    ]);
  });

  it('stores no answers for a plan without a form, and another enterprise’s visitor cannot submit the task', async () => {
    const s = await setup();
    const b = await s.task(s.bare);
    const other = await loggedIn(t.app, t.deps.db, { roles: [3] });
    expect((await other.client.send(C.submit, { taskId: b.id, state: 5, scores: {} })).code).toBe('NOT_FOUND');
    expect((await taskOf(t.deps.db, s.ep, b.id))?.state).toBe(1);
    const r = await s.visitor.client.send(C.submit, { taskId: b.id, state: 5, scores: {}, ext: { 999: '随便' } });
    expect(r.success, r.message).toBe(true);
    expect(await taskOf(t.deps.db, s.ep, b.id)).toMatchObject({ state: 5, ext: {}, form_version_id: null });
    expect((await s.visitor.client.send(C.detail, { taskId: b.id })).data.extFields).toEqual([]);
  });
});
