import { productContract as P } from '@sk/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import QRCode from 'qrcode';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { linkBase } from '../../platform/origin';
import { deleteModels, listModels, categories, modelDetail, saveModel } from './catalogue.service';
import { pageFor } from './common';
import { deleteInstalled, installedDetail, listInstalled, productHistory, qrLinkOf, saveInstalled } from './installed.service';
import { dispositionOf } from '../../platform/download';

async function sendQr(reply: FastifyReply, link: string, type: 'png' | 'svg', name: string): Promise<void> {
  const body =
    type === 'svg' ? await QRCode.toString(link, { type: 'svg', margin: 1, width: 300 }) : await QRCode.toBuffer(link, { type: 'png', margin: 1, width: 300 });
  reply
    .header('content-type', type === 'svg' ? 'image/svg+xml' : 'image/png')
    .header('content-disposition', dispositionOf(`${name}.${type}`, { inline: true, fallback: `qrcode.${type}` }))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  reply.send(body);
  await reply;
}

/** Product catalogue (/allProduct) and installed products (ProductManage). */
export function productsRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  registerAll(app, deps, P, {
    productList: async ({ actor, query }) => listModels(db, actor, query, pageFor(actor, query)),
    productSimpleList: async ({ actor, query }) => {
      const { list } = await listModels(db, actor, query, { pageIndex: 0, pageSize: query.ids?.length ? 100 : 50 });
      return list.map(({ id, name, brand, model, category }) => ({ id, name, brand, model, category }));
    },
    productCategories: async ({ actor }) => categories(db, actor),
    productDetail: async ({ actor, query }) => modelDetail(db, actor, query.id),
    productSave: async ({ actor, body }) => withMessage({ id: await saveModel(db, actor, body) }, '保存成功'),
    productDelete: async ({ actor, body }) => {
      await deleteModels(db, actor, body.ids);
      return withMessage(null, '删除成功');
    },
    productionList: async ({ actor, query }) => listInstalled(db, actor, query, pageFor(actor, query)),
    productionDetail: async ({ actor, query }) => installedDetail(db, actor, { id: query.customerProductionId }),
    productionByCode: async ({ actor, query }) => installedDetail(db, actor, { qrCode: query.code }),
    productionSave: async ({ actor, body }) => withMessage({ id: await saveInstalled(db, actor, body) }, '保存成功'),
    productionDelete: async ({ actor, body }) => {
      await deleteInstalled(db, actor, body.ids);
      return withMessage(null, '删除成功');
    },
    productionQrcode: async ({ actor, query, req, reply }) => {
      const p = await installedDetail(db, actor, { id: query.id });
      // The label's link is absolute: PUBLIC_URL, else the host the staff use.
      await sendQr(reply, `${linkBase(deps.config, req)}${qrLinkOf(p.qrCode)}`, query.type, p.serialNumber ?? p.name);
      return null as never;
    },
    productionHistory: async ({ actor, query }) => productHistory(db, actor, query.id),
  });
}
