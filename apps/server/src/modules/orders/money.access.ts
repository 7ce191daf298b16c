import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/actor';
import { openableOrders } from './scope';

export type OrderRow = Record<string, unknown>;

/** Orders this viewer may open: the one order scope (scope.ts). The recycle bin is not visible here. */
export const visibleOrderSql = (v: Actor, alias = 'o') => openableOrders(v, alias);

/** The order row (money in cents), NOT_FOUND for another enterprise's, a deleted or an invisible one; `lock` takes it FOR UPDATE. */
export async function orderFor(ex: Executor, v: Actor, id: number, lock = false): Promise<OrderRow> {
  const [r] = await rows<OrderRow>(
    ex,
    sql`select o.*, (o.service_amount * 100)::bigint as service_c, (o.spare_amount * 100)::bigint as spare_c,
        (o.other_amount * 100)::bigint as other_c, (o.discount_amount * 100)::bigint as discount_c,
        (o.receivable_amount * 100)::bigint as receivable_c, (o.paid_amount * 100)::bigint as paid_c
      from orders o where o.enterprise_id = ${v.enterpriseId} and o.id = ${id} and o.deleted_at is null and ${visibleOrderSql(v)}
      ${lock ? sql`for update` : sql``}`,
  );
  if (!r) throw new AppError('NOT_FOUND');
  return r;
}

const isOn = async (ex: Executor, v: Actor, row: OrderRow, part: number) =>
  (await rows(ex, sql`select 1 from order_people where enterprise_id = ${v.enterpriseId} and order_id = ${row.id} and part = ${part} and user_id = ${v.id}`))
    .length > 0;

/** Roles that keep fees (docs/decisions.md): administrators, dispatchers (1) and finance (8); on site the order's engineer and collaborators. */
const FEE_ROLES = [1, 8];
/** Roles that may record the customer's evaluation besides the order's creator: dispatchers, acceptance and return-visit customer service. */
const EVALUATE_ROLES = [1, 6, 7];

/** Why the fees cannot change now (a Chinese refusal), or null. */
export async function feeRefusal(ex: Executor, v: Actor, row: OrderRow): Promise<AppError | null> {
  const state = Number(row.state);
  if (state === 6 || row.invalid === true || Number(row.place_state) === 1) return new AppError('ORDER_INVALID_TRANSITION');
  if (row.paid_at != null || (Number(row.examine_type) === 4 && Number(row.examine_result) === 0)) {
    return new AppError('VALIDATION', { detail: '工单已收款，不能再修改费用' });
  }
  if (v.admin || (v.sysrole != null && FEE_ROLES.includes(v.sysrole))) return null;
  const onSite = [3, 4, 5].includes(state) && (Number(row.service_user_id) === v.id || (await isOn(ex, v, row, 4)));
  return onSite ? null : new AppError('ORDER_ACTOR');
}

/** Why the evaluation cannot be recorded now, or null. */
export function evaluateRefusal(v: Actor, row: OrderRow): AppError | null {
  if (row.evaluated_at != null) return new AppError('VALIDATION', { detail: '该工单已评价，不能重复评价' });
  if (Number(row.state) !== 5 || row.invalid === true) return new AppError('VALIDATION', { detail: '工单完成后才能评价' });
  if (v.admin || (v.sysrole != null && EVALUATE_ROLES.includes(v.sysrole)) || Number(row.created_by) === v.id) return null;
  return new AppError('ORDER_ACTOR');
}

/** Cents from a bigint column read as text. */
export const cents = (v: unknown): number => Number(v ?? 0);
