import { PROJECT_KIND, type ProjectTmplBody, type ProjectTmplDetail, type TaskTmplBody, type TaskTmplRow } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { bigints } from '../../platform/sql';
import { addTemplate, renameTemplate, resolveTemplate } from '../forms/templates.service';
import { checkUsers } from './project.access';
import type { Actor } from '../../platform/actor';

/**
 * Project templates (/projectSet): a form template of kind 10 for the name and custom fields, its approval settings,
 * its ordered stages and their task templates.
 */
type Person = { id: number; name: string };
const person = (id: unknown, name: unknown): Person | null => (id == null ? null : { id: Number(id), name: String(name ?? '') });

async function peopleOf(ex: Executor, ep: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: number; name: string }>(ex, sql`select id, name from users where enterprise_id = ${ep} and id = any(${bigints(ids)})`);
  return new Map(found.map((u) => [Number(u.id), u.name]));
}

export async function templateList(ex: Executor, ep: number): Promise<{ id: number; name: string }[]> {
  const found = await rows<{ id: number; name: string }>(
    ex,
    sql`select id, name from form_templates where enterprise_id = ${ep} and form_kind = ${PROJECT_KIND} and enabled order by sort, id`,
  );
  return found.map((r) => ({ id: Number(r.id), name: r.name }));
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
    const managers = bigints(b.managerIds ?? []);
    await tx.execute(sql`insert into project_tmpl_settings (enterprise_id, template_id, create_approval, create_approver_id, finish_approval, finish_approver_id, manager_ids)
      values (${ep}, ${id}, ${b.createApproval}, ${b.createApproverId ?? null}, ${b.finishApproval}, ${b.finishApproverId ?? null}, ${managers})
      on conflict (enterprise_id, template_id) do update set create_approval = excluded.create_approval, create_approver_id = excluded.create_approver_id,
        finish_approval = excluded.finish_approval, finish_approver_id = excluded.finish_approver_id, manager_ids = excluded.manager_ids, updated_at = now()`);
    await saveStages(tx, ep, id, b.stages);
    return { id };
  });
}

/** The template's stages in the given order: listed ones kept (renamed), new ones added, unlisted ones removed when empty. */
async function saveStages(tx: Executor, ep: number, templateId: number, stages: ProjectTmplBody['stages']): Promise<void> {
  const existing = await rows<{ id: number; name: string; tasks: number }>(
    tx,
    sql`select s.id, s.name, (select count(*)::int from project_tmpl_tasks t where t.enterprise_id = s.enterprise_id and t.stage_id = s.id) as tasks
      from project_tmpl_stages s where s.enterprise_id = ${ep} and s.template_id = ${templateId}`,
  );
  const known = new Map(existing.map((s) => [Number(s.id), s]));
  for (const s of stages) if (s.id && !known.has(s.id)) throw new AppError('NOT_FOUND');
  const kept = new Set(stages.flatMap((s) => (s.id ? [s.id] : [])));
  for (const s of existing) {
    if (kept.has(Number(s.id))) continue;
    if (Number(s.tasks) > 0) throw new AppError('PROJECT_STAGE_HAS_TASKS', { name: s.name });
    await tx.execute(sql`delete from project_tmpl_stages where enterprise_id = ${ep} and id = ${s.id}`);
  }
  for (const [i, s] of stages.entries()) {
    if (s.id) await tx.execute(sql`update project_tmpl_stages set name = ${s.name}, sort = ${i} where enterprise_id = ${ep} and id = ${s.id}`);
    else await tx.execute(sql`insert into project_tmpl_stages (enterprise_id, template_id, name, sort) values (${ep}, ${templateId}, ${s.name}, ${i})`);
  }
}

export async function taskTemplates(ex: Executor, ep: number, templateId: number, stageId?: number | null): Promise<TaskTmplRow[]> {
  const found = await rows(
    ex,
    sql`select t.* from project_tmpl_tasks t join project_tmpl_stages s on s.enterprise_id = t.enterprise_id and s.id = t.stage_id
      where t.enterprise_id = ${ep} and t.template_id = ${templateId} and ${stageId ? sql`t.stage_id = ${stageId}` : sql`true`}
      order by s.sort, s.id, t.sort, t.id`,
  );
  const ids = found
    .flatMap((t) => [t.principal_id, t.approver_id, ...((t.coordination_user_ids as number[]) ?? [])])
    .filter((x) => x != null)
    .map(Number);
  const names = await peopleOf(ex, ep, [...new Set(ids)]);
  return found.map((t) => ({
    id: Number(t.id),
    stageId: Number(t.stage_id),
    name: String(t.name),
    principal: person(t.principal_id, names.get(Number(t.principal_id))),
    coordinationUsers: ((t.coordination_user_ids as number[]) ?? []).map((u) => ({ id: Number(u), name: names.get(Number(u)) ?? '' })),
    durationDays: Number(t.duration_days),
    needApproval: !!t.need_approval,
    approver: person(t.approver_id, names.get(Number(t.approver_id))),
    remind: !!t.remind,
    remindHours: Number(t.remind_hours),
  }));
}

export async function templateDetail(ex: Executor, ep: number, id: number): Promise<ProjectTmplDetail> {
  const t = await resolveTemplate(ex, ep, PROJECT_KIND, id);
  const [s] = await rows(ex, sql`select * from project_tmpl_settings where enterprise_id = ${ep} and template_id = ${t.id}`);
  const stages = await rows<{ id: number; name: string }>(
    ex,
    sql`select id, name from project_tmpl_stages where enterprise_id = ${ep} and template_id = ${t.id} order by sort, id`,
  );
  const tasks = await taskTemplates(ex, ep, t.id);
  const managerIds = ((s?.manager_ids as number[]) ?? []).map(Number);
  const names = await peopleOf(ex, ep, [...managerIds, ...[s?.create_approver_id, s?.finish_approver_id].filter((x) => x != null).map(Number)]);
  return {
    id: t.id,
    name: t.name,
    createApproval: !!s?.create_approval,
    createApprover: person(s?.create_approver_id, names.get(Number(s?.create_approver_id))),
    finishApproval: !!s?.finish_approval,
    finishApprover: person(s?.finish_approver_id, names.get(Number(s?.finish_approver_id))),
    managers: managerIds.map((m) => ({ id: m, name: names.get(m) ?? '' })),
    stages: stages.map((st) => ({ id: Number(st.id), name: st.name, tasks: tasks.filter((k) => k.stageId === Number(st.id)) })),
  };
}

export async function deleteTemplate(db: Db, ep: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const t = await resolveTemplate(tx, ep, PROJECT_KIND, id, true);
    if (t.isDefault) throw new AppError('VALIDATION', { detail: '项目模板：默认模板不能删除' });
    const [used] = await rows(tx, sql`select 1 from projects where enterprise_id = ${ep} and template_id = ${id} limit 1`);
    if (used) throw new AppError('PROJECT_TMPL_IN_USE');
    await tx.execute(sql`delete from form_templates where enterprise_id = ${ep} and id = ${id}`);
  });
}

export async function saveTaskTemplate(db: Db, ep: number, b: TaskTmplBody): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [stage] = await rows(
      tx,
      sql`select s.id from project_tmpl_stages s join form_templates f on f.enterprise_id = s.enterprise_id and f.id = s.template_id
        where s.enterprise_id = ${ep} and s.id = ${b.stageId} and s.template_id = ${b.templateId} and f.form_kind = ${PROJECT_KIND}`,
    );
    if (!stage) throw new AppError('NOT_FOUND');
    await checkUsers(tx, ep, [b.principalId], '负责人');
    await checkUsers(tx, ep, b.coordinationUserIds ?? [], '协作人');
    await checkUsers(tx, ep, [b.approverId], '审批人');
    const coord = bigints(b.coordinationUserIds ?? []);
    if (b.id) {
      const [r] = await rows<{ id: number }>(
        tx,
        sql`update project_tmpl_tasks set stage_id = ${b.stageId}, name = ${b.name}, principal_id = ${b.principalId ?? null}, coordination_user_ids = ${coord},
          duration_days = ${b.durationDays}, need_approval = ${b.needApproval}, approver_id = ${b.approverId ?? null}, remind = ${b.remind}, remind_hours = ${b.remindHours}
          where enterprise_id = ${ep} and id = ${b.id} and template_id = ${b.templateId} returning id`,
      );
      if (!r) throw new AppError('NOT_FOUND');
      return { id: Number(r.id) };
    }
    const [r] = await rows<{ id: number }>(
      tx,
      sql`insert into project_tmpl_tasks (enterprise_id, template_id, stage_id, name, principal_id, coordination_user_ids, duration_days, need_approval, approver_id, remind, remind_hours, sort)
        values (${ep}, ${b.templateId}, ${b.stageId}, ${b.name}, ${b.principalId ?? null}, ${coord}, ${b.durationDays}, ${b.needApproval}, ${b.approverId ?? null}, ${b.remind}, ${b.remindHours},
          (select coalesce(max(sort), 0) + 1 from project_tmpl_tasks where enterprise_id = ${ep} and stage_id = ${b.stageId}))
        returning id`,
    );
    return { id: Number(r?.id) };
  });
}

export async function deleteTaskTemplate(ex: Executor, ep: number, id: number): Promise<void> {
  const [r] = await rows(ex, sql`delete from project_tmpl_tasks where enterprise_id = ${ep} and id = ${id} returning id`);
  if (!r) throw new AppError('NOT_FOUND');
}

export async function setTaskRemind(ex: Executor, ep: number, id: number, isOpen: boolean, hours?: number): Promise<void> {
  const [r] = await rows(
    ex,
    sql`update project_tmpl_tasks set remind = ${isOpen}, remind_hours = coalesce(${hours ?? null}::int, remind_hours) where enterprise_id = ${ep} and id = ${id} returning id`,
  );
  if (!r) throw new AppError('NOT_FOUND');
}
