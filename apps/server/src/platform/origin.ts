import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from './errors';

/**
 * Anonymous endpoints that change state (login, code login, register, password reset, send code) have no
 * session and so no CSRF token: refuse them from another site, and take JSON only, which a foreign page
 * can only send after a CORS preflight we never answer.
 */
export function guardAnonymousWrite(req: FastifyRequest): void {
  if (
    !String(req.headers['content-type'] ?? '')
      .toLowerCase()
      .startsWith('application/json')
  )
    throw new AppError('CROSS_SITE');
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) {
    // Sent by every current browser; 'none' is a request the user made directly.
    if (site !== 'same-origin' && site !== 'none') throw new AppError('CROSS_SITE');
    return;
  }
  if (foreignOrigin(req)) throw new AppError('CROSS_SITE');
}

/**
 * An Origin header that is present and names another host than the request's own (the Host, or with
 * TRUST_PROXY the forwarded host, and the scheme's default port dropped). A missing Origin is not foreign.
 */
export function foreignOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  return origin !== undefined && hostOf(origin) !== hostOf(`${req.protocol}://${req.host}`);
}

/** host[:port] with the scheme's default port dropped; '' for anything unparsable ('null' origins too). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const FORWARDED = ['x-forwarded-for', 'x-forwarded-host', 'forwarded', 'x-real-ip'];

/**
 * The dev outbox answers only a browser or script on this very machine: a loopback peer that came through
 * no proxy (a proxy on the same host would make everyone look local) and asked for a loopback host name
 * (a page that rebinds its own domain to 127.0.0.1 sends its own name).
 */
export function outboxAllowed(config: Config, req: FastifyRequest): boolean {
  if (!config.devOutbox) return false;
  if (!LOOPBACK.has(req.socket.remoteAddress ?? '')) return false;
  if (FORWARDED.some((h) => req.headers[h] !== undefined)) return false;
  const host = String(req.headers.host ?? '')
    .toLowerCase()
    .replace(/:\d+$/, '');
  return LOOPBACK_HOSTS.has(host);
}

/** Secure whenever the browser reached us over HTTPS (directly or through a trusted proxy) or in production. */
export function cookieSecure(config: Config, req: FastifyRequest): boolean {
  if (config.COOKIE_SECURE) return config.COOKIE_SECURE === '1';
  return config.NODE_ENV === 'production' || req.protocol === 'https';
}

/** Where links we send point: PUBLIC_URL when set, else the scheme and host this request came in on. */
export function linkBase(config: Config, req: FastifyRequest): string {
  return config.PUBLIC_URL ?? `${req.protocol}://${req.host}`;
}
