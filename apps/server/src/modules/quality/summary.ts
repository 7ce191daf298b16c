// The quality report's summaries (complaint_day_stats, complaint_serial_stats; db/schema/quality.ts): statement
// triggers on complaints add each write's deltas in the writer's own transaction, whoever writes (create, every
// changeState and edit, the demo and bench seeds, tests) — the return-visit summary's pattern (modules/visits/summary.ts).
// The triggers fire ALWAYS; a database from before them is backfilled once under a lock (createComplaintSummary, run by migrate).
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { installSummary } from '../../db/summary';

/** The report's groupings as summary dims: 1 product model, 2 fault mode, 3 使用场所, 4 销售单位, 5 责任原因. */
export const SUMMARY_DIM = { productModel: 1, faultMode: 2, placeOfUse: 3, salesUnit: 4, responsibility: 5 } as const;

const DAY_KEYS = 'enterprise_id, dim, day, key, provider_id';

/** One complaint's contribution (sign 1 or -1) to each grouping, from alias t joined to its enterprise e. */
const contribution = (sign: 1 | -1) => `t.enterprise_id, g.dim, (t.created_at at time zone e.time_zone)::date as day, coalesce(g.key, '') as key,
  coalesce(t.provider_id, 0) as provider_id, ${sign} as n, ${sign} * (t.state = 5)::int as closed,
  ${sign} * (t.cost_parts + t.cost_labour + t.cost_compensation) as cost`;
const groupings = `cross join lateral (values (1::smallint, t.product_model_id::text), (2::smallint, t.fault_mode_id::text), (3::smallint, t.place_of_use),
  (4::smallint, t.sales_unit), (5::smallint, t.responsibility)) g(dim, key)`;

/** Adds the deltas of the rows in `sources` (each a relation and its sign), grouped, in key order (no two writers lock in opposite orders). */
const applyDeltas = (sources: [string, 1 | -1][]) => `
  insert into complaint_day_stats as s (${DAY_KEYS}, n, closed, cost)
  select ${DAY_KEYS}, sum(n), sum(closed), sum(cost)
  from (${sources.map(([rel, sign]) => `select ${contribution(sign)} from ${rel} t join enterprises e on e.id = t.enterprise_id ${groupings}`).join(' union all ')}) d
  group by ${DAY_KEYS}
  having sum(n) <> 0 or sum(closed) <> 0 or sum(cost) <> 0
  order by ${DAY_KEYS}
  on conflict (${DAY_KEYS}) do update set n = s.n + excluded.n, closed = s.closed + excluded.closed, cost = s.cost + excluded.cost;
  insert into complaint_serial_stats as s (enterprise_id, serial, n)
  select enterprise_id, serial, sum(n) from (${sources
    .map(([rel, sign]) => `select t.enterprise_id, t.serial_number as serial, ${sign} as n from ${rel} t where t.serial_number is not null`)
    .join(' union all ')}) d
  group by enterprise_id, serial having sum(n) <> 0 order by enterprise_id, serial
  on conflict (enterprise_id, serial) do update set n = s.n + excluded.n`;

const FUNCTIONS = [
  `create or replace function sk_complaint_stats_ins() returns trigger language plpgsql as $$ begin
    ${applyDeltas([['sk_new', 1]])}; return null; end $$`,
  `create or replace function sk_complaint_stats_del() returns trigger language plpgsql as $$ begin
    ${applyDeltas([['sk_old', -1]])}; return null; end $$`,
  `create or replace function sk_complaint_stats_upd() returns trigger language plpgsql as $$ begin
    ${applyDeltas([
      ['sk_old', -1],
      ['sk_new', 1],
    ])}; return null; end $$`,
  `create or replace function sk_complaint_stats_truncate() returns trigger language plpgsql as $$ begin
    delete from complaint_day_stats; delete from complaint_serial_stats; return null; end $$`,
];

const TRIGGERS = [
  `create or replace trigger complaint_stats_ins after insert on complaints referencing new table as sk_new
    for each statement execute function sk_complaint_stats_ins()`,
  `create or replace trigger complaint_stats_del after delete on complaints referencing old table as sk_old
    for each statement execute function sk_complaint_stats_del()`,
  `create or replace trigger complaint_stats_upd after update on complaints referencing old table as sk_old new table as sk_new
    for each statement execute function sk_complaint_stats_upd()`,
  'create or replace trigger complaint_stats_truncate after truncate on complaints for each statement execute function sk_complaint_stats_truncate()',
  ...['ins', 'del', 'upd', 'truncate'].map((k) => `alter table complaints enable always trigger complaint_stats_${k}`),
];

/**
 * Rebuilds the summaries from the complaints (one enterprise, or all): the backfill of a database from before them, and
 * the repair after a change of an enterprise's time zone (the days are the enterprise's).
 */
export async function rebuildComplaintSummary(ex: Executor, enterpriseId?: number): Promise<void> {
  const only = enterpriseId == null ? '' : ` and t.enterprise_id = ${Number(enterpriseId)}`;
  const where = enterpriseId == null ? '' : ` where enterprise_id = ${Number(enterpriseId)}`;
  await ex.execute(sql.raw(`delete from complaint_day_stats${where}`));
  await ex.execute(sql.raw(`delete from complaint_serial_stats${where}`));
  await ex.execute(
    sql.raw(`insert into complaint_day_stats (${DAY_KEYS}, n, closed, cost)
      select ${DAY_KEYS}, sum(n), sum(closed), sum(cost)
      from (select ${contribution(1)} from complaints t join enterprises e on e.id = t.enterprise_id ${groupings} where true${only}) d
      group by ${DAY_KEYS}`),
  );
  await ex.execute(
    sql.raw(`insert into complaint_serial_stats (enterprise_id, serial, n)
      select t.enterprise_id, t.serial_number, count(*) from complaints t where t.serial_number is not null${only} group by 1, 2`),
  );
}

/** Creates the summaries' functions and triggers (idempotent); backfills when the triggers are new. Called by db/derived.ts. */
export const createComplaintSummary = (database: Database): Promise<void> =>
  installSummary(database, {
    table: 'complaints',
    functions: FUNCTIONS,
    triggers: TRIGGERS,
    marker: 'complaint_stats_ins',
    backfill: (tx) => rebuildComplaintSummary(tx),
  });
