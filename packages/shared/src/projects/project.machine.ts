import type { ErrorCode } from '../common/errors';
import type { Decision, Machine } from '../common/machine';

/**
 * Project and task state machines, pure transition tables the platform's changeState reads.
 * Project: 0 unapproved → 1 in progress → 2 completed. A pending approval ('create' while 0, 'finish' while 1)
 * is kept beside the state; the project's version makes every action compare-and-set, one winner.
 * Task: 0 unfinished, 1 finished, 2 disabled, 3 in approval.
 */
export const PROJECT_ACTIONS = ['approve', 'reject', 'finish', 'approveFinish', 'rejectFinish'] as const;
export type ProjectAction = (typeof PROJECT_ACTIONS)[number];

/** 'rejected': creation was refused; the project stays unapproved. */
export type ProjectApproval = 'create' | 'finish' | 'rejected' | null;

export interface ProjectContext {
  approval: ProjectApproval;
  /** The actor may decide the pending approval. */
  approver: boolean;
  /** The actor submitted the pending approval: nobody decides on what he submitted. */
  own?: boolean;
  /** The actor manages the project (creator, template manager, administrator) — or it is the system. */
  manager: boolean;
  finishApproval: boolean;
  /** Every task that counts is finished (disabled ones do not count). */
  allDone: boolean;
}

const refuse = (code: ErrorCode): Decision => ({ refuse: code });

export function decideProject(state: number, action: ProjectAction, c: ProjectContext): Decision {
  switch (action) {
    case 'approve':
    case 'reject':
      if (state !== 0 || c.approval !== 'create') return refuse('PROJECT_INVALID_TRANSITION');
      if (c.own) return refuse('APPROVAL_OWN_DOCUMENT');
      if (!c.approver) return refuse('PROJECT_ACTOR');
      return { to: action === 'approve' ? 1 : 0 };
    case 'finish':
      if (state !== 1) return refuse('PROJECT_INVALID_TRANSITION');
      if (c.approval === 'finish') return refuse('PROJECT_FINISH_PENDING');
      if (!c.manager) return refuse('PROJECT_ACTOR');
      if (!c.allDone) return refuse('PROJECT_TASKS_UNFINISHED');
      // With a finish approval the project waits in progress for its approver.
      return { to: c.finishApproval ? 1 : 2 };
    case 'approveFinish':
    case 'rejectFinish':
      if (state !== 1 || c.approval !== 'finish') return refuse('PROJECT_INVALID_TRANSITION');
      if (c.own) return refuse('APPROVAL_OWN_DOCUMENT');
      if (!c.approver) return refuse('PROJECT_ACTOR');
      if (action === 'approveFinish' && !c.allDone) return refuse('PROJECT_TASKS_UNFINISHED');
      return { to: action === 'approveFinish' ? 2 : 1 };
  }
}

export const projectMachine: Machine<ProjectAction, ProjectContext> = { name: 'project', actions: PROJECT_ACTIONS, decide: decideProject };

export const TASK_ACTIONS = ['finish', 'approve', 'reject', 'disable', 'enable', 'reopen'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

export interface TaskContext {
  /** The project is in progress (state 1); tasks of an unapproved or completed project do not move. */
  projectOpen: boolean;
  principal: boolean;
  approver: boolean;
  /** The actor put the task in approval: nobody decides on what he submitted. */
  own?: boolean;
  manager: boolean;
  needApproval: boolean;
}

const TASK_FROM: Record<TaskAction, readonly number[]> = {
  finish: [0],
  approve: [3],
  reject: [3],
  disable: [0, 3],
  enable: [2],
  reopen: [1],
};

export function decideTask(state: number, action: TaskAction, c: TaskContext): Decision {
  if (!TASK_FROM[action].includes(state)) return refuse('TASK_INVALID_TRANSITION');
  if (!c.projectOpen) return refuse('PROJECT_NOT_OPEN');
  switch (action) {
    case 'finish':
      if (!c.principal && !c.manager) return refuse('PROJECT_ACTOR');
      return { to: c.needApproval ? 3 : 1 };
    case 'approve':
    case 'reject':
      if (c.own) return refuse('APPROVAL_OWN_DOCUMENT');
      if (!c.approver) return refuse('PROJECT_ACTOR');
      return { to: action === 'approve' ? 1 : 0 };
    case 'disable':
      return c.manager ? { to: 2 } : refuse('PROJECT_ACTOR');
    case 'enable':
    case 'reopen':
      return c.manager ? { to: 0 } : refuse('PROJECT_ACTOR');
  }
}

export const taskMachine: Machine<TaskAction, TaskContext> = { name: 'project_task', actions: TASK_ACTIONS, decide: decideTask };

/** Progress percent: finished tasks over the tasks that count (all but disabled), rounded down so 100 means all done. */
export function progressOf(counts: { finished: number; disabled: number; total: number }): number {
  const counting = counts.total - counts.disabled;
  return counting <= 0 ? 0 : Math.floor((100 * counts.finished) / counting);
}
