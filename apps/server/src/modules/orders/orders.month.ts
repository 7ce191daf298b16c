import { createOrderBody } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../../db/client';
import type { DemoContext } from '../../db/seed';
import { dayAtHour, minutesSince, seeded, shift, type Trail } from '../../db/seed.time';
import { saveSignature } from '../../db/seed.signature';
import { actorOf } from '../../platform/actor';
import { type SessionUser, sessionUserOf } from '../../platform/session';
import { currentVersionOf } from '../forms/ext.service';
import { type DemoEngineer, demoEngineers } from '../org/org.demo';
import { usePart } from '../spares/parts.service';
import { bespoke, complete, dispatch, simpleAction } from './actions.service';
import { createOrder } from './create.service';
import { evaluate } from './evaluate.service';

/**
 * The demo's month of work (docs/decisions.md, "Demo"): about thirty orders of the last four weeks that the regional
 * engineers served to completion — with service items priced, parts from their own stock, the customer's signature
 * and some archived — a couple cancelled, and the open work of today and the next week (in service, accepted,
 * waiting to be accepted, booked visits). Each order is made and moved through the orders' own services, one act at a
 * time, and moved back in time between the acts (`shift`), so its log, its SLA clocks and its parts tell its story
 * on its days. 李服务's own orders (orders.demo.ts) stay as they were.
 */

/** [title, description, skill, service items] */
const WORK: [string, string, string, string[]][] = [
  ['中央空调制冷效果差', '三楼会议室出风不凉，室外机运行正常', '空调', ['上门检测', '故障维修']],
  ['空调外机异响', '外机运转时有明显的金属撞击声', '空调', ['上门检测', '更换配件工时']],
  ['多联机通讯故障', '线控器显示E5通讯故障', '空调', ['上门检测', '故障维修']],
  ['空调季度清洗保养', '办公区12台室内机清洗', '空调', ['清洗保养']],
  ['风管机冷凝水外溢', '吊顶有水渍，疑似排水管堵塞', '空调', ['上门检测', '故障维修']],
  ['冷库温度降不下来', '设定-18℃，实际只到-9℃', '制冷', ['上门检测', '故障维修', '更换配件工时']],
  ['冷柜压缩机频繁启停', '压缩机每隔几分钟启停一次', '制冷', ['上门检测', '故障维修']],
  ['净水器出水量小', '直饮水出水明显变慢', '净水', ['上门检测', '故障维修']],
  ['直饮机滤芯到期更换', '系统提示滤芯寿命到期', '净水', ['上门安装']],
  ['净水设备漏水报警', '漏水保护触发，设备停机', '净水', ['上门检测', '故障维修']],
  ['电梯门机异响', '开关门时有摩擦声', '电梯', ['上门检测', '故障维修']],
  ['电梯月度维保', '按维保合同进行月度保养', '电梯', ['年度巡检']],
  ['电梯平层不准', '停靠时轿厢与楼层有高差', '电梯', ['上门检测', '设备调试']],
  ['发电机组年度保养', '更换机油、三滤，带载测试', '发电机', ['年度巡检']],
  ['发电机启动困难', '停电演练时启动三次才成功', '发电机', ['上门检测', '故障维修']],
  ['空压机排气温度高', '排气温度报警105℃', '空压机', ['上门检测', '故障维修']],
  ['空压机保养换油', '运行4000小时保养', '空压机', ['清洗保养']],
  ['加工中心主轴异响', '主轴高速时有异响', '机床', ['上门检测', '故障维修']],
  ['数控系统报警', '开机报警SV0401', '机床', ['上门检测', '设备调试']],
];

/** What customers said when called back: four scores (service, timeliness, skill, attitude) and a comment. */
const RATINGS: [number[], string | null][] = [
  [[5, 5, 5, 5], '师傅很专业，处理得很快'],
  [[5, 4, 5, 5], null],
  [[5, 5, 4, 5], '上门准时，讲解清楚'],
  [[4, 4, 4, 5], '希望能早一点上门'],
  [[5, 5, 5, 5], null],
];

const NOTES = ['已更换故障部件，试机正常', '清洗保养完成，运行参数正常', '已调试完毕，客户现场验收', '故障排除，已向客户说明使用注意事项'];

/** Where an order ends up; see the file's comment. */
type End = 'completed' | 'archived' | 'cancelledEarly' | 'cancelledLate' | 'inService' | 'accepted' | 'toAccept' | 'toDispatch' | 'booked';

interface Plan {
  daysAgo: number;
  hour: number;
  minute: number;
  end: End;
  /** Days ahead of its booked visit (booked, accepted). */
  visitIn?: number;
  /** Given to the outsourcing partner (华东联保), whose dispatcher gives it to his engineer 陈外包. */
  provider?: boolean;
}

/** The month, oldest first: 2 orders on most weekdays, 1 on some weekend days; the open work at the end. */
function monthPlan(timeZone: string): Plan[] {
  const rnd = seeded(20241101);
  const plans: Plan[] = [];
  for (let d = 28; d >= 2; d--) {
    const weekday = new Date(`${dayAtHour(-d, 12, timeZone).slice(0, 10)}T12:00:00Z`).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const n = weekend ? (rnd() < 0.4 ? 1 : 0) : rnd() < 0.35 ? 2 : 1;
    for (let k = 0; k < n; k++) {
      const r = rnd();
      const end: End = d > 6 && r < 0.2 ? 'archived' : r > 0.96 ? 'cancelledLate' : 'completed';
      plans.push({ daysAgo: d, hour: 8 + Math.floor(rnd() * 8), minute: Math.floor(rnd() * 12) * 5, end });
    }
  }
  plans.splice(6, 0, { daysAgo: 24, hour: 10, minute: 20, end: 'cancelledEarly' });
  plans.splice(14, 0, { daysAgo: 12, hour: 10, minute: 5, end: 'completed', provider: true });
  plans.push(
    { daysAgo: 3, hour: 9, minute: 40, end: 'inService' }, // still open after three days: its SLA is overdue
    { daysAgo: 1, hour: 14, minute: 5, end: 'inService' },
    { daysAgo: 1, hour: 16, minute: 30, end: 'accepted', visitIn: 1 },
    { daysAgo: 2, hour: 11, minute: 15, end: 'booked', visitIn: 2 },
    { daysAgo: 1, hour: 10, minute: 50, end: 'booked', visitIn: 3 },
    { daysAgo: 2, hour: 15, minute: 25, end: 'booked', visitIn: 4 },
    { daysAgo: 3, hour: 9, minute: 10, end: 'booked', visitIn: 6 },
    { daysAgo: 0, hour: 8, minute: 35, end: 'toAccept' },
    { daysAgo: 0, hour: 9, minute: 20, end: 'toAccept' },
    { daysAgo: 0, hour: 8, minute: 50, end: 'toDispatch' },
    { daysAgo: 0, hour: 9, minute: 45, end: 'toAccept', provider: true },
  );
  return plans;
}

/** Everything an order's story leaves behind, moved together. */
export const orderTrail = (id: number): Trail => [
  { table: 'orders', where: sql`id = ${id}` },
  { table: 'order_logs', where: sql`order_id = ${id}` },
  { table: 'order_sla_clocks', where: sql`order_id = ${id}` },
  { table: 'order_parts', where: sql`order_id = ${id}` },
  { table: 'old_part_returns', where: sql`order_id = ${id}` },
  { table: 'stock_logs', where: sql`order_id = ${id}` },
];

interface Customer {
  id: number;
  province: string | null;
  city: string | null;
}

/** The engineer of the customer's region (by city, then province), else the next one in turn. */
function engineerFor(c: Customer, list: (DemoEngineer & { id: number })[], turn: number): DemoEngineer & { id: number } {
  const hit =
    list.find((e) => c.city && e.cities.includes(c.city)) ??
    list.find((e) => c.province && (e.cities.includes(c.province) || e.provinces.includes(c.province)));
  return hit ?? (list[turn % list.length] as DemoEngineer & { id: number });
}

/** Values for the order type's required fields (as orders.demo.ts does). */
async function requiredExt(tx: Tx, enterpriseId: number): Promise<Record<string, unknown>> {
  const cur = await currentVersionOf(tx, enterpriseId, 1);
  const ext: Record<string, unknown> = {};
  for (const f of cur.fields as { id: number; type: number; required?: boolean; options?: string[] }[]) {
    if (!f.required) continue;
    ext[String(f.id)] = f.options?.length ? (f.type === 8 ? [f.options[0]] : f.options[0]) : '现场检查';
  }
  return ext;
}

export async function seedDemoMonth(tx: Tx, enterpriseId: number, ctx: DemoContext = {}): Promise<void> {
  const engineers = await demoEngineers(tx, enterpriseId);
  if (engineers.length === 0) return;
  const db = tx as unknown as Db;
  const role = async (r: number): Promise<SessionUser | null> => {
    const [u] = await rows<{ id: number }>(
      tx,
      sql`select id::int from users where enterprise_id = ${enterpriseId} and sysrole = ${r} and user_type = 0 and deleted_at is null order by id limit 1`,
    );
    return u ? sessionUserOf(tx, enterpriseId, u.id) : null;
  };
  const [desk, dispatcher, admin, caller] = [await role(6), await role(1), await role(3), await role(7)];
  if (!desk || !dispatcher || !admin) return;
  const staff = { desk: actorOf(desk), dispatcher: actorOf(dispatcher), admin: actorOf(admin), caller: caller ? actorOf(caller) : null };
  const tz = admin.enterprise.timeZone;
  const people = new Map<number, SessionUser>();
  for (const e of engineers) {
    const u = await sessionUserOf(tx, enterpriseId, e.id);
    if (u) people.set(e.id, u);
  }
  const customers = await rows<Customer>(
    tx,
    sql`select c.id::int as id, a.province, a.city from customers c
      left join customer_addresses a on a.enterprise_id = c.enterprise_id and a.customer_id = c.id and a.is_default
      where c.enterprise_id = ${enterpriseId} order by c.id`,
  );
  if (customers.length === 0) return;
  const items = await rows<{ id: number; name: string }>(tx, sql`select id::int, name from service_items where enterprise_id = ${enterpriseId}`);
  const itemIds = (names: string[]) => names.flatMap((n) => items.find((i) => i.name === n)?.id ?? []);
  // What each engineer holds (his requisitions, spares.docs.demo.ts): parts are used from it, never past it.
  const held = await rows<{ user_id: number; spare_id: number; quantity: number }>(
    tx,
    sql`select w.owner_id::int as user_id, s.spare_id::int, (s.quantity - s.reserved)::int as quantity from stocks s
      join warehouses w on w.enterprise_id = s.enterprise_id and w.id = s.warehouse_id
      join spares p on p.enterprise_id = s.enterprise_id and p.id = s.spare_id and not p.serialized
      where s.enterprise_id = ${enterpriseId} and w.owner_id is not null and s.quantity - s.reserved > 0 order by s.spare_id`,
  );
  const ext = await requiredExt(tx, enterpriseId);
  const signatures = new Map<number, number>();
  const signatureOf = async (customerId: number): Promise<number | undefined> => {
    if (!ctx.dataDir) return undefined;
    if (!signatures.has(customerId)) signatures.set(customerId, await saveSignature(tx, enterpriseId, desk.id, ctx.dataDir, customerId));
    return signatures.get(customerId);
  };

  // The outsourcing partner (org.provision.ts) and its user, who dispatches its orders and serves them.
  const [partner] = await rows<{ id: number; user_id: number }>(
    tx,
    sql`select p.id::int, u.id::int as user_id from service_providers p join users u on u.enterprise_id = p.enterprise_id and u.provider_id = p.id
      where p.enterprise_id = ${enterpriseId} and u.deleted_at is null order by p.id, u.id limit 1`,
  );
  const outsourced = partner ? await sessionUserOf(tx, enterpriseId, partner.user_id) : null;

  const rnd = seeded(7);
  for (const [i, p] of monthPlan(tz).entries()) {
    const viaPartner = !!p.provider && !!partner && !!outsourced;
    if (p.provider && !viaPartner) continue;
    // The partner serves the east (上海、江苏、浙江): the first customers of the list are there.
    const customer = (viaPartner ? customers[i % 2 === 0 ? 0 : 2] : customers[(i * 7 + 3) % customers.length]) as Customer;
    const eng = viaPartner ? { ...(engineers[0] as DemoEngineer & { id: number }), id: Number(partner?.user_id) } : engineerFor(customer, engineers, i);
    const worker = viaPartner ? outsourced : people.get(eng.id);
    if (!worker) continue;
    const fitting = WORK.filter((w) => eng.skills.includes(w[2]));
    const [title, desc, , names] = fitting[i % fitting.length] ?? (WORK[0] as (typeof WORK)[number]);
    const engineer = actorOf(worker);
    const made = await createOrder(
      db,
      staff.desk,
      createOrderBody.parse({ customerId: customer.id, title, detailDesc: desc, priority: rnd() < 0.25 ? 2 : 1, serviceId: itemIds(names), ext }),
    );
    const id = made.id;
    const trail = orderTrail(id);
    const seen = { orderId: id };
    const ago = minutesSince(p.daysAgo, p.hour, p.minute, tz, 30);
    // Minutes of the story so far (from its creation); each act comes `gap` minutes after the one before.
    let used = 0;
    const later = async (gap: number) => {
      const g = Math.max(1, Math.min(gap, ago - used - 1));
      await shift(tx, enterpriseId, trail, -g);
      used += g;
    };
    if (p.end === 'cancelledEarly') {
      await later(35);
      await simpleAction(db, staff.dispatcher, 'cancel', seen, '客户来电取消：设备已自行恢复');
    } else if (p.end !== 'toDispatch') {
      await later(15 + Math.floor(rnd() * 40));
      if (viaPartner) {
        await dispatch(db, staff.dispatcher, { ...seen, providerId: partner?.id, note: '华东区域，交外包服务商处理' });
        if (p.end !== 'toAccept') {
          await later(45);
          await dispatch(db, engineer, { ...seen, serviceUserId: eng.id, note: '我方安排上门' });
        }
      } else await dispatch(db, staff.dispatcher, { ...seen, serviceUserId: eng.id, note: '请尽快联系客户确认上门时间' });
      if (p.end === 'cancelledLate') {
        await later(90);
        await simpleAction(db, staff.dispatcher, 'cancel', seen, '客户已找厂家保修，取消本次服务');
      } else if (p.end !== 'toAccept') {
        await later(10 + Math.floor(rnd() * 30));
        await simpleAction(db, engineer, 'accept', seen);
        if (p.end === 'booked' || p.end === 'accepted') {
          await later(20);
          // A real time ahead: the board and the engineer's calendar show it (and the clash rule judges it).
          const at = dayAtHour(p.visitIn ?? 1, 9 + ((i * 2) % 8), tz, 30);
          await bespoke(db, engineer, 'workerBespokeDate', { ...seen, bespokeTime: at, note: '已与客户电话确认' });
        } else {
          // The visit: the same afternoon for a morning call, else the next morning.
          const visitAgo =
            p.hour < 12 ? minutesSince(p.daysAgo, p.hour + 2, p.minute, tz, 25) : minutesSince(p.daysAgo - 1, 9 + (i % 3), 15 + (i % 4) * 10, tz, 25);
          await later(ago - used - visitAgo);
          await simpleAction(db, engineer, 'startService', seen);
          const stock = held.find((h) => h.user_id === eng.id && h.quantity > 0);
          if (stock && (p.end === 'inService' || rnd() < 0.45)) {
            await later(40);
            await usePart(db, worker, { orderId: id, spareId: stock.spare_id, quantity: 1, serialIn: null, serialOut: null });
            stock.quantity -= 1;
          }
          if (p.end === 'completed' || p.end === 'archived') {
            await later(60 + Math.floor(rnd() * 90));
            const signatureId = await signatureOf(customer.id);
            await complete(db, engineer, 'serviceComplete', { ...seen, ext, note: NOTES[i % NOTES.length] ?? null, signatureId });
            // Most customers are called back the next day (回访客服) and rate the service.
            if (staff.caller && rnd() < 0.7 && ago - used > 26 * 60) {
              await later(22 * 60 + Math.floor(rnd() * 180));
              const [scores, comment] = RATINGS[i % RATINGS.length] as (typeof RATINGS)[number];
              await evaluate(db, staff.caller, { orderId: id, scores, comment });
            }
            if (p.end === 'archived' && ago - used > 3 * 1440) {
              await later(2 * 1440);
              await simpleAction(db, staff.admin, 'archive', seen);
            }
          }
          // The booked time was the visit's (set plainly: the order has left the states the clash rule judges, or is on site).
          await tx.execute(sql`update orders set appointment_at = date_trunc('hour', (select created_at from order_logs
              where enterprise_id = ${enterpriseId} and order_id = ${id} and action = 'startService' order by id desc limit 1))
            where enterprise_id = ${enterpriseId} and id = ${id}`);
        }
      }
    }
    // The booked visit is a real time ahead: it stays where it was booked while the rest moves to its days.
    const [booked] = await rows<{ at: string | null }>(
      tx,
      sql`select appointment_at::text as at from orders where enterprise_id = ${enterpriseId} and id = ${id}`,
    );
    await shift(tx, enterpriseId, trail, -(ago - used));
    if (p.visitIn && booked?.at)
      await tx.execute(sql`update orders set appointment_at = ${booked.at}::timestamptz where enterprise_id = ${enterpriseId} and id = ${id}`);
  }
}
