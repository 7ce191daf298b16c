import { CYCLE_START_TYPES, CYCLE_UNITS } from '@sk/shared/cycle/cycle.constants';

/** 每1月（1号）, 每7天. */
export function frequencyText(every: number, unit: number, day?: number | null): string {
  const u = CYCLE_UNITS[unit as keyof typeof CYCLE_UNITS] ?? '';
  return `每${every}${u === '月' ? '个月' : u}${unit === 4 && day ? `（${day}号）` : ''}`;
}

export function startText(p: { startType: number; startDate: string | null }): string {
  const name = CYCLE_START_TYPES[p.startType as keyof typeof CYCLE_START_TYPES] ?? '';
  return p.startType === 1 && p.startDate ? `${name} ${p.startDate.replaceAll('-', '/')}` : `${name}后一个周期`;
}
