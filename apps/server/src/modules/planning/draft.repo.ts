import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { bigints } from '../../platform/sql';

/** Drafts and their proposals (db/schema/planning.ts). Times are instants; reads give the zone's local text. */

export interface DraftRow {
  id: number;
  plan_date: string;
  source: number;
  user_ids: number[];
  unplaced: Array<{ orderId: number; reason: string }>;
  estimate: boolean;
  travel_label: string;
  created_at: string;
  created_by: string;
}

export interface ProposalRow {
  id: number;
  order_id: number;
  order_no: string;
  title: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  user_id: number;
  user_name: string;
  start_minute: number;
  end_minute: number;
  state: number;
  moved: number;
  version: number;
}

export async function insertDraft(
  ex: Executor,
  ep: number,
  d: { date: string; source: number; userIds: number[]; unplaced: unknown; estimate: boolean; label: string; by: number },
): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into plan_drafts (enterprise_id, plan_date, source, user_ids, unplaced, estimate, travel_label, created_by)
      values (${ep}, ${d.date}, ${d.source}, ${bigints(d.userIds)}, ${JSON.stringify(d.unplaced)}::jsonb, ${d.estimate}, ${d.label}, ${d.by}) returning id::int as id`,
  );
  return (r as { id: number }).id;
}

/** The proposals at local minutes of the draft's day (`tz`). */
export async function insertProposals(
  ex: Executor,
  ep: number,
  tz: string,
  draftId: number,
  date: string,
  list: Array<{ orderId: number; userId: number; start: number; end: number }>,
): Promise<void> {
  if (!list.length) return;
  const values = list.map(
    (p) =>
      sql`(${ep}, ${draftId}, ${p.orderId}, ${p.userId}, (${date}::date::timestamp + make_interval(mins => ${p.start})) at time zone ${tz},
        (${date}::date::timestamp + make_interval(mins => ${p.end})) at time zone ${tz})`,
  );
  await ex.execute(sql`insert into plan_proposals (enterprise_id, draft_id, order_id, user_id, start_at, end_at) values ${sql.join(values, sql`, `)}`);
}

export async function draftOf(ex: Executor, ep: number, tz: string, id: number): Promise<DraftRow | undefined> {
  const [d] = await rows<DraftRow>(
    ex,
    sql`select d.id::int as id, to_char(d.plan_date, 'YYYY-MM-DD') as plan_date, d.source, d.user_ids, d.unplaced, d.estimate, d.travel_label,
        to_char(d.created_at at time zone ${tz}, 'YYYY-MM-DD HH24:MI:SS') as created_at, u.name as created_by
      from plan_drafts d join users u on u.enterprise_id = d.enterprise_id and u.id = d.created_by
      where d.enterprise_id = ${ep} and d.id = ${id}`,
  );
  return d ? { ...d, user_ids: d.user_ids.map(Number) } : undefined;
}

export async function proposalsOf(ex: Executor, ep: number, tz: string, draftId: number, date: string): Promise<ProposalRow[]> {
  return rows<ProposalRow>(
    ex,
    sql`select p.id::int as id, p.order_id::int as order_id, o.order_no, o.title, o.full_address as address, o.latitude, o.longitude,
        p.user_id::int as user_id, u.name as user_name, p.state, p.moved, p.version,
        (extract(epoch from (p.start_at at time zone ${tz}) - ${date}::date::timestamp) / 60)::int as start_minute,
        (extract(epoch from (p.end_at at time zone ${tz}) - ${date}::date::timestamp) / 60)::int as end_minute
      from plan_proposals p
      join orders o on o.enterprise_id = p.enterprise_id and o.id = p.order_id
      join users u on u.enterprise_id = p.enterprise_id and u.id = p.user_id
      where p.enterprise_id = ${ep} and p.draft_id = ${draftId}
      order by p.user_id, p.start_at, p.id`,
  );
}

export async function orderNames(ex: Executor, ep: number, ids: number[]): Promise<Map<number, { orderNo: string; title: string }>> {
  if (!ids.length) return new Map();
  const found = await rows<{ id: number; order_no: string; title: string }>(
    ex,
    sql`select id::int as id, order_no, title from orders where enterprise_id = ${ep} and id = any(${bigints(ids)})`,
  );
  return new Map(found.map((r) => [r.id, { orderNo: r.order_no, title: r.title }]));
}

/** The draft's row locked for this transaction: the moves of one draft take turns, so their overlap checks agree. */
export async function lockDraft(ex: Executor, ep: number, id: number): Promise<boolean> {
  const r = await rows<{ id: number }>(ex, sql`select id from plan_drafts where enterprise_id = ${ep} and id = ${id} for update`);
  return r.length > 0;
}

/** A proposal's own row (as the state helper reads it). */
export async function proposalRow(ex: Executor, ep: number, draftId: number, orderId: number): Promise<Record<string, unknown> | undefined> {
  const [r] = await rows<Record<string, unknown>>(
    ex,
    sql`select * from plan_proposals where enterprise_id = ${ep} and draft_id = ${draftId} and order_id = ${orderId}`,
  );
  return r;
}

/** The instant of a local minute of the draft's day (`tz`), as a column value. */
export const instantAt = (date: string, minute: number, tz: string): SQL =>
  sql`(${date}::date::timestamp + make_interval(mins => ${minute})) at time zone ${tz}`;

export async function proposalId(ex: Executor, ep: number, draftId: number, orderId: number): Promise<number | undefined> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`select id::int as id from plan_proposals where enterprise_id = ${ep} and draft_id = ${draftId} and order_id = ${orderId}`,
  );
  return r?.id;
}
