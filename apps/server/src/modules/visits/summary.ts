// The return-visit report's per-day summary (return_visit_day_stats, db/schema/visits.ts): statement triggers on
// return_visit_tasks add each write's deltas in the writer's own transaction, whoever writes (the sweep's creations,
// every changeState of a task, the demo and bench seeds, tests). One place: no caller keeps it by hand. Like
// order_state_counts (db/derived.ts), the triggers fire ALWAYS (a seed with session_replication_role = replica counts
// too), and a database from before them is backfilled once under a lock (createVisitSummary, run by migrate).
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { installSummary } from '../../db/summary';

const DIMS = [0, 1, 2, 3] as const;
const KEYS = 'enterprise_id, day, plan_id, visit_type, engineer_id, service_group_id, template_id, state, reason';
const SCORES = DIMS.flatMap((d) => [`s${d}`, `c${d}`]);

/** One task's contribution (sign 1 or -1) as summary columns, from alias t joined to its enterprise e. */
const contribution = (sign: 1 | -1) =>
  [
    't.enterprise_id',
    '(t.created_at at time zone e.time_zone)::date as day',
    't.plan_id',
    't.visit_type',
    'coalesce(t.engineer_id, 0) as engineer_id',
    'coalesce(t.service_group_id, 0) as service_group_id',
    'coalesce(t.template_id, 0) as template_id',
    't.state',
    "case when t.state = 2 then coalesce(t.reason, '') else '' end as reason",
    `${sign} as n`,
    ...DIMS.flatMap((d) => [`${sign} * coalesce((t.scores->>'${d}')::numeric, 0) as s${d}`, `${sign} * ((t.scores->>'${d}') is not null)::int as c${d}`]),
  ].join(', ');

/** Adds the deltas of the rows in `sources` (each a relation and its sign), grouped, in key order (no two writers lock in opposite orders). */
const applyDeltas = (sources: [string, 1 | -1][]) => `
  insert into return_visit_day_stats as s (${KEYS}, n, ${SCORES.join(', ')})
  select ${KEYS}, sum(n), ${SCORES.map((c) => `sum(${c})`).join(', ')}
  from (${sources.map(([rel, sign]) => `select ${contribution(sign)} from ${rel} t join enterprises e on e.id = t.enterprise_id`).join(' union all ')}) d
  group by ${KEYS}
  having sum(n) <> 0 or ${SCORES.map((c) => `sum(${c}) <> 0`).join(' or ')}
  order by ${KEYS}
  on conflict (${KEYS}) do update set n = s.n + excluded.n, ${SCORES.map((c) => `${c} = s.${c} + excluded.${c}`).join(', ')}`;

const FUNCTIONS = [
  `create or replace function sk_visit_stats_ins() returns trigger language plpgsql as $$ begin
    ${applyDeltas([['sk_new', 1]])}; return null; end $$`,
  `create or replace function sk_visit_stats_del() returns trigger language plpgsql as $$ begin
    ${applyDeltas([['sk_old', -1]])}; return null; end $$`,
  `create or replace function sk_visit_stats_upd() returns trigger language plpgsql as $$ begin
    ${applyDeltas([
      ['sk_old', -1],
      ['sk_new', 1],
    ])}; return null; end $$`,
  `create or replace function sk_visit_stats_truncate() returns trigger language plpgsql as $$ begin
    delete from return_visit_day_stats; return null; end $$`,
];

const TRIGGERS = [
  `create or replace trigger return_visit_stats_ins after insert on return_visit_tasks referencing new table as sk_new
    for each statement execute function sk_visit_stats_ins()`,
  `create or replace trigger return_visit_stats_del after delete on return_visit_tasks referencing old table as sk_old
    for each statement execute function sk_visit_stats_del()`,
  `create or replace trigger return_visit_stats_upd after update on return_visit_tasks referencing old table as sk_old new table as sk_new
    for each statement execute function sk_visit_stats_upd()`,
  'create or replace trigger return_visit_stats_truncate after truncate on return_visit_tasks for each statement execute function sk_visit_stats_truncate()',
  ...['ins', 'del', 'upd', 'truncate'].map((k) => `alter table return_visit_tasks enable always trigger return_visit_stats_${k}`),
];

/**
 * Rebuilds the summary from the tasks (one enterprise, or all): the backfill of a database from before the summary,
 * and the repair after a change of an enterprise's time zone (the days are the enterprise's).
 */
export async function rebuildVisitSummary(ex: Executor, enterpriseId?: number): Promise<void> {
  const only = enterpriseId == null ? '' : ` and t.enterprise_id = ${Number(enterpriseId)}`;
  await ex.execute(sql.raw(`delete from return_visit_day_stats${enterpriseId == null ? '' : ` where enterprise_id = ${Number(enterpriseId)}`}`));
  await ex.execute(
    sql.raw(`insert into return_visit_day_stats (${KEYS}, n, ${SCORES.join(', ')})
      select ${KEYS}, sum(n), ${SCORES.map((c) => `sum(${c})`).join(', ')}
      from (select ${contribution(1)} from return_visit_tasks t join enterprises e on e.id = t.enterprise_id where true${only}) d
      group by ${KEYS}`),
  );
}

/** Creates the summary's functions and triggers (idempotent); backfills when the triggers are new. Called by db/derived.ts. */
export const createVisitSummary = (database: Database): Promise<void> =>
  installSummary(database, {
    table: 'return_visit_tasks',
    functions: FUNCTIONS,
    triggers: TRIGGERS,
    marker: 'return_visit_stats_ins',
    backfill: (tx) => rebuildVisitSummary(tx),
  });
