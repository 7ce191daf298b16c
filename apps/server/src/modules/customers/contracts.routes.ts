import { contractContract as K, hasPower, POWERS } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { pageFor } from './common';
import { deleteMaintain, listMaintain, maintainDetail, moveMaintain, saveMaintain } from './maintain.service';
import { deleteSale, listSale, moveSale, saleDetail, saveSale } from './sale.service';

/** Sales and maintenance contracts. */
interface WithAbilities {
  status: number;
  abilities: { edit: boolean; actions: string[] };
}

/** The detail's abilities narrowed by the caller's powers (docs/permissions.md); deleting is for contracts still in state 1. */
function byPowers<T extends WithAbilities>(d: T, powers: readonly string[]): T & { abilities: { delete: boolean } } {
  const edit = hasPower(powers, POWERS.contractEdit);
  const remove = hasPower(powers, POWERS.contractDelete) && d.status === 1 && d.abilities.edit;
  return { ...d, abilities: { edit: edit && d.abilities.edit, actions: edit ? d.abilities.actions : [], delete: remove } };
}

export function contractsRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  registerAll(app, deps, K, {
    saleList: async ({ actor, query }) => listSale(db, actor, query, pageFor(actor, query)),
    saleDetail: async ({ actor, query }) => byPowers(await saleDetail(db, actor, query.id, actor.admin), actor.powers),
    saleSave: async ({ actor, body }) => withMessage({ id: await saveSale(db, actor, body) }, '保存成功'),
    saleSubmit: async ({ actor, body }) => {
      await moveSale(db, actor, body.id, 'submit');
      return withMessage(null, '提交成功');
    },
    saleExamine: async ({ actor, body }) => {
      await moveSale(db, actor, body.id, body.pass ? 'approve' : 'reject', body.note);
      return withMessage(null, '审批成功');
    },
    saleDelete: async ({ actor, body }) => {
      await deleteSale(db, actor, body.ids);
      return withMessage(null, '删除成功');
    },
    maintainList: async ({ actor, query }) => listMaintain(db, actor, query, pageFor(actor, query)),
    maintainDetail: async ({ actor, query }) => byPowers(await maintainDetail(db, actor, query.id), actor.powers),
    maintainSave: async ({ actor, body }) => withMessage({ id: await saveMaintain(db, actor, body) }, '保存成功'),
    maintainChangeState: async ({ actor, body }) => {
      await moveMaintain(db, actor, body.id, body.action, body.note);
      return withMessage(null, '修改状态成功');
    },
    maintainDelete: async ({ actor, body }) => {
      await deleteMaintain(db, actor, body.ids);
      return withMessage(null, '删除成功');
    },
  });
}
