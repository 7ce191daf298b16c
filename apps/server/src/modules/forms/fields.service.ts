import { checkFieldDefs, dependentsOf, type FieldDef, type FieldInput, type FormKindId } from '@sk/shared';
import type { Executor, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import * as repo from './forms.repo';
import { resolveTemplate } from './templates.service';

export interface FormRef {
  enterpriseId: number;
  userId: number;
  kind: FormKindId;
  tmpId?: number;
}

const invalid = (detail: string) => new AppError('VALIDATION', { detail });

/** Only order fields are grouped; other kinds ignore a group. */
function normalise(kind: FormKindId, f: FieldInput): FieldInput {
  return { ...f, group: kind === 1 ? (f.group ?? 'other') : null };
}

function check(defs: FieldDef[], kind: FormKindId): void {
  const err = checkFieldDefs(defs, kind);
  if (err) throw invalid(err);
}

/**
 * Runs a change of a template's fields: the template row is locked (changes of one template are
 * serialised), `change` edits the live fields, and the result becomes the template's next version.
 */
async function changeFields(ex: Executor, ref: FormRef, change: (tx: Tx, t: repo.TemplateRec, live: FieldDef[]) => Promise<FieldDef[]>) {
  return ex.transaction(async (tx) => {
    const t = await resolveTemplate(tx, ref.enterpriseId, ref.kind, ref.tmpId, true);
    const live = await repo.liveFields(tx, ref.enterpriseId, t.id);
    const next = await change(tx, t, live);
    const sorted = [...next].sort((a, b) => a.sort - b.sort || a.id - b.id);
    return repo.insertVersion(tx, ref.enterpriseId, t.id, sorted, ref.userId);
  });
}

const nextSort = (live: FieldDef[]): number => live.reduce((m, f) => Math.max(m, f.sort), 0) + 1;

export async function saveField(ex: Executor, ref: FormRef, input: FieldInput): Promise<{ id: number; versionId: number }> {
  let id = 0;
  const v = await changeFields(ex, ref, async (tx, t, live) => {
    const d = { ...normalise(ref.kind, input), sort: input.sort ?? nextSort(live) };
    check([...live, { ...d, id: -1 } as FieldDef], ref.kind);
    id = await repo.insertField(tx, ref.enterpriseId, t.id, d);
    return [...live, { ...d, id } as FieldDef];
  });
  return { id, versionId: v.id };
}

export async function updateField(ex: Executor, ref: FormRef, id: number, input: FieldInput): Promise<{ versionId: number }> {
  const v = await changeFields(ex, ref, async (tx, t, live) => {
    const old = live.find((f) => f.id === id);
    if (!old) throw new AppError('NOT_FOUND');
    const d = { ...normalise(ref.kind, input), sort: input.sort ?? old.sort, id } as FieldDef;
    const next = live.map((f) => (f.id === id ? d : f));
    check(next, ref.kind);
    if (!(await repo.updateField(tx, ref.enterpriseId, t.id, d))) throw new AppError('CONFLICT');
    return next;
  });
  return { versionId: v.id };
}

function refuseDependents(live: FieldDef[], ids: number[]): void {
  const remaining = live.filter((f) => !ids.includes(f.id));
  for (const id of ids) {
    const users = dependentsOf(remaining, id);
    const f = live.find((x) => x.id === id);
    if (users.length && f) throw invalid(`${f.name}：被字段“${users.map((u) => u.name).join('、')}”引用，不能删除`);
  }
}

/** Moves fields to the recycle bin (soft delete); every id must be a live field of the template. */
export async function deleteFields(ex: Executor, ref: FormRef, ids: number[]): Promise<{ versionId: number }> {
  const unique = [...new Set(ids)];
  const v = await changeFields(ex, ref, async (tx, t, live) => {
    if (unique.some((i) => !live.some((f) => f.id === i))) throw new AppError('NOT_FOUND');
    refuseDependents(live, unique);
    const n = await repo.softDeleteFields(tx, ref.enterpriseId, t.id, unique, ref.userId);
    if (n !== unique.length) throw new AppError('CONFLICT');
    return live.filter((f) => !unique.includes(f.id));
  });
  return { versionId: v.id };
}

/** Brings fields back from the recycle bin, at the end of the form. */
export async function restoreFields(ex: Executor, ref: FormRef, ids: number[]): Promise<{ versionId: number }> {
  const unique = [...new Set(ids)];
  const v = await changeFields(ex, ref, async (tx, t, live) => {
    const back = await repo.deletedFields(tx, ref.enterpriseId, t.id, unique);
    if (back.length !== unique.length) throw new AppError('NOT_FOUND');
    const taken = back.find((b) => live.some((f) => f.name === b.name));
    if (taken) throw invalid(`${taken.name}：已有同名字段，无法恢复`);
    let sort = nextSort(live);
    const restored = back.map((b) => ({ ...b, sort: sort++ }));
    check([...live, ...restored], ref.kind);
    for (const r of restored) {
      if (!(await repo.restoreField(tx, ref.enterpriseId, t.id, r.id, r.sort))) throw new AppError('CONFLICT');
    }
    return [...live, ...restored];
  });
  return { versionId: v.id };
}

/**
 * The designer's full save: the list is the form, in order. Fields with an id are updated, new ones
 * added, live fields missing from the list go to the recycle bin. One new version.
 */
export async function saveAllFields(ex: Executor, ref: FormRef, list: (FieldInput & { id?: number })[]): Promise<{ versionId: number }> {
  const v = await changeFields(ex, ref, async (tx, t, live) => {
    const liveIds = new Set(live.map((f) => f.id));
    const ids = list.map((f) => f.id).filter((i): i is number => i !== undefined);
    if (ids.some((i) => !liveIds.has(i)) || new Set(ids).size !== ids.length) throw new AppError('NOT_FOUND');
    let tmp = 0;
    const next = list.map((f, i) => ({ ...normalise(ref.kind, f), id: f.id ?? --tmp, sort: i + 1 }) as FieldDef);
    const removed = live.filter((f) => !ids.includes(f.id)).map((f) => f.id);
    check(next, ref.kind);
    await repo.softDeleteFields(tx, ref.enterpriseId, t.id, removed, ref.userId);
    for (const f of next) {
      if (f.id > 0) {
        if (!(await repo.updateField(tx, ref.enterpriseId, t.id, f))) throw new AppError('CONFLICT');
      } else {
        f.id = await repo.insertField(tx, ref.enterpriseId, t.id, f);
      }
    }
    return next;
  });
  return { versionId: v.id };
}
