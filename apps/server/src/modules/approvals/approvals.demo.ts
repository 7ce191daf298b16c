// The demo enterprise's approval flows (docs/approvals.md): the stories name who decides before anything is submitted.
// 结算单审批: what 吴财务 issues, the administrator 王管理 or the second finance user 陈财务 approves (any of them);
// 退换货审批: an exchange/return order from a complaint waits for the administrator 王管理 by name.
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';
import type { DemoStep } from '../../platform/demo/data';
import { saveFlow } from './flows.service';

async function seedDemoFlows(tx: Tx, enterpriseId: number): Promise<void> {
  const [seen] = await rows<{ one: number }>(tx, sql`select 1 as one from approval_flows where enterprise_id = ${enterpriseId} limit 1`);
  if (seen) return;
  const people = await rows<{ id: number; admin: boolean; finance: boolean }>(
    tx,
    sql`select id::int as id, admin, 8 = any(roles) as finance from users where enterprise_id = ${enterpriseId} and provider_id is null
      and enabled and deleted_at is null and (admin or 8 = any(roles)) order by id`,
  );
  const admin = people.find((u) => u.admin);
  const finance = people.filter((u) => u.finance && !u.admin);
  if (!admin || finance.length < 2) return;
  const db = tx as unknown as Db;
  const base = { sort: 0, minAmount: null, maxAmount: null, docTypes: [], enabled: true };
  await saveFlow(db, enterpriseId, {
    ...base,
    kind: 'settlement',
    name: '结算单审批',
    steps: [{ name: '财务复核', mode: 'one', approvers: [{ type: 'user', ids: [admin.id, ...finance.slice(1).map((u) => u.id)] }] }],
  });
  await saveFlow(db, enterpriseId, {
    ...base,
    kind: 'exchange_order',
    name: '退换货审批',
    steps: [{ name: '管理员审批', mode: 'one', approvers: [{ type: 'user', ids: [admin.id] }] }],
  });
}

export const approvalsDemoStep: DemoStep = { name: 'approvals.demo', after: ['org.demo'], run: seedDemoFlows };
