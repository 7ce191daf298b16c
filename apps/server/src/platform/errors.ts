import { type ErrorCode, formatError } from '@sk/shared';

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
