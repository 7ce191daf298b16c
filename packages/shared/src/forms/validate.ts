import type { FileKind } from '../files/files.constants';
import { DISPLAY_ONLY_TYPES, FIELD_LIMITS, FILE_EXTS, LINK_KINDS, type LinkKind } from './forms.constants';
import type { ExtValues, FieldDef } from './forms.schema';
import { evaluateFormula, roundTo, toOperand } from './formula';
import { checkValue, isEmptyValue } from './value';

export interface FileInfo {
  id: number;
  /** Lower-case extension without the dot. */
  ext: string;
  name?: string;
  url?: string;
}

/** What the caller provides; the server passes database-backed hooks, the web may pass none. */
export interface ValidateHooks {
  /** Of `ids`, the files that belong to the enterprise. Absent: file ownership is not checked. */
  files?: (ids: number[]) => Promise<FileInfo[]>;
  /** Of `ids`, those that are records of `kind` in the enterprise. Absent: link targets are not checked. */
  links?: (kind: LinkKind, ids: number[]) => Promise<number[]>;
  /** The saving user's roles; a field they cannot see keeps its previous value. Absent: every field is visible. */
  roles?: readonly number[];
  /** The record's stored ext before this save. */
  previous?: ExtValues | null;
  /** Values of system (fixed) fields, for formulas and conditions. */
  system?: Record<string, unknown>;
  /** New record: an absent value takes the field's default. */
  applyDefaults?: boolean;
}

export type ValidateResult = { ok: true; ext: ExtValues } | { ok: false; error: string; fieldId: number };

export const visibleToRoles = (f: FieldDef, roles: readonly number[] | undefined): boolean =>
  !roles || f.visibleRoles.length === 0 || f.visibleRoles.some((r) => roles.includes(r));

const asTexts = (v: unknown): string[] =>
  Array.isArray(v) ? v.map((x) => String(x)) : v === null || v === undefined ? [] : [typeof v === 'object' ? JSON.stringify(v) : String(v)];

/**
 * Which fields a form shows given the values: role visibility and conditions, following chains
 * (a field whose controlling field is hidden is hidden too). Cycles count as hidden.
 */
export function shownFields(fields: FieldDef[], values: ExtValues, roles?: readonly number[], system: Record<string, unknown> = {}): Set<number> {
  const byId = new Map(fields.map((f) => [String(f.id), f]));
  const memo = new Map<number, boolean>();
  const shown = (f: FieldDef, seen: Set<number>): boolean => {
    const known = memo.get(f.id);
    if (known !== undefined) return known;
    if (seen.has(f.id)) return false;
    seen.add(f.id);
    let r = visibleToRoles(f, roles);
    if (r && f.condition) {
      const ctrl = byId.get(f.condition.field);
      const value = ctrl ? values[f.condition.field] : system[f.condition.field];
      r = (!ctrl || shown(ctrl, seen)) && asTexts(value).some((x) => f.condition?.values.includes(x));
    }
    memo.set(f.id, r);
    return r;
  };
  return new Set(fields.filter((f) => shown(f, new Set())).map((f) => f.id));
}

const fail = (f: FieldDef, reason: string): ValidateResult => ({ ok: false, error: `${f.name}：${reason}`, fieldId: f.id });

function allowedExts(f: FieldDef): string[] {
  if (f.type === 10 || f.type === 21 || f.type === 26) return [...FILE_EXTS.image];
  const kinds: FileKind[] = f.fileKinds.length ? f.fileKinds : ['image', 'video', 'doc'];
  return kinds.flatMap((k) => [...FILE_EXTS[k]]);
}

async function checkFiles(fields: FieldDef[], ext: ExtValues, hooks: ValidateHooks): Promise<ValidateResult | null> {
  const withFiles = fields.filter((f) => Array.isArray(ext[String(f.id)]) && [10, 15, 21, 26].includes(f.type));
  const ids = [...new Set(withFiles.flatMap((f) => ext[String(f.id)] as number[]))];
  if (!hooks.files || ids.length === 0) return null;
  const found = new Map((await hooks.files(ids)).map((x) => [x.id, x]));
  for (const f of withFiles) {
    const allowed = allowedExts(f);
    for (const id of ext[String(f.id)] as number[]) {
      const info = found.get(id);
      if (!info) return fail(f, '文件不存在或已被删除');
      if (!allowed.includes(info.ext.toLowerCase())) return fail(f, `不支持的文件类型，仅支持${allowed.join('、')}`);
    }
  }
  return null;
}

async function checkLinks(fields: FieldDef[], ext: ExtValues, hooks: ValidateHooks): Promise<ValidateResult | null> {
  if (!hooks.links) return null;
  const linked = fields.filter((f) => f.type === 30 && typeof ext[String(f.id)] === 'number');
  const kinds = [...new Set(linked.map((f) => f.linkKind))].filter((k): k is LinkKind => !!k && k in LINK_KINDS);
  for (const kind of kinds) {
    const mine = linked.filter((f) => f.linkKind === kind);
    const found = new Set(await hooks.links(kind, [...new Set(mine.map((f) => ext[String(f.id)] as number))]));
    const missing = mine.find((f) => !found.has(ext[String(f.id)] as number));
    if (missing) return fail(missing, '关联的记录不存在');
  }
  const noKind = linked.find((f) => !f.linkKind);
  return noKind ? fail(noKind, '关联的记录不存在') : null;
}

/** Evaluates every shown formula field in dependency order (formulas may use formulas). */
export function computeFormulas(fields: FieldDef[], ext: ExtValues, shown: Set<number>, system: Record<string, unknown> = {}): void {
  const byId = new Map(fields.map((f) => [String(f.id), f]));
  const done = new Map<string, number | null>();
  const calc = (f: FieldDef, stack: Set<number>): number | null => {
    const key = String(f.id);
    if (done.has(key)) return done.get(key) as number | null;
    if (stack.has(f.id)) return Number.NaN;
    stack.add(f.id);
    const raw = evaluateFormula(f.formula, (name) => {
      const ref = byId.get(name);
      if (!ref) return toOperand(system[name]);
      if (!shown.has(ref.id)) return null;
      return ref.type === 19 ? calc(ref, stack) : toOperand(ext[name]);
    });
    stack.delete(f.id);
    const v = raw === null || !Number.isFinite(raw) ? null : roundTo(raw, f.precision ?? FIELD_LIMITS.precision);
    done.set(key, v);
    return v;
  };
  for (const f of fields) {
    if (f.type !== 19 || !shown.has(f.id)) continue;
    const v = calc(f, new Set());
    if (v === null) delete ext[String(f.id)];
    else ext[String(f.id)] = v;
  }
}

/**
 * Validates a record's custom values against its template version's fields and answers the cleaned
 * values (canonical forms, formulas evaluated, hidden and unknown keys dropped). The first failure
 * names the field: '金额：请输入数字'.
 */
export async function validateExt(fields: FieldDef[], input: unknown, hooks: ValidateHooks = {}): Promise<ValidateResult> {
  const given: ExtValues = input && typeof input === 'object' && !Array.isArray(input) ? (input as ExtValues) : {};
  const previous = hooks.previous ?? {};
  const sorted = [...fields].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const clean: ExtValues = {};
  const errors = new Map<number, string>();
  for (const f of sorted) {
    const key = String(f.id);
    if (DISPLAY_ONLY_TYPES.includes(f.type) || f.type === 19) continue;
    if (!visibleToRoles(f, hooks.roles)) {
      if (!isEmptyValue(previous[key])) clean[key] = previous[key];
      continue;
    }
    const raw = key in given ? given[key] : hooks.applyDefaults ? f.defaultValue : undefined;
    if (isEmptyValue(raw)) continue;
    const r = checkValue(f, raw);
    if (r.ok && !isEmptyValue(r.value)) clean[key] = r.value;
    else if (!r.ok) errors.set(f.id, r.error);
  }
  // Conditions decide what is kept; roles only decide who may fill a field in.
  const shown = shownFields(sorted, clean, undefined, hooks.system);
  for (const f of sorted) {
    const key = String(f.id);
    if (!shown.has(f.id)) {
      delete clean[key];
      continue;
    }
    if (!visibleToRoles(f, hooks.roles)) continue;
    const err = errors.get(f.id);
    if (err) return fail(f, err);
    if (f.required && f.type !== 19 && !DISPLAY_ONLY_TYPES.includes(f.type)) {
      if (isEmptyValue(clean[key])) return fail(f, '不能为空');
      if (f.type === 16 && clean[key] !== '1') return fail(f, '请勾选');
    }
  }
  const fileError = await checkFiles(sorted, clean, hooks);
  if (fileError) return fileError;
  const linkError = await checkLinks(sorted, clean, hooks);
  if (linkError) return linkError;
  computeFormulas(sorted, clean, shown, hooks.system);
  return { ok: true, ext: clean };
}
