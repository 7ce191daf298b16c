import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { nextCounter } from '../../platform/sql';

/** The statements of a project's creation: its number, its row, and the stages and tasks it starts with. */

/** The enterprise's next project counter value. */
export async function nextProjectCounter(tx: Tx, ep: number): Promise<number> {
  return nextCounter(tx, ep, 'project');
}

export async function templateEnabled(tx: Tx, ep: number, templateId: number): Promise<boolean> {
  const [t] = await rows<{ enabled: boolean }>(tx, sql`select enabled from form_templates where enterprise_id = ${ep} and id = ${templateId}`);
  return !!t?.enabled;
}

/** A task a new project starts with, as planOf reads it (from the template or the copied project). */
export interface PlanTask {
  stage_id: number;
  name: string;
  principal_id: number | null;
  /** bigint[]: the driver gives its elements as text. */
  coordination_user_ids: string[];
  need_approval: boolean;
  approver_id: number | null;
  remind: boolean;
  remind_hours: number;
  days: number;
}

/** The stages and tasks a new project starts with: the template's, or the copied project's. */
export async function planOf(tx: Tx, ep: number, templateId: number, copiedFrom: number | null): Promise<{ name: string; tasks: PlanTask[] }[]> {
  const stages = copiedFrom
    ? await rows<{ id: number; name: string }>(
        tx,
        sql`select id, name from project_stages where enterprise_id = ${ep} and project_id = ${copiedFrom} order by sort, id`,
      )
    : await rows<{ id: number; name: string }>(
        tx,
        sql`select id, name from project_tmpl_stages where enterprise_id = ${ep} and template_id = ${templateId} order by sort, id`,
      );
  const tasks = copiedFrom
    ? await rows<PlanTask>(
        tx,
        sql`select stage_id, name, principal_id, coordination_user_ids, need_approval, approver_id, remind, remind_hours,
          greatest(1, coalesce(ceil(extract(epoch from plan_end - plan_start) / 86400), 1))::int as days
          from project_tasks where enterprise_id = ${ep} and project_id = ${copiedFrom} order by sort, id`,
      )
    : await rows<PlanTask>(
        tx,
        sql`select stage_id, name, principal_id, coordination_user_ids, need_approval, approver_id, remind, remind_hours, duration_days as days
          from project_tmpl_tasks where enterprise_id = ${ep} and template_id = ${templateId} order by sort, id`,
      );
  return stages.map((s) => ({ name: s.name, tasks: tasks.filter((t) => t.stage_id === s.id) }));
}

export interface NewProject {
  projectNo: string;
  name: string;
  customerId: number | null;
  templateId: number;
  templateVersionId: number;
  ext: unknown;
  state: number;
  approval: 'create' | null;
  createApproverId: number | null;
  finishApproverId: number | null;
  copiedFrom: number | null;
}

export async function insertProject(tx: Tx, v: Actor, p: NewProject): Promise<number> {
  const [r] = await rows<{ id: number }>(
    tx,
    sql`insert into projects (enterprise_id, project_no, name, customer_id, template_id, template_version_id, ext, state, approval, create_approver_id, finish_approver_id, created_by, copied_from)
        values (${v.enterpriseId}, ${p.projectNo}, ${p.name}, ${p.customerId}, ${p.templateId}, ${p.templateVersionId}, ${JSON.stringify(p.ext)}::jsonb, ${p.state},
          ${p.approval}, ${p.createApproverId}, ${p.finishApproverId}, ${v.id}, ${p.copiedFrom})
        returning id`,
  );
  if (!r) throw new Error('insert returned no row');
  return r.id;
}

/** Inserts the plan: each stage starts when the previous one's longest task ends; its tasks run side by side. */
export async function insertPlan(
  tx: Tx,
  ep: number,
  projectId: number,
  plan: { name: string; tasks: PlanTask[] }[],
  start: string | null,
  tz: string,
): Promise<void> {
  let offset = 0;
  const base = start ? sql`(${start})::timestamp at time zone ${tz}` : sql`date_trunc('day', now() at time zone ${tz}) at time zone ${tz}`;
  for (const [i, stage] of plan.entries()) {
    const [st] = await rows<{ id: number }>(
      tx,
      sql`insert into project_stages (enterprise_id, project_id, name, sort) values (${ep}, ${projectId}, ${stage.name}, ${i}) returning id`,
    );
    for (const [j, t] of stage.tasks.entries()) {
      const coord = `{${(t.coordination_user_ids ?? []).join(',')}}`;
      await tx.execute(sql`insert into project_tasks (enterprise_id, project_id, stage_id, name, principal_id, coordination_user_ids, need_approval, approver_id, remind, remind_hours, plan_start, plan_end, sort)
        values (${ep}, ${projectId}, ${st?.id}, ${t.name}, ${t.principal_id}, ${coord}::bigint[], ${t.need_approval}, ${t.approver_id}, ${t.remind}, ${t.remind_hours},
          ${base} + make_interval(days => ${offset}), ${base} + make_interval(days => ${offset + t.days}), ${j})`);
    }
    offset += Math.max(1, ...stage.tasks.map((t) => t.days));
  }
}
