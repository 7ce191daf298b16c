import { z } from 'zod';
import { POWERS } from '../auth/powers';
import { endpoint } from '../common/contract';
import { coerceInt } from '../common/ints';
import { pageQuery } from '../common/pagination';
import { L } from '../common/zod';

/**
 * WeCom (企业微信) and DingTalk (钉钉): the enterprise's application, jsapi signatures, login inside the chat client,
 * work messages (工作通知), and OCR. docs/channels.md.
 */
export const CHAT_CHANNELS = { dingtalk: 1, wecom: 2 } as const;
export type ChannelName = keyof typeof CHAT_CHANNELS;
export const CHANNEL_LABELS: Record<number, string> = { 1: '钉钉', 2: '企业微信' };
export const WORK_MESSAGE_STATUS_LABELS: Record<number, string> = { 0: '待发送', 1: '已发送', 2: '等待重试', 3: '发送失败', 4: '发送中' };

const channelName = L(z.enum(['dingtalk', 'wecom'], '只能是钉钉（dingtalk）或企业微信（wecom）'), '渠道');
const channelNo = L(
  coerceInt('smallint').refine((n) => n === 1 || n === 2, '只能是1（钉钉）或2（企业微信）'),
  '渠道',
);
const text = (label: string, max: number) =>
  L(
    z
      .string()
      .trim()
      .max(max, `不能超过${max}个字符`)
      .regex(/^[\w.\-@]*$/, '只能包含字母、数字和 . - _ @'),
    label,
  );

/** What the settings page is shown of an application: never the secret, only whether one is stored. */
export const channelSettingSchema = z.object({
  channel: z.number(),
  channelName: z.string(),
  enabled: z.boolean(),
  corpId: z.string(),
  agentId: z.string(),
  appKey: z.string(),
  secretSet: z.boolean(),
  msgEnabled: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type ChannelSetting = z.infer<typeof channelSettingSchema>;

/** wx.config / dd.config of a page. */
export const jsapiConfigSchema = z.object({
  agentid: z.string(),
  corpId: z.string(),
  timeStamp: z.number(),
  nonceStr: z.string(),
  signature: z.string(),
});
const pageUrl = z.object({
  url: L(z.string().trim().min(1, '不能为空').max(2000, '过长').url('格式不正确'), '页面地址'),
});

const loginResult = z.object({ needChoose: z.literal(false), sessionId: z.string().optional() });

export const workMessageSchema = z.object({
  id: z.number(),
  noticeId: z.number(),
  userId: z.number(),
  userName: z.string(),
  channel: z.number(),
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  status: z.number(),
  statusName: z.string(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
const msgFilters = z.object({
  channel: channelNo.optional(),
  status: L(coerceInt('smallint').min(0).max(4).optional(), '状态'),
  userId: L(coerceInt('bigint').positive().optional(), '人员'),
});

export const channelsContract = {
  settings: endpoint({ method: 'GET', path: '/channel/settings', power: POWERS.systemSetting, response: z.array(channelSettingSchema) }),
  /** An empty or absent secret keeps the stored one; a new one replaces it. Saving drops the cached tokens. */
  saveSettings: endpoint({
    method: 'PUT',
    path: '/channel/settings',
    power: POWERS.systemSetting,
    adminOnly: true,
    body: z.object({
      channel: channelName,
      enabled: z.boolean().default(false),
      corpId: text('企业ID（CorpId）', 64),
      agentId: text('应用AgentId', 32),
      appKey: text('应用AppKey', 64).default(''),
      secret: L(z.string().trim().max(128, '不能超过128个字符').regex(/^\S*$/, '不能包含空格').optional(), '应用密钥（Secret）'),
      msgEnabled: L(z.boolean().default(false), '工作通知'),
    }),
    response: channelSettingSchema,
  }),
  jsapiCfg: endpoint({ method: 'POST', path: '/jsapi/cfg', body: pageUrl, response: jsapiConfigSchema }),
  workwxJsapiCfg: endpoint({ method: 'POST', path: '/workwx/jsapi/cfg', body: pageUrl, response: jsapiConfigSchema }),
  workwxAgentCfg: endpoint({ method: 'POST', path: '/workwx/jsapi/agentCfg', body: pageUrl, response: jsapiConfigSchema }),
  /** Login inside the chat client: the client's OAuth / free-login code → its user → our user by mobile. */
  embedLogin: endpoint({
    method: 'POST',
    path: '/embed/login',
    auth: 'public',
    body: z.object({
      channel: channelName,
      corpId: text('企业ID（CorpId）', 64).pipe(z.string().min(1, '不能为空')),
      code: L(z.string().trim().min(1, '不能为空').max(512, '过长'), '授权码'),
      client: z.enum(['web', 'app']).default('web'),
    }),
    response: loginResult,
  }),
  /** The desktop client: what it needs to ask its client for a login code (DingTalk requestAuthCode, WeCom OAuth). */
  pcAuthCode: endpoint({
    method: 'GET',
    path: '/getPcAuthCode',
    auth: 'public',
    query: z.object({
      corpId: text('企业ID（CorpId）', 64).pipe(z.string().min(1, '不能为空')),
      channel: channelName.optional(),
      redirect: L(z.string().trim().max(2000, '过长').url('格式不正确').optional(), '回跳地址'),
    }),
    response: z.object({ channel: z.string(), corpId: z.string(), agentId: z.string(), authorizeUrl: z.string().nullable() }),
  }),
  /** The enterprise's users and their chat-client accounts (who receives work messages). */
  msgUserList: endpoint({
    method: 'GET',
    path: '/ding/msg/userList',
    power: POWERS.systemSetting,
    query: pageQuery.extend({ channel: channelNo.optional(), keyword: L(z.string().trim().max(50).optional(), '关键字') }),
    response: z.object({
      list: z.array(
        z.object({ userId: z.number(), name: z.string(), mobile: z.string(), channel: z.number(), platformUserId: z.string(), msgOn: z.boolean() }),
      ),
      count: z.number(),
    }),
  }),
  /** The delivery log: an administrator sees everyone's (filter userId), others their own. */
  msgList: endpoint({ method: 'GET', path: '/ding/msg/list', query: pageQuery.merge(msgFilters), response: z.array(workMessageSchema) }),
  msgCount: endpoint({ method: 'GET', path: '/ding/msg/count', query: msgFilters, response: z.number() }),
  /** A user's own switch (an administrator may set anyone's with userId). */
  msgSwitch: endpoint({
    method: 'POST',
    path: '/ding/msg/switch',
    body: z.object({ channel: channelName, on: L(z.boolean(), '工作通知开关'), userId: L(coerceInt('bigint').positive().optional(), '人员') }),
    response: z.object({ changed: z.number() }),
  }),
  /** 应用管理: the enterprise's chat-client applications and their state. */
  appList: endpoint({
    method: 'GET',
    path: '/application/manage/list',
    response: z.object({
      list: z.array(
        z.object({
          channel: z.number(),
          channelName: z.string(),
          name: z.string(),
          corpId: z.string(),
          agentId: z.string(),
          enabled: z.boolean(),
          configured: z.boolean(),
          msgEnabled: z.boolean(),
          boundUsers: z.number(),
        }),
      ),
      count: z.number(),
    }),
  }),
  /** Reads a nameplate or a business card from an uploaded image. */
  ocr: endpoint({
    method: 'GET',
    path: '/ocr/ali',
    query: z.object({
      fileId: L(coerceInt('bigint').positive(), '图片'),
      type: L(z.enum(['nameplate', 'businessCard'], '只能是铭牌（nameplate）或名片（businessCard）').default('nameplate'), '识别类型'),
    }),
    response: z.object({ type: z.string(), text: z.string(), fields: z.record(z.string(), z.string()) }),
  }),
};
