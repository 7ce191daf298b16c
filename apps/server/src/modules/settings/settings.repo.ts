import { SETTINGS, settingDef } from '@sk/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { systemSettings } from '../../db/schema/index';

/** Current values of the given codes (all when omitted): the stored value, or the catalogue default. */
export async function settingValues(ex: Executor, enterpriseId: number, codes?: string[]): Promise<Map<string, string>> {
  const stored = await ex
    .select({ code: systemSettings.code, value: systemSettings.value })
    .from(systemSettings)
    .where(and(eq(systemSettings.enterpriseId, enterpriseId), codes ? inArray(systemSettings.code, codes) : undefined));
  const byCode = new Map(stored.map((r) => [r.code, r.value]));
  const out = new Map<string, string>();
  for (const def of SETTINGS) {
    if (!codes || codes.includes(def.code)) out.set(def.code, byCode.get(def.code) ?? def.default);
  }
  return out;
}

/** One setting's value for other modules (e.g. order_auto_archive_days); throws on a code outside the catalogue. */
export async function getSetting(ex: Executor, enterpriseId: number, code: string): Promise<string> {
  if (!settingDef(code)) throw new Error(`unknown setting ${code}`);
  return (await settingValues(ex, enterpriseId, [code])).get(code) as string;
}
export const getSettingBool = async (ex: Executor, enterpriseId: number, code: string): Promise<boolean> => (await getSetting(ex, enterpriseId, code)) === '1';
export const getSettingInt = async (ex: Executor, enterpriseId: number, code: string): Promise<number> => Number(await getSetting(ex, enterpriseId, code));

/** Codes the enterprise has changed from the default. */
export async function changedCodes(ex: Executor, enterpriseId: number): Promise<Set<string>> {
  const r = await ex.select({ code: systemSettings.code }).from(systemSettings).where(eq(systemSettings.enterpriseId, enterpriseId));
  return new Set(r.map((x) => x.code));
}

export async function upsertSetting(ex: Executor, enterpriseId: number, code: string, value: string, userId: number): Promise<void> {
  await ex
    .insert(systemSettings)
    .values({ enterpriseId, code, value, updatedBy: userId })
    .onConflictDoUpdate({
      target: [systemSettings.enterpriseId, systemSettings.code],
      set: { value, updatedBy: userId, updatedAt: sql`now()` },
    });
}

export async function deleteSettings(ex: Executor, enterpriseId: number, codes?: string[]): Promise<void> {
  await ex.delete(systemSettings).where(and(eq(systemSettings.enterpriseId, enterpriseId), codes ? inArray(systemSettings.code, codes) : undefined));
}
