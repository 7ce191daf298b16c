import { DEFAULT_TAGS, tagsContract as C, TAG_CODE_IDS } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Tx } from '../../db/client';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { invalid } from '../../platform/errors';
import { addProvisionStep } from '../../platform/provision';
import * as repo from './tags.repo';
import * as svc from './tags.service';

/** Default tags of every kind; the unique name makes a re-run add nothing. */
export async function provisionTags(tx: Tx, enterpriseId: number): Promise<void> {
  const values = TAG_CODE_IDS.flatMap((code) => DEFAULT_TAGS[code].map((t, i) => ({ enterpriseId, code, name: t.name, colorRgb: t.color_rgb, sort: i + 1 })));
  await repo.insertTagsIfNew(tx, values);
}

/** DELETE takes id or ids from the query (the spec's "params") or the body. */
function idsOf(...sources: ({ id?: number; ids?: number[] } | undefined)[]): number[] {
  const ids = sources.flatMap((s) => [...(s?.ids ?? []), ...(s?.id ? [s.id] : [])]);
  if (ids.length === 0) throw invalid('标签：请选择需要删除的标签');
  return ids;
}

export async function tagsModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, C, {
    list: async ({ actor, query }) => repo.listByCode(db, actor.enterpriseId, query.code, actor.timeZone),
    detail: async ({ actor, query }) => svc.getTag(db, actor, query.id),
    create: async ({ actor, body }) => withMessage({ id: await svc.createTag(db, actor, body) }, '保存成功'),
    update: async ({ actor, body }) => {
      await svc.updateTag(db, actor, body);
      return withMessage(null, '保存成功');
    },
    remove: async ({ actor, query, body }) => {
      await svc.deleteTags(db, actor, idsOf(query, body));
      return withMessage(null, '删除成功');
    },
    batchAdd: async ({ actor, body }) => {
      await svc.linkTags(db, actor, body);
      return withMessage(null, '保存成功');
    },
    batchRemove: async ({ actor, body }) => {
      await svc.unlinkTags(db, actor, body);
      return withMessage(null, '删除成功');
    },
    updateUserStateTag: async ({ actor, body }) => {
      await svc.setUserStatus(db, actor, body.tagId);
      return withMessage(null, '修改状态成功');
    },
    getUserStateLabel: async ({ actor }) => svc.userStateLabel(db, actor),
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireTagsRoutes(): void {
  addProvisionStep({ name: 'tags.defaults', run: (tx, enterpriseId) => provisionTags(tx, enterpriseId) });
}
