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
import { isManager, num, type ProjectViewer, type Row } from './project.access';

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

/** The system acts with a null viewer: it manages but approves nothing. */
export async function projectContext(tx: Executor, v: ProjectViewer | null, row: Row): Promise<ProjectContext> {
  const approval = (row.approval ?? null) as ProjectApproval;
  const approverId = approval === 'create' ? num(row.create_approver_id) : approval === 'finish' ? num(row.finish_approver_id) : null;
  const manager = v == null ? true : await isManager(tx, v, row);
  const [s] = await rows<{ finish_approval: boolean }>(
    tx,
    sql`select finish_approval from project_tmpl_settings where enterprise_id = ${row.enterprise_id} and template_id = ${row.template_id}`,
  );
  return {
    approval,
    // Without a named approver the project's managers decide.
    approver: v != null && (approverId != null ? approverId === v.id || v.admin : manager),
    manager,
    finishApproval: !!s?.finish_approval,
    allDone: allDoneOf(await taskCounts(tx, Number(row.enterprise_id), Number(row.id))),
  };
}

export async function projectAbilities(ex: Executor, v: ProjectViewer, row: Row): Promise<ProjectAction[]> {
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

export async function moveProject(ex: Executor, v: ProjectViewer, id: number, action: ProjectAction, note?: string | null): Promise<StateResult> {
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

export async function taskContext(tx: Executor, v: ProjectViewer, task: Row): Promise<TaskContext> {
  const [project] = await rows(tx, sql`select * from projects where enterprise_id = ${task.enterprise_id} and id = ${task.project_id}`);
  const manager = project ? await isManager(tx, v, project) : false;
  const approverId = num(task.approver_id);
  return {
    projectOpen: Number(project?.state) === 1,
    principal: num(task.principal_id) === v.id,
    approver: approverId != null ? approverId === v.id || v.admin : manager,
    manager,
    needApproval: !!task.need_approval,
  };
}

export async function taskAbilities(ex: Executor, v: ProjectViewer, task: Row): Promise<TaskAction[]> {
  return abilitiesOf(taskMachine, Number(task.state), await taskContext(ex, v, task));
}

export async function moveTask(ex: Executor, v: ProjectViewer, id: number, action: TaskAction, note?: string | null): Promise<StateResult> {
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

let registered = false;
/** Every task action recomputes its project's progress in the same transaction. */
export function registerProgressHook(): void {
  if (registered) return;
  registered = true;
  registerStateHook<TaskContext>(taskMachine, '*', {
    after: async (h) => {
      await recomputeProgress(h.tx, h.enterpriseId, Number(h.row.project_id));
      return undefined;
    },
  });
}
