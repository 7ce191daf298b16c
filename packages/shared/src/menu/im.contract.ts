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

/** An uploaded file (POST /upload/save) of the sender's enterprise; the server fills its name, URL and size. */
const fileRef = z.object({ fileId: L(coerceInt('bigint').positive('请先上传文件'), '文件') });

/** What each kind of message carries, as the client sends it. */
export const IM_PAYLOADS: Record<ImEventType, z.ZodType> = {
  // A plain string (the web), or {content} as chat apps send it.
  text: z.union([
    z.string().trim().min(1, '消息内容不能为空').max(2000, '消息不能超过2000字'),
    z.object({ content: z.string().trim().min(1, '消息内容不能为空').max(2000, '消息不能超过2000字') }),
  ]),
  image: fileRef,
  voice: fileRef,
  video: fileRef,
  file: fileRef,
  link: z.object({
    url: z
      .string()
      .trim()
      .max(500, '链接不能超过500个字符')
      .regex(/^https?:\/\/\S+$/, '请输入以http://或https://开头的链接'),
    title: z.string().trim().max(100, '标题不能超过100字').optional(),
  }),
  location: z.object({
    lat: z.number().min(-90, '纬度不正确').max(90, '纬度不正确'),
    lng: z.number().min(-180, '经度不正确').max(180, '经度不正确'),
    address: z.string().trim().max(200, '地址不能超过200字').default(''),
  }),
  business_card: z.object({
    name: z.string().trim().min(1, '请填写名片姓名').max(50, '姓名不能超过50字'),
    mobile: z.string().trim().max(20, '电话不能超过20位').default(''),
  }),
  miniprogram: z.record(z.string(), z.unknown()),
  msgmenu: z.record(z.string(), z.unknown()),
};

/** The kinds whose payload names an upload. */
export const IM_FILE_TYPES: readonly ImEventType[] = ['image', 'voice', 'video', 'file'];

/**
 * Frames on the socket. Client → server: {eventType:'ping'} or {eventType, payload, clientId?}.
 * Server → client: {eventType:'pong'}, {eventType:'ack', clientId, data: message}, {eventType:'message', data: message},
 * {eventType:'error', message}.
 */
export const imClientFrame = z
  .object({
    eventType: L(z.enum(IM_EVENT_TYPES, '不支持的消息类型'), '消息类型'),
    payload: L(
      z.unknown().refine((p) => p !== undefined && p !== null && p !== '', '消息内容不能为空'),
      '消息内容',
    ),
    clientId: L(z.string().max(64).optional(), '消息编号'),
  })
  .transform((f, ctx) => {
    const r = IM_PAYLOADS[f.eventType].safeParse(f.payload);
    if (r.success) return { ...f, payload: r.data as unknown };
    ctx.addIssue({ code: 'custom', message: r.error.issues[0]?.message ?? '消息内容不正确', path: ['payload'] });
    return z.NEVER;
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
