import type { Config } from '../../config';
import { AppError } from '../../platform/errors';

/**
 * The two chat platforms' server APIs, as far as we use them: access token, jsapi (and WeCom agent) ticket, user by
 * login code, the user's mobile, and a work message. The base URL comes from the configuration (WECOM_API_URL,
 * DINGTALK_API_URL), so tests point it at a local fake speaking the same protocol.
 */
export interface AppCredentials {
  corpId: string;
  agentId: string;
  appKey: string;
  secret: string;
}
export interface Expiring {
  value: string;
  expiresIn: number;
}
export type TicketKind = 'jsapi' | 'agent';

export interface ChannelClient {
  readonly label: string;
  accessToken(app: AppCredentials): Promise<Expiring>;
  ticket(token: string, kind: TicketKind): Promise<Expiring>;
  /** The platform's user id of a login code. */
  userIdByCode(token: string, code: string): Promise<string>;
  mobileOf(token: string, userId: string): Promise<string | null>;
  sendText(token: string, app: AppCredentials, userId: string, text: string): Promise<void>;
}

/** An error code the platform answers when the token expired or is invalid: drop the cached one. */
export class TokenRejected extends Error {}

const TIMEOUT_MS = 10_000;
const TOKEN_ERRCODES = new Set([40001, 40014, 42001, 88, 33001]);

async function call(label: string, url: string, init?: { body: unknown }): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init ? 'POST' : 'GET',
      headers: init ? { 'content-type': 'application/json' } : undefined,
      body: init ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (err) {
    throw new AppError('CHANNEL_API', { channel: label, detail: err instanceof Error && err.name === 'TimeoutError' ? '请求超时' : '无法连接服务器' });
  }
  if (!res.ok) throw new AppError('CHANNEL_API', { channel: label, detail: `HTTP ${res.status}` });
  const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!body || typeof body !== 'object') throw new AppError('CHANNEL_API', { channel: label, detail: '应答无法解析' });
  const errcode = Number(body.errcode ?? 0);
  if (errcode !== 0) {
    if (TOKEN_ERRCODES.has(errcode)) throw new TokenRejected(`${label} errcode ${errcode}`);
    throw new AppError('CHANNEL_API', { channel: label, detail: `${errcode} ${String(body.errmsg ?? '').slice(0, 100)}`.trim() });
  }
  return body;
}

const str = (label: string, v: unknown, what: string): string => {
  if (typeof v === 'string' && v) return v;
  throw new AppError('CHANNEL_API', { channel: label, detail: `应答缺少${what}` });
};
const ttl = (v: unknown): number => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 7200) : 7200;
};
const q = encodeURIComponent;

/** 企业微信: https://developer.work.weixin.qq.com/document/path/91039 (token), 90506 (jsapi), 91023 (oauth), 90236 (message). */
export class WeComClient implements ChannelClient {
  readonly label = '企业微信';
  constructor(private readonly base: string) {}
  async accessToken(app: AppCredentials): Promise<Expiring> {
    const b = await call(this.label, `${this.base}/cgi-bin/gettoken?corpid=${q(app.corpId)}&corpsecret=${q(app.secret)}`);
    return { value: str(this.label, b.access_token, 'access_token'), expiresIn: ttl(b.expires_in) };
  }
  async ticket(token: string, kind: TicketKind): Promise<Expiring> {
    const url =
      kind === 'agent'
        ? `${this.base}/cgi-bin/ticket/get?access_token=${q(token)}&type=agent_config`
        : `${this.base}/cgi-bin/get_jsapi_ticket?access_token=${q(token)}`;
    const b = await call(this.label, url);
    return { value: str(this.label, b.ticket, 'ticket'), expiresIn: ttl(b.expires_in) };
  }
  async userIdByCode(token: string, code: string): Promise<string> {
    const b = await call(this.label, `${this.base}/cgi-bin/auth/getuserinfo?access_token=${q(token)}&code=${q(code)}`);
    return str(this.label, b.userid ?? b.UserId, 'userid（非企业成员）');
  }
  async mobileOf(token: string, userId: string): Promise<string | null> {
    const b = await call(this.label, `${this.base}/cgi-bin/user/get?access_token=${q(token)}&userid=${q(userId)}`);
    return typeof b.mobile === 'string' && b.mobile ? b.mobile : null;
  }
  async sendText(token: string, app: AppCredentials, userId: string, text: string): Promise<void> {
    await call(this.label, `${this.base}/cgi-bin/message/send?access_token=${q(token)}`, {
      body: {
        touser: userId,
        msgtype: 'text',
        agentid: Number(app.agentId) || app.agentId,
        text: { content: text },
        // The platform drops a repeat of the same message within 30 minutes (a retry after a lost answer).
        enable_duplicate_check: 1,
        duplicate_check_interval: 1800,
      },
    });
  }
}

/** 钉钉: https://open.dingtalk.com/document/orgapp/obtain-orgapp-token, jsapi ticket, user info by code, work notice. */
export class DingTalkClient implements ChannelClient {
  readonly label = '钉钉';
  constructor(private readonly base: string) {}
  async accessToken(app: AppCredentials): Promise<Expiring> {
    const b = await call(this.label, `${this.base}/gettoken?appkey=${q(app.appKey)}&appsecret=${q(app.secret)}`);
    return { value: str(this.label, b.access_token, 'access_token'), expiresIn: ttl(b.expires_in) };
  }
  async ticket(token: string): Promise<Expiring> {
    const b = await call(this.label, `${this.base}/get_jsapi_ticket?access_token=${q(token)}`);
    return { value: str(this.label, b.ticket, 'ticket'), expiresIn: ttl(b.expires_in) };
  }
  async userIdByCode(token: string, code: string): Promise<string> {
    const b = await call(this.label, `${this.base}/topapi/v2/user/getuserinfo?access_token=${q(token)}`, { body: { code } });
    return str(this.label, (b.result as Record<string, unknown> | undefined)?.userid, 'userid');
  }
  async mobileOf(token: string, userId: string): Promise<string | null> {
    const b = await call(this.label, `${this.base}/topapi/v2/user/get?access_token=${q(token)}`, { body: { userid: userId } });
    const m = (b.result as Record<string, unknown> | undefined)?.mobile;
    return typeof m === 'string' && m ? m : null;
  }
  async sendText(token: string, app: AppCredentials, userId: string, text: string): Promise<void> {
    await call(this.label, `${this.base}/topapi/message/corpconversation/asyncsend_v2?access_token=${q(token)}`, {
      body: { agent_id: Number(app.agentId) || app.agentId, userid_list: userId, msg: { msgtype: 'text', text: { content: text } } },
    });
  }
}

const strip = (u: string) => u.replace(/\/+$/, '');
export function clientOf(config: Config, channel: number): ChannelClient {
  return channel === 2 ? new WeComClient(strip(config.WECOM_API_URL)) : new DingTalkClient(strip(config.DINGTALK_API_URL));
}
