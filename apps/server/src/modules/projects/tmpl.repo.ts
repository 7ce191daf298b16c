import { PROJECT_KIND, type ProjectTmplBody, type TaskTmplBody } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { bigints } from '../../platform/sql';

/** The statements of the project templates (/projectSet): their settings, stages and task templates. */

export function projectTemplateRows(ex: Executor, ep: number): Promise<{ id: number; name: string }[]> {
  return rows<{ id: number; name: string }>(
    ex,
    sql`select id, name from form_templates where enterprise_id = ${ep} and form_kind = ${PROJECT_KIND} and enabled order by sort, id`,
  );
}

export async function upsertTmplSettings(tx: Executor, ep: number, templateId: number, b: ProjectTmplBody): Promise<void> {
  await tx.execute(sql`insert into project_tmpl_settings (enterprise_id, template_id, create_approval, create_approver_id, finish_approval, finish_approver_id, manager_ids)
      values (${ep}, ${templateId}, ${b.createApproval}, ${b.createApproverId ?? null}, ${b.finishApproval}, ${b.finishApproverId ?? null}, ${bigints(b.managerIds ?? [])})
      on conflict (enterprise_id, template_id) do update set create_approval = excluded.create_approval, create_approver_id = excluded.create_approver_id,
        finish_approval = excluded.finish_approval, finish_approver_id = excluded.finish_approver_id, manager_ids = excluded.manager_ids, updated_at = now()`);
}

/** A template's stages with how many task templates each holds. */
export function tmplStagesWithCounts(tx: Executor, ep: number, templateId: number): Promise<{ id: number; name: string; tasks: number }[]> {
  return rows<{ id: number; name: string; tasks: number }>(
    tx,
    sql`select s.id, s.name, (select count(*)::int from project_tmpl_tasks t where t.enterprise_id = s.enterprise_id and t.stage_id = s.id) as tasks
      from project_tmpl_stages s where s.enterprise_id = ${ep} and s.template_id = ${templateId}`,
  );
}

export function tmplStages(ex: Executor, ep: number, templateId: number): Promise<{ id: number; name: string }[]> {
  return rows<{ id: number; name: string }>(
    ex,
    sql`select id, name from project_tmpl_stages where enterprise_id = ${ep} and template_id = ${templateId} order by sort, id`,
  );
}

export async function deleteTmplStage(tx: Executor, ep: number, id: number): Promise<void> {
  await tx.execute(sql`delete from project_tmpl_stages where enterprise_id = ${ep} and id = ${id}`);
}

export async function updateTmplStage(tx: Executor, ep: number, id: number, name: string, sort: number): Promise<void> {
  await tx.execute(sql`update project_tmpl_stages set name = ${name}, sort = ${sort} where enterprise_id = ${ep} and id = ${id}`);
}

export async function insertTmplStage(tx: Executor, ep: number, templateId: number, name: string, sort: number): Promise<void> {
  await tx.execute(sql`insert into project_tmpl_stages (enterprise_id, template_id, name, sort) values (${ep}, ${templateId}, ${name}, ${sort})`);
}

/** A task template as `select t.*` reads it (a bigint array arrives as text elements). */
export interface TaskTmplRecord {
  enterprise_id: number;
  id: number;
  template_id: number;
  stage_id: number;
  name: string;
  principal_id: number | null;
  coordination_user_ids: string[];
  duration_days: number;
  need_approval: boolean;
  approver_id: number | null;
  remind: boolean;
  remind_hours: number;
  sort: number;
}

/** A template's task templates (of one stage) in the stages' and tasks' order. */
export function taskTmplRows(ex: Executor, ep: number, templateId: number, stageId?: number | null): Promise<TaskTmplRecord[]> {
  return rows<TaskTmplRecord>(
    ex,
    sql`select t.* from project_tmpl_tasks t join project_tmpl_stages s on s.enterprise_id = t.enterprise_id and s.id = t.stage_id
      where t.enterprise_id = ${ep} and t.template_id = ${templateId} and ${stageId ? sql`t.stage_id = ${stageId}` : sql`true`}
      order by s.sort, s.id, t.sort, t.id`,
  );
}

export async function templateInUse(tx: Executor, ep: number, templateId: number): Promise<boolean> {
  const [used] = await rows<{ one: number }>(tx, sql`select 1 as one from projects where enterprise_id = ${ep} and template_id = ${templateId} limit 1`);
  return !!used;
}

export async function deleteFormTemplate(tx: Executor, ep: number, id: number): Promise<void> {
  await tx.execute(sql`delete from form_templates where enterprise_id = ${ep} and id = ${id}`);
}

/** Whether the stage is one of the project template's. */
export async function tmplStageOf(tx: Executor, ep: number, templateId: number, stageId: number): Promise<boolean> {
  const [stage] = await rows<{ id: number }>(
    tx,
    sql`select s.id from project_tmpl_stages s join form_templates f on f.enterprise_id = s.enterprise_id and f.id = s.template_id
        where s.enterprise_id = ${ep} and s.id = ${stageId} and s.template_id = ${templateId} and f.form_kind = ${PROJECT_KIND}`,
  );
  return !!stage;
}

/** Updates a task template of the template; its id, or undefined when there is none. */
export async function updateTaskTmpl(tx: Executor, ep: number, b: TaskTmplBody & { id: number }): Promise<number | undefined> {
  const [r] = await rows<{ id: number }>(
    tx,
    sql`update project_tmpl_tasks set stage_id = ${b.stageId}, name = ${b.name}, principal_id = ${b.principalId ?? null}, coordination_user_ids = ${bigints(b.coordinationUserIds ?? [])},
          duration_days = ${b.durationDays}, need_approval = ${b.needApproval}, approver_id = ${b.approverId ?? null}, remind = ${b.remind}, remind_hours = ${b.remindHours}
          where enterprise_id = ${ep} and id = ${b.id} and template_id = ${b.templateId} returning id`,
  );
  return r?.id;
}

/** Adds a task template at the end of its stage. */
export async function insertTaskTmpl(tx: Executor, ep: number, b: TaskTmplBody): Promise<number> {
  const [r] = await rows<{ id: number }>(
    tx,
    sql`insert into project_tmpl_tasks (enterprise_id, template_id, stage_id, name, principal_id, coordination_user_ids, duration_days, need_approval, approver_id, remind, remind_hours, sort)
        values (${ep}, ${b.templateId}, ${b.stageId}, ${b.name}, ${b.principalId ?? null}, ${bigints(b.coordinationUserIds ?? [])}, ${b.durationDays}, ${b.needApproval}, ${b.approverId ?? null}, ${b.remind}, ${b.remindHours},
          (select coalesce(max(sort), 0) + 1 from project_tmpl_tasks where enterprise_id = ${ep} and stage_id = ${b.stageId}))
        returning id`,
  );
  if (!r) throw new Error('insert returned no row');
  return r.id;
}

/** Deletes a task template; whether there was one. */
export async function deleteTaskTmpl(ex: Executor, ep: number, id: number): Promise<boolean> {
  const [r] = await rows<{ id: number }>(ex, sql`delete from project_tmpl_tasks where enterprise_id = ${ep} and id = ${id} returning id`);
  return !!r;
}

/** Turns a task template's reminder on or off (and its hours); whether there was one. */
export async function setTaskTmplRemind(ex: Executor, ep: number, id: number, isOpen: boolean, hours?: number): Promise<boolean> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`update project_tmpl_tasks set remind = ${isOpen}, remind_hours = coalesce(${hours ?? null}::int, remind_hours) where enterprise_id = ${ep} and id = ${id} returning id`,
  );
  return !!r;
}
