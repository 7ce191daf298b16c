import { PENALTY_SETTINGS, settingDef } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { addSweep, registerJobHandler } from '../../platform/jobs';

/**
 * Rules that propose penalties (docs/settlement.md, "Rules"): a sweep every five minutes looks, in every enterprise, for
 * an SLA clock breached on a provider's order, a return visit not passed (state 2) on a provider's order, and an old
 * part of a provider's order still to return (state 1) past its due date, and proposes one penalty per cause (state 0
 * 待确认, for finance to submit or dismiss). The unique key (enterprise, cause type, cause id) makes a cause propose
 * once, ever: a second sweep, a parallel one or a retry skips it (ON CONFLICT DO NOTHING), and a dismissed proposal is
 * never proposed again. Amounts come from the settings (yuan; 0 switches a rule off).
 */
export const PENALTY_RULES_JOB = 'settle.penaltyRules';

/** Breaches and failed visits further back than this are not looked at (the sweep runs every five minutes). */
const LOOKBACK = sql`interval '30 days'`;

interface Rule {
  causeType: 1 | 2 | 3;
  setting: string;
  /**
   * The causes of enterprise `e` (a lateral subquery): cause_id, order_id, provider_id, reason. Each reads its own
   * index: order_sla_clocks_breach_idx, return_visit_tasks_visited_idx, old_part_returns_state_idx.
   */
  causes: SQL;
}

const RULES: Rule[] = [
  {
    causeType: 1,
    setting: PENALTY_SETTINGS.sla,
    causes: sql`select c.id as cause_id, o.id as order_id, o.provider_id, 'SLA超时：工单' || o.order_no || '（' || c.policy_name || '）' as reason
      from order_sla_clocks c join orders o on o.enterprise_id = c.enterprise_id and o.id = c.order_id
      where c.enterprise_id = e.id and c.breached_at is not null and c.breached_at >= now() - ${LOOKBACK}
        and o.provider_id is not null and o.deleted_at is null`,
  },
  {
    causeType: 2,
    setting: PENALTY_SETTINGS.visit,
    causes: sql`select t.id as cause_id, o.id as order_id, o.provider_id,
        '回访不通过：工单' || o.order_no || coalesce('（' || nullif(t.reason, '') || '）', '') as reason
      from return_visit_tasks t join orders o on o.enterprise_id = t.enterprise_id and o.id = t.order_id
      where t.enterprise_id = e.id and t.state = 2 and t.visited_at >= now() - ${LOOKBACK}
        and o.provider_id is not null and o.deleted_at is null`,
  },
  {
    causeType: 3,
    setting: PENALTY_SETTINGS.oldPart,
    causes: sql`select r.id as cause_id, o.id as order_id, o.provider_id,
        '旧件逾期未返还：工单' || o.order_no || '，应于' || to_char(r.due_at at time zone e.time_zone, 'YYYY-MM-DD') || '前返还' as reason
      from old_part_returns r join orders o on o.enterprise_id = r.enterprise_id and o.id = r.order_id
      where r.enterprise_id = e.id and r.state = 1 and r.due_at < now() and o.provider_id is not null and o.deleted_at is null`,
  },
];

/**
 * One rule in one statement: the causes without a record, numbered from the enterprise's counter (bumped once by their
 * count), inserted with ON CONFLICT on the cause key, and their creation logged. Answers how many were proposed.
 */
async function proposeBy(ex: Executor, r: Rule): Promise<number> {
  const fallback = settingDef(r.setting)?.default ?? '0';
  const [res] = await rows<{ n: number }>(
    ex,
    sql`with cand as (
        select e.id as enterprise_id, e.time_zone, x.cause_id, x.order_id, x.provider_id, x.reason, amt.cents,
          row_number() over (partition by e.id order by x.cause_id) as rn, count(*) over (partition by e.id) as total
        from enterprises e
        cross join lateral (select coalesce((select s.value from system_settings s where s.enterprise_id = e.id and s.code = ${r.setting}),
          ${fallback})::bigint * 100 as cents) amt
        cross join lateral (${r.causes}) x
        where amt.cents > 0
          and not exists (select 1 from rewards w where w.enterprise_id = e.id and w.cause_type = ${r.causeType} and w.cause_id = x.cause_id)),
      bump as (
        insert into counters (enterprise_id, name, value) select enterprise_id, 'reward', max(total) from cand group by enterprise_id
        on conflict (enterprise_id, name) do update set value = counters.value + excluded.value
        returning enterprise_id, value),
      made as (
        insert into rewards (enterprise_id, reward_no, provider_id, order_id, kind, amount_cents, reason, cause_type, cause_id, state)
        select c.enterprise_id, 'JC' || to_char(now() at time zone c.time_zone, 'YYYYMMDD') || '-' || lpad((b.value - c.total + c.rn)::text, 4, '0'),
          c.provider_id, c.order_id, 2, c.cents, c.reason, ${r.causeType}, c.cause_id, 0
        from cand c join bump b on b.enterprise_id = c.enterprise_id
        on conflict (enterprise_id, cause_type, cause_id) where cause_type > 0 do nothing
        returning enterprise_id, id),
      logged as (
        insert into reward_logs (enterprise_id, reward_id, from_state, to_state, action, note)
        select enterprise_id, id, null, 0, 'propose', '系统按规则建议' from made returning 1)
      select count(*)::int as n from logged`,
  );
  return Number(res?.n ?? 0);
}

/** Every rule once; answers the proposals made by each cause type. */
export async function proposePenalties(ex: Executor): Promise<Record<number, number>> {
  const out: Record<number, number> = {};
  for (const r of RULES) out[r.causeType] = await proposeBy(ex, r);
  return out;
}

export function installRewardRules(): void {
  registerJobHandler(PENALTY_RULES_JOB, async (_job, deps) => {
    await proposePenalties(deps.db);
  });
  addSweep({ name: PENALTY_RULES_JOB, everySeconds: 300, kind: PENALTY_RULES_JOB });
}
