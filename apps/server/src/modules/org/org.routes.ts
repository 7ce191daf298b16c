import { hasPower, idList, orgContract as C, PICKER_MAX, POWERS, teamContract as T } from '@sk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { audit } from '../../platform/audit';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { AppError, invalid } from '../../platform/errors';
import { listPageByCount } from '../../platform/list';
import type { SessionUser } from '../../platform/session';
import * as dept from './dept.service';
import * as group from './group.service';
import { handover } from './handover';
import * as provider from './provider.service';
import * as q from './user.query';
import * as people from './user.service';

export { addHandoverStep, type HandoverStep } from './handover';

/** PUT /stand/user edits another account only with org_manage; the contract cannot say so because the own profile shares the path. */
async function requireOrgManage(deps: Deps, user: SessionUser, req: FastifyRequest): Promise<void> {
  if (hasPower(user.powers, POWERS.orgManage)) return;
  await audit(deps.db, {
    action: 'power_denied',
    enterpriseId: user.enterpriseId,
    userId: user.id,
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
    deptTree: async ({ user }) => dept.tree(db, user.enterpriseId),
    deptCreate: async ({ user, body }) => saved({ id: await dept.create(db, user.enterpriseId, body) }),
    deptUpdate: async ({ user, body }) => {
      await dept.update(db, user.enterpriseId, body);
      return saved(null);
    },
    deptDelete: async ({ user, body }) => {
      await dept.remove(db, user.enterpriseId, body.id);
      return deleted;
    },
    deptParents: async ({ user, query }) => dept.parents(db, user.enterpriseId, query.id),

    userDetail: async ({ user, query }) => people.detail(db, user, query.id),
    userCreate: async ({ user, body }) => saved({ id: await people.createUser(db, user.enterpriseId, body) }),
    userUpdate: async ({ user, body, req }) => {
      const { id, ...v } = body;
      if (id === undefined) await people.updateSelf(db, user, v);
      else {
        await requireOrgManage(deps, user, req);
        await people.adminUpdate(db, user, id, v);
      }
      return saved(null);
    },
    userDelete: async ({ user, body }) => {
      await people.remove(db, user, body.id);
      return deleted;
    },
    userEnabled: async ({ user, body }) => {
      await people.setEnabled(db, user, body.id, body.enabled);
      return statusChanged;
    },
    userPassword: async ({ user, body, req }) => {
      await people.changePassword(db, user, body.oldPassword, body.newPassword, req.ip);
      return withMessage(null, '密码修改成功');
    },
    userList: async ({ user, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      // Counted first: the count tells the list whether a keyword's matches are few enough to sort (user.query.ts pageIds).
      return listPageByCount(
        { pageIndex, pageSize },
        () => q.countUsers(db, user.enterpriseId, f),
        (n) => q.listUsers(db, user.enterpriseId, user.enterprise.timeZone, f, { pageIndex, pageSize }, n),
      );
    },
    userCount: async ({ user, query }) => q.countUsers(db, user.enterpriseId, query),

    roleUserList: async ({ user, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      return listPageByCount(
        { pageIndex, pageSize },
        () => q.countPickable(db, user.enterpriseId, f),
        (n) => q.pickUsers(db, user.enterpriseId, f, { pageIndex, pageSize }, n),
      );
    },
    roleUserCount: async ({ user, query }) => q.countPickable(db, user.enterpriseId, query),
    getUserWithRole: async ({ user, query }) => q.pickUsers(db, user.enterpriseId, query, { pageIndex: 0, pageSize: PICKER_MAX }),
    userNames: async ({ user, params }) => q.namesOf(db, user.enterpriseId, idsParam(params.ids)),

    handover: async ({ user, body, req }) => {
      const result = await handover(db, user.enterpriseId, body.fromUserId, body.toUserId);
      await audit(db, { action: 'handover', enterpriseId: user.enterpriseId, userId: user.id, ip: req.ip, detail: { ...body, total: result.total } });
      return withMessage(result, '交接成功');
    },
  });

  registerAll(app, deps, T, {
    groupList: async ({ user, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      return group.list(db, user.enterpriseId, user.enterprise.timeZone, f, { pageIndex, pageSize });
    },
    groupSimpleList: async ({ user }) => group.simple(db, user.enterpriseId),
    groupDetail: async ({ user, query }) => group.detail(db, user.enterpriseId, user.enterprise.timeZone, query.id),
    groupCreate: async ({ user, body }) => saved({ id: await group.create(db, user.enterpriseId, body) }),
    groupUpdate: async ({ user, body }) => {
      const { id, ...v } = body;
      await group.update(db, user.enterpriseId, id, v);
      return saved(null);
    },
    groupDelete: async ({ user, body }) => {
      await group.remove(db, user.enterpriseId, body.id);
      return deleted;
    },

    providerList: async ({ user, query }) => {
      const { pageIndex, pageSize, ...f } = query;
      return provider.list(db, user.enterpriseId, user.enterprise.timeZone, f, { pageIndex, pageSize });
    },
    providerSimpleList: async ({ user, query }) => provider.simpleList(db, user.enterpriseId, query.partnerType),
    providerDetail: async ({ user, query }) => provider.detail(db, user.enterpriseId, user.enterprise.timeZone, query.id),
    providerCreate: async ({ user, body }) => saved({ id: await provider.create(db, user.enterpriseId, body) }),
    providerUpdate: async ({ user, body }) => {
      const { id, ...v } = body;
      await provider.update(db, user.enterpriseId, id, v);
      return saved(null);
    },
    providerEnabled: async ({ user, body }) => {
      await provider.setEnabled(db, user.enterpriseId, body.id, body.enabled);
      return statusChanged;
    },
  });
}
