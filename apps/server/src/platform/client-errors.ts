import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Refusals made before a request reaches Fastify's router or a route: always the envelope, in Chinese. */
export const URL_TOO_LONG = '请求地址或请求头过长，请缩短后重试';
export const URL_BAD = '请求地址格式错误';

/** The one answer for a request line or headers past Node's limit (16 KB): HTTP 200, like every refusal. */
const RAW: Record<string, { status: number; message: string; code: string }> = {
  HPE_HEADER_OVERFLOW: { status: 200, message: URL_TOO_LONG, code: 'VALIDATION' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: '请求超时，请重试', code: 'VALIDATION' },
};
const BROKEN = { status: 400, message: '请求格式错误', code: 'VALIDATION' };

/**
 * Node's `clientError` (the request could not be parsed, so there is no request object): writes the
 * envelope on the raw socket and closes it, instead of Fastify's English default.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const a = (err.code && RAW[err.code]) || BROKEN;
  const body = JSON.stringify({ success: false, message: a.message, code: a.code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${a.status} ${http.STATUS_CODES[a.status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** The router's refusals (a path parameter past maxParamLength, a malformed percent-encoding). */
export function frameworkErrors(err: { code?: string }, _req: FastifyRequest, reply: FastifyReply): void {
  const message = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? URL_TOO_LONG : URL_BAD;
  reply.code(200).send({ success: false, message, code: 'VALIDATION' });
}
