import { z } from 'zod';
import { coerceInt } from '../common/ints';
import { endpoint } from '../common/contract';
import { pageQuery } from '../common/pagination';
import { choiceMessage, L } from '../common/zod';
import { idArray } from '../settings/fields';
import { SUBSCRIBE_ITEMS } from './subscriptions.constants';

const subscribeType = L(
  coerceInt('smallint').refine((n) => n === 1 || n === 2, choiceMessage('订阅类型', ['待办事项', '统计事项'])),
  '订阅类型',
);
const onOff = (label: string) =>
  L(
    coerceInt('smallint').refine((n) => n === 0 || n === 1, '请选择开启或关闭'),
    label,
  );
const itemCode = L(
  z.string().refine((c) => SUBSCRIBE_ITEMS.some((i) => i.code === c), '不存在的订阅项'),
  '订阅项',
);

export const subscribeItemSchema = z.object({ code: z.string(), descri: z.string(), value: z.number() });

export const subscriptionsContract = {
  getSubscribeStatus: endpoint({
    method: 'GET',
    path: '/subscribe/getSubscribeStatus',
    query: z.object({ type: subscribeType }),
    response: z.object({ type: z.number(), state: z.number(), time: z.string() }),
  }),
  getSubscribeContentStatus: endpoint({
    method: 'GET',
    path: '/subscribe/getSubscribeContentStatus',
    query: z.object({ type: subscribeType }),
    response: z.array(subscribeItemSchema),
  }),
  /** '订阅成功' / '取订成功'. */
  updateSubscribeStatus: endpoint({
    method: 'PUT',
    path: '/subscribe/updateSubscribeStatus',
    body: z.object({ type: subscribeType, state: onOff('订阅状态') }),
    response: z.null(),
  }),
  updateSubscribeContentStatus: endpoint({
    method: 'PUT',
    path: '/subscribe/updateSubscribeContentStatus',
    body: z.object({ code: itemCode, value: onOff('订阅项状态') }),
    response: z.null(),
  }),
};

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

export const noticesContract = {
  notifyCount: endpoint({ method: 'GET', path: '/notify/center/count', response: z.number() }),
  enterpriseNoticeCount: endpoint({ method: 'GET', path: '/enterprise/notice/center/count', response: z.number() }),
  notifyClearUnread: endpoint({ method: 'POST', path: '/notify/center/clear/unread', body: clearBody, response: z.null() }),
  enterpriseNoticeClearUnread: endpoint({ method: 'POST', path: '/enterprise/notice/center/clear/unread', body: clearBody, response: z.null() }),
  notifyList: endpoint({
    method: 'GET',
    path: '/notify/center/list',
    query: z.object({
      pageIndex: L(pageQuery.shape.pageIndex, '页码'),
      pageSize: L(pageQuery.shape.pageSize, '每页条数'),
      category: L(
        coerceInt('smallint')
          .refine((n) => n === 1 || n === 2, '只能是1（个人通知）或2（企业公告）')
          .default(1),
        '通知类型',
      ),
      unread: L(z.coerce.number().int().min(0).max(1).optional(), '只看未读'),
    }),
    response: z.object({ list: z.array(noticeSchema), count: z.number() }),
  }),
};
