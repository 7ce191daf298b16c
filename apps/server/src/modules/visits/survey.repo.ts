// Queries of the SMS survey and the customer's own answers (survey.service.ts holds the rules): the links' tokens,
// the survey page's read, the task an answer fills and the portal's rating.
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/** Retires the task's unused links made before link `id` (the one that replaces them). */
export const retireTokens = (ex: Executor, ep: number, taskId: number, id: number) =>
  ex.execute(sql`update return_visit_tokens set expires_at = least(expires_at, now())
    where enterprise_id = ${ep} and task_id = ${taskId} and id < ${id} and used_at is null`);

/** Stores a link; answers its id. */
export async function insertToken(ex: Executor, ep: number, taskId: number, tokenHash: string, days: number): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into return_visit_tokens (enterprise_id, task_id, token_hash, expires_at)
      values (${ep}, ${taskId}, ${tokenHash}, now() + make_interval(days => ${days})) returning id::int`,
  );
  if (!r) throw new Error('return_visit_tokens insert returned no row');
  return r.id;
}

/** Removes a link whose text was never delivered. */
export const dropToken = (ex: Executor, ep: number, id: number) => ex.execute(sql`delete from return_visit_tokens where enterprise_id = ${ep} and id = ${id}`);

export const markSmsSent = (ex: Executor, ep: number, taskId: number) =>
  ex.execute(sql`update return_visit_tasks set sms_sent_at = now(), updated_at = now() where enterprise_id = ${ep} and id = ${taskId}`);

export interface TokenRow {
  enterprise_id: number;
  task_id: number;
  used: boolean;
  live: boolean;
}

/** A link by its token's hash, whether spent and whether live; undefined when unknown. */
export async function tokenOf(ex: Executor, tokenHash: string): Promise<TokenRow | undefined> {
  const [r] = await rows<TokenRow>(
    ex,
    sql`select enterprise_id, task_id, used_at is not null as used, expires_at > now() as live from return_visit_tokens where token_hash = ${tokenHash}`,
  );
  return r;
}

/** What the survey page shows of the task: the enterprise, the order, its engineer and finish, the plan's questions. */
export async function surveyRow(ex: Executor, ep: number, taskId: number) {
  const [r] = await rows<{
    enterprise_name: string;
    order_no: string;
    order_title: string;
    engineer_name: string | null;
    finished_at: string | null;
    dimensions: number[];
    state: number;
  }>(
    ex,
    sql`select en.name as enterprise_name, t.order_no, t.order_title, e.name as engineer_name, to_char(t.completed_at at time zone en.time_zone, 'YYYY-MM-DD HH24:MI') as finished_at,
        p.dimensions, t.state
      from return_visit_tasks t join enterprises en on en.id = t.enterprise_id
      join return_visit_plans p on p.enterprise_id = t.enterprise_id and p.id = t.plan_id
      left join users e on e.enterprise_id = t.enterprise_id and e.id = t.engineer_id
      where t.enterprise_id = ${ep} and t.id = ${taskId}`,
  );
  return r;
}

/** Spends a live link in one guarded update: its task, or undefined when unknown, spent or expired. */
export async function spendToken(ex: Executor, tokenHash: string) {
  const [k] = await rows<{ enterprise_id: number; task_id: number }>(
    ex,
    sql`update return_visit_tokens set used_at = now() where token_hash = ${tokenHash} and used_at is null and expires_at > now()
        returning enterprise_id, task_id`,
  );
  return k;
}

/** The task an answer fills, locked, with its plan's questions. */
export async function lockAnsweredTask(ex: Executor, ep: number, id: number) {
  const [t] = await rows<{ state: number; dimensions: number[]; visitor_id: number | null; order_id: number | null }>(
    ex,
    sql`select t.state, p.dimensions, t.visitor_id, t.order_id from return_visit_tasks t join return_visit_plans p on p.enterprise_id = t.enterprise_id and p.id = t.plan_id
      where t.enterprise_id = ${ep} and t.id = ${id} for update of t`,
  );
  return t;
}

export async function timeZoneOf(ex: Executor, ep: number): Promise<string | undefined> {
  const [v] = await rows<{ tz: string }>(ex, sql`select time_zone as tz from enterprises where id = ${ep}`);
  return v?.tz;
}

/** The customer's portal rating of an evaluated order: its stars and comment. */
export async function portalRating(ex: Executor, ep: number, orderId: number) {
  const [r] = await rows<{ stars: number | null; comment: string | null }>(
    ex,
    sql`select (evaluation -> 'portal' ->> 'stars')::int as stars, evaluation ->> 'comment' as comment from orders
      where enterprise_id = ${ep} and id = ${orderId} and evaluated_at is not null`,
  );
  return r;
}
