// The statements of event template settings (settings.ts): the stored setting, the columns an action's lock reads
// with the event, and the checks' reads.
import { EVENT_ACTIONS, type EventAction, type EventTemplateSetting } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { intArray, textArray } from '../../platform/sql';

const EVENT_FORM_KIND = 6;

export type Setting = Omit<EventTemplateSetting, 'tmpId'>;

/** A stored setting row. */
export interface SettingRaw {
  actions: string[];
  principal_roles: number[];
}

/** The one place a stored setting becomes the contract's (none: every action, any principal). */
export function toSetting(s: SettingRaw | null | undefined): Setting {
  if (!s) return { actions: [...EVENT_ACTIONS], principalRoles: [] };
  return {
    actions: s.actions.filter((a): a is EventAction => (EVENT_ACTIONS as readonly string[]).includes(a)),
    principalRoles: s.principal_roles.map(Number),
  };
}

/** Whether the id is one of the enterprise's event templates. */
export async function eventTemplateExists(ex: Executor, enterpriseId: number, tmpId: number): Promise<boolean> {
  const [t] = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from form_templates where enterprise_id = ${enterpriseId} and id = ${tmpId} and form_kind = ${EVENT_FORM_KIND}`,
  );
  return t != null;
}

export async function storedSetting(ex: Executor, enterpriseId: number, tmpId: number): Promise<Setting> {
  const [s] = await rows<SettingRaw>(
    ex,
    sql`select actions, principal_roles from event_template_settings where enterprise_id = ${enterpriseId} and template_id = ${tmpId}`,
  );
  return toSetting(s);
}

export async function upsertSetting(ex: Executor, enterpriseId: number, userId: number, tmpId: number, actions: string[], roles: number[]): Promise<void> {
  await ex.execute(
    sql`insert into event_template_settings (enterprise_id, template_id, actions, principal_roles, updated_by)
      values (${enterpriseId}, ${tmpId}, ${textArray(actions)}, ${intArray(roles, 'smallint')}, ${userId})
      on conflict (enterprise_id, template_id) do update set actions = excluded.actions, principal_roles = excluded.principal_roles,
        updated_by = excluded.updated_by, updated_at = now()`,
  );
}

/** Whether the user has one of the roles. */
export async function hasAnyRole(ex: Executor, enterpriseId: number, userId: number, roles: number[]): Promise<boolean> {
  const found = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from users where enterprise_id = ${enterpriseId} and id = ${userId} and roles && ${intArray(roles, 'smallint')}`,
  );
  return found.length > 0;
}

/** The names of the columns the lock reads beside the event's own. */
export const SETTING = '__sk_event_setting';
export const PRINCIPAL_ROLES = '__sk_event_principal_roles';

/**
 * Select-list columns over an `events` row `e` (and the principal the action names, `p.id`, `p.roles`): the template's
 * setting, so the check hook reads nothing more (settings.ts `holdSetting`).
 */
export const settingColumns = (): SQL =>
  sql`(select jsonb_build_object('actions', s.actions, 'principal_roles', s.principal_roles) from event_template_settings s
    where s.enterprise_id = e.enterprise_id and s.template_id = e.template_id) as ${sql.identifier(SETTING)}`;
/** The principal's roles as a column of the same read (null: no enabled, undeleted user of the enterprise). */
export const principalRolesColumn = (enterpriseId: number, principalId: number): SQL =>
  sql`(select u.roles from users u where u.enterprise_id = ${enterpriseId} and u.id = ${principalId} and u.enabled and u.deleted_at is null)
    as ${sql.identifier(PRINCIPAL_ROLES)}`;
