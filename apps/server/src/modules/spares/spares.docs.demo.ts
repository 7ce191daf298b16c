import type { SpareDocAction } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';
import type { DemoStep } from '../../platform/demo/data';
import { minutesSince, shift, type Trail } from '../../platform/demo/time';
import { sessionUserOf } from '../../platform/session';
import { actorOf, type UserActor } from '../../platform/actor';
import { demoEngineers } from '../org/index';
import { decideDoc, saveDoc } from './docs.service';

/**
 * The demo's stock movements of the past month (docs/decisions.md, "Demo"): an inbound that filled the central
 * warehouse, transfers to the regional one, the engineers' requisitions into their own stock (which they then use on
 * their orders), and documents in every state — approved, waiting for the keeper, rejected, withdrawn. Each goes
 * through the documents' service (reservations, ledger, units, log), then is moved back to its day.
 */

type Who = 'admin' | 'keeper' | number;
interface DocPlan {
  kind: 1 | 2 | 6;
  /** Applicant: the administrator, or the n-th demo engineer. */
  by: Who;
  from?: string;
  to?: string;
  items: [code: string, quantity: number][];
  remark: string;
  daysAgo: number;
  /** What happened to it, and after how many hours; none: still waiting. */
  decided?: { action: SpareDocAction; hours: number; note?: string };
}

export const DEMO_DOCS: DocPlan[] = [
  {
    kind: 6,
    by: 'admin',
    to: '总部中心仓',
    items: [
      ['BJ-1003', 20],
      ['BJ-2002', 30],
      ['BJ-1002', 10],
    ],
    remark: '月度采购到货',
    daysAgo: 29,
    decided: { action: 'approve', hours: 3 },
  },
  {
    kind: 1,
    by: 0,
    from: '总部中心仓',
    items: [
      ['BJ-1002', 4],
      ['BJ-1003', 4],
      ['BJ-2002', 6],
    ],
    remark: '华东空调组月度备件',
    daysAgo: 28,
    decided: { action: 'approve', hours: 2 },
  },
  {
    kind: 1,
    by: 1,
    from: '总部中心仓',
    items: [
      ['BJ-2002', 10],
      ['BJ-1003', 3],
    ],
    remark: '净水、空调维修备用',
    daysAgo: 26,
    decided: { action: 'approve', hours: 4 },
  },
  {
    kind: 2,
    by: 'admin',
    from: '总部中心仓',
    to: '华东分仓',
    items: [
      ['BJ-1002', 6],
      ['BJ-2002', 10],
    ],
    remark: '华东分仓补货',
    daysAgo: 18,
    decided: { action: 'approve', hours: 5, note: '已安排物流' },
  },
  {
    kind: 1,
    by: 4,
    from: '总部中心仓',
    items: [
      ['BJ-1002', 3],
      ['BJ-2002', 6],
      ['BJ-1003', 2],
    ],
    remark: '华南服务组备件',
    daysAgo: 20,
    decided: { action: 'approve', hours: 1 },
  },
  {
    kind: 1,
    by: 5,
    from: '总部中心仓',
    items: [
      ['BJ-1003', 3],
      ['BJ-2002', 4],
    ],
    remark: '西南片区维修备用',
    daysAgo: 15,
    decided: { action: 'approve', hours: 6 },
  },
  {
    kind: 1,
    by: 3,
    from: '总部中心仓',
    items: [['BJ-1002', 2]],
    remark: '发电机组配件',
    daysAgo: 12,
    decided: { action: 'approve', hours: 3 },
  },
  {
    kind: 1,
    by: 2,
    from: '总部中心仓',
    items: [['BJ-2002', 8]],
    remark: '电梯维保备用',
    daysAgo: 10,
    decided: { action: 'reject', hours: 2, note: '上月领用尚有结余，请先使用现有库存' },
  },
  {
    kind: 1,
    by: 3,
    from: '总部中心仓',
    items: [['BJ-1002', 2]],
    remark: '重复申请',
    daysAgo: 6,
    decided: { action: 'withdraw', hours: 1 },
  },
  {
    kind: 2,
    by: 'admin',
    from: '华东分仓',
    to: '总部中心仓',
    items: [['BJ-2002', 4]],
    remark: '华东分仓余量调回',
    daysAgo: 2,
  },
  {
    kind: 6,
    by: 'admin',
    to: '总部中心仓',
    items: [
      ['BJ-1002', 12],
      ['BJ-1003', 10],
    ],
    remark: '供应商补货到货，待验收',
    daysAgo: 1,
  },
  {
    kind: 1,
    by: 0,
    from: '总部中心仓',
    items: [
      ['BJ-1003', 2],
      ['BJ-2002', 5],
    ],
    remark: '下周保养任务备件',
    daysAgo: 0,
  },
];

/** Everything a stock document leaves behind: itself, its lines' timestamps, its log, its movements, its approval. */
export const docTrail = (id: number): Trail => [
  { table: 'spare_docs', where: sql`id = ${id}` },
  { table: 'spare_state_logs', where: sql`kind = 'doc' and record_id = ${id}` },
  { table: 'stock_logs', where: sql`doc_kind = 'doc' and doc_id = ${id}` },
];

async function seedDemoDocs(tx: Tx, enterpriseId: number): Promise<void> {
  const engineers = await demoEngineers(tx, enterpriseId);
  if (engineers.length === 0) return;
  const db = tx as unknown as Db;
  const [keeperRow] = await rows<{ id: number }>(
    tx,
    sql`select id::int from users where enterprise_id = ${enterpriseId} and 9 = any(roles) order by id limit 1`,
  );
  const [adminRow] = await rows<{ id: number }>(tx, sql`select id::int from users where enterprise_id = ${enterpriseId} and admin order by id limit 1`);
  const people = new Map<number, UserActor>();
  const userOf = async (id: number | undefined): Promise<UserActor | null> => {
    if (id == null) return null;
    if (!people.has(id)) {
      const u = await sessionUserOf(tx, enterpriseId, id);
      if (u) people.set(id, actorOf(u));
    }
    return people.get(id) ?? null;
  };
  const keeper = await userOf(keeperRow?.id);
  const admin = await userOf(adminRow?.id);
  if (!keeper || !admin) return;
  const spares = await rows<{ id: number; code: string }>(tx, sql`select id::int, code from spares where enterprise_id = ${enterpriseId}`);
  const stores = await rows<{ id: number; name: string }>(
    tx,
    sql`select id::int, name from warehouses where enterprise_id = ${enterpriseId} and kind in (1, 2)`,
  );
  const spareId = (code: string) => spares.find((s) => s.code === code)?.id ?? 0;
  const storeId = (name?: string) => (name ? stores.find((s) => s.name === name)?.id : undefined);

  // Oldest first, so the stock each document needs is there when it is filed.
  for (const d of [...DEMO_DOCS].sort((a, b) => b.daysAgo - a.daysAgo)) {
    const applicant = d.by === 'admin' ? admin : d.by === 'keeper' ? keeper : await userOf(engineers[d.by]?.id);
    if (!applicant) continue;
    const id = await saveDoc(db, applicant, {
      kind: d.kind,
      fromWarehouseId: storeId(d.from),
      toWarehouseId: storeId(d.to),
      remark: d.remark,
      logistics: null,
      trackingNo: null,
      items: d.items.map(([code, quantity]) => ({ spareId: spareId(code), quantity })),
    });
    const trail = docTrail(id);
    // Filed in the morning of its day; decided some hours later.
    const filedAt = minutesSince(d.daysAgo, 9, 10 + ((id * 13) % 40), applicant.timeZone);
    if (d.decided) {
      const gap = Math.min(d.decided.hours * 60, filedAt - 5);
      await shift(tx, enterpriseId, trail, -gap);
      await decideDoc(db, d.decided.action === 'withdraw' ? applicant : keeper, id, d.decided.action, d.decided.note ?? null);
      await shift(tx, enterpriseId, trail, -(filedAt - gap));
    } else await shift(tx, enterpriseId, trail, -filedAt);
  }
}

export const spareDocsDemoStep: DemoStep = { name: 'spares.documents', after: ['spares.demo', 'org.demo'], run: seedDemoDocs };
