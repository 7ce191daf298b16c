import { areaContract, dictContract, settingsContract } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { addProvisionStep } from '../../platform/provision';
import { sealSecret } from '../../platform/secrets';
import { areaList } from './areas';
import * as dict from './dict.service';
import * as svc from './settings.service';

export async function settingsModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, settingsContract, {
    getByCode: async ({ actor, query }) => svc.getOne(db, actor, query.code),
    getByCodes: async ({ actor, query }) => svc.getMany(db, actor, query.codes),
    list: async ({ actor }) => svc.listAll(db, actor),
    batchSave: async ({ actor, body }) => {
      await svc.batchSave(db, actor, body, deps.config.CUSTOMER_SERVICE_PHONE, (s) => sealSecret(deps.config, s));
      return withMessage(null, '保存成功');
    },
    recovery: async ({ actor, body }) => {
      await svc.recover(db, actor, body.codes);
      return withMessage(null, '恢复默认成功');
    },
  });

  registerAll(app, deps, dictContract, {
    list: async ({ actor, query }) => dict.enabledItems(db, actor, [query.type]),
    valueByTypeList: async ({ actor, query }) => dict.enabledItems(db, actor, query.type),
    codeContent: async ({ actor, query }) => dict.itemsByCode(db, actor, query.code),
    types: async ({ actor }) => dict.typesWithCounts(db, actor),
    items: async ({ actor, query }) => dict.allItems(db, actor, query.type, query.keyword),
    create: async ({ actor, body }) => withMessage({ id: await dict.createItem(db, actor, body) }, '保存成功'),
    update: async ({ actor, body }) => {
      await dict.updateItem(db, actor, body);
      return withMessage(null, '保存成功');
    },
    remove: async ({ actor, body }) => {
      await dict.deleteItems(db, actor, body.ids);
      return withMessage(null, '删除成功');
    },
    sort: async ({ actor, body }) => {
      await dict.sortItems(db, actor, body.type, body.ids);
      return withMessage(null, '保存成功');
    },
    enable: async ({ actor, body }) => {
      await dict.enableItems(db, actor, body.ids, body.enabled);
      return withMessage(null, '保存成功');
    },
  });

  registerAll(app, deps, areaContract, {
    list: async ({ query }) => areaList(query.parentCode),
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireSettingsRoutes(): void {
  addProvisionStep({ name: 'dict.defaults', run: (tx, enterpriseId) => dict.provisionDictionaries(tx, enterpriseId) });
}
