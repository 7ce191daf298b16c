import { type DefaultDispatchBody, type DefaultDispatchRow, MAX_RULES, type RuleBody, type DispatchRuleRow, type RuleUpdateBody } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { rows } from '../../db/client';
import { AppError, invalid } from '../../platform/errors';
import { areaNameOf } from '../../platform/geo/areas';
import { bigints } from '../../platform/sql';

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

async function exists(ex: Executor, q: ReturnType<typeof sql>): Promise<boolean> {
  return (await rows<{ one: number }>(ex, q)).length > 0;
}

/** Checks the ids the rule or default names; only the target its type uses is kept (the others are cleared). */
async function checkRefs(
  ex: Executor,
  ep: number,
  r: Refs & { areaCode?: string | null },
): Promise<{ targetUserId: number | null; targetGroupId: number | null; targetProviderId: number | null }> {
  if (r.areaCode && !areaNameOf(r.areaCode)) throw invalid('服务区域：服务区域不存在');
  if (r.templateId && !(await exists(ex, sql`select 1 as one from form_templates where enterprise_id = ${ep} and id = ${r.templateId} and form_kind = 1`))) {
    throw invalid('工单类型：工单类型不存在');
  }
  const group = async (id: number | null | undefined, label: string) => {
    if (id && !(await exists(ex, sql`select 1 as one from service_groups where enterprise_id = ${ep} and id = ${id}`)))
      throw invalid(`${label}：服务团队不存在`);
  };
  await group(r.groupId, '服务团队');
  const t = {
    targetUserId: r.targetType === 1 ? (r.targetUserId ?? null) : null,
    targetGroupId: r.targetType === 2 ? (r.targetGroupId ?? null) : null,
    targetProviderId: r.targetType === 3 ? (r.targetProviderId ?? null) : null,
  };
  if (
    t.targetUserId &&
    !(await exists(
      ex,
      sql`select 1 as one from users where enterprise_id = ${ep} and id = ${t.targetUserId} and enabled and deleted_at is null and 2 = any(roles)`,
    ))
  ) {
    throw invalid('服务人员：人员不存在、已停用或不是服务人员');
  }
  await group(t.targetGroupId, '派给团队');
  if (
    t.targetProviderId &&
    !(await exists(
      ex,
      sql`select 1 as one from service_providers where enterprise_id = ${ep} and id = ${t.targetProviderId} and enabled and partner_type in (1, 3, 4)`,
    ))
  ) {
    throw invalid('服务商：服务商不存在、已停用或不可接单');
  }
  return t;
}

/** A rule keeps only the condition its kind reads. */
const conditionOf = (b: RuleBody) => ({
  template_id: b.kind === 1 ? (b.templateId ?? null) : null,
  area_code: b.kind === 2 ? (b.areaCode ?? null) : null,
  group_id: b.kind === 3 ? (b.groupId ?? null) : null,
  category: b.kind === 4 ? (b.category ?? null) : null,
});

/** A rule as listRules reads it: its columns and the names of what it matches and targets. */
interface RuleRaw {
  id: number;
  name: string;
  kind: number;
  template_id: number | null;
  template_name: string | null;
  area_code: string | null;
  group_id: number | null;
  group_name: string | null;
  category: string | null;
  target_type: number;
  target_user_id: number | null;
  user_name: string | null;
  target_group_id: number | null;
  target_group_name: string | null;
  target_provider_id: number | null;
  provider_name: string | null;
  sort: number;
  enabled: boolean;
}

/** The one place a dispatch rule becomes the contract's row. */
const toDispatchRuleRow = (r: RuleRaw): DispatchRuleRow => ({
  id: r.id,
  name: r.name,
  kind: r.kind,
  templateId: r.template_id,
  templateName: r.template_name,
  areaCode: r.area_code,
  areaName: areaNameOf(r.area_code),
  groupId: r.group_id,
  groupName: r.group_name,
  category: r.category,
  targetType: r.target_type,
  targetUserId: r.target_user_id,
  targetUserName: r.user_name,
  targetGroupId: r.target_group_id,
  targetGroupName: r.target_group_name,
  targetProviderId: r.target_provider_id,
  targetProviderName: r.provider_name,
  sort: r.sort,
  enabled: r.enabled,
});

export async function listRules(ex: Executor, ep: number): Promise<DispatchRuleRow[]> {
  const list = await rows<RuleRaw>(
    ex,
    sql`select r.*, ft.name as template_name, g.name as group_name, u.name as user_name, tg.name as target_group_name, p.name as provider_name
      from dispatch_rules r
      left join form_templates ft on ft.enterprise_id = r.enterprise_id and ft.id = r.template_id
      left join service_groups g on g.enterprise_id = r.enterprise_id and g.id = r.group_id
      left join users u on u.enterprise_id = r.enterprise_id and u.id = r.target_user_id
      left join service_groups tg on tg.enterprise_id = r.enterprise_id and tg.id = r.target_group_id
      left join service_providers p on p.enterprise_id = r.enterprise_id and p.id = r.target_provider_id
      where r.enterprise_id = ${ep} order by r.sort, r.id`,
  );
  return list.map(toDispatchRuleRow);
}

/** Rules are counted under the enterprise row's lock, so parallel saves never pass MAX_RULES. */
async function lockEnterprise(tx: Tx, ep: number): Promise<void> {
  await tx.execute(sql`select 1 as one from enterprises where id = ${ep} for no key update`);
}

export async function createRule(db: Db, ep: number, b: RuleBody): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    await lockEnterprise(tx, ep);
    const [c] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from dispatch_rules where enterprise_id = ${ep}`);
    if ((c?.n ?? 0) >= MAX_RULES) throw invalid(`派单规则最多${MAX_RULES}条`);
    const t = await checkRefs(tx, ep, b);
    const w = conditionOf(b);
    const [r] = await rows<{ id: number }>(
      tx,
      sql`insert into dispatch_rules (enterprise_id, name, kind, template_id, area_code, group_id, category, target_type, target_user_id, target_group_id, target_provider_id, sort, enabled)
        values (${ep}, ${b.name}, ${b.kind}, ${w.template_id}, ${w.area_code}, ${w.group_id}, ${w.category}, ${b.targetType}, ${t.targetUserId}, ${t.targetGroupId}, ${t.targetProviderId}, ${b.sort}, ${b.enabled})
        returning id`,
    );
    if (!r) throw new AppError('NOT_FOUND');
    return { id: r.id };
  });
}

export async function updateRule(db: Db, ep: number, b: RuleUpdateBody): Promise<void> {
  await db.transaction(async (tx) => {
    // Another enterprise's rule is not found before anything else is checked.
    if (!(await exists(tx, sql`select 1 as one from dispatch_rules where enterprise_id = ${ep} and id = ${b.id} for update`))) throw new AppError('NOT_FOUND');
    const t = await checkRefs(tx, ep, b);
    const w = conditionOf(b);
    const done = await rows<{ id: number }>(
      tx,
      sql`update dispatch_rules set name = ${b.name}, kind = ${b.kind}, template_id = ${w.template_id}, area_code = ${w.area_code}, group_id = ${w.group_id},
        category = ${w.category}, target_type = ${b.targetType}, target_user_id = ${t.targetUserId}, target_group_id = ${t.targetGroupId},
        target_provider_id = ${t.targetProviderId}, sort = ${b.sort}, enabled = ${b.enabled}, updated_at = now()
        where enterprise_id = ${ep} and id = ${b.id} returning id`,
    );
    if (done.length === 0) throw new AppError('NOT_FOUND');
  });
}

/** All or none: an id that is not the enterprise's answers not found and deletes nothing. */
export async function deleteRules(db: Db, ep: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx) => {
    const gone = await rows<{ id: number }>(tx, sql`delete from dispatch_rules where enterprise_id = ${ep} and id = any(${bigints(unique)}) returning id`);
    if (gone.length !== unique.length) throw new AppError('NOT_FOUND');
  });
}

/** The default dispatch as getDefaultDispatch reads it, with the names of its target. */
interface DefaultRaw {
  enabled: boolean;
  target_type: number;
  target_user_id: number | null;
  user_name: string | null;
  target_group_id: number | null;
  group_name: string | null;
  target_provider_id: number | null;
  provider_name: string | null;
}

export async function getDefaultDispatch(ex: Executor, ep: number): Promise<DefaultDispatchRow> {
  const [d] = await rows<DefaultRaw>(
    ex,
    sql`select d.*, u.name as user_name, g.name as group_name, p.name as provider_name from dispatch_settings d
      left join users u on u.enterprise_id = d.enterprise_id and u.id = d.target_user_id
      left join service_groups g on g.enterprise_id = d.enterprise_id and g.id = d.target_group_id
      left join service_providers p on p.enterprise_id = d.enterprise_id and p.id = d.target_provider_id
      where d.enterprise_id = ${ep}`,
  );
  if (!d)
    return {
      enabled: false,
      targetType: 4,
      targetUserId: null,
      targetUserName: null,
      targetGroupId: null,
      targetGroupName: null,
      targetProviderId: null,
      targetProviderName: null,
    };
  return {
    enabled: d.enabled,
    targetType: d.target_type,
    targetUserId: d.target_user_id,
    targetUserName: d.user_name,
    targetGroupId: d.target_group_id,
    targetGroupName: d.group_name,
    targetProviderId: d.target_provider_id,
    targetProviderName: d.provider_name,
  };
}

export async function updateDefaultDispatch(db: Db, ep: number, userId: number, b: DefaultDispatchBody): Promise<void> {
  await db.transaction(async (tx) => {
    const t = await checkRefs(tx, ep, b);
    await tx.execute(sql`insert into dispatch_settings (enterprise_id, enabled, target_type, target_user_id, target_group_id, target_provider_id, updated_by)
      values (${ep}, ${b.enabled}, ${b.targetType}, ${t.targetUserId}, ${t.targetGroupId}, ${t.targetProviderId}, ${userId})
      on conflict (enterprise_id) do update set enabled = excluded.enabled, target_type = excluded.target_type, target_user_id = excluded.target_user_id,
        target_group_id = excluded.target_group_id, target_provider_id = excluded.target_provider_id, updated_by = excluded.updated_by, updated_at = now()`);
  });
}
