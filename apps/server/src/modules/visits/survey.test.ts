import { visitsContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client';
import { Client, loggedIn, makeUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { race, tally } from '../../test/race';
import { startSmsGateway, tokenIn } from '../../test/sms-gateway';
import { provisionDictionaries } from '../settings/dict.service';
import { insertPlan, insertTask, taskOf } from './test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const PHONE = '13900001111';
async function setup() {
  const admin = await loggedIn(t.app, t.deps.db, { roles: [3] });
  const ep = admin.enterpriseId;
  await provisionDictionaries(t.deps.db, ep);
  const v = await makeUser(t.deps.db, ep, { roles: [7] });
  const visitor = await new Client(t.app).login(v.mobile, undefined, ep);
  const planId = await insertPlan(t.deps.db, ep, { visitor_ids: [v.id] });
  const mk = (phone = PHONE) => insertTask(t.deps.db, ep, { planId, visitorId: v.id, orderCols: { custom_phone: phone } });
  return { ep, visitor, mk };
}
const anon = () => new Client(t.app);
const ALL = { 0: 5, 1: 5, 2: 4, 3: 5 };

describe('the SMS visit', () => {
  it('sends the contact a link that opens without login, fills the same task once, and is refused politely the second time', async () => {
    const s = await setup();
    const { id } = await s.mk();
    const sent = await s.visitor.send(C.sendSms, { taskId: id });
    expect(sent).toMatchObject({ success: true, data: { mobile: PHONE } });
    const token = t.sms.lastCode(PHONE) as string;
    expect(token.length).toBeGreaterThan(30);
    // Stored hashed: the token itself is nowhere in the table.
    const stored = await rows<{ token_hash: string }>(t.deps.db, sql`select token_hash from return_visit_tokens where task_id = ${id}`);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toContain(token);
    expect(stored[0]?.token_hash).toHaveLength(64);
    const page = await anon().send(C.survey, { token });
    expect(page).toMatchObject({ success: true, data: { title: '空调不制冷', dimensions: [0, 1, 2, 3], answered: false } });
    const ok = await anon().send(C.surveySubmit, { token, scores: ALL, comment: '师傅很专业' });
    expect(ok).toMatchObject({ success: true, message: '提交成功，感谢您的评价' });
    expect(await taskOf(t.deps.db, s.ep, id)).toMatchObject({ state: 3, channel: 2, comment: '师傅很专业', scores: ALL });
    const again = await anon().send(C.surveySubmit, { token, scores: ALL });
    expect(again).toMatchObject({ success: false, message: '您已提交过评价，感谢您的反馈' });
    expect((await anon().send(C.survey, { token })).data.answered).toBe(true);
  });

  it('a guessed token, another task’s token, an expired or retired link do nothing; low scores are not passed with a follow-up', async () => {
    const s = await setup();
    const a = await s.mk('13900002222');
    const b = await s.mk('13900003333');
    await s.visitor.send(C.sendSms, { taskId: a.id });
    const ta = t.sms.lastCode('13900002222') as string;
    await s.visitor.send(C.sendSms, { taskId: b.id });
    const tb = t.sms.lastCode('13900003333') as string;
    expect((await anon().send(C.surveySubmit, { token: `${ta.slice(0, -2)}xy`, scores: ALL })).message).toBe('链接无效或已过期，如需帮助请联系客服');
    expect((await anon().send(C.survey, { token: 'guess' })).code).toBe('SURVEY_INVALID');
    // Task a's token answers task a only.
    await anon().send(C.surveySubmit, { token: ta, scores: { 0: 1, 1: 2, 2: 2, 3: 1 }, comment: '没修好' });
    const ra = await taskOf(t.deps.db, s.ep, a.id);
    expect(ra).toMatchObject({ state: 2, reason: '客户不满意' });
    expect(Number(ra?.follow_up_order_id)).toBeGreaterThan(0);
    // And a complaint, as a visitor's 不通过 opens one (filed by no user: the customer answered).
    const [c] = await rows<Record<string, unknown>>(t.deps.db, sql`select * from complaints where enterprise_id = ${s.ep} and visit_task_id = ${a.id}`);
    expect(c).toMatchObject({ source_type: 3, order_id: Number(ra?.order_id), content: '不通过原因：客户不满意；回访备注：没修好', created_by: null });
    expect((await taskOf(t.deps.db, s.ep, b.id))?.state).toBe(1);
    // Expired.
    await t.deps.db.execute(sql`update return_visit_tokens set expires_at = now() - interval '1 second' where task_id = ${b.id}`);
    expect((await anon().send(C.surveySubmit, { token: tb, scores: ALL })).code).toBe('SURVEY_INVALID');
    expect((await taskOf(t.deps.db, s.ep, b.id))?.state).toBe(1);
    // A new link retires the earlier one.
    await s.visitor.send(C.sendSms, { taskId: b.id });
    const tb2 = t.sms.lastCode('13900003333') as string;
    await s.visitor.send(C.sendSms, { taskId: b.id });
    expect((await anon().send(C.surveySubmit, { token: tb2, scores: ALL })).code).toBe('SURVEY_INVALID');
    // Missing scores: refused in Chinese, the link stays usable.
    const tb3 = t.sms.lastCode('13900003333') as string;
    expect((await anon().send(C.surveySubmit, { token: tb3, scores: { 0: 5 } })).message).toBe('评分：请为每一项打分');
    expect((await anon().send(C.surveySubmit, { token: tb3, scores: ALL })).success).toBe(true);
  });

  it('refuses a contact without a mobile and a finished task', async () => {
    const s = await setup();
    const { id } = await s.mk('0571-8888888');
    expect((await s.visitor.send(C.sendSms, { taskId: id })).message).toBe('联系电话不是手机号，无法发送短信回访');
    await s.visitor.send(C.submit, { taskId: id, state: 5 });
    expect((await s.visitor.send(C.sendSms, { taskId: id })).code).toBe('VISIT_DONE');
  });

  it('a slow SMS gateway holds nothing: the task stays free while the text waits; a failed send keeps the earlier link; 5 at once leave one live link', async () => {
    const gw = await startSmsGateway();
    const restore = gw.install(t);
    try {
      const s = await setup();
      const { id } = await s.mk('13900004444');
      const release = gw.hold();
      const slow = s.visitor.send(C.sendSms, { taskId: id });
      await expect.poll(() => gw.texts.length).toBe(1);
      // Before, the task stayed locked until the gateway answered: this failed with lock_not_available.
      await t.deps.db.transaction((tx) => tx.execute(sql`select id from return_visit_tasks where enterprise_id = ${s.ep} and id = ${id} for update nowait`));
      release();
      expect((await slow).success).toBe(true);
      const first = tokenIn(gw.texts[0]?.text ?? '');
      const live = () =>
        rows<{ id: number }>(
          t.deps.db,
          sql`select id::int from return_visit_tokens where enterprise_id = ${s.ep} and task_id = ${id} and used_at is null and expires_at > now() order by id`,
        );
      expect(await live()).toHaveLength(1);

      gw.status = 500;
      expect(await s.visitor.send(C.sendSms, { taskId: id })).toMatchObject({ success: false, code: 'SMS_FAILED', message: '短信发送失败，请稍后再试' });
      // The text never went: the customer's earlier link still opens, and no second link was kept.
      expect(await live()).toHaveLength(1);
      expect((await anon().send(C.survey, { token: first })).data.answered).toBe(false);

      gw.status = 200;
      const answers = await race(5, () => s.visitor.send(C.sendSms, { taskId: id }));
      expect(tally(answers)).toEqual({ ok: 5 });
      const [only, ...more] = await live();
      expect(more).toEqual([]);
      const [newest] = await rows<{ id: number }>(
        t.deps.db,
        sql`select max(id)::int as id from return_visit_tokens where enterprise_id = ${s.ep} and task_id = ${id}`,
      );
      expect(only?.id).toBe(newest?.id);
      expect((await anon().send(C.survey, { token: first })).code).toBe('SURVEY_INVALID');
    } finally {
      restore();
      await gw.close();
    }
  });
});
