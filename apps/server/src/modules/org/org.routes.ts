import { hasPower, idList, orgContract as C, PICKER_MAX, POWERS, teamContract as T } from '@sk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { AppError, invalid } from '../../platform/errors';
import { listPageByCount } from '../../platform/list';
import type { Actor } from '../../platform/actor';
import * as dept from './dept.service';
import * as group from './group.service';
import { handover } from './handover';
import * as provider from './provider.service';
import * as q from './user.list.repo';
import * as people from './user.service';

export { addHandoverStep, type HandoverStep } from './handover';

/** PUT /stand/user edits another account only with org_manage; the contract cannot say so because the own profile shares the path. */
async function requireOrgManage(deps: Deps, actor: Actor, req: FastifyRequest): Promise<void> {
  if (hasPower(actor.powers, POWERS.orgManage)) return;
  await audit(deps.db, {
    action: 'power_denied',
    enterpriseId: actor.enterpriseId,
    userId: actor.id,
    ip: req.ip,
    detail: { path: '/stand/user', power: POWERS.orgManage },
  });
  throw new AppError('NO_POWER');
}

function idsParam(raw: string | undefined): number[] {
  const r = idList.safeParse(raw ?? '');
  if (!r.success || r.data.length === 0) throw invalid('人员：请传入以逗号分隔的人员编号');
  if (r.data.length > 1000) throw invalid('人员：一次最多查询1000人');
  return r.data;
}

export async function orgModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  const saved = <T>(data: T) => withMessage(data, '保存成功');
  const deleted = withMessage(null, '删除成功');
  const statusChanged = withMessage(null, '修改状态成功');

  registerAll(app, deps, C, {
    deptTree: async ({ actor }) => dept.tree(db, actor.enterpriseId),
    deptCreate: async ({ actor, body }) => saved({ id: await dept.create(db, actor.enterpriseId, body) }),
    deptUpdate: async ({ actor, body }) => {
      await dept.update(db, actor.enterpriseId, body);
      return saved(null);
    },
    deptDelete: async ({ actor, body }) => {
      await dept.remove(db, actor.enterpriseId, body.id);
      return deleted;
    },
    deptParents: async ({ actor, query }) => dept.parents(db, actor.enterpriseId, query.id),

    userDetail: async ({ actor, query }) => people.detail(db, actor, query.id),
    userCreate: async ({ actor, body }) => saved({ id: await people.createUser(db, actor.enterpriseId, body) }),
    userUpdate: async ({ actor, user, body, req }) => {
      const { id, ...v } = body;
      if (id === undefined) await people.updateSelf(db, actor, v);
      else {
        await requireOrgManage(deps, actor, req);
        await people.adminUpdate(db, actor, id, v, user.sessionId);
      }
      return saved(null);
    },
    userDelete: async ({ actor, body }) => {
      await people.remove(db, actor, body.id);
      return deleted;
    },
    userEnabled: async ({ actor, body }) => {
      await people.setEnabled(db, actor, body.id, body.enabled);
      return statusChanged;
    },
    userPassword: async ({ user, body, req }) => {
      await people.changePassword(db, user, body.oldPassword, body.newPassword, req.ip);
      return withMessage(null, '密码修改成功');
    },
    userList: async ({ actor, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      // Counted first: the count tells the list whether a keyword's matches are few enough to sort (user.query.ts pageIds).
      return listPageByCount(
        { pageIndex, pageSize },
        () => q.countUsers(db, actor.enterpriseId, f),
        (n) => q.listUsers(db, actor.enterpriseId, actor.timeZone, f, { pageIndex, pageSize }, n),
      );
    },
    userCount: async ({ actor, query }) => q.countUsers(db, actor.enterpriseId, query),

    roleUserList: async ({ actor, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      return listPageByCount(
        { pageIndex, pageSize },
        () => q.countPickable(db, actor.enterpriseId, f),
        (n) => q.pickUsers(db, actor.enterpriseId, f, { pageIndex, pageSize }, n),
      );
    },
    roleUserCount: async ({ actor, query }) => q.countPickable(db, actor.enterpriseId, query),
    getUserWithRole: async ({ actor, query }) => q.pickUsers(db, actor.enterpriseId, query, { pageIndex: 0, pageSize: PICKER_MAX }),
    userNames: async ({ actor, params }) => q.namesOf(db, actor.enterpriseId, idsParam(params.ids)),

    handover: async ({ actor, body, req }) => {
      const result = await handover(db, actor.enterpriseId, body.fromUserId, body.toUserId);
      await audit(db, { action: 'handover', enterpriseId: actor.enterpriseId, userId: actor.id, ip: req.ip, detail: { ...body, total: result.total } });
      return withMessage(result, '交接成功');
    },
  });

  registerAll(app, deps, T, {
    groupList: async ({ actor, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      return group.list(db, actor.enterpriseId, actor.timeZone, f, { pageIndex, pageSize });
    },
    groupSimpleList: async ({ actor }) => group.simple(db, actor.enterpriseId),
    groupDetail: async ({ actor, query }) => group.detail(db, actor.enterpriseId, actor.timeZone, query.id),
    groupCreate: async ({ actor, body }) => saved({ id: await group.create(db, actor.enterpriseId, body) }),
    groupUpdate: async ({ actor, body }) => {
      const { id, ...v } = body;
      await group.update(db, actor.enterpriseId, id, v);
      return saved(null);
    },
    groupDelete: async ({ actor, body }) => {
      await group.remove(db, actor.enterpriseId, body.id);
      return deleted;
    },

    providerList: async ({ actor, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      return provider.list(db, actor.enterpriseId, actor.timeZone, f, { pageIndex, pageSize });
    },
    providerSimpleList: async ({ actor, query }) => provider.simpleList(db, actor.enterpriseId, query.partnerType),
    providerDetail: async ({ actor, query }) => provider.detail(db, actor.enterpriseId, actor.timeZone, query.id),
    providerCreate: async ({ actor, body, req }) => saved({ id: await provider.create(db, actor, body, req.ip) }),
    providerUpdate: async ({ actor, body, req }) => {
      const { id, ...v } = body;
      await provider.update(db, actor, id, v, req.ip);
      return saved(null);
    },
    providerEnabled: async ({ actor, body, req }) => {
      await provider.setEnabled(db, actor, body.id, body.enabled, req.ip);
      return statusChanged;
    },
  });
}
