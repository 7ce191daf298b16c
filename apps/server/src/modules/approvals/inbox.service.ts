import {
  APPROVAL_POWERS,
  type ApprovalAction,
  type ApprovalInstanceRow,
  abilitiesOf,
  approvalMachine,
  hasPower,
  type QueryOf,
  type approvalsContract,
} from '@sk/shared';
import type { Executor } from '../../db/client';
import { AppError, invalid } from '../../platform/errors';
import { windowOf } from '../../platform/list';
import type { Actor } from '../../platform/actor';
import {
  activeUserExists,
  boxCount,
  delegationsOf,
  deleteDelegation,
  inboxPage,
  insertDelegation,
  instanceLog,
  instanceRow,
  instanceTasks,
  isBefore,
  isDelegateOn,
  latestInstanceOf,
  toInstanceRow,
  toLogEntry,
  toTask,
} from './inbox.repo';

/** The page is the staff menu's 审批处理 or the provider menu's ApprovalProcessList: either power opens it. */
export function guardInbox(user: Actor): void {
  if (!hasPower(user.powers, APPROVAL_POWERS.process) && !hasPower(user.powers, APPROVAL_POWERS.providerProcess)) throw new AppError('NO_POWER');
}

type ListQuery = QueryOf<typeof approvalsContract.list>;

export function listInbox(ex: Executor, user: Actor, q: ListQuery): Promise<{ list: ApprovalInstanceRow[]; count: number }> {
  windowOf(q);
  return inboxPage(ex, user, user.timeZone, q, q);
}

/** The 审批处理 badge: approvals waiting for the user's decision. */
export const todoCount = (ex: Executor, user: Actor): Promise<number> => boxCount(ex, user, 'todo');

export async function inboxCounts(ex: Executor, user: Actor): Promise<{ todo: number; done: number; mine: number }> {
  const [todo, done, mine] = await Promise.all([boxCount(ex, user, 'todo'), boxCount(ex, user, 'done'), boxCount(ex, user, 'mine')]);
  return { todo, done, mine };
}

/** The latest instance of a document, shown to those who may see that instance; null when the document never had one. */
/** `docSeen`: the owning area has already shown the caller may open the document (its page power and scope). */
export async function documentFlow(ex: Executor, user: Actor, kind: string, docId: number, docSeen = false) {
  const id = await latestInstanceOf(ex, user.enterpriseId, kind, docId);
  return id == null ? null : instanceDetail(ex, user, id, docSeen);
}

/** One instance with its steps, tasks and log — for those who take part in it, its provider's users, and the flow administrators. */
export async function instanceDetail(ex: Executor, user: Actor, id: number, docSeen = false) {
  const e = user.enterpriseId;
  const tz = user.timeZone;
  const r = await instanceRow(ex, e, tz, id);
  if (!r) throw new AppError('NOT_FOUND');
  const tasks = await instanceTasks(ex, e, tz, id);
  const part =
    docSeen ||
    r.applicant_id === user.id ||
    (user.providerId != null && r.provider_id === user.providerId) ||
    tasks.some((t) => t.user_id === user.id || t.acted_by === user.id) ||
    hasPower(user.powers, APPROVAL_POWERS.settings);
  const delegated = !part && (await isDelegateOn(ex, e, user.id, id));
  if (!part && !delegated) throw new AppError('NOT_FOUND');
  const log = await instanceLog(ex, e, tz, id);
  const open = tasks.filter((t) => t.step === r.step && t.decision == null);
  const mine = open.some((t) => t.user_id === user.id) || delegated;
  const abilities = abilitiesOf(approvalMachine, r.state, {
    approver: mine,
    applicant: r.applicant_id === user.id,
    completesStep: true,
    lastStep: true,
  }) as ApprovalAction[];
  return {
    ...toInstanceRow(r),
    flowVersion: r.flow_version,
    steps: r.steps as never,
    tasks: tasks.map(toTask),
    log: log.map(toLogEntry),
    abilities,
  };
}

export async function listDelegations(ex: Executor, user: Actor) {
  return { list: await delegationsOf(ex, user, user.timeZone) };
}

/** The actor hands his approvals to a colleague for an absence window (enterprise time zone). */
export async function saveDelegation(ex: Executor, user: Actor, b: { delegateId: number; startsAt: string; endsAt: string }): Promise<{ id: number }> {
  if (b.delegateId === user.id) throw invalid('代理人：不能委托给自己');
  const ok = await isBefore(ex, b.startsAt, b.endsAt).catch(() => {
    throw invalid('开始时间：时间格式应为YYYY-MM-DD HH:mm:ss');
  });
  if (!ok) throw invalid('结束时间：结束时间必须晚于开始时间');
  if (!(await activeUserExists(ex, user.enterpriseId, b.delegateId))) throw invalid('代理人：该成员不存在或已停用');
  return { id: await insertDelegation(ex, user, user.timeZone, b) };
}

export async function removeDelegation(ex: Executor, user: Actor, id: number): Promise<void> {
  if (!(await deleteDelegation(ex, user, id))) throw new AppError('NOT_FOUND');
}
