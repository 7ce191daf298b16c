import { approvalKindOf, type BodyOf, type approvalsContract, type ApprovalFlowRow, ORDER_FORM_KIND } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, rows } from '../../db/client';
import { AppError, invalid } from '../../platform/errors';
import { apiTime } from '../../platform/sql';
import { intArray } from '../../platform/sql';

type FlowBody = BodyOf<typeof approvalsContract.flowSave>;

/** A flow as listFlows reads it; the numeric amounts cast to float8 in the read. */
interface FlowRaw {
  id: number;
  kind: string;
  name: string;
  sort: number;
  min_amount: number | null;
  max_amount: number | null;
  doc_types: number[];
  enabled: boolean;
  version: number;
  steps: ApprovalFlowRow['steps'];
  update_time: string;
}

/** The one place a flow row becomes the contract's; people and type names are added after. */
const toFlowRow = (f: FlowRaw): ApprovalFlowRow => ({
  id: f.id,
  kind: f.kind,
  kindName: approvalKindOf(f.kind)?.label ?? f.kind,
  name: f.name,
  sort: f.sort,
  minAmount: f.min_amount,
  maxAmount: f.max_amount,
  docTypes: f.doc_types,
  enabled: f.enabled,
  version: f.version,
  steps: f.steps,
  people: {},
  typeNames: {},
  update_time: f.update_time,
});

export async function listFlows(ex: Executor, enterpriseId: number, tz: string, kind?: string): Promise<{ list: ApprovalFlowRow[]; count: number }> {
  const r = await rows<FlowRaw>(
    ex,
    sql`select id::int as id, kind, name, sort, min_amount::float8 as min_amount, max_amount::float8 as max_amount, doc_types, enabled, version, steps, ${apiTime(sql`updated_at`, tz)} as update_time
      from approval_flows where enterprise_id = ${enterpriseId} and deleted_at is null ${kind ? sql`and kind = ${kind}` : sql``}
      order by kind, sort, id limit 500`,
  );
  const list = r.map(toFlowRow);
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
  if (def?.typesFrom === 'orderType')
    return rows<{ value: number; label: string }>(
      ex,
      sql`select id::int as value, name as label from form_templates where enterprise_id = ${enterpriseId} and form_kind = ${ORDER_FORM_KIND} order by sort, id`,
    );
  return Object.entries(def?.types ?? {}).map(([value, label]) => ({ value: Number(value), label }));
}

const namedUserIds = (flows: Pick<ApprovalFlowRow, 'steps'>[]): number[] => [
  ...new Set(flows.flatMap((f) => f.steps.flatMap((s) => s.approvers.flatMap((a) => (a.type === 'user' ? a.ids : []))))),
];

/** The names of the members the flows name, in one query. */
async function peopleNamed(ex: Executor, enterpriseId: number, flows: Pick<ApprovalFlowRow, 'steps'>[]): Promise<Map<number, string>> {
  const ids = namedUserIds(flows);
  if (!ids.length) return new Map();
  const r = await rows<{ id: number; name: string }>(
    ex,
    sql`select id::int as id, name from users where enterprise_id = ${enterpriseId} and id = any(${intArray(ids, 'bigint')}) and deleted_at is null`,
  );
  return new Map(r.map((u) => [u.id, u.name]));
}

/** Checks that the named users and the kind's document types exist in this enterprise. */
async function checkFlow(ex: Executor, enterpriseId: number, b: FlowBody): Promise<void> {
  const def = approvalKindOf(b.kind);
  if (!def) throw invalid('单据类型：不支持的类型');
  if ((b.minAmount != null || b.maxAmount != null) && !def.amount) throw invalid(`金额条件：${def.label}不支持按金额选择流程`);
  if (b.docTypes.length) {
    const known = new Set((await typeOptions(ex, enterpriseId, b.kind)).map((o) => o.value));
    for (const t of b.docTypes) if (!known.has(t)) throw invalid(`单据类型：${def.label}没有类型 ${t}`);
  }
  const ids = namedUserIds([b]);
  if (ids.length) {
    const found = await rows<{ n: number }>(
      ex,
      sql`select count(*)::int as n from users where enterprise_id = ${enterpriseId} and id = any(${intArray(ids, 'bigint')}) and deleted_at is null`,
    );
    if (found[0]?.n !== ids.length) throw invalid('审批人：所选成员不存在或已删除');
  }
}

/** Creates a flow (version 1) or edits one; changed steps make a new version, which only instances started afterwards use. */
export async function saveFlow(db: Db, enterpriseId: number, b: FlowBody): Promise<{ id: number; version: number }> {
  await checkFlow(db, enterpriseId, b);
  const steps = JSON.stringify(b.steps);
  return db.transaction(async (tx) => {
    if (!b.id) {
      const [f] = await rows<{ id: number }>(
        tx,
        sql`insert into approval_flows (enterprise_id, kind, name, sort, min_amount, max_amount, doc_types, enabled, version, steps)
          values (${enterpriseId}, ${b.kind}, ${b.name}, ${b.sort}, ${b.minAmount}, ${b.maxAmount}, ${intArray(b.docTypes, 'int')}, ${b.enabled}, 1, ${steps}::jsonb)
          returning id::int as id`,
      );
      const id = f?.id as number;
      await tx.execute(sql`insert into approval_flow_versions (enterprise_id, flow_id, version, steps) values (${enterpriseId}, ${id}, 1, ${steps}::jsonb)`);
      return { id, version: 1 };
    }
    const [cur] = await rows<{ version: number; same: boolean; kind: string }>(
      tx,
      sql`select version, kind, steps = ${steps}::jsonb as same from approval_flows
        where enterprise_id = ${enterpriseId} and id = ${b.id} and deleted_at is null for update`,
    );
    if (!cur) throw new AppError('NOT_FOUND');
    if (cur.kind !== b.kind) throw invalid('单据类型：已有流程不能更改单据类型');
    const version = cur.same ? cur.version : cur.version + 1;
    await tx.execute(sql`update approval_flows set name = ${b.name}, sort = ${b.sort}, min_amount = ${b.minAmount}, max_amount = ${b.maxAmount},
        doc_types = ${intArray(b.docTypes, 'int')}, enabled = ${b.enabled}, version = ${version}, steps = ${steps}::jsonb, updated_at = now()
      where enterprise_id = ${enterpriseId} and id = ${b.id}`);
    if (!cur.same) {
      await tx.execute(
        sql`insert into approval_flow_versions (enterprise_id, flow_id, version, steps) values (${enterpriseId}, ${b.id}, ${version}, ${steps}::jsonb)`,
      );
    }
    return { id: b.id, version };
  });
}

/** Deletes a flow for new documents; documents already in approval finish on their pinned version. */
export async function removeFlow(ex: Executor, enterpriseId: number, id: number): Promise<void> {
  const r = await rows<{ id: number }>(
    ex,
    sql`update approval_flows set deleted_at = now() where enterprise_id = ${enterpriseId} and id = ${id} and deleted_at is null returning id`,
  );
  if (!r.length) throw new AppError('NOT_FOUND');
}

export async function setDeptHead(db: Db, enterpriseId: number, deptId: number, userId: number | null): Promise<void> {
  const [dept] = await rows<{ one: number }>(db, sql`select 1 as one from departments where enterprise_id = ${enterpriseId} and id = ${deptId}`);
  if (!dept) throw new AppError('NOT_FOUND');
  if (userId == null) {
    await db.execute(sql`delete from department_heads where enterprise_id = ${enterpriseId} and dept_id = ${deptId}`);
    return;
  }
  const [u] = await rows<{ one: number }>(
    db,
    sql`select 1 as one from users where enterprise_id = ${enterpriseId} and id = ${userId} and enabled and deleted_at is null`,
  );
  if (!u) throw invalid('部门主管：该成员不存在或已停用');
  await db.execute(sql`insert into department_heads (enterprise_id, dept_id, user_id) values (${enterpriseId}, ${deptId}, ${userId})
    on conflict (enterprise_id, dept_id) do update set user_id = excluded.user_id`);
}
