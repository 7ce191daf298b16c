// The statements of approval flows (their versions) and department heads, with the flow's presenter.
import { approvalKindOf, type ApprovalFlowRow, type approvalsContract, type BodyOf, ORDER_FORM_KIND } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { apiTime, intArray } from '../../platform/sql';

export type FlowBody = BodyOf<typeof approvalsContract.flowSave>;

/** A flow as selectFlows reads it; the numeric amounts cast to float8 in the read. */
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

/** The enterprise's live flows (of one kind, if given), at most 500. */
export async function selectFlows(ex: Executor, enterpriseId: number, tz: string, kind?: string): Promise<ApprovalFlowRow[]> {
  const r = await rows<FlowRaw>(
    ex,
    sql`select id::int as id, kind, name, sort, min_amount::float8 as min_amount, max_amount::float8 as max_amount, doc_types, enabled, version, steps, ${apiTime(sql`updated_at`, tz)} as update_time
      from approval_flows where enterprise_id = ${enterpriseId} and deleted_at is null ${kind ? sql`and kind = ${kind}` : sql``}
      order by kind, sort, id limit 500`,
  );
  return r.map(toFlowRow);
}

/** The enterprise's order types (工单类型) as options. */
export async function orderTypeOptions(ex: Executor, enterpriseId: number): Promise<{ value: number; label: string }[]> {
  return rows<{ value: number; label: string }>(
    ex,
    sql`select id::int as value, name as label from form_templates where enterprise_id = ${enterpriseId} and form_kind = ${ORDER_FORM_KIND} order by sort, id`,
  );
}

/** The names of the live members among `ids`. */
export async function userNames(ex: Executor, enterpriseId: number, ids: number[]): Promise<{ id: number; name: string }[]> {
  return rows<{ id: number; name: string }>(
    ex,
    sql`select id::int as id, name from users where enterprise_id = ${enterpriseId} and id = any(${intArray(ids, 'bigint')}) and deleted_at is null`,
  );
}

/** How many of `ids` are live members. */
export async function countLiveUsers(ex: Executor, enterpriseId: number, ids: number[]): Promise<number | undefined> {
  const found = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from users where enterprise_id = ${enterpriseId} and id = any(${intArray(ids, 'bigint')}) and deleted_at is null`,
  );
  return found[0]?.n;
}

/** A new flow at version 1, with that version's steps. */
export async function insertFlow(tx: Executor, enterpriseId: number, b: FlowBody, steps: string): Promise<number> {
  const [f] = await rows<{ id: number }>(
    tx,
    sql`insert into approval_flows (enterprise_id, kind, name, sort, min_amount, max_amount, doc_types, enabled, version, steps)
          values (${enterpriseId}, ${b.kind}, ${b.name}, ${b.sort}, ${b.minAmount}, ${b.maxAmount}, ${intArray(b.docTypes, 'int')}, ${b.enabled}, 1, ${steps}::jsonb)
          returning id::int as id`,
  );
  const id = f?.id as number;
  await tx.execute(sql`insert into approval_flow_versions (enterprise_id, flow_id, version, steps) values (${enterpriseId}, ${id}, 1, ${steps}::jsonb)`);
  return id;
}

/** The live flow, locked, with whether its steps equal `steps`. */
export async function lockFlow(
  tx: Executor,
  enterpriseId: number,
  id: number,
  steps: string,
): Promise<{ version: number; same: boolean; kind: string } | undefined> {
  const [cur] = await rows<{ version: number; same: boolean; kind: string }>(
    tx,
    sql`select version, kind, steps = ${steps}::jsonb as same from approval_flows
        where enterprise_id = ${enterpriseId} and id = ${id} and deleted_at is null for update`,
  );
  return cur;
}

export async function updateFlow(tx: Executor, enterpriseId: number, id: number, b: FlowBody, version: number, steps: string): Promise<void> {
  await tx.execute(sql`update approval_flows set name = ${b.name}, sort = ${b.sort}, min_amount = ${b.minAmount}, max_amount = ${b.maxAmount},
        doc_types = ${intArray(b.docTypes, 'int')}, enabled = ${b.enabled}, version = ${version}, steps = ${steps}::jsonb, updated_at = now()
      where enterprise_id = ${enterpriseId} and id = ${id}`);
}

export async function insertFlowVersion(tx: Executor, enterpriseId: number, flowId: number, version: number, steps: string): Promise<void> {
  await tx.execute(
    sql`insert into approval_flow_versions (enterprise_id, flow_id, version, steps) values (${enterpriseId}, ${flowId}, ${version}, ${steps}::jsonb)`,
  );
}

/** Marks the live flow deleted; false when there was none. */
export async function deleteFlow(ex: Executor, enterpriseId: number, id: number): Promise<boolean> {
  const r = await rows<{ id: number }>(
    ex,
    sql`update approval_flows set deleted_at = now() where enterprise_id = ${enterpriseId} and id = ${id} and deleted_at is null returning id`,
  );
  return r.length > 0;
}

export async function departmentExists(ex: Executor, enterpriseId: number, deptId: number): Promise<boolean> {
  const [dept] = await rows<{ one: number }>(ex, sql`select 1 as one from departments where enterprise_id = ${enterpriseId} and id = ${deptId}`);
  return !!dept;
}

export async function enabledUserExists(ex: Executor, enterpriseId: number, userId: number): Promise<boolean> {
  const [u] = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from users where enterprise_id = ${enterpriseId} and id = ${userId} and enabled and deleted_at is null`,
  );
  return !!u;
}

export async function deleteDeptHead(ex: Executor, enterpriseId: number, deptId: number): Promise<void> {
  await ex.execute(sql`delete from department_heads where enterprise_id = ${enterpriseId} and dept_id = ${deptId}`);
}

export async function upsertDeptHead(ex: Executor, enterpriseId: number, deptId: number, userId: number): Promise<void> {
  await ex.execute(sql`insert into department_heads (enterprise_id, dept_id, user_id) values (${enterpriseId}, ${deptId}, ${userId})
    on conflict (enterprise_id, dept_id) do update set user_id = excluded.user_id`);
}
