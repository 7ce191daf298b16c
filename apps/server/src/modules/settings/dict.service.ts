import { DICT_MAX_ITEMS, DICT_TYPES, type DictType, dictType, dictTypeByCode } from '@sk/shared';
import { lockEnterprise } from '../org/index';
import type { Db, Executor } from '../../db/client';
import { AppError, invalid, notFound } from '../../platform/errors';
import * as repo from './dict.repo';
import { isUniqueViolation } from '../../platform/sql';
import type { Actor } from '../../platform/actor';

const typeOf = (type: number): DictType => dictType(type) as DictType;

/** Enabled items of the types, for pickers and filters. */
export const enabledItems = (ex: Executor, u: Pick<Actor, 'enterpriseId'>, types: number[]) => repo.listItems(ex, u.enterpriseId, types, { enabledOnly: true });

/** Every item of a type, disabled ones too, for the settings page. */
export const allItems = (ex: Executor, u: Pick<Actor, 'enterpriseId'>, type: number, keyword?: string) =>
  repo.listItems(ex, u.enterpriseId, [type], { enabledOnly: false, keyword });

export function itemsByCode(ex: Executor, u: Pick<Actor, 'enterpriseId'>, code: string) {
  const t = dictTypeByCode(code);
  if (!t) throw invalid('字典编码：不存在的字典编码');
  return enabledItems(ex, u, [t.type]);
}

export async function typesWithCounts(db: Db, u: Pick<Actor, 'enterpriseId'>) {
  const counts = await repo.countsByType(db, u.enterpriseId);
  return DICT_TYPES.map((t) => ({
    type: t.type,
    code: t.code,
    name: t.name,
    group: t.group,
    fixed: !!t.fixed,
    valueLabel: t.value?.label ?? null,
    valueRequired: !!t.value?.required,
    count: counts.get(t.type) ?? 0,
  }));
}

/** The value column's rule for the type: required, pattern; types without a value column store ''. */
function checkValue(t: DictType, raw: string | undefined): string {
  const value = (raw ?? '').trim();
  if (!t.value) return value;
  if (t.value.required && !value) throw invalid(`${t.value.label}：请填写${t.value.label}`);
  if (value && t.value.pattern && !t.value.pattern.test(value)) throw invalid(`${t.value.label}：${t.value.message ?? '格式不正确'}`);
  return value;
}

export async function createItem(db: Executor, u: Pick<Actor, 'enterpriseId'>, b: { type: number; name: string; value?: string }): Promise<number> {
  const t = typeOf(b.type);
  if (t.fixed) throw new AppError('DICT_FIXED');
  const value = checkValue(t, b.value);
  return db.transaction(async (tx) => {
    // Counted under the enterprise's lock: parallel creates cannot each pass the limit.
    await lockEnterprise(tx, u.enterpriseId);
    const counts = await repo.countsByType(tx, u.enterpriseId);
    if ((counts.get(t.type) ?? 0) >= DICT_MAX_ITEMS) throw new AppError('LIMIT_REACHED', { max: DICT_MAX_ITEMS });
    const id = await repo.insertItem(tx, u.enterpriseId, { type: t.type, name: b.name, value });
    if (id == null) throw new AppError('NAME_TAKEN');
    return id;
  });
}

/** All ids must be this enterprise's items, else NOT_FOUND and nothing changes. */
async function owned(ex: Executor, u: Pick<Actor, 'enterpriseId'>, ids: number[]) {
  const unique = [...new Set(ids)];
  const found = await repo.ownedItems(ex, u.enterpriseId, unique);
  if (found.length !== unique.length) throw notFound();
  return found;
}

export async function updateItem(db: Db, u: Pick<Actor, 'enterpriseId'>, b: { id: number; name: string; value?: string }): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [item] = await owned(tx, u, [b.id]);
      const t = typeOf(item?.type as number);
      const value = checkValue(t, b.value);
      if (await repo.nameTaken(tx, u.enterpriseId, t.type, b.name, b.id)) throw new AppError('NAME_TAKEN');
      await repo.updateItem(tx, u.enterpriseId, b.id, { name: b.name, value });
    });
  } catch (err) {
    throw isUniqueViolation(err) ? new AppError('NAME_TAKEN') : err;
  }
}

export async function deleteItems(db: Db, u: Pick<Actor, 'enterpriseId'>, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await owned(tx, u, ids);
    if (found.some((i) => typeOf(i.type).fixed)) throw new AppError('DICT_FIXED');
    await repo.deleteItems(
      tx,
      u.enterpriseId,
      found.map((i) => i.id),
    );
  });
}

export async function sortItems(db: Db, u: Pick<Actor, 'enterpriseId'>, type: number, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await owned(tx, u, ids);
    if (found.some((i) => i.type !== type)) throw notFound();
    await repo.setSort(tx, u.enterpriseId, type, [...new Set(ids)]);
  });
}

export async function enableItems(db: Db, u: Pick<Actor, 'enterpriseId'>, ids: number[], enabled: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await owned(tx, u, ids);
    await repo.setEnabled(
      tx,
      u.enterpriseId,
      found.map((i) => i.id),
      enabled,
    );
  });
}

/** Provision step: every type's default items, for a new enterprise. */
export async function provisionDictionaries(ex: Executor, enterpriseId: number): Promise<void> {
  for (const t of DICT_TYPES) {
    const items = t.defaults.map((d) => (typeof d === 'string' ? { name: d, value: '' } : { name: d[0], value: d[1] }));
    await repo.seedType(ex, enterpriseId, t.type, items);
  }
}
