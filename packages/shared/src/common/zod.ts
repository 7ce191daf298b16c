import { z } from 'zod';

// Zod's own messages in Chinese; our schemas add field labels with .meta({ label }).
z.config(z.locales.zhCN());

/** Reads a field label ('手机号') from a schema's metadata, falling back to the key. */
export function labelOf(schema: z.ZodType | undefined, key: string): string {
  const meta = schema ? (z.globalRegistry.get(schema) as { label?: string } | undefined) : undefined;
  return meta?.label ?? key;
}

/** A clear Chinese message for the first problem of a failed parse. */
export function describeIssue(root: z.ZodType, error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '参数错误';
  let schema: z.ZodType | undefined = root;
  let label = '';
  for (const seg of issue.path) {
    const shape: Record<string, z.ZodType> | undefined = schema ? (schema as unknown as { shape?: Record<string, z.ZodType> }).shape : undefined;
    schema = shape ? shape[String(seg)] : undefined;
    label = labelOf(unwrap(schema), String(seg));
  }
  const custom = issue.code === 'custom' || issue.message.match(/[\u4e00-\u9fa5]/) ? issue.message : `参数格式错误：${issue.message}`;
  return label ? `${label}：${custom}` : custom;
}

function unwrap(s: z.ZodType | undefined): z.ZodType | undefined {
  let cur = s as unknown as { unwrap?: () => z.ZodType; _zod?: { def?: { innerType?: z.ZodType } } } | undefined;
  for (let i = 0; i < 5 && cur; i++) {
    if (z.globalRegistry.get(cur as unknown as z.ZodType)) return cur as unknown as z.ZodType;
    const inner = cur._zod?.def?.innerType;
    if (!inner) break;
    cur = inner as never;
  }
  return cur as unknown as z.ZodType | undefined;
}

/** Shorthand: a labelled field. */
export const L = <T extends z.ZodType>(schema: T, label: string): T => schema.meta({ label }) as T;

/** Comma list of ids in a query ('1,2,3') or an array, to number[]. */
export const idList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v),
  z.array(z.coerce.number().int().positive()),
);

export const id = z.coerce.number().int().positive();
export const mobile = z.string().trim().regex(/^1\d{10}$/, '请输入正确的11位手机号');
