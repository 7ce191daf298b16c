// Demo data for repair-sent and exchange/return orders: from the demo's complaints, one repair-sent order in each of
// 待确认, 处理中 (its unit in the 寄修仓) and 已完成 (sent back), and exchange orders 已通过 and 待审核 (filed by the
// customer-service user, decided by the administrator). Written through the services, so stock and logs agree.
import { powersOfRole } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import * as exchanges from './exchange.service';
import * as repairs from './repair.service';

async function actorOf(tx: Tx, ep: number, role: number): Promise<Actor | null> {
  const [u] = await rows<{ id: number; admin: boolean; tz: string }>(
    tx,
    sql`select u.id::int, u.admin, coalesce(e.time_zone, 'Asia/Shanghai') as tz from users u join enterprises e on e.id = u.enterprise_id
      where u.enterprise_id = ${ep} and ${role} = any(u.roles) and u.deleted_at is null order by u.id limit 1`,
  );
  if (!u) return null;
  return { id: u.id, enterpriseId: ep, sysrole: role, admin: u.admin, powers: powersOfRole(role), providerId: null, timeZone: u.tz };
}

type C = { id: number; serial: string | null };

export async function seedDemoRepairs(tx: Tx, ep: number): Promise<void> {
  const [done] = await rows<{ one: number }>(tx, sql`select 1 as one from repair_orders where enterprise_id = ${ep} limit 1`);
  if (done) return;
  const admin = await actorOf(tx, ep, 3);
  const desk = await actorOf(tx, ep, 6);
  if (!admin || !desk) return;
  const db = tx as unknown as Db;
  const found = await rows<{ id: number; serial: string | null }>(
    tx,
    sql`select id::int, serial_number as serial from complaints where enterprise_id = ${ep} order by state desc, id limit 3`,
  );
  if (found.length < 3) return;
  const [closed, resolved, investigating] = found as [C, C, C];
  // A complaint on an order without a registered product names no serial: the unit's label is read on arrival.
  const raise = (c: C, fault: string) =>
    repairs.create(db, admin, {
      sourceType: 1,
      complaintId: c.id,
      serialNumber: c.serial ?? `SN-DEMO-${c.id}`,
      fault,
      inCarrier: '顺丰速运',
      inWaybill: `SF${1_000_000_000 + c.id}`,
      remark: null,
    });
  const ready = async (id: number, result: string, cost: number) => {
    const d = await repairs.detail(db, admin, id);
    await repairs.update(db, admin, {
      id,
      version: d.version,
      fault: d.fault,
      inCarrier: d.inCarrier,
      inWaybill: d.inWaybill,
      outCarrier: '顺丰速运',
      outWaybill: `SF${2_000_000_000 + id}`,
      result,
      cost,
      remark: null,
    });
  };
  // 已完成: received, repaired, sent back.
  const doneId = await raise(closed, '压缩机不启动，客户寄回检测');
  await repairs.act(db, admin, { id: doneId, action: 'confirm', unableReason: null, note: null });
  await ready(doneId, '更换压缩机并做气密性测试，整机运行正常', 45_000);
  await repairs.act(db, admin, { id: doneId, action: 'complete', unableReason: null, note: null });
  // 处理中: the unit waits in the 寄修仓.
  const busy = await raise(resolved, '室外机异响，怀疑风机轴承磨损');
  await repairs.act(db, admin, { id: busy, action: 'confirm', unableReason: null, note: null });
  // 待确认: on its way in.
  await raise(investigating, '整机无法开机');

  // Exchange orders: one approved by the administrator, one waiting for him.
  const approved = await exchanges.create(db, desk, {
    sourceType: 3,
    repairId: doneId,
    kind: 1,
    serialNumbers: [],
    reason: '维修后短期内再次故障，同意为客户换新机',
    amount: 0,
    remark: null,
    replacementSerial: null,
  });
  await exchanges.act(db, admin, { id: approved, action: 'approve', note: '同意换货' });
  await exchanges.create(db, desk, {
    sourceType: 1,
    complaintId: investigating.id,
    kind: 2,
    serialNumbers: [],
    reason: '客户要求退货退款',
    amount: 299_900,
    remark: null,
    replacementSerial: null,
  });
}
