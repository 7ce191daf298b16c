import { APPROVAL_KINDS, hasPower, ORDER_PAGE_POWERS } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/session';
import { actionViewerOf } from './actions.service';
import type { OrderViewer } from './order.state';

/**
 * Who may open which order (docs/decisions.md, "order visibility"): any order page's power opens the
 * detail; 全部工单 (or an administrator) sees every order of the enterprise, everyone else the orders
 * they are on (any part), plus pool orders for those who may grab; the recycle bin only with its page.
 */


export interface OrderReader extends OrderViewer {
  timeZone: string;
  /** Sees every order of the enterprise. */
  all: boolean;
  /** Sees orders offered in the pool. */
  pool: boolean;
  /** Sees orders in the recycle bin. */
  bin: boolean;
}

/** The session user as an order reader; NO_POWER without any order page. */
export function readerOf(u: SessionUser): OrderReader {
  const can = (p: string) => hasPower(u.powers, p);
  if (!ORDER_PAGE_POWERS.some(can)) throw new AppError('NO_POWER');
  return {
    // As the lifecycle endpoints see the user, so the buttons match what they accept.
    ...actionViewerOf(u),
    all: can('menu_AllOrder'),
    pool: can('menu_OrderHighSeas'),
    bin: can('menu_OrderRubbish'),
  };
}

/**
 * Orders `o` whose pending approval the pinned process gives to `userId` by name (approvers.{kind}.by = 'user'):
 * the approver may open them without being on the order (docs/decisions.md); 待我审批 is the 审核 power's page.
 */
export function namedApprovalOf(userId: number): SQL {
  const kinds = sql.join(APPROVAL_KINDS.map((k) => sql`${k}`), sql`, `);
  const who = sql`o.process -> 'approvers' -> ((array[${kinds}]::text[])[o.examine_type])`;
  return sql`(o.examine_result = 0 and ${who} ->> 'by' = 'user' and ${who} ->> 'userId' = ${String(userId)})`;
}

/** Condition on an orders row `o` keeping the orders the reader may open. */
export function orderScope(r: OrderReader): SQL {
  const bin = r.bin && r.all ? sql`true` : sql`o.deleted_at is null`;
  if (r.all) return bin;
  const me = r.id;
  const pool = r.pool ? sql` or o.in_pool` : sql``;
  return sql`${bin} and (o.created_by = ${me} or o.salesperson_id = ${me} or o.acceptor_id = ${me} or o.dispatcher_id = ${me}
    or o.service_user_id = ${me} or o.taken_by = ${me} or o.return_visitor_id = ${me}
    or exists (select 1 from order_people p where p.enterprise_id = o.enterprise_id and p.order_id = o.id and p.user_id = ${me})
    or ${namedApprovalOf(me)}${pool})`;
}

/** The order's row (snake_case columns) if the reader may open it; NOT_FOUND otherwise (another enterprise's id included). */
export async function visibleOrder(ex: Executor, r: OrderReader, id: number): Promise<Record<string, unknown>> {
  const [row] = await rows(ex, sql`select o.* from orders o where o.enterprise_id = ${r.enterpriseId} and o.id = ${id} and ${orderScope(r)}`);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Path ids (/order/getOrderTab/{id}): a positive integer, else a Chinese refusal. */
export function pathId(raw: string | undefined, label: string): number {
  const n = Number(raw);
  if (!raw || !/^\d{1,18}$/.test(raw) || !Number.isSafeInteger(n) || n <= 0) throw new AppError('VALIDATION', { detail: `${label}不正确` });
  return n;
}
