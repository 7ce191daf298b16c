import type { PlanStage, PlanTask, ProcessStage } from '@sk/shared/projects/projects.contract';

/**
 * The board's edits as the whole process saveProjectProcess takes: every stage and task by id and name (a field
 * left out keeps its value on the server), with the one change applied. Unlisted stages and tasks are removed.
 */
export function planOf(stages: ProcessStage[]): PlanStage[] {
  return stages.map((s) => ({ id: s.id, name: s.name, tasks: s.tasks.map((t) => ({ id: t.id, name: t.name })) }));
}

/** A new task at the end of its stage. */
export function withTask(stages: ProcessStage[], stageId: number, task: PlanTask): PlanStage[] {
  return planOf(stages).map((s) => (s.id === stageId ? { ...s, tasks: [...s.tasks, task] } : s));
}

export function withoutTask(stages: ProcessStage[], taskId: number): PlanStage[] {
  return planOf(stages).map((s) => ({ ...s, tasks: s.tasks.filter((t) => t.id !== taskId) }));
}

/** A new, empty stage after the last one. */
export function withStage(stages: ProcessStage[], name: string): PlanStage[] {
  return [...planOf(stages), { name, tasks: [] }];
}

/** A stage removed with its tasks (the server refuses when one of them is finished or in approval). */
export function withoutStage(stages: ProcessStage[], stageId: number): PlanStage[] {
  return planOf(stages).filter((s) => s.id !== stageId);
}

/** A task can be removed while it is unfinished or disabled; a finished one or one in approval is history. */
export const removable = (state: number): boolean => state === 0 || state === 2;
