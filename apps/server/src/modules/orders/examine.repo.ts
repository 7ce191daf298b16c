// What the order area reads of the approval engine for its examines (docs/approvals.md): the kinds an order's instance
// has, its waiting instance and step, who holds its open tasks, and the log row that opened an examine. No order imports
// here: order.state.ts, scope.ts and the list filters read it.
import type { ApprovalDocKind, ExamineType } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/** The approval engine's document kind of each examine type (docs/approvals.md, "Kinds on the engine today"). */
export const ORDER_APPROVAL_KIND: Record<ExamineType, ApprovalDocKind> = {
  1: 'order_create',
  2: 'order_complete',
  3: 'order_receipt',
  4: 'order_collection',
};
export const ORDER_APPROVAL_KINDS = Object.values(ORDER_APPROVAL_KIND);
const kindList = sql.raw(ORDER_APPROVAL_KINDS.map((k) => `'${k}'`).join(', '));

/**
 * Orders whose waiting approval instance has an open task of its current step for `userId` (his own, or a
 * principal's inside a delegation window), as `o.id = any(array(…))`: read by approval_tasks_user_idx first.
 */
export function openTaskOrders(enterpriseId: number, userId: number, alias: string | SQL = 'o'): SQL {
  const o = typeof alias === 'string' ? sql.raw(alias) : alias;
  return sql`${o}.id = any(array(select i.doc_id from approval_tasks t
    join approval_instances i on i.enterprise_id = t.enterprise_id and i.id = t.instance_id and i.state = 0 and i.step = t.step and i.kind in (${kindList})
    where t.enterprise_id = ${enterpriseId} and t.decision is null and (t.user_id = ${userId} or t.user_id in (select d.user_id from approval_delegations d
      where d.enterprise_id = ${enterpriseId} and d.delegate_id = ${userId} and d.starts_at <= now() and d.ends_at > now()))))`;
}

/** The order `o` waits on an approval instance (a flow applies): its approvers are the instance's, not the process's. */
export const onEngine = (alias = 'o'): SQL => {
  const o = sql.raw(alias);
  return sql`exists (select 1 from approval_instances i where i.enterprise_id = ${o}.enterprise_id and i.kind in (${kindList}) and i.doc_id = ${o}.id and i.state = 0)`;
};

/** A new order `n` starts out waiting for an examine (the created hooks' probe of the approval notice). */
export const startsWaiting = (): SQL => sql`n.examine_type is not null and n.examine_result = 0`;

/** The order's waiting instance (any examine kind), or null: then the process's one-step examine applies. */
export async function waitingOrderApproval(ex: Executor, enterpriseId: number, orderId: number): Promise<{ id: number; kind: string } | null> {
  const [r] = await rows<{ id: number; kind: string }>(
    ex,
    sql`select id::int as id, kind from approval_instances where enterprise_id = ${enterpriseId} and kind in (${kindList}) and doc_id = ${orderId} and state = 0`,
  );
  return r ? { id: r.id, kind: r.kind } : null;
}

/** Whether `userId` may act on the instance's current step now: his own open task, or a principal's inside a delegation window. */
export async function holdsOpenTask(ex: Executor, enterpriseId: number, instanceId: number, userId: number): Promise<boolean> {
  const r = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from approval_tasks t join approval_instances i on i.enterprise_id = t.enterprise_id and i.id = t.instance_id and i.step = t.step and i.state = 0
      where t.enterprise_id = ${enterpriseId} and t.instance_id = ${instanceId} and t.decision is null and (t.user_id = ${userId}
        or t.user_id in (select d.user_id from approval_delegations d where d.enterprise_id = ${enterpriseId} and d.delegate_id = ${userId}
          and d.starts_at <= now() and d.ends_at > now()))
      limit 1`,
  );
  return r.length > 0;
}

/** The user of the order's last log row of `action`, or null (none, or a system action). */
export async function lastActionUser(ex: Executor, enterpriseId: number, orderId: number, action: string): Promise<number | null> {
  const [l] = await rows<{ user_id: number | null }>(
    ex,
    sql`select user_id::int as user_id from order_logs where enterprise_id = ${enterpriseId} and order_id = ${orderId} and action = ${action}
      order by id desc limit 1`,
  );
  return l?.user_id ?? null;
}

/** orderApprovalStep as a column of a statement over the orders row `o`: JSON { id, stepName } or null. */
export const orderApprovalStepSql = (): SQL =>
  sql`(select json_build_object('id', a.id, 'stepName', coalesce(a.steps -> a.step ->> 'name', '')) from approval_instances a
    where a.enterprise_id = o.enterprise_id and a.kind in (${kindList}) and a.doc_id = o.id and a.state = 0 limit 1)`;

/** The order's waiting instance at its current step (the detail's 审批流程 line), or null. */
export async function orderApprovalStep(ex: Executor, enterpriseId: number, orderId: number): Promise<{ id: number; stepName: string } | null> {
  const [r] = await rows<{ id: number; step_name: string | null }>(
    ex,
    sql`select id::int as id, steps -> step ->> 'name' as step_name from approval_instances
      where enterprise_id = ${enterpriseId} and kind in (${kindList}) and doc_id = ${orderId} and state = 0`,
  );
  return r ? { id: r.id, stepName: r.step_name ?? '' } : null;
}
