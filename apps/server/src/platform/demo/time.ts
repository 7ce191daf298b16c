import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';

/**
 * Demo seed helpers for a believable month. The demo's records are made through the modules' own services (so each
 * has the rows, logs and counters a real one has), all "now"; these move a record and everything it left behind
 * back in time as a whole, so its story reads as if it had happened on an earlier day.
 */

const columnsCache = new Map<string, string[]>();

/** The table's timestamptz columns (read once per process). */
async function timeColumns(ex: Executor, table: string): Promise<string[]> {
  const known = columnsCache.get(table);
  if (known) return known;
  const found = await rows<{ c: string }>(
    ex,
    sql`select column_name as c from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} and data_type = 'timestamp with time zone' order by ordinal_position`,
  );
  const list = found.map((r) => r.c);
  columnsCache.set(table, list);
  return list;
}

/** The rows a record's story left: each table and which of its rows (the enterprise's, `where` on top). */
export type Trail = { table: string; where: SQL }[];

/**
 * Moves every timestamp of the trail's rows by `minutes` (negative: into the past); null stays null. Used between
 * the steps of a record's story (act, move it back by the time until the next act, act again …), so each act's
 * times, logs and clocks land on its day and stay consistent with each other.
 */
export async function shift(ex: Executor, enterpriseId: number, trail: Trail, minutes: number): Promise<void> {
  if (minutes === 0) return;
  const by = sql`make_interval(mins => ${Math.round(minutes)})`;
  const updates: SQL[] = [];
  for (const t of trail) {
    const cols = await timeColumns(ex, t.table);
    if (!cols.length) continue;
    const sets = sql.join(
      cols.map((c) => sql`${sql.identifier(c)} = ${sql.identifier(c)} + ${by}`),
      sql`, `,
    );
    updates.push(sql`update ${sql.identifier(t.table)} set ${sets} where enterprise_id = ${enterpriseId} and (${t.where}) returning 1`);
  }
  if (!updates.length) return;
  // One statement (one round trip): each table once, every update seeing the rows as they were before it.
  const ctes = sql.join(
    updates.map((u, i) => sql`${sql.raw(`m${i}`)} as (${u})`),
    sql`, `,
  );
  await ex.execute(sql`with ${ctes} select 1`);
}

/** 'YYYY-MM-DD HH:00:00' in the enterprise's zone, `days` from today. */
export function dayAtHour(days: number, hour: number, timeZone = 'Asia/Shanghai', minute = 0): string {
  const d = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86400_000));
  return `${d} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`;
}

/** A small deterministic pseudo-random sequence (the demo looks the same on every first start). */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The zone's offset from UTC in minutes, now. */
function offsetOf(timeZone: string): number {
  const at = new Date();
  const local = Date.parse(at.toLocaleString('en-US', { timeZone }));
  const utc = Date.parse(at.toLocaleString('en-US', { timeZone: 'UTC' }));
  return Math.round((local - utc) / 60000);
}

/**
 * Minutes from `hour:minute` on the day `daysAgo` days before today (in the zone) until now; at least `floor`
 * (a time later today than now counts as `floor` minutes ago).
 */
export function minutesSince(daysAgo: number, hour: number, minute = 0, timeZone = 'Asia/Shanghai', floor = 20): number {
  const local = dayAtHour(-daysAgo, hour, timeZone, minute);
  const at = Date.parse(`${local.replace(' ', 'T')}Z`) - offsetOf(timeZone) * 60000;
  return Math.max(floor, Math.round((Date.now() - at) / 60000));
}
