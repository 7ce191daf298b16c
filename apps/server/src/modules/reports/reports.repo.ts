import { type ReportParams, reportParams, type SavedQuery } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { countOf, listPage, type PageRequest, pageSql } from '../../platform/list';
import { apiTime } from '../../platform/sql';

/** Saved report queries (report_queries). */

interface QueryRow {
  id: number;
  name: string;
  params: unknown;
  shared: boolean;
  in_digest: boolean;
  user_id: number;
  owner: string | null;
  updated: string;
}

/** What the viewer may see: his own and the enterprise's shared queries. */
const visible = (a: Actor) => sql`q.enterprise_id = ${a.enterpriseId} and (q.user_id = ${a.id} or q.shared)`;

const present = (a: Actor, r: QueryRow): SavedQuery => ({
  id: Number(r.id),
  name: r.name,
  params: reportParams.parse(r.params),
  shared: r.shared,
  inDigest: r.in_digest,
  mine: Number(r.user_id) === a.id,
  ownerName: r.owner ?? '',
  updatedAt: r.updated,
});

export function listQueries(ex: Executor, a: Actor, page: PageRequest): Promise<{ list: SavedQuery[]; count: number }> {
  return listPage(
    page,
    async () =>
      (
        await rows<QueryRow>(
          ex,
          sql`select q.id, q.name, q.params, q.shared, q.in_digest, q.user_id, u.name as owner, ${apiTime(sql`q.updated_at`, a.timeZone)} as updated
            from report_queries q left join users u on u.enterprise_id = q.enterprise_id and u.id = q.user_id
            where ${visible(a)} order by (q.user_id = ${a.id}) desc, q.updated_at desc, q.id desc ${pageSql(page)}`,
        )
      ).map((r) => present(a, r)),
    () => countOf(ex, sql`report_queries q`, visible(a)),
  );
}

export async function createQuery(ex: Executor, a: Actor, b: { name: string; params: ReportParams; shared?: boolean; inDigest?: boolean }): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into report_queries (enterprise_id, user_id, name, params, shared, in_digest)
      values (${a.enterpriseId}, ${a.id}, ${b.name}, ${JSON.stringify(b.params)}::jsonb, ${b.shared ?? false}, ${b.inDigest ?? false}) returning id`,
  );
  return Number(r?.id);
}

/** Only the owner changes or deletes a query; another's (shared or not) and another enterprise's answer not found. */
export async function updateQuery(
  ex: Executor,
  a: Actor,
  id: number,
  b: { name?: string; params?: ReportParams; shared?: boolean; inDigest?: boolean },
): Promise<void> {
  const found = await rows(
    ex,
    sql`update report_queries set name = coalesce(${b.name ?? null}, name),
        params = coalesce(${b.params ? JSON.stringify(b.params) : null}::jsonb, params),
        shared = coalesce(${b.shared ?? null}::boolean, shared), in_digest = coalesce(${b.inDigest ?? null}::boolean, in_digest), updated_at = now()
      where enterprise_id = ${a.enterpriseId} and id = ${id} and user_id = ${a.id} returning id`,
  );
  if (found.length === 0) throw new AppError('NOT_FOUND');
}

export async function deleteQuery(ex: Executor, a: Actor, id: number): Promise<void> {
  const found = await rows(ex, sql`delete from report_queries where enterprise_id = ${a.enterpriseId} and id = ${id} and user_id = ${a.id} returning id`);
  if (found.length === 0) throw new AppError('NOT_FOUND');
}

/** The owner's queries added to his 8:30 digest. */
export async function digestQueries(ex: Executor, a: Pick<Actor, 'enterpriseId' | 'id'>): Promise<{ name: string; params: ReportParams }[]> {
  const found = await rows<{ name: string; params: unknown }>(
    ex,
    sql`select name, params from report_queries where enterprise_id = ${a.enterpriseId} and user_id = ${a.id} and in_digest order by id`,
  );
  return found.map((r) => ({ name: r.name, params: reportParams.parse(r.params) }));
}
