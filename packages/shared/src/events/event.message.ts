import { z } from 'zod';
import { coerceInt } from '../common/ints';
import { describeIssue, id, L } from '../common/zod';
import { optionalText, requiredId, requiredText } from '../customers/fields';
import { EVENT_MESSAGE_KINDS, type EventMessageKind } from './events.constants';

/**
 * What each kind of conversation entry on an event carries (spec: eventType and payload; the kinds of
 * an instant message). Uploads go by their id; the IM kinds take the fields their cards show, nothing else.
 */
const upload = L(coerceInt('bigint', '文件不正确').positive('文件不正确'), '文件');
const url = L(
  z
    .string()
    .trim()
    .max(2000, '链接不能超过2000个字')
    .regex(/^https?:\/\/\S+$/i, '请输入以http://或https://开头的链接'),
  '链接',
);
const degrees = (label: string, max: number) =>
  L(
    z
      .number({ error: `${label}不正确` })
      .min(-max, `${label}不正确`)
      .max(max, `${label}不正确`),
    label,
  );

export const EVENT_MESSAGE_PAYLOADS: Record<Exclude<EventMessageKind, 'action'>, z.ZodType> = {
  text: L(z.string({ error: '请输入消息内容' }).trim().min(1, '请输入消息内容').max(2000, '消息内容不能超过2000个字'), '消息内容'),
  image: upload,
  voice: upload,
  video: upload,
  file: upload,
  link: z.strictObject({ title: requiredText('标题', 100), url, desc: optionalText('描述', 500) }),
  miniprogram: z.strictObject({ appid: requiredText('小程序', 64), title: requiredText('标题', 100), pagepath: requiredText('页面路径', 500) }),
  msgmenu: z.strictObject({
    head_content: optionalText('菜单开头', 500),
    list: L(
      z
        .array(z.strictObject({ id: requiredText('菜单项编号', 64), content: requiredText('菜单项', 100) }))
        .min(1, '请添加菜单项')
        .max(10, '菜单项最多10个'),
      '菜单项',
    ),
    tail_content: optionalText('菜单结尾', 500),
  }),
  location: z.strictObject({
    name: optionalText('位置名称', 100),
    address: optionalText('地址', 200),
    latitude: degrees('纬度', 90),
    longitude: degrees('经度', 180),
  }),
  business_card: z.strictObject({ userId: L(id, '名片') }),
};

const SENDABLE = EVENT_MESSAGE_KINDS.filter((k) => k !== 'action') as [Exclude<EventMessageKind, 'action'>, ...Exclude<EventMessageKind, 'action'>[]];
/** Kinds whose payload is an upload of the enterprise. */
export const EVENT_MESSAGE_FILE_KINDS: readonly string[] = ['image', 'voice', 'video', 'file'];

/** POST /v2/event/process/addMessage: the payload is checked against its kind's shape (one message naming the field). */
export const addEventMessageBody = z
  .object({
    eventId: requiredId('事件'),
    eventType: L(z.enum(SENDABLE, '不支持的消息类型'), '消息类型'),
    payload: L(z.unknown(), '消息内容'),
  })
  .transform((b, ctx) => {
    const schema = EVENT_MESSAGE_PAYLOADS[b.eventType];
    const r = schema.safeParse(b.payload);
    if (r.success) return { ...b, payload: r.data as unknown };
    // A field inside the payload names itself ('链接：…'); the payload as a whole is '消息内容：…'.
    const issue = r.error.issues[0];
    const nested = (issue?.path.length ?? 0) > 0;
    ctx.addIssue({ code: 'custom', path: nested ? [] : ['payload'], message: nested ? describeIssue(schema, r.error) : (issue?.message ?? '格式不正确') });
    return z.NEVER;
  });
