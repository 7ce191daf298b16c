// What the generator and the plan detail both need of a plan: its rule, the enterprise's calendar, horizon and today.
import { type CycleRule, type CycleStartType, type CycleUnit, startOf, type WorkCalendar, CYCLE_HORIZON_SETTING } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { zonedParts } from '../../platform/jobs';
import { getSettingInt } from '../settings/settings.repo';
import { hoursOf } from '../sla/sla.calendar';

export interface EnterpriseDays {
  calendar: WorkCalendar;
  /** Minute of the day the working hours start (the generated order's appointment). */
  startMinute: number;
  horizon: number;
  today: string;
  timeZone: string;
}

/** The business calendar (settings › SLA 工作时间: weekdays, holidays, make-up days), the horizon setting and today in the enterprise's zone. */
export async function enterpriseDays(ex: Executor, ep: number, now: Date): Promise<EnterpriseDays> {
  const [e] = await rows<{ time_zone: string }>(ex, sql`select time_zone from enterprises where id = ${ep}`);
  const timeZone = e?.time_zone ?? 'Asia/Shanghai';
  const h = await hoursOf(ex, ep);
  return {
    calendar: { weekdays: h.weekdays, holidays: h.holidays, workdays: h.workdays },
    startMinute: h.startMinute,
    horizon: await getSettingInt(ex, ep, CYCLE_HORIZON_SETTING),
    today: zonedParts(now, timeZone).date,
    timeZone,
  };
}

/** The columns of a plan (with its template, product and contract) the rule is made of. */
export interface PlanRuleRow {
  every: number;
  unit: number;
  start_type: number;
  start_date: string | null;
  day_of_period: number | null;
  end_date: string | null;
  purchase_date: string | null;
  install_date: string | null;
  contract_end: string | null;
}

export const RULE_COLUMNS = sql`t.every, t.unit, p.start_type, to_char(p.start_date, 'YYYY-MM-DD') as start_date, p.day_of_period,
  to_char(p.end_date, 'YYYY-MM-DD') as end_date, to_char(ip.purchase_date, 'YYYY-MM-DD') as purchase_date,
  to_char(ip.install_date, 'YYYY-MM-DD') as install_date, to_char(mc.end_date, 'YYYY-MM-DD') as contract_end`;
export const RULE_JOINS = sql`join cycle_templates t on t.enterprise_id = p.enterprise_id and t.id = p.template_id
  left join installed_products ip on ip.enterprise_id = p.enterprise_id and ip.id = p.installed_product_id
  left join maintain_contracts mc on mc.enterprise_id = p.enterprise_id and mc.id = p.contract_id`;

/** The plan's rule; null when its start cannot be known (a product without the purchase or install date). A contract's end ends the plan. */
export function ruleOf(r: PlanRuleRow): CycleRule | null {
  const unit = r.unit as CycleUnit;
  const every = r.every;
  const start = startOf(
    { startType: r.start_type as CycleStartType, startDate: r.start_date, every, unit },
    {
      purchaseDate: r.purchase_date,
      installDate: r.install_date,
    },
  );
  if (!start) return null;
  const ends = [r.end_date, r.contract_end].filter((x): x is string => !!x).sort();
  return { every, unit, day: unit === 4 ? r.day_of_period : null, start, end: ends[0] ?? null };
}
