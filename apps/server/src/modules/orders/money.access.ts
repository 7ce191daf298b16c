import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { isOnOrder, type MoneyOrderRecord, moneyOrderRecord } from './money.repo';
import { openableOrders } from './scope';

export type OrderRow = MoneyOrderRecord;

/** Orders this viewer may open: the one order scope (scope.ts). The recycle bin is not visible here. */
export const visibleOrderSql = (v: Actor, alias = 'o') => openableOrders(v, alias);

/** The order row (money in cents), NOT_FOUND for another enterprise's, a deleted or an invisible one; `lock` takes it FOR UPDATE. */
export async function orderFor(ex: Executor, v: Actor, id: number, lock = false): Promise<OrderRow> {
  const r = await moneyOrderRecord(ex, v.enterpriseId, id, visibleOrderSql(v), lock);
  if (!r) throw new AppError('NOT_FOUND');
  return r;
}

const isOn = (ex: Executor, v: Actor, row: OrderRow, part: number) => isOnOrder(ex, v.enterpriseId, row.id, part, v.id);

/** Roles that keep fees (docs/decisions.md): administrators, dispatchers (1) and finance (8); on site the order's engineer and collaborators. */
const FEE_ROLES = [1, 8];
/** Roles that may record the customer's evaluation besides the order's creator: dispatchers, acceptance and return-visit customer service. */
const EVALUATE_ROLES = [1, 6, 7];

/** Why the fees cannot change now (a Chinese refusal), or null. */
export async function feeRefusal(ex: Executor, v: Actor, row: OrderRow): Promise<AppError | null> {
  const state = row.state;
  if (state === 6 || row.invalid === true || row.place_state === 1) return new AppError('ORDER_INVALID_TRANSITION');
  if (row.paid_at != null || (row.examine_type === 4 && row.examine_result === 0)) {
    return new AppError('VALIDATION', { detail: '工单已收款，不能再修改费用' });
  }
  if (v.admin || (v.sysrole != null && FEE_ROLES.includes(v.sysrole))) return null;
  const onSite = [3, 4, 5].includes(state) && (row.service_user_id === v.id || (await isOn(ex, v, row, 4)));
  return onSite ? null : new AppError('ORDER_ACTOR');
}

/** Why the evaluation cannot be recorded now, or null. */
export function evaluateRefusal(v: Actor, row: OrderRow): AppError | null {
  if (row.evaluated_at != null) return new AppError('VALIDATION', { detail: '该工单已评价，不能重复评价' });
  if (row.state !== 5 || row.invalid === true) return new AppError('VALIDATION', { detail: '工单完成后才能评价' });
  if (v.admin || (v.sysrole != null && EVALUATE_ROLES.includes(v.sysrole)) || row.created_by === v.id) return null;
  return new AppError('ORDER_ACTOR');
}

/** Cents from a bigint column read as text. */
export const cents = (v: unknown): number => Number(v ?? 0);
