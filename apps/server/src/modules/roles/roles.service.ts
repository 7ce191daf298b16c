import { overrideOf, powersOfRole, ROLE_EDITOR_POWERS, ROLE_IDS, type RolePowerView, type RoleOverrides, powerLabel, roleName } from '@sk/shared';
import type { Deps } from '../../platform/deps';
import { invalid } from '../../platform/errors';
import * as repo from './roles.repo';
import type { Actor } from '../../platform/actor';

function present(role: number, row: repo.RolePowerRow | undefined): RolePowerView {
  const overrides: RoleOverrides = row ? { [role]: row } : {};
  return { role, roleName: roleName(role), powers: [...new Set(powersOfRole(role, overrides))], edited: !!row, update_time: row?.updateTime ?? null };
}

/** Every role with what it holds in this enterprise. */
export async function listRoles(deps: Deps, user: Actor): Promise<RolePowerView[]> {
  const rows = await repo.editedRoles(deps.db, user.enterpriseId, user.timeZone);
  return ROLE_IDS.map((r) =>
    present(
      r,
      rows.find((x) => x.role === r),
    ),
  );
}

/** The administrator role keeps the role editor and the settings group, so nobody locks the enterprise out. */
function guardAdmin(role: number, powers: readonly string[]): void {
  if (role !== 3) return;
  const missing = ROLE_EDITOR_POWERS.filter((p) => !powers.includes(p));
  if (missing.length) {
    throw invalid(`系统管理员必须保留“${missing.map(powerLabel).join('”“')}”权限，否则将无人能再修改角色权限`);
  }
}

/** Saves a role's powers as its difference from the defaults; the defaults themselves leave no edit behind. */
export async function saveRole(deps: Deps, user: Actor, role: number, powers: string[]): Promise<RolePowerView> {
  guardAdmin(role, powers);
  const o = overrideOf(role, powers);
  if (o.added.length === 0 && o.removed.length === 0) {
    await repo.deleteRole(deps.db, user.enterpriseId, role);
    return present(role, undefined);
  }
  const row = await repo.upsertRole(deps.db, user.enterpriseId, user.timeZone, role, o, user.id);
  return present(role, row);
}

export async function resetRole(deps: Deps, user: Actor, role: number): Promise<RolePowerView> {
  await repo.deleteRole(deps.db, user.enterpriseId, role);
  return present(role, undefined);
}
