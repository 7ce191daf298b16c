import { hasPower, ORDER_PAGE_POWERS } from '@sk/shared';
import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { withViewerParts } from './order.state';
import { viewerPartsColumn } from './state.repo';
import { type DetailRaw, orderRowWithDetail, readableOrders } from './detail.repo';
import type { OrderReader } from './orders.types';

export type { OrderReader } from './orders.types';
import { type OrderRecord, orderRecord } from './orders.repo';
import { openableOrders, seesAllOrders } from './scope';
import type { Actor } from '../../platform/actor';

/** The actor as an order reader; NO_POWER without any order page. */
export function readerOf(a: Actor): OrderReader {
  const can = (p: string) => hasPower(a.powers, p);
  if (!ORDER_PAGE_POWERS.some(can)) throw new AppError('NO_POWER');
  // As the lifecycle endpoints see the user, so the buttons match what they accept.
  return { ...a, bin: can('menu_OrderRubbish') };
}

/** Condition on an orders row `o` keeping the orders the reader may open. */
export function orderScope(r: OrderReader): SQL {
  return readableOrders(r.bin && seesAllOrders(r), openableOrders(r));
}

/**
 * The order's row (snake_case columns) if the reader may open it; NOT_FOUND otherwise (another enterprise's id included).
 * The reader's order_people parts come with it, so the row's abilities (orderAbilities) read nothing more.
 */
export async function visibleOrder(ex: Executor, r: OrderReader, id: number): Promise<OrderRecord> {
  const row = await orderRecord(ex, r.enterpriseId, id, orderScope(r), viewerPartsColumn(r));
  if (!row) throw new AppError('NOT_FOUND');
  return withViewerParts(row, r);
}

/**
 * visibleOrder and the detail's other reads (detail.repo.ts detailColumns) in one statement: the order detail's row and
 * everything it shows beside it. NOT_FOUND like visibleOrder.
 */
export async function visibleOrderDetail(ex: Executor, r: OrderReader, id: number): Promise<{ o: OrderRecord; n: DetailRaw }> {
  const got = await orderRowWithDetail(ex, r, id, orderScope(r), viewerPartsColumn(r));
  if (!got) throw new AppError('NOT_FOUND');
  return { o: withViewerParts(got.row, r), n: got.detail };
}

/** Path ids (/order/getOrderTab/{id}): a positive integer, else a Chinese refusal. */
export function pathId(raw: string | undefined, label: string): number {
  const n = Number(raw);
  if (!raw || !/^\d{1,18}$/.test(raw) || !Number.isSafeInteger(n) || n <= 0) throw new AppError('VALIDATION', { detail: `${label}不正确` });
  return n;
}
