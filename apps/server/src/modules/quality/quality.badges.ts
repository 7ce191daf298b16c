// The quality area's menu badges, and so to-dos on the home page (docs/quality.md, Badges): 客户投诉 — the complaints
// waiting for the caller, new ones nobody handles yet (any holder of the page may accept them) and the open ones he
// handles; 寄修单 — the units to receive (待确认) and to repair (处理中); 退换货 — for an administrator, the orders
// 待审核 that no flow decides and he did not submit.
import { COMPLAINT_POWER, EXCHANGE_APPROVAL_KIND, EXCHANGE_POWER, REPAIR_POWER } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { noFlowWaiting } from '../approvals/index';
import { registerBadgeCount, withPower } from '../menu/index';
import { complaintScope } from './complaint.repo';
import { providerScope } from './repair.repo';

/** Complaints in the caller's scope that are 新建 with no handler, or not yet closed and handled by him. */
export async function complaintTodoCount(ex: Executor, a: Actor): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from complaints c where c.enterprise_id = ${a.enterpriseId} and c.state in (1, 2, 3, 4)
      and coalesce(c.handler_id, ${a.id}::bigint) = ${a.id} and (c.state = 1 or c.handler_id is not null) and ${complaintScope(a)}`,
  );
  return r?.n ?? 0;
}

/** Repair-sent orders in the caller's scope waiting for the workshop: 0 待确认 (receive the unit), 1 处理中 (repair it). */
export async function repairTodoCount(ex: Executor, a: Actor): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from repair_orders r where r.enterprise_id = ${a.enterpriseId} and r.state in (0, 1) and ${providerScope(a, 'r')}`,
  );
  return r?.n ?? 0;
}

/** Exchange/return orders 待审核 an administrator decides in one step: no flow's instance waits, not his own. */
export async function exchangeTodoCount(ex: Executor, a: Actor): Promise<number> {
  if (!a.admin) return 0;
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from exchange_orders e where e.enterprise_id = ${a.enterpriseId} and e.state = 0
      and e.applicant_id <> ${a.id} and ${noFlowWaiting(EXCHANGE_APPROVAL_KIND, 'e')} and ${providerScope(a, 'e')}`,
  );
  return r?.n ?? 0;
}

export function wireQualityBadges(): void {
  registerBadgeCount('/customerComplaint/todoCount', withPower(COMPLAINT_POWER, complaintTodoCount));
  registerBadgeCount('/repairOrder/todoCount', withPower(REPAIR_POWER, repairTodoCount));
  registerBadgeCount('/exchangeOrder/todoCount', withPower(EXCHANGE_POWER, exchangeTodoCount));
}
