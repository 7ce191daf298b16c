// The customer's evaluation of an order: the stored JSON, when and by whom, and its one write.
import { sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import { apiTime } from '../forms/index';

/** orders.evaluation as stored. */
export interface StoredEvaluation {
  scores: number[];
  comment: string | null;
  ext?: Record<string, unknown>;
  by: number;
}

/** When the order was evaluated (in the viewer's zone) and the evaluator's name. */
export async function evaluatedBy(
  ex: Executor,
  v: { enterpriseId: number; timeZone: string },
  orderId: number,
): Promise<{ t: string | null; name: string | null } | undefined> {
  const [extra] = await rows<{ t: string | null; name: string | null }>(
    ex,
    sql`select ${apiTime(sql`o.evaluated_at`, v.timeZone)} as t, u.name from orders o
      left join users u on u.enterprise_id = o.enterprise_id and u.id = (o.evaluation ->> 'by')::bigint
      where o.enterprise_id = ${v.enterpriseId} and o.id = ${orderId}`,
  );
  return extra;
}

/** Writes the evaluation, stamps evaluated_at and bumps the version. */
export async function saveEvaluation(tx: Tx, enterpriseId: number, orderId: number, stored: StoredEvaluation): Promise<void> {
  await tx.execute(sql`update orders set evaluation = ${JSON.stringify(stored)}::jsonb, evaluated_at = now(), version = version + 1, updated_at = now()
      where enterprise_id = ${enterpriseId} and id = ${orderId}`);
}
