import { initialOrderState } from '@sk/shared';
import type { Tx } from '../db/client';
import type { DemoContext } from '../platform/demo/data';
import { dayAtHour, minutesSince, seeded } from '../platform/demo/time';
import { saveSignatures } from '../platform/demo/signature';
import { gramsOf } from '../platform/search';
import type { Storage } from '../platform/storage';
import { currentVersionOf } from '../modules/forms/index';
import { type DemoEngineer, demoEngineers } from '../modules/org/index';
import { calendarsOf } from '../modules/sla/index';
import { clocksOfMoves, type PlannedClock } from '../modules/sla/index';
import { slaEnabled } from '../modules/sla/index';
import { listPolicies, matches } from '../modules/sla/index';
import { processForNewOrder } from '../modules/orders/index';
import { allocateOrderNumbers } from '../modules/orders/index';
import {
  demoPartner,
  deskStaff,
  enterpriseClock,
  heldStock,
  insertMonthClocks,
  insertMonthItems,
  insertMonthLogs,
  insertMonthNotices,
  insertMonthOrders,
  type MonthCustomer,
  monthCustomers,
  serviceItemPrices,
  useMonthParts,
  userNames,
} from '../modules/orders/index';

/**
 * The demo's month of work (docs/decisions.md, "Demo"): about forty orders of the last four weeks that the regional
 * engineers served to completion — with service items priced, parts from their own stock, the customer's signature
 * and some archived — a couple cancelled, and the open work of today and the next week (in service, accepted,
 * waiting to be accepted, booked visits). Each order's story is planned act by act on its days (what the orders'
 * services would write at each act: the state log in the state helper's format, the people and times, the SLA
 * clocks by the clock rules, parts and their stock movements), then the whole month is written with one multi-row
 * insert per table: the first start stays fast. 李服务's own orders (orders.demo.ts) stay as they were.
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

/** The engineer of the customer's region (by city, then province), else the next one in turn. */
function engineerFor(c: MonthCustomer, list: (DemoEngineer & { id: number })[], turn: number): DemoEngineer & { id: number } {
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

/** One act of an order's story: its state log row (the state helper's format: `changed` holds the patch, SQL values as null). */
interface Act {
  at: number;
  from: number | null;
  to: number;
  action: string;
  note: string | null;
  changed: Record<string, unknown> | null;
  userId: number;
}

/** An order of the month as planned: the row's columns that vary, its acts, items, part and clocks. */
interface Planned {
  key: number;
  customer: MonthCustomer;
  title: string;
  desc: string;
  priority: number;
  items: { id: number; name: string; price: number }[];
  row: Record<string, unknown>;
  acts: Act[];
  part: { spareId: number; warehouseId: number; price: number; userId: number; at: number; before: number } | null;
  clocks: PlannedClock[];
  assigned: { userId: number; at: number; version: number } | null;
}

const ms = (v: number | null | undefined) => (v == null ? null : new Date(v).toISOString());

export async function seedDemoMonth(tx: Tx, enterpriseId: number, ctx: DemoContext = {}): Promise<void> {
  const engineers = await demoEngineers(tx, enterpriseId);
  if (engineers.length === 0) return;
  const staff = await deskStaff(tx, enterpriseId);
  const role = (r: number) => staff.find((u) => u.sysrole === r)?.id;
  const [desk, dispatcher, admin, caller] = [role(6), role(1), role(3), role(7)];
  if (!desk || !dispatcher || !admin) return;
  const ep = await enterpriseClock(tx, enterpriseId);
  const tz = ep?.tz ?? 'Asia/Shanghai';
  const now = ep?.now ?? Number.NaN;
  const names = await userNames(tx, enterpriseId);
  // Each customer with what a new order copies: the primary contact and the default address (create.service.ts).
  const customers = await monthCustomers(tx, enterpriseId);
  if (customers.length === 0) return;
  const cur = await currentVersionOf(tx, enterpriseId, 1);
  const { process, processVersionId } = await processForNewOrder(tx, enterpriseId, cur.templateId);
  // The month follows the default flow (待派单 first); an enterprise whose order type starts elsewhere gets none of it.
  if (initialOrderState(process).state !== 1) return;
  const items = await serviceItemPrices(tx, enterpriseId);
  const itemsOf = (wanted: string[]) => items.filter((i) => wanted.includes(i.name)).map((i) => ({ id: i.id, name: i.name, price: Number(i.price) }));
  // What each engineer holds (his requisitions, spares.docs.demo.ts): parts are used from it, never past it.
  const held = await heldStock(tx, enterpriseId);
  const ext = await requiredExt(tx, enterpriseId);
  const policies = (await slaEnabled(tx, enterpriseId)) ? (await listPolicies(tx, enterpriseId, tz)).filter((p) => p.enabled) : [];
  const cals = policies.length ? await calendarsOf(tx, enterpriseId) : null;

  // The outsourcing partner (org.provision.ts) and its user, who dispatches its orders and serves them.
  const partner = await demoPartner(tx, enterpriseId);

  const rnd = seeded(7);
  const month: Planned[] = [];
  for (const [i, p] of monthPlan(tz).entries()) {
    const viaPartner = !!p.provider && !!partner;
    if (p.provider && !viaPartner) continue;
    // The partner serves the east (上海、江苏、浙江): the first customers of the list are there.
    const customer = (viaPartner ? customers[i % 2 === 0 ? 0 : 2] : customers[(i * 7 + 3) % customers.length]) as MonthCustomer;
    const eng = viaPartner ? { ...(engineers[0] as DemoEngineer & { id: number }), id: partner.user_id } : engineerFor(customer, engineers, i);
    const fitting = WORK.filter((w) => eng.skills.includes(w[2]));
    const [title, desc, , wanted] = fitting[i % fitting.length] ?? (WORK[0] as (typeof WORK)[number]);
    const priority = rnd() < 0.25 ? 2 : 1;
    const ago = minutesSince(p.daysAgo, p.hour, p.minute, tz, 30);
    const created = now - ago * 60_000;
    // Minutes of the story so far (from its creation); each act comes `gap` minutes after the one before.
    let used = 0;
    const later = (gap: number) => {
      used += Math.max(1, Math.min(gap, ago - used - 1));
      return created + used * 60_000;
    };
    let state = 1;
    let version = 0;
    const row: Record<string, unknown> = { updated_at: created };
    const acts: Act[] = [{ at: created, from: null, to: 1, action: 'create', note: null, changed: null, userId: desk }];
    const act = (at: number, to: number, action: string, userId: number, note: string | null, changed: Record<string, unknown> | null, bump = true) => {
      acts.push({ at, from: state, to, action, note, changed, userId });
      state = to;
      if (bump) version++;
      row.updated_at = at;
    };
    let assigned: Planned['assigned'] = null;
    let part: Planned['part'] = null;
    const dispatchTo = (at: number, by: number, provider: boolean, userId: number | null, note: string) => {
      const who = provider ? `服务商：${partner?.name}` : `服务人员：${names.get(userId as number) ?? ''}`;
      const patch = {
        dispatcher_id: by,
        service_user_id: userId,
        provider_id: viaPartner ? partner?.id : null,
        taken_by: null,
        taken_at: null,
        dispatched_at: null,
        in_pool: false,
        grabbed: false,
        abnormal_kind: null,
        abnormal_reason: null,
      };
      act(at, 2, 'dispatch', by, `${who}；${note}`, patch);
      Object.assign(row, { ...patch, dispatched_at: at });
      if (userId != null && userId !== by) assigned = { userId, at, version };
    };
    if (p.end === 'cancelledEarly') {
      const at = later(35);
      act(at, 6, 'cancel', dispatcher, '客户来电取消：设备已自行恢复', { cancelled_at: null });
      row.cancelled_at = at;
    } else if (p.end !== 'toDispatch') {
      let at = later(15 + Math.floor(rnd() * 40));
      if (viaPartner) {
        dispatchTo(at, dispatcher, true, null, '华东区域，交外包服务商处理');
        if (p.end !== 'toAccept') dispatchTo(later(45), eng.id, false, eng.id, '我方安排上门');
      } else dispatchTo(at, dispatcher, false, eng.id, '请尽快联系客户确认上门时间');
      if (p.end === 'cancelledLate') {
        at = later(90);
        act(at, 6, 'cancel', dispatcher, '客户已找厂家保修，取消本次服务', { cancelled_at: null });
        row.cancelled_at = at;
      } else if (p.end !== 'toAccept') {
        at = later(10 + Math.floor(rnd() * 30));
        act(at, 3, 'accept', eng.id, null, { taken_by: eng.id, taken_at: null });
        Object.assign(row, { taken_by: eng.id, taken_at: at });
        if (p.end === 'booked' || p.end === 'accepted') {
          at = later(20);
          // A real time ahead: the board and the engineer's calendar show it (and the clash rule judges it).
          const local = dayAtHour(p.visitIn ?? 1, 9 + ((i * 2) % 8), tz, 30);
          const booked = instantOf(now, local, tz);
          const appointment = new Date(booked).toISOString().replace('.000Z', 'Z');
          act(at, 3, 'workerBespokeDate', eng.id, `预约时间：${local}；已与客户电话确认`, { appointment_at: appointment });
          row.appointment_at = booked;
        } else {
          // The visit: the same afternoon for a morning call, else the next morning.
          const visitAgo =
            p.hour < 12 ? minutesSince(p.daysAgo, p.hour + 2, p.minute, tz, 25) : minutesSince(p.daysAgo - 1, 9 + (i % 3), 15 + (i % 4) * 10, tz, 25);
          at = later(ago - used - visitAgo);
          act(at, 4, 'startService', eng.id, null, { started_at: null });
          row.started_at = at;
          // The booked time was the visit's hour.
          row.appointment_at = Math.floor(at / 3_600_000) * 3_600_000;
          const stock = held.find((h) => h.user_id === eng.id && h.quantity > 0);
          if (stock && (p.end === 'inService' || rnd() < 0.45)) {
            at = later(40);
            part = { spareId: stock.spare_id, warehouseId: stock.warehouse_id, price: Number(stock.price), userId: eng.id, at, before: stock.on_hand };
            stock.quantity -= 1;
            stock.on_hand -= 1;
            version++;
            row.updated_at = at;
          }
          if (p.end === 'completed' || p.end === 'archived') {
            at = later(60 + Math.floor(rnd() * 90));
            const signature = ctx.storage || ctx.dataDir ? customer.id : null;
            act(at, 5, 'serviceComplete', eng.id, NOTES[i % NOTES.length] ?? null, {
              ext,
              finished_at: null,
              signature_id: signature == null ? null : { seed: signature },
              signed_at: null,
            });
            Object.assign(row, { finished_at: at, signature_seed: signature, signed_at: signature == null ? null : at });
            // Most customers are called back the next day (回访客服) and rate the service.
            if (caller && rnd() < 0.7 && ago - used > 26 * 60) {
              at = later(22 * 60 + Math.floor(rnd() * 180));
              const [scores, comment] = RATINGS[i % RATINGS.length] as (typeof RATINGS)[number];
              act(at, 5, 'evaluate', caller, `客户评价：${scores.join('/')}${comment ? `，${comment}` : ''}`, null);
              Object.assign(row, { evaluation: { scores, comment, by: caller }, evaluated_at: at });
            }
            if (p.end === 'archived' && ago - used > 3 * 1440) {
              at = later(2 * 1440);
              act(at, 5, 'archive', admin, null, { place_state: 1, archived_at: null });
              Object.assign(row, { place_state: 1, archived_at: at });
            }
          }
        }
      }
    }
    const chosen = itemsOf(wanted);
    const serviceAmount = Math.round(chosen.reduce((s, x) => s + x.price * 100, 0)) / 100;
    const spareAmount = part ? (part as { price: number }).price : 0;
    Object.assign(row, {
      state,
      version,
      service_amount: serviceAmount,
      spare_amount: spareAmount,
      receivable_amount: Math.round((serviceAmount + spareAmount) * 100) / 100,
    });
    const policy =
      policies.find((x) =>
        matches(x, {
          templateId: cur.templateId,
          priority,
          serviceGroupId: null,
          customerLevel: customer.level,
          customerTagIds: (customer.tags ?? []).map(Number),
        }),
      ) ?? null;
    const clocks = cals
      ? clocksOfMoves(
          policy,
          cals,
          acts
            .filter((a) => a.action !== 'evaluate' && a.action !== 'archive')
            .map((a) => ({ action: a.action, from: a.from, to: a.to, at: a.at, order: { state: a.to, abnormal_kind: null } })),
        )
      : [];
    const running = clocks.filter((c) => c.outcome === 0 && c.deadline_at != null).map((c) => c.deadline_at as number);
    row.due_at = running.length ? Math.min(...running) : null;
    month.push({ key: month.length, customer, title, desc, priority, items: chosen, row, acts, part, clocks, assigned });
  }
  if (month.length === 0) return;
  await writeMonth(tx, enterpriseId, { month, desk, ext, tz, template: cur, process, processVersionId, dataDir: ctx.storage ?? ctx.dataDir });
}

/** The instant (epoch ms) of a local 'YYYY-MM-DD HH:mm:ss' in the zone, by the zone's offset now. */
function instantOf(now: number, local: string, tz: string): number {
  const at = new Date(now);
  const offset = Math.round((Date.parse(at.toLocaleString('en-US', { timeZone: tz })) - Date.parse(at.toLocaleString('en-US', { timeZone: 'UTC' }))) / 60000);
  return Date.parse(`${local.replace(' ', 'T')}Z`) - offset * 60000;
}

interface MonthWrite {
  month: Planned[];
  desk: number;
  ext: Record<string, unknown>;
  tz: string;
  template: { templateId: number; templateVersionId: number };
  process: unknown;
  processVersionId: number | null;
  /** Where signature images go: a storage, or DATA_DIR (local disk). */
  dataDir?: Storage | string;
}

/** Writes the planned month: one multi-row insert per table, in the order the foreign keys need. */
async function writeMonth(tx: Tx, enterpriseId: number, w: MonthWrite): Promise<void> {
  const { month } = w;
  // The signatures (one per customer), then the numbers: the month's size drawn at once from the enterprise's sequence.
  const signed = w.dataDir
    ? await saveSignatures(
        tx,
        enterpriseId,
        w.desk,
        w.dataDir,
        month.flatMap((o) => (o.row.signature_seed == null ? [] : [Number(o.row.signature_seed)])),
      )
    : new Map<number, number>();
  const numbers = await allocateOrderNumbers(tx, enterpriseId, w.tz, month.length);
  const start = initialOrderState(w.process as Parameters<typeof initialOrderState>[0]);
  const rowsOut = month.map((o, k) => {
    const c = o.customer;
    const r = o.row;
    const orderNo = numbers[k] as string;
    const signatureId = r.signature_seed == null ? null : (signed.get(Number(r.signature_seed)) ?? null);
    return {
      key: o.key,
      order_no: orderNo,
      state: r.state,
      version: r.version,
      title: o.title,
      detail_desc: o.desc,
      priority: o.priority,
      customer_id: c.id,
      contact_id: c.contact_id,
      custom_link_person: c.contact_name,
      custom_phone: c.contact_phone,
      address_id: c.address_id,
      province_code: c.province_code,
      city_code: c.city_code,
      district_code: c.district_code,
      province: c.province,
      city: c.city,
      district: c.district,
      address_detail: c.detail,
      full_address: c.full_address,
      latitude: c.latitude,
      longitude: c.longitude,
      geo_precision: c.geo_precision,
      search_grams: gramsOf(o.title, orderNo, c.name, c.contact_name, c.contact_phone, c.full_address),
      dispatcher_id: r.dispatcher_id ?? null,
      service_user_id: r.service_user_id ?? null,
      provider_id: r.provider_id ?? null,
      taken_by: r.taken_by ?? null,
      place_state: r.place_state ?? 0,
      signature_id: signatureId,
      evaluation: r.evaluation ?? null,
      service_amount: r.service_amount,
      spare_amount: r.spare_amount,
      receivable_amount: r.receivable_amount,
      created_at: ms(o.acts[0]?.at),
      updated_at: ms(r.updated_at as number),
      dispatched_at: ms(r.dispatched_at as number | undefined),
      taken_at: ms(r.taken_at as number | undefined),
      started_at: ms(r.started_at as number | undefined),
      finished_at: ms(r.finished_at as number | undefined),
      signed_at: signatureId == null ? null : ms(r.signed_at as number | undefined),
      evaluated_at: ms(r.evaluated_at as number | undefined),
      archived_at: ms(r.archived_at as number | undefined),
      cancelled_at: ms(r.cancelled_at as number | undefined),
      appointment_at: ms(r.appointment_at as number | undefined),
      due_at: ms(r.due_at as number | null),
    };
  });
  const made = await insertMonthOrders(
    tx,
    enterpriseId,
    {
      templateId: w.template.templateId,
      templateVersionId: w.template.templateVersionId,
      processVersionId: w.processVersionId,
      process: w.process,
      examineType: start.examineType,
      ext: w.ext,
      desk: w.desk,
    },
    rowsOut,
  );
  const idOf = new Map(made.map((m) => [m.order_no, m.id]));
  const ids = rowsOut.map((r) => idOf.get(r.order_no) as number);
  const numberOf = (k: number) => rowsOut[k]?.order_no ?? '';

  // The logs, in the order of their acts (ids follow time, as one act after another would give them).
  const logs = month
    .flatMap((o, k) =>
      o.acts.map((a) => {
        const changed = a.changed?.signature_id ? { ...a.changed, signature_id: rowsOut[k]?.signature_id ?? null } : a.changed;
        return { order_id: ids[k], from_state: a.from, to_state: a.to, action: a.action, note: a.note, changed, user_id: a.userId, created_at: a.at };
      }),
    )
    .sort((x, y) => x.created_at - y.created_at)
    .map((l, n) => ({ ...l, n, created_at: ms(l.created_at) }));
  await insertMonthLogs(tx, enterpriseId, logs);

  const items = month.flatMap((o, k) => o.items.map((i) => ({ order_id: ids[k], id: i.id, name: i.name, price: i.price })));
  if (items.length) await insertMonthItems(tx, enterpriseId, items);

  const clocks = month.flatMap((o, k) =>
    o.clocks.map((c) => ({
      ...c,
      order_id: ids[k],
      created_at: ms(o.acts[0]?.at),
      ...Object.fromEntries(
        (['started_at', 'running_since', 'paused_since', 'stopped_at', 'deadline_at', 'warn_at', 'breached_at', 'next_escalation_at'] as const).map((f) => [
          f,
          ms(c[f]),
        ]),
      ),
    })),
  );
  if (clocks.length) await insertMonthClocks(tx, enterpriseId, clocks);

  // Parts from the engineers' own stock (parts.service.ts usePart): the part, its movement in the ledger, the stock.
  const parts = month.flatMap((o, k) => (o.part ? [{ ...o.part, order_id: ids[k], at: ms(o.part.at) }] : []));
  if (parts.length) await useMonthParts(tx, enterpriseId, parts);

  // The engineer's in-app notice of each order given to him (assignment.notice.ts), on its day.
  const notices = month.flatMap((o, k) =>
    o.assigned
      ? [
          {
            user_id: o.assigned.userId,
            title: `工单${numberOf(k)}已指派给您`,
            content: o.title,
            link: `/allOrder/orderDetail/${ids[k]}`,
            dedupe_key: `order_assigned:${ids[k]}:${o.assigned.userId}:${o.assigned.version}`,
            created_at: ms(o.assigned.at),
          },
        ]
      : [],
  );
  if (notices.length) await insertMonthNotices(tx, enterpriseId, notices);
}
