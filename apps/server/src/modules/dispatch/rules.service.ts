import { type DefaultDispatchBody, type DefaultDispatchRow, MAX_RULES, type RuleBody, type DispatchRuleRow, type RuleUpdateBody } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import { AppError, invalid } from '../../platform/errors';
import { areaNameOf } from '../../platform/geo/areas';
import * as repo from './rules.repo';

/**
 * The dispatch rules and the default dispatch of /orderingRule. Every id a rule names (order type, team, person,
 * provider) must be the enterprise's own, so another enterprise's ids are refused and nothing is written.
 */

export { areaNameOf } from '../../platform/geo/areas';

interface Refs {
  templateId?: number | null;
  groupId?: number | null;
  targetType: number;
  targetUserId?: number | null;
  targetGroupId?: number | null;
  targetProviderId?: number | null;
}

/** Checks the ids the rule or default names; only the target its type uses is kept (the others are cleared). */
async function checkRefs(ex: Executor, ep: number, r: Refs & { areaCode?: string | null }): Promise<repo.TargetIds> {
  if (r.areaCode && !areaNameOf(r.areaCode)) throw invalid('服务区域：服务区域不存在');
  if (r.templateId && !(await repo.orderTypeExists(ex, ep, r.templateId))) {
    throw invalid('工单类型：工单类型不存在');
  }
  const group = async (id: number | null | undefined, label: string) => {
    if (id && !(await repo.groupExists(ex, ep, id))) throw invalid(`${label}：服务团队不存在`);
  };
  await group(r.groupId, '服务团队');
  const t = {
    targetUserId: r.targetType === 1 ? (r.targetUserId ?? null) : null,
    targetGroupId: r.targetType === 2 ? (r.targetGroupId ?? null) : null,
    targetProviderId: r.targetType === 3 ? (r.targetProviderId ?? null) : null,
  };
  if (t.targetUserId && !(await repo.engineerExists(ex, ep, t.targetUserId))) {
    throw invalid('服务人员：人员不存在、已停用或不是服务人员');
  }
  await group(t.targetGroupId, '派给团队');
  if (t.targetProviderId && !(await repo.providerExists(ex, ep, t.targetProviderId))) {
    throw invalid('服务商：服务商不存在、已停用或不可接单');
  }
  return t;
}

/** A rule keeps only the condition its kind reads. */
const conditionOf = (b: RuleBody): repo.Condition => ({
  template_id: b.kind === 1 ? (b.templateId ?? null) : null,
  area_code: b.kind === 2 ? (b.areaCode ?? null) : null,
  group_id: b.kind === 3 ? (b.groupId ?? null) : null,
  category: b.kind === 4 ? (b.category ?? null) : null,
});

export const listRules = (ex: Executor, ep: number): Promise<DispatchRuleRow[]> => repo.selectRules(ex, ep);

export async function createRule(db: Db, ep: number, b: RuleBody): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await repo.lockEnterprise(tx, ep);
    if ((await repo.countRules(tx, ep)) >= MAX_RULES) throw invalid(`派单规则最多${MAX_RULES}条`);
    const t = await checkRefs(tx, ep, b);
    const id = await repo.insertRule(tx, ep, b, conditionOf(b), t);
    if (id == null) throw new AppError('NOT_FOUND');
    return { id };
  });
}

export async function updateRule(db: Db, ep: number, b: RuleUpdateBody): Promise<void> {
  await db.transaction(async (tx) => {
    // Another enterprise's rule is not found before anything else is checked.
    if (!(await repo.lockRule(tx, ep, b.id))) throw new AppError('NOT_FOUND');
    const t = await checkRefs(tx, ep, b);
    if (!(await repo.updateRule(tx, ep, b.id, b, conditionOf(b), t))) throw new AppError('NOT_FOUND');
  });
}

/** All or none: an id that is not the enterprise's answers not found and deletes nothing. */
export async function deleteRules(db: Db, ep: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    if ((await repo.removeRules(tx, ep, unique)) !== unique.length) throw new AppError('NOT_FOUND');
  });
}

export const getDefaultDispatch = (ex: Executor, ep: number): Promise<DefaultDispatchRow> => repo.selectDefault(ex, ep);

export async function updateDefaultDispatch(db: Db, ep: number, userId: number, b: DefaultDispatchBody): Promise<void> {
  await db.transaction(async (tx) => {
    const t = await checkRefs(tx, ep, b);
    await repo.upsertDefault(tx, ep, userId, b, t);
  });
}
