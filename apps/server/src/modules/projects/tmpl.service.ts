import { PROJECT_KIND, type ProjectTmplBody, type ProjectTmplDetail, type TaskTmplBody, type TaskTmplRow } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import { addTemplate, renameTemplate, resolveTemplate } from '../forms/index';
import { checkUsers } from './project.access';
import type { Actor } from '../../platform/actor';
import { userNames } from './process.repo';
import { tmplSettingsOf } from './records.repo';
import {
  deleteFormTemplate,
  deleteTaskTmpl,
  deleteTmplStage,
  insertTaskTmpl,
  insertTmplStage,
  projectTemplateRows,
  setTaskTmplRemind,
  type TaskTmplRecord,
  taskTmplRows,
  templateInUse,
  tmplStageOf,
  tmplStages,
  tmplStagesWithCounts,
  updateTaskTmpl,
  updateTmplStage,
  upsertTmplSettings,
} from './tmpl.repo';

/**
 * Project templates (/projectSet): a form template of kind 10 for the name and custom fields, its approval settings,
 * its ordered stages and their task templates.
 */
type Person = { id: number; name: string };
const person = (id: number | null, names: Map<number, string>): Person | null => (id == null ? null : { id, name: names.get(id) ?? '' });

/** The one place a task template becomes the contract's row. */
const toTaskTmplRow = (t: TaskTmplRecord, names: Map<number, string>): TaskTmplRow => ({
  id: t.id,
  stageId: t.stage_id,
  name: t.name,
  principal: person(t.principal_id, names),
  coordinationUsers: t.coordination_user_ids.map(Number).map((u) => ({ id: u, name: names.get(u) ?? '' })),
  durationDays: t.duration_days,
  needApproval: t.need_approval,
  approver: person(t.approver_id, names),
  remind: t.remind,
  remindHours: t.remind_hours,
});

export async function templateList(ex: Executor, ep: number): Promise<{ id: number; name: string }[]> {
  return projectTemplateRows(ex, ep);
}

export async function saveTemplate(db: Db, v: Actor, b: ProjectTmplBody): Promise<{ id: number }> {
  const ep = v.enterpriseId;
  return db.transaction(async (tx) => {
    let id: number;
    if (b.id) {
      const t = await resolveTemplate(tx, ep, PROJECT_KIND, b.id, true);
      if (t.name !== b.name) await renameTemplate(tx, ep, t.id, b.name);
      id = t.id;
    } else id = await addTemplate(tx, ep, v.id, PROJECT_KIND, b.name);
    await checkUsers(tx, ep, [b.createApproverId], '创建审批人');
    await checkUsers(tx, ep, [b.finishApproverId], '完成审批人');
    await checkUsers(tx, ep, b.managerIds ?? [], '项目管理人员');
    await upsertTmplSettings(tx, ep, id, b);
    await saveStages(tx, ep, id, b.stages);
    return { id };
  });
}

/** The template's stages in the given order: listed ones kept (renamed), new ones added, unlisted ones removed when empty. */
async function saveStages(tx: Executor, ep: number, templateId: number, stages: ProjectTmplBody['stages']): Promise<void> {
  const existing = await tmplStagesWithCounts(tx, ep, templateId);
  const known = new Map(existing.map((s) => [s.id, s]));
  for (const s of stages) if (s.id && !known.has(s.id)) throw new AppError('NOT_FOUND');
  const kept = new Set(stages.flatMap((s) => (s.id ? [s.id] : [])));
  for (const s of existing) {
    if (kept.has(s.id)) continue;
    if (s.tasks > 0) throw new AppError('PROJECT_STAGE_HAS_TASKS', { name: s.name });
    await deleteTmplStage(tx, ep, s.id);
  }
  for (const [i, s] of stages.entries()) {
    if (s.id) await updateTmplStage(tx, ep, s.id, s.name, i);
    else await insertTmplStage(tx, ep, templateId, s.name, i);
  }
}

export async function taskTemplates(ex: Executor, ep: number, templateId: number, stageId?: number | null): Promise<TaskTmplRow[]> {
  const found = await taskTmplRows(ex, ep, templateId, stageId);
  const ids = found.flatMap((t) => [t.principal_id, t.approver_id, ...t.coordination_user_ids.map(Number)]).filter((x): x is number => x != null);
  const names = await userNames(ex, ep, [...new Set(ids)]);
  return found.map((t) => toTaskTmplRow(t, names));
}

export async function templateDetail(ex: Executor, ep: number, id: number): Promise<ProjectTmplDetail> {
  const t = await resolveTemplate(ex, ep, PROJECT_KIND, id);
  const s = await tmplSettingsOf(ex, ep, t.id);
  const stages = await tmplStages(ex, ep, t.id);
  const tasks = await taskTemplates(ex, ep, t.id);
  const managerIds = (s?.manager_ids ?? []).map(Number);
  const approvers = [s?.create_approver_id ?? null, s?.finish_approver_id ?? null];
  const names = await userNames(ex, ep, [...managerIds, ...approvers.filter((x): x is number => x != null)]);
  return {
    id: t.id,
    name: t.name,
    createApproval: !!s?.create_approval,
    createApprover: person(approvers[0] ?? null, names),
    finishApproval: !!s?.finish_approval,
    finishApprover: person(approvers[1] ?? null, names),
    managers: managerIds.map((m) => ({ id: m, name: names.get(m) ?? '' })),
    stages: stages.map((st) => ({ id: st.id, name: st.name, tasks: tasks.filter((k) => k.stageId === st.id) })),
  };
}

export async function deleteTemplate(db: Db, ep: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const t = await resolveTemplate(tx, ep, PROJECT_KIND, id, true);
    if (t.isDefault) throw new AppError('VALIDATION', { detail: '项目模板：默认模板不能删除' });
    if (await templateInUse(tx, ep, id)) throw new AppError('PROJECT_TMPL_IN_USE');
    await deleteFormTemplate(tx, ep, id);
  });
}

export async function saveTaskTemplate(db: Db, ep: number, b: TaskTmplBody): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const stage = await tmplStageOf(tx, ep, b.templateId, b.stageId);
    if (!stage) throw new AppError('NOT_FOUND');
    await checkUsers(tx, ep, [b.principalId], '负责人');
    await checkUsers(tx, ep, b.coordinationUserIds ?? [], '协作人');
    await checkUsers(tx, ep, [b.approverId], '审批人');
    if (b.id) {
      const id = await updateTaskTmpl(tx, ep, { ...b, id: b.id });
      if (id == null) throw new AppError('NOT_FOUND');
      return { id };
    }
    return { id: await insertTaskTmpl(tx, ep, b) };
  });
}

export async function deleteTaskTemplate(ex: Executor, ep: number, id: number): Promise<void> {
  if (!(await deleteTaskTmpl(ex, ep, id))) throw new AppError('NOT_FOUND');
}

export async function setTaskRemind(ex: Executor, ep: number, id: number, isOpen: boolean, hours?: number): Promise<void> {
  if (!(await setTaskTmplRemind(ex, ep, id, isOpen, hours))) throw new AppError('NOT_FOUND');
}
