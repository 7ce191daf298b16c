import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { affected, rows } from '../../db/client';
import { countOf, type PageRequest, pageRows, pageSql } from '../../platform/list';

/** Every query of the channels module (settings, token cache, chat-client accounts, work messages). */

export interface SettingRow {
  channel: number;
  enabled: boolean;
  corp_id: string;
  agent_id: string;
  app_key: string;
  secret_sealed: string;
  msg_enabled: boolean;
  updated_at: string | null;
}

export const settingsOf = (ex: Executor, ep: number) => rows<SettingRow>(ex, sql`select * from channel_settings where enterprise_id = ${ep} order by channel`);

export async function settingOf(ex: Executor, ep: number, channel: number): Promise<SettingRow | null> {
  const [r] = await rows<SettingRow>(ex, sql`select * from channel_settings where enterprise_id = ${ep} and channel = ${channel}`);
  return r ?? null;
}

/** The enterprises that enabled this corp id on this channel (at most one: saving refuses a second). */
export const enterprisesOfCorp = (ex: Executor, channel: number, corpId: string, exceptEp = 0) =>
  rows<SettingRow & { enterprise_id: number }>(
    ex,
    sql`select * from channel_settings where channel = ${channel} and corp_id = ${corpId} and enabled and enterprise_id <> ${exceptEp}`,
  );

export async function saveSetting(
  ex: Executor,
  ep: number,
  s: { channel: number; enabled: boolean; corpId: string; agentId: string; appKey: string; secretSealed: string | null; msgEnabled: boolean },
): Promise<void> {
  const secret = s.secretSealed == null ? sql`channel_settings.secret_sealed` : sql`excluded.secret_sealed`;
  await ex.execute(sql`insert into channel_settings (enterprise_id, channel, enabled, corp_id, agent_id, app_key, secret_sealed, msg_enabled)
    values (${ep}, ${s.channel}, ${s.enabled}, ${s.corpId}, ${s.agentId}, ${s.appKey}, ${s.secretSealed ?? ''}, ${s.msgEnabled})
    on conflict (enterprise_id, channel) do update set enabled = excluded.enabled, corp_id = excluded.corp_id, agent_id = excluded.agent_id,
      app_key = excluded.app_key, secret_sealed = ${secret}, msg_enabled = excluded.msg_enabled, updated_at = now()`);
  await ex.execute(sql`delete from channel_tokens where enterprise_id = ${ep} and channel = ${s.channel}`);
}

// ---- token cache ----

/** A cached value still good for at least a minute. */
export async function cachedToken(ex: Executor, ep: number, channel: number, kind: string): Promise<string | null> {
  const [r] = await rows<{ v: string }>(
    ex,
    sql`select value_sealed v from channel_tokens where enterprise_id = ${ep} and channel = ${channel} and kind = ${kind} and expires_at > now() + interval '60 seconds'`,
  );
  return r?.v ?? null;
}
export async function storeToken(ex: Executor, ep: number, channel: number, kind: string, sealed: string, seconds: number): Promise<void> {
  await ex.execute(sql`insert into channel_tokens (enterprise_id, channel, kind, value_sealed, expires_at)
    values (${ep}, ${channel}, ${kind}, ${sealed}, now() + make_interval(secs => ${seconds}))
    on conflict (enterprise_id, channel, kind) do update set value_sealed = excluded.value_sealed, expires_at = excluded.expires_at`);
}
export const dropTokens = (ex: Executor, ep: number, channel: number) =>
  ex.execute(sql`delete from channel_tokens where enterprise_id = ${ep} and channel = ${channel}`);

// ---- users ----

/** The enterprise's (not deleted) user with this mobile, and whether he may log in. */
export async function userByMobile(ex: Executor, ep: number, mobile: string): Promise<{ id: number; enabled: boolean } | null> {
  const [r] = await rows<{ id: number; enabled: boolean }>(
    ex,
    sql`select id::int as id, enabled from users where enterprise_id = ${ep} and mobile = ${mobile} and deleted_at is null`,
  );
  return r ?? null;
}

export const bindUser = (ex: Executor, ep: number, userId: number, channel: number, platformUserId: string) =>
  ex.execute(sql`with freed as (
      delete from channel_users where enterprise_id = ${ep} and channel = ${channel} and platform_user_id = ${platformUserId} and user_id <> ${userId})
    insert into channel_users (enterprise_id, user_id, channel, platform_user_id) values (${ep}, ${userId}, ${channel}, ${platformUserId})
    on conflict (enterprise_id, user_id, channel) do update set platform_user_id = excluded.platform_user_id, updated_at = now()`);

export const setMsgOn = (ex: Executor, ep: number, userId: number, channel: number, on: boolean) =>
  affected(ex, sql`update channel_users set msg_on = ${on}, updated_at = now() where enterprise_id = ${ep} and user_id = ${userId} and channel = ${channel}`);

export async function userExists(ex: Executor, ep: number, userId: number): Promise<boolean> {
  return (await rows<{ one: number }>(ex, sql`select 1 as one from users where enterprise_id = ${ep} and id = ${userId} and deleted_at is null`)).length > 0;
}

export interface BoundUserRow {
  userId: number;
  name: string;
  mobile: string;
  channel: number;
  platformUserId: string;
  msgOn: boolean;
}
export function boundUsers(ex: Executor, ep: number, f: { channel?: number; keyword?: string }, page: PageRequest) {
  const where = sql`cu.enterprise_id = ${ep} ${f.channel ? sql`and cu.channel = ${f.channel}` : sql``}
    ${f.keyword ? sql`and (u.name ilike ${`%${f.keyword}%`} or u.mobile like ${`%${f.keyword}%`})` : sql``}`;
  const from = sql`channel_users cu join users u on u.enterprise_id = cu.enterprise_id and u.id = cu.user_id and u.deleted_at is null`;
  return {
    list: () =>
      rows<BoundUserRow>(
        ex,
        sql`select cu.user_id::int "userId", u.name, u.mobile, cu.channel::int channel, cu.platform_user_id "platformUserId", cu.msg_on "msgOn"
          from ${from} where ${where} order by u.name, cu.user_id, cu.channel ${pageSql(page)}`,
      ),
    count: () => countOf(ex, from, where),
  };
}

export async function boundCounts(ex: Executor, ep: number): Promise<Map<number, number>> {
  const r = await rows<{ channel: number; n: number }>(
    ex,
    sql`select channel::int channel, count(*)::int n from channel_users where enterprise_id = ${ep} group by channel`,
  );
  return new Map(r.map((x) => [x.channel, x.n]));
}

// ---- work messages ----

export interface MessageFilter {
  userId?: number;
  channel?: number;
  status?: number;
}
function messageWhere(ep: number, f: MessageFilter): SQL {
  return sql`m.enterprise_id = ${ep} ${f.userId ? sql`and m.user_id = ${f.userId}` : sql``}
    ${f.channel ? sql`and m.channel = ${f.channel}` : sql``} ${f.status != null ? sql`and m.status = ${f.status}` : sql``}`;
}
export interface MessageRow {
  id: number;
  noticeId: number;
  userId: number;
  userName: string;
  channel: number;
  title: string;
  content: string;
  link: string | null;
  status: number;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}
export const listMessages = (ex: Executor, ep: number, f: MessageFilter, page: PageRequest) =>
  rows<MessageRow>(
    ex,
    sql`select m.id::int id, m.notice_id::int "noticeId", m.user_id::int "userId", u.name "userName", m.channel::int channel, m.title, m.content,
        m.link, m.status::int status, m.attempts, m.last_error "lastError", m.created_at "createdAt", m.sent_at "sentAt"
      from (${pageRows('work_messages', 'm', ep, messageWhere(ep, f), sql`m.id desc`, page)}) m
      join users u on u.enterprise_id = m.enterprise_id and u.id = m.user_id
      order by m.id desc`,
  );
export const countMessages = (ex: Executor, ep: number, f: MessageFilter) => countOf(ex, sql`work_messages m`, messageWhere(ep, f));

export interface DueMessage {
  enterprise_id: number;
  id: number;
  channel: number;
  platform_user_id: string;
  title: string;
  content: string;
  attempts: number;
}
/**
 * Claims due messages (waiting or waiting to retry): status 4 and one more attempt, in one statement with SKIP LOCKED,
 * so two senders never claim the same row and a claimed row is sent by one sender only.
 */
export const claimDue = (ex: Executor, limit: number, enterpriseId?: number) =>
  rows<DueMessage>(
    ex,
    sql`update work_messages m set status = 4, attempts = m.attempts + 1, next_attempt_at = null, claimed_at = now()
      from (select enterprise_id, id from work_messages where status in (0, 2) and next_attempt_at <= now()
        ${enterpriseId ? sql`and enterprise_id = ${enterpriseId}` : sql``}
        order by next_attempt_at limit ${limit} for update skip locked) d
      where m.enterprise_id = d.enterprise_id and m.id = d.id
      returning m.enterprise_id::int enterprise_id, m.id::int id, m.channel::int channel, m.platform_user_id, m.title, m.content, m.attempts`,
  );

export const markSent = (ex: Executor, ep: number, id: number) =>
  ex.execute(sql`update work_messages set status = 1, sent_at = now(), last_error = null where enterprise_id = ${ep} and id = ${id} and status = 4`);

/** A failed attempt: wait `waitSeconds` and try again, or (null) failed for good. */
export const markFailed = (ex: Executor, ep: number, id: number, error: string, waitSeconds: number | null) =>
  ex.execute(sql`update work_messages set status = ${waitSeconds == null ? 3 : 2}, last_error = ${error.slice(0, 300)},
      next_attempt_at = ${waitSeconds == null ? sql`null` : sql`now() + make_interval(secs => ${waitSeconds})`}
    where enterprise_id = ${ep} and id = ${id} and status = 4`);

/** Serialises the enabling of one corp id (until the transaction ends). */
export const lockCorp = (ex: Executor, channel: number, corpId: string) =>
  ex.execute(sql`select pg_advisory_xact_lock(hashtext(${`sk.channel_corp:${channel}:${corpId}`}))`);

/** Claims older than ten minutes whose sender never answered (it died): failed, not sent again (never twice). */
export const failAbandoned = (ex: Executor) =>
  affected(
    ex,
    sql`update work_messages set status = 3, last_error = '发送中断，结果未知；为避免重复发送未再重试'
      where status = 4 and claimed_at < now() - interval '10 minutes'`,
  );

/** The stored file an OCR request names, of the enterprise. */
export async function uploadToRead(ex: Executor, enterpriseId: number, fileId: number): Promise<{ path: string; mime: string; kind: string } | undefined> {
  const [file] = await rows<{ path: string; mime: string; kind: string }>(
    ex,
    sql`select path, mime, kind from uploads where enterprise_id = ${enterpriseId} and id = ${fileId}`,
  );
  return file;
}
