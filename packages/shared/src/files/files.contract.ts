import { z } from 'zod';
import { POWERS } from '../auth/powers';
import { endpoint } from '../common/contract';
import { pageQuery } from '../common/pagination';
import { idList, L } from '../common/zod';
import { userFilters } from '../org/org.contract';
import { FILE_KINDS, type FileKind } from './files.constants';

const kinds = Object.keys(FILE_KINDS) as [FileKind, ...FileKind[]];

/** A download-centre item (the spec's 'Download item'). */
export const downloadItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  create_time: z.string(),
  /** 1 in progress, 2 done, 3 failed */
  process_state: z.number(),
  /** percent, 0–100 */
  process: z.number(),
  file_download_url: z.string().nullable(),
  /** 0 not yet seen since it finished, 1 seen (POST /fileDownloadCenter/updateFileState) */
  file_state: z.number(),
  size: z.number().nullable(),
  row_count: z.number(),
  error: z.string().nullable(),
});
export type DownloadItem = z.infer<typeof downloadItemSchema>;

/** An uploaded file as every upload call answers it. */
export const uploadedFileSchema = z.object({
  id: z.number(),
  name: z.string(),
  ext: z.string(),
  mime: z.string(),
  size: z.number(),
  kind: z.enum(kinds),
  url: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

const idsInput = z.object({ ids: L(idList.optional(), '文件') });

/** Every export takes a file name (default: the list's name and today's date) and optionally the selected rows. */
export const exportBase = z.object({
  fileName: L(z.string().trim().max(100, '不能超过100个字符').optional(), '文件名'),
  ids: L(idList.optional(), '选中的行'),
});

/** The user list export takes GET /v2/user/list's filters. */
export const userExportBody = exportBase.extend(userFilters.shape);

const startedExport = z.object({ id: z.number(), name: z.string() });

export const filesContract = {
  downloadList: endpoint({
    method: 'GET',
    path: '/fileDownloadCenter/list',
    query: pageQuery,
    response: z.object({ list: z.array(downloadItemSchema), count: z.number(), unread: z.number() }),
  }),
  downloadDel: endpoint({ method: 'DELETE', path: '/fileDownloadCenter/del', query: idsInput, body: idsInput.optional(), response: z.null() }),
  updateFileState: endpoint({ method: 'POST', path: '/fileDownloadCenter/updateFileState', body: idsInput, response: z.object({ updated: z.number() }) }),
  download: endpoint({ method: 'GET', path: '/fileDownloadCenter/download/:id', response: z.null() }),
  /** Needs the list's power (org_manage); the handler also checks data_export. */
  exportUser: endpoint({ method: 'POST', path: '/export/user', power: POWERS.orgManage, body: userExportBody, response: startedExport }),

  uploadSave: endpoint({
    method: 'POST',
    path: '/upload/save',
    query: z.object({ kind: L(z.enum(kinds).optional(), '文件类别') }),
    response: uploadedFileSchema,
  }),
  uploadSaveStr: endpoint({
    method: 'POST',
    path: '/upload/save/str',
    body: z.object({
      data: L(z.string().regex(/^data:[\w.+-]+\/[\w.+-]+;base64,[A-Za-z0-9+/=\s]+$/, '请提供base64格式的数据'), '文件内容'),
      name: L(z.string().trim().max(100).optional(), '文件名'),
    }),
    response: uploadedFileSchema,
  }),
  ossPolicy: endpoint({
    method: 'GET',
    path: '/upload/getOssPolicy',
    query: z.object({ kind: L(z.enum(kinds).optional(), '文件类别') }),
    response: z.object({
      storage: z.literal('local'),
      host: z.string(),
      token: z.string(),
      expire: z.number(),
      maxSize: z.number(),
      accept: z.array(z.string()),
    }),
  }),
  /** Upload with a getOssPolicy token instead of the session (clients that cannot send the cookie and CSRF header). */
  uploadDirect: endpoint({
    method: 'POST',
    path: '/upload/direct',
    auth: 'public',
    query: z.object({ token: L(z.string().min(10).max(100), '上传凭证') }),
    response: uploadedFileSchema,
  }),
  uploadFile: endpoint({ method: 'GET', path: '/upload/file/:id', response: z.null() }),
};
