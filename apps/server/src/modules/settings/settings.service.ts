import { type FreeFeature, freeNotice, SECRET_MASK, SETTINGS, type SettingDef, normaliseSetting, settingDef } from '@sk/shared';
import type { Db } from '../../db/client';
import { AppError, invalid } from '../../platform/errors';
import { type Actor, paidPlan, type UserActor } from '../../platform/actor';
import * as repo from './settings.repo';

/** What the web sees of a value: a secret only as a mask (or '' when none is stored). */
const shown = (code: string, value: string): string => (settingDef(code)?.type === 'secret' && value ? SECRET_MASK : value);

function defOf(code: unknown): SettingDef {
  const def = typeof code === 'string' ? settingDef(code) : undefined;
  if (!def) throw new AppError('SETTING_UNKNOWN', { code: String(code ?? '') });
  return def;
}

export async function getOne(db: Db, u: Actor, code: string) {
  defOf(code);
  return { code, value: shown(code, (await repo.settingValues(db, u.enterpriseId, [code])).get(code) as string) };
}

export async function getMany(db: Db, u: Actor, codes: string[]) {
  for (const c of codes) defOf(c);
  const values = await repo.settingValues(db, u.enterpriseId, codes);
  return [...new Set(codes)].map((code) => ({ code, value: shown(code, values.get(code) as string) }));
}

export async function listAll(db: Db, u: Actor) {
  const [values, changed] = await Promise.all([repo.settingValues(db, u.enterpriseId), repo.changedCodes(db, u.enterpriseId)]);
  // A setting no code reads yet is not on the page (docs/settings.md).
  return SETTINGS.filter((d) => !d.pending).map((d) => ({
    code: d.code,
    value: shown(d.code, values.get(d.code) as string),
    group: d.group,
    descri: d.descri,
    type: d.type,
    default: d.default,
    changed: changed.has(d.code),
    ...(d.min !== undefined ? { min: d.min } : {}),
    ...(d.max !== undefined ? { max: d.max } : {}),
    ...(d.options ? { options: [...d.options] } : {}),
    ...(d.plan ? { plan: d.plan } : {}),
  }));
}

/** Every item is checked before anything is written: unknown code, bad value, duplicate, free-plan lock. */
function checkBatch(u: UserActor, items: { code: unknown; value: unknown }[], hotline: string): { def: SettingDef; value: string }[] {
  const seen = new Set<string>();
  // A secret sent back as its mask is unchanged.
  const changed = items.filter((item) => !(typeof item.code === 'string' && settingDef(item.code)?.type === 'secret' && item.value === SECRET_MASK));
  return changed.map((item) => {
    const def = defOf(item.code);
    if (seen.has(def.code)) throw invalid(`设置项重复：${def.descri}`);
    seen.add(def.code);
    const r = normaliseSetting(def, item.value);
    if ('error' in r) throw invalid(`${def.descri}：${r.error}`);
    if (def.plan && r.value !== def.default && !paidPlan(u)) {
      throw new AppError('PLAN_FREE', {}, freeNotice(def.plan as FreeFeature, hotline));
    }
    return { def, value: r.value };
  });
}

/** A value equal to the default removes the stored row: only changed values are kept. */
export async function batchSave(
  db: Db,
  u: UserActor,
  items: { code: unknown; value: unknown }[],
  hotline: string,
  seal: (plain: string) => string = (s) => s,
): Promise<void> {
  const checked = checkBatch(u, items, hotline);
  await db.transaction(async (tx) => {
    for (const { def, value } of checked) {
      if (value === def.default) await repo.deleteSettings(tx, u.enterpriseId, [def.code]);
      // Secrets are stored sealed (platform/secrets.ts).
      else await repo.upsertSetting(tx, u.enterpriseId, def.code, def.type === 'secret' ? seal(value) : value, u.id);
    }
  });
}

export async function recover(db: Db, u: Actor, codes: string[] | undefined): Promise<void> {
  const list = codes?.length ? codes.map((c) => defOf(c).code) : undefined;
  await repo.deleteSettings(db, u.enterpriseId, list);
}
