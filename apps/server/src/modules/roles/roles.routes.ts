import { rolePowerContract as C } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import * as svc from './roles.service';

/** 角色权限: what each role may see and do in this enterprise (docs/permissions.md). */
export async function rolesModule(app: FastifyInstance, deps: Deps): Promise<void> {
  registerAll(app, deps, C, {
    rolePowerList: async ({ actor }) => svc.listRoles(deps, actor),
    rolePowerSave: async ({ actor, body }) => withMessage(await svc.saveRole(deps, actor, body.role, body.powers), '保存成功'),
    rolePowerReset: async ({ actor, body }) => withMessage(await svc.resetRole(deps, actor, body.role), '已恢复默认权限'),
  });
}
