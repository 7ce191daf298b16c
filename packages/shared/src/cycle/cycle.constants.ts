/**
 * Cycle plans (preventive maintenance, 周期计划) and their templates (周期模板): labels both sides share.
 * Frequency units are the spec's time units (1 分钟, 2 小时, 3 天, 4 月); a plan of dates uses day and month
 * (docs/cycle.md).
 */
export const CYCLE_UNITS = { 3: '天', 4: '月' } as const;
export type CycleUnit = 3 | 4;

/** How the first date is found: a fixed date, or the spec's maintenance start types (2 购买时间, 3 安装时间). */
export const CYCLE_START_TYPES = { 1: '固定日期', 2: '购买时间', 3: '安装时间' } as const;
export type CycleStartType = 1 | 2 | 3;

/** What a plan maintains: an installed product (设备), or a maintenance contract (维保合同). */
export const CYCLE_TARGETS = { 1: '设备', 2: '维保合同' } as const;
export type CycleTarget = 1 | 2;

export const CYCLE_PLAN_STATES = {
  1: { label: '执行中', color: '#237804' },
  2: { label: '已暂停', color: '#ad4e00' },
  3: { label: '已结束', color: '#595959' },
} as const;
export type CyclePlanState = keyof typeof CYCLE_PLAN_STATES;

/** The job kind that generates the orders of the plans due inside the horizon. */
export const CYCLE_GENERATE_JOB = 'cycle.generate';
/** The setting: how many days ahead orders are generated. */
export const CYCLE_HORIZON_SETTING = 'cycle_plan_horizon_days';

/** Powers: the menu entries 周期计划 and 周期模板. */
export const CYCLE_POWERS = { plan: 'menu_CyclePlan', tmpl: 'menu_CycleTmpl' } as const;
