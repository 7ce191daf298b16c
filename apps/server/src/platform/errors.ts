import { type ErrorCode, formatError } from '@sk/shared';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** The one error type the API throws; the endpoint wrapper turns it into the envelope. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    message?: string,
  ) {
    super(message ?? formatError(code, params));
  }
}

export const notFound = () => new AppError('NOT_FOUND');
export const invalid = (detail: string) => new AppError('VALIDATION', { detail });
export const conflict = () => new AppError('CONFLICT');

// Foreign-key violation, serialization failure, deadlock: another request changed the same data first.
const RACE_LOST = new Set(['23503', '40001', '40P01']);

/** True when a database error means a concurrent change won (the driver error may sit a few causes deep). */
export function raceLost(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && RACE_LOST.has(e.code)) return true;
  }
  return false;
}

/**
 * Unique indexes whose violation means a name or number is taken. A request that raced past its
 * service's pre-check (two renames at once) answers what the check would have, never a 500.
 */
const TAKEN_BY_INDEX: Record<string, ErrorCode> = {
  form_templates_name_uq: 'NAME_TAKEN',
  form_fields_live_name_uq: 'NAME_TAKEN',
  money_items_live_name_uq: 'NAME_TAKEN',
  search_plans_name_uq: 'NAME_TAKEN',
  receive_payments_name_uq: 'NAME_TAKEN',
  service_item_types_name_uq: 'NAME_TAKEN',
  service_items_name_uq: 'NAME_TAKEN',
  service_providers_name_uq: 'NAME_TAKEN',
  service_groups_name_uq: 'NAME_TAKEN',
  departments_name_uq: 'NAME_TAKEN',
  dict_items_name_uq: 'NAME_TAKEN',
  sla_policies_name_uq: 'NAME_TAKEN',
  spare_types_name_uq: 'NAME_TAKEN',
  tags_name_uq: 'NAME_TAKEN',
  customers_code_uq: 'CUSTOMER_CODE_TAKEN',
  installed_products_serial_uq: 'SERIAL_TAKEN',
  sale_contracts_no_uq: 'CONTRACT_NO_TAKEN',
  maintain_contracts_no_uq: 'CONTRACT_NO_TAKEN',
  users_mobile_uq: 'MOBILE_TAKEN',
  home_accounts_mobile_uq: 'MOBILE_TAKEN',
  call_seats_no_uq: 'CALL_SEAT_TAKEN',
  call_seats_user_uq: 'CALL_USER_HAS_SEAT',
};

/** The refusal for a unique violation on a known index (the driver error may sit a few causes deep), else null. */
export function takenError(err: unknown): AppError | null {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (e.code !== '23505' || typeof e.constraint !== 'string') continue;
    const code = Object.hasOwn(TAKEN_BY_INDEX, e.constraint) ? TAKEN_BY_INDEX[e.constraint] : undefined;
    return code ? new AppError(code) : null;
  }
  return null;
}

// Node's socket errors, and PostgreSQL's admin shutdown, crash shutdown and "starting up" (class 08 is any connection failure).
const DB_GONE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P02', '57P03']);
// node-postgres reports a lost or refused connection as a plain Error with one of these messages.
const DB_GONE_TEXT =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable|Release called on client which has already been released/;

/** True when the database cannot be reached (it is down or restarting): not a fault of the request. */
export function databaseGone(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown; address?: unknown } | undefined, i = 0; e && i < 4; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && (DB_GONE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
    // The server's Unix socket is missing while it restarts (the embedded server removes the old one before it listens).
    if (e.code === 'ENOENT' && typeof e.address === 'string' && e.address.includes('.s.PGSQL.')) return true;
    if (typeof e.message === 'string' && DB_GONE_TEXT.test(e.message)) return true;
  }
  return false;
}

/**
 * A refusal answers HTTP 200 with the envelope, as the spec's clients read it; these codes answer their own status
 * (with the same envelope), which proxies and HTTP clients act on: a rate refusal is 429 with Retry-After (rate-limit.ts).
 */
const STATUS_OF: Partial<Record<ErrorCode, number>> = { RATE_LIMITED: 429 };

/** Chinese messages for what Fastify and its multipart parser refuse before a handler runs. */
const REQUEST_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: '请求数据格式错误',
  FST_ERR_CTP_EMPTY_JSON_BODY: '请求数据为空',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: '不支持的请求数据类型，请以JSON格式提交',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: '请求数据长度不正确',
  FST_ERR_CTP_BODY_TOO_LARGE: '请求数据过大',
  FST_INVALID_MULTIPART_CONTENT_TYPE: formatError('FILE_MISSING'),
  FST_PARTS_LIMIT: '上传的表单项过多',
  FST_FILES_LIMIT: '一次上传的文件过多',
  FST_FIELDS_LIMIT: '上传的表单项过多',
  FST_PROTO_VIOLATION: formatError('UPLOAD_MALFORMED'),
  FST_MP_PREMATURE_CLOSE: formatError('UPLOAD_MALFORMED'),
  FST_INVALID_JSON_FIELD_ERROR: formatError('UPLOAD_MALFORMED'),
};

/**
 * The one error handler: AppError and every refused request answer the envelope with a Chinese
 * message; anything else is an unexpected failure, HTTP 500 without internals.
 */
export function errorHandler(uploadLimit: string) {
  return (err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    // An upload past the limit is not read to its end: the connection closes after the answer.
    if (err instanceof AppError && err.code === 'FILE_TOO_LARGE' && req.isMultipart()) reply.header('connection', 'close');
    if (err instanceof AppError) return reply.code(STATUS_OF[err.code] ?? 200).send({ success: false, message: err.message, code: err.code });
    if (err.code === 'FST_REQ_FILE_TOO_LARGE')
      return reply.code(200).send({ success: false, message: formatError('FILE_TOO_LARGE', { limit: uploadLimit }), code: 'FILE_TOO_LARGE' });
    const known = err.code ? REQUEST_ERRORS[err.code] : undefined;
    if (known || (err.statusCode && err.statusCode < 500)) {
      return reply.code(200).send({ success: false, message: known ?? '请求数据格式错误', code: 'VALIDATION' });
    }
    const taken = takenError(err);
    if (taken) return reply.code(200).send({ success: false, message: taken.message, code: taken.code });
    if (raceLost(err)) {
      // The last line of defence: the races we know are prevented by locks; a new one still answers cleanly.
      req.log.warn(err);
      return reply.code(200).send({ success: false, message: formatError('DATA_CHANGED'), code: 'DATA_CHANGED' });
    }
    if (databaseGone(err)) {
      // 503 with the envelope: the client says so in Chinese and may retry; the app heals when the database returns.
      req.log.warn({ err }, '数据库暂时不可用');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ success: false, message: formatError('SERVICE_UNAVAILABLE'), code: 'SERVICE_UNAVAILABLE' });
    }
    req.log.error(err);
    if (process.env.DEBUG_500) console.error(err);
    return reply.code(500).send({ success: false, message: formatError('INTERNAL'), code: 'INTERNAL' });
  };
}
