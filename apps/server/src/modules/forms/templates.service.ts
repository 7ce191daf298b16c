import { FORM_KINDS, type FormKindId } from '@sk/shared';
import type { Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import * as repo from './forms.repo';

/** The default template's name of each kind: order type '标准工单', event and project templates, one form for the rest. */
export const defaultTemplateName = (kind: FormKindId): string =>
  kind === 1 ? '标准工单' : kind === 6 ? '标准事件' : kind === 10 ? '标准项目' : `${FORM_KINDS[kind].name}表单`;

/**
 * The kind's default template, created (with an empty version 1) when the enterprise has none yet:
 * provisioning normally made it, enterprises made before this module get it on first use.
 */
export async function ensureDefaultTemplate(ex: Executor, enterpriseId: number, kind: FormKindId): Promise<repo.TemplateRec> {
  const found = await repo.defaultTemplate(ex, enterpriseId, kind);
  if (found) return found;
  return ex.transaction(async (tx) => {
    const sort = await repo.nextTemplateSort(tx, enterpriseId, kind);
    const id = await repo.insertTemplate(tx, { enterpriseId, formKind: kind, name: defaultTemplateName(kind), isDefault: true, sort });
    if (id !== null) await repo.insertVersion(tx, enterpriseId, id, [], null);
    else {
      // A template of that name exists (or a concurrent request won): make the first one the default.
      await repo.promoteFirstTemplate(tx, enterpriseId, kind);
    }
    const t = await repo.defaultTemplate(tx, enterpriseId, kind);
    if (!t) throw new Error('no default template');
    return t;
  });
}

/** The template a call means: `tmpId` of that kind in this enterprise, or the kind's default. */
export async function resolveTemplate(ex: Executor, enterpriseId: number, kind: FormKindId, tmpId?: number, lock = false): Promise<repo.TemplateRec> {
  if (tmpId === undefined) {
    const d = await ensureDefaultTemplate(ex, enterpriseId, kind);
    return lock ? ((await repo.templateById(ex, enterpriseId, d.id, true)) as repo.TemplateRec) : d;
  }
  const t = await repo.templateById(ex, enterpriseId, tmpId, lock);
  if (!t || t.formKind !== kind) throw new AppError('NOT_FOUND');
  return t;
}

export async function addTemplate(ex: Executor, enterpriseId: number, userId: number, kind: FormKindId, name: string): Promise<number> {
  if (!FORM_KINDS[kind].multi) throw new AppError('VALIDATION', { detail: `表单类型：${FORM_KINDS[kind].name}只有一个模板，不能新增` });
  await ensureDefaultTemplate(ex, enterpriseId, kind);
  return ex.transaction(async (tx) => {
    const sort = await repo.nextTemplateSort(tx, enterpriseId, kind);
    const id = await repo.insertTemplate(tx, { enterpriseId, formKind: kind, name, sort });
    if (id === null) throw new AppError('NAME_TAKEN');
    await repo.insertVersion(tx, enterpriseId, id, [], userId);
    return id;
  });
}

export async function renameTemplate(ex: Executor, enterpriseId: number, id: number, name: string): Promise<void> {
  await ex.transaction(async (tx) => {
    const t = await repo.templateById(tx, enterpriseId, id, true);
    if (!t) throw new AppError('NOT_FOUND');
    if (t.name === name) return;
    const taken = (await repo.templatesOfKind(tx, enterpriseId, t.formKind)).some((x) => x.name === name && x.id !== id);
    if (taken) throw new AppError('NAME_TAKEN');
    await repo.updateTemplate(tx, enterpriseId, id, { name });
  });
}

export async function enableTemplate(ex: Executor, enterpriseId: number, id: number, enabled: boolean): Promise<void> {
  await ex.transaction(async (tx) => {
    const t = await repo.templateById(tx, enterpriseId, id, true);
    if (!t) throw new AppError('NOT_FOUND');
    if (!enabled && t.isDefault) throw new AppError('FORM_DEFAULT_TEMPLATE');
    await repo.updateTemplate(tx, enterpriseId, id, { enabled });
  });
}

/** Puts the given templates first, in that order; the kind's others follow in their old order. */
export async function sortTemplates(ex: Executor, enterpriseId: number, ids: number[]): Promise<void> {
  await ex.transaction(async (tx) => {
    const first = await repo.templateById(tx, enterpriseId, ids[0] as number, true);
    if (!first) throw new AppError('NOT_FOUND');
    const all = await repo.templatesOfKind(tx, enterpriseId, first.formKind);
    const known = new Set(all.map((t) => t.id));
    if (ids.some((i) => !known.has(i))) throw new AppError('NOT_FOUND');
    const order = [...new Set(ids), ...all.map((t) => t.id).filter((i) => !ids.includes(i))];
    for (const [i, tid] of order.entries()) await repo.setTemplateSort(tx, enterpriseId, tid, i + 1);
  });
}
