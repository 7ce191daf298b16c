import { createHash, randomBytes } from 'node:crypto';
import { CHANNEL_LABELS, CHAT_CHANNELS, type ChannelName, type ChannelSetting } from '@sk/shared';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import { audit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import { openSecret, sealSecret } from '../../platform/secrets';
import { createSession } from '../../platform/session';
import { type AppCredentials, type ChannelClient, clientOf, type Expiring, type TicketKind, TokenRejected } from './clients';
import * as repo from './channels.repo';

export const labelOf = (channel: number): string => CHANNEL_LABELS[channel] ?? '';
const channelNames: Record<number, ChannelName> = { 1: 'dingtalk', 2: 'wecom' };

export function presentSetting(channel: number, r: repo.SettingRow | null): ChannelSetting {
  return {
    channel,
    channelName: labelOf(channel),
    enabled: r?.enabled ?? false,
    corpId: r?.corp_id ?? '',
    agentId: r?.agent_id ?? '',
    appKey: r?.app_key ?? '',
    secretSet: !!r?.secret_sealed,
    msgEnabled: r?.msg_enabled ?? false,
    updatedAt: r?.updated_at ?? null,
  };
}

export async function listSettings(db: Db, ep: number): Promise<ChannelSetting[]> {
  const stored = await repo.settingsOf(db, ep);
  return [CHAT_CHANNELS.dingtalk, CHAT_CHANNELS.wecom].map((c) => presentSetting(c, stored.find((r) => r.channel === c) ?? null));
}

// ---- the application's credentials and its tokens ----

interface App {
  enterpriseId: number;
  channel: number;
  creds: AppCredentials;
  client: ChannelClient;
}

function appOf(config: Config, ep: number, r: repo.SettingRow | null, channel: number): App {
  const secret = r?.secret_sealed ? openSecret(config, r.secret_sealed) : null;
  if (!r?.enabled || !r.corp_id || !secret) throw new AppError('CHANNEL_NOT_SET', { channel: labelOf(channel) });
  return {
    enterpriseId: ep,
    channel,
    creds: { corpId: r.corp_id, agentId: r.agent_id, appKey: r.app_key, secret },
    client: clientOf(config, channel),
  };
}

export async function enabledApp(db: Db, config: Config, ep: number, channel: number): Promise<App> {
  return appOf(config, ep, await repo.settingOf(db, ep, channel), channel);
}

/** A fetch of one token, per database: in flight, or stored (`storedSeq`: when, on the `reads` clock below). */
interface Flight {
  pending: Promise<string>;
  storedSeq?: number;
}
const inFlight = new WeakMap<Db, Map<string, Flight>>();
/** Orders the cache reads and the stores of this process. */
let reads = 0;

/**
 * A token or ticket from the cache in PostgreSQL, or fetched once per process (no lock or transaction is held while
 * the platform answers) and kept for its lifetime. A read that missed the cache joins the fetch in flight, or the one
 * stored after that read began (it may have missed the store by a moment). Instances that miss the cache together
 * each fetch once: both platforms answer the same token again within its lifetime.
 */
async function cached(db: Db, config: Config, app: App, kind: string, fetch: () => Promise<Expiring>): Promise<string> {
  const readSeq = ++reads;
  const sealed = await repo.cachedToken(db, app.enterpriseId, app.channel, kind);
  const hit = sealed ? openSecret(config, sealed) : null;
  if (hit) return hit;
  const mine = inFlight.get(db) ?? new Map<string, Flight>();
  inFlight.set(db, mine);
  const key = `${app.enterpriseId}:${app.channel}:${kind}`;
  const known = mine.get(key);
  if (known && (known.storedSeq === undefined || known.storedSeq > readSeq)) return known.pending;
  const pending = (async () => {
    const got = await fetch();
    await repo.storeToken(db, app.enterpriseId, app.channel, kind, sealSecret(config, got.value), got.expiresIn);
    return got.value;
  })();
  const flight: Flight = { pending };
  // Stored: its time on the clock. Failed: forgotten, so the next read fetches again.
  pending.then(
    () => {
      flight.storedSeq = ++reads;
    },
    () => {
      if (mine.get(key) === flight) mine.delete(key);
    },
  );
  mine.set(key, flight);
  return pending;
}

const accessToken = (db: Db, config: Config, app: App) => cached(db, config, app, 'access', () => app.client.accessToken(app.creds));

/** Runs a call with the access token; a token the platform rejects (expired early) is dropped and fetched once more. */
export async function withToken<T>(db: Db, config: Config, app: App, run: (token: string) => Promise<T>): Promise<T> {
  try {
    return await run(await accessToken(db, config, app));
  } catch (err) {
    if (!(err instanceof TokenRejected)) throw err;
    await repo.dropTokens(db, app.enterpriseId, app.channel);
    try {
      return await run(await accessToken(db, config, app));
    } catch (again) {
      if (again instanceof TokenRejected) throw new AppError('CHANNEL_API', { channel: labelOf(app.channel), detail: 'access_token 无效' });
      throw again;
    }
  }
}

// ---- settings ----

export interface SaveInput {
  channel: ChannelName;
  enabled: boolean;
  corpId: string;
  agentId: string;
  appKey: string;
  secret?: string;
  msgEnabled: boolean;
}

/**
 * Saves the application. Enabling it proves the credentials: the platform must hand out an access token for them,
 * so nobody can enable (and hold) a corp id whose secret he does not have.
 */
export async function saveSettings(db: Db, config: Config, ep: number, userId: number, input: SaveInput): Promise<ChannelSetting> {
  const channel = CHAT_CHANNELS[input.channel];
  const label = labelOf(channel);
  const stored = await repo.settingOf(db, ep, channel);
  const secret = input.secret ? input.secret : stored?.secret_sealed ? openSecret(config, stored.secret_sealed) : null;
  if (input.enabled) {
    if (!input.corpId) throw new AppError('VALIDATION', { detail: `企业ID（CorpId）：启用${label}须填写` });
    if (!input.agentId) throw new AppError('VALIDATION', { detail: `应用AgentId：启用${label}须填写` });
    if (channel === CHAT_CHANNELS.dingtalk && !input.appKey) throw new AppError('VALIDATION', { detail: '应用AppKey：启用钉钉须填写' });
    if (!secret) throw new AppError('VALIDATION', { detail: `应用密钥（Secret）：启用${label}须填写` });
    if ((await repo.enterprisesOfCorp(db, channel, input.corpId, ep)).length > 0) throw new AppError('CHANNEL_CORP_TAKEN');
    try {
      await clientOf(config, channel).accessToken({ corpId: input.corpId, agentId: input.agentId, appKey: input.appKey, secret });
    } catch (err) {
      if (err instanceof TokenRejected) throw new AppError('CHANNEL_API', { channel: label, detail: '企业ID或Secret不正确' });
      throw err;
    }
  }
  await db.transaction(async (tx) => {
    // Two administrators enabling one corp id at once: the second waits here and is refused.
    await repo.lockCorp(tx, channel, input.corpId);
    if (input.enabled && (await repo.enterprisesOfCorp(tx, channel, input.corpId, ep)).length > 0) throw new AppError('CHANNEL_CORP_TAKEN');
    await repo.saveSetting(tx, ep, {
      channel,
      enabled: input.enabled,
      corpId: input.corpId,
      agentId: input.agentId,
      appKey: input.appKey,
      secretSealed: input.secret ? sealSecret(config, input.secret) : null,
      msgEnabled: input.msgEnabled,
    });
    await audit(tx, {
      action: 'channel_settings',
      enterpriseId: ep,
      userId,
      detail: { channel: input.channel, enabled: input.enabled, secretReplaced: !!input.secret },
    });
  });
  return presentSetting(channel, await repo.settingOf(db, ep, channel));
}

// ---- jsapi ----

/** The page URL as signed: everything before the fragment. */
export const signedUrl = (url: string): string => url.split('#')[0] ?? url;

/** WeCom's and DingTalk's jsapi signature: SHA-1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`, hex. */
export const jsapiSignature = (ticket: string, nonceStr: string, timeStamp: number, url: string): string =>
  createHash('sha1')
    .update(`jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timeStamp}&url=${signedUrl(url)}`)
    .digest('hex');

export async function jsapiConfig(db: Db, config: Config, ep: number, channel: number, kind: TicketKind, url: string) {
  const app = await enabledApp(db, config, ep, channel);
  const ticket = await withToken(db, config, app, (token) =>
    cached(db, config, app, kind === 'agent' ? 'agent_ticket' : 'jsapi_ticket', () => app.client.ticket(token, kind)),
  );
  const nonceStr = randomBytes(12).toString('base64url');
  const timeStamp = Math.floor(Date.now() / 1000);
  return { agentid: app.creds.agentId, corpId: app.creds.corpId, timeStamp, nonceStr, signature: jsapiSignature(ticket, nonceStr, timeStamp, url) };
}

// ---- login inside the chat client ----

/** The chat client's login code → its user → his mobile → our enabled user with that mobile in the corp's enterprise. */
export async function embedLogin(
  db: Db,
  config: Config,
  p: { channel: ChannelName; corpId: string; code: string; client: string; ip: string },
): Promise<{ token: string; enterpriseId: number; userId: number }> {
  const channel = CHAT_CHANNELS[p.channel];
  const label = labelOf(channel);
  const [setting] = await repo.enterprisesOfCorp(db, channel, p.corpId);
  if (!setting) throw new AppError('CHANNEL_NOT_SET', { channel: label });
  const ep = setting.enterprise_id;
  const app = appOf(config, ep, setting, channel);
  const { platformUserId, mobile } = await withToken(db, config, app, async (token) => {
    const id = await app.client.userIdByCode(token, p.code);
    return { platformUserId: id, mobile: await app.client.mobileOf(token, id) };
  });
  if (!mobile) throw new AppError('EMBED_NO_MOBILE', { channel: label });
  const user = await repo.userByMobile(db, ep, mobile.replace(/^\+?86-?/, ''));
  if (user && !user.enabled) throw new AppError('USER_DISABLED');
  if (!user) {
    await audit(db, { action: 'login_failed', enterpriseId: ep, mobile, ip: p.ip, detail: { reason: 'embed_unknown', channel: p.channel } });
    throw new AppError('EMBED_USER_UNKNOWN', { channel: label });
  }
  const session = await db.transaction(async (tx) => {
    await repo.bindUser(tx, ep, user.id, channel, platformUserId);
    return createSession(tx, { enterpriseId: ep, userId: user.id, client: p.client, ip: p.ip });
  });
  await audit(db, { action: 'login', enterpriseId: ep, userId: user.id, mobile, ip: p.ip, detail: { client: p.client, channel: p.channel } });
  return { token: session.token, enterpriseId: ep, userId: user.id };
}

/** What the desktop client needs to ask for a login code: the corp and agent, and for WeCom the OAuth address. */
export async function pcAuthCode(db: Db, p: { corpId: string; channel?: ChannelName; redirect?: string }) {
  const channels = p.channel ? [CHAT_CHANNELS[p.channel]] : [CHAT_CHANNELS.wecom, CHAT_CHANNELS.dingtalk];
  for (const channel of channels) {
    const [s] = await repo.enterprisesOfCorp(db, channel, p.corpId);
    if (!s) continue;
    const authorizeUrl =
      channel === CHAT_CHANNELS.wecom && p.redirect
        ? `https://open.weixin.qq.com/connect/oauth2/authorize?appid=${encodeURIComponent(s.corp_id)}&redirect_uri=${encodeURIComponent(p.redirect)}` +
          `&response_type=code&scope=snsapi_base&state=sk&agentid=${encodeURIComponent(s.agent_id)}#wechat_redirect`
        : null;
    return { channel: channelNames[channel] ?? '', corpId: s.corp_id, agentId: s.agent_id, authorizeUrl };
  }
  throw new AppError('CHANNEL_NOT_SET', { channel: p.channel ? labelOf(CHAT_CHANNELS[p.channel]) : '企业微信/钉钉' });
}

export async function appList(ex: Executor, ep: number) {
  const stored = await repo.settingsOf(ex, ep);
  const bound = await repo.boundCounts(ex, ep);
  const list = [CHAT_CHANNELS.dingtalk, CHAT_CHANNELS.wecom].map((c) => {
    const r = stored.find((x) => x.channel === c);
    return {
      channel: c,
      channelName: labelOf(c),
      name: `服务管家（${labelOf(c)}）`,
      corpId: r?.corp_id ?? '',
      agentId: r?.agent_id ?? '',
      enabled: r?.enabled ?? false,
      configured: !!(r?.corp_id && r.secret_sealed),
      msgEnabled: r?.msg_enabled ?? false,
      boundUsers: bound.get(c) ?? 0,
    };
  });
  return { list, count: list.length };
}
