import { textContains } from '../../platform/search';
import { FORM_KINDS, type FieldDef, type FormKindId, type RecycledField, type TemplateRow } from '@sk/shared';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { formFields, formTemplates } from '../../db/schema/index';
import { countOf, pageSql } from '../../platform/list';

import { apiTime } from '../../platform/sql';

export { apiTime, isUniqueViolation } from '../../platform/sql';

export interface TemplateRec {
  id: number;
  formKind: FormKindId;
  name: string;
  enabled: boolean;
  isDefault: boolean;
}

export interface VersionRec {
  id: number;
  templateId: number;
  templateName: string;
  formKind: FormKindId;
  versionNo: number;
  fields: FieldDef[];
}

const templateCols = {
  id: formTemplates.id,
  formKind: formTemplates.formKind,
  name: formTemplates.name,
  enabled: formTemplates.enabled,
  isDefault: formTemplates.isDefault,
};

export async function templateById(ex: Executor, enterpriseId: number, id: number, lock = false): Promise<TemplateRec | null> {
  const q = ex
    .select(templateCols)
    .from(formTemplates)
    .where(and(eq(formTemplates.enterpriseId, enterpriseId), eq(formTemplates.id, id)));
  const [r] = lock ? await q.for('update') : await q;
  return (r as TemplateRec | undefined) ?? null;
}

export async function defaultTemplate(ex: Executor, enterpriseId: number, kind: FormKindId): Promise<TemplateRec | null> {
  const [r] = await ex
    .select(templateCols)
    .from(formTemplates)
    .where(and(eq(formTemplates.enterpriseId, enterpriseId), eq(formTemplates.formKind, kind), eq(formTemplates.isDefault, true)));
  return (r as TemplateRec | undefined) ?? null;
}

export async function templatesOfKind(ex: Executor, enterpriseId: number, kind: FormKindId): Promise<TemplateRec[]> {
  return (await ex
    .select(templateCols)
    .from(formTemplates)
    .where(and(eq(formTemplates.enterpriseId, enterpriseId), eq(formTemplates.formKind, kind)))
    .orderBy(asc(formTemplates.sort), asc(formTemplates.id))) as TemplateRec[];
}

export async function nextTemplateSort(ex: Executor, enterpriseId: number, kind: FormKindId): Promise<number> {
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select coalesce(max(sort), 0) + 1 as n from form_templates where enterprise_id = ${enterpriseId} and form_kind = ${kind}`,
  );
  return r?.n ?? 1;
}

export async function insertTemplate(
  ex: Executor,
  v: { enterpriseId: number; formKind: FormKindId; name: string; isDefault?: boolean; sort: number },
): Promise<number | null> {
  const [r] = await ex.insert(formTemplates).values(v).onConflictDoNothing().returning({ id: formTemplates.id });
  return r?.id ?? null;
}

/** Makes the kind's first template (by sort) the default, unless the kind has one. */
export async function promoteFirstTemplate(ex: Executor, enterpriseId: number, kind: FormKindId): Promise<void> {
  await ex.execute(sql`update form_templates set is_default = true
        where enterprise_id = ${enterpriseId} and id = (select id from form_templates where enterprise_id = ${enterpriseId} and form_kind = ${kind} order by sort, id limit 1)
        and not exists (select 1 from form_templates where enterprise_id = ${enterpriseId} and form_kind = ${kind} and is_default)`);
}

/** Renames or enables a template, touching its update time. */
export async function updateTemplate(ex: Executor, enterpriseId: number, id: number, set: { name: string } | { enabled: boolean }): Promise<void> {
  await ex
    .update(formTemplates)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(formTemplates.enterpriseId, enterpriseId), eq(formTemplates.id, id)));
}

export async function setTemplateSort(ex: Executor, enterpriseId: number, id: number, sort: number): Promise<void> {
  await ex
    .update(formTemplates)
    .set({ sort })
    .where(and(eq(formTemplates.enterpriseId, enterpriseId), eq(formTemplates.id, id)));
}

/** Appends a version holding `fields` as the template's current definition. */
export async function insertVersion(
  ex: Executor,
  enterpriseId: number,
  templateId: number,
  fields: FieldDef[],
  userId: number | null,
): Promise<{ id: number; versionNo: number }> {
  const [r] = await rows<{ id: number; version_no: number }>(
    ex,
    sql`insert into form_template_versions (enterprise_id, template_id, version_no, fields, created_by)
        select ${enterpriseId}, ${templateId}, coalesce(max(version_no), 0) + 1, ${JSON.stringify(fields)}::jsonb, ${userId}
        from form_template_versions where enterprise_id = ${enterpriseId} and template_id = ${templateId}
        returning id, version_no`,
  );
  if (!r) throw new Error('version insert failed');
  await ex
    .update(formTemplates)
    .set({ updatedAt: sql`now()` })
    .where(and(eq(formTemplates.enterpriseId, enterpriseId), eq(formTemplates.id, templateId)));
  return { id: r.id, versionNo: r.version_no };
}

type VersionRow = { id: number; template_id: number; name: string; form_kind: number; version_no: number; fields: FieldDef[] };
const toVersion = (r: VersionRow): VersionRec => ({
  id: r.id,
  templateId: r.template_id,
  templateName: r.name,
  formKind: r.form_kind as FormKindId,
  versionNo: r.version_no,
  fields: r.fields,
});

const versionSelect = sql`select v.id, v.template_id, t.name, t.form_kind, v.version_no, v.fields
  from form_template_versions v join form_templates t on t.enterprise_id = v.enterprise_id and t.id = v.template_id`;

export async function versionById(ex: Executor, enterpriseId: number, id: number): Promise<VersionRec | null> {
  const [r] = await rows<VersionRow>(ex, sql`${versionSelect} where v.enterprise_id = ${enterpriseId} and v.id = ${id}`);
  return r ? toVersion(r) : null;
}

export async function latestVersion(ex: Executor, enterpriseId: number, templateId: number): Promise<VersionRec | null> {
  const [r] = await rows<VersionRow>(
    ex,
    sql`${versionSelect} where v.enterprise_id = ${enterpriseId} and v.template_id = ${templateId} order by v.version_no desc limit 1`,
  );
  return r ? toVersion(r) : null;
}

type FieldRow = typeof formFields.$inferSelect;
export const toFieldDef = (r: Pick<FieldRow, 'id' | 'name' | 'type' | 'sort' | 'def'>): FieldDef =>
  ({ ...(r.def as object), id: r.id, name: r.name, type: r.type, sort: r.sort }) as FieldDef;

/** The live fields of a template, in form order. */
export async function liveFields(ex: Executor, enterpriseId: number, templateId: number): Promise<FieldDef[]> {
  const list = await ex
    .select()
    .from(formFields)
    .where(and(eq(formFields.enterpriseId, enterpriseId), eq(formFields.templateId, templateId), isNull(formFields.deletedAt)))
    .orderBy(asc(formFields.sort), asc(formFields.id));
  return list.map(toFieldDef);
}

export async function deletedFields(ex: Executor, enterpriseId: number, templateId: number, ids: number[]): Promise<FieldDef[]> {
  const list = await ex
    .select()
    .from(formFields)
    .where(
      and(
        eq(formFields.enterpriseId, enterpriseId),
        eq(formFields.templateId, templateId),
        inArray(formFields.id, ids),
        sql`${formFields.deletedAt} is not null`,
      ),
    );
  return list.map(toFieldDef);
}

/** Splits a definition into its columns and the rest (stored as jsonb). */
export function fieldColumns(d: Omit<FieldDef, 'id'>) {
  const { name, type, sort, ...def } = d as FieldDef;
  delete (def as Partial<FieldDef>).id;
  return { name, type, sort, def };
}

export async function insertField(ex: Executor, enterpriseId: number, templateId: number, d: Omit<FieldDef, 'id'>): Promise<number> {
  const [r] = await ex
    .insert(formFields)
    .values({ enterpriseId, templateId, ...fieldColumns(d) })
    .returning({ id: formFields.id });
  if (!r) throw new Error('field insert failed');
  return r.id;
}

/** Compare-and-set: only a live field of this template changes. */
export async function updateField(ex: Executor, enterpriseId: number, templateId: number, d: FieldDef): Promise<boolean> {
  const r = await ex
    .update(formFields)
    .set({ ...fieldColumns(d), updatedAt: sql`now()` })
    .where(and(eq(formFields.enterpriseId, enterpriseId), eq(formFields.templateId, templateId), eq(formFields.id, d.id), isNull(formFields.deletedAt)))
    .returning({ id: formFields.id });
  return r.length === 1;
}

export async function softDeleteFields(ex: Executor, enterpriseId: number, templateId: number, ids: number[], userId: number): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await ex
    .update(formFields)
    .set({ deletedAt: sql`now()`, deletedBy: userId })
    .where(and(eq(formFields.enterpriseId, enterpriseId), eq(formFields.templateId, templateId), inArray(formFields.id, ids), isNull(formFields.deletedAt)))
    .returning({ id: formFields.id });
  return r.length;
}

export async function restoreField(ex: Executor, enterpriseId: number, templateId: number, id: number, sort: number): Promise<boolean> {
  const r = await ex
    .update(formFields)
    .set({ deletedAt: null, deletedBy: null, sort, updatedAt: sql`now()` })
    .where(
      and(eq(formFields.enterpriseId, enterpriseId), eq(formFields.templateId, templateId), eq(formFields.id, id), sql`${formFields.deletedAt} is not null`),
    )
    .returning({ id: formFields.id });
  return r.length === 1;
}

export interface TemplateFilter {
  kind?: FormKindId;
  keyword?: string;
  enabled?: boolean;
}

const templateWhere = (enterpriseId: number, f: TemplateFilter): SQL => {
  const parts = [sql`t.enterprise_id = ${enterpriseId}`];
  if (f.kind !== undefined) parts.push(sql`t.form_kind = ${f.kind}`);
  if (f.keyword) parts.push(textContains(sql`t.name`, f.keyword));
  if (f.enabled !== undefined) parts.push(sql`t.enabled = ${f.enabled}`);
  return sql.join(parts, sql` and `);
};

/** Templates with their current version, in the kind's order. */
export async function listTemplates(
  ex: Executor,
  enterpriseId: number,
  timeZone: string,
  f: TemplateFilter,
  page?: { pageIndex: number; pageSize: number },
): Promise<TemplateRow[]> {
  const limit = page ? pageSql(page) : sql``;
  const list = await rows<TemplateRaw>(
    ex,
    sql`select t.id, t.name, t.form_kind, t.enabled, t.is_default, t.sort, v.version_no, v.id as version_id,
          jsonb_array_length(v.fields) as field_count,
          ${apiTime(sql`t.created_at`, timeZone)} as create_time, ${apiTime(sql`t.updated_at`, timeZone)} as update_time
        from form_templates t
        join lateral (select id, version_no, fields from form_template_versions v
                      where v.enterprise_id = t.enterprise_id and v.template_id = t.id order by version_no desc limit 1) v on true
        where ${templateWhere(enterpriseId, f)}
        order by t.form_kind, t.sort, t.id ${limit}`,
  );
  return list.map(toTemplateRow);
}

interface TemplateRaw {
  id: number;
  name: string;
  form_kind: number;
  enabled: boolean;
  is_default: boolean;
  sort: number;
  version_no: number;
  version_id: number;
  field_count: number;
  create_time: string;
  update_time: string;
}

/** A template with its current version as the contract shows it. */
const toTemplateRow = (r: TemplateRaw): TemplateRow => ({
  id: r.id,
  name: r.name,
  type: r.form_kind,
  enabled: r.enabled,
  isDefault: r.is_default,
  sort: r.sort,
  version: r.version_no,
  versionId: r.version_id,
  fieldCount: r.field_count,
  createTime: r.create_time,
  updateTime: r.update_time,
});

export async function countTemplates(ex: Executor, enterpriseId: number, f: TemplateFilter): Promise<number> {
  return countOf(ex, sql`form_templates t`, templateWhere(enterpriseId, f));
}

export const kindName = (kind: FormKindId): string => FORM_KINDS[kind].name;

export interface RecycleFilter {
  kind?: FormKindId;
  templateId?: number;
}

const recycleWhere = (enterpriseId: number, f: RecycleFilter): SQL => {
  const parts = [sql`f.enterprise_id = ${enterpriseId}`, sql`f.deleted_at is not null`];
  if (f.templateId !== undefined) parts.push(sql`f.template_id = ${f.templateId}`);
  if (f.kind !== undefined) parts.push(sql`t.form_kind = ${f.kind}`);
  return sql.join(parts, sql` and `);
};

export async function listRecycled(
  ex: Executor,
  enterpriseId: number,
  timeZone: string,
  f: RecycleFilter,
  page: { pageIndex: number; pageSize: number },
): Promise<RecycledField[]> {
  const list = await rows<RecycledRaw>(
    ex,
    sql`select f.id, f.name, f.type, f.template_id, t.name as template_name, t.form_kind,
          ${apiTime(sql`f.deleted_at`, timeZone)} as delete_time, u.name as user_name
        from form_fields f
        join form_templates t on t.enterprise_id = f.enterprise_id and t.id = f.template_id
        left join users u on u.enterprise_id = f.enterprise_id and u.id = f.deleted_by
        where ${recycleWhere(enterpriseId, f)}
        order by f.deleted_at desc, f.id desc ${pageSql(page)}`,
  );
  return list.map(toRecycledField);
}

interface RecycledRaw {
  id: number;
  name: string;
  type: number;
  template_id: number;
  template_name: string;
  form_kind: number;
  delete_time: string;
  user_name: string | null;
}

/** A field in the recycle bin as the contract shows it. */
const toRecycledField = (r: RecycledRaw): RecycledField => ({
  id: r.id,
  name: r.name,
  type: r.type,
  templateId: r.template_id,
  templateName: r.template_name,
  formKind: r.form_kind,
  deleteTime: r.delete_time,
  deleteUserName: r.user_name,
});

export async function countRecycled(ex: Executor, enterpriseId: number, f: RecycleFilter): Promise<number> {
  return countOf(ex, sql`form_fields f join form_templates t on t.enterprise_id = f.enterprise_id and t.id = f.template_id`, recycleWhere(enterpriseId, f));
}

/** The kinds whose default template exists. */
export async function defaultKinds(ex: Executor, enterpriseId: number): Promise<Set<number>> {
  const have = await rows<{ k: number }>(ex, sql`select form_kind as k from form_templates where enterprise_id = ${enterpriseId} and is_default`);
  return new Set(have.map((x) => x.k));
}
