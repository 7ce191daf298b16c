// Event template settings (/eventSet/processevent): the actions a template's events allow and who may be their
// principal. Enforced on every event action through the state hook; the detail's abilities leave out the rest.
import { EVENT_ACTIONS, type EventAction, type EventTemplateSetting, roleName } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { registerStateHook } from '../../platform/state';
import type { EventRecord } from './events.repo';

const EVENT_FORM_KIND = 6;
/** An event can always get a principal. */
const ALWAYS: EventAction[] = ['assign', 'claim'];
const smallints = (list: number[]) => sql`${`{${list.join(',')}}`}::smallint[]`;
const textArray = (list: string[]) => sql`${`{${list.join(',')}}`}::text[]`;

async function checkTemplate(ex: Executor, enterpriseId: number, tmpId: number): Promise<void> {
  const [t] = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from form_templates where enterprise_id = ${enterpriseId} and id = ${tmpId} and form_kind = ${EVENT_FORM_KIND}`,
  );
  if (!t) throw new AppError('NOT_FOUND', { detail: '事件模板不存在' });
}

type Setting = Omit<EventTemplateSetting, 'tmpId'>;

/** A stored setting row (none: every action, any principal). */
function settingOf(s: { actions: string[]; principal_roles: number[] } | null | undefined): Setting {
  if (!s) return { actions: [...EVENT_ACTIONS], principalRoles: [] };
  return {
    actions: s.actions.filter((a): a is EventAction => (EVENT_ACTIONS as readonly string[]).includes(a)),
    principalRoles: s.principal_roles.map(Number),
  };
}

async function storedSetting(ex: Executor, enterpriseId: number, tmpId: number): Promise<Setting> {
  const [s] = await rows<{ actions: string[]; principal_roles: number[] }>(
    ex,
    sql`select actions, principal_roles from event_template_settings where enterprise_id = ${enterpriseId} and template_id = ${tmpId}`,
  );
  return settingOf(s);
}

/** What the action's check needs, read with the locked event (lockEvent): the template's setting and the named principal's roles. */
interface Held {
  setting: Setting;
  principal: { id: number; roles: number[] } | null;
}
const held = new WeakMap<object, Held>();
const SETTING = '__sk_event_setting';
const PRINCIPAL_ROLES = '__sk_event_principal_roles';

/**
 * Select-list columns over an `events` row `e` (and the principal the action names, `p.id`, `p.roles`): the template's
 * setting, so the check hook below reads nothing more (`holdSetting`).
 */
export const settingColumns = (): SQL =>
  sql`(select jsonb_build_object('actions', s.actions, 'principal_roles', s.principal_roles) from event_template_settings s
    where s.enterprise_id = e.enterprise_id and s.template_id = e.template_id) as ${sql.identifier(SETTING)}`;
/** The principal's roles as a column of the same read (null: no enabled, undeleted user of the enterprise). */
export const principalRolesColumn = (enterpriseId: number, principalId: number): SQL =>
  sql`(select u.roles from users u where u.enterprise_id = ${enterpriseId} and u.id = ${principalId} and u.enabled and u.deleted_at is null)
    as ${sql.identifier(PRINCIPAL_ROLES)}`;
/** Whether the read found the principal (principalRolesColumn): an enabled, undeleted user of the enterprise. */
export const principalFound = (got: Record<string, unknown>): boolean => got[PRINCIPAL_ROLES] != null;

/** The row read with settingColumns (and principalRolesColumn), without them: the check hook decides on it without reading. */
export function holdSetting(got: Record<string, unknown>, principalId: number | null): Record<string, unknown> {
  const { [SETTING]: s, [PRINCIPAL_ROLES]: roles, ...row } = got;
  held.set(row, {
    setting: settingOf(s as { actions: string[]; principal_roles: number[] } | null),
    principal: principalId == null ? null : { id: principalId, roles: ((roles ?? []) as (number | string)[]).map(Number) },
  });
  return row;
}

/** GET /v2/eventTemp/setting. */
export async function eventSetting(ex: Executor, enterpriseId: number, tmpId: number): Promise<EventTemplateSetting> {
  await checkTemplate(ex, enterpriseId, tmpId);
  return { tmpId, ...(await storedSetting(ex, enterpriseId, tmpId)) };
}

/** PUT /v2/eventTemp/setting: assign and claim are always kept. */
export async function saveEventSetting(db: Db, enterpriseId: number, userId: number, b: EventTemplateSetting): Promise<void> {
  await checkTemplate(db, enterpriseId, b.tmpId);
  const actions = EVENT_ACTIONS.filter((a) => ALWAYS.includes(a) || b.actions.includes(a));
  const roles = [...new Set(b.principalRoles)].sort((x, y) => x - y);
  await db.execute(
    sql`insert into event_template_settings (enterprise_id, template_id, actions, principal_roles, updated_by)
      values (${enterpriseId}, ${b.tmpId}, ${textArray(actions)}, ${smallints(roles)}, ${userId})
      on conflict (enterprise_id, template_id) do update set actions = excluded.actions, principal_roles = excluded.principal_roles,
        updated_by = excluded.updated_by, updated_at = now()`,
  );
}

/** The actions an event of this template allows (for the detail's abilities). */
export async function allowedEventActions(ex: Executor, enterpriseId: number, templateId: number): Promise<Set<EventAction>> {
  return new Set((await storedSetting(ex, enterpriseId, templateId)).actions);
}

async function checkPrincipalRoles(ex: Executor, enterpriseId: number, userId: number, roles: number[], known: Held['principal']): Promise<void> {
  if (roles.length === 0) return;
  const ok =
    known?.id === userId
      ? known.roles.some((r) => roles.includes(r))
      : (
          await rows<{ one: number }>(
            ex,
            sql`select 1 as one from users where enterprise_id = ${enterpriseId} and id = ${userId} and roles && ${smallints(roles)}`,
          )
        ).length > 0;
  if (!ok) throw new AppError('VALIDATION', { detail: `负责人须为${roles.map(roleName).join('、')}` });
}

/** The state helper's row (untyped, any table's) is a row of `events` here. */
const eventOf = (row: Record<string, unknown>) => row as Pick<EventRecord, 'template_id' | 'principal_id'>;

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireSettings(): void {
  registerStateHook(
    'event',
    '*',
    {
      check: async (h) => {
        const got = held.get(h.current);
        const setting = got?.setting ?? (await storedSetting(h.tx, h.enterpriseId, eventOf(h.current).template_id));
        const action = h.action as EventAction;
        if (!setting.actions.includes(action) && !ALWAYS.includes(action)) throw new AppError('VALIDATION', { detail: '该事件模板未启用此操作' });
        const principal = h.patch.principal_id;
        if (typeof principal === 'number' && principal !== (eventOf(h.current).principal_id ?? 0))
          await checkPrincipalRoles(h.tx, h.enterpriseId, principal, setting.principalRoles, got?.principal ?? null);
      },
    },
    'events.settings',
  );
}
