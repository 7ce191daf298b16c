import { sql } from 'drizzle-orm';
import { IM_CHANNEL } from './channels';
import type { Database } from './client';

/**
 * Database objects drizzle-kit cannot express (functions, an expression index, triggers), created after the
 * migrations, idempotently (docs/lists.md).
 *
 * sk_month_grams: an order's search grams each prefixed with its enterprise and its creation month in UTC+8
 * ('1:202611:空调'). Its GIN index turns "keyword within a creation range" into one lookup of the enterprise's postings
 * in the range's months, instead of every order of every enterprise of all time that contains the keyword
 * (modules/orders/list.search.ts).
 *
 * order_state_counts: the triggers below keep per-enterprise counts by (state, invalid, in_pool, abnormal_kind) of the
 * orders outside the recycle bin, in the writer's own transaction, whoever writes (actions, edits, seeds, cascades). Inserts and deletes
 * count their whole statement at once (transition tables); an update only when one of those or the bin changes.
 * ENABLE ALWAYS: the bench seed inserts with session_replication_role = replica and must be counted too.
 */
const DERIVED = [
  // PL/pgSQL on one string (about 5× faster than unnest in SQL): a lossy bitmap page rechecks it on every row.
  // Joined on the unit separator U+001F: a gram holding that control character would be split (and not found by it).
  sql.raw(`create or replace function sk_month_grams(ep bigint, created timestamptz, grams text[]) returns text[]
    language plpgsql immutable strict parallel safe as $$
    declare p text := ep || ':' || to_char((created at time zone 'UTC') + interval '8 hours', 'YYYYMM') || ':';
    begin
      if cardinality(grams) = 0 then return '{}'; end if;
      return string_to_array(p || array_to_string(grams, E'\\x1f' || p), E'\\x1f');
    end $$`),
  sql.raw('create index if not exists orders_month_grams_idx on orders using gin (sk_month_grams(enterprise_id, created_at, search_grams))'),
  // The day-keyed table (order_day_counts) takes the same deltas keyed also by the creation day in the enterprise's time
  // zone (in_pool left out); an enterprise gone in the same transaction (its cascade) has no zone and writes nothing there.
  sql.raw(`create or replace function sk_order_counts_ins() returns trigger language plpgsql as $$ begin
    insert into order_state_counts (enterprise_id, state, invalid, in_pool, abnormal_kind, n)
      select enterprise_id, state, invalid, in_pool, abnormal_kind, count(*) from sk_new where deleted_at is null group by 1, 2, 3, 4, 5;
    insert into order_day_counts (enterprise_id, day, state, invalid, abnormal_kind, n)
      select o.enterprise_id, (o.created_at at time zone e.time_zone)::date, o.state, o.invalid, o.abnormal_kind, count(*)
      from sk_new o join enterprises e on e.id = o.enterprise_id where o.deleted_at is null group by 1, 2, 3, 4, 5;
    return null; end $$`),
  sql.raw(`create or replace function sk_order_counts_del() returns trigger language plpgsql as $$ begin
    insert into order_state_counts (enterprise_id, state, invalid, in_pool, abnormal_kind, n)
      select enterprise_id, state, invalid, in_pool, abnormal_kind, -count(*) from sk_old where deleted_at is null group by 1, 2, 3, 4, 5;
    insert into order_day_counts (enterprise_id, day, state, invalid, abnormal_kind, n)
      select o.enterprise_id, (o.created_at at time zone e.time_zone)::date, o.state, o.invalid, o.abnormal_kind, -count(*)
      from sk_old o join enterprises e on e.id = o.enterprise_id where o.deleted_at is null group by 1, 2, 3, 4, 5;
    return null; end $$`),
  // A change of the pool alone moves nothing within the day-keyed table.
  sql.raw(`create or replace function sk_order_counts_upd() returns trigger language plpgsql as $$ begin
    if old.deleted_at is null then
      insert into order_state_counts (enterprise_id, state, invalid, in_pool, abnormal_kind, n)
        values (old.enterprise_id, old.state, old.invalid, old.in_pool, old.abnormal_kind, -1);
    end if;
    if new.deleted_at is null then
      insert into order_state_counts (enterprise_id, state, invalid, in_pool, abnormal_kind, n)
        values (new.enterprise_id, new.state, new.invalid, new.in_pool, new.abnormal_kind, 1);
    end if;
    if (old.enterprise_id, old.created_at, old.state, old.invalid, old.abnormal_kind, old.deleted_at is null)
      is distinct from (new.enterprise_id, new.created_at, new.state, new.invalid, new.abnormal_kind, new.deleted_at is null) then
      if old.deleted_at is null then
        insert into order_day_counts (enterprise_id, day, state, invalid, abnormal_kind, n)
          select old.enterprise_id, (old.created_at at time zone e.time_zone)::date, old.state, old.invalid, old.abnormal_kind, -1
          from enterprises e where e.id = old.enterprise_id;
      end if;
      if new.deleted_at is null then
        insert into order_day_counts (enterprise_id, day, state, invalid, abnormal_kind, n)
          select new.enterprise_id, (new.created_at at time zone e.time_zone)::date, new.state, new.invalid, new.abnormal_kind, 1
          from enterprises e where e.id = new.enterprise_id;
      end if;
    end if;
    return null; end $$`),
  // A new time zone moves every order of the enterprise to another day: its day-keyed counts are counted again, in the
  // transaction of the change, with the orders locked against writers meanwhile (a write keyed by the old zone would stay).
  sql.raw(`create or replace function sk_order_day_counts_rezone() returns trigger language plpgsql as $$ begin
    lock table orders in share mode;
    delete from order_day_counts where enterprise_id = new.id;
    insert into order_day_counts (enterprise_id, day, state, invalid, abnormal_kind, n)
      select enterprise_id, (created_at at time zone new.time_zone)::date, state, invalid, abnormal_kind, count(*)
      from orders where enterprise_id = new.id and deleted_at is null group by 1, 2, 3, 4, 5;
    return null; end $$`),
  // Geocoding (platform/geo, modules/geo): a saved address whose text or coordinates changed is marked not geocoded
  // (geo_precision null), and its old pin dropped unless new coordinates came with it, whoever writes. The geocoder's
  // own writes set sk.geo for their statement and pass untouched.
  sql.raw(`create or replace function sk_geo_stale() returns trigger language plpgsql as $$ begin
    if coalesce(current_setting('sk.geo', true), '') = '1' or new.geo_precision is distinct from old.geo_precision then return new; end if;
    if new.full_address is not distinct from old.full_address and new.province_code is not distinct from old.province_code
      and new.city_code is not distinct from old.city_code and new.district_code is not distinct from old.district_code
      and new.latitude is not distinct from old.latitude and new.longitude is not distinct from old.longitude then return new; end if;
    if new.latitude is not distinct from old.latitude and new.longitude is not distinct from old.longitude then
      new.latitude := null; new.longitude := null;
    end if;
    new.geo_precision := null;
    return new; end $$`),
  ...['orders', 'customer_addresses', 'events'].map((t) =>
    sql.raw(`create or replace trigger ${t}_geo_stale before update on ${t} for each row execute function sk_geo_stale()`),
  ),
  sql.raw(`create or replace function sk_order_counts_truncate() returns trigger language plpgsql as $$ begin
    delete from order_state_counts; delete from order_day_counts; return null; end $$`),
  // Live notices: whoever writes a notice, each recipient's open sockets hear {eventType: 'notice'} once the writer
  // commits (the hub's channel, modules/im/im.hub.ts), so bells and to-dos refresh at once instead of at the next poll.
  // One signal per recipient and statement; PostgreSQL folds repeats within a transaction.
  sql.raw(`create or replace function sk_notice_push() returns trigger language plpgsql as $$ begin
    perform pg_notify('${IM_CHANNEL}', json_build_object('e', r.enterprise_id, 't', 'notice', 'u', r.user_id)::text)
      from (select distinct enterprise_id, user_id from sk_new) r;
    return null; end $$`),
  sql.raw(`create or replace trigger notices_push after insert on notices referencing new table as sk_new
    for each statement execute function sk_notice_push()`),
  // Work messages (modules/channels/workmsg.ts): whoever writes a notice, a recipient whose WeCom/DingTalk account is
  // bound and switched on, in an enterprise whose application sends work messages, gets one row per channel to send.
  sql.raw(`create or replace function sk_notice_work_msg() returns trigger language plpgsql as $$ begin
    insert into work_messages (enterprise_id, notice_id, user_id, channel, platform_user_id, title, content, link)
      select n.enterprise_id, n.id, n.user_id, cu.channel, cu.platform_user_id, n.title, n.content, n.link
      from sk_new n
      join channel_users cu on cu.enterprise_id = n.enterprise_id and cu.user_id = n.user_id and cu.msg_on
      join channel_settings cs on cs.enterprise_id = n.enterprise_id and cs.channel = cu.channel and cs.enabled and cs.msg_enabled
      on conflict do nothing;
    return null; end $$`),
  sql.raw(`create or replace trigger notices_work_msg after insert on notices referencing new table as sk_new
    for each statement execute function sk_notice_work_msg()`),
  // The API's rate counters (platform/rate-limit.ts) write no WAL: a request's upsert commits without waiting for a
  // flush, and a crash forgets the counts (they start over). Altered once, while the table is still logged.
  sql.raw(`do $$ begin
    if (select relpersistence from pg_class where oid = 'rate_hits'::regclass) = 'p' then alter table rate_hits set unlogged; end if;
    end $$`),
];

/** The counting triggers; created with a backfill of the counts when they are new (a database from before them). */
const TRIGGERS = [
  sql.raw(`create or replace trigger orders_counts_ins after insert on orders referencing new table as sk_new
    for each statement execute function sk_order_counts_ins()`),
  sql.raw(`create or replace trigger orders_counts_del after delete on orders referencing old table as sk_old
    for each statement execute function sk_order_counts_del()`),
  sql.raw(`create or replace trigger orders_counts_upd after update on orders for each row
    when (old.state is distinct from new.state or old.invalid is distinct from new.invalid
      or old.in_pool is distinct from new.in_pool or old.abnormal_kind is distinct from new.abnormal_kind
      or (old.deleted_at is null) <> (new.deleted_at is null) or old.enterprise_id <> new.enterprise_id
      or old.created_at is distinct from new.created_at)
    execute function sk_order_counts_upd()`),
  sql.raw(`create or replace trigger enterprises_order_day_counts after update of time_zone on enterprises for each row
    when (old.time_zone is distinct from new.time_zone) execute function sk_order_day_counts_rezone()`),
  sql.raw('create or replace trigger orders_counts_truncate after truncate on orders for each statement execute function sk_order_counts_truncate()'),
  sql.raw('alter table orders enable always trigger orders_counts_ins'),
  sql.raw('alter table orders enable always trigger orders_counts_del'),
  sql.raw('alter table orders enable always trigger orders_counts_upd'),
  sql.raw('alter table orders enable always trigger orders_counts_truncate'),
  sql.raw('alter table enterprises enable always trigger enterprises_order_day_counts'),
];

const BACKFILL = sql.raw(`insert into order_state_counts (enterprise_id, state, invalid, in_pool, abnormal_kind, n)
  select enterprise_id, state, invalid, in_pool, abnormal_kind, count(*) from orders where deleted_at is null group by 1, 2, 3, 4, 5`);
const BACKFILL_DAYS = sql.raw(`insert into order_day_counts (enterprise_id, day, state, invalid, abnormal_kind, n)
  select o.enterprise_id, (o.created_at at time zone e.time_zone)::date, o.state, o.invalid, o.abnormal_kind, count(*)
  from orders o join enterprises e on e.id = o.enterprise_id where o.deleted_at is null group by 1, 2, 3, 4, 5`);

export async function createDerived(database: Database): Promise<void> {
  for (const s of DERIVED) await database.db.execute(s);
  await database.db.transaction(async (tx) => {
    // No writer may slip between the backfill and the triggers.
    await tx.execute(sql`lock table orders in share row exclusive mode`);
    // Counters kept before the pool and abnormal dimensions (a trigger without in_pool) are counted again; the day-keyed
    // ones when the trigger does not yet watch created_at (a database from before them).
    const def = (await tx.execute(sql`select pg_get_triggerdef(oid) as def from pg_trigger where tgname = 'orders_counts_upd'`)) as unknown as {
      rows: { def: string }[];
    };
    const was = def.rows[0]?.def ?? '';
    for (const s of TRIGGERS) await tx.execute(s);
    if (!was.includes('in_pool')) {
      await tx.execute(sql`delete from order_state_counts`);
      await tx.execute(BACKFILL);
    }
    if (!was.includes('created_at')) {
      await tx.execute(sql`delete from order_day_counts`);
      await tx.execute(BACKFILL_DAYS);
    }
  });
}
