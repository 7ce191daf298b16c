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
