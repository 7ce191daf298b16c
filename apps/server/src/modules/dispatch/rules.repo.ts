// The statements of the dispatch rules and the default dispatch (rules.service.ts), with their presenters, and the
// reads that check the ids a rule names.
import type { DefaultDispatchBody, DefaultDispatchRow, DispatchRuleRow, RuleBody } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import { areaNameOf } from '../../platform/geo/areas';
import { bigints } from '../../platform/sql';

/** The targets a rule or the default keeps (only the one its type uses). */
export interface TargetIds {
  targetUserId: number | null;
  targetGroupId: number | null;
  targetProviderId: number | null;
}

/** A rule's condition columns (only the one its kind reads). */
export interface Condition {
  template_id: number | null;
  area_code: string | null;
  group_id: number | null;
  category: string | null;
}

const found = async (ex: Executor, q: SQL): Promise<boolean> => (await rows<{ one: number }>(ex, q)).length > 0;

export const orderTypeExists = (ex: Executor, ep: number, id: number) =>
  found(ex, sql`select 1 as one from form_templates where enterprise_id = ${ep} and id = ${id} and form_kind = 1`);

export const groupExists = (ex: Executor, ep: number, id: number) =>
  found(ex, sql`select 1 as one from service_groups where enterprise_id = ${ep} and id = ${id}`);

/** An enabled, undeleted service person (role 2). */
export const engineerExists = (ex: Executor, ep: number, id: number) =>
  found(ex, sql`select 1 as one from users where enterprise_id = ${ep} and id = ${id} and enabled and deleted_at is null and 2 = any(roles)`);

/** An enabled provider that takes orders. */
export const providerExists = (ex: Executor, ep: number, id: number) =>
  found(ex, sql`select 1 as one from service_providers where enterprise_id = ${ep} and id = ${id} and enabled and partner_type in (1, 3, 4)`);

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

export async function selectRules(ex: Executor, ep: number): Promise<DispatchRuleRow[]> {
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

/** One lock of the enterprise row for every module (org/enterprise.repo.ts). */
export { lockEnterprise } from '../org/index';

export async function countRules(ex: Executor, ep: number): Promise<number> {
  const [c] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from dispatch_rules where enterprise_id = ${ep}`);
  return c?.n ?? 0;
}

export async function insertRule(ex: Executor, ep: number, b: RuleBody, w: Condition, t: TargetIds): Promise<number | undefined> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into dispatch_rules (enterprise_id, name, kind, template_id, area_code, group_id, category, target_type, target_user_id, target_group_id, target_provider_id, sort, enabled)
        values (${ep}, ${b.name}, ${b.kind}, ${w.template_id}, ${w.area_code}, ${w.group_id}, ${w.category}, ${b.targetType}, ${t.targetUserId}, ${t.targetGroupId}, ${t.targetProviderId}, ${b.sort}, ${b.enabled})
        returning id`,
  );
  return r?.id;
}

/** Whether the rule is the enterprise's; locked for the update. */
export const lockRule = (tx: Tx, ep: number, id: number) =>
  found(tx, sql`select 1 as one from dispatch_rules where enterprise_id = ${ep} and id = ${id} for update`);

/** The rule's new values; whether it was updated. */
export async function updateRule(ex: Executor, ep: number, id: number, b: RuleBody, w: Condition, t: TargetIds): Promise<boolean> {
  const done = await rows<{ id: number }>(
    ex,
    sql`update dispatch_rules set name = ${b.name}, kind = ${b.kind}, template_id = ${w.template_id}, area_code = ${w.area_code}, group_id = ${w.group_id},
        category = ${w.category}, target_type = ${b.targetType}, target_user_id = ${t.targetUserId}, target_group_id = ${t.targetGroupId},
        target_provider_id = ${t.targetProviderId}, sort = ${b.sort}, enabled = ${b.enabled}, updated_at = now()
        where enterprise_id = ${ep} and id = ${id} returning id`,
  );
  return done.length > 0;
}

/** Deletes the enterprise's rules among the ids; how many it deleted. */
export async function removeRules(ex: Executor, ep: number, ids: number[]): Promise<number> {
  const gone = await rows<{ id: number }>(ex, sql`delete from dispatch_rules where enterprise_id = ${ep} and id = any(${bigints(ids)}) returning id`);
  return gone.length;
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

const NO_DEFAULT: DefaultDispatchRow = {
  enabled: false,
  targetType: 4,
  targetUserId: null,
  targetUserName: null,
  targetGroupId: null,
  targetGroupName: null,
  targetProviderId: null,
  targetProviderName: null,
};

/** The one place the default dispatch becomes the contract's row (none saved: disabled, nobody). */
const toDefaultDispatchRow = (d: DefaultRaw | undefined): DefaultDispatchRow =>
  d
    ? {
        enabled: d.enabled,
        targetType: d.target_type,
        targetUserId: d.target_user_id,
        targetUserName: d.user_name,
        targetGroupId: d.target_group_id,
        targetGroupName: d.group_name,
        targetProviderId: d.target_provider_id,
        targetProviderName: d.provider_name,
      }
    : NO_DEFAULT;

export async function selectDefault(ex: Executor, ep: number): Promise<DefaultDispatchRow> {
  const [d] = await rows<DefaultRaw>(
    ex,
    sql`select d.*, u.name as user_name, g.name as group_name, p.name as provider_name from dispatch_settings d
      left join users u on u.enterprise_id = d.enterprise_id and u.id = d.target_user_id
      left join service_groups g on g.enterprise_id = d.enterprise_id and g.id = d.target_group_id
      left join service_providers p on p.enterprise_id = d.enterprise_id and p.id = d.target_provider_id
      where d.enterprise_id = ${ep}`,
  );
  return toDefaultDispatchRow(d);
}

export async function upsertDefault(ex: Executor, ep: number, userId: number, b: DefaultDispatchBody, t: TargetIds): Promise<void> {
  await ex.execute(sql`insert into dispatch_settings (enterprise_id, enabled, target_type, target_user_id, target_group_id, target_provider_id, updated_by)
      values (${ep}, ${b.enabled}, ${b.targetType}, ${t.targetUserId}, ${t.targetGroupId}, ${t.targetProviderId}, ${userId})
      on conflict (enterprise_id) do update set enabled = excluded.enabled, target_type = excluded.target_type, target_user_id = excluded.target_user_id,
        target_group_id = excluded.target_group_id, target_provider_id = excluded.target_provider_id, updated_by = excluded.updated_by, updated_at = now()`);
}
