import {
  abilitiesOf,
  type ProjectAction,
  type ProjectApproval,
  type ProjectContext,
  progressOf,
  projectMachine,
  type TaskAction,
  type TaskContext,
  taskMachine,
} from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows, type Tx } from '../../db/client';
import { changeState, registerStateHook, type StateResult, type StateTable } from '../../platform/state';
import { startApproval } from '../approvals/engine';
import { addNotices } from '../notices/notices.repo';
import { isManager, num, projectAdmin, type Row } from './project.access';
import type { Actor } from '../../platform/actor';

/**
 * Projects and tasks on the platform's state change (platform/state.ts): the machines in packages/shared decide,
 * the version column makes every action compare-and-set, and every change writes one log row. A task's change
 * recomputes its project's progress in the same transaction (the hook below) and, when the last task is done,
 * finishes the project (or puts it before its finish approver).
 */
export const PROJECT_STATE: StateTable = {
  table: 'projects',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'project_logs', recordColumn: 'project_id' },
};
export const TASK_STATE: StateTable = {
  table: 'project_tasks',
  stateColumn: 'state',
  touchColumn: 'updated_at',
  versionColumn: 'version',
  log: { table: 'project_task_logs', recordColumn: 'task_id' },
};

/** Task counts of a project, for progress and for "every task done". */
export async function taskCounts(ex: Executor, ep: number, projectId: number) {
  const [r] = await rows<{ total: number; finished: number; disabled: number }>(
    ex,
    sql`select count(*)::int as total, count(*) filter (where state = 1)::int as finished, count(*) filter (where state = 2)::int as disabled
      from project_tasks where enterprise_id = ${ep} and project_id = ${projectId}`,
  );
  return { total: Number(r?.total ?? 0), finished: Number(r?.finished ?? 0), disabled: Number(r?.disabled ?? 0) };
}

const allDoneOf = (c: { total: number; finished: number; disabled: number }) => c.total - c.disabled > 0 && c.finished === c.total - c.disabled;

/** The engine's kind of a project's pending approval (docs/approvals.md). */
export const projectKindOf = (approval: unknown): 'project_create' | 'project_finish' | null =>
  approval === 'create' ? 'project_create' : approval === 'finish' ? 'project_finish' : null;

/**
 * A waiting engine instance of the document, if any, and whether `userId` holds an open task of its current step
 * (his own, or a colleague's inside a delegation window) and whether he applied for it.
 */
export async function pendingApproval(
  ex: Executor,
  ep: number,
  kind: string,
  docId: number,
  userId: number,
): Promise<{ id: number; holds: boolean; applicant: boolean } | null> {
  const [r] = await rows<{ id: number; holds: boolean; applicant: boolean }>(
    ex,
    sql`select i.id::int as id, i.applicant_id = ${userId} as applicant, exists (select 1 from approval_tasks k
        where k.enterprise_id = i.enterprise_id and k.instance_id = i.id and k.step = i.step and k.decision is null
          and (k.user_id = ${userId} or k.user_id in (select d.user_id from approval_delegations d where d.enterprise_id = i.enterprise_id
            and d.delegate_id = ${userId} and d.starts_at <= now() and d.ends_at > now()))) as holds
      from approval_instances i where i.enterprise_id = ${ep} and i.kind = ${kind} and i.doc_id = ${docId} and i.state = 0`,
  );
  return r ? { id: Number(r.id), holds: !!r.holds, applicant: !!r.applicant } : null;
}

/**
 * Who submitted a project's pending approval: its creator for the creation approval; for the finish approval the
 * manager who finished it (the creator when the last task's finish completed it).
 */
export async function projectSubmitter(ex: Executor, row: Row): Promise<number | null> {
  if (row.approval === 'create') return num(row.created_by);
  if (row.approval !== 'finish') return null;
  const [l] = await rows<{ user_id: number | null }>(
    ex,
    sql`select user_id::int as user_id from project_logs where enterprise_id = ${row.enterprise_id} and project_id = ${row.id}
      and action = 'finish' and to_state = 1 order by created_at desc, id desc limit 1`,
  );
  return num(l?.user_id) ?? num(row.created_by);
}

/** Who put a task in approval: the actor of its last finish into approval (3). */
export async function taskSubmitter(ex: Executor, task: Row): Promise<number | null> {
  const [l] = await rows<{ user_id: number | null }>(
    ex,
    sql`select user_id::int as user_id from project_task_logs where enterprise_id = ${task.enterprise_id} and task_id = ${task.id}
      and action = 'finish' and to_state = 3 order by created_at desc, id desc limit 1`,
  );
  return num(l?.user_id);
}

/**
 * Who decides a pending approval. While an engine instance waits (a flow of 审批流程设置 applies), the approvers of
 * its current step; otherwise the named approver (or an administrator), without one the managers. Nobody decides
 * on what he submitted.
 */
async function approverOf(
  ex: Executor,
  v: Actor,
  kind: string | null,
  docId: number,
  named: boolean,
  submitter: () => Promise<number | null>,
): Promise<{ approver: boolean; own: boolean }> {
  const pending = kind ? await pendingApproval(ex, v.enterpriseId, kind, docId, v.id) : null;
  if (pending) return { approver: pending.holds, own: pending.applicant };
  return { approver: named, own: kind != null && (await submitter()) === v.id };
}

/** The system acts with a null viewer: it manages but approves nothing. */
export async function projectContext(tx: Executor, v: Actor | null, row: Row): Promise<ProjectContext> {
  const approval = (row.approval ?? null) as ProjectApproval;
  const approverId = approval === 'create' ? num(row.create_approver_id) : approval === 'finish' ? num(row.finish_approver_id) : null;
  const manager = v == null ? true : await isManager(tx, v, row);
  const [s] = await rows<{ finish_approval: boolean }>(
    tx,
    sql`select finish_approval from project_tmpl_settings where enterprise_id = ${row.enterprise_id} and template_id = ${row.template_id}`,
  );
  // Without a named approver the project's managers decide.
  const named = v != null && (approverId != null ? approverId === v.id || projectAdmin(v) : manager);
  const who =
    v == null ? { approver: false, own: false } : await approverOf(tx, v, projectKindOf(approval), Number(row.id), named, () => projectSubmitter(tx, row));
  return {
    approval,
    ...who,
    manager,
    finishApproval: !!s?.finish_approval,
    allDone: allDoneOf(await taskCounts(tx, Number(row.enterprise_id), Number(row.id))),
  };
}

export async function projectAbilities(ex: Executor, v: Actor, row: Row): Promise<ProjectAction[]> {
  return abilitiesOf(projectMachine, Number(row.state), await projectContext(ex, v, row));
}

/** What an action leaves in the approval column and the finish time. */
function projectPatch(action: ProjectAction, to: number): Record<string, string | null | ReturnType<typeof sql>> {
  const approval: Record<ProjectAction, string | null> = {
    approve: null,
    reject: 'rejected',
    finish: to === 1 ? 'finish' : null,
    approveFinish: null,
    rejectFinish: null,
  };
  return { approval: approval[action], ...(to === 2 ? { finish_time: sql`now()` } : {}) };
}

export async function moveProject(ex: Executor, v: Actor, id: number, action: ProjectAction, note?: string | null): Promise<StateResult> {
  return changeState(ex, {
    table: PROJECT_STATE,
    machine: projectMachine,
    enterpriseId: v.enterpriseId,
    id,
    action,
    ctxOf: (row, tx) => projectContext(tx, v, row),
    actorId: v.id,
    patchOf: ({ to }) => projectPatch(action, to),
    note,
  });
}

/** Whether the viewer decides a task's approval (and whether he submitted it); `manager` as the project has it. */
export async function taskApprover(ex: Executor, v: Actor, task: Row, manager: boolean): Promise<{ approver: boolean; own: boolean }> {
  const approverId = num(task.approver_id);
  const named = approverId != null ? approverId === v.id || projectAdmin(v) : manager;
  if (Number(task.state) !== 3) return { approver: named, own: false };
  return approverOf(ex, v, 'project_task', Number(task.id), named, () => taskSubmitter(ex, task));
}

export async function taskContext(tx: Executor, v: Actor, task: Row): Promise<TaskContext> {
  const [project] = await rows(tx, sql`select * from projects where enterprise_id = ${task.enterprise_id} and id = ${task.project_id}`);
  const manager = project ? await isManager(tx, v, project) : false;
  return {
    projectOpen: Number(project?.state) === 1,
    principal: num(task.principal_id) === v.id,
    ...(await taskApprover(tx, v, task, manager)),
    manager,
    needApproval: !!task.need_approval,
  };
}

export async function taskAbilities(ex: Executor, v: Actor, task: Row): Promise<TaskAction[]> {
  return abilitiesOf(taskMachine, Number(task.state), await taskContext(ex, v, task));
}

export async function moveTask(ex: Executor, v: Actor, id: number, action: TaskAction, note?: string | null): Promise<StateResult> {
  return changeState(ex, {
    table: TASK_STATE,
    machine: taskMachine,
    enterpriseId: v.enterpriseId,
    id,
    action,
    ctxOf: (row, tx) => taskContext(tx, v, row),
    actorId: v.id,
    patchOf: ({ to }) => (to === 1 ? { finished_at: sql`now()`, finished_by: v.id } : { finished_at: null, finished_by: null }),
    note,
  });
}

/**
 * The engine decided a project's or task's approval (its last step approved, a rejection, or the applicant's
 * withdrawal): the record moves exactly as the named approver's approve / reject moves it, in the deciding transaction.
 */
export async function settleProject(tx: Tx, ep: number, id: number, action: ProjectAction, actorId: number, note: string | null): Promise<StateResult> {
  return changeState(tx, {
    table: PROJECT_STATE,
    machine: projectMachine,
    enterpriseId: ep,
    id,
    action,
    ctxOf: async (row, t) => ({ ...(await projectContext(t, null, row)), approver: true, own: false }),
    actorId,
    patchOf: ({ to }) => projectPatch(action, to),
    note,
  });
}

export async function settleTask(tx: Tx, ep: number, id: number, action: 'approve' | 'reject', actorId: number, note: string | null): Promise<StateResult> {
  return changeState(tx, {
    table: TASK_STATE,
    machine: taskMachine,
    enterpriseId: ep,
    id,
    action,
    ctxOf: async (task, t) => {
      const [p] = await rows(t, sql`select state from projects where enterprise_id = ${ep} and id = ${task.project_id}`);
      return { projectOpen: Number(p?.state) === 1, principal: false, approver: true, own: false, manager: false, needApproval: !!task.need_approval };
    },
    actorId,
    patchOf: ({ to }) => (to === 1 ? { finished_at: sql`now()`, finished_by: actorId } : { finished_at: null, finished_by: null }),
    note,
  });
}

/** Recomputes a project's progress; when every task is done, finishes it (as the system). */
export async function recomputeProgress(tx: Tx, ep: number, projectId: number): Promise<number> {
  // Lock the project before counting: tasks finishing at once then count one after the other, each seeing the
  // others' committed finishes, instead of the last writer storing a count taken before the others committed.
  await tx.execute(sql`select 1 from projects where enterprise_id = ${ep} and id = ${projectId} for update`);
  const counts = await taskCounts(tx, ep, projectId);
  const progress = progressOf(counts);
  const [p] = await rows(tx, sql`update projects set progress_speed = ${progress} where enterprise_id = ${ep} and id = ${projectId} returning state, approval`);
  if (p && Number(p.state) === 1 && p.approval == null && allDoneOf(counts)) {
    await changeState(tx, {
      table: PROJECT_STATE,
      machine: projectMachine,
      enterpriseId: ep,
      id: projectId,
      action: 'finish',
      ctxOf: (row, t) => projectContext(t, null, row),
      actorId: null,
      patchOf: ({ to }) => projectPatch('finish', to),
      note: '任务全部完成',
    });
  }
  return progress;
}

/**
 * A project or task that enters approval starts the engine's instance when a flow of its kind applies (审批流程设置);
 * without one nothing starts and the named approver decides as before. The responsible person is the named
 * approver, else the project's creator (a manager).
 */
export async function startProjectApproval(tx: Tx, kind: 'project_create' | 'project_finish', project: Row, applicantId: number): Promise<void> {
  const named = kind === 'project_create' ? project.create_approver_id : project.finish_approver_id;
  const inst = await startApproval(tx, {
    enterpriseId: Number(project.enterprise_id),
    kind,
    docId: Number(project.id),
    applicantId,
    docNo: String(project.project_no ?? ''),
    title: String(project.name ?? ''),
    responsibleId: num(named) ?? num(project.created_by),
  });
  if (!inst) {
    const what = kind === 'project_create' ? '项目创建' : '项目完成';
    await tellNamedApprover(tx, Number(project.enterprise_id), num(named), applicantId, `待审批：${what} ${project.name ?? ''}`, '/projectexamine');
  }
}

/** Without a flow the named approver decides alone: his notice says so (the engine notifies a flow's approvers itself). */
async function tellNamedApprover(tx: Tx, enterpriseId: number, approverId: number | null, applicantId: number, title: string, link: string): Promise<void> {
  if (approverId == null || approverId === applicantId) return;
  await addNotices(tx, { enterpriseId, userIds: [approverId], kind: 'approval_todo', title, link });
}
/** Every task action recomputes its project's progress in the same transaction; entering approval starts the engine's instance. */
export function registerProgressHook(): void {
  registerStateHook<TaskContext>(
    taskMachine,
    '*',
    {
      after: async (h) => {
        await recomputeProgress(h.tx, h.enterpriseId, Number(h.row.project_id));
        return undefined;
      },
    },
    'projects.progress',
  );
  registerStateHook<TaskContext>(
    taskMachine,
    'finish',
    {
      after: async (h) => {
        if (h.to !== 3 || h.actorId == null) return undefined;
        const [p] = await rows(
          h.tx,
          sql`select project_no, name, created_by from projects where enterprise_id = ${h.enterpriseId} and id = ${h.row.project_id}`,
        );
        const title = `${p?.name ?? ''} · ${h.row.name}`;
        const inst = await startApproval(h.tx, {
          enterpriseId: h.enterpriseId,
          kind: 'project_task',
          docId: h.id,
          applicantId: h.actorId,
          docNo: String(p?.project_no ?? ''),
          title,
          responsibleId: num(h.row.approver_id) ?? num(p?.created_by),
        });
        if (!inst) await tellNamedApprover(h.tx, h.enterpriseId, num(h.row.approver_id), h.actorId, `待审批：项目任务 ${title}`, `/allproject/examine/${h.id}`);
        return undefined;
      },
    },
    'projects.progress',
  );
  registerStateHook<ProjectContext>(
    projectMachine,
    'finish',
    {
      after: async (h) => {
        // Into the finish approval: by the manager who finished it, or (the last task done) on behalf of its creator.
        if (h.to === 1) await startProjectApproval(h.tx, 'project_finish', h.row, h.actorId ?? Number(h.row.created_by));
        return undefined;
      },
    },
    'projects.progress',
  );
}
