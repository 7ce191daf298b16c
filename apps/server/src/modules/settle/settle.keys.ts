import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/**
 * The keys of a statement's lines, checked once per statement instead of once per row (docs/settlement.md, "Speed").
 *
 * A statement over 100,000 orders inserts 100,000 lines in one INSERT … SELECT; with foreign keys PostgreSQL ran one
 * referential check per row and key (the statement, the order, the claim, the reward and the two user columns, even
 * when null): 8.5 s of the insert. settlement_lines therefore has no foreign keys (schema/settle.ts); these triggers keep
 * the same promises set-based, over the statement's transition tables:
 *
 * - inserting lines: every statement, order, claim and reward they name exists in the same enterprise (the statement
 *   is locked FOR KEY SHARE; locking 100,000 orders row by row cost 4 s, so instead:)
 * - deleting an order, a claim or a reward first takes a SHARE lock on settlement_lines — it waits for every statement
 *   being written to commit — and is refused (foreign_key_violation) when a line names it, as the key's NO ACTION did.
 *   Deletes of these are rare (the recycle bin's purge); statement writes are not blocked by anything else;
 * - updating lines (a dispute, a resolution): the users they name exist in the enterprise;
 * - deleting a statement deletes its lines (the cascade).
 */
const fkError = (what: string) => `raise exception 'settlement_lines: ${what}' using errcode = 'foreign_key_violation'`;

const KEYS = [
  sql.raw(`create or replace function sk_settlement_lines_ins() returns trigger language plpgsql as $$ begin
    perform 1 from settlements s join (select distinct enterprise_id, settlement_id from sk_new) n
      on s.enterprise_id = n.enterprise_id and s.id = n.settlement_id for key share of s;
    if exists (select 1 from sk_new n where not exists (select 1 from settlements s where s.enterprise_id = n.enterprise_id and s.id = n.settlement_id))
      then ${fkError('no such statement')}; end if;
    if exists (select 1 from sk_new n where n.order_id is not null
        and not exists (select 1 from orders o where o.enterprise_id = n.enterprise_id and o.id = n.order_id))
      then ${fkError('no such order')}; end if;
    if exists (select 1 from sk_new where claim_id is not null) then
      if exists (select 1 from sk_new n where n.claim_id is not null
          and not exists (select 1 from fee_claims c where c.enterprise_id = n.enterprise_id and c.id = n.claim_id))
        then ${fkError('no such fee claim')}; end if;
    end if;
    if exists (select 1 from sk_new where reward_id is not null) then
      if exists (select 1 from sk_new n where n.reward_id is not null
          and not exists (select 1 from rewards r where r.enterprise_id = n.enterprise_id and r.id = n.reward_id))
        then ${fkError('no such reward')}; end if;
    end if;
    return null; end $$`),
  sql.raw(`create or replace function sk_settlement_lines_upd() returns trigger language plpgsql as $$ begin
    if exists (select 1 from sk_new n cross join lateral (values (n.disputed_by), (n.resolved_by)) u(id)
        where u.id is not null and not exists (select 1 from users x where x.enterprise_id = n.enterprise_id and x.id = u.id))
      then ${fkError('no such user')}; end if;
    return null; end $$`),
  sql.raw(`create or replace function sk_settlements_del() returns trigger language plpgsql as $$ begin
    delete from settlement_lines l using sk_old s where l.enterprise_id = s.enterprise_id and l.settlement_id = s.id;
    return null; end $$`),
  // One guard per source, each on its own column (the lines' unique index on it answers).
  ...(['order', 'claim', 'reward'] as const).map((k) =>
    sql.raw(`create or replace function sk_settled_${k}_del() returns trigger language plpgsql as $$ begin
      lock table settlement_lines in share mode;
      if exists (select 1 from sk_old o join settlement_lines l on l.enterprise_id = o.enterprise_id and l.${k}_id = o.id)
        then raise exception 'settlement_lines: the ${k} is on a statement' using errcode = 'foreign_key_violation'; end if;
      return null; end $$`),
  ),
  sql.raw(`create or replace trigger settlement_lines_keys_ins after insert on settlement_lines referencing new table as sk_new
    for each statement execute function sk_settlement_lines_ins()`),
  sql.raw(`create or replace trigger settlement_lines_keys_upd after update on settlement_lines referencing new table as sk_new
    for each statement execute function sk_settlement_lines_upd()`),
  sql.raw(`create or replace trigger settlements_lines_del after delete on settlements referencing old table as sk_old
    for each statement execute function sk_settlements_del()`),
  sql.raw(`create or replace trigger orders_settled_del after delete on orders referencing old table as sk_old
    for each statement execute function sk_settled_order_del()`),
  sql.raw(`create or replace trigger fee_claims_settled_del after delete on fee_claims referencing old table as sk_old
    for each statement execute function sk_settled_claim_del()`),
  sql.raw(`create or replace trigger rewards_settled_del after delete on rewards referencing old table as sk_old
    for each statement execute function sk_settled_reward_del()`),
];

export async function createSettleKeys(database: Database): Promise<void> {
  for (const s of KEYS) await database.db.execute(s);
}
