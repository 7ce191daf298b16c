import { type PlanId, powersOfUser, type RoleOverrides } from '@sk/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client';
import { rows } from '../db/client';
import { sessions } from '../db/schema/index';
import { randomToken, sha256 } from './crypto';

export const SESSION_COOKIE = 'sk_sid';
/**
 * The app shell sends its session id in this header (the login with
 * client 'app' answers it as sessionId). Same store and checks as the cookie; the header wins when both come.
 */
export const SESSION_HEADER = 'sessionid';

/** The session token of a request: the app's session-id header, else the cookie. */
export function sessionTokenOf(req: FastifyRequest): string | undefined {
  const h = req.headers[SESSION_HEADER];
  if (typeof h === 'string' && h) return h;
  return req.cookies[SESSION_COOKIE];
}
export const SESSION_TTL_MS = 7 * 24 * 3600 * 1000;
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export interface SessionEnterprise {
  id: number;
  name: string;
  /** 0 free, 1 VIP, 2 trial (the column holds no other value). */
  isChargeUser: PlanId;
  tryoutType: number;
  epServiceExpireTime: string | null;
  buyPersonNum: number;
  packageName: string;
  saleChannels: string;
  cropId: string | null;
  timeZone: string;
  versionMessage: string | null;
}

/** The logged-in user as every endpoint sees it. */
export interface SessionUser {
  sessionId: string;
  csrfToken: string;
  client: string;
  id: number;
  enterpriseId: number;
  name: string;
  mobile: string;
  avatar: string | null;
  deptId: number | null;
  sysrole: number | null;
  allRoles: number[];
  admin: boolean;
  userType: number;
  /** An outsourced user's service provider (user type 1); null for staff. */
  providerId: number | null;
  powers: string[];
  enterprise: SessionEnterprise;
  /** WAL position after the session's last writing request (kept only with a read replica): its reads wait for it. */
  writeLsn?: string | null;
}

interface Row {
  sid: string;
  csrf: string;
  client: string;
  last_seen_at: string;
  write_lsn: string | null;
  uid: number;
  enterprise_id: number;
  uname: string;
  mobile: string;
  avatar: string | null;
  dept_id: number | null;
  sysrole: number | null;
  roles: number[];
  admin: boolean;
  user_type: number;
  provider_id: number | null;
  ename: string;
  is_charge_user: number;
  tryout_type: number;
  ep_service_expire_time: string | null;
  buy_person_num: number;
  package_name: string;
  sale_channels: string;
  crop_id: string | null;
  time_zone: string;
  version_message: string | null;
  role_powers: RoleOverrides | null;
}

/**
 * The enterprise's edits of role powers (role_powers) as { role: { added, removed } }, read with the session in the
 * same query: every request computes its user's powers from its own enterprise's edits (never a cache across them).
 */
export const ROLE_POWERS_SQL = sql`(select json_object_agg(rp.role, json_build_object('added', rp.added, 'removed', rp.removed))
      from role_powers rp where rp.enterprise_id = u.enterprise_id) as role_powers`;

const USER_COLUMNS = sql`u.id as uid, u.enterprise_id, u.name as uname,
      u.mobile, u.avatar, u.dept_id, u.sysrole, u.roles, u.admin, u.user_type, u.provider_id, e.name as ename, e.is_charge_user, e.tryout_type,
      e.ep_service_expire_time, e.buy_person_num, e.package_name, e.sale_channels, e.crop_id, e.time_zone, e.version_message,
      ${ROLE_POWERS_SQL}`;

function toSessionUser(r: Row): SessionUser {
  const roles = (r.roles ?? []).map(Number);
  const sysrole = r.sysrole != null && roles.includes(Number(r.sysrole)) ? Number(r.sysrole) : (roles[0] ?? null);
  return {
    sessionId: r.sid,
    csrfToken: r.csrf,
    client: r.client,
    writeLsn: r.write_lsn,
    id: Number(r.uid),
    enterpriseId: Number(r.enterprise_id),
    name: r.uname,
    mobile: r.mobile,
    avatar: r.avatar,
    deptId: r.dept_id == null ? null : Number(r.dept_id),
    sysrole,
    allRoles: roles,
    // The enterprise's administrator flag never reaches a provider's user: he administers nothing of the enterprise.
    admin: r.admin && r.provider_id == null,
    userType: Number(r.user_type),
    providerId: r.provider_id == null ? null : Number(r.provider_id),
    powers: sysrole == null ? [] : powersOfUser(sysrole, r.provider_id != null, r.role_powers),
    enterprise: {
      id: Number(r.enterprise_id),
      name: r.ename,
      isChargeUser: Number(r.is_charge_user) as PlanId,
      tryoutType: Number(r.tryout_type),
      epServiceExpireTime: r.ep_service_expire_time,
      buyPersonNum: Number(r.buy_person_num),
      packageName: r.package_name,
      saleChannels: r.sale_channels,
      cropId: r.crop_id,
      timeZone: r.time_zone,
      versionMessage: r.version_message,
    },
  };
}

/**
 * An enabled user as a session would see them, without a session (jobs acting for a user, e.g. the daily digests,
 * count what the user's own menu would show). Null when the user is unknown, disabled or deleted.
 */
export async function sessionUserOf(ex: Executor, enterpriseId: number, userId: number): Promise<SessionUser | null> {
  const [r] = await rows<Row>(
    ex,
    sql`select '' as sid, '' as csrf, 'job' as client, now() as last_seen_at, null as write_lsn, ${USER_COLUMNS}
    from users u join enterprises e on e.id = u.enterprise_id
    where u.enterprise_id = ${enterpriseId} and u.id = ${userId} and u.enabled and u.deleted_at is null`,
  );
  return r ? toSessionUser(r) : null;
}

/** The session's statement: session, user and enterprise by the token's hash ($1). */
const sessionSql = (id: SQL | string) =>
  sql`select s.id as sid, s.csrf_token as csrf, s.client, s.last_seen_at, s.write_lsn::text as write_lsn, ${USER_COLUMNS}
    from sessions s
    join users u on u.enterprise_id = s.enterprise_id and u.id = s.user_id
    join enterprises e on e.id = s.enterprise_id
    where s.id = ${id} and s.expires_at > now() and u.enabled and u.deleted_at is null`;

/**
 * Every request sends the session's statement: its text is built once, and it is sent as a named statement, which
 * PostgreSQL parses and plans once per connection (a pooler in transaction mode is not supported anyway: docs/scaling.md).
 */
const LOAD_SESSION = { name: 'sk_load_session', text: new PgDialect().sqlToQuery(sessionSql('')).sql };
type Queryable = { query(q: { name: string; text: string; values: unknown[] }): Promise<{ rows: Row[] }> };

/** One query: session, user and enterprise, or null when the token is unknown, expired or the user is disabled. */
export async function loadSession(ex: Executor, token: string | undefined): Promise<SessionUser | null> {
  if (!token || token.length > 128) return null;
  const id = sha256(token);
  // The pool behind the database (not a transaction's client): the named statement; a transaction reads as any query.
  const pool = ex instanceof PgTransaction ? undefined : (ex as unknown as { $client?: Queryable }).$client;
  const [r] = pool ? (await pool.query({ ...LOAD_SESSION, values: [id] })).rows : await rows<Row>(ex, sessionSql(id));
  if (!r) return null;
  if (Date.now() - new Date(r.last_seen_at).getTime() > TOUCH_EVERY_MS) {
    await ex
      .update(sessions)
      .set({ lastSeenAt: sql`now()`, expiresAt: sql`now() + ${`${SESSION_TTL_MS / 1000} seconds`}::interval` })
      .where(and(eq(sessions.enterpriseId, r.enterprise_id), eq(sessions.id, r.sid)));
  }
  return toSessionUser(r);
}

export async function createSession(
  ex: Executor,
  p: { enterpriseId: number; userId: number; client?: string; ip?: string },
): Promise<{ token: string; csrfToken: string }> {
  const token = randomToken();
  const csrfToken = randomToken(18);
  await ex.insert(sessions).values({
    enterpriseId: p.enterpriseId,
    id: sha256(token),
    userId: p.userId,
    csrfToken,
    client: p.client ?? 'web',
    ip: p.ip,
    expiresAt: sql`now() + ${`${SESSION_TTL_MS / 1000} seconds`}::interval` as never,
  });
  return { token, csrfToken };
}

export async function destroySession(ex: Executor, token: string | undefined): Promise<void> {
  if (token) await ex.delete(sessions).where(eq(sessions.id, sha256(token)));
}
