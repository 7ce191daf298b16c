// 报价单's menu badge, and so a salesperson's home to-do: the quotations of his customers the customer accepted
// without an order, waiting for 转工单 (docs/commerce.md, Badge).
import { QUOTE_POWER } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { registerBadgeCount, withPower } from '../menu/index';
import { quotationScope } from './quotation.repo';

/** Quotations 已接受 (state 3) in the caller's scope: accepted with an order they move on to 已转工单 at once. */
export async function quotationTodoCount(ex: Executor, a: Actor): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from quotations q where q.enterprise_id = ${a.enterpriseId} and q.state = 3 and ${quotationScope(a)}`,
  );
  return r?.n ?? 0;
}

export function wireQuotationBadge(): void {
  registerBadgeCount('/quotation/todoCount', withPower(QUOTE_POWER, quotationTodoCount));
}
