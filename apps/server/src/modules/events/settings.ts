// Event template settings (/eventSet/processevent): the actions a template's events allow and who may be their
// principal. Enforced on every event action through the state hook; the detail's abilities leave out the rest.
import { EVENT_ACTIONS, type EventAction, type EventTemplateSetting, roleName } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { registerStateHook } from '../../platform/state';
import type { EventRecord } from './events.types';
import * as repo from './settings.repo';

/** An event can always get a principal. */
const ALWAYS: EventAction[] = ['assign', 'claim'];

async function checkTemplate(ex: Executor, enterpriseId: number, tmpId: number): Promise<void> {
  if (!(await repo.eventTemplateExists(ex, enterpriseId, tmpId))) throw new AppError('NOT_FOUND', { detail: '事件模板不存在' });
}

/** What the action's check needs, read with the locked event (lockEvent): the template's setting and the named principal's roles. */
interface Held {
  setting: repo.Setting;
  principal: { id: number; roles: number[] } | null;
}
const held = new WeakMap<object, Held>();

/** Whether the read found the principal (principalRolesColumn): an enabled, undeleted user of the enterprise. */
export const principalFound = (got: Record<string, unknown>): boolean => got[repo.PRINCIPAL_ROLES] != null;

/** The row read with settingColumns (and principalRolesColumn), without them: the check hook decides on it without reading. */
export function holdSetting(got: Record<string, unknown>, principalId: number | null): Record<string, unknown> {
  const { [repo.SETTING]: s, [repo.PRINCIPAL_ROLES]: roles, ...row } = got;
  held.set(row, {
    setting: repo.toSetting(s as repo.SettingRaw | null),
    principal: principalId == null ? null : { id: principalId, roles: ((roles ?? []) as (number | string)[]).map(Number) },
  });
  return row;
}

/** GET /v2/eventTemp/setting. */
export async function eventSetting(ex: Executor, enterpriseId: number, tmpId: number): Promise<EventTemplateSetting> {
  await checkTemplate(ex, enterpriseId, tmpId);
  return { tmpId, ...(await repo.storedSetting(ex, enterpriseId, tmpId)) };
}

/** PUT /v2/eventTemp/setting: assign and claim are always kept. */
export async function saveEventSetting(db: Db, enterpriseId: number, userId: number, b: EventTemplateSetting): Promise<void> {
  await checkTemplate(db, enterpriseId, b.tmpId);
  const actions = EVENT_ACTIONS.filter((a) => ALWAYS.includes(a) || b.actions.includes(a));
  const roles = [...new Set(b.principalRoles)].sort((x, y) => x - y);
  await repo.upsertSetting(db, enterpriseId, userId, b.tmpId, actions, roles);
}

/** The actions an event of this template allows (for the detail's abilities). */
export async function allowedEventActions(ex: Executor, enterpriseId: number, templateId: number): Promise<Set<EventAction>> {
  return new Set((await repo.storedSetting(ex, enterpriseId, templateId)).actions);
}

async function checkPrincipalRoles(ex: Executor, enterpriseId: number, userId: number, roles: number[], known: Held['principal']): Promise<void> {
  if (roles.length === 0) return;
  const ok = known?.id === userId ? known.roles.some((r) => roles.includes(r)) : await repo.hasAnyRole(ex, enterpriseId, userId, roles);
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
        const setting = got?.setting ?? (await repo.storedSetting(h.tx, h.enterpriseId, eventOf(h.current).template_id));
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
