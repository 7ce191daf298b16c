// The statements of order processes (process.service.ts): the versions, their orders, the creation seams' reads and writes.
import { DEFAULT_ORDER_PROCESS, type OrderProcess } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { bigints } from '../../platform/sql';

/** A stored process version (its process as saved: older ones lack later switches). */
export interface VersionRaw {
  id: number;
  version: number;
  process: unknown;
}

/** publishedProcess as an expression of another statement: its row as JSON ({ id, process }), or null. */
export const publishedProcessSql = (enterpriseId: number, tid: SQL): SQL =>
  sql`(select json_build_object('id', p.id, 'process', p.process) from process_versions p
    where p.enterprise_id = ${enterpriseId} and p.template_id = ${tid} order by p.version desc limit 1)`;

/** The order type's highest version. */
export async function latestVersion(ex: Executor, enterpriseId: number, tid: number): Promise<VersionRaw | undefined> {
  const [r] = await rows<VersionRaw>(
    ex,
    sql`select id, version, process from process_versions where enterprise_id = ${enterpriseId} and template_id = ${tid} order by version desc limit 1`,
  );
  return r;
}

/** The latest `limit` orders of the type on a version (null: on none), newest first. */
export async function ordersOnVersion(
  ex: Executor,
  enterpriseId: number,
  tid: number,
  v: number | null,
  limit: number,
): Promise<{ id: number; orderNo: string }[]> {
  const list = await rows<{ id: number; order_no: string }>(
    ex,
    sql`select id, order_no from orders where enterprise_id = ${enterpriseId} and template_id = ${tid}
        and ${v == null ? sql`process_version_id is null` : sql`process_version_id = ${v}`} order by created_at desc, id desc limit ${limit}`,
  );
  return list.map((o) => ({ id: o.id, orderNo: o.order_no }));
}

/** A version as the process page lists it: who saved it when (in `tz`), and how many orders use it. */
export interface VersionRow {
  id: number;
  version: number;
  create_time: string;
  name: string | null;
  n: number;
}

export const versionsOf = (ex: Executor, enterpriseId: number, tid: number, tz: string) =>
  rows<VersionRow>(
    ex,
    sql`select v.id, v.version, to_char(v.created_at at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS') as create_time, u.name,
        coalesce(c.n, 0)::int as n
      from process_versions v
      left join users u on u.enterprise_id = v.enterprise_id and u.id = v.created_by
      left join (select process_version_id, count(*) as n from orders where enterprise_id = ${enterpriseId} and template_id = ${tid}
        group by process_version_id) c on c.process_version_id = v.id
      where v.enterprise_id = ${enterpriseId} and v.template_id = ${tid} order by v.version desc`,
  );

/** How many of the type's orders pin no version. */
export async function unpinnedCount(ex: Executor, enterpriseId: number, tid: number): Promise<number> {
  const [d] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from orders where enterprise_id = ${enterpriseId} and template_id = ${tid} and process_version_id is null`,
  );
  return d?.n ?? 0;
}

export const userNames = (ex: Executor, enterpriseId: number, ids: number[]) =>
  rows<{ id: number; name: string }>(ex, sql`select id, name from users where enterprise_id = ${enterpriseId} and id = any(${bigints(ids)})`);

/** The process as the type's next version. */
export async function insertVersion(
  ex: Executor,
  enterpriseId: number,
  tid: number,
  process: OrderProcess,
  userId: number,
): Promise<{ id: number; version: number } | undefined> {
  const [r] = await rows<{ id: number; version: number }>(
    ex,
    sql`insert into process_versions (enterprise_id, template_id, version, process, created_by)
        select ${enterpriseId}, ${tid}, coalesce(max(version), 0) + 1, ${JSON.stringify(process)}::jsonb, ${userId}
        from process_versions where enterprise_id = ${enterpriseId} and template_id = ${tid}
        returning id, version`,
  );
  return r;
}

/** An order's pinned process. */
export async function pinnedProcess(ex: Executor, enterpriseId: number, orderId: number): Promise<{ process: Partial<OrderProcess> | null } | undefined> {
  const [row] = await rows<{ process: Partial<OrderProcess> | null }>(
    ex,
    sql`select process from orders where enterprise_id = ${enterpriseId} and id = ${orderId}`,
  );
  return row;
}

/** The pinned processes of the orders still without an engineer. */
export const unservedProcesses = (ex: Executor, enterpriseId: number, ids: number[]) =>
  rows<{ id: number; process: Partial<OrderProcess> | null }>(
    ex,
    sql`select id, process from orders where enterprise_id = ${enterpriseId} and id = any(${bigints(ids)}) and service_user_id is null`,
  );

/** The creator serves the order, if it has no engineer yet. */
export async function serveByCreator(ex: Executor, enterpriseId: number, orderId: number): Promise<void> {
  await ex.execute(sql`update orders set service_user_id = created_by where enterprise_id = ${enterpriseId} and id = ${orderId} and service_user_id is null`);
}

/** serveByCreator for many orders in one statement. */
export async function serveAllByCreator(ex: Executor, enterpriseId: number, ids: number[]): Promise<void> {
  await ex.execute(
    sql`update orders set service_user_id = created_by where enterprise_id = ${enterpriseId} and id = any(${bigints(ids)}) and service_user_id is null`,
  );
}

/** The creation probe over the new order `n`: its pinned process has no dispatch stage (processOf's merge with the default). */
export const noDispatchStage = (): SQL => sql`not coalesce((n.process->>'dispatch')::boolean, ${DEFAULT_ORDER_PROCESS.dispatch})`;
