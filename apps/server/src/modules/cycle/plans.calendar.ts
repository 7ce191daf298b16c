// What the generator and the plan detail both need of a plan: its rule, the enterprise's calendar, horizon and today.
import { type CycleRule, type CycleStartType, type CycleUnit, startOf, type WorkCalendar, CYCLE_HORIZON_SETTING } from '@sk/shared';
import type { Executor } from '../../db/client';
import { zonedParts } from '../../platform/jobs';
import { getSettingInt } from '../settings/index';
import { hoursOf } from '../sla/index';
import { type PlanRuleRow, zoneOf } from './cycle.repo';

export type { PlanRuleRow };

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
  const timeZone = (await zoneOf(ex, ep)) ?? 'Asia/Shanghai';
  const h = await hoursOf(ex, ep);
  return {
    calendar: { weekdays: h.weekdays, holidays: h.holidays, workdays: h.workdays },
    startMinute: h.startMinute,
    horizon: await getSettingInt(ex, ep, CYCLE_HORIZON_SETTING),
    today: zonedParts(now, timeZone).date,
    timeZone,
  };
}

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
