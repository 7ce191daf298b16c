// /returnVisitReport: per plan, engineer, team or order type over a period (tasks created in it): tasks, reached
// (a visit recorded: 2, 3, 5), passed (3, 5), pass rate (passed / reached), unrated (5), not passed (2) by reason,
// waiting (1, 4) and the average score of each dimension. Two grouped reads over return_visit_tasks.
import { type QueryOf, VISIT_DIMENSION_LIST, type VisitReport, type visitsContract as C } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { and, createdBetween } from '../../platform/sql';

const GROUPS: Record<QueryOf<typeof C.report>['by'], { key: SQL; name: SQL; join: SQL; none: string }> = {
  plan: {
    key: sql`t.plan_id`,
    name: sql`g.name`,
    join: sql`left join return_visit_plans g on g.enterprise_id = t.enterprise_id and g.id = t.plan_id`,
    none: '—',
  },
  engineer: {
    key: sql`t.engineer_id`,
    name: sql`g.name`,
    join: sql`left join users g on g.enterprise_id = t.enterprise_id and g.id = t.engineer_id`,
    none: '无服务人员',
  },
  team: {
    key: sql`t.service_group_id`,
    name: sql`g.name`,
    join: sql`left join service_groups g on g.enterprise_id = t.enterprise_id and g.id = t.service_group_id`,
    none: '无服务团队',
  },
  template: {
    key: sql`t.template_id`,
    name: sql`g.name`,
    join: sql`left join form_templates g on g.enterprise_id = t.enterprise_id and g.id = t.template_id`,
    none: '—',
  },
};

interface Agg {
  key: number | null;
  name: string | null;
  tasks: number;
  reached: number;
  passed: number;
  unrated: number;
  not_passed: number;
  waiting: number;
  [avg: `a${number}`]: string | null;
}

const avgCols = sql.join(
  VISIT_DIMENSION_LIST.map((d) => sql`round(avg((t.scores->>${String(d)})::numeric) filter (where t.state in (2, 3)), 2)::text as ${sql.identifier(`a${d}`)}`),
  sql`, `,
);
const aggCols = sql`count(*)::int as tasks, count(*) filter (where t.state in (2, 3, 5))::int as reached, count(*) filter (where t.state in (3, 5))::int as passed,
  count(*) filter (where t.state = 5)::int as unrated, count(*) filter (where t.state = 2)::int as not_passed, count(*) filter (where t.state in (1, 4))::int as waiting, ${avgCols}`;

function row(r: Agg, name: string, byReason: Record<string, number>): VisitReport['rows'][number] {
  const reached = Number(r.reached);
  const passed = Number(r.passed);
  return {
    key: r.key == null ? null : Number(r.key),
    name,
    tasks: Number(r.tasks),
    reached,
    passed,
    passRate: reached ? Math.round((passed / reached) * 1000) / 10 : null,
    unrated: Number(r.unrated),
    notPassed: Number(r.not_passed),
    waiting: Number(r.waiting),
    byReason,
    averages: Object.fromEntries(VISIT_DIMENSION_LIST.map((d) => [String(d), r[`a${d}`] == null ? null : Number(r[`a${d}`])])),
  };
}

export async function report(db: Db, a: Actor, q: QueryOf<typeof C.report>): Promise<VisitReport> {
  const g = GROUPS[q.by];
  const where = and([
    sql`t.enterprise_id = ${a.enterpriseId}`,
    q.id ? sql`t.plan_id = ${q.id}` : null,
    q.visitType ? sql`t.visit_type = ${q.visitType}` : null,
    ...createdBetween(sql`t.created_at`, a, q.startTime, q.endTime),
  ]);
  const [groups, reasons, totals] = await Promise.all([
    rows<Agg>(
      db,
      sql`select ${g.key} as key, min(${g.name}) as name, ${aggCols} from return_visit_tasks t ${g.join} where ${where} group by ${g.key} order by count(*) desc, 1`,
    ),
    rows<{ key: number | null; reason: string | null; n: number }>(
      db,
      sql`select ${g.key} as key, t.reason, count(*)::int as n from return_visit_tasks t where ${where} and t.state = 2 group by 1, 2`,
    ),
    rows<Agg>(db, sql`select null::bigint as key, '合计' as name, ${aggCols} from return_visit_tasks t where ${where}`),
  ]);
  const byKey = new Map<string, Record<string, number>>();
  const all: Record<string, number> = {};
  for (const r of reasons) {
    const k = String(r.key);
    const m = byKey.get(k) ?? {};
    const reason = r.reason ?? '未填写';
    m[reason] = (m[reason] ?? 0) + Number(r.n);
    all[reason] = (all[reason] ?? 0) + Number(r.n);
    byKey.set(k, m);
  }
  const total = totals[0] as Agg;
  return {
    rows: groups.map((r) => row(r, r.name ?? g.none, byKey.get(String(r.key)) ?? {})),
    total: row(total, '合计', all),
  };
}

/**
 * The statistics digest's 昨日回访 line: the report's total for one day (tasks created that day, enterprise time
 * zone), the same query the /returnVisitReport page runs for that period.
 */
export async function visitDigestLine(db: Db, a: Actor, day: string): Promise<string> {
  const { total: t } = await report(db, a, { by: 'plan', startTime: day, endTime: day });
  const rate = t.passRate == null ? '—' : `${t.passRate}%`;
  return `回访任务${t.tasks}，已回访${t.reached}，通过${t.passed}（其中未评价${t.unrated}），不通过${t.notPassed}，通过率${rate}`;
}
