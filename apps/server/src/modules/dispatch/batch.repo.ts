// The statement of the batch dispatch (batch.service.ts): the batch's orders the viewer may open.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { SystemActor } from '../../platform/actor';
import { bigints } from '../../platform/sql';
import { openableOrders } from '../orders/index';

/** The orders among `ids` the viewer may open (not deleted), with their numbers. */
export const openableOrderNos = (ex: Executor, v: SystemActor, ids: number[]) =>
  rows<{ id: number; order_no: string }>(
    ex,
    sql`select o.id, o.order_no from orders o where o.enterprise_id = ${v.enterpriseId} and o.id = any(${bigints(ids)})
      and o.deleted_at is null and ${openableOrders(v)}`,
  );
