import { z } from 'zod';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { pageQuery } from '../common/pagination';
import { id, L } from '../common/zod';
import { optionalIds } from '../customers/fields';
import { uploadedFileSchema } from '../files/files.contract';
import { idArray } from '../settings/fields';
import { noticeCountsContract } from './notices.counts';
import { ANNOUNCEMENT_CONTENT_MAX, ANNOUNCEMENT_TITLE_MAX, NOTICE_GROUP_KEYS } from './notices.constants';

export const noticeSchema = z.object({
  id: z.number(),
  category: z.number(),
  kind: z.string(),
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  read: z.boolean(),
  create_time: z.string(),
});
export type NoticeItem = z.infer<typeof noticeSchema>;

/** Marks the caller's notices read: the given ids, or all of them. */
const clearBody = z.object({ ids: L(idArray('请选择通知').optional(), '通知') });

const page = { pageIndex: L(pageQuery.shape.pageIndex, '页码'), pageSize: L(pageQuery.shape.pageSize, '每页条数') };
const keyword = L(z.string().trim().max(50, '关键字不能超过50个字').optional(), '关键字');

export const noticesContract = {
  ...noticeCountsContract,
  notifyClearUnread: endpoint({ method: 'POST', path: '/notify/center/clear/unread', body: clearBody, response: z.null() }),
  enterpriseNoticeClearUnread: endpoint({ method: 'POST', path: '/enterprise/notice/center/clear/unread', body: clearBody, response: z.null() }),
  /** The caller's notices, newest first: category (1 personal, 2 announcements), group of kinds, unread only, title/content search. */
  notifyList: endpoint({
    method: 'GET',
    path: '/notify/center/list',
    query: z.object({
      ...page,
      category: L(
        coerceInt('smallint')
          .refine((n) => n === 1 || n === 2, '只能是1（个人通知）或2（企业公告）')
          .default(1),
        '通知类型',
      ),
      unread: L(z.coerce.number().int().min(0).max(1).optional(), '只看未读'),
      group: L(z.enum(NOTICE_GROUP_KEYS as [string, ...string[]], { message: '不存在的通知分类' }).optional(), '通知分类'),
      keyword,
    }),
    response: z.object({ list: z.array(noticeSchema), count: z.number() }),
  }),
  /** Opens one notice: marks it read and answers where it goes. */
  notifyOpen: endpoint({
    method: 'POST',
    path: '/notify/center/open',
    body: z.object({ id: L(id, '通知') }),
    response: z.object({ link: z.string().nullable() }),
  }),
};

// ---- announcements (公告通知) ----

export const announcementRow = z.object({
  id: z.number(),
  title: z.string(),
  pinned: z.boolean(),
  state: z.number(),
  publisher: z.string(),
  create_time: z.string(),
  /** The reader's own: opened or not (false for someone who is no recipient). */
  read: z.boolean(),
  /** Administrator's list only: recipients and how many opened it. */
  recipients: z.number(),
  readers: z.number(),
  dept_names: z.array(z.string()),
});
export type AnnouncementRow = z.infer<typeof announcementRow>;

export const announcementDetail = announcementRow.extend({
  content: z.string(),
  attachments: z.array(uploadedFileSchema),
  dept_ids: z.array(z.number()),
});
export type AnnouncementDetail = z.infer<typeof announcementDetail>;

const announcementId = L(id, '公告');

export const announcementBody = z.object({
  title: L(z.string().trim().min(1, '请输入标题').max(ANNOUNCEMENT_TITLE_MAX, `标题不能超过${ANNOUNCEMENT_TITLE_MAX}个字`), '标题'),
  content: L(z.string().min(1, '请输入内容').max(ANNOUNCEMENT_CONTENT_MAX, `内容不能超过${ANNOUNCEMENT_CONTENT_MAX}个字符`), '内容'),
  /** Empty or absent: everyone. */
  deptIds: optionalIds('发布范围', 100),
  attachments: optionalIds('附件', 20),
  pinned: L(z.boolean().optional(), '置顶'),
});

export const announcementsContract = {
  /** Published announcements the caller received (pinned first, newest first); `manage=1` (administrators): every announcement with read counts. */
  list: endpoint({
    method: 'GET',
    path: '/enterprise/notice/list',
    plan: 'notice',
    query: z.object({
      ...page,
      keyword,
      unread: L(z.coerce.number().int().min(0).max(1).optional(), '只看未读'),
      manage: L(z.coerce.number().int().min(0).max(1).optional(), '管理'),
    }),
    response: z.object({ list: z.array(announcementRow), count: z.number() }),
  }),
  /** Opens one: a recipient's copy becomes read. */
  detail: endpoint({ method: 'GET', path: '/enterprise/notice/detail', plan: 'notice', query: z.object({ id: announcementId }), response: announcementDetail }),
  publish: endpoint({
    method: 'POST',
    path: '/enterprise/notice/publish',
    plan: 'notice',
    adminOnly: true,
    body: announcementBody,
    response: z.object({ id: z.number(), recipients: z.number() }),
  }),
  pin: endpoint({
    method: 'POST',
    path: '/enterprise/notice/pin',
    plan: 'notice',
    adminOnly: true,
    body: z.object({ id: announcementId, pinned: L(z.boolean(), '置顶') }),
    response: z.null(),
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/enterprise/notice/withdraw',
    plan: 'notice',
    adminOnly: true,
    body: z.object({ id: announcementId }),
    response: z.null(),
  }),
  /** Who has read and who not (administrators). */
  readers: endpoint({
    method: 'GET',
    path: '/enterprise/notice/readers',
    plan: 'notice',
    adminOnly: true,
    query: z.object({ ...page, id: announcementId, read: L(z.coerce.number().int().min(0).max(1).optional(), '已读') }),
    response: z.object({
      list: z.array(z.object({ user_id: z.number(), name: z.string(), dept_name: z.string(), read: z.boolean(), read_time: z.string() })),
      count: z.number(),
    }),
  }),
};
