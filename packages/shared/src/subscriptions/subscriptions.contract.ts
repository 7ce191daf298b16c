import { z } from 'zod';
import { coerceInt } from '../common/ints';
import { endpoint } from '../common/contract';
import { choiceMessage, L } from '../common/zod';
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
