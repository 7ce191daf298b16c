import type { FileKind } from '../files/files.constants';
import { coerceInt } from '../common/ints';
import { z } from 'zod';
import { L } from '../common/zod';
import {
  DATE_TYPES,
  FIELD_LIMITS,
  FILE_EXTS,
  type FieldType,
  type FormKindId,
  isFieldType,
  isFormKind,
  LINK_KINDS,
  type LinkKind,
  NUMERIC_TYPES,
  OPTION_TYPES,
  ORDER_GROUP_KEYS,
  type OrderGroup,
} from './forms.constants';
import { parseFormula } from './formula';
import { checkValue } from './value';

export type { CascadeNode, FieldCondition, FieldDef, FieldInput } from './field.types';
import type { CascadeNode, FieldDef } from './field.types';

/** Everything of a field definition but its id, name, type and sort, with nothing set (fresh arrays each call). */
export const blankFieldProps = (): Omit<FieldDef, 'id' | 'name' | 'type' | 'sort'> => ({
  required: false,
  options: [],
  cascade: [],
  placeholder: '',
  help: '',
  defaultValue: null,
  group: null,
  visibleRoles: [],
  condition: null,
  min: null,
  max: null,
  precision: null,
  maxLength: null,
  maxCount: null,
  fileKinds: [],
  formula: '',
  linkKind: null,
  stars: null,
});

const bool = z.preprocess((v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v), z.boolean());
const strList = (max: number) =>
  z.preprocess((v) => (Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x.trim() : String(x ?? ''))) : v), z.array(z.string()).max(max));

export const cascadeNode: z.ZodType<CascadeNode> = z.lazy(() =>
  z.object({
    label: L(z.string().trim().min(1, '级联选项不能为空').max(FIELD_LIMITS.option), '级联选项'),
    children: L(z.array(cascadeNode).max(200).optional(), '下级选项'),
  }),
);

const conditionSchema = z.object({
  field: L(
    z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().min(1, '请选择条件字段').max(50)),
    '条件字段',
  ),
  values: L(
    strList(50).refine((a) => a.length > 0, '请填写条件取值'),
    '条件取值',
  ),
});

const limit = z
  .union([z.number().min(-1e15).max(1e15), z.string().trim().max(30)])
  .nullable()
  .default(null);
const optInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max).nullable().default(null);

/** What a designer sends for a field. Type-specific rules follow in `checkFieldInput`. */
export const fieldInputShape = {
  name: L(z.string().trim().min(1, '请输入字段名称').max(FIELD_LIMITS.name, `字段名称不能超过${FIELD_LIMITS.name}个字`), '字段名称'),
  type: L(coerceInt('smallint').refine(isFieldType, '不支持的字段类型') as z.ZodType<FieldType>, '字段类型'),
  required: L(bool.default(false), '是否必填'),
  sort: L(z.coerce.number().int().min(0).max(100000).optional(), '排序'),
  options: L(strList(FIELD_LIMITS.options).default([]), '选项'),
  cascade: L(z.array(cascadeNode).max(200).default([]), '级联选项'),
  placeholder: L(z.string().max(100, '提示文字不能超过100个字').default(''), '提示文字'),
  help: L(z.string().max(500, '说明不能超过500个字').default(''), '说明'),
  defaultValue: L(z.unknown().default(null), '默认值'),
  group: L(
    z
      .enum(ORDER_GROUP_KEYS as [OrderGroup, ...OrderGroup[]], '分组不存在')
      .nullable()
      .default(null),
    '分组',
  ),
  visibleRoles: L(z.array(z.coerce.number().int().min(1, '角色不存在').max(10, '角色不存在')).max(10).default([]), '可见角色'),
  condition: L(conditionSchema.nullable().default(null), '显示条件'),
  min: L(limit, '最小值'),
  max: L(limit, '最大值'),
  precision: L(optInt(0, 6), '小数位数'),
  maxLength: L(optInt(1, FIELD_LIMITS.textarea), '最大长度'),
  maxCount: L(optInt(1, 20), '最多数量'),
  fileKinds: L(z.array(z.enum(Object.keys(FILE_EXTS) as [FileKind, ...FileKind[]], '文件类型不存在')).default([]), '文件类型'),
  formula: L(z.string().max(500, '公式不能超过500个字符').default(''), '公式'),
  linkKind: L(
    z
      .enum(Object.keys(LINK_KINDS) as [LinkKind, ...LinkKind[]], '关联对象不存在')
      .nullable()
      .default(null),
    '关联对象',
  ),
  stars: L(optInt(1, 10), '星级数'),
};

const issue = (ctx: z.RefinementCtx, path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });

function cascadeOk(nodes: CascadeNode[]): boolean {
  const labels = nodes.map((n) => n.label);
  if (new Set(labels).size !== labels.length) return false;
  return nodes.every((n) => !n.children || n.children.length === 0 || cascadeOk(n.children));
}

/** Type-specific rules of a definition, with messages that name the property. */
export function checkFieldInput(d: z.infer<z.ZodObject<typeof fieldInputShape>>, ctx: z.RefinementCtx): void {
  const t = d.type;
  if (OPTION_TYPES.includes(t)) {
    if (d.options.length === 0) issue(ctx, 'options', '请至少添加一个选项');
    if (d.options.some((o) => !o || o.length > FIELD_LIMITS.option)) issue(ctx, 'options', `选项不能为空且不能超过${FIELD_LIMITS.option}个字`);
    if (new Set(d.options).size !== d.options.length) issue(ctx, 'options', '选项不能重复');
  }
  if (t === 18 && (d.cascade.length === 0 || !cascadeOk(d.cascade))) issue(ctx, 'cascade', '请添加级联选项，同级选项不能重复');
  if (t === 19) {
    const p = parseFormula(d.formula);
    if (!p.ok) issue(ctx, 'formula', p.error);
  }
  if (t === 30 && !d.linkKind) issue(ctx, 'linkKind', '请选择关联对象');
  if (t === 14 && !d.help.trim()) issue(ctx, 'help', '请填写说明文字');
  for (const key of ['min', 'max'] as const) {
    const v = d[key];
    if (v === null || v === '') continue;
    if (NUMERIC_TYPES.includes(t) && typeof v !== 'number') issue(ctx, key, '请输入数字');
    if (DATE_TYPES.includes(t) && (typeof v !== 'string' || !checkValue({ type: rangeItemType(t) }, v).ok)) issue(ctx, key, '格式不正确');
  }
  if (d.min !== null && d.max !== null && typeof d.min === typeof d.max && d.min > d.max) issue(ctx, 'max', '最大值不能小于最小值');
  if (d.defaultValue !== null && d.defaultValue !== undefined && d.defaultValue !== '') {
    const r = checkValue({ ...d, id: 0, sort: 0, required: false }, d.defaultValue);
    if ([10, 15, 19, 21, 26, 30].includes(t)) issue(ctx, 'defaultValue', '该类型不能设置默认值');
    else if (!r.ok) issue(ctx, 'defaultValue', r.error);
  }
}

/** Date-like bounds compare as text in the canonical format of the field's single value. */
export const rangeItemType = (t: FieldType): FieldType => (t === 24 ? 4 : t === 25 ? 6 : t);

export const fieldInput = z.object(fieldInputShape).superRefine(checkFieldInput);

/** A stored definition (template version snapshot). */
export const fieldDefSchema = z.object({ ...fieldInputShape, id: z.number(), sort: z.number() }) as unknown as z.ZodType<FieldDef>;

export const formKindId = coerceInt('smallint').refine(isFormKind, '表单类型不存在') as unknown as z.ZodType<FormKindId>;

/** The spec's extended-field value shape. */
export const extFieldSchema = z.object({
  id: z.number(),
  type: z.number(),
  tfname: z.string(),
  tfvvalue: z.string(),
  ovalue: z.unknown(),
  fieldAttributeList: z.array(z.object({ type: z.string(), value: z.string() })),
  realPic: z.string(),
});
export type ExtField = z.infer<typeof extFieldSchema>;

/** A record's custom values, keyed by field id. */
export type ExtValues = Record<string, unknown>;
export const extValues = z.record(z.string(), z.unknown()) as z.ZodType<ExtValues>;
