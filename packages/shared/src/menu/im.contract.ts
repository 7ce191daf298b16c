import { z } from 'zod';
import { coerceInt } from '../common/ints';
import { endpoint } from '../common/contract';
import { pageQuery } from '../common/pagination';
import { L } from '../common/zod';

/** Instant-message kinds. */
export const IM_EVENT_TYPES = ['text', 'image', 'voice', 'video', 'file', 'link', 'miniprogram', 'msgmenu', 'location', 'business_card'] as const;
export type ImEventType = (typeof IM_EVENT_TYPES)[number];

export const IM_SOCKET_PATH = '/kefuuser/kefuUserSocketHandler';

export const imMessageSchema = z.object({
  id: z.number(),
  eventType: z.enum(IM_EVENT_TYPES),
  payload: z.unknown(),
  createtime: z.string(),
  fromUserId: z.number(),
  fromUserName: z.string(),
});
export type ImMessage = z.infer<typeof imMessageSchema>;

/**
 * Frames on the socket. Client → server: {eventType:'ping'} or {eventType, payload, clientId?}.
 * Server → client: {eventType:'pong'}, {eventType:'ack', clientId, data: message}, {eventType:'message', data: message},
 * {eventType:'error', message}.
 */
export const imClientFrame = z.object({
  eventType: L(z.enum(IM_EVENT_TYPES, '不支持的消息类型'), '消息类型'),
  payload: L(
    z.unknown().refine((p) => p !== undefined && p !== null && p !== '', '消息内容不能为空'),
    '消息内容',
  ),
  clientId: L(z.string().max(64).optional(), '消息编号'),
});

export const imContract = {
  messages: endpoint({
    method: 'GET',
    path: '/kefuuser/messages',
    query: pageQuery.extend({ beforeId: L(coerceInt('bigint').positive().optional(), '起始消息') }),
    response: z.object({ list: z.array(imMessageSchema), count: z.number() }),
  }),
  // The call seat (/call/seat/details) is the call centre's: packages/shared/src/calls.
};
