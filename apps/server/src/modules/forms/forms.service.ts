import {
  type DesignerDetail,
  type ExtValues,
  FIXED_FIELDS,
  FORM_KIND_IDS,
  FORM_FIELD_HEIGHTS,
  FORM_KINDS,
  FORMULA_SYSTEM_REFS,
  type FieldNameRow,
  type FieldsView,
  type FormInfo,
  type FormKindId,
  orderGroups,
  visibleToRoles,
} from '@sk/shared';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { cleanExtWith, presentWith } from './ext.service';
import * as repo from './forms.repo';
import { ensureDefaultTemplate, resolveTemplate } from './templates.service';

/** A version's fields as the calls answer them. */
export function fieldsViewOf(v: repo.VersionRec): FieldsView {
  return { templateId: v.templateId, templateName: v.templateName, type: v.formKind, versionId: v.id, version: v.versionNo, fields: v.fields };
}

/** The current version of a template (a new template has version 1 from its creation). */
export async function currentVersion(ex: Executor, enterpriseId: number, templateId: number): Promise<repo.VersionRec> {
  const v = await repo.latestVersion(ex, enterpriseId, templateId);
  if (!v) throw new AppError('NOT_FOUND');
  return v;
}

/** The version to read: the one asked for (it must belong to the template), or the current one. */
export async function pickVersion(ex: Executor, enterpriseId: number, kind: FormKindId, tmpId?: number, versionId?: number): Promise<repo.VersionRec> {
  if (versionId !== undefined) {
    const v = await repo.versionById(ex, enterpriseId, versionId);
    if (!v || v.formKind !== kind || (tmpId !== undefined && v.templateId !== tmpId)) throw new AppError('NOT_FOUND');
    return v;
  }
  const t = await resolveTemplate(ex, enterpriseId, kind, tmpId);
  return currentVersion(ex, enterpriseId, t.id);
}

/** Everything a renderer needs; `roles` leaves out fields those roles may not see. */
export function formInfoOf(v: repo.VersionRec, roles?: readonly number[]): FormInfo {
  return {
    ...fieldsViewOf(v),
    fields: v.fields.filter((f) => visibleToRoles(f, roles)),
    kindName: FORM_KINDS[v.formKind].name,
    fixedFields: FIXED_FIELDS[v.formKind],
    groups: v.formKind === 1 ? orderGroups : [],
    height: FORM_FIELD_HEIGHTS[v.formKind] ?? null,
    formulaRefs: FORMULA_SYSTEM_REFS[v.formKind],
  };
}

export async function designerDetail(ex: Executor, enterpriseId: number, kind: FormKindId, tmpId?: number): Promise<DesignerDetail> {
  const t = await resolveTemplate(ex, enterpriseId, kind, tmpId);
  const v = await currentVersion(ex, enterpriseId, t.id);
  return { ...formInfoOf(v), templateEnabled: t.enabled, recycleCount: await repo.countRecycled(ex, enterpriseId, { templateId: t.id }) };
}

/** Fixed fields, formula system values and custom fields: key, name, type (for pickers and formulas). */
export function fieldNamesOf(v: repo.VersionRec): FieldNameRow[] {
  const out: FieldNameRow[] = FIXED_FIELDS[v.formKind].map((f) => ({ key: f.key, name: f.name, type: f.type, system: true }));
  for (const r of FORMULA_SYSTEM_REFS[v.formKind]) {
    if (!out.some((o) => o.key === r.key)) out.push({ key: r.key, name: r.name, type: 2, system: true });
  }
  for (const f of v.fields) out.push({ key: String(f.id), name: f.name, type: f.type, system: false });
  return out;
}

/** Dry run of a save: cleaned values and their presentation, nothing written. */
export async function fieldValues(
  ex: Executor,
  enterpriseId: number,
  v: repo.VersionRec,
  ext: ExtValues,
  o: { roles?: readonly number[]; system?: Record<string, unknown> },
) {
  const clean = await cleanExtWith(ex, enterpriseId, v.fields, ext, { ...o, isNew: true });
  return { versionId: v.id, ext: clean, fields: await presentWith(ex, enterpriseId, v.fields, clean, o) };
}

export type { RecycleFilter } from './forms.repo';
export { countRecycled, listRecycled } from './forms.repo';

/** Template lists answer at least the kind's default template, made on first use. */
export async function ensureKind(ex: Executor, enterpriseId: number, kind: FormKindId): Promise<void> {
  await ensureDefaultTemplate(ex, enterpriseId, kind);
}

/** Every kind's default template exists (one query when they all do). */
export async function ensureAllKinds(ex: Executor, enterpriseId: number): Promise<void> {
  const known = await repo.defaultKinds(ex, enterpriseId);
  for (const kind of FORM_KIND_IDS) if (!known.has(kind)) await ensureDefaultTemplate(ex, enterpriseId, kind);
}
