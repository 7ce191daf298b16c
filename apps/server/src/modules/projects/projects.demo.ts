import { createProjectBody, projectTmplBody, taskTmplBody } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';
import { type DemoStep, DEMO_ENTERPRISES } from '../../platform/demo/data';
import { dayAtHour, minutesSince, shift, type Trail } from '../../platform/demo/time';
import { sessionUserOf } from '../../platform/session';
import { demoEngineers } from '../org/index';
import { examineProject, examineTask } from './approval.service';
import { createProject } from './create.service';
import { moveTask } from './project.state';
import { saveTaskTemplate, saveTemplate, templateList } from './tmpl.service';
import { type Actor, actorOf } from '../../platform/actor';

/**
 * The demo's projects (docs/decisions.md, "Demo"): the enterprise's project template gets three stages and their
 * tasks (two of them approved by the administrator, creation and completion approved by 冯总监), and three projects
 * are made from it through the projects' services: one completed, one in progress with a task waiting for approval,
 * one waiting for its creation approval. Each is moved back to its days (db/seed.time.ts).
 */

/** Who: the administrator (creator, task approver), the director (project approver), the dispatcher or the n-th demo engineer. */
type Who = 'admin' | 'director' | 'dispatcher' | number;

const STAGES: { name: string; tasks: { name: string; principal: Who; coord?: Who[]; days: number; approval?: boolean }[] }[] = [
  {
    name: '现场勘察',
    tasks: [
      { name: '现场勘察与测量', principal: 0, days: 2 },
      { name: '出具施工方案', principal: 'dispatcher', days: 1, approval: true },
    ],
  },
  {
    name: '设备安装',
    tasks: [
      { name: '设备进场与安装', principal: 0, coord: [2], days: 3 },
      { name: '管路与电气连接', principal: 2, days: 2 },
    ],
  },
  {
    name: '调试验收',
    tasks: [
      { name: '系统调试', principal: 0, days: 1 },
      { name: '客户验收', principal: 'dispatcher', days: 1, approval: true },
    ],
  },
];

/** An act on a project: approve its creation or completion (director), finish a task (its principal), approve a task (admin). */
type Act = [what: 'approve' | 'approveFinish' | 'finish' | 'approveTask', task: string | null, afterMinutes: number];

const PROJECTS: { name: string; customer: number; daysAgo: number; acts: Act[] }[] = [
  {
    name: '星河大厦中央空调改造',
    customer: 0,
    daysAgo: 26,
    acts: [
      ['approve', null, 150],
      ['finish', '现场勘察与测量', 2 * 1440],
      ['finish', '出具施工方案', 300],
      ['approveTask', '出具施工方案', 120],
      ['finish', '设备进场与安装', 3 * 1440],
      ['finish', '管路与电气连接', 1440],
      ['finish', '系统调试', 1440],
      ['finish', '客户验收', 600],
      ['approveTask', '客户验收', 180],
      ['approveFinish', null, 1440],
    ],
  },
  {
    name: '天府软件园冷水机组更换',
    customer: 5,
    daysAgo: 9,
    acts: [
      ['approve', null, 90],
      ['finish', '现场勘察与测量', 2 * 1440],
      ['finish', '出具施工方案', 1440],
    ],
  },
  { name: '两江汽配厂房空调新装', customer: 9, daysAgo: 1, acts: [] },
];

const projectTrail = (id: number): Trail => {
  const tasks = sql`task_id in (select t.id from project_tasks t where t.enterprise_id = project_task_logs.enterprise_id and t.project_id = ${id})`;
  return [
    { table: 'projects', where: sql`id = ${id}` },
    { table: 'project_logs', where: sql`project_id = ${id}` },
    { table: 'project_stages', where: sql`project_id = ${id}` },
    { table: 'project_tasks', where: sql`project_id = ${id}` },
    { table: 'project_task_logs', where: tasks },
  ];
};

async function seedDemoProjects(tx: Tx, enterpriseId: number): Promise<void> {
  const [e] = await rows<{ name: string }>(tx, sql`select name from enterprises where id = ${enterpriseId}`);
  const engineers = await demoEngineers(tx, enterpriseId);
  if (e?.name !== DEMO_ENTERPRISES[0]?.name || engineers.length === 0) return;
  const db = tx as unknown as Db;
  const idOf = async (r: number) =>
    (
      await rows<{ id: number }>(
        tx,
        sql`select id::int from users where enterprise_id = ${enterpriseId} and sysrole = ${r} and user_type = 0 and deleted_at is null order by id limit 1`,
      )
    )[0]?.id;
  const ids = new Map<Who, number>();
  for (const [who, id] of [
    ['admin', await idOf(3)],
    ['director', await idOf(10)],
    ['dispatcher', await idOf(1)],
    ...engineers.map((x, i) => [i, x.id] as const),
  ] as [Who, number | undefined][])
    if (id != null) ids.set(who, id);
  const viewers = new Map<number, Actor>();
  const viewer = async (who: Who): Promise<Actor> => {
    const id = ids.get(who) as number;
    if (!viewers.has(id)) {
      const u = await sessionUserOf(tx, enterpriseId, id);
      if (!u) throw new Error(`demo user ${String(who)} missing`);
      viewers.set(id, actorOf(u));
    }
    return viewers.get(id) as Actor;
  };
  if (!ids.has('admin') || !ids.has('director') || !ids.has('dispatcher')) return;
  const admin = await viewer('admin');

  // The template: the enterprise's own (empty until now), with its stages and task templates.
  const [tmpl] = await templateList(tx, enterpriseId);
  if (!tmpl) return;
  await saveTemplate(
    db,
    admin,
    projectTmplBody.parse({
      id: tmpl.id,
      name: tmpl.name,
      createApproval: true,
      createApproverId: ids.get('director'),
      finishApproval: true,
      finishApproverId: ids.get('director'),
      managerIds: [ids.get('dispatcher')],
      stages: STAGES.map((s) => ({ name: s.name })),
    }),
  );
  const stages = await rows<{ id: number; name: string }>(
    tx,
    sql`select id::int, name from project_tmpl_stages where enterprise_id = ${enterpriseId} and template_id = ${tmpl.id} order by sort`,
  );
  for (const s of STAGES) {
    const stageId = stages.find((x) => x.name === s.name)?.id;
    for (const t of s.tasks) {
      await saveTaskTemplate(
        db,
        enterpriseId,
        taskTmplBody.parse({
          templateId: tmpl.id,
          stageId,
          name: t.name,
          principalId: ids.get(t.principal),
          coordinationUserIds: (t.coord ?? []).flatMap((c) => ids.get(c) ?? []),
          durationDays: t.days,
          needApproval: !!t.approval,
          approverId: t.approval ? ids.get('admin') : undefined,
          remind: true,
          remindHours: 24,
        }),
      );
    }
  }

  const customers = await rows<{ id: number }>(tx, sql`select id::int from customers where enterprise_id = ${enterpriseId} order by id`);
  const principalOf = (task: string): Who => STAGES.flatMap((s) => s.tasks).find((t) => t.name === task)?.principal ?? 'admin';
  for (const p of PROJECTS) {
    const made = await createProject(
      db,
      admin,
      createProjectBody.parse({
        name: p.name,
        templateId: tmpl.id,
        customerId: customers[p.customer % Math.max(customers.length, 1)]?.id,
        startDate: dayAtHour(1, 9, admin.timeZone),
      }),
    );
    const trail = projectTrail(made.id);
    const ago = minutesSince(p.daysAgo, 10, 30, admin.timeZone, 60);
    let used = 0;
    for (const [what, taskName, after] of p.acts) {
      const gap = Math.max(1, Math.min(after, ago - used - 1));
      await shift(tx, enterpriseId, trail, -gap);
      used += gap;
      if (what === 'approve' || what === 'approveFinish') {
        await examineProject(db, await viewer('director'), made.id, what, what === 'approve' ? '同意立项' : '项目验收通过');
        continue;
      }
      const [task] = await rows<{ id: number }>(
        tx,
        sql`select id::int from project_tasks where enterprise_id = ${enterpriseId} and project_id = ${made.id} and name = ${taskName}`,
      );
      if (!task) continue;
      if (what === 'finish') await moveTask(db, await viewer(principalOf(String(taskName))), task.id, 'finish', '已完成');
      else await examineTask(db, admin, task.id, 'approve', '方案可行，同意');
    }
    await shift(tx, enterpriseId, trail, -(ago - used));
  }
}

export const projectsDemoStep: DemoStep = { name: 'projects.demo', after: ['customers', 'org.demo'], run: seedDemoProjects };
