import { dictTypeByCode } from '@sk/shared';
import type { Executor } from '../../db/client';
import { invalid } from '../../platform/errors';
import { enabledDictItem } from '../settings/index';

/** An enabled item of a dictionary (by code), else a Chinese refusal naming the dictionary; empty stays null. */
export async function dictValueOf(ex: Executor, ep: number, code: string, value: string | null | undefined, label: string): Promise<string | null> {
  if (!value) return null;
  const t = dictTypeByCode(code);
  const name = await enabledDictItem(ex, ep, t?.type ?? -1, value);
  if (!name) throw invalid(`${label}：请从字典“${t?.name ?? label}”中选择`);
  return name;
}
