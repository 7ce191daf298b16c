import { z } from 'zod';
import { coerceInt } from './ints';
import { FIELD_LABELS } from './labels';
import { BAD_TEXT_MESSAGE, type BadInput, TOO_DEEP_MESSAGE } from './text';

const zh = z.locales.zhCN().localeError as unknown as (issue: z.core.$ZodRawIssue) => string;

const SIZE_UNIT: Record<string, string> = { string: '个字', array: '项', set: '项', file: '字节' };
const TYPE_NAME: Record<string, string> = {
  string: '文本',
  number: '数字',
  int: '整数',
  boolean: '是或否',
  array: '列表',
  object: '对象',
  date: '日期',
  bigint: '整数',
};

/**
 * Zod's own messages, in plain Chinese without English type names; a schema's own message
 * (`.min(1, '请输入名称')`) still wins. Field labels are added by describeIssue.
 */
export function chineseIssue(issue: z.core.$ZodRawIssue): string {
  const i = issue as unknown as Record<string, unknown>;
  switch (issue.code) {
    case 'invalid_type':
      if (i.input === undefined) return '不能为空';
      return `格式不正确，应为${TYPE_NAME[String(i.expected)] ?? '正确格式'}`;
    case 'too_big': {
      const unit = SIZE_UNIT[String(i.origin)];
      return unit ? `不能超过${i.maximum}${unit}` : `不能大于${i.maximum}`;
    }
    case 'too_small': {
      const unit = SIZE_UNIT[String(i.origin)];
      if (unit && Number(i.minimum) === 1) return '不能为空';
      return unit ? `至少${i.minimum}${unit}` : `不能小于${i.minimum}`;
    }
    case 'invalid_value':
      return '取值不正确';
    case 'unrecognized_keys':
      return '包含不支持的字段';
    case 'invalid_union':
    case 'invalid_format':
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
      return '格式不正确';
    default:
      return zh(issue);
  }
}
// In the browser zod must not try `Function(...)` (its JIT): the Content-Security-Policy forbids eval and logs each try.
z.config({ localeError: chineseIssue as never, jitless: typeof window !== 'undefined' });

const fieldLabel = (key: string): string | undefined => (Object.hasOwn(FIELD_LABELS, key) ? FIELD_LABELS[key] : undefined);

/** A field's Chinese label: its schema's (through optional/default wrappers), else the shared table's, else the key. */
export function labelOf(schema: z.ZodType | undefined, key: string): string {
  return metaLabel(schema) ?? fieldLabel(key) ?? key;
}

type Node = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };
const def = (s: z.ZodType) => (s as Node)._zod.def;

/** The schema itself and every wrapper inside it (optional, default, pipe, lazy…), outermost first. */
export function layers(s: z.ZodType | undefined): z.ZodType[] {
  const out: z.ZodType[] = [];
  let cur = s;
  for (let i = 0; cur && i < 12; i++) {
    out.push(cur);
    const d = def(cur);
    if (d.innerType) cur = d.innerType as z.ZodType;
    else if (d.type === 'pipe') cur = (def(d.in as z.ZodType).type === 'transform' ? d.out : d.in) as z.ZodType;
    else if (d.type === 'lazy') cur = (d.getter as () => z.ZodType)();
    else break;
  }
  return out;
}

/** The schema a path segment leads to: an object's field, an array's element, a record's value. */
export function childOf(s: z.ZodType | undefined, seg: string | number): z.ZodType | undefined {
  for (const layer of layers(s)) {
    const d = def(layer);
    // Own keys only: a key such as 'constructor' must not find Object.prototype's.
    if (d.type === 'object') return Object.hasOwn(d.shape as object, seg) ? (d.shape as Record<string, z.ZodType>)[String(seg)] : undefined;
    if (d.type === 'array') return d.element as z.ZodType;
    if (d.type === 'record') return d.valueType as z.ZodType;
    if (d.type === 'tuple') return typeof seg === 'number' ? (d.items as z.ZodType[])[seg] : undefined;
    if (d.type === 'union') {
      for (const o of d.options as z.ZodType[]) {
        const c = childOf(o, seg);
        if (c) return c;
      }
    }
  }
  return undefined;
}

const metaLabel = (s: z.ZodType | undefined): string | undefined => {
  for (const layer of layers(s)) {
    const m = z.globalRegistry.get(layer) as { label?: string } | undefined;
    if (m?.label) return m.label;
  }
  return undefined;
};

/** The Chinese label of the field a path points at: its own, or for an array element its list's ('授权人员第2项'). */
export function labelAt(root: z.ZodType, path: readonly PropertyKey[]): string {
  const parts: string[] = [];
  let schema: z.ZodType | undefined = root;
  // An index names an element of the list labelled just before it ('授权人员第2项'), once.
  let listLabelled = false;
  for (const seg of path) {
    schema = childOf(schema, seg as string | number);
    if (typeof seg === 'number') {
      if (listLabelled) parts[parts.length - 1] += `第${seg + 1}项`;
      listLabelled = false;
      continue;
    }
    const label = metaLabel(schema) ?? fieldLabel(String(seg));
    // Keys outside the contract (a record's keys, custom field ids) add nothing readable.
    if (label) parts.push(label);
    listLabelled = !!label;
  }
  return parts[parts.length - 1] ?? '';
}

/** A clear Chinese message for the first problem of a failed parse. */
export function describeIssue(root: z.ZodType, error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '参数错误';
  if (issue.path.length === 0 && issue.code === 'invalid_type') return '请求数据格式错误';
  const label = labelAt(root, issue.path);
  return label ? `${label}：${issue.message}` : issue.message;
}

/** The message for input refused before its schema is consulted (see findBadInput). */
export function describeBadInput(root: z.ZodType | undefined, bad: BadInput): string {
  const label = root ? labelAt(root, bad.path) : '';
  const message = bad.reason === 'deep' ? TOO_DEEP_MESSAGE : BAD_TEXT_MESSAGE;
  return label ? `${label}：${message}` : message;
}

/** A refusal naming the choices by their Chinese labels, never raw values: '团队类型不正确，可选：内部服务团队、外包服务团队'. */
export const choiceMessage = (label: string, labels: Record<string | number, string> | readonly string[]): string =>
  `${label}不正确，可选：${Object.values(labels).join('、')}`;

/** Shorthand: a labelled field. */
export const L = <T extends z.ZodType>(schema: T, label: string): T => schema.meta({ label }) as T;

/** A record id (a bigint identity column). */
export const id = coerceInt('bigint').positive();

/** Comma list of ids in a query ('1,2,3') or an array, to number[]. */
export const idList = z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : typeof v === 'number' ? [v] : v), z.array(id));

/** A mainland mobile: 11 digits starting with 1 (login, SMS, a user's account). */
export const MOBILE = /^1\d{10}$/;
export const MOBILE_MESSAGE = '请输入正确的11位手机号';
/** The one phone rule: a mobile, a landline with its area code (010-12345678, 0571-8888888-12) or a 400 number. */
export const PHONE = /^(1\d{10}|0\d{2,3}-?\d{7,8}(-\d{1,6})?|400-?\d{3}-?\d{4})$/;
export const PHONE_MESSAGE = '请输入正确的手机号或固定电话';
/** The one set of text limits (characters): a name, a line of text, a long text (description, remark). */
export const TEXT_LIMITS = { name: 50, text: 200, long: 500 } as const;

export const mobile = z.string().trim().regex(MOBILE, MOBILE_MESSAGE);
