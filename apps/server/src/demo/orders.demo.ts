import { createOrderBody, DEFAULT_ORDER_PROCESS, type OrderProcess, powersOfRole } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../db/client';
import type { DemoStep } from '../platform/demo/data';
import { currentVersionOf } from '../modules/forms/index';
import { upsertSetting } from '../modules/settings/index';
import { putInPool } from '../modules/pool/index';
import { acceptance, bespoke, complete, dispatch, simpleAction } from '../modules/orders/index';
import { createOrder } from '../modules/orders/index';
import { seedDemoMonth } from './orders.month';
import type { Actor } from '../platform/actor';

/**
 * Demo work orders (the new user's 待派单工单, 工单公海, 调度看板, MyOrder, ExamineOrder … are not empty): a handful
 * of orders of the demo customers in every state, each made and moved through the real services, so the logs, the
 * people, the counters and the badges are what a real day leaves behind. Only an enterprise with an engineer gets them.
 */

/** The stages a demo order is walked to (docs/decisions.md, "Demo orders"). */
type Stage = 'acceptance' | 'dispatch' | 'pool' | 'assigned' | 'reserved' | 'inService' | 'approval' | 'completed' | 'archived' | 'cancelled';

const DEMO_ORDERS: { title: string; desc: string; stage: Stage; priority: 1 | 2 | 3 }[] = [
  { title: '新装空调需要上门安装', desc: '客户新购两台挂机，约周末安装', stage: 'acceptance', priority: 1 },
  { title: '中央空调不制冷', desc: '开机后只吹风不制冷，已持续两天', stage: 'dispatch', priority: 3 },
  { title: '热水器漏水', desc: '热水器底部滴水，客户已关闭进水阀', stage: 'dispatch', priority: 2 },
  { title: '净水器滤芯更换', desc: '滤芯到期提醒，需上门更换', stage: 'pool', priority: 1 },
  { title: '冰箱噪音大', desc: '压缩机运行时噪音明显', stage: 'assigned', priority: 2 },
  { title: '洗衣机不排水', desc: '排水时报E21故障码', stage: 'reserved', priority: 2 },
  { title: '空调年度保养', desc: '三台分体机清洗保养', stage: 'inService', priority: 1 },
  { title: '燃气灶点不着火', desc: '右侧灶头打火无反应', stage: 'approval', priority: 2 },
  { title: '油烟机异响', desc: '高速档有金属摩擦声', stage: 'completed', priority: 1 },
  { title: '电视机无信号', desc: '机顶盒连接后提示无信号', stage: 'archived', priority: 1 },
  { title: '重复报修：空调漏水', desc: '与前一张工单重复', stage: 'cancelled', priority: 1 },
];

/** The demo's second process version: 受理 and 完成审核 on (the type then goes back to the default for new orders). */
const WITH_APPROVALS: OrderProcess = { ...DEFAULT_ORDER_PROCESS, acceptance: true, completeApproval: true };

interface Cast {
  dispatcher: Actor;
  engineer: Actor;
  admin: Actor;
  desk: Actor;
}

async function castOf(tx: Tx, enterpriseId: number): Promise<Cast | null> {
  const [e] = await rows<{ time_zone: string }>(tx, sql`select time_zone from enterprises where id = ${enterpriseId}`);
  const users = await rows<{ id: number; sysrole: number; admin: boolean }>(
    tx,
    sql`select id, sysrole, admin from users where enterprise_id = ${enterpriseId} and enabled and deleted_at is null order by id`,
  );
  const as = (role: number): Actor | null => {
    const u = users.find((x) => x.sysrole === role);
    return u
      ? {
          id: u.id,
          enterpriseId,
          sysrole: role,
          admin: !!u.admin,
          providerId: null,
          powers: powersOfRole(role),
          timeZone: e?.time_zone ?? 'Asia/Shanghai',
        }
      : null;
  };
  const [dispatcher, engineer, admin] = [as(1), as(2), as(3)];
  if (!dispatcher || !engineer || !admin) return null;
  return { dispatcher, engineer, admin, desk: as(6) ?? admin };
}

/** Values for the order type's required custom fields (an option where there are options), so completion is possible. */
export async function requiredExt(tx: Tx, enterpriseId: number): Promise<Record<string, unknown>> {
  const cur = await currentVersionOf(tx, enterpriseId, 1);
  const ext: Record<string, unknown> = {};
  for (const f of cur.fields as { id: number; type: number; required?: boolean; options?: string[] }[]) {
    if (!f.required) continue;
    ext[String(f.id)] = f.options?.length ? (f.type === 8 ? [f.options[0]] : f.options[0]) : '现场检查';
  }
  return ext;
}

/** 'YYYY-MM-DD 10:00:00' `days` from today. */
const dayAt = (days: number, hour: number) => `${new Date(Date.now() + days * 86400_000).toISOString().slice(0, 10)} ${String(hour).padStart(2, '0')}:00:00`;

async function walk(db: Db, c: Cast, id: number, stage: Stage, ext: Record<string, unknown>): Promise<void> {
  const seen = { orderId: id };
  if (stage === 'approval') await acceptance(db, c.desk, { ...seen, invalid: false, reason: '信息核实无误' });
  if (stage === 'cancelled') {
    await simpleAction(db, c.dispatcher, 'cancel', seen, '客户重复报修，已合并到前一张工单');
    return;
  }
  if (stage === 'acceptance' || stage === 'dispatch' || stage === 'pool') return;
  await dispatch(db, c.dispatcher, { ...seen, serviceUserId: c.engineer.id, note: '请尽快联系客户' });
  if (stage === 'assigned') return;
  await simpleAction(db, c.engineer, 'accept', seen);
  if (stage === 'reserved') {
    await bespoke(db, c.engineer, 'workerBespokeDate', { ...seen, bespokeTime: dayAt(1, 10), note: '已与客户电话确认' });
    return;
  }
  await simpleAction(db, c.engineer, 'startService', seen);
  if (stage === 'inService') return;
  const action = stage === 'approval' ? 'applyEndService' : 'serviceComplete';
  await complete(db, c.engineer, action, { ...seen, ext, note: '已处理完毕，客户确认' });
  if (stage === 'archived') await simpleAction(db, c.admin, 'archive', seen);
}

async function seedDemoOrders(tx: Tx, enterpriseId: number): Promise<void> {
  const cast = await castOf(tx, enterpriseId);
  const customers = await rows<{ id: number }>(tx, sql`select id from customers where enterprise_id = ${enterpriseId} order by id limit 6`);
  if (!cast || customers.length === 0) return;
  // The services open their own transactions: inside the demo step's they are savepoints.
  const db = tx as unknown as Db;
  const ext = await requiredExt(tx, enterpriseId);
  const cur = await currentVersionOf(tx, enterpriseId, 1);
  const approvals = await rows<{ id: number }>(
    tx,
    sql`insert into process_versions (enterprise_id, template_id, version, process, created_by)
      select ${enterpriseId}, ${cur.templateId}, coalesce(max(version), 0) + 1, ${JSON.stringify(WITH_APPROVALS)}::jsonb, ${cast.admin.id}
      from process_versions where enterprise_id = ${enterpriseId} and template_id = ${cur.templateId} returning id`,
  );
  // New orders of the type follow the default process again (the next version); the two approval orders pin the one above.
  await tx.execute(sql`insert into process_versions (enterprise_id, template_id, version, process, created_by)
    select ${enterpriseId}, ${cur.templateId}, max(version) + 1, ${JSON.stringify(DEFAULT_ORDER_PROCESS)}::jsonb, ${cast.admin.id}
    from process_versions where enterprise_id = ${enterpriseId} and template_id = ${cur.templateId}`);
  await upsertSetting(tx, enterpriseId, 'order_high_seas', '1', cast.admin.id);
  for (const [i, o] of DEMO_ORDERS.entries()) {
    const withApprovals = o.stage === 'acceptance' || o.stage === 'approval';
    const pinned = withApprovals ? { process: WITH_APPROVALS, processVersionId: Number(approvals[0]?.id) } : undefined;
    const body = {
      customerId: Number(customers[i % customers.length]?.id),
      title: o.title,
      detailDesc: o.desc,
      priority: o.priority,
      customApplyTime: o.stage === 'reserved' ? undefined : dayAt(1 + (i % 3), 9 + (i % 6)),
      ext,
    };
    const made = await createOrder(db, cast.desk, createOrderBody.parse(body), undefined, pinned);
    await walk(db, cast, made.id, o.stage, ext);
    if (o.stage === 'pool') {
      // (A pool rule of the enterprise may have pooled it already.)
      const [r] = await rows<{ in_pool: boolean }>(tx, sql`select in_pool from orders where enterprise_id = ${enterpriseId} and id = ${made.id}`);
      if (!r?.in_pool) await putInPool(db, cast.dispatcher, [made.id], []);
    }
  }
}

export const ordersDemoStep: DemoStep = { name: 'orders.demo', run: seedDemoOrders };
export const monthDemoStep: DemoStep = {
  name: 'orders.month',
  after: ['orders.demo', 'orders.serviceItems', 'customers', 'org.demo', 'sla.demo', 'spares.documents'],
  run: seedDemoMonth,
};
