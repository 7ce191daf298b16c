// The SMS visit: a link to a survey page that opens without login. The token is random (32 bytes), stored only as
// its sha-256, answers once and lives SURVEY_TOKEN_DAYS days; a new link for the task retires the earlier ones.
import { type BodyOf, NOT_PASSED_REASON_DICT, PORTAL_VISIT_CHANNEL, SURVEY_TOKEN_DAYS, dictTypeByCode, type visitsContract as C } from '@sk/shared';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { randomToken, sha256 } from '../../platform/crypto';
import { AppError, invalid } from '../../platform/errors';
import { type SmsSender, sendLinkText } from '../../platform/sms';
import { NOW } from '../../platform/sql';
import { openFollowUp, visibleTask } from './tasks.service';
import { visitFailed } from './visits.signals';
import { dropToken, insertToken, lockAnsweredTask, markSmsSent, portalRating, retireTokens, spendToken, surveyRow, timeZoneOf, tokenOf } from './survey.repo';
import { setFollowUpOrder } from './tasks.repo';
import { moveTask, visitCtxOf } from './visits.state';
import { firstDictItem } from '../settings/index';

const MOBILE = /^1\d{10}$/;
/** A score below this makes the customer's answer 回访不通过 (docs/decisions.md, Return visits). */
const LOW_SCORE = 3;

/**
 * Sends the customer's contact the survey link; answers the mobile it went to. The text goes after commit (a slow gateway
 * holds neither the task nor a connection); only then does the new link retire the earlier ones and mark the task sent.
 */
export async function sendSms(db: Db, sms: SmsSender, a: Actor, b: BodyOf<typeof C.sendSms>, origin: string, enterpriseName: string) {
  const token = randomToken();
  const { t, mobile, id } = await db.transaction(async (tx) => {
    const t = await visibleTask(tx, a, b.taskId);
    const ctx = visitCtxOf(a, t);
    if (t.state !== 1 && t.state !== 4) throw new AppError('VISIT_DONE');
    if (ctx.pooled) throw new AppError('VISIT_NOT_GRABBED');
    if (!ctx.visitor) throw new AppError('VISIT_NOT_MINE');
    const mobile = String(t.custom_phone ?? '').trim();
    if (!MOBILE.test(mobile)) throw invalid('联系电话不是手机号，无法发送短信回访');
    return { t, mobile, id: await insertToken(tx, a.enterpriseId, b.taskId, sha256(token), SURVEY_TOKEN_DAYS) };
  });
  const url = `${origin}/returnVisitSurvey?token=${token}`;
  const text = `【${enterpriseName}】您好，您的${t.visit_type === 6 ? '事件' : '工单'}${t.order_no}已完成服务，请为本次服务评价：${url} ，${SURVEY_TOKEN_DAYS}天内有效。`;
  await sendLinkText(
    db,
    sms,
    { mobile, text, token },
    {
      undo: (ex) => dropToken(ex, a.enterpriseId, id),
      confirm: async (tx) => {
        await retireTokens(tx, a.enterpriseId, b.taskId, id);
        await markSmsSent(tx, a.enterpriseId, b.taskId);
      },
    },
  );
  return { mobile };
}

/** The survey page: the order's summary and the questions. A wrong, expired or retired link says so, nothing more. */
export async function survey(db: Db, token: string) {
  const k = await tokenOf(db, sha256(token));
  if (!k || (!k.live && !k.used)) throw new AppError('SURVEY_INVALID');
  const r = await surveyRow(db, k.enterprise_id, k.task_id);
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
    const k = await spendToken(tx, sha256(b.token));
    if (!k) {
      const known = await tokenOf(tx, sha256(b.token));
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
  const t = await lockAnsweredTask(tx, ep, id);
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
    reason = (await firstDictItem(tx, ep, dictTypeByCode(NOT_PASSED_REASON_DICT)?.type ?? -1)) ?? '客户不满意';
  }
  await moveTask(tx, 'customer', ep, id, low ? 'fail' : 'pass', {
    patch: { scores, comment: a.comment, reason, channel: a.channel, visited_at: NOW, next_visit_at: null },
    note: low ? `${a.label}：${reason}` : a.label,
    expected: t.state,
  });
  // A low score is a failed visit: it opens a complaint like a visitor's 不通过 (order or event visit alike).
  if (low) await visitFailed.publish(tx, { enterpriseId: ep, actorId: null, taskId: id, reason: reason as string, comment: a.comment });
  if (low && t.visitor_id != null && t.order_id != null) {
    const tz = await timeZoneOf(tx, ep);
    const visitor: Actor = {
      id: t.visitor_id,
      enterpriseId: ep,
      sysrole: 7,
      admin: true,
      powers: [],
      providerId: null,
      timeZone: tz ?? 'Asia/Shanghai',
    };
    const follow = await openFollowUp(tx, visitor, t.order_id, reason as string, a.comment);
    if (follow) await setFollowUpOrder(tx, ep, id, follow);
  }
}

/**
 * A task made for an order the customer already rated on the portal (the plan's delay had not passed): the rating
 * fills it at once, as it would have filled a task that existed (docs/portal.md).
 */
export async function fillFromPortalRating(tx: Tx, ep: number, taskId: number, orderId: number): Promise<void> {
  const r = await portalRating(tx, ep, orderId);
  if (!r?.stars) return;
  const { stars } = r;
  await answerAsCustomer(tx, ep, taskId, { scoreOf: () => stars, comment: r.comment, channel: PORTAL_VISIT_CHANNEL, label: '客户门户评价' });
}
