import type { ProjectAction } from '@sk/shared';
import type { Db } from '../../db/client';
import { decideDocument } from '../approvals/index';
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
  const engineAction = action === 'approve' || action === 'approveFinish' ? 'approve' : 'reject';
  // The engine is asked once, in the transaction that decides: a waiting instance takes it, else the project's machine.
  return db.transaction(async (tx) => {
    const r = await decideDocument(tx, { enterpriseId: v.enterpriseId, actorId: v.id, kind, docId: id, action: engineAction, comment: note });
    if (!r) return { state: (await moveProject(tx, v, id, action, note)).to, waiting: false, projectId: id };
    const state = await projectStateOf(tx, v.enterpriseId, id);
    return { state: state ?? Number.NaN, waiting: r.state === 0, projectId: id };
  });
}

export async function examineTask(db: Db, v: Actor, id: number, action: 'approve' | 'reject', note?: string | null): Promise<Decided> {
  await visibleTask(db, v, id);
  return db.transaction(async (tx) => {
    const r = await decideDocument(tx, { enterpriseId: v.enterpriseId, actorId: v.id, kind: 'project_task', docId: id, action, comment: note });
    if (!r) {
      const m = await moveTask(tx, v, id, action, note);
      return { state: m.to, waiting: false, projectId: (m.row as unknown as TaskRecord).project_id };
    }
    const t = await taskStateOf(tx, v.enterpriseId, id);
    return { state: t?.state ?? Number.NaN, waiting: r.state === 0, projectId: t?.project_id ?? Number.NaN };
  });
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
