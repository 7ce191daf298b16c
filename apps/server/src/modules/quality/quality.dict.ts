import { dictTypeByCode } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { invalid } from '../../platform/errors';

/** An enabled item of a dictionary (by code), else a Chinese refusal naming the dictionary; empty stays null. */
export async function dictValueOf(ex: Executor, ep: number, code: string, value: string | null | undefined, label: string): Promise<string | null> {
  if (!value) return null;
  const t = dictTypeByCode(code);
  const [r] = await rows<{ name: string }>(
    ex,
    sql`select name from dict_items where enterprise_id = ${ep} and type = ${t?.type ?? -1} and name = ${value} and enabled`,
  );
  if (!r) throw invalid(`${label}：请从字典“${t?.name ?? label}”中选择`);
  return r.name;
}
