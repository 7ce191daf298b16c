import { formsContract as C, EVENT_KIND, type FormKindId, ORDER_KIND, PROJECT_KIND, quickDeployContract } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { addProvisionStep } from '../../platform/provision';
import type { Actor, UserActor } from '../../platform/actor';
import * as deploy from './deploy.service';
import * as fields from './fields.service';
import * as repo from './forms.repo';
import { provisionForms } from './forms.provision';
import * as svc from './forms.service';
import { registerPreferences } from './preferences.routes';
import * as templates from './templates.service';

/** Field visibility follows the current role, as powers do. */
export const rolesOf = (u: UserActor): number[] => (u.sysrole ? [u.sysrole] : [...u.roles]);

const ref = (u: Actor, kind: FormKindId, tmpId?: number): fields.FormRef => ({ enterpriseId: u.enterpriseId, userId: u.id, kind, tmpId });
const saved = <T>(data: T) => withMessage(data, '保存成功');

async function pagedTemplates(ex: Executor, u: Actor, kind: FormKindId, q: { pageIndex: number; pageSize: number; keyword?: string; enabled?: boolean }) {
  await svc.ensureKind(ex, u.enterpriseId, kind);
  const f = { kind, keyword: q.keyword, enabled: q.enabled };
  return { list: await repo.listTemplates(ex, u.enterpriseId, u.timeZone, f, q), count: await repo.countTemplates(ex, u.enterpriseId, f) };
}

async function templateFields(ex: Executor, u: Actor, kind: FormKindId, tmpId?: number) {
  return svc.fieldsViewOf(await svc.pickVersion(ex, u.enterpriseId, kind, tmpId));
}

/** A recycle-bin filter's template must be this enterprise's. */
async function recycleFilter(ex: Executor, u: Actor, q: { type?: FormKindId; tmpId?: number }): Promise<svc.RecycleFilter> {
  if (q.tmpId !== undefined && !(await repo.templateById(ex, u.enterpriseId, q.tmpId))) throw new AppError('NOT_FOUND');
  return { kind: q.type, templateId: q.tmpId };
}

export async function formsModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, C, {
    orderTypeList: async ({ actor }) => {
      await svc.ensureKind(db, actor.enterpriseId, ORDER_KIND);
      return repo.listTemplates(db, actor.enterpriseId, actor.timeZone, { kind: ORDER_KIND, enabled: true });
    },
    tempList: async ({ actor, query }) => pagedTemplates(db, actor, ORDER_KIND, query),
    eventTempList: async ({ actor, query }) => pagedTemplates(db, actor, EVENT_KIND, query),
    tmplList: async ({ actor, query }) => {
      await svc.ensureAllKinds(db, actor.enterpriseId);
      const f = { kind: query.type, keyword: query.keyword, enabled: query.enabled };
      return {
        list: await repo.listTemplates(db, actor.enterpriseId, actor.timeZone, f, query),
        count: await repo.countTemplates(db, actor.enterpriseId, f),
      };
    },
    tmplEdit: async ({ actor, query }) => {
      const t = await repo.templateById(db, actor.enterpriseId, query.id);
      if (!t) throw new AppError('NOT_FOUND');
      return svc.formInfoOf(await svc.pickVersion(db, actor.enterpriseId, t.formKind, t.id, query.versionId));
    },
    tempAdd: async ({ actor, body }) => saved({ id: await templates.addTemplate(db, actor.enterpriseId, actor.id, body.type, body.name) }),
    tempRename: async ({ actor, body }) => {
      await templates.renameTemplate(db, actor.enterpriseId, body.id, body.name);
      return saved(null);
    },
    tempEnable: async ({ actor, body }) => {
      await templates.enableTemplate(db, actor.enterpriseId, body.id, body.enabled);
      return withMessage(null, '修改状态成功');
    },
    tempSort: async ({ actor, body }) => {
      await templates.sortTemplates(db, actor.enterpriseId, body.ids);
      return saved(null);
    },
    cusTempField: async ({ actor, query }) => templateFields(db, actor, ORDER_KIND, query.tmpId),
    eventCusTempField: async ({ actor, query }) => templateFields(db, actor, EVENT_KIND, query.tmpId),

    dcList: async ({ actor, query }) => templateFields(db, actor, query.type, query.tmpId),
    dcSaveField: async ({ actor, body }) => saved(await fields.saveField(db, ref(actor, body.type, body.tmpId), body.field)),
    dcUpdateField: async ({ actor, body }) => saved(await fields.updateField(db, ref(actor, body.type, body.tmpId), body.id, body.field)),
    dcFormInfo: async ({ actor, query }) =>
      svc.formInfoOf(await svc.pickVersion(db, actor.enterpriseId, query.type, query.tmpId, query.versionId), rolesOf(actor)),
    dcGetFieldName: async ({ actor, query }) => svc.fieldNamesOf(await svc.pickVersion(db, actor.enterpriseId, query.type, query.tmpId)),
    dcFieldValues: async ({ actor, body }) => {
      const v = await svc.pickVersion(db, actor.enterpriseId, body.type, body.tmpId, body.versionId);
      return svc.fieldValues(db, actor.enterpriseId, v, body.ext, { roles: rolesOf(actor), system: body.system });
    },
    dcDelete: async ({ actor, body }) => withMessage(await fields.deleteFields(db, ref(actor, body.type, body.tmpId), body.ids), '删除成功'),
    dcSave: async ({ actor, body }) => saved(await fields.saveAllFields(db, ref(actor, body.type, body.tmpId), body.fields)),
    dcDetail: async ({ actor, query }) => svc.designerDetail(db, actor.enterpriseId, query.type, query.tmpId),
    eventSave: async ({ actor, body }) => saved(await fields.saveField(db, ref(actor, EVENT_KIND, body.tmpId), body.field)),
    eventUpdate: async ({ actor, body }) => saved(await fields.updateField(db, ref(actor, EVENT_KIND, body.tmpId), body.id, body.field)),
    eventDelete: async ({ actor, body }) => withMessage(await fields.deleteFields(db, ref(actor, EVENT_KIND, body.tmpId), body.ids), '删除成功'),
    projectSave: async ({ actor, body }) => saved(await fields.saveField(db, ref(actor, PROJECT_KIND, body.tmpId), body.field)),
    projectUpdate: async ({ actor, body }) => saved(await fields.updateField(db, ref(actor, PROJECT_KIND, body.tmpId), body.id, body.field)),
    projectDelete: async ({ actor, body }) => withMessage(await fields.deleteFields(db, ref(actor, PROJECT_KIND, body.tmpId), body.ids), '删除成功'),

    recycleBinField: async ({ actor, query }) => svc.listRecycled(db, actor.enterpriseId, actor.timeZone, await recycleFilter(db, actor, query), query),
    recycleBinFieldCount: async ({ actor, query }) => svc.countRecycled(db, actor.enterpriseId, await recycleFilter(db, actor, query)),
    reductionField: async ({ actor, body }) => {
      const t = await repo.templateById(db, actor.enterpriseId, body.tmpId);
      if (!t) throw new AppError('NOT_FOUND');
      return withMessage(await fields.restoreFields(db, ref(actor, t.formKind, t.id), body.ids), '恢复成功');
    },
    commonReductionField: async ({ actor, body }) => withMessage(await fields.restoreFields(db, ref(actor, body.type), body.ids), '恢复成功'),
  });
  registerPreferences(app, deps);
  registerQuickDeploy(app, deps);
}

/** Quick deploy (快速部署): an industry's templates, service items and dictionary values. */
function registerQuickDeploy(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const who = (u: Actor) => ({ enterpriseId: u.enterpriseId, userId: u.id, timeZone: u.timeZone });
  registerAll(app, deps, quickDeployContract, {
    plan: async ({ actor, query }) => deploy.deployPlan(db, who(actor), query.industry ?? (await deploy.industryOf(db, actor.enterpriseId))),
    apply: async ({ actor, body }) => {
      const added = await deploy.applyDeploy(db, who(actor), body.industry);
      return withMessage(added, added.count ? '部署成功' : '已全部部署，无需补充');
    },
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireFormsRoutes(): void {
  addProvisionStep({ name: 'forms.templates', run: (tx, enterpriseId, industry) => provisionForms(tx, enterpriseId, industry) });
}
