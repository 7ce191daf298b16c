import { FIELD_LIMITS, type FormKindId, NUMERIC_TYPES } from './forms.constants';
import { FIXED_FIELDS, FORMULA_SYSTEM_REFS } from './forms.fixed';
import type { FieldDef } from './forms.schema';
import { parseFormula } from './formula';

/** Follows `next` from `start`; true when it comes back to `start`. */
function loops(start: number, next: (id: number) => number[]): boolean {
  const seen = new Set<number>();
  const stack = [...next(start)];
  while (stack.length) {
    const id = stack.pop() as number;
    if (id === start) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...next(id));
  }
  return false;
}

const numericId = (s: string): number | null => (/^\d+$/.test(s) ? Number(s) : null);

/**
 * Rules across a template's fields (what a single field's schema cannot see): unique names, conditions
 * and formulas that point at fields that exist, and no cycles. Answers the first problem, naming the field.
 */
export function checkFieldDefs(fields: FieldDef[], kind: FormKindId): string | null {
  if (fields.length > FIELD_LIMITS.fieldsPerTemplate) return `每个表单最多${FIELD_LIMITS.fieldsPerTemplate}个自定义字段`;
  const byId = new Map(fields.map((f) => [f.id, f]));
  const names = new Set<string>();
  for (const f of fields) {
    if (names.has(f.name)) return `字段“${f.name}”：字段名称已存在`;
    names.add(f.name);
  }
  const fixedKeys = new Set(FIXED_FIELDS[kind].map((x) => x.key));
  const systemRefs = new Set(FORMULA_SYSTEM_REFS[kind].map((x) => x.key));
  const condOf = (id: number): number[] => {
    const c = byId.get(id)?.condition;
    const target = c ? numericId(c.field) : null;
    return target !== null ? [target] : [];
  };
  const refsOf = (id: number): number[] => {
    const f = byId.get(id);
    const p = f && f.type === 19 ? parseFormula(f.formula) : null;
    return p?.ok ? p.refs.map(numericId).filter((x): x is number => x !== null) : [];
  };
  for (const f of fields) {
    if (f.condition) {
      const target = numericId(f.condition.field);
      if (target === f.id) return `字段“${f.name}”：显示条件不能引用自身`;
      if (target !== null ? !byId.has(target) : !fixedKeys.has(f.condition.field)) return `字段“${f.name}”：显示条件引用的字段不存在`;
      if (loops(f.id, condOf)) return `字段“${f.name}”：显示条件不能循环引用`;
    }
    if (f.type === 19) {
      const p = parseFormula(f.formula);
      if (!p.ok) return `字段“${f.name}”：${p.error}`;
      for (const ref of p.refs) {
        const target = numericId(ref);
        const refField = target !== null ? byId.get(target) : undefined;
        if (target === f.id) return `字段“${f.name}”：公式不能引用自身`;
        if (target !== null ? !refField || !NUMERIC_TYPES.includes(refField.type) : !systemRefs.has(ref)) {
          return `字段“${f.name}”：公式引用的字段“${ref}”不存在或不是数字`;
        }
      }
      if (loops(f.id, refsOf)) return `字段“${f.name}”：公式不能循环引用`;
    }
  }
  return null;
}

/** Live fields whose condition or formula uses field `id` (a field so used cannot be deleted alone). */
export function dependentsOf(fields: FieldDef[], id: number): FieldDef[] {
  const key = String(id);
  return fields.filter((f) => {
    if (f.id === id) return false;
    if (f.condition?.field === key) return true;
    const p = f.type === 19 ? parseFormula(f.formula) : null;
    return !!p?.ok && p.refs.includes(key);
  });
}
