// Test helpers of the customer portal: a home account written straight into the table, and a client that speaks
// with the portal's own cookie (sk_portal) and CSRF header, never the staff ones.
import type { EndpointDef, ResponseOf } from '@sk/shared';
import { portalContract as P } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, rows } from '../../db/client';
import { hashPassword } from '../../platform/crypto';
import { PORTAL_COOKIE } from '../../platform/portal-session';
import { type Answer, type InputOf, nextMobile, STRONG_PASSWORD } from '../../test/factories';

let hashed: Promise<string> | null = null;

/** A portal account of a customer (password STRONG_PASSWORD). */
export async function makeAccount(db: Db, ep: number, customerId: number, o: { enabled?: boolean; mobile?: string } = {}) {
  hashed ??= hashPassword(STRONG_PASSWORD);
  const mobile = o.mobile ?? nextMobile();
  const [r] = await rows<{ id: number }>(
    db,
    sql`insert into home_accounts (enterprise_id, customer_id, name, mobile, password_hash, enabled)
      values (${ep}, ${customerId}, '王先生', ${mobile}, ${await hashed}, ${o.enabled ?? true}) returning id::int`,
  );
  return { id: (r as { id: number }).id, mobile };
}

export class PortalClient {
  cookie = '';
  csrf = '';
  /** Extra cookies sent as they are (a staff session, to prove it opens nothing here). */
  extraCookie = '';
  constructor(readonly app: FastifyInstance) {}

  async send<C extends EndpointDef>(ep: C, input?: InputOf<C>, opts: { csrf?: boolean } = {}): Promise<Answer<ResponseOf<C>>> {
    const headers: Record<string, string> = {};
    const cookies = [this.cookie, this.extraCookie].filter(Boolean).join('; ');
    if (cookies) headers.cookie = cookies;
    if (ep.method !== 'GET' && opts.csrf !== false && this.csrf) headers['x-portal-csrf'] = this.csrf;
    let url = `/api${ep.path}`;
    if (ep.method === 'GET' && input) {
      const qs = new URLSearchParams();
      for (const [k, v] of Object.entries(input as Record<string, unknown>)) if (v != null) qs.set(k, String(v));
      url += `?${qs}`;
    }
    const res = await this.app.inject({ method: ep.method, url, headers, ...(ep.method !== 'GET' ? { payload: (input ?? {}) as never } : {}) });
    const set = res.cookies.find((c) => c.name === PORTAL_COOKIE);
    if (set) this.cookie = set.value ? `${PORTAL_COOKIE}=${set.value}` : '';
    let body: Record<string, unknown> = {};
    try {
      body = res.json();
    } catch {
      body = { raw: res.body };
    }
    return {
      status: res.statusCode,
      success: body.success as boolean,
      message: body.message as string,
      code: body.code as string | undefined,
      data: body.data as ResponseOf<C>,
      headers: res.headers,
    } as Answer<ResponseOf<C>>;
  }

  async login(mobile: string, password = STRONG_PASSWORD): Promise<this> {
    const r = await this.send(P.login, { mobile, password });
    if (!r.success || r.data.needChoose) throw new Error(`portal login failed: ${r.message}`);
    await this.refresh();
    return this;
  }

  async refresh(): Promise<void> {
    const me = await this.send(P.me);
    this.csrf = me.data.csrfToken;
  }
}
