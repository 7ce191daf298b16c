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
import type { SQL } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { changeState, registerStateHook, type StateResult, type StateTable } from '../../platform/state';
import { startApproval } from '../approvals/index';
import { addNotices } from '../notices/index';
import { isManager, projectAdmin } from './project.access';
import type { Actor } from '../../platform/actor';
import {
  finishApprovalOf,
  lastActorOf,
  lockProject,
  pendingApproval,
  type ProjectRecord,
  projectRecord,
  projectStateOf,
  storeProgress,
  type TaskCounts,
  type TaskRecord,
  taskCounts,
} from './records.repo';
import { NOW } from '../../platform/sql';

export { pendingApproval, taskCounts } from './records.repo';

// The state helper's locked row is the whole row of its table (`select *`): named once here, where it arrives.
const projectRow = (row: Record<string, unknown>) => row as unknown as ProjectRecord;
const taskRow = (row: Record<string, unknown>) => row as unknown as TaskRecord;

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

const allDoneOf = (c: TaskCounts) => c.total - c.disabled > 0 && c.finished === c.total - c.disabled;

/** The engine's kind of a project's pending approval (docs/approvals.md). */
export const projectKindOf = (approval: unknown): 'project_create' | 'project_finish' | null =>
  approval === 'create' ? 'project_create' : approval === 'finish' ? 'project_finish' : null;

/**
 * Who submitted a project's pending approval: its creator for the creation approval; for the finish approval the
 * manager who finished it (the creator when the last task's finish completed it).
 */
export async function projectSubmitter(ex: Executor, row: ProjectRecord): Promise<number | null> {
  if (row.approval === 'create') return row.created_by;
  if (row.approval !== 'finish') return null;
  return (await lastActorOf(ex, row.enterprise_id, 'project_logs', 'project_id', row.id, 1)) ?? row.created_by;
}

/** Who put a task in approval: the actor of its last finish into approval (3). */
export async function taskSubmitter(ex: Executor, task: TaskRecord): Promise<number | null> {
  return lastActorOf(ex, task.enterprise_id, 'project_task_logs', 'task_id', task.id, 3);
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
export async function projectContext(tx: Executor, v: Actor | null, row: ProjectRecord): Promise<ProjectContext> {
  const approval = row.approval as ProjectApproval;
  const approverId = approval === 'create' ? row.create_approver_id : approval === 'finish' ? row.finish_approver_id : null;
  const manager = v == null ? true : await isManager(tx, v, row);
  const finishApproval = await finishApprovalOf(tx, row.enterprise_id, row.template_id);
  // Without a named approver the project's managers decide.
  const named = v != null && (approverId != null ? approverId === v.id || projectAdmin(v) : manager);
  const who = v == null ? { approver: false, own: false } : await approverOf(tx, v, projectKindOf(approval), row.id, named, () => projectSubmitter(tx, row));
  return {
    approval,
    ...who,
    manager,
    finishApproval,
    allDone: allDoneOf(await taskCounts(tx, row.enterprise_id, row.id)),
  };
}

export async function projectAbilities(ex: Executor, v: Actor, row: ProjectRecord): Promise<ProjectAction[]> {
  return abilitiesOf(projectMachine, row.state, await projectContext(ex, v, row));
}

/** What an action leaves in the approval column and the finish time. */
function projectPatch(action: ProjectAction, to: number): Record<string, string | null | SQL> {
  const approval: Record<ProjectAction, string | null> = {
    approve: null,
    reject: 'rejected',
    finish: to === 1 ? 'finish' : null,
    approveFinish: null,
    rejectFinish: null,
  };
  return { approval: approval[action], ...(to === 2 ? { finish_time: NOW } : {}) };
}

export async function moveProject(ex: Executor, v: Actor, id: number, action: ProjectAction, note?: string | null): Promise<StateResult> {
  return changeState(ex, {
    table: PROJECT_STATE,
    machine: projectMachine,
    enterpriseId: v.enterpriseId,
    id,
    action,
    ctxOf: (row, tx) => projectContext(tx, v, projectRow(row)),
    actorId: v.id,
    patchOf: ({ to }) => projectPatch(action, to),
    note,
  });
}

/** Whether the viewer decides a task's approval (and whether he submitted it); `manager` as the project has it. */
export async function taskApprover(ex: Executor, v: Actor, task: TaskRecord, manager: boolean): Promise<{ approver: boolean; own: boolean }> {
  const approverId = task.approver_id;
  const named = approverId != null ? approverId === v.id || projectAdmin(v) : manager;
  if (task.state !== 3) return { approver: named, own: false };
  return approverOf(ex, v, 'project_task', task.id, named, () => taskSubmitter(ex, task));
}

export async function taskContext(tx: Executor, v: Actor, task: TaskRecord): Promise<TaskContext> {
  const project = await projectRecord(tx, task.enterprise_id, task.project_id);
  const manager = project ? await isManager(tx, v, project) : false;
  return {
    projectOpen: project?.state === 1,
    principal: task.principal_id === v.id,
    ...(await taskApprover(tx, v, task, manager)),
    manager,
    needApproval: !!task.need_approval,
  };
}

export async function taskAbilities(ex: Executor, v: Actor, task: TaskRecord): Promise<TaskAction[]> {
  return abilitiesOf(taskMachine, task.state, await taskContext(ex, v, task));
}

export async function moveTask(ex: Executor, v: Actor, id: number, action: TaskAction, note?: string | null): Promise<StateResult> {
  return changeState(ex, {
    table: TASK_STATE,
    machine: taskMachine,
    enterpriseId: v.enterpriseId,
    id,
    action,
    ctxOf: (row, tx) => taskContext(tx, v, taskRow(row)),
    actorId: v.id,
    patchOf: ({ to }) => (to === 1 ? { finished_at: NOW, finished_by: v.id } : { finished_at: null, finished_by: null }),
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
    ctxOf: async (row, t) => ({ ...(await projectContext(t, null, projectRow(row))), approver: true, own: false }),
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
    ctxOf: async (row, t) => {
      const task = taskRow(row);
      const state = await projectStateOf(t, ep, task.project_id);
      return { projectOpen: state === 1, principal: false, approver: true, own: false, manager: false, needApproval: task.need_approval };
    },
    actorId,
    patchOf: ({ to }) => (to === 1 ? { finished_at: NOW, finished_by: actorId } : { finished_at: null, finished_by: null }),
    note,
  });
}

/** Recomputes a project's progress; when every task is done, finishes it (as the system). */
export async function recomputeProgress(tx: Tx, ep: number, projectId: number): Promise<number> {
  // Lock the project before counting: tasks finishing at once then count one after the other, each seeing the
  // others' committed finishes, instead of the last writer storing a count taken before the others committed.
  await lockProject(tx, ep, projectId);
  const counts = await taskCounts(tx, ep, projectId);
  const progress = progressOf(counts);
  const p = await storeProgress(tx, ep, projectId, progress);
  if (p && p.state === 1 && p.approval == null && allDoneOf(counts)) {
    await changeState(tx, {
      table: PROJECT_STATE,
      machine: projectMachine,
      enterpriseId: ep,
      id: projectId,
      action: 'finish',
      ctxOf: (row, t) => projectContext(t, null, projectRow(row)),
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
export async function startProjectApproval(tx: Tx, kind: 'project_create' | 'project_finish', project: ProjectRecord, applicantId: number): Promise<void> {
  const named = kind === 'project_create' ? project.create_approver_id : project.finish_approver_id;
  const inst = await startApproval(tx, {
    enterpriseId: project.enterprise_id,
    kind,
    docId: project.id,
    applicantId,
    docNo: project.project_no,
    title: project.name,
    responsibleId: named ?? project.created_by,
  });
  if (!inst) {
    const what = kind === 'project_create' ? '项目创建' : '项目完成';
    await tellNamedApprover(tx, project.enterprise_id, named, applicantId, `待审批：${what} ${project.name}`, '/projectexamine');
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
        await recomputeProgress(h.tx, h.enterpriseId, taskRow(h.row).project_id);
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
        const task = taskRow(h.row);
        const p = await projectRecord(h.tx, h.enterpriseId, task.project_id);
        const title = `${p?.name ?? ''} · ${task.name}`;
        const inst = await startApproval(h.tx, {
          enterpriseId: h.enterpriseId,
          kind: 'project_task',
          docId: h.id,
          applicantId: h.actorId,
          docNo: p?.project_no ?? '',
          title,
          responsibleId: task.approver_id ?? p?.created_by ?? null,
        });
        if (!inst) await tellNamedApprover(h.tx, h.enterpriseId, task.approver_id, h.actorId, `待审批：项目任务 ${title}`, `/allproject/examine/${h.id}`);
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
        const project = projectRow(h.row);
        if (h.to === 1) await startProjectApproval(h.tx, 'project_finish', project, h.actorId ?? project.created_by);
        return undefined;
      },
    },
    'projects.progress',
  );
}
