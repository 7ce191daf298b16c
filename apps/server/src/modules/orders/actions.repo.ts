// The order actions' own reads and writes beside the locked row (orders.repo.ts): times in the enterprise's zone, the
// signature's file, the offline operation keys, the approver fields, service people, order people, providers.
import { sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import type { SystemActor } from '../../platform/actor';
import { bigints } from '../../platform/sql';

/** 'YYYY-MM-DD HH:mm[:ss]' in the zone → an ISO instant. */
export async function instantIn(ex: Executor, timeZone: string, text: string): Promise<string | undefined> {
  const [r] = await rows<{ at: string }>(
    ex,
    sql`select to_char(((${text})::timestamp at time zone ${timeZone}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at`,
  );
  return r?.at;
}

/** The extension of an upload of the enterprise, or undefined. */
export async function uploadExt(ex: Executor, enterpriseId: number, uploadId: number): Promise<string | undefined> {
  const [f] = await rows<{ ext: string }>(ex, sql`select ext from uploads where enterprise_id = ${enterpriseId} and id = ${uploadId}`);
  return f?.ext;
}

/** An offline operation key already used: the order it was for and the answer it got. */
export async function opKeyOf<R>(ex: Executor, enterpriseId: number, key: string): Promise<{ order_id: number; result: R } | undefined> {
  const [seen] = await rows<{ order_id: number; result: R }>(
    ex,
    sql`select order_id, result from order_op_keys where enterprise_id = ${enterpriseId} and key = ${key}`,
  );
  return seen;
}

/** Keeps an offline operation key with its answer; false when another transaction kept it first. */
export async function keepOpKey(ex: Executor, v: SystemActor, k: { key: string; orderId: number; action: string; result: unknown }): Promise<boolean> {
  const kept = await rows<{ key: string }>(
    ex,
    sql`insert into order_op_keys (enterprise_id, key, order_id, action, result, user_id)
        values (${v.enterpriseId}, ${k.key}, ${k.orderId}, ${k.action}, ${JSON.stringify(k.result)}::jsonb, ${v.id > 0 ? v.id : null})
        on conflict do nothing returning key`,
  );
  return kept.length > 0;
}

/** What deciding the approver reads of an order (order.state.ts flagsOf, processOf). */
export type ApproverFields = {
  examine_type: number | null;
  examine_result: number | null;
  process: unknown;
  dispatcher_id: number | null;
};

/** The approver fields of a live order, read without the lock. */
export async function approverFields(ex: Executor, enterpriseId: number, orderId: number): Promise<ApproverFields | undefined> {
  const [row] = await rows<ApproverFields>(
    ex,
    sql`select examine_type, examine_result, process, dispatcher_id from orders where enterprise_id = ${enterpriseId} and id = ${orderId} and deleted_at is null`,
  );
  return row;
}

/** Enabled service people (role 2) among the ids, of one provider when given. */
export function servicePeopleRows(
  ex: Executor,
  enterpriseId: number,
  ids: readonly number[],
  provider?: number,
): Promise<{ id: number; name: string; provider_id: number | null }[]> {
  return rows<{ id: number; name: string; provider_id: number | null }>(
    ex,
    sql`select id, name, provider_id from users where enterprise_id = ${enterpriseId} and id = any(${bigints(ids)})
      and enabled and deleted_at is null and 2 = any(roles) ${provider ? sql`and provider_id = ${provider}` : sql``}`,
  );
}

/** Replaces the order's people of one part. */
export async function replacePeople(tx: Tx, enterpriseId: number, orderId: number, part: number, ids: readonly number[]): Promise<void> {
  await tx.execute(sql`delete from order_people where enterprise_id = ${enterpriseId} and order_id = ${orderId} and part = ${part}`);
  if (ids.length === 0) return;
  await tx.execute(sql`insert into order_people (enterprise_id, order_id, part, user_id)
    select ${enterpriseId}, ${orderId}, ${part}, u from unnest(${bigints([...new Set(ids)])}) u`);
}

/** The provider of an outsourced user (user_type 1), or null. */
export async function outsourcedProvider(ex: Executor, enterpriseId: number, userId: number): Promise<number | null> {
  const [u] = await rows<{ provider_id: number | null }>(
    ex,
    sql`select provider_id from users where enterprise_id = ${enterpriseId} and id = ${userId} and user_type = 1`,
  );
  return u?.provider_id ?? null;
}

/** The name of an enabled provider that takes orders (partner types 1, 3, 4), or undefined. */
export async function assignableProviderName(ex: Executor, enterpriseId: number, id: number): Promise<string | undefined> {
  const [p] = await rows<{ name: string }>(
    ex,
    sql`select name from service_providers where enterprise_id = ${enterpriseId} and id = ${id} and enabled and partner_type in (1, 3, 4)`,
  );
  return p?.name;
}

/** The name of the engineer, else of the provider, the order has (before a dispatch). */
export async function assigneeName(ex: Executor, enterpriseId: number, serviceUserId: number | null, providerId: number | null): Promise<string | null> {
  const [r] = await rows<{ name: string | null }>(
    ex,
    sql`select coalesce((select name from users where enterprise_id = ${enterpriseId} and id = ${serviceUserId ?? null}),
      (select name from service_providers where enterprise_id = ${enterpriseId} and id = ${providerId ?? null})) as name`,
  );
  return r?.name ?? null;
}
