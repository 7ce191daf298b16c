// 客户投诉's menu badge, and so a to-do on the home page: the complaints waiting for the caller — new ones nobody
// handles yet (any holder of the page may accept them) and the open ones he handles (docs/quality.md, Badge).
import { COMPLAINT_POWER, hasPower } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { registerBadgeCount } from '../menu/badges';
import { complaintScope } from './complaint.repo';

/** Complaints in the caller's scope that are 新建 with no handler, or not yet closed and handled by him. */
export async function complaintTodoCount(ex: Executor, a: Actor): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from complaints c where c.enterprise_id = ${a.enterpriseId} and c.state in (1, 2, 3, 4)
      and coalesce(c.handler_id, ${a.id}::bigint) = ${a.id} and (c.state = 1 or c.handler_id is not null) and ${complaintScope(a)}`,
  );
  return r?.n ?? 0;
}

export function wireComplaintBadge(): void {
  registerBadgeCount('/customerComplaint/todoCount', ({ actor, deps }) => {
    if (!hasPower(actor.powers, COMPLAINT_POWER)) throw new AppError('NO_POWER');
    return complaintTodoCount(deps.db, actor);
  });
}
