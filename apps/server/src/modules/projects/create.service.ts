import { type CreateProjectBody, PROJECT_KIND } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { insertStateLog } from '../../platform/state';
import { visibleCustomer } from '../customers/common';
import { currentVersionOf, validateAndComputeExt } from '../forms/ext.service';
import { visibleProject } from './project.access';
import { PROJECT_STATE, startProjectApproval } from './project.state';
import type { Actor } from '../../platform/actor';

/** XM20240501-0001: the day in the enterprise's zone and the enterprise's project counter. */
async function nextProjectNo(tx: Tx, v: Actor): Promise<string> {
  const [r] = await rows<{ value: number }>(
    tx,
    sql`insert into counters (enterprise_id, name, value) values (${v.enterpriseId}, 'project', 1)
      on conflict (enterprise_id, name) do update set value = counters.value + 1 returning value`,
  );
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: v.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .replaceAll('-', '');
  return `XM${day}-${String(r?.value ?? 1).padStart(4, '0')}`;
}

interface PlanTask {
  name: string;
  principal_id: number | null;
  coordination_user_ids: number[];
  need_approval: boolean;
  approver_id: number | null;
  remind: boolean;
  remind_hours: number;
  days: number;
}

/** The stages and tasks a new project starts with: the template's, or the copied project's. */
async function planOf(tx: Tx, ep: number, templateId: number, copiedFrom: number | null): Promise<{ name: string; tasks: PlanTask[] }[]> {
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
    ? await rows(
        tx,
        sql`select stage_id, name, principal_id, coordination_user_ids, need_approval, approver_id, remind, remind_hours,
          greatest(1, coalesce(ceil(extract(epoch from plan_end - plan_start) / 86400), 1))::int as days
          from project_tasks where enterprise_id = ${ep} and project_id = ${copiedFrom} order by sort, id`,
      )
    : await rows(
        tx,
        sql`select stage_id, name, principal_id, coordination_user_ids, need_approval, approver_id, remind, remind_hours, duration_days as days
          from project_tmpl_tasks where enterprise_id = ${ep} and template_id = ${templateId} order by sort, id`,
      );
  return stages.map((s) => ({ name: s.name, tasks: tasks.filter((t) => Number(t.stage_id) === Number(s.id)) as unknown as PlanTask[] }));
}

/**
 * Creates a project in one transaction: template and custom fields checked, the next number, the row, the first
 * log row, and its stages and tasks. Each stage starts when the previous one's longest task ends; its tasks run side by side.
 * A template with a creation approval leaves the project unapproved (0) before its approver; otherwise it is in progress (1).
 */
export async function createProject(db: Db, v: Actor, b: CreateProjectBody): Promise<{ id: number; project_no: string; project_state: number }> {
  return db.transaction(async (tx) => {
    const ep = v.enterpriseId;
    const source = b.copiedFrom ? await visibleProject(tx, v, b.copiedFrom) : null;
    const cur = await currentVersionOf(tx, ep, PROJECT_KIND, b.templateId);
    const [tpl] = await rows<{ enabled: boolean }>(tx, sql`select enabled from form_templates where enterprise_id = ${ep} and id = ${cur.templateId}`);
    if (!tpl?.enabled) throw new AppError('VALIDATION', { detail: '项目模板：该项目模板已停用' });
    const ext = await validateAndComputeExt(tx, ep, PROJECT_KIND, cur.templateVersionId, b.ext ?? {}, {
      isNew: true,
      roles: v.sysrole == null ? undefined : [v.sysrole],
    });
    const customer = b.customerId ? await visibleCustomer(tx, v, b.customerId) : null;
    const [s] = await rows(tx, sql`select * from project_tmpl_settings where enterprise_id = ${ep} and template_id = ${cur.templateId}`);
    const needsApproval = !!s?.create_approval;
    const state = needsApproval ? 0 : 1;
    const projectNo = await nextProjectNo(tx, v);
    const [p] = await rows<{ id: number }>(
      tx,
      sql`insert into projects (enterprise_id, project_no, name, customer_id, template_id, template_version_id, ext, state, approval, create_approver_id, finish_approver_id, created_by, copied_from)
        values (${ep}, ${projectNo}, ${b.name}, ${customer?.id ?? null}, ${cur.templateId}, ${cur.templateVersionId}, ${JSON.stringify(ext)}::jsonb, ${state},
          ${needsApproval ? 'create' : null}, ${s?.create_approver_id ?? null}, ${s?.finish_approver_id ?? null}, ${v.id}, ${source ? Number(source.id) : null})
        returning id`,
    );
    const id = Number(p?.id);
    await insertStateLog(tx, PROJECT_STATE, { enterpriseId: ep, id, from: null, to: state, action: 'create', actorId: v.id });
    await insertPlan(tx, ep, id, await planOf(tx, ep, cur.templateId, source ? Number(source.id) : null), b.startDate ?? null, v.timeZone);
    if (needsApproval) {
      const [row] = await rows(tx, sql`select * from projects where enterprise_id = ${ep} and id = ${id}`);
      await startProjectApproval(tx, 'project_create', row as Record<string, unknown>, v.id);
    }
    return { id, project_no: projectNo, project_state: state };
  });
}

async function insertPlan(tx: Tx, ep: number, projectId: number, plan: { name: string; tasks: PlanTask[] }[], start: string | null, tz: string): Promise<void> {
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
          ${base} + make_interval(days => ${offset}), ${base} + make_interval(days => ${offset + Number(t.days)}), ${j})`);
    }
    offset += Math.max(1, ...stage.tasks.map((t) => Number(t.days)));
  }
}
