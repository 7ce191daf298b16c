import { customerImportContract as I, CUSTOMER_POWERS, freeNotice, hasPower, IMPORT_KINDS, IMPORT_MAX_ROWS, type ImportKind } from '@sk/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { withFirstFile } from '../../platform/multipart';
import { AppError } from '../../platform/errors';
import { startExport } from '../../platform/exports';
import { paidPlan, type UserActor } from '../../platform/actor';
import { CUSTOMER_EXPORT } from './export';
import { CUSTOMER_COLUMNS, CUSTOMER_NOTES, importCustomers } from './import.customer';
import { importProducts, PRODUCT_COLUMNS, PRODUCT_NOTES } from './import.product';
import { readSheet, templateBook } from './xlsx';
import { dispositionOf } from '../../platform/download';

const SHEETS = {
  customer: { columns: CUSTOMER_COLUMNS, notes: CUSTOMER_NOTES, run: importCustomers },
  product: { columns: PRODUCT_COLUMNS, notes: PRODUCT_NOTES, run: importProducts },
} as const;

/** Installed products need the equipment-archive power and a paid plan, as their own pages do. */
function guardKind(deps: Deps, actor: UserActor, kind: ImportKind): void {
  if (kind !== 'product') return;
  if (!hasPower(actor.powers, CUSTOMER_POWERS.product)) throw new AppError('NO_POWER');
  if (!paidPlan(actor)) throw new AppError('PLAN_FREE', {}, freeNotice('productManage', deps.config.CUSTOMER_SERVICE_PHONE));
}

function uploaded(req: FastifyRequest): Promise<Buffer> {
  return withFirstFile(req, 'IMPORT_FILE', async (file) => {
    if (!/\.xlsx$/i.test(file.filename)) throw new AppError('IMPORT_FILE');
    return file.toBuffer();
  });
}

async function sendXlsx(reply: FastifyReply, name: string, body: Buffer): Promise<void> {
  reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', dispositionOf(name, { fallback: 'template.xlsx' }))
    .header('cache-control', 'private, no-store');
  reply.send(body);
  await reply;
}

/** xlsx import (template, dry run, write) and the download-centre export of customers. */
export function importRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const run = async (actor: UserActor, req: FastifyRequest, kind: ImportKind, write: boolean) => {
    guardKind(deps, actor, kind);
    const sheet = SHEETS[kind];
    const data = await readSheet(await uploaded(req), sheet.columns, IMPORT_MAX_ROWS);
    return sheet.run(db, actor, data, write);
  };
  registerAll(app, deps, I, {
    template: async ({ actor, query, reply }) => {
      guardKind(deps, actor, query.kind);
      const sheet = SHEETS[query.kind];
      const title = `${IMPORT_KINDS[query.kind]}导入模板`;
      await sendXlsx(reply, `${title}.xlsx`, await templateBook(IMPORT_KINDS[query.kind], sheet.columns, sheet.notes));
      return null as never;
    },
    check: async ({ actor, query, req }) => run(actor, req, query.kind, false),
    save: async ({ actor, query, req }) => withMessage(await run(actor, req, query.kind, true), '导入成功'),
    exportCustomers: async ({ user, body }) => {
      const { fileName, ...params } = body;
      const r = await startExport(db, user, { kind: CUSTOMER_EXPORT, name: fileName, params });
      return { id: r.id };
    },
  });
}
