import {
  type ExtField,
  type ExtValues,
  type FieldDef,
  type FileInfo,
  type FormKindId,
  fileIdsOf,
  type LinkKind,
  presentExtValues,
  validateExt,
} from '@sk/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError } from '../../platform/errors';
import { uploadsOf } from '../files/index';
import * as repo from './forms.repo';
import { resolveTemplate } from './templates.service';
import { registrationSite } from '../../platform/registry';

/** Finds which of `ids` are records of one kind in the enterprise, with a label to show. */
export type LinkLookup = (ex: Executor, enterpriseId: number, ids: number[]) => Promise<{ id: number; label: string }[]>;
const linkLookups = new Map<LinkKind, LinkLookup>();
const linkSites = new Map<LinkKind, string>();

/**
 * Modules that own a record kind register how to find their records, so link fields (type 30) can
 * point at them. A kind nobody registered accepts no link at all.
 */
export const registerLinkTarget = (kind: LinkKind, lookup: LinkLookup): void => {
  linkLookups.set(kind, lookup);
  linkSites.set(kind, registrationSite());
};
/** Each link kind with a lookup, in registration order, with where it was registered (the wiring snapshot). */
export const linkTargetEntries = (): { kind: string; site: string }[] => [...linkLookups.keys()].map((kind) => ({ kind, site: linkSites.get(kind) ?? '?' }));

async function lookupLinks(ex: Executor, enterpriseId: number, kind: LinkKind, ids: number[]) {
  const lookup = linkLookups.get(kind);
  return lookup && ids.length ? lookup(ex, enterpriseId, ids) : [];
}

async function fileInfos(ex: Executor, enterpriseId: number, ids: number[]): Promise<FileInfo[]> {
  return (await uploadsOf(ex, enterpriseId, ids)).map((u) => ({ id: u.id, ext: u.ext, name: u.name, url: u.url }));
}

export interface ExtOptions {
  /** The saving user's current roles (fields hidden from them keep `previous`). */
  roles?: readonly number[];
  /** The stored ext before this save (updates). */
  previous?: ExtValues | null;
  /** System field values formulas and conditions may read. */
  system?: Record<string, unknown>;
  /** A new record: absent values take their defaults. */
  isNew?: boolean;
  /** Made by the system (a cycle plan's order): required fields may stay empty until a person edits the record. */
  requiredLater?: boolean;
}

/** The version a record refers to, which must be of `formKind` in this enterprise. */
export async function versionOf(ex: Executor, enterpriseId: number, formKind: FormKindId, versionId: number): Promise<repo.VersionRec> {
  const v = await repo.versionById(ex, enterpriseId, versionId);
  if (!v || v.formKind !== formKind) throw new AppError('NOT_FOUND');
  return v;
}

/** Validates against given field definitions (no version lookup); nothing is written. */
export async function cleanExtWith(ex: Executor, enterpriseId: number, fields: FieldDef[], ext: unknown, o: ExtOptions = {}): Promise<ExtValues> {
  const r = await validateExt(o.requiredLater ? fields.map((f) => ({ ...f, required: false })) : fields, ext, {
    files: (ids) => fileInfos(ex, enterpriseId, ids),
    links: async (kind, ids) => (await lookupLinks(ex, enterpriseId, kind, ids)).map((x) => x.id),
    roles: o.roles,
    previous: o.previous,
    system: o.system,
    applyDefaults: o.isNew,
  });
  if (!r.ok) throw new AppError('VALIDATION', { detail: r.error });
  return r.ext;
}

/**
 * For modules saving a record: checks `ext` against the record's template version and answers the
 * cleaned values (formulas evaluated), or throws an AppError naming the field. Call it inside the
 * record's transaction, before writing.
 */
export async function validateAndComputeExt(
  ex: Executor,
  enterpriseId: number,
  formKind: FormKindId,
  templateVersionId: number,
  ext: unknown,
  o: ExtOptions = {},
): Promise<ExtValues> {
  const v = await versionOf(ex, enterpriseId, formKind, templateVersionId);
  return cleanExtWith(ex, enterpriseId, v.fields, ext, o);
}

/** Presents values against given field definitions, loading file and link details. */
export async function presentWith(
  ex: Executor,
  enterpriseId: number,
  fields: FieldDef[],
  ext: ExtValues | null | undefined,
  o: { roles?: readonly number[]; system?: Record<string, unknown> } = {},
): Promise<ExtField[]> {
  const files = new Map((await fileInfos(ex, enterpriseId, fileIdsOf(fields, ext))).map((f) => [f.id, f]));
  const links = new Map<string, string>();
  for (const f of fields) {
    const id = ext?.[String(f.id)];
    if (f.type !== 30 || !f.linkKind || typeof id !== 'number') continue;
    for (const x of await lookupLinks(ex, enterpriseId, f.linkKind, [id])) links.set(`${f.linkKind}:${x.id}`, x.label);
  }
  return presentExtValues(fields, ext, { files, links, roles: o.roles, system: o.system });
}

/** A record's custom values in the spec's ExtField shape, read with the version it was saved with. */
export async function presentExt(
  ex: Executor,
  enterpriseId: number,
  templateVersionId: number,
  ext: ExtValues | null | undefined,
  o: { roles?: readonly number[]; system?: Record<string, unknown> } = {},
): Promise<ExtField[]> {
  const v = await repo.versionById(ex, enterpriseId, templateVersionId);
  if (!v) throw new AppError('NOT_FOUND');
  return presentWith(ex, enterpriseId, v.fields, ext, o);
}

/** The version new records of a kind (and template) are created with, and its fields. */
export async function currentVersionOf(
  ex: Executor,
  enterpriseId: number,
  formKind: FormKindId,
  templateId?: number,
): Promise<{ templateId: number; templateVersionId: number; fields: FieldDef[]; enabled: boolean }> {
  const t = await resolveTemplate(ex, enterpriseId, formKind, templateId);
  const v = await repo.latestVersion(ex, enterpriseId, t.id);
  if (!v) throw new AppError('NOT_FOUND');
  return { templateId: t.id, templateVersionId: v.id, fields: v.fields, enabled: t.enabled };
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireExtService(): void {
  registerLinkTarget('user', async (ex, enterpriseId, ids) =>
    (
      await ex
        .select({ id: users.id, label: users.name })
        .from(users)
        .where(and(eq(users.enterpriseId, enterpriseId), inArray(users.id, ids), isNull(users.deletedAt)))
    ).map((u) => ({ id: u.id, label: u.label })),
  );
}
