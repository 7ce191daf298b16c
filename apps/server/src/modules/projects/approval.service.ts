import type { ProjectAction } from '@sk/shared';
import type { Db } from '../../db/client';
import { decide, waitingInstanceOf } from '../approvals/index';
import { onApprovalEnd } from '../../platform/signals';
import { visibleProject, visibleTask } from './project.access';
import { moveProject, moveTask, settleProject, settleTask } from './project.state';
import type { Actor } from '../../platform/actor';
import { projectStateOf, type TaskRecord, taskStateOf } from './records.repo';

/**
 * Project approvals on the approval engine (docs/approvals.md): while an instance of project_create,
 * project_finish or project_task waits, the project pages' approve / reject decide through the engine (its
 * steps, its approvers, a rejection needs a reason); the end handlers below move the project or task. Without
 * an instance the named approver decides alone, as before.
 */
type ProjectDecision = Extract<ProjectAction, 'approve' | 'reject' | 'approveFinish' | 'rejectFinish'>;

export interface Decided {
  /** The record's state after the decision. */
  state: number;
  /** An engine step was approved and the next one now waits. */
  waiting: boolean;
  projectId: number;
}

export async function examineProject(db: Db, v: Actor, id: number, action: ProjectDecision, note?: string | null): Promise<Decided> {
  await visibleProject(db, v, id);
  const kind = action === 'approve' || action === 'reject' ? 'project_create' : 'project_finish';
  const inst = await waitingInstanceOf(db, v.enterpriseId, kind, id);
  if (!inst) return { state: (await moveProject(db, v, id, action, note)).to, waiting: false, projectId: id };
  const r = await decide(db, {
    enterpriseId: v.enterpriseId,
    actorId: v.id,
    id: inst.id,
    action: action === 'approve' || action === 'approveFinish' ? 'approve' : 'reject',
    comment: note,
  });
  const state = await projectStateOf(db, v.enterpriseId, id);
  return { state: state ?? Number.NaN, waiting: r.state === 0, projectId: id };
}

export async function examineTask(db: Db, v: Actor, id: number, action: 'approve' | 'reject', note?: string | null): Promise<Decided> {
  await visibleTask(db, v, id);
  const inst = await waitingInstanceOf(db, v.enterpriseId, 'project_task', id);
  if (!inst) {
    const r = await moveTask(db, v, id, action, note);
    return { state: r.to, waiting: false, projectId: (r.row as unknown as TaskRecord).project_id };
  }
  const r = await decide(db, { enterpriseId: v.enterpriseId, actorId: v.id, id: inst.id, action, comment: note });
  const t = await taskStateOf(db, v.enterpriseId, id);
  return { state: t?.state ?? Number.NaN, waiting: r.state === 0, projectId: t?.project_id ?? Number.NaN };
}

// A withdrawal by the applicant ends the approval like a rejection: the project stays unapproved, the finish or the task goes back.
const WITHDRAWN = '申请人撤回审批';

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireApprovalService(): void {
  onApprovalEnd('project_create', async (tx, end) => {
    await settleProject(tx, end.enterpriseId, end.docId, end.result === 1 ? 'approve' : 'reject', end.actorId, end.result === 3 ? WITHDRAWN : end.comment);
  });

  onApprovalEnd('project_finish', async (tx, end) => {
    await settleProject(
      tx,
      end.enterpriseId,
      end.docId,
      end.result === 1 ? 'approveFinish' : 'rejectFinish',
      end.actorId,
      end.result === 3 ? WITHDRAWN : end.comment,
    );
  });

  onApprovalEnd('project_task', async (tx, end) => {
    await settleTask(tx, end.enterpriseId, end.docId, end.result === 1 ? 'approve' : 'reject', end.actorId, end.result === 3 ? WITHDRAWN : end.comment);
  });
}
