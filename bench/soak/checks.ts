// What the soak checks at the end: the load generator's history against the database (every acknowledged write is
// there once, nothing twice, each record's moves a legal history), then the invariants the product promises.
import { SLA_TYPES } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../apps/server/src/db/client';
import { rebuildReportSummary } from '../../apps/server/src/modules/reports/summary';
import type { Write } from './types';

export interface Check {
  name: string;
  /** How many things were looked at. */
  checked: number;
  broken: number;
  /** The first few broken ones, for the reader. */
  sample: string;
}

/** One parameter holding a list (drizzle would spread a JS array into a row of parameters). */
const texts = (xs: string[]) => sql`${`{${xs.map((x) => `"${x.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`}::text[]`;
const ints = (xs: number[]) => sql`${`{${xs.map(Number).join(',')}}`}::bigint[]`;

const check = (name: string, checked: number, broken: string[]): Check => ({ name, checked, broken: broken.length, sample: broken.slice(0, 3).join('; ') });

/** Creates keyed by a unique title/name: acknowledged → exactly one row with that id; not acknowledged → at most one. */
async function creates(db: Db, ep: number, history: Write[], op: string, table: string, column: string): Promise<Check> {
  const mine = history.filter((w) => w.op === op);
  const keys = mine.map((w) => w.key);
  const found = keys.length
    ? await rows<{ k: string; n: number; ids: number[] }>(
        db,
        sql`select ${sql.raw(column)} as k, count(*)::int as n, array_agg(id) as ids from ${sql.raw(table)}
            where enterprise_id = ${ep} and ${sql.raw(column)} = any(${texts(keys)}) group by 1`,
      )
    : [];
  const by = new Map(found.map((f) => [f.k, f]));
  const broken: string[] = [];
  for (const w of mine) {
    const f = by.get(w.key);
    const n = f ? Number(f.n) : 0;
    if (w.ack === 'ok' && (n !== 1 || Number(f?.ids[0]) !== Number(w.id))) broken.push(`${w.key}: acknowledged, ${n} rows`);
    else if (w.ack === 'refused' && n !== 0) broken.push(`${w.key}: refused (${w.code}), ${n} rows`);
    else if (n > 1) broken.push(`${w.key}: ${n} rows`);
  }
  return check(`${op}: acknowledged once, none twice`, mine.length, broken);
}

/** Each acknowledged move of an order has its line in the order's log; a completion sent n times (one opKey) is logged once. */
async function moves(db: Db, ep: number, history: Write[]): Promise<Check[]> {
  const acked = history.filter(
    (w) => w.ack === 'ok' && w.id && ['order.dispatch', 'order.accept', 'order.start', 'order.complete', 'order.cancel', 'order.grab'].includes(w.op),
  );
  const ids = [...new Set(acked.map((w) => Number(w.id)))];
  const logs = ids.length
    ? await rows<{ record_id: number; action: string; to_state: number; from_state: number | null; id: number }>(
        db,
        sql`select order_id as record_id, action, to_state, from_state, id from order_logs where enterprise_id = ${ep} and order_id = any(${ints(ids)}) order by order_id, id`,
      )
    : [];
  const byOrder = new Map<number, typeof logs>();
  for (const l of logs) byOrder.set(Number(l.record_id), [...(byOrder.get(Number(l.record_id)) ?? []), l]);
  const actionOf: Record<string, string> = {
    'order.dispatch': 'dispatch',
    'order.accept': 'accept',
    'order.start': 'startService',
    'order.complete': 'serviceComplete',
    'order.cancel': 'cancel',
    'order.grab': 'grab',
  };
  const missing: string[] = [];
  for (const w of acked) {
    const l = (byOrder.get(Number(w.id)) ?? []).filter((x) => x.action === actionOf[w.op] && (w.state == null || Number(x.to_state) === Number(w.state)));
    if (l.length === 0) missing.push(`${w.op} of order ${w.id} acknowledged (state ${w.state}), not in its log`);
  }
  const twice: string[] = [];
  const illegal: string[] = [];
  for (const [id, ls] of byOrder) {
    for (const a of ['serviceComplete', 'cancel', 'grab', 'accept', 'startService']) {
      const n = ls.filter((x) => x.action === a).length;
      if (n > 1) twice.push(`order ${id}: ${a} ×${n}`);
    }
    if (ls.some((x) => x.action === 'serviceComplete') && ls.some((x) => x.action === 'cancel')) illegal.push(`order ${id}: both completed and cancelled`);
    // Each move starts where the one before ended.
    for (let i = 1; i < ls.length; i++) {
      const prev = ls[i - 1];
      const cur = ls[i];
      if (prev && cur && cur.from_state != null && Number(cur.from_state) !== Number(prev.to_state))
        illegal.push(`order ${id}: ${cur.action} from ${cur.from_state} after ${prev.action} to ${prev.to_state}`);
    }
  }
  const grabs = new Map<number, number>();
  for (const w of acked.filter((x) => x.op === 'order.grab')) grabs.set(Number(w.id), (grabs.get(Number(w.id)) ?? 0) + 1);
  const winners = [...grabs].filter(([, n]) => n > 1).map(([id, n]) => `order ${id}: ${n} grabs acknowledged`);
  return [
    check('order moves acknowledged → in the log', acked.length, missing),
    check('no move logged twice (one opKey, one winner)', byOrder.size, twice),
    check('each order a legal history (chain of states, not both cancelled and completed)', byOrder.size, illegal),
    check('one winner per grab', grabs.size, winners),
  ];
}

/** Return visits: an acknowledged submit left its task in the state answered; one visitor per grabbed task. */
async function visits(db: Db, ep: number, history: Write[]): Promise<Check[]> {
  const submitted = history.filter((w) => w.op === 'visit.submit' && w.ack === 'ok' && w.id);
  const ids = [...new Set(submitted.map((w) => Number(w.id)))];
  const tasks = ids.length
    ? await rows<{ id: number; state: number }>(db, sql`select id, state from return_visit_tasks where enterprise_id = ${ep} and id = any(${ints(ids)})`)
    : [];
  const state = new Map(tasks.map((t) => [Number(t.id), Number(t.state)]));
  const wrong = submitted
    .filter((w) => state.get(Number(w.id)) !== Number(w.state))
    .map((w) => `task ${w.id}: answered ${w.state}, now ${state.get(Number(w.id))}`);
  const grabs = new Map<number, number>();
  for (const w of history.filter((x) => x.op === 'visit.grab' && x.ack === 'ok')) grabs.set(Number(w.id), (grabs.get(Number(w.id)) ?? 0) + 1);
  return [
    check('return visits acknowledged → in that state', submitted.length, wrong),
    check(
      'one visitor per grabbed visit task',
      grabs.size,
      [...grabs].filter(([, n]) => n > 1).map(([id, n]) => `task ${id}: ${n} grabs acknowledged`),
    ),
  ];
}

/**
 * Return visits that did not pass: each acknowledged one opened its complaint (exactly one per task) and its follow-up
 * order (answered, there, and no two visits answered the same one); a visit not acknowledged opened at most one.
 */
async function failedVisits(db: Db, ep: number, history: Write[]): Promise<Check[]> {
  const failed = history.filter((w) => w.op === 'visit.submit' && Number(w.state) === 2 && w.id);
  const tasks = [...new Set(failed.map((w) => Number(w.id)))];
  const complaints = tasks.length
    ? await rows<{ task: number; n: number }>(
        db,
        sql`select visit_task_id as task, count(*)::int as n from complaints where enterprise_id = ${ep} and visit_task_id = any(${ints(tasks)}) group by 1`,
      )
    : [];
  const byTask = new Map(complaints.map((c) => [Number(c.task), Number(c.n)]));
  const follow = failed.filter((w) => w.ack === 'ok' && w.ref != null).map((w) => Number(w.ref));
  const found = follow.length
    ? await rows<{ id: number; title: string }>(db, sql`select id, title from orders where enterprise_id = ${ep} and id = any(${ints(follow)})`)
    : [];
  const orders = new Map(found.map((o) => [Number(o.id), o.title]));
  const broken: string[] = [];
  for (const w of failed) {
    const n = byTask.get(Number(w.id)) ?? 0;
    if (w.ack === 'ok' && n !== 1) broken.push(`task ${w.id}: not passed, acknowledged, ${n} complaints`);
    else if (n > 1) broken.push(`task ${w.id}: ${n} complaints`);
  }
  const seen = new Set<number>();
  const orderBroken: string[] = [];
  for (const w of failed.filter((x) => x.ack === 'ok')) {
    if (w.ref == null) {
      orderBroken.push(`task ${w.id}: not passed, acknowledged without a follow-up order`);
      continue;
    }
    const id = Number(w.ref);
    if (!orders.get(id)?.startsWith('回访不通过'))
      orderBroken.push(`task ${w.id}: follow-up order ${id} ${orders.has(id) ? `titled ${orders.get(id)}` : 'missing'}`);
    if (seen.has(id)) orderBroken.push(`follow-up order ${id} answered twice`);
    seen.add(id);
  }
  return [
    check('return visits not passed → one complaint each', failed.length, broken),
    check('return visits not passed → their own follow-up order', failed.filter((x) => x.ack === 'ok').length, orderBroken),
  ];
}

/** Statements: each acknowledged move is in the statement's log with the state answered, and each log is a chain. */
async function statementMoves(db: Db, ep: number, history: Write[]): Promise<Check[]> {
  const acked = history.filter((w) => w.ack === 'ok' && w.id && w.op.startsWith('settle.') && w.op !== 'settle.create');
  const ids = [...new Set(history.filter((w) => w.op.startsWith('settle.') && w.id).map((w) => Number(w.id)))];
  const logs = ids.length
    ? await rows<{ record_id: number; to_state: number; from_state: number | null; action: string }>(
        db,
        sql`select settlement_id as record_id, to_state, from_state, action from settlement_logs where enterprise_id = ${ep} and settlement_id = any(${ints(ids)}) order by settlement_id, id`,
      )
    : [];
  const by = new Map<number, typeof logs>();
  for (const l of logs) by.set(Number(l.record_id), [...(by.get(Number(l.record_id)) ?? []), l]);
  const missing = acked
    .filter((w) => !(by.get(Number(w.id)) ?? []).some((l) => w.state == null || Number(l.to_state) === Number(w.state)))
    .map((w) => `${w.op} of statement ${w.id} acknowledged (state ${w.state}), not in its log`);
  const illegal: string[] = [];
  for (const [id, ls] of by)
    for (let i = 1; i < ls.length; i++) {
      const prev = ls[i - 1];
      const cur = ls[i];
      if (prev && cur && cur.from_state != null && Number(cur.from_state) !== Number(prev.to_state))
        illegal.push(`statement ${id}: ${cur.action} from ${cur.from_state} after ${prev.action} to ${prev.to_state}`);
    }
  return [check('statement moves acknowledged → in the log', acked.length, missing), check("each statement's log a chain of states", by.size, illegal)];
}

/** 扫码报修: an acknowledged report is one order (its first line the reporter's words) with the number answered; a refused one none. */
async function scanReports(db: Db, ep: number, history: Write[]): Promise<Check> {
  const mine = history.filter((w) => w.op === 'scan.report');
  const keys = mine.map((w) => w.key);
  const found = keys.length
    ? await rows<{ k: string; n: number; nos: string[] }>(
        db,
        sql`select split_part(detail_desc, chr(10), 1) as k, count(*)::int as n, array_agg(order_no) as nos from orders
            where enterprise_id = ${ep} and source = 4 and split_part(detail_desc, chr(10), 1) = any(${texts(keys)}) group by 1`,
      )
    : [];
  const by = new Map(found.map((f) => [f.k, f]));
  const broken: string[] = [];
  for (const w of mine) {
    const f = by.get(w.key);
    const n = f ? Number(f.n) : 0;
    if (w.ack === 'ok' && (n !== 1 || f?.nos[0] !== w.ref)) broken.push(`${w.key}: acknowledged as ${w.ref}, ${n} orders`);
    else if (w.ack === 'refused' && n !== 0) broken.push(`${w.key}: refused (${w.code}), ${n} orders`);
    else if (n > 1) broken.push(`${w.key}: ${n} orders`);
  }
  return check('scan.report: acknowledged once, none twice', mine.length, broken);
}

/** The invariants over the whole tenant. */
async function invariants(db: Db, ep: number, since: number): Promise<Check[]> {
  const out: Check[] = [];
  const ledger = await rows<{ w: number; s: number; q: number; last: number | null; sum: number | null; first_before: number | null }>(
    db,
    sql`select s.warehouse_id as w, s.spare_id as s, s.quantity as q,
          (select l.after from stock_logs l where l.enterprise_id = s.enterprise_id and l.warehouse_id = s.warehouse_id and l.spare_id = s.spare_id order by l.id desc limit 1) as last,
          (select sum(l.change)::int from stock_logs l where l.enterprise_id = s.enterprise_id and l.warehouse_id = s.warehouse_id and l.spare_id = s.spare_id) as sum,
          (select l.before from stock_logs l where l.enterprise_id = s.enterprise_id and l.warehouse_id = s.warehouse_id and l.spare_id = s.spare_id order by l.id limit 1) as first_before
        from stocks s where s.enterprise_id = ${ep}`,
  );
  out.push(
    check(
      'stock on hand = the ledger (last balance, and the sum of movements from its opening)',
      ledger.length,
      ledger
        .filter((r) => r.last != null && (Number(r.last) !== Number(r.q) || Number(r.first_before) + Number(r.sum) !== Number(r.q) || Number(r.q) < 0))
        .map((r) => `warehouse ${r.w} × spare ${r.s}: on hand ${r.q}, ledger ${r.last} (opening ${r.first_before} + ${r.sum})`),
    ),
  );
  const chain = await rows<{ id: number }>(
    db,
    sql`select id from (select id, before, lag(after) over (partition by warehouse_id, spare_id order by id) as prev
        from stock_logs where enterprise_id = ${ep}) x where prev is not null and before <> prev`,
  );
  const [lines] = await rows<{ n: number }>(db, sql`select count(*)::int as n from stock_logs where enterprise_id = ${ep}`);
  out.push(
    check(
      'each ledger line starts at the balance the one before ended',
      Number(lines?.n),
      chain.map((c) => `stock_logs ${c.id}`),
    ),
  );
  const reserved = await rows<{ w: number; s: number; reserved: number; open: number }>(
    db,
    sql`select s.warehouse_id as w, s.spare_id as s, s.reserved,
          coalesce((select sum(i.quantity)::int from spare_docs d join spare_doc_items i on i.enterprise_id = d.enterprise_id and i.doc_id = d.id
            where d.enterprise_id = s.enterprise_id and d.from_warehouse_id = s.warehouse_id and i.spare_id = s.spare_id
              and d.state = 1 and d.kind <> 5), 0) as open
        from stocks s where s.enterprise_id = ${ep}`,
  );
  out.push(
    check(
      'reserved stock = the open documents that take it out',
      reserved.length,
      reserved.filter((r) => Number(r.reserved) !== Number(r.open)).map((r) => `warehouse ${r.w} × spare ${r.s}: reserved ${r.reserved}, open ${r.open}`),
    ),
  );
  const statements = await rows<{ id: number; total: number; sum: number; n: number; lines: number }>(
    db,
    sql`select s.id, s.total_cents as total, coalesce(sum(l.amount_cents), 0)::bigint as sum, s.line_count as n, count(l.id)::int as lines
        from settlements s left join settlement_lines l on l.enterprise_id = s.enterprise_id and l.settlement_id = s.id
        where s.enterprise_id = ${ep} group by s.id, s.total_cents, s.line_count`,
  );
  out.push(
    check(
      "every statement's total = its lines",
      statements.length,
      statements.filter((s) => Number(s.total) !== Number(s.sum) || Number(s.n) !== Number(s.lines)).map((s) => `statement ${s.id}: ${s.total} vs ${s.sum}`),
    ),
  );
  const twice = await rows<{ order_id: number; n: number }>(
    db,
    sql`select order_id, count(*)::int as n from settlement_lines where enterprise_id = ${ep} and order_id is not null group by 1 having count(*) > 1`,
  );
  const [feeLines] = await rows<{ n: number }>(db, sql`select count(*)::int as n from settlement_lines where enterprise_id = ${ep} and order_id is not null`);
  out.push(
    check(
      'no fee on two statements',
      Number(feeLines?.n),
      twice.map((t) => `order ${t.order_id}: on ${t.n} statement lines`),
    ),
  );
  const lastLog = await rows<{ id: number; state: number; logged: number }>(
    db,
    sql`select o.id, o.state, l.to_state as logged from orders o
        join lateral (select to_state from order_logs l where l.enterprise_id = o.enterprise_id and l.order_id = o.id order by l.id desc limit 1) l on true
        where o.enterprise_id = ${ep} and o.updated_at > now() - interval '1 day'`,
  );
  out.push(
    check(
      "every order's state = the last entry of its log (orders changed today)",
      lastLog.length,
      lastLog.filter((o) => Number(o.state) !== Number(o.logged)).map((o) => `order ${o.id}: state ${o.state}, log ${o.logged}`),
    ),
  );
  const clocks = await rows<{ id: number; type: number; state: number; live: boolean; order_id: number }>(
    db,
    sql`select c.id, c.type, o.state, c.stopped_at is null as live, o.id as order_id from order_sla_clocks c
        join orders o on o.enterprise_id = c.enterprise_id and o.id = c.order_id
        where c.enterprise_id = ${ep} and o.updated_at > now() - interval '1 day' and o.deleted_at is null`,
  );
  const runs = new Map(SLA_TYPES.map((t) => [t.id, t.runs as readonly number[]]));
  out.push(
    check(
      'SLA clocks agree with their orders (running in the states they run in, stopped otherwise)',
      clocks.length,
      clocks
        .filter((c) => Boolean(c.live) !== (runs.get(Number(c.type)) ?? []).includes(Number(c.state)))
        .map((c) => `order ${c.order_id} (state ${c.state}): clock type ${c.type} ${c.live ? 'running' : 'stopped'}`),
    ),
  );
  const counts = await rows<{ state: number; invalid: boolean; in_pool: boolean; k: number | null; counted: number; real: number }>(
    db,
    sql`with c as (select state, invalid, in_pool, abnormal_kind as k, sum(n)::int as n from order_state_counts where enterprise_id = ${ep} group by 1, 2, 3, 4),
             r as (select state, invalid, in_pool, abnormal_kind as k, count(*)::int as n from orders where enterprise_id = ${ep} and deleted_at is null group by 1, 2, 3, 4)
        select coalesce(c.state, r.state) as state, coalesce(c.invalid, r.invalid) as invalid, coalesce(c.in_pool, r.in_pool) as in_pool,
               coalesce(c.k, r.k) as k, coalesce(c.n, 0) as counted, coalesce(r.n, 0) as real
        from c full join r on c.state = r.state and c.invalid = r.invalid and c.in_pool = r.in_pool and c.k is not distinct from r.k`,
  );
  out.push(
    check(
      'order counts from totals = a fresh count',
      counts.length,
      counts.filter((c) => Number(c.counted) !== Number(c.real)).map((c) => `state ${c.state}${c.in_pool ? ' pool' : ''}: ${c.counted} vs ${c.real}`),
    ),
  );
  out.push(await reportSummary(db, ep));
  const notices = await rows<{ user_id: number; kind: string; title: string; n: number }>(
    db,
    sql`select user_id, kind, title, count(*)::int as n from notices where enterprise_id = ${ep} and created_at >= to_timestamp(${since / 1000})
        group by user_id, kind, title, content, link having count(*) > 1`,
  );
  const [noticeCount] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from notices where enterprise_id = ${ep} and created_at >= to_timestamp(${since / 1000})`,
  );
  out.push(
    check(
      'each notice once per cause (same person, kind, text and link; written during the run)',
      Number(noticeCount?.n),
      notices.map((n) => `user ${n.user_id}: ${n.kind} "${n.title}" ×${n.n}`),
    ),
  );
  return out;
}

/** The report summary kept by the triggers and the sweep = one rebuilt from the orders now (in a transaction rolled back). */
async function reportSummary(db: Db, ep: number): Promise<Check> {
  const snap = (ex: Db) =>
    rows<{ r: string }>(
      ex,
      sql`select concat_ws('|', report, axis, dim, day::text, k, a1::float8, a2::float8, a3::float8, a4::float8) as r from order_report_day_stats
          where enterprise_id = ${ep} order by 1`,
    );
  const { flushReportSummary } = await import('../../apps/server/src/modules/reports/summary');
  await flushReportSummary(db, ep);
  const kept = (await snap(db)).map((x) => x.r);
  let fresh: string[] = [];
  await db
    .transaction(async (tx) => {
      await rebuildReportSummary(tx, ep);
      fresh = (await snap(tx as unknown as Db)).map((x) => x.r);
      throw new Rollback();
    })
    .catch((err) => {
      if (!(err instanceof Rollback)) throw err;
    });
  const keptSet = new Set(kept);
  const freshSet = new Set(fresh);
  const broken = [...kept.filter((k) => !freshSet.has(k)).map((k) => `kept ${k}`), ...fresh.filter((f) => !keptSet.has(f)).map((f) => `fresh ${f}`)];
  return check('report summaries = a fresh rebuild', Math.max(kept.length, fresh.length), broken);
}

class Rollback extends Error {}

/** Jobs: none stuck active, none failed for good; every export asked for ended. */
async function jobs(db: Db, exportsAsked: number[]): Promise<Check[]> {
  const stuck = await rows<{ name: string; n: number }>(
    db,
    sql`select name, count(*)::int as n from pgboss.job where state = 'active' and started_on < now() - interval '5 minutes' group by name`,
  );
  // A failed run counts unless a later run of the same job completed: same kind and data, apart from a sweep's tick
  // (payload.slot, one per tick: a sweep whose instance died is done by the next tick's run, as the 60-minute runs
  // showed; `--break sweep-died` is the control that this heals and `job-failed` the damage that it does not).
  const failed = await rows<{ name: string; n: number; output: string }>(
    db,
    sql`select f.name, count(*)::int as n, max(f.output::text) as output from pgboss.job f where f.state = 'failed'
          and not exists (select 1 from pgboss.job c where c.name = f.name and (coalesce(c.data, '{}') #- '{payload,slot}') = (coalesce(f.data, '{}') #- '{payload,slot}')
            and c.state = 'completed' and c.created_on > f.created_on)
        group by f.name`,
  );
  const [total] = await rows<{ n: number }>(db, sql`select count(*)::int as n from pgboss.job`);
  const exportsLeft = exportsAsked.length
    ? await rows<{ id: number; state: number }>(
        db,
        sql`select id, process_state as state from export_files where id = any(${ints(exportsAsked)}) and process_state not in (2, 3)`,
      )
    : [];
  const exportsFailed = exportsAsked.length
    ? await rows<{ id: number; error: string }>(db, sql`select id, error from export_files where id = any(${ints(exportsAsked)}) and process_state = 3`)
    : [];
  return [
    check(
      'no job stuck (active for over 5 minutes)',
      Number(total?.n),
      stuck.map((s) => `${s.name} ×${s.n}`),
    ),
    check(
      'no job failed for good (a failed run that a later run of the same job completed is healed)',
      Number(total?.n),
      failed.map((f) => `${f.name} ×${f.n}: ${String(f.output).slice(0, 120)}`),
    ),
    check(
      'every export asked for ended',
      exportsAsked.length,
      exportsLeft.map((e) => `export ${e.id} in state ${e.state}`),
    ),
    check(
      'no export failed',
      exportsAsked.length,
      exportsFailed.map((e) => `export ${e.id}: ${e.error}`),
    ),
  ];
}

export async function runChecks(db: Db, ep: number, history: Write[], exportsAsked: number[], since: number): Promise<Check[]> {
  const parts: [string, () => Promise<Check | Check[]>][] = [
    ['order.create', () => creates(db, ep, history, 'order.create', 'orders', 'title')],
    ['customer.create', () => creates(db, ep, history, 'customer.create', 'customers', 'name')],
    ['event.create', () => creates(db, ep, history, 'event.create', 'events', 'title')],
    ['doc.save', () => creates(db, ep, history, 'doc.save', 'spare_docs', 'remark')],
    ['complaint.create', () => creates(db, ep, history, 'complaint.create', 'complaints', 'title')],
    ['settle.create', () => creates(db, ep, history, 'settle.create', 'settlements', 'remark')],
    ['statement moves', () => statementMoves(db, ep, history)],
    ['scan.report', () => scanReports(db, ep, history)],
    ['order moves', () => moves(db, ep, history)],
    ['return visits', () => visits(db, ep, history)],
    ['return visits not passed', () => failedVisits(db, ep, history)],
    ['invariants', () => invariants(db, ep, since)],
    ['jobs', () => jobs(db, exportsAsked)],
  ];
  const out: Check[] = [];
  for (const [name, run] of parts) {
    // A check that cannot run is a failed check, not the end of the report.
    const got = await run().catch((err: Error) =>
      check(`${name}: the check ran`, 1, [String((err.cause as Error | undefined)?.message ?? err.message).slice(0, 200)]),
    );
    out.push(...(Array.isArray(got) ? got : [got]));
  }
  return out;
}
