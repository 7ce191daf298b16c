// The statements of the clock engine and of the sweep: the clock tables' columns, reads, writes and due batches.
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/** Where a subject's clocks live. */
export interface ClockSubject {
  /** The clock table (order_sla_clocks, event_sla_clocks). */
  table: string;
  /** Its column naming the subject (order_id, event_id). */
  key: string;
  /** Whether its clocks keep the policy that set them (policy_id, policy_name) and an escalation ladder. */
  policy: boolean;
}

export const ORDER_CLOCKS: ClockSubject = { table: 'order_sla_clocks', key: 'order_id', policy: true };
export const EVENT_CLOCKS: ClockSubject = { table: 'event_sla_clocks', key: 'event_id', policy: false };

// Whole milliseconds: the engine's sums go into bigint columns, and SQL now() stores microseconds.
export const msOf = (col: string): SQL => sql.raw(`round(extract(epoch from ${col}) * 1000)::float8`);
export const tsOf = (ms: number | null): SQL => (ms == null ? sql`null` : sql`to_timestamp(${ms}::float8 / 1000)`);

/** A stored clock with its instants in epoch ms (null: none). */
export interface StoredClock {
  id: number;
  type: number;
  target_ms: number;
  warn_ms: number;
  business: boolean;
  started_at: number;
  consumed_ms: number;
  running_since: number | null;
  paused_since: number | null;
  paused_ms: number;
  stopped_at: number | null;
  /** 0 running or paused, 1 met, 2 cancelled. */
  outcome: number;
  deadline_at: number | null;
  warn_at: number | null;
  breached_at: number | null;
  /** Only on subjects with a policy. */
  policy_id?: number | null;
  policy_name?: string;
  escalation_level?: number;
}

const INSTANTS = ['started_at', 'running_since', 'paused_since', 'stopped_at', 'deadline_at', 'warn_at', 'breached_at'];
/** The columns a `StoredClock` reads, for a subject's table. */
export const clockSelect = (s: ClockSubject): SQL =>
  sql.raw(`id, type, target_ms, warn_ms, business, consumed_ms, paused_ms, outcome, ${s.policy ? 'policy_id, policy_name, escalation_level, ' : ''}
  ${INSTANTS.map((c) => `round(extract(epoch from ${c}) * 1000)::float8 as ${c}`).join(', ')}`);

export async function loadClocks(ex: Executor, subject: ClockSubject, enterpriseId: number, subjectId: number): Promise<StoredClock[]> {
  return rows<StoredClock>(
    ex,
    sql`select ${clockSelect(subject)} from ${sql.identifier(subject.table)} where enterprise_id = ${enterpriseId} and ${sql.identifier(subject.key)} = ${subjectId} order by type`,
  );
}

export type ClockValues = Record<string, SQL | number | boolean | string | null>;

/** Writes a stored clock's columns, and `more` set pieces. */
export async function updateClock(ex: Executor, subject: ClockSubject, enterpriseId: number, id: number, cols: ClockValues, more: SQL[]): Promise<void> {
  const sets = Object.entries(cols).map(([k, v]) => sql`${sql.identifier(k)} = ${v}`);
  sets.push(...more);
  await ex.execute(sql`update ${sql.identifier(subject.table)} set ${sql.join(sets, sql`, `)} where enterprise_id = ${enterpriseId} and id = ${id}`);
}

/** A clock started at `startedAt` (a parallel start of the same type wins). */
export async function insertClock(
  ex: Executor,
  subject: ClockSubject,
  enterpriseId: number,
  subjectId: number,
  type: number,
  startedAt: number,
  cols: ClockValues,
): Promise<void> {
  const names = Object.keys(cols).map((k) => sql.identifier(k));
  await ex.execute(sql`insert into ${sql.identifier(subject.table)} (enterprise_id, ${sql.identifier(subject.key)}, type, started_at, ${sql.join(names, sql`, `)})
      values (${enterpriseId}, ${subjectId}, ${type}, ${tsOf(startedAt)}, ${sql.join(
        Object.values(cols).map((v) => sql`${v}`),
        sql`, `,
      )})
      on conflict (enterprise_id, ${sql.identifier(subject.key)}, type) do nothing`);
}

export const SWEEP_BATCH = 2000;

const col = (name: string) => sql.raw(`c.${name}`);

/**
 * The locked batch of the subject's clocks whose `at` came and whose `done` is not set (the CTE a step starts from):
 * enterprise_id and id, with `select` added from `join`.
 */
export function dueClocks(s: ClockSubject, at: string, done: string | null, now: Date, more: { select?: SQL; join?: SQL } = {}): SQL {
  const unless = done ? sql` and ${col(done)} is null` : sql``;
  return sql`select c.enterprise_id, c.id${more.select ?? sql``} from ${sql.identifier(s.table)} c ${more.join ?? sql``}
    where ${col(at)} <= ${now.toISOString()}::timestamptz and ${col(at)} is not null${unless}
    order by ${col(at)} limit ${SWEEP_BATCH} for update of c skip locked`;
}

export interface MarkOptions {
  select?: SQL;
  join?: SQL;
  sets?: SQL;
  notices?: (from: SQL) => SQL;
}

/** Sets `done` to `value` on the due clocks of `at` and sends `notices` on them; answers how many were marked. */
export async function markDue(ex: Executor, s: ClockSubject, at: string, done: string, value: SQL, now: Date, o: MarkOptions): Promise<number> {
  const notices = o.notices ? sql`, n as (${o.notices(sql`m c`)})` : sql``;
  const r = await rows<{ n: number }>(
    ex,
    sql`with due as (${dueClocks(s, at, done, now, o)}), m as (
          update ${sql.identifier(s.table)} c set ${sql.identifier(done)} = ${value}${o.sets ?? sql``}
          from due where c.enterprise_id = due.enterprise_id and c.id = due.id
          returning c.enterprise_id, ${col(s.key)}, c.type, c.id
        )${notices} select count(*)::int as n from m`,
  );
  return r[0]?.n ?? 0;
}

/** The sweep's instant as a timestamp (warned_at). */
export const instantSql = (now: Date): SQL => sql`${now.toISOString()}::timestamptz`;
/** The clock's own deadline (breached_at: it breached then, whenever the sweep saw it). */
export const DEADLINE = sql`c.deadline_at`;
