import { SLA_ESCALATE_TO, type SlaEscalateTo, slaTypeName } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { addNotices } from '../subscriptions/notices.repo';

/**
 * The SLA sweep (a job every 30 s, all enterprises): clocks whose warning time came are marked (and
 * their engineer told), clocks past their deadline are breached (the order is already overdue: its
 * due_at is that deadline) and start the policy's ladder, and breaches due for the next step notify it.
 * Each step reads only the rows it acts on, through the partial indexes on warn_at, deadline_at and
 * next_escalation_at, in batches; so its cost follows the clocks that change, not the clocks that run.
 */
export interface SweepResult {
  warned: number;
  breached: number;
  escalated: number;
}

const BATCH = 2000;
const detailLink = (orderId: number) => `/allOrder/orderDetail/${orderId}`;

async function warnDue(ex: Executor, now: Date): Promise<number> {
  const r = await rows<{ n: number }>(
    ex,
    sql`with w as (
      update order_sla_clocks c set warned_at = ${now.toISOString()}::timestamptz
      where c.id in (select id from order_sla_clocks where warn_at <= ${now.toISOString()}::timestamptz and warned_at is null and warn_at is not null
        order by warn_at limit ${BATCH} for update skip locked)
      returning c.enterprise_id, c.order_id, c.type, c.id
    ), n as (
      insert into notices (enterprise_id, user_id, kind, title, content, link, dedupe_key)
      select w.enterprise_id, o.service_user_id, 'sla.warn', '工单' || o.order_no || '即将超时',
        o.title || '：' || (${sql.raw(typeNameSql('w.type'))}) || '时限将到，请尽快处理', '/allOrder/orderDetail/' || o.id, 'sla.warn:' || w.id
      from w join orders o on o.enterprise_id = w.enterprise_id and o.id = w.order_id
      where o.service_user_id is not null
      on conflict do nothing
    ) select count(*)::int as n from w`,
  );
  return Number(r[0]?.n ?? 0);
}

/** The type names as a SQL CASE, so a warning's text is written in the same statement. */
function typeNameSql(col: string): string {
  const cases = Array.from({ length: 11 }, (_, i) => `when ${i + 1} then '${slaTypeName(i + 1)}'`).join(' ');
  return `case ${col} ${cases} else '' end`;
}

async function breachDue(ex: Executor, now: Date): Promise<number> {
  const r = await rows<{ n: number }>(
    ex,
    sql`with b as (
      update order_sla_clocks c set breached_at = c.deadline_at,
        next_escalation_at = (select c.deadline_at + ((p.config -> 'escalation' -> 0 ->> 'afterMinutes')::int * interval '1 minute')
          from sla_policies p where p.enterprise_id = c.enterprise_id and p.id = c.policy_id)
      where c.id in (select id from order_sla_clocks where deadline_at <= ${now.toISOString()}::timestamptz and breached_at is null and deadline_at is not null
        order by deadline_at limit ${BATCH} for update skip locked)
      returning 1
    ) select count(*)::int as n from b`,
  );
  return Number(r[0]?.n ?? 0);
}

interface Due {
  id: number;
  enterprise_id: number;
  order_id: number;
  type: number;
  level: number;
  breached_ms: number;
  order_no: string;
  title: string;
  dispatcher_id: number | null;
  service_user_id: number | null;
  policy_name: string;
  ladder: { afterMinutes: number; to: SlaEscalateTo }[] | null;
}

async function recipients(ex: Executor, d: Due, to: SlaEscalateTo): Promise<number[]> {
  if (to === 'service') return d.service_user_id ? [Number(d.service_user_id)] : [];
  if (to === 'dispatcher' && d.dispatcher_id) return [Number(d.dispatcher_id)];
  const role = to === 'director' ? 10 : 1;
  const us = await rows<{ id: number }>(
    ex,
    sql`select id from users where enterprise_id = ${d.enterprise_id} and ${role}::smallint = any(roles) and enabled and deleted_at is null order by id limit 50`,
  );
  return us.map((u) => Number(u.id));
}

async function escalateDue(ex: Executor, now: Date): Promise<number> {
  const due = await rows<Due>(
    ex,
    sql`select c.id, c.enterprise_id, c.order_id, c.type, c.escalation_level as level, (extract(epoch from c.breached_at) * 1000)::float8 as breached_ms,
        o.order_no, o.title, o.dispatcher_id, o.service_user_id, c.policy_name, p.config -> 'escalation' as ladder
      from order_sla_clocks c
      join orders o on o.enterprise_id = c.enterprise_id and o.id = c.order_id
      left join sla_policies p on p.enterprise_id = c.enterprise_id and p.id = c.policy_id
      where c.next_escalation_at <= ${now.toISOString()}::timestamptz and c.next_escalation_at is not null
      order by c.next_escalation_at limit ${BATCH} for update of c skip locked`,
  );
  for (const d of due) {
    const step = d.ladder?.[d.level];
    if (step) {
      const who = SLA_ESCALATE_TO.find((x) => x.id === step.to)?.name ?? '';
      await addNotices(ex, {
        enterpriseId: Number(d.enterprise_id),
        userIds: await recipients(ex, d, step.to),
        kind: 'sla.escalate',
        title: `工单${d.order_no}已超时（${slaTypeName(d.type)}）`,
        content: `${d.title}：SLA「${d.policy_name}」第${d.level + 1}级升级，通知${who}`,
        link: detailLink(Number(d.order_id)),
        dedupeKey: `sla.escalate:${d.id}:${d.level}`,
      });
    }
    const next = d.ladder?.[d.level + 1];
    const nextAt = next ? new Date(d.breached_ms + next.afterMinutes * 60_000).toISOString() : null;
    await ex.execute(sql`update order_sla_clocks set escalation_level = ${d.level + 1}, next_escalation_at = ${nextAt}::timestamptz
      where enterprise_id = ${d.enterprise_id} and id = ${d.id}`);
  }
  return due.length;
}

/** One sweep at `now`; each step repeats in its own transaction until a batch comes back short. */
export async function sweepSla(db: Db, now = new Date()): Promise<SweepResult> {
  const out: SweepResult = { warned: 0, breached: 0, escalated: 0 };
  const loop = async (step: (ex: Executor, now: Date) => Promise<number>): Promise<number> => {
    let total = 0;
    for (;;) {
      const n = await db.transaction((tx) => step(tx, now));
      total += n;
      if (n < BATCH) return total;
    }
  };
  out.warned = await loop(warnDue);
  out.breached = await loop(breachDue);
  out.escalated = await loop(escalateDue);
  return out;
}
