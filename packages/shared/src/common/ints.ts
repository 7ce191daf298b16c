import { z } from 'zod';

/**
 * PostgreSQL's integer column ranges. Every integer a contract accepts is bounded by the range of
 * the column it ends up in, so no value reaches the database as an out-of-range error (HTTP 500).
 * Ids are `bigint` columns; JavaScript numbers stop at 2^53, which is within it.
 */
export const INT_RANGES = {
  smallint: [-32768, 32767],
  integer: [-2147483648, 2147483647],
  bigint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
} as const;
export type IntColumn = keyof typeof INT_RANGES;

const range = (column: IntColumn) => {
  const [lo, hi] = INT_RANGES[column];
  return { lo, hi, low: `不能小于${lo}`, high: `不能大于${hi}` };
};

/** A JSON integer bounded by its column (default `integer`). */
export const int = (column: IntColumn = 'integer') => {
  const r = range(column);
  return z.number().int('请输入整数').min(r.lo, r.low).max(r.hi, r.high).meta({ column });
};
/** Same from a query string or form value ('12'). */
export const coerceInt = (column: IntColumn = 'integer', error?: string) => {
  const r = range(column);
  return z.coerce
    .number(error ? { error } : undefined)
    .int('请输入整数')
    .min(r.lo, r.low)
    .max(r.hi, r.high)
    .meta({ column });
};
