import { approvalKindOf, type ApprovalFlowRow } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import { AppError, invalid } from '../../platform/errors';
import * as repo from './flows.repo';

export async function listFlows(ex: Executor, enterpriseId: number, tz: string, kind?: string): Promise<{ list: ApprovalFlowRow[]; count: number }> {
  const list = await repo.selectFlows(ex, enterpriseId, tz, kind);
  const names = await peopleNamed(ex, enterpriseId, list);
  const types = new Map<string, Map<number, string>>();
  for (const f of list) {
    f.people = Object.fromEntries(namedUserIds([f]).map((id) => [String(id), names.get(id) ?? '（已删除）']));
    if (!f.docTypes.length) continue;
    if (!types.has(f.kind)) types.set(f.kind, new Map((await typeOptions(ex, enterpriseId, f.kind)).map((o) => [o.value, o.label])));
    f.typeNames = Object.fromEntries(f.docTypes.map((t) => [String(t), types.get(f.kind)?.get(t) ?? '（已删除）']));
  }
  return { list, count: list.length };
}

/** The types a flow of the kind may be restricted to: the kind's fixed ones, or the enterprise's order types (工单类型). */
export async function typeOptions(ex: Executor, enterpriseId: number, kind: string): Promise<{ value: number; label: string }[]> {
  const def = approvalKindOf(kind);
  if (def?.typesFrom === 'orderType') return repo.orderTypeOptions(ex, enterpriseId);
  return Object.entries(def?.types ?? {}).map(([value, label]) => ({ value: Number(value), label }));
}

const namedUserIds = (flows: Pick<ApprovalFlowRow, 'steps'>[]): number[] => [
  ...new Set(flows.flatMap((f) => f.steps.flatMap((s) => s.approvers.flatMap((a) => (a.type === 'user' ? a.ids : []))))),
];

/** The names of the members the flows name, in one query. */
async function peopleNamed(ex: Executor, enterpriseId: number, flows: Pick<ApprovalFlowRow, 'steps'>[]): Promise<Map<number, string>> {
  const ids = namedUserIds(flows);
  if (!ids.length) return new Map();
  const r = await repo.userNames(ex, enterpriseId, ids);
  return new Map(r.map((u) => [u.id, u.name]));
}

/** Checks that the named users and the kind's document types exist in this enterprise. */
async function checkFlow(ex: Executor, enterpriseId: number, b: repo.FlowBody): Promise<void> {
  const def = approvalKindOf(b.kind);
  if (!def) throw invalid('单据类型：不支持的类型');
  if ((b.minAmount != null || b.maxAmount != null) && !def.amount) throw invalid(`金额条件：${def.label}不支持按金额选择流程`);
  if (b.docTypes.length) {
    const known = new Set((await typeOptions(ex, enterpriseId, b.kind)).map((o) => o.value));
    for (const t of b.docTypes) if (!known.has(t)) throw invalid(`单据类型：${def.label}没有类型 ${t}`);
  }
  const ids = namedUserIds([b]);
  if (ids.length && (await repo.countLiveUsers(ex, enterpriseId, ids)) !== ids.length) throw invalid('审批人：所选成员不存在或已删除');
}

/** Creates a flow (version 1) or edits one; changed steps make a new version, which only instances started afterwards use. */
export async function saveFlow(db: Db, enterpriseId: number, b: repo.FlowBody): Promise<{ id: number; version: number }> {
  await checkFlow(db, enterpriseId, b);
  const steps = JSON.stringify(b.steps);
  return db.transaction(async (tx) => {
    if (!b.id) return { id: await repo.insertFlow(tx, enterpriseId, b, steps), version: 1 };
    const cur = await repo.lockFlow(tx, enterpriseId, b.id, steps);
    if (!cur) throw new AppError('NOT_FOUND');
    if (cur.kind !== b.kind) throw invalid('单据类型：已有流程不能更改单据类型');
    const version = cur.same ? cur.version : cur.version + 1;
    await repo.updateFlow(tx, enterpriseId, b.id, b, version, steps);
    if (!cur.same) await repo.insertFlowVersion(tx, enterpriseId, b.id, version, steps);
    return { id: b.id, version };
  });
}

/** Deletes a flow for new documents; documents already in approval finish on their pinned version. */
export async function removeFlow(ex: Executor, enterpriseId: number, id: number): Promise<void> {
  if (!(await repo.deleteFlow(ex, enterpriseId, id))) throw new AppError('NOT_FOUND');
}

export async function setDeptHead(db: Db, enterpriseId: number, deptId: number, userId: number | null): Promise<void> {
  if (!(await repo.departmentExists(db, enterpriseId, deptId))) throw new AppError('NOT_FOUND');
  if (userId == null) {
    await repo.deleteDeptHead(db, enterpriseId, deptId);
    return;
  }
  if (!(await repo.enabledUserExists(db, enterpriseId, userId))) throw invalid('部门主管：该成员不存在或已停用');
  await repo.upsertDeptHead(db, enterpriseId, deptId, userId);
}
