import { z } from 'zod';
import { coerceInt } from '../common/ints';
import { dateText, isCalendarDay } from '../common/dates';
import { id, idList, L, PHONE, PHONE_MESSAGE, TEXT_LIMITS } from '../common/zod';

const NAME_MAX: number = TEXT_LIMITS.name;
const TEXT_MAX: number = TEXT_LIMITS.text;

/** Reusable labelled fields of the customer area. */
export const text = (label: string, max = TEXT_MAX) => L(z.string().trim().max(max, `${label}不能超过${max}个字`), label);
export const requiredText = (label: string, max = NAME_MAX) =>
  L(
    z
      .string({ error: `请输入${label}` })
      .trim()
      .min(1, `请输入${label}`)
      .max(max, `${label}不能超过${max}个字`),
    label,
  );
export const optionalText = (label: string, max = TEXT_MAX) =>
  L(
    z
      .string()
      .trim()
      .max(max, `${label}不能超过${max}个字`)
      .nullish()
      .transform((v) => (v ? v : null)),
    label,
  );

/** The one phone rule (common/zod). */
export { PHONE };
export const phone = (label = '电话') =>
  L(
    z
      .string({ error: `请输入${label}` })
      .trim()
      .min(1, `请输入${label}`)
      .regex(PHONE, PHONE_MESSAGE),
    label,
  );

/** 'YYYY-MM-DD' (slashes accepted), or null ('' counts as empty). */
export const dateField = (label: string) =>
  L(
    z.preprocess(
      (v) => (v === '' ? null : v),
      z
        .string()
        .trim()
        .regex(/^\d{4}[-/]\d{2}[-/]\d{2}$/, '日期格式应为YYYY-MM-DD')
        .refine(isCalendarDay, '日期格式应为YYYY-MM-DD')
        .transform((v) => v.replaceAll('/', '-'))
        .nullish(),
    ),
    label,
  );
export const requiredDate = (label: string) =>
  L(
    z
      .string({ error: `请选择${label}` })
      .trim()
      .regex(/^\d{4}[-/]\d{2}[-/]\d{2}$/, `请选择${label}`)
      .refine(isCalendarDay, `${label}不是有效日期`)
      .transform((v) => v.replaceAll('/', '-')),
    label,
  );

/** A time range end or start as the list filters send it ('YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss'). */
export const timeFilter = (label: string) => L(dateText('时间格式应为YYYY-MM-DD HH:mm:ss').optional(), label);

export const optionalId = (label: string) =>
  L(
    z.preprocess((v) => (v === '' ? null : v), coerceInt('bigint', `${label}不正确`).positive(`${label}不正确`).nullish()),
    label,
  );
export const requiredId = (label: string) => L(id, label);
export const ids = (label: string, max = 500) => L(idList.pipe(z.array(z.number()).min(1, `请选择${label}`).max(max, `一次最多${max}项`)), label);
export const optionalIds = (label: string, max = 50) => L(idList.pipe(z.array(z.number()).max(max, `最多${max}项`)).optional(), label);

/** Custom field values keyed by field id, as the form engine validates them. */
export const extInput = L(z.record(z.string(), z.unknown()).optional(), '自定义字段');

export const coord = (label: string, limit: number) => L(z.coerce.number().min(-limit, `${label}超出范围`).max(limit, `${label}超出范围`).nullish(), label);

export const sortType = L(
  coerceInt('smallint')
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .default(1),
  '排序',
);

/** Money with at most two decimals. */
export const money = (label: string) =>
  L(
    z.coerce
      .number({ error: `请输入${label}` })
      .min(0, `${label}不能小于0`)
      .max(999_999_999, `${label}过大`)
      .refine((n) => Math.round(n * 100) === n * 100 || Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${label}最多两位小数`),
    label,
  );
