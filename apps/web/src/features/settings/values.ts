// Setting values between the API (strings) and the form (booleans, numbers), and what a save sends.
import type { settingInfoSchema } from '@sk/shared/settings/settings.contract';
import type { z } from 'zod';

export type SettingInfo = z.infer<typeof settingInfoSchema>;

/** Form values: switches as booleans, numbers as numbers; the API speaks strings. */
export const toFormValue = (s: SettingInfo, v: string): unknown => (s.type === 'bool' ? v === '1' : s.type === 'int' ? Number(v) : v);
export const fromFormValue = (s: SettingInfo, v: unknown): string =>
  s.type === 'bool' ? (v ? '1' : '0') : v === null || v === undefined ? '' : String(v).trim();

/** The catalogue's settings grouped in its order. */
export function groupSettings(list: SettingInfo[]): { name: string; items: SettingInfo[] }[] {
  const groups: { name: string; items: SettingInfo[] }[] = [];
  for (const s of list) {
    const g = groups.find((x) => x.name === s.group);
    if (g) g.items.push(s);
    else groups.push({ name: s.group, items: [s] });
  }
  return groups;
}

/** The settings whose form value differs from the stored one, as the batch-save body. */
export function changedItems(list: SettingInfo[], values: Record<string, unknown>): { code: string; value: string }[] {
  return list
    .filter((s) => s.code in values && fromFormValue(s, values[s.code]) !== s.value)
    .map((s) => ({ code: s.code, value: fromFormValue(s, values[s.code]) }));
}

/** The order after moving one item a place up (-1) or down (+1); null when it cannot move. */
export function moved(ids: number[], id: number, step: -1 | 1): number[] | null {
  const i = ids.indexOf(id);
  const j = i + step;
  if (i < 0 || j < 0 || j >= ids.length) return null;
  const next = [...ids];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}
