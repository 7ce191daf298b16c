import { type BodyOf, DEFAULT_ORDER_PROCESS, type OrderProcess, type OrderProcessAnswer, type processContract, ORDER_FORM_KIND } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { invalid, notFound } from '../../platform/errors';
import { checkIdsIn, LIVE_USER } from '../../platform/refs';
import type { Actor } from '../../platform/actor';
import { bigints } from '../../platform/sql';
import * as forms from '../forms/forms.repo';

/** The order form kind (forms.constants: 1 工单): a process belongs to an order type. */

export interface Published {
  versionId: number | null;
  version: number | null;
  process: OrderProcess;
}

/** Older versions lack later switches; they read as the default for those. */
const withDefaults = (p: unknown): OrderProcess => ({ ...DEFAULT_ORDER_PROCESS, ...(p as Partial<OrderProcess>) });

/** An order type of this enterprise; another enterprise's or another kind's id is not found. */
async function orderType(ex: Executor, enterpriseId: number, tid: number, lock = false): Promise<forms.TemplateRec> {
  const t = await forms.templateById(ex, enterpriseId, tid, lock);
  if (!t || t.formKind !== ORDER_FORM_KIND) throw notFound();
  return t;
}

/** publishedProcess as an expression of another statement: its row as JSON ({ id, process }), or null. */
export const publishedProcessSql = (enterpriseId: number, tid: SQL): SQL =>
  sql`(select json_build_object('id', p.id, 'process', p.process) from process_versions p
    where p.enterprise_id = ${enterpriseId} and p.template_id = ${tid} order by p.version desc limit 1)`;

/** What publishedProcessSql answered, as the pin a new order takes. */
export function publishedProcessOf(value: unknown): { versionId: number | null; process: OrderProcess } {
  const r = value as { id: number; process: unknown } | null;
  return r ? { versionId: r.id, process: withDefaults(r.process) } : { versionId: null, process: DEFAULT_ORDER_PROCESS };
}

/** The order type's published process: its highest version, else the built-in default. */
export async function publishedProcess(ex: Executor, enterpriseId: number, tid: number): Promise<Published> {
  const [r] = await rows<{ id: number; version: number; process: unknown }>(
    ex,
    sql`select id, version, process from process_versions where enterprise_id = ${enterpriseId} and template_id = ${tid} order by version desc limit 1`,
  );
  if (!r) return { versionId: null, version: null, process: DEFAULT_ORDER_PROCESS };
  return { versionId: r.id, version: r.version, process: withDefaults(r.process) };
}

const RECENT = 5;
/** The latest orders of each version (null: of none), newest first; walks the type's orders by creation time. */
async function recentOrders(ex: Executor, enterpriseId: number, tid: number, versionIds: (number | null)[]) {
  const out = new Map<number | null, { id: number; orderNo: string }[]>();
  for (const v of versionIds) {
    const list = await rows<{ id: number; order_no: string }>(
      ex,
      sql`select id, order_no from orders where enterprise_id = ${enterpriseId} and template_id = ${tid}
        and ${v == null ? sql`process_version_id is null` : sql`process_version_id = ${v}`} order by created_at desc, id desc limit ${RECENT}`,
    );
    out.set(
      v,
      list.map((o) => ({ id: Number(o.id), orderNo: o.order_no })),
    );
  }
  return out;
}

/** The process page: the published process, every version with the orders that use it, and the fields a step may require. */
export async function getProcess(db: Db, u: Actor, tid: number): Promise<OrderProcessAnswer> {
  const t = await orderType(db, u.enterpriseId, tid);
  const cur = await publishedProcess(db, u.enterpriseId, tid);
  const versions = await rows<{ id: number; version: number; create_time: string; name: string | null; n: number }>(
    db,
    sql`select v.id, v.version, to_char(v.created_at at time zone ${u.timeZone}, 'YYYY-MM-DD HH24:MI:SS') as create_time, u.name,
        coalesce(c.n, 0)::int as n
      from process_versions v
      left join users u on u.enterprise_id = v.enterprise_id and u.id = v.created_by
      left join (select process_version_id, count(*) as n from orders where enterprise_id = ${u.enterpriseId} and template_id = ${tid}
        group by process_version_id) c on c.process_version_id = v.id
      where v.enterprise_id = ${u.enterpriseId} and v.template_id = ${tid} order by v.version desc`,
  );
  const [d] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from orders where enterprise_id = ${u.enterpriseId} and template_id = ${tid} and process_version_id is null`,
  );
  const recent = await recentOrders(db, u.enterpriseId, tid, [...versions.map((v) => v.id), null]);
  const fields = await forms.liveFields(db, u.enterpriseId, tid);
  const named = userApprovers(cur.process);
  const people = named.length
    ? await rows<{ id: number; name: string }>(db, sql`select id, name from users where enterprise_id = ${u.enterpriseId} and id = any(${bigints(named)})`)
    : [];
  return {
    tid,
    templateName: t.name,
    versionId: cur.versionId,
    version: cur.version,
    process: cur.process,
    versions: versions.map((v) => ({
      id: v.id,
      version: v.version,
      createTime: v.create_time,
      createUserName: v.name,
      orderCount: v.n,
      recentOrders: recent.get(v.id) ?? [],
    })),
    defaultOrderCount: d?.n ?? 0,
    defaultRecentOrders: recent.get(null) ?? [],
    approverNames: Object.fromEntries(people.map((p) => [String(p.id), p.name])),
    fields: fields.map((f) => ({ id: f.id, name: f.name, type: f.type })),
  };
}

const userApprovers = (p: OrderProcess): number[] => [...new Set(Object.values(p.approvers).flatMap((a) => (a?.by === 'user' ? [a.userId] : [])))];

/** Named approvers are enabled users of the enterprise; required fields are live fields of the order type. */
async function checkReferences(ex: Executor, enterpriseId: number, tid: number, p: OrderProcess): Promise<void> {
  await checkIdsIn(ex, enterpriseId, 'users', userApprovers(p), '审核人：人员不存在或已停用', LIVE_USER);
  const asked = new Set(Object.values(p.requirements).flatMap((r) => r?.fields ?? []));
  if (asked.size) {
    const live = new Set((await forms.liveFields(ex, enterpriseId, tid)).map((f) => f.id));
    if ([...asked].some((id) => !live.has(id))) throw invalid('必填字段：字段不存在或已被删除');
  }
}

/** Saves the process as the order type's next version; new orders pin it, orders in flight keep theirs. */
export async function publishProcess(db: Db, u: Actor, b: BodyOf<typeof processContract.publish>): Promise<{ versionId: number; version: number }> {
  return db.transaction(async (tx) => {
    // Locking the order type serialises publishes, so version numbers follow one another.
    await orderType(tx, u.enterpriseId, b.tid, true);
    await checkReferences(tx, u.enterpriseId, b.tid, b.process);
    const [r] = await rows<{ id: number; version: number }>(
      tx,
      sql`insert into process_versions (enterprise_id, template_id, version, process, created_by)
        select ${u.enterpriseId}, ${b.tid}, coalesce(max(version), 0) + 1, ${JSON.stringify(b.process)}::jsonb, ${u.id}
        from process_versions where enterprise_id = ${u.enterpriseId} and template_id = ${b.tid}
        returning id, version`,
    );
    if (!r) throw new Error('process version insert failed');
    return { versionId: r.id, version: r.version };
  });
}

/** Dispatch order settings of an order type: read from its published process. */
export async function dispatchSettings(db: Db, u: Actor, tid: number) {
  await orderType(db, u.enterpriseId, tid);
  const p = await publishedProcess(db, u.enterpriseId, tid);
  return { tid, dispatch: p.process.dispatch, engineerAccept: p.process.engineerAccept, actors: p.process.actors.dispatch ?? null, versionId: p.versionId };
}
