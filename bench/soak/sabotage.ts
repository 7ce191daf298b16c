// `npm run soak -- --break <what>[,<what>…|all]`: damages the database after the load and before the checks, to show that the soak
// reports each kind of damage (bench/README.md lists which check catches which).
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';

const DAMAGE: Record<string, (ep: number) => ReturnType<typeof sql> | ReturnType<typeof sql>[]> = {
  // An acknowledged order disappears (with its log and clocks, by cascade).
  'lose-order': (ep) =>
    sql`delete from orders where enterprise_id = ${ep} and id = (select max(id) from orders where enterprise_id = ${ep} and title like 'SOAK工单-%')`,
  // A ledger line changed: the balance no longer follows from the movements.
  ledger: (ep) =>
    sql`update stock_logs set change = change + 1, after = after + 1 where enterprise_id = ${ep} and id = (select max(id) from stock_logs where enterprise_id = ${ep})`,
  // An order moved without its log.
  'order-state': (ep) =>
    sql`update orders set state = case when state = 5 then 4 else 5 end where enterprise_id = ${ep}
        and id = (select max(l.order_id) from order_logs l join orders o on o.enterprise_id = l.enterprise_id and o.id = l.order_id where l.enterprise_id = ${ep})`,
  // A count delta lost.
  counts: (ep) => sql`delete from order_state_counts where enterprise_id = ${ep} and id = (select max(id) from order_state_counts where enterprise_id = ${ep})`,
  // A notice written twice.
  notice: (ep) =>
    sql`insert into notices (enterprise_id, user_id, category, kind, title, content, link)
        select enterprise_id, user_id, category, kind, title, content, link from notices where enterprise_id = ${ep} order by id desc limit 1`,
  // A reservation without its document.
  reserved: (ep) =>
    sql`update stocks set reserved = reserved + 1 where enterprise_id = ${ep} and (warehouse_id, spare_id) = (select warehouse_id, spare_id from stocks where enterprise_id = ${ep} and quantity > reserved limit 1)`,
  // A report day changed behind the summary's back.
  summary: (ep) =>
    sql`update order_report_day_stats set a1 = a1 + 1 where enterprise_id = ${ep} and ctid = (select ctid from order_report_day_stats where enterprise_id = ${ep} limit 1)`,
  // A duplicate grab recorded in the log.
  'double-complete': (ep) =>
    sql`insert into order_logs (enterprise_id, order_id, from_state, to_state, action, user_id)
        select enterprise_id, order_id, from_state, to_state, action, user_id from order_logs where enterprise_id = ${ep} and action = 'serviceComplete' order by id desc limit 1`,
  // An order's fee put on a second statement (past the unique index, dropped in this scratch database).
  'fee-twice': (ep) => [
    sql`drop index settlement_lines_order_uq`,
    sql`update settlement_lines set order_id = (select order_id from settlement_lines where enterprise_id = ${ep} and order_id is not null order by id limit 1)
        where enterprise_id = ${ep} and id = (select max(id) from settlement_lines where enterprise_id = ${ep} and order_id is not null)`,
  ],
  // A failed return visit's complaint lost.
  'lose-complaint': (ep) =>
    sql`delete from complaints where enterprise_id = ${ep} and id = (select max(id) from complaints where enterprise_id = ${ep} and visit_task_id is not null)`,
  // A statement moved without its log.
  'statement-log': (ep) =>
    sql`delete from settlement_logs where enterprise_id = ${ep} and id = (select max(id) from settlement_logs where enterprise_id = ${ep})`,
  // A job run failed for good: the newest completed one-off run (no other run with its data) marked failed.
  'job-failed': () =>
    sql`update pgboss.job set state = 'failed', output = '{"message": "damage done on purpose"}' where id = (
          select j.id from pgboss.job j where j.state = 'completed' and not coalesce(j.data -> 'payload' ? 'slot', false)
            and not exists (select 1 from pgboss.job o where o.name = j.name and o.data = j.data and o.id <> j.id)
          order by j.created_on desc limit 1)`,
  // Not damage, a control: a sweep's run dies with its instance and the next tick sweeps again. No check may report it.
  'sweep-died': () =>
    sql`update pgboss.job set state = 'failed', output = '{"message": "job failed by timeout in active state"}' where id = (
          select id from pgboss.job where state = 'completed' and coalesce(data -> 'payload' ? 'slot', false) order by created_on limit 1)`,
};

export const BREAKS = Object.keys(DAMAGE);

/** Applies each damage of `what` (a comma-separated list, or `all`). */
export async function sabotage(db: Db, ep: number, what: string, log: (l: string) => void): Promise<void> {
  const names = what === 'all' ? BREAKS : what.split(',').map((w) => w.trim());
  for (const name of names) {
    const damage = DAMAGE[name];
    if (!damage) throw new Error(`--break: one of ${BREAKS.join(', ')} (or all)`);
    // The damage bypasses the triggers and checks, as a bug in our own code would not be stopped by them.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const q of [damage(ep)].flat()) await tx.execute(q);
    });
    log(`damage done on purpose: ${name}`);
  }
}
