// The SMS visit: a link to a survey page that opens without login. The token is random (32 bytes), stored only as
// its sha-256, answers once and lives SURVEY_TOKEN_DAYS days; a new link for the task retires the earlier ones.
import { type BodyOf, NOT_PASSED_REASON_DICT, PORTAL_VISIT_CHANNEL, SURVEY_TOKEN_DAYS, dictTypeByCode, type visitsContract as C } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { randomToken, sha256 } from '../../platform/crypto';
import { AppError, invalid } from '../../platform/errors';
import type { SmsSender } from '../../platform/sms';
import { openFollowUp, visibleTask } from './tasks.service';
import { openFromVisit } from '../quality/complaint.service';
import { moveTask, visitCtxOf } from './visits.state';

const MOBILE = /^1\d{10}$/;
/** A score below this makes the customer's answer 回访不通过 (docs/decisions.md, Return visits). */
const LOW_SCORE = 3;

/** Sends the customer's contact the survey link; answers the mobile it went to. */
export async function sendSms(db: Db, sms: SmsSender, a: Actor, b: BodyOf<typeof C.sendSms>, origin: string, enterpriseName: string) {
  return db.transaction(async (tx) => {
    const t = await visibleTask(tx, a, b.taskId);
    const ctx = visitCtxOf(a, t);
    if (t.state !== 1 && t.state !== 4) throw new AppError('VISIT_DONE');
    if (ctx.pooled) throw new AppError('VISIT_NOT_GRABBED');
    if (!ctx.visitor) throw new AppError('VISIT_NOT_MINE');
    const mobile = String(t.custom_phone ?? '').trim();
    if (!MOBILE.test(mobile)) throw invalid('联系电话不是手机号，无法发送短信回访');
    const token = randomToken();
    await tx.execute(
      sql`update return_visit_tokens set expires_at = least(expires_at, now()) where enterprise_id = ${a.enterpriseId} and task_id = ${b.taskId} and used_at is null`,
    );
    await tx.execute(sql`insert into return_visit_tokens (enterprise_id, task_id, token_hash, expires_at)
      values (${a.enterpriseId}, ${b.taskId}, ${sha256(token)}, now() + make_interval(days => ${SURVEY_TOKEN_DAYS}))`);
    await tx.execute(sql`update return_visit_tasks set sms_sent_at = now(), updated_at = now() where enterprise_id = ${a.enterpriseId} and id = ${b.taskId}`);
    const url = `${origin}/returnVisitSurvey?token=${token}`;
    const text = `【${enterpriseName}】您好，您的${t.visit_type === 6 ? '事件' : '工单'}${t.order_no}已完成服务，请为本次服务评价：${url} ，${SURVEY_TOKEN_DAYS}天内有效。`;
    // Inside the transaction: a failed send leaves no link behind.
    await sms.send(mobile, text, token);
    return { mobile };
  });
}

interface TokenRow {
  enterprise_id: number;
  task_id: number;
  used: boolean;
  live: boolean;
}

async function tokenOf(db: Db, token: string): Promise<TokenRow | undefined> {
  const [r] = await rows<TokenRow>(
    db,
    sql`select enterprise_id, task_id, used_at is not null as used, expires_at > now() as live from return_visit_tokens where token_hash = ${sha256(token)}`,
  );
  return r;
}

/** The survey page: the order's summary and the questions. A wrong, expired or retired link says so, nothing more. */
export async function survey(db: Db, token: string) {
  const k = await tokenOf(db, token);
  if (!k || (!k.live && !k.used)) throw new AppError('SURVEY_INVALID');
  const [r] = await rows<{
    enterprise_name: string;
    order_no: string;
    order_title: string;
    engineer_name: string | null;
    finished_at: string | null;
    dimensions: number[];
    state: number;
  }>(
    db,
    sql`select en.name as enterprise_name, t.order_no, t.order_title, e.name as engineer_name, to_char(t.completed_at at time zone en.time_zone, 'YYYY-MM-DD HH24:MI') as finished_at,
        p.dimensions, t.state
      from return_visit_tasks t join enterprises en on en.id = t.enterprise_id
      join return_visit_plans p on p.enterprise_id = t.enterprise_id and p.id = t.plan_id
      left join users e on e.enterprise_id = t.enterprise_id and e.id = t.engineer_id
      where t.enterprise_id = ${k.enterprise_id} and t.id = ${k.task_id}`,
  );
  if (!r) throw new AppError('SURVEY_INVALID');
  return {
    enterpriseName: r.enterprise_name,
    orderNo: r.order_no,
    title: r.order_title,
    engineerName: r.engineer_name,
    finishTime: r.finished_at,
    dimensions: r.dimensions.map(Number),
    answered: k.used || (r.state !== 1 && r.state !== 4),
  };
}

/** The customer's answer fills the task once: every score ≥ 3 is 回访通过, a lower one 回访不通过 (with a follow-up). */
export async function surveySubmit(db: Db, b: BodyOf<typeof C.surveySubmit>): Promise<void> {
  await db.transaction(async (tx) => {
    const [k] = await rows<{ enterprise_id: number; task_id: number }>(
      tx,
      sql`update return_visit_tokens set used_at = now() where token_hash = ${sha256(b.token)} and used_at is null and expires_at > now()
        returning enterprise_id, task_id`,
    );
    if (!k) {
      const known = await tokenOf(tx as unknown as Db, b.token);
      throw new AppError(known?.used ? 'SURVEY_USED' : 'SURVEY_INVALID');
    }
    await answerAsCustomer(tx, k.enterprise_id, k.task_id, {
      scoreOf: (d) => (b.scores as Record<string, number | undefined>)[String(d)],
      comment: b.comment ?? null,
      channel: 2,
      label: '客户短信评价',
    });
  });
}

/**
 * The customer's own answer fills an open task (1 待回访 / 4 下次回访) once: the SMS survey (channel 2) and the
 * customer portal's rating (channel 3, docs/portal.md). Every score ≥ 3 is 回访通过; a lower one is 回访不通过 with
 * the dictionary's first reason, a complaint and a follow-up order. Refuses SURVEY_USED when the task is done.
 */
export async function answerAsCustomer(
  tx: Tx,
  ep: number,
  id: number,
  a: { scoreOf: (dimension: number) => number | undefined; comment: string | null; channel: number; label: string },
): Promise<void> {
  const [t] = await rows<{ state: number; dimensions: number[]; visitor_id: number | null; order_id: number | null }>(
    tx,
    sql`select t.state, p.dimensions, t.visitor_id, t.order_id from return_visit_tasks t join return_visit_plans p on p.enterprise_id = t.enterprise_id and p.id = t.plan_id
      where t.enterprise_id = ${ep} and t.id = ${id} for update of t`,
  );
  if (!t) throw new AppError('SURVEY_INVALID');
  if (t.state !== 1 && t.state !== 4) throw new AppError('SURVEY_USED');
  const scores: Record<string, number> = {};
  for (const d of t.dimensions.map(Number)) {
    const v = a.scoreOf(d);
    if (v == null) throw invalid('评分：请为每一项打分');
    scores[String(d)] = v;
  }
  const low = Object.values(scores).some((v) => v < LOW_SCORE);
  let reason: string | null = null;
  if (low) {
    const [item] = await rows<{ name: string }>(
      tx,
      sql`select name from dict_items where enterprise_id = ${ep} and type = ${dictTypeByCode(NOT_PASSED_REASON_DICT)?.type ?? -1} and enabled order by sort, id limit 1`,
    );
    reason = item?.name ?? '客户不满意';
  }
  await moveTask(tx, 'customer', ep, id, low ? 'fail' : 'pass', {
    patch: { scores, comment: a.comment, reason, channel: a.channel, visited_at: sql`now()`, next_visit_at: null },
    note: low ? `${a.label}：${reason}` : a.label,
    expected: t.state,
  });
  // A low score is a failed visit: it opens a complaint like a visitor's 不通过 (order or event visit alike).
  if (low) await openFromVisit(tx, { id: null, enterpriseId: ep }, id, reason as string, a.comment);
  if (low && t.visitor_id != null && t.order_id != null) {
    const [v] = await rows<{ tz: string }>(tx, sql`select time_zone as tz from enterprises where id = ${ep}`);
    const visitor: Actor = {
      id: t.visitor_id,
      enterpriseId: ep,
      sysrole: 7,
      admin: true,
      powers: [],
      providerId: null,
      timeZone: v?.tz ?? 'Asia/Shanghai',
    };
    const follow = await openFollowUp(tx, visitor, t.order_id, reason as string, a.comment);
    if (follow) await tx.execute(sql`update return_visit_tasks set follow_up_order_id = ${follow} where enterprise_id = ${ep} and id = ${id}`);
  }
}

/**
 * A task made for an order the customer already rated on the portal (the plan's delay had not passed): the rating
 * fills it at once, as it would have filled a task that existed (docs/portal.md).
 */
export async function fillFromPortalRating(tx: Tx, ep: number, taskId: number, orderId: number): Promise<void> {
  const [r] = await rows<{ stars: number | null; comment: string | null }>(
    tx,
    sql`select (evaluation -> 'portal' ->> 'stars')::int as stars, evaluation ->> 'comment' as comment from orders
      where enterprise_id = ${ep} and id = ${orderId} and evaluated_at is not null`,
  );
  if (!r?.stars) return;
  const { stars } = r;
  await answerAsCustomer(tx, ep, taskId, { scoreOf: () => stars, comment: r.comment, channel: PORTAL_VISIT_CHANNEL, label: '客户门户评价' });
}
