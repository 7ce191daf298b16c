import type { PoolProfile, PoolRule } from '@sk/shared';
import type { Db } from '../../db/client';
import { AppError, invalid } from '../../platform/errors';
import * as repo from './settings.repo';

/** The pool's rules and the engineers' pool settings, managed by dispatchers and administrators. */

export const listRules = (db: Db, enterpriseId: number): Promise<PoolRule[]> => repo.selectRules(db, enterpriseId);

export async function saveRule(db: Db, enterpriseId: number, b: repo.RuleBody): Promise<{ id: number }> {
  if (b.templateId != null && !(await repo.orderTypeExists(db, enterpriseId, b.templateId))) throw invalid('工单类型不存在');
  const id = b.id != null ? await repo.updateRule(db, enterpriseId, b.id, b) : await repo.insertRule(db, enterpriseId, b);
  if (id == null) throw new AppError('NOT_FOUND');
  return { id };
}

export async function deleteRule(db: Db, enterpriseId: number, id: number): Promise<void> {
  if (!(await repo.removeRule(db, enterpriseId, id))) throw new AppError('NOT_FOUND');
}

/** Every enabled service person (role 2) with their pool settings (defaults when none are saved). */
export const listProfiles = (db: Db, enterpriseId: number): Promise<PoolProfile[]> => repo.selectProfiles(db, enterpriseId);

export async function saveProfile(db: Db, enterpriseId: number, b: repo.ProfileBody): Promise<void> {
  if (!(await repo.engineerExists(db, enterpriseId, b.userId))) throw new AppError('NOT_FOUND');
  await repo.upsertProfile(db, enterpriseId, b);
}
