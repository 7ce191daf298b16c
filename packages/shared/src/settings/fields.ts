import { z } from 'zod';

const split = (v: unknown) =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : typeof v === 'number'
      ? [v]
      : v;
const isId = (v: unknown) => /^\d{1,15}$/.test(String(v)) && Number(v) > 0;

/**
 * A list of positive ids from an array or a comma string ('1,2'), checked as a whole so a bad
 * element is reported under the field's own label rather than its index.
 */
export const idArray = (empty: string, max = 500) =>
  z.preprocess(
    split,
    z
      .array(z.unknown(), '格式错误，应为ID列表')
      .refine((a) => a.every(isId), 'ID格式错误，应为正整数')
      .transform((a) => [...new Set(a.map(Number))])
      .pipe(z.array(z.number()).min(1, empty).max(max, `一次最多${max}项`)),
  );

/** Same for numeric codes that must belong to a known set. */
export const codeArray = (known: (n: number) => boolean, unknownMessage: string, empty: string) =>
  z.preprocess(
    split,
    z
      .array(z.unknown(), '格式错误')
      .refine((a) => a.every((v) => /^\d+$/.test(String(v)) && known(Number(v))), unknownMessage)
      .transform((a) => [...new Set(a.map(Number))])
      .pipe(z.array(z.number()).min(1, empty).max(50)),
  );
