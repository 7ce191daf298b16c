// The customer portal's own session (docs/portal.md): cookie sk_portal, table portal_sessions. A staff session is
// never read on portal endpoints and this one never on staff endpoints (platform/endpoint.ts picks by `auth`).
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rows } from '../db/client';
import { portalSessions } from '../db/schema/index';
import { randomToken, sha256 } from './crypto';

export const PORTAL_COOKIE = 'sk_portal';
export const PORTAL_CSRF_HEADER = 'x-portal-csrf';
export const PORTAL_SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** Who is asking on the portal: a home account, and the enterprise and customer that scope every query. */
export interface PortalSession {
  sessionId: string;
  csrfToken: string;
  accountId: number;
  enterpriseId: number;
  customerId: number;
  /** The account's contact of the customer, if it names one. */
  contactId: number | null;
  name: string;
  mobile: string;
  /** The staff member who opened the account (shown as the creator of what the portal makes). */
  createdBy: number | null;
  customerName: string;
  enterpriseName: string;
  timeZone: string;
}

interface Row {
  sid: string;
  csrf: string;
  last_seen_at: string;
  account_id: number;
  enterprise_id: number;
  customer_id: number;
  link_person_id: number | null;
  name: string;
  mobile: string;
  created_by: number | null;
  customer_name: string;
  enterprise_name: string;
  time_zone: string;
}

/**
 * One query: the session with its account, customer and enterprise; null when the token is unknown or expired, the
 * account is disabled or no longer belongs to the customer the session was opened for.
 */
export async function loadPortalSession(ex: Executor, token: string | undefined): Promise<PortalSession | null> {
  if (!token || token.length > 128) return null;
  const [r] = await rows<Row>(
    ex,
    sql`select s.id as sid, s.csrf_token as csrf, s.last_seen_at, h.id::int as account_id, s.enterprise_id::int as enterprise_id,
        s.customer_id::int as customer_id, h.link_person_id::int as link_person_id, h.name, h.mobile, h.created_by::int as created_by,
        c.name as customer_name, e.name as enterprise_name, e.time_zone
      from portal_sessions s
      join home_accounts h on h.enterprise_id = s.enterprise_id and h.id = s.account_id and h.customer_id = s.customer_id
      join customers c on c.enterprise_id = s.enterprise_id and c.id = s.customer_id
      join enterprises e on e.id = s.enterprise_id
      where s.id = ${sha256(token)} and s.expires_at > now() and h.enabled`,
  );
  if (!r) return null;
  if (Date.now() - new Date(r.last_seen_at).getTime() > TOUCH_EVERY_MS) {
    await ex.execute(sql`update portal_sessions set last_seen_at = now(), expires_at = now() + ${`${PORTAL_SESSION_TTL_MS / 1000} seconds`}::interval
      where enterprise_id = ${r.enterprise_id} and id = ${r.sid}`);
  }
  return {
    sessionId: r.sid,
    csrfToken: r.csrf,
    accountId: Number(r.account_id),
    enterpriseId: Number(r.enterprise_id),
    customerId: Number(r.customer_id),
    contactId: r.link_person_id == null ? null : Number(r.link_person_id),
    name: r.name,
    mobile: r.mobile,
    createdBy: r.created_by == null ? null : Number(r.created_by),
    customerName: r.customer_name,
    enterpriseName: r.enterprise_name,
    timeZone: r.time_zone,
  };
}

export async function createPortalSession(
  ex: Executor,
  p: { enterpriseId: number; accountId: number; customerId: number; ip?: string },
): Promise<{ token: string; csrfToken: string }> {
  const token = randomToken();
  const csrfToken = randomToken(18);
  await ex.insert(portalSessions).values({
    enterpriseId: p.enterpriseId,
    id: sha256(token),
    accountId: p.accountId,
    customerId: p.customerId,
    csrfToken,
    ip: p.ip,
    expiresAt: sql`now() + ${`${PORTAL_SESSION_TTL_MS / 1000} seconds`}::interval` as never,
  });
  return { token, csrfToken };
}

export async function destroyPortalSession(ex: Executor, token: string | undefined): Promise<void> {
  if (token) await ex.execute(sql`delete from portal_sessions where id = ${sha256(token)}`);
}
