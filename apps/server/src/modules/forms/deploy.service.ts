import { DEPLOY_PRESETS, type DeployPlan, type DeployTemplate, dictType, FORM_KINDS, type FieldInput, fieldInput, INDUSTRIES, type Industry } from '@sk/shared';
import type { Db, Executor, Tx } from '../../db/client';
import { listItems as dictItems } from '../settings/index';
import { createItem } from '../settings/index';
import { saveAllFields } from './fields.service';
import { enterpriseIndustry, lockEnterprise } from './deploy.repo';
import * as repo from './forms.repo';
import { addItem, listItems } from './money.service';
import { addTemplate } from './templates.service';

interface Who {
  enterpriseId: number;
  userId: number;
  timeZone: string;
}

interface PlannedTemplate {
  preset: DeployTemplate;
  /** The existing template of that kind and name, if any. */
  id: number | null;
  fields: DeployTemplate['fields'];
  moneyItems: NonNullable<DeployTemplate['moneyItems']>;
}

interface Plan {
  industry: Industry;
  templates: PlannedTemplate[];
  dict: { type: number; names: string[] }[];
}

/** The enterprise's registered industry, or 服务业 when it registered none. */
export async function industryOf(ex: Executor, enterpriseId: number): Promise<Industry> {
  const v = (await enterpriseIndustry(ex, enterpriseId)) ?? '';
  return v in INDUSTRIES ? (v as Industry) : 'service';
}

/** What of the industry's presets the enterprise lacks: templates by kind and name, fields and items by name, values by name. */
async function missing(ex: Executor, who: Who, industry: Industry): Promise<Plan> {
  const preset = DEPLOY_PRESETS[industry];
  const templates: PlannedTemplate[] = [];
  for (const t of preset.templates) {
    const found = (await repo.templatesOfKind(ex, who.enterpriseId, t.kind)).find((x) => x.name === t.name);
    if (!found) {
      templates.push({ preset: t, id: null, fields: t.fields, moneyItems: t.moneyItems ?? [] });
      continue;
    }
    const fieldNames = new Set((await repo.liveFields(ex, who.enterpriseId, found.id)).map((f) => f.name));
    const itemNames =
      t.kind === 1 && t.moneyItems?.length ? new Set((await listItems(ex, who.enterpriseId, who.timeZone, found.id)).map((m) => m.name)) : new Set<string>();
    templates.push({
      preset: t,
      id: found.id,
      fields: t.fields.filter((f) => !fieldNames.has(f.name)),
      moneyItems: (t.moneyItems ?? []).filter((m) => !itemNames.has(m.name)),
    });
  }
  const dict: Plan['dict'] = [];
  for (const d of preset.dict) {
    const have = new Set((await dictItems(ex, who.enterpriseId, [d.type], { enabledOnly: false })).map((i) => i.name));
    const names = d.names.filter((n) => !have.has(n));
    if (names.length) dict.push({ type: d.type, names });
  }
  return { industry, templates, dict };
}

/** The plan as the API shows it; templates with nothing to add are left out. */
function present(p: Plan): DeployPlan {
  const templates = p.templates
    .filter((t) => t.id === null || t.fields.length || t.moneyItems.length)
    .map((t) => ({
      kind: t.preset.kind,
      kindName: FORM_KINDS[t.preset.kind].name,
      name: t.preset.name,
      exists: t.id !== null,
      fields: t.fields.map((f) => f.name),
      moneyItems: t.moneyItems.map((m) => m.name),
    }));
  const dict = p.dict.map((d) => ({ type: d.type, typeName: dictType(d.type)?.name ?? String(d.type), names: d.names }));
  const count = templates.reduce((n, t) => n + (t.exists ? 0 : 1) + t.fields.length + t.moneyItems.length, 0) + dict.reduce((n, d) => n + d.names.length, 0);
  return { industry: p.industry, industryName: INDUSTRIES[p.industry], templates, dict, count };
}

export async function deployPlan(ex: Executor, who: Who, industry: Industry): Promise<DeployPlan> {
  return present(await missing(ex, who, industry));
}

/** Adds one template's missing parts through the form engine's own calls (one new version for the fields). */
async function deployTemplate(tx: Tx, who: Who, t: PlannedTemplate): Promise<void> {
  const kind = t.preset.kind;
  const tmpId = t.id ?? (await addTemplate(tx, who.enterpriseId, who.userId, kind, t.preset.name));
  if (t.fields.length) {
    const live = await repo.liveFields(tx, who.enterpriseId, tmpId);
    const added = t.fields.map((f) => fieldInput.parse(f) as FieldInput);
    await saveAllFields(tx, { enterpriseId: who.enterpriseId, userId: who.userId, kind, tmpId }, [...live, ...added]);
  }
  for (const m of t.moneyItems) await addItem(tx, who.enterpriseId, tmpId, m);
}

/**
 * Deploys the industry: whatever is missing is added in one transaction, and the answer lists it. Deploys of
 * one enterprise are serialised on its row, so two at once cannot both add the same template.
 */
export async function applyDeploy(db: Db, who: Who, industry: Industry): Promise<DeployPlan> {
  return db.transaction(async (tx) => {
    await lockEnterprise(tx, who.enterpriseId);
    const plan = await missing(tx, who, industry);
    for (const t of plan.templates) await deployTemplate(tx, who, t);
    for (const d of plan.dict) for (const name of d.names) await createItem(tx, { enterpriseId: who.enterpriseId }, { type: d.type, name });
    return present(plan);
  });
}
