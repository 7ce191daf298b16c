// The designer's working copy of a template's fields: edited locally, checked with the shared schema and
// cross-field rules, then saved in one call. Formulas are edited with field names ({数量} * {单价}) and
// stored with ids ({12} * {13}), as the server evaluates them.
import {
  blankFieldProps,
  checkFieldDefs,
  FIELD_TYPES,
  type FieldDef,
  type FieldInput,
  type FieldType,
  type FormKindId,
  fieldInput,
  fieldInputShape,
} from '@sk/shared/forms/index';
import { labelOf } from '@sk/shared/common/zod';

export interface DraftField extends Omit<FieldInput, 'sort'> {
  /** Client key (stable while editing). */
  uid: string;
  /** Server id; absent until the field is saved. */
  id?: number;
  /** The formula with field names in braces. */
  formulaText: string;
}

export interface RefName {
  key: string;
  name: string;
}

let seq = 0;
const nextUid = () => `f${Date.now().toString(36)}${(seq++).toString(36)}`;

const REF = /\{([^{}]*)\}/g;

/** `{12} * {serviceAmount}` → `{数量} * {服务费}`; unknown references stay as they are. */
export function formulaToNames(formula: string, refs: RefName[]): string {
  return formula.replace(REF, (all, key: string) => {
    const r = refs.find((x) => x.key === key.trim());
    return r ? `{${r.name}}` : all;
  });
}

/** `{数量} * {服务费}` → `{12} * {serviceAmount}`; a name that matches nothing is left for the check to name. */
export function formulaToIds(text: string, refs: RefName[]): string {
  return text.replace(REF, (all, name: string) => {
    const r = refs.find((x) => x.name === name.trim()) ?? refs.find((x) => x.key === name.trim());
    return r ? `{${r.key}}` : all;
  });
}

export function fromDef(f: FieldDef, refs: RefName[]): DraftField {
  const { sort: _sort, ...rest } = f;
  return { ...rest, uid: `s${f.id}`, id: f.id, formulaText: formulaToNames(f.formula, refs) };
}

const blank = (type: FieldType, name: string): DraftField => ({ ...blankFieldProps(), uid: nextUid(), name, type, formulaText: '' });

/** A new field of a type, named after the type and made unique among the others. */
export function newField(type: FieldType, others: { name: string }[], kind: FormKindId): DraftField {
  const base: string = FIELD_TYPES[type];
  let name = base;
  for (let i = 2; others.some((o) => o.name === name); i++) name = `${base}${i}`;
  const f = blank(type, name);
  if (kind === 1) f.group = 'other';
  if (type === 3 || type === 8) f.options = ['选项1', '选项2'];
  if (type === 18) f.cascade = [{ label: '选项1', children: [{ label: '子选项1' }] }];
  if (type === 14) f.help = '请在此填写说明文字';
  if (type === 22) f.stars = 5;
  if (type === 19) f.precision = 2;
  if (type === 30) f.linkKind = 'order';
  return f;
}

/** References a formula or condition may use: system values, then saved custom fields (new ones have no id yet). */
export function refNames(list: DraftField[], system: RefName[]): RefName[] {
  return [...system, ...list.filter((f) => f.id !== undefined).map((f) => ({ key: String(f.id), name: f.name }))];
}

/** The field as the save call sends it. */
export function toSaved(f: DraftField, refs: RefName[]): FieldInput & { id?: number } {
  const { uid: _uid, formulaText, ...rest } = f;
  return { ...rest, formula: f.type === 19 ? formulaToIds(formulaText, refs) : '' };
}

/** Definitions as the shared checks and the preview see them; unsaved fields get temporary negative ids. */
export function toDefs(list: DraftField[], refs: RefName[]): FieldDef[] {
  let tmp = 0;
  return list.map((f, i) => ({ ...toSaved(f, refs), id: f.id ?? --tmp, sort: i + 1 }) as FieldDef);
}

export type DraftProblem = { uid: string; message: string } | null;

/** The first problem of the draft, named as the server would: each field's own rules, then the rules across fields. */
export function checkDraft(list: DraftField[], system: RefName[], kind: FormKindId): DraftProblem {
  const refs = refNames(list, system);
  for (const f of list) {
    const r = fieldInput.safeParse(toSaved(f, refs));
    if (!r.success) {
      const issue = r.error.issues[0];
      const key = String(issue?.path[0] ?? '');
      const label = key ? labelOf(fieldInputShape[key as keyof typeof fieldInputShape], key) : '';
      const message = issue?.message ?? '格式不正确';
      const name = f.name.trim() || '未命名字段';
      return { uid: f.uid, message: label && !message.includes(label) ? `${name}的${label}：${message}` : `${name}：${message}` };
    }
  }
  const defs = toDefs(list, refs);
  const err = checkFieldDefs(defs, kind);
  if (!err) return null;
  // checkFieldDefs names the field as 字段“名称”：…
  const name = /^字段“(.*?)”：/.exec(err)?.[1];
  return { uid: list.find((f) => f.name === name)?.uid ?? list[0]?.uid ?? '', message: err };
}

/** Moves an item from one place to another (drag and drop, up and down). */
export function move<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item as T);
  return next;
}

/** Cascade options edited as one path per line ('动力系统/发动机'), and back. */
export function cascadeToText(nodes: FieldDef['cascade'], prefix = ''): string {
  return nodes
    .flatMap((n) => {
      const path = prefix ? `${prefix}/${n.label}` : n.label;
      return n.children?.length ? [cascadeToText(n.children, path)] : [path];
    })
    .join('\n');
}

export function textToCascade(text: string): FieldDef['cascade'] {
  const root: FieldDef['cascade'] = [];
  for (const line of text.split('\n')) {
    const parts = line
      .split('/')
      .map((s) => s.trim())
      .filter(Boolean);
    let level = root;
    for (const label of parts) {
      let node = level.find((n) => n.label === label);
      if (!node) {
        node = { label };
        level.push(node);
      }
      node.children ??= [];
      level = node.children;
    }
  }
  const prune = (nodes: FieldDef['cascade']): FieldDef['cascade'] =>
    nodes.map((n) => (n.children?.length ? { label: n.label, children: prune(n.children) } : { label: n.label }));
  return prune(root);
}
