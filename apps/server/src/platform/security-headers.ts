import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy the built web app runs under (checked against apps/web/index.html and the
 * build: no inline script). Ant Design writes its CSS-in-JS into <style> tags and Leaflet positions with
 * style attributes, so styles may be inline; map tiles come from a configurable http(s) URL; the chat
 * websocket and the API are same-origin. The app is opened inside WeCom/DingTalk as a page, not framed.
 */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

const HEADERS: Record<string, string> = {
  'content-security-policy': CSP,
  'x-frame-options': 'SAMEORIGIN',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** Sets the security headers on every answer: pages, files, the API and its refusals. */
export function securityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(HEADERS);
    done();
  });
}
