// What a form shows and whether it may be saved, from its definitions and values. The rules are the shared
// package's (conditions, formulas, value checks) so the browser and the server always agree.
import {
  blankFieldProps,
  checkValue,
  computeFormulas,
  DISPLAY_ONLY_TYPES,
  type ExtValues,
  type FieldDef,
  type FixedField,
  isEmptyValue,
  shownFields,
  validateExt,
} from '@sk/shared/forms/index';

/** Everything a renderer needs: the form kind's fixed fields and one template version's custom fields. */
export interface FormDefinition {
  fixedFields: FixedField[];
  fields: FieldDef[];
  /** Order field groups in column order; empty for kinds without groups. */
  groups: { key: string; name: string }[];
  /** Fixed height of a field group in px. */
  height?: number | null;
}

/** A record's values: fixed fields by key, custom fields (ext) by field id. */
export interface FormValues {
  system: Record<string, unknown>;
  ext: ExtValues;
}

export type FormCheck = { ok: true; system: Record<string, unknown>; ext: ExtValues } | { ok: false; key: string; error: string };

/** Error keys: fixed fields `sys:<key>`, custom fields `ext:<id>`. */
export const sysKey = (key: string): string => `sys:${key}`;
export const extKey = (id: number): string => `ext:${id}`;

export const sortFields = (fields: FieldDef[]): FieldDef[] => [...fields].sort((a, b) => a.sort - b.sort || a.id - b.id);

/** The starting custom values of a new record: each field's default. */
export function defaultExt(fields: FieldDef[]): ExtValues {
  const out: ExtValues = {};
  for (const f of fields) {
    if (DISPLAY_ONLY_TYPES.includes(f.type) || f.type === 19) continue;
    if (!isEmptyValue(f.defaultValue)) out[String(f.id)] = f.defaultValue;
  }
  return out;
}

/** Which custom fields are shown now (roles and conditions) and the live values of formula fields. */
export function liveState(def: FormDefinition, values: FormValues, roles?: readonly number[]): { shown: Set<number>; computed: ExtValues } {
  const sorted = sortFields(def.fields);
  const shown = shownFields(sorted, values.ext, roles, values.system);
  const computed: ExtValues = { ...values.ext };
  computeFormulas(sorted, computed, shown, values.system);
  return { shown, computed };
}

/** A fixed field seen as a field definition, so the same widgets and checks serve both. */
export function fixedAsDef(f: FixedField, index: number): FieldDef {
  return {
    ...blankFieldProps(),
    id: -(index + 1),
    name: f.name,
    type: f.type,
    required: f.required,
    sort: index,
    options: f.options ?? [],
    group: (f.group as FieldDef['group']) ?? null,
    linkKind: f.type === 30 ? (f.key === 'customerId' ? 'customer' : null) : null,
  };
}

function checkFixed(def: FormDefinition, system: Record<string, unknown>): FormCheck {
  const clean: Record<string, unknown> = { ...system };
  for (const [i, f] of def.fixedFields.entries()) {
    const v = system[f.key];
    if (isEmptyValue(v)) {
      if (f.required) return { ok: false, key: sysKey(f.key), error: `${f.name}：不能为空` };
      continue;
    }
    const r = checkValue(fixedAsDef(f, i), v);
    if (!r.ok) return { ok: false, key: sysKey(f.key), error: `${f.name}：${r.error}` };
    clean[f.key] = r.value;
  }
  return { ok: true, system: clean, ext: {} };
}

export interface CheckOptions {
  roles?: readonly number[];
  /** The record's stored values before this edit (fields the user cannot see keep them). */
  previous?: ExtValues | null;
  /** A new record: absent values take the field defaults. */
  isNew?: boolean;
  /**
   * Required custom fields may stay empty on this save (the server's `requiredLater`): an order's 补充信息, whose
   * required fields bind the completion. Types, formats and required fixed fields are still checked.
   */
  requiredLater?: boolean;
}

/**
 * Checks a form before saving with the shared validator: required fixed fields and their values, then the
 * custom values (required, types, conditions, formulas). The first failure names the field in Chinese.
 */
export async function validateForm(def: FormDefinition, values: FormValues, o: CheckOptions = {}): Promise<FormCheck> {
  const fixed = checkFixed(def, values.system);
  if (!fixed.ok) return fixed;
  const fields = o.requiredLater ? def.fields.map((f) => ({ ...f, required: false })) : def.fields;
  const r = await validateExt(fields, values.ext, { roles: o.roles, previous: o.previous, system: fixed.system, applyDefaults: o.isNew });
  if (!r.ok) return { ok: false, key: extKey(r.fieldId), error: r.error };
  return { ok: true, system: fixed.system, ext: r.ext };
}

/** Fields laid out by group (orders) or as one section: fixed fields first, then custom fields in order. */
export interface Section {
  key: string;
  name: string | null;
  items: ({ kind: 'fixed'; field: FixedField; def: FieldDef } | { kind: 'custom'; def: FieldDef })[];
}

export function sectionsOf(def: FormDefinition): Section[] {
  const fixed = def.fixedFields.map((field, i) => ({ kind: 'fixed' as const, field, def: fixedAsDef(field, i) }));
  const custom = sortFields(def.fields).map((d) => ({ kind: 'custom' as const, def: d }));
  if (def.groups.length === 0) return [{ key: 'all', name: null, items: [...fixed, ...custom] }];
  const last = def.groups[def.groups.length - 1]?.key ?? 'other';
  const known = new Set(def.groups.map((g) => g.key));
  const groupOf = (g: string | null | undefined) => (g && known.has(g) ? g : last);
  return def.groups
    .map((g) => ({ key: g.key, name: g.name, items: [...fixed, ...custom].filter((x) => groupOf(x.def.group) === g.key) }))
    .filter((s) => s.items.length > 0);
}
