import type { ExtValues } from '@sk/shared';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { foreignUploadIds } from '../files/index';
import { currentVersionOf, presentExt, validateAndComputeExt } from '../forms/index';

/**
 * The customer area's calls into other modules, in one place. Form kinds as the form engine numbers
 * them: 2 customer, 3 customer product, 25 maintenance contract, 26 sales contract.
 */
export const FORM_KIND = { customer: 2, customerProduct: 3, maintainContract: 25, saleContract: 26 } as const;
export type CustomerFormKind = (typeof FORM_KIND)[keyof typeof FORM_KIND];

export interface FormFields {
  templateVersionId: number | null;
  fields: Record<string, unknown>[];
}

/** The template version new records of a kind are created with, and its custom fields. */
export async function formFieldsOf(ex: Executor, enterpriseId: number, kind: CustomerFormKind): Promise<FormFields> {
  const v = await currentVersionOf(ex, enterpriseId, kind);
  return { templateVersionId: v.templateVersionId, fields: v.fields as unknown as Record<string, unknown>[] };
}

export interface ExtContext {
  /** The saving user's current role: fields hidden from it keep their previous value. */
  sysrole?: number | null;
  /** The stored values before this save (updates). */
  previous?: ExtValues | null;
  /** Imports fill no custom fields: the current version is recorded and the values stay empty. */
  skip?: boolean;
}

/**
 * Validated, computed custom values for a record (formulas evaluated), or an AppError naming the field.
 * A new record takes the kind's current template version; an existing one keeps its own.
 */
export async function cleanExt(
  ex: Executor,
  enterpriseId: number,
  kind: CustomerFormKind,
  versionId: number | null,
  ext: Record<string, unknown> | undefined,
  o: ExtContext = {},
): Promise<{ templateVersionId: number | null; ext: Record<string, unknown> }> {
  const isNew = versionId == null;
  const version = versionId ?? (await currentVersionOf(ex, enterpriseId, kind)).templateVersionId;
  if (o.skip) return { templateVersionId: version, ext: {} };
  const roles = o.sysrole == null ? undefined : [o.sysrole];
  const clean = await validateAndComputeExt(ex, enterpriseId, kind, version, ext ?? o.previous ?? {}, { isNew, previous: o.previous, roles });
  return { templateVersionId: version, ext: clean };
}

/** Custom values in the spec's ExtField shape, read with the version the record was saved with. */
export async function presentExtOf(
  ex: Executor,
  enterpriseId: number,
  _kind: CustomerFormKind,
  versionId: number | null,
  ext: Record<string, unknown>,
  sysrole?: number | null,
): Promise<Record<string, unknown>[]> {
  if (versionId == null) return [];
  return (await presentExt(ex, enterpriseId, versionId, ext, { roles: sysrole == null ? undefined : [sysrole] })) as unknown as Record<string, unknown>[];
}

/** Refuses upload ids that are not this enterprise's files. */
export async function checkFiles(ex: Executor, enterpriseId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const foreign = await foreignUploadIds(ex, enterpriseId, ids);
  if (foreign.length) throw new AppError('VALIDATION', { detail: '文件不存在或已被删除' });
}
