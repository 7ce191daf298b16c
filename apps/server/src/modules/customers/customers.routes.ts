import { customerContract as C, CUSTOMER_POWERS as C_POWERS, FIXED_FIELDS, freeNotice, hasPower } from '@sk/shared';
import { getSettingBool } from '../settings/index';
import { PHONE_UNIQUE_SETTING } from './phone';
import { phoneTaken } from './customers.repo';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { AppError } from '../../platform/errors';
import { listPage } from '../../platform/list';
import { paidPlan, type UserActor } from '../../platform/actor';
import { pageFor } from './common';
import { countContacts, listContacts } from './contacts.service';
import { contractsRoutes } from './contracts.routes';
import { countCustomers, countPick, listCustomers, pickCustomers } from './customers.repo';
import * as svc from './customers.service';
import { findDuplicates } from './duplicates';
import { extractCustomerInfo } from './extract';
import { importRoutes } from './import.routes';
import { FORM_KIND, formFieldsOf } from './integrations';
import { partsRoutes } from './parts.routes';
import { batchAddPermission, batchRemovePermission, listPermissions, savePermission } from './permissions.service';
import { portalRoutes } from './portal.routes';
import { productsRoutes } from './products.routes';

/** On the free plan tags are locked: tagging a customer there answers the plan notice. */
function tagsAllowed(deps: Deps, actor: UserActor, tagIds: number[] | undefined): boolean {
  const paid = paidPlan(actor);
  if (!paid && tagIds?.length) throw new AppError('PLAN_FREE', {}, freeNotice('tags', deps.config.CUSTOMER_SERVICE_PHONE));
  return paid;
}

export async function customersModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, C, {
    epCustomerList: async ({ actor, query }) => listCustomers(db, actor, query, pageFor(actor, query)),
    customerListCount: async ({ actor, query }) => countCustomers(db, actor, query),
    customerList: async ({ actor, query }) => {
      const v = actor;
      return listPage(
        query,
        () => pickCustomers(db, v, { keyword: query.keyword }, query),
        () => countPick(db, v, query.keyword),
      );
    },
    getCustomerList: async ({ actor, query }) =>
      pickCustomers(db, actor, { keyword: query.keyword, ids: query.ids }, { pageIndex: 0, pageSize: query.ids?.length ? 100 : 50 }),
    customerExtField: async ({ actor }) => formFieldsOf(db, actor.enterpriseId, FORM_KIND.customer),
    customerProField: async ({ actor }) => formFieldsOf(db, actor.enterpriseId, FORM_KIND.customerProduct),
    detail: async ({ actor, query }) => {
      const d = await svc.customerDetail(db, actor, query.id, paidPlan(actor));
      // What the caller may do with this customer: its own access narrowed by the role's powers (docs/permissions.md).
      const can = (p: string) => hasPower(actor.powers, p);
      const a = d.abilities;
      return {
        ...d,
        abilities: { edit: a.edit && can(C_POWERS.edit), delete: a.delete && can(C_POWERS.remove), permission: a.permission && can(C_POWERS.edit) },
      };
    },
    cusTemplate: async ({ actor }) => ({
      fixedFields: FIXED_FIELDS[FORM_KIND.customer].map(({ key, name, required }) => ({ key, name, required })),
      ...(await formFieldsOf(db, actor.enterpriseId, FORM_KIND.customer)),
    }),
    epLinkPersonList: async ({ actor, query }) => listContacts(db, actor, query, pageFor(actor, query)),
    epLinkPersonListCount: async ({ actor, query }) => countContacts(db, actor, query),
    phoneCheck: async ({ actor, query }) => ({
      taken: await phoneTaken(db, actor.enterpriseId, query.phone, query.id ?? null),
      unique: await getSettingBool(db, actor.enterpriseId, PHONE_UNIQUE_SETTING),
    }),
    addCustomer: async ({ actor, body }) => {
      const id = await svc.addCustomer(db, actor, body, tagsAllowed(deps, actor, body.tagIds));
      // 客户电话不可重复 off: saved, and the message says the phone is shared.
      const shared = await phoneTaken(db, actor.enterpriseId, body.linkPerson.phone, id);
      return withMessage({ id }, shared ? '保存成功，注意：该电话已有其他客户使用' : '保存成功');
    },
    editCustomer: async ({ actor, body }) => {
      await svc.editCustomer(db, actor, body, tagsAllowed(deps, actor, body.tagIds));
      return withMessage(null, '保存成功');
    },
    deleteCustomer: async ({ actor, body }) => {
      await svc.deleteCustomers(db, actor, [body.id]);
      return withMessage(null, '删除成功');
    },
    delAllCustomer: async ({ actor, body }) => {
      await svc.deleteCustomers(db, actor, body.ids);
      return withMessage(null, '删除成功');
    },
    duplicateCheck: async ({ actor, query }) => findDuplicates(db, actor, query.name, query.phone, query.exceptId),
    extractCustomerInfo: async ({ body }) => extractCustomerInfo(body.text),
    permissionList: async ({ actor, query }) => listPermissions(db, actor, query.customerId),
    savePermission: async ({ actor, body }) => {
      await savePermission(db, actor, body.customerId, body.users);
      return withMessage(null, '保存成功');
    },
    batchAddPermission: async ({ actor, body }) => {
      await batchAddPermission(db, actor, body.customerIds, body.userIds, body.permission);
      return withMessage(null, '保存成功');
    },
    batchRemovePermission: async ({ actor, body }) => {
      await batchRemovePermission(db, actor, body.customerIds, body.userIds);
      return withMessage(null, '删除成功');
    },
  });
  partsRoutes(app, deps);
  productsRoutes(app, deps);
  contractsRoutes(app, deps);
  portalRoutes(app, deps);
  importRoutes(app, deps);
}
