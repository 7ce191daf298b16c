import type { EvaluationView } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import { insertStateLog } from '../../platform/state';
import { currentVersionOf, validateAndComputeExt } from '../forms/index';
import { evaluatedBy, type StoredEvaluation, saveEvaluation } from './evaluate.repo';
import { evaluateRefusal, type OrderRow, orderFor } from './money.access';
import { ORDER_STATE } from './order.state';
import type { Actor } from '../../platform/actor';

/** The evaluation form kind (forms.constants: 8 服务评价). */
const EVALUATION_KIND = 8;

async function view(ex: Executor, v: Actor, row: OrderRow): Promise<EvaluationView> {
  const e = row.evaluation as StoredEvaluation | null;
  const extra = await evaluatedBy(ex, v, row.id);
  return {
    orderId: row.id,
    evaluated: row.evaluated_at != null,
    canEvaluate: evaluateRefusal(v, row) === null,
    scores: e?.scores ?? null,
    comment: e?.comment ?? null,
    evaluateTime: extra?.t ?? null,
    evaluatorName: extra?.name ?? null,
  };
}

export async function readEvaluation(db: Db, v: Actor, orderId: number): Promise<EvaluationView> {
  return view(db, v, await orderFor(db, v, orderId));
}

/**
 * Records the customer's evaluation once, on a completed order: the scores of dimensions 0–3, the
 * comment and the evaluation form's custom values; sets evaluated_at (the evaluateState filter), bumps
 * the version and logs it. The row lock makes a second evaluation wait and then be refused.
 */
export async function evaluate(
  db: Db,
  v: Actor,
  b: { orderId: number; scores: number[]; comment: string | null; ext?: Record<string, unknown> },
): Promise<EvaluationView> {
  return db.transaction(async (tx) => {
    const row = await orderFor(tx, v, b.orderId, true);
    const refusal = evaluateRefusal(v, row);
    if (refusal) throw refusal;
    let ext: Record<string, unknown> | undefined;
    if (b.ext && Object.keys(b.ext).length) {
      const cur = await currentVersionOf(tx, v.enterpriseId, EVALUATION_KIND);
      ext = await validateAndComputeExt(tx, v.enterpriseId, EVALUATION_KIND, cur.templateVersionId, b.ext, {
        roles: v.sysrole == null ? undefined : [v.sysrole],
      });
    }
    const stored: StoredEvaluation = { scores: b.scores, comment: b.comment, ...(ext ? { ext } : {}), by: v.id };
    await saveEvaluation(tx, v.enterpriseId, b.orderId, stored);
    await insertStateLog(tx, ORDER_STATE, {
      enterpriseId: v.enterpriseId,
      id: b.orderId,
      from: row.state,
      to: row.state,
      action: 'evaluate',
      note: `客户评价：${b.scores.join('/')}${b.comment ? `，${b.comment}` : ''}`,
      actorId: v.id,
    });
    return view(tx, v, await orderFor(tx, v, b.orderId));
  });
}
