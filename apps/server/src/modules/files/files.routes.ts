import { extsOfKind, FILE_TYPES, type FileExt, filesContract as C } from '@sk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomToken, sha256 } from '../../platform/crypto';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { withFirstFile } from '../../platform/multipart';
import { AppError, invalid } from '../../platform/errors';
import { startExport } from '../../platform/exports';
import type { Actor } from '../../platform/actor';
import { storageOf } from '../../platform/storage';
import { downloadOf, listDownloads, markSeen } from './download.repo';
import { deleteDownloads, markSeenChecked } from './files.service';
import { idParam, sendStream } from './send';
import { storeToken, tokenOwner, uploadById } from './uploads.repo';
import { type Owner, saveDataUrl, saveUpload } from './uploads.service';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TOKEN_SECONDS = 600;
const INLINE_KINDS = new Set(['image', 'video']);

const owner = (u: Actor): Owner => ({ enterpriseId: u.enterpriseId, userId: u.id });

/** The first file of a multipart request, stored; the rest of the request is drained on failure. */
function saveMultipart(deps: Deps, req: FastifyRequest, o: Owner, only: Parameters<typeof saveUpload>[2]['only']) {
  return withFirstFile(req, 'FILE_MISSING', (part) =>
    saveUpload(deps, o, { name: part.filename, content: part.file, truncated: () => part.file.truncated, only }),
  );
}

export async function filesModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  registerAll(app, deps, C, {
    downloadList: async ({ actor, query }) => listDownloads(db, owner(actor), actor.timeZone, query),
    downloadDel: async ({ actor, query, body }) => {
      const ids = body?.ids?.length ? body.ids : query.ids;
      if (!ids?.length) throw invalid('请选择需要删除的行');
      await deleteDownloads(deps, owner(actor), ids);
      return withMessage(null, '删除成功');
    },
    updateFileState: async ({ actor, body }) => ({
      updated: body.ids?.length ? await markSeenChecked(deps, owner(actor), body.ids) : await markSeen(db, owner(actor)),
    }),
    download: async ({ actor, params, reply }) => {
      const id = idParam(params.id);
      const item = id ? await downloadOf(db, owner(actor), id) : null;
      if (!item) throw new AppError('NOT_FOUND');
      if (item.processState !== 2 || !item.fileKey) throw new AppError('NOT_DONE');
      const { stream, size } = await storageOf(deps).get(item.fileKey);
      await sendStream(reply, stream, { name: `${item.name}.xlsx`, mime: XLSX_MIME, size, inline: false });
      return null;
    },
    exportUser: async ({ user, body }) => {
      const { fileName, ...params } = body;
      const started = await startExport(db, user, { kind: 'user', name: fileName, params });
      return withMessage(started, '导出任务已创建，请在下载中心查看');
    },

    uploadSave: async ({ actor, query, req }) => withMessage(await saveMultipart(deps, req, owner(actor), query.kind), '上传成功'),
    uploadSaveStr: async ({ actor, body }) => withMessage(await saveDataUrl(deps, owner(actor), body.data, body.name), '上传成功'),
    ossPolicy: async ({ actor, query }) => {
      const token = randomToken(24);
      await storeToken(db, { enterpriseId: actor.enterpriseId, userId: actor.id, hash: sha256(token), kind: query.kind ?? null, seconds: TOKEN_SECONDS });
      const accept = query.kind ? extsOfKind(query.kind) : (Object.keys(FILE_TYPES) as FileExt[]);
      return {
        storage: 'local' as const,
        host: '/api/upload/direct',
        token,
        expire: Math.floor(Date.now() / 1000) + TOKEN_SECONDS,
        maxSize: Math.floor(deps.config.UPLOAD_MAX_MB * 1024 * 1024),
        accept,
      };
    },
    uploadDirect: async ({ query, req }) => {
      const o = await tokenOwner(db, sha256(query.token));
      if (!o) throw new AppError('UPLOAD_TOKEN_INVALID');
      return withMessage(await saveMultipart(deps, req, o, o.kind), '上传成功');
    },
    uploadFile: async ({ actor, params, reply }) => {
      const id = idParam(params.id);
      const file = id ? await uploadById(db, actor.enterpriseId, id) : null;
      if (!file) throw new AppError('NOT_FOUND');
      const { stream, size } = await storageOf(deps).get(file.path);
      const inline = INLINE_KINDS.has(file.kind) || file.ext === 'pdf';
      await sendStream(reply, stream, { name: file.name, mime: file.mime, size, inline });
      return null;
    },
  });
}
