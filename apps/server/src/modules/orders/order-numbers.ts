import { settingDef } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { drawOrderNumbers, orderNoFrom } from './order-numbers.repo';

/**
 * Order numbers without a hot row: each enterprise draws from its own PostgreSQL sequence `sk_order_no_<enterprise>`.
 * A sequence is not transactional, so creates never wait for one another, and a rolled-back create leaves a gap
 * (docs/decisions.md). The sequence is made with the enterprise (a trigger, in its creating transaction) and dropped
 * with it; enterprises from before it get theirs at start-up, starting after their old `counters` row ('order') so
 * numbering continues. An enterprise written with triggers off (a bench seed) gets its sequence on its first draw.
 */
const ORDER_NUMBER_OBJECTS = [
  sql.raw(`create or replace function sk_order_no_create(ep bigint) returns void language plpgsql as $$
    begin
      execute format('create sequence if not exists %I start with %s', 'sk_order_no_' || ep,
        coalesce((select value from counters where enterprise_id = ep and name = 'order'), 0) + 1);
    end $$`),
  sql.raw(`create or replace function sk_order_no_trigger() returns trigger language plpgsql as $$ begin
    if tg_op = 'INSERT' then perform sk_order_no_create(new.id);
    else execute format('drop sequence if exists %I', 'sk_order_no_' || old.id); end if;
    return null; end $$`),
  sql.raw(`create or replace trigger enterprises_order_no after insert or delete on enterprises
    for each row execute function sk_order_no_trigger()`),
  sql.raw('alter table enterprises enable always trigger enterprises_order_no'),
  sql.raw(`create or replace function sk_order_numbers(ep bigint, n int) returns setof bigint language plpgsql as $$
    declare seq text := 'sk_order_no_' || ep;
    begin
      if to_regclass(seq) is null then
        perform pg_advisory_xact_lock(hashtextextended(seq, 0));
        perform sk_order_no_create(ep);
      end if;
      return query select nextval(seq::regclass) from generate_series(1, n);
    end $$`),
  sql.raw(`do $$ declare e bigint; begin
    for e in select id from enterprises where to_regclass('sk_order_no_' || id) is null loop perform sk_order_no_create(e); end loop;
  end $$`),
];

/** Creates the functions, the trigger and the sequences of the enterprises that have none (db/derived.ts, idempotent). */
export async function createOrderNumbers(database: Database): Promise<void> {
  for (const s of ORDER_NUMBER_OBJECTS) await database.db.execute(s);
}

/** The day part of a number: the date in the enterprise's zone, YYYYMMDD. */
const dayOf = (timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()).replaceAll('-', '');

/**
 * `n` new order numbers of the enterprise, ascending, in one statement: GD20240501-0001 is the prefix setting
 * (工单编号前缀, default GD), the day in the enterprise's zone and the enterprise's sequence (at least four digits).
 */
export async function allocateOrderNumbers(ex: Executor, enterpriseId: number, timeZone: string, n = 1): Promise<string[]> {
  const got = await drawOrderNumbers(ex, enterpriseId, n);
  const prefix = got[0]?.prefix ?? settingDef('order_no_prefix')?.default ?? '';
  const day = dayOf(timeZone);
  return got
    .map((r) => r.n)
    .sort((a, b) => a - b)
    .map((k) => `${prefix}${day}-${String(k).padStart(4, '0')}`);
}

/**
 * One new number as an SQL row source `(select … as order_no)`, for a statement that inserts the order itself: the
 * same format as allocateOrderNumbers (prefix setting, the day in the enterprise's zone, at least four digits), drawn
 * from the sequence only when the statement runs, so a create refused by its checks takes no number.
 */
export function orderNoSql(enterpriseId: number, timeZone: string): SQL {
  const fallback = settingDef('order_no_prefix')?.default ?? '';
  return orderNoFrom(enterpriseId, String(fallback), dayOf(timeZone));
}
