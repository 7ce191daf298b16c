import { formsContract as C, EVENT_KIND, type FormKindId, ORDER_KIND, PROJECT_KIND, quickDeployContract } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { addProvisionStep } from '../../platform/provision';
import type { SessionUser } from '../../platform/session';
import * as deploy from './deploy.service';
import * as fields from './fields.service';
import * as repo from './forms.repo';
import { provisionForms } from './forms.provision';
import * as svc from './forms.service';
import { registerPreferences } from './preferences.routes';
import * as templates from './templates.service';

/** Field visibility follows the current role, as powers do. */
export const rolesOf = (u: SessionUser): number[] => (u.sysrole ? [u.sysrole] : u.allRoles);

const ref = (u: SessionUser, kind: FormKindId, tmpId?: number): fields.FormRef => ({ enterpriseId: u.enterpriseId, userId: u.id, kind, tmpId });
const saved = <T>(data: T) => withMessage(data, '保存成功');

async function pagedTemplates(ex: Executor, u: SessionUser, kind: FormKindId, q: { pageIndex: number; pageSize: number; keyword?: string; enabled?: boolean }) {
  await svc.ensureKind(ex, u.enterpriseId, kind);
  const f = { kind, keyword: q.keyword, enabled: q.enabled };
  return { list: await repo.listTemplates(ex, u.enterpriseId, u.enterprise.timeZone, f, q), count: await repo.countTemplates(ex, u.enterpriseId, f) };
}

async function templateFields(ex: Executor, u: SessionUser, kind: FormKindId, tmpId?: number) {
  return svc.fieldsViewOf(await svc.pickVersion(ex, u.enterpriseId, kind, tmpId));
}

/** A recycle-bin filter's template must be this enterprise's. */
async function recycleFilter(ex: Executor, u: SessionUser, q: { type?: FormKindId; tmpId?: number }): Promise<svc.RecycleFilter> {
  if (q.tmpId !== undefined && !(await repo.templateById(ex, u.enterpriseId, q.tmpId))) throw new AppError('NOT_FOUND');
  return { kind: q.type, templateId: q.tmpId };
}

export async function formsModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, C, {
    orderTypeList: async ({ user }) => {
      await svc.ensureKind(db, user.enterpriseId, ORDER_KIND);
      return repo.listTemplates(db, user.enterpriseId, user.enterprise.timeZone, { kind: ORDER_KIND, enabled: true });
    },
    tempList: async ({ user, query }) => pagedTemplates(db, user, ORDER_KIND, query),
    eventTempList: async ({ user, query }) => pagedTemplates(db, user, EVENT_KIND, query),
    tmplList: async ({ user, query }) => {
      await svc.ensureAllKinds(db, user.enterpriseId);
      const f = { kind: query.type, keyword: query.keyword, enabled: query.enabled };
      return {
        list: await repo.listTemplates(db, user.enterpriseId, user.enterprise.timeZone, f, query),
        count: await repo.countTemplates(db, user.enterpriseId, f),
      };
    },
    tmplEdit: async ({ user, query }) => {
      const t = await repo.templateById(db, user.enterpriseId, query.id);
      if (!t) throw new AppError('NOT_FOUND');
      return svc.formInfoOf(await svc.pickVersion(db, user.enterpriseId, t.formKind, t.id, query.versionId));
    },
    tempAdd: async ({ user, body }) => saved({ id: await templates.addTemplate(db, user.enterpriseId, user.id, body.type, body.name) }),
    tempRename: async ({ user, body }) => {
      await templates.renameTemplate(db, user.enterpriseId, body.id, body.name);
      return saved(null);
    },
    tempEnable: async ({ user, body }) => {
      await templates.enableTemplate(db, user.enterpriseId, body.id, body.enabled);
      return withMessage(null, '修改状态成功');
    },
    tempSort: async ({ user, body }) => {
      await templates.sortTemplates(db, user.enterpriseId, body.ids);
      return saved(null);
    },
    cusTempField: async ({ user, query }) => templateFields(db, user, ORDER_KIND, query.tmpId),
    eventCusTempField: async ({ user, query }) => templateFields(db, user, EVENT_KIND, query.tmpId),

    dcList: async ({ user, query }) => templateFields(db, user, query.type, query.tmpId),
    dcSaveField: async ({ user, body }) => saved(await fields.saveField(db, ref(user, body.type, body.tmpId), body.field)),
    dcUpdateField: async ({ user, body }) => saved(await fields.updateField(db, ref(user, body.type, body.tmpId), body.id, body.field)),
    dcFormInfo: async ({ user, query }) =>
      svc.formInfoOf(await svc.pickVersion(db, user.enterpriseId, query.type, query.tmpId, query.versionId), rolesOf(user)),
    dcGetFieldName: async ({ user, query }) => svc.fieldNamesOf(await svc.pickVersion(db, user.enterpriseId, query.type, query.tmpId)),
    dcFieldValues: async ({ user, body }) => {
      const v = await svc.pickVersion(db, user.enterpriseId, body.type, body.tmpId, body.versionId);
      return svc.fieldValues(db, user.enterpriseId, v, body.ext, { roles: rolesOf(user), system: body.system });
    },
    dcDelete: async ({ user, body }) => withMessage(await fields.deleteFields(db, ref(user, body.type, body.tmpId), body.ids), '删除成功'),
    dcSave: async ({ user, body }) => saved(await fields.saveAllFields(db, ref(user, body.type, body.tmpId), body.fields)),
    dcDetail: async ({ user, query }) => svc.designerDetail(db, user.enterpriseId, query.type, query.tmpId),
    eventSave: async ({ user, body }) => saved(await fields.saveField(db, ref(user, EVENT_KIND, body.tmpId), body.field)),
    eventUpdate: async ({ user, body }) => saved(await fields.updateField(db, ref(user, EVENT_KIND, body.tmpId), body.id, body.field)),
    eventDelete: async ({ user, body }) => withMessage(await fields.deleteFields(db, ref(user, EVENT_KIND, body.tmpId), body.ids), '删除成功'),
    projectSave: async ({ user, body }) => saved(await fields.saveField(db, ref(user, PROJECT_KIND, body.tmpId), body.field)),
    projectUpdate: async ({ user, body }) => saved(await fields.updateField(db, ref(user, PROJECT_KIND, body.tmpId), body.id, body.field)),
    projectDelete: async ({ user, body }) => withMessage(await fields.deleteFields(db, ref(user, PROJECT_KIND, body.tmpId), body.ids), '删除成功'),

    recycleBinField: async ({ user, query }) => svc.listRecycled(db, user.enterpriseId, user.enterprise.timeZone, await recycleFilter(db, user, query), query),
    recycleBinFieldCount: async ({ user, query }) => svc.countRecycled(db, user.enterpriseId, await recycleFilter(db, user, query)),
    reductionField: async ({ user, body }) => {
      const t = await repo.templateById(db, user.enterpriseId, body.tmpId);
      if (!t) throw new AppError('NOT_FOUND');
      return withMessage(await fields.restoreFields(db, ref(user, t.formKind, t.id), body.ids), '恢复成功');
    },
    commonReductionField: async ({ user, body }) => withMessage(await fields.restoreFields(db, ref(user, body.type), body.ids), '恢复成功'),
  });
  registerPreferences(app, deps);
  registerQuickDeploy(app, deps);
}

/** Quick deploy (快速部署): an industry's templates, service items and dictionary values. */
function registerQuickDeploy(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const who = (u: SessionUser) => ({ enterpriseId: u.enterpriseId, userId: u.id, timeZone: u.enterprise.timeZone });
  registerAll(app, deps, quickDeployContract, {
    plan: async ({ user, query }) => deploy.deployPlan(db, who(user), query.industry ?? (await deploy.industryOf(db, user.enterpriseId))),
    apply: async ({ user, body }) => {
      const added = await deploy.applyDeploy(db, who(user), body.industry);
      return withMessage(added, added.count ? '部署成功' : '已全部部署，无需补充');
    },
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireFormsRoutes(): void {
  addProvisionStep({ name: 'forms.templates', run: (tx, enterpriseId, industry) => provisionForms(tx, enterpriseId, industry) });
}
