import { bookBody, createOrderBody } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, rows, type Tx } from '../db/client';
import { type Actor, actorOf } from '../platform/actor';
import type { DemoStep } from '../platform/demo/data';
import { areaCodes } from '../platform/geo/areas';
import { sessionUserOf } from '../platform/session';
import { createOrder, simpleAction } from '../modules/orders/index';
import { DEMO_CITY_CREW, demoEngineers } from '../modules/org/index';
import { book, workingDays } from '../modules/schedule/index';
import { requiredExt } from './orders.demo';

/**
 * The demo's Monday (docs/decisions.md, "Demo"; docs/planning.md): a day in Shanghai for the dispatcher to plan with
 * the assistant. About twenty orders waiting for dispatch at the customers' Shanghai sites, spread over the city's
 * districts, a few urgent (紧急: the demo's SLA policy times 普通 and 紧急); 上海城区服务组 (org.demo.ts) with visits already booked that Monday, two of them in a
 * crossed order of travel (the engineer's day has a saving to show). Every order is made by the desk through
 * createOrder (numbers, log, SLA clocks, search grams, counters) and booked by the dispatcher through the board's
 * booking (dispatch and appointment, the clash rule), some then accepted by their engineer.
 */

/** The Monday's local working day starts at 08:00 (the first slot): a Monday before it is still wholly ahead. */
const DAY_START_HOUR = 8;

/** The next Monday wholly ahead in the zone (today, when it is a Monday before 08:00), as 'YYYY-MM-DD'. */
export function nextMonday(nowMs: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
    .formatToParts(new Date(nowMs))
    .reduce<Record<string, string>>((a, p) => Object.assign(a, { [p.type]: p.value }), {});
  const today = Date.parse(`${parts.year}-${parts.month}-${parts.day}T00:00:00Z`);
  const weekday = new Date(today).getUTCDay();
  const ahead = weekday === 1 && Number(parts.hour) < DAY_START_HOUR ? 0 : (8 - weekday) % 7 || 7;
  return new Date(today + ahead * 86_400_000).toISOString().slice(0, 10);
}

/** The demo's Monday: the next Monday wholly ahead that the enterprise's calendar has as a working day (a holiday moves it a week on). */
export async function demoMonday(ex: Executor, enterpriseId: number, timeZone: string, nowMs = Date.now()): Promise<string> {
  let day = nextMonday(nowMs, timeZone);
  for (let week = 0; week < 6; week++) {
    if ((await workingDays(ex, enterpriseId, day, day))[0]?.working) return day;
    day = new Date(Date.parse(`${day}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  }
  return nextMonday(nowMs, timeZone);
}

/** A site of a demo customer in Shanghai: who, where (district, address, pin), what and how urgent. */
interface Site {
  customer: string;
  district: string;
  detail: string;
  at: [lat: number, lng: number];
  title: string;
  desc: string;
  priority: 1 | 2;
  /** The category of the customer's installed product the order is about (product_models.category). */
  product?: string;
  /** Booked that Monday: the n-th engineer of the city crew at HH:MM (and accepted by him). */
  visit?: [crew: number, time: string, accepted: boolean];
}

const 星河 = '上海星河科技有限公司';
const 一中 = '上海闵行第一中学';
const 云帆 = '杭州云帆制冷设备有限公司';
const 恒通 = '苏州恒通精密机械有限公司';
const 江宁 = '南京江宁智能制造有限公司';
const 太湖 = '无锡太湖精工有限公司';
const 鄞州 = '宁波鄞州家电商城';
const 蜀山 = '合肥蜀山新材料有限公司';
const 西溪 = '杭州西溪数据中心';

const SITES: Site[] = [
  // Waiting for dispatch (待派单).
  {
    customer: 星河,
    district: '浦东新区',
    detail: '张江路88号星河大厦5楼',
    at: [31.2062, 121.5935],
    title: '中央空调制冷效果差',
    desc: '三楼会议室出风不凉，室外机运行正常',
    priority: 1,
    product: '暖通空调',
  },
  {
    customer: 星河,
    district: '浦东新区',
    detail: '金桥路1399号星河金桥数据机房',
    at: [31.2605, 121.601],
    title: '机房空调高温告警',
    desc: '机房温度升到32℃，两台空调同时报高压',
    priority: 2,
    product: '暖通空调',
  },
  {
    customer: 星河,
    district: '徐汇区',
    detail: '宜山路1388号星河漕河泾研发中心',
    at: [31.1725, 121.4105],
    title: '空调外机异响',
    desc: '外机运转时有明显的金属撞击声',
    priority: 1,
    product: '暖通空调',
  },
  {
    customer: 星河,
    district: '静安区',
    detail: '南京西路1266号恒隆广场二期28楼',
    at: [31.2282, 121.4498],
    title: '风管机冷凝水外溢',
    desc: '吊顶有水渍，疑似排水管堵塞',
    priority: 1,
    product: '暖通空调',
  },
  {
    customer: 星河,
    district: '长宁区',
    detail: '长宁路1018号龙之梦办公楼15楼',
    at: [31.2195, 121.4165],
    title: '多联机通讯故障',
    desc: '线控器显示E5通讯故障',
    priority: 1,
    product: '暖通空调',
  },
  {
    customer: 星河,
    district: '浦东新区',
    detail: '川沙路669号星河川沙仓库',
    at: [31.1905, 121.7005],
    title: '仓库空调季度清洗保养',
    desc: '仓库办公区8台室内机清洗',
    priority: 1,
    product: '暖通空调',
  },
  {
    customer: 一中,
    district: '闵行区',
    detail: '沪闵路6088号 教学楼',
    at: [31.1185, 121.388],
    title: '教学楼电梯平层不准',
    desc: '停靠时轿厢与楼层有高差',
    priority: 1,
    product: '电梯',
  },
  {
    customer: 一中,
    district: '闵行区',
    detail: '沪闵路6088号 食堂',
    at: [31.1178, 121.3892],
    title: '食堂冷柜压缩机频繁启停',
    desc: '压缩机每隔几分钟启停一次',
    priority: 1,
  },
  {
    customer: 恒通,
    district: '嘉定区',
    detail: '兴贤路1180号恒通上海仓',
    at: [31.3735, 121.254],
    title: '货梯月度维保',
    desc: '按维保合同进行月度保养',
    priority: 1,
    product: '电梯',
  },
  {
    customer: 恒通,
    district: '松江区',
    detail: '九亭镇九新公路339号恒通上海分厂',
    at: [31.1388, 121.3215],
    title: '发电机启动困难',
    desc: '停电演练时启动三次才成功',
    priority: 1,
  },
  {
    customer: 江宁,
    district: '闵行区',
    detail: '东川路555号江宁智造上海研发中心',
    at: [31.027, 121.453],
    title: '加工中心主轴异响',
    desc: '主轴高速时有异响',
    priority: 1,
    product: '机床',
  },
  {
    customer: 江宁,
    district: '宝山区',
    detail: '大场镇真陈路1000号江宁智造上海工厂',
    at: [31.3005, 121.4245],
    title: '数控系统报警',
    desc: '开机报警SV0401，产线停机',
    priority: 2,
    product: '机床',
  },
  {
    customer: 太湖,
    district: '宝山区',
    detail: '友谊路1号太湖精工上海车间',
    at: [31.396, 121.4895],
    title: '空压机排气温度高',
    desc: '排气温度报警105℃',
    priority: 1,
    product: '动力设备',
  },
  {
    customer: 太湖,
    district: '浦东新区',
    detail: '周浦镇康沈路1888号太湖精工上海工厂',
    at: [31.1205, 121.5705],
    title: '空压机保养换油',
    desc: '运行4000小时保养',
    priority: 1,
    product: '动力设备',
  },
  {
    customer: 鄞州,
    district: '浦东新区',
    detail: '世纪大道1192号家电体验店',
    at: [31.229, 121.5255],
    title: '展厅空调季度清洗保养',
    desc: '展厅12台室内机清洗',
    priority: 1,
    product: '暖通空调',
  },
  {
    customer: 鄞州,
    district: '黄浦区',
    detail: '淮海中路300号3楼门店',
    at: [31.2225, 121.4745],
    title: '门店空调漏水',
    desc: '出风口滴水，已放接水盆',
    priority: 2,
    product: '暖通空调',
  },
  {
    customer: 蜀山,
    district: '虹口区',
    detail: '东大名路558号上海办事处',
    at: [31.2505, 121.501],
    title: '电梯按钮失灵',
    desc: '5楼外呼按钮无反应',
    priority: 1,
    product: '电梯',
  },
  {
    customer: 蜀山,
    district: '杨浦区',
    detail: '军工路1076号蜀山新材料上海仓库',
    at: [31.288, 121.559],
    title: '货梯运行抖动',
    desc: '上行时明显抖动，仓库暂停使用',
    priority: 2,
    product: '电梯',
  },
  {
    customer: 西溪,
    district: '浦东新区',
    detail: '富特北路211号西溪数据中心上海节点',
    at: [31.339, 121.593],
    title: '净水设备漏水报警',
    desc: '漏水保护触发，设备停机',
    priority: 2,
    product: '净水设备',
  },
  {
    customer: 西溪,
    district: '徐汇区',
    detail: '漕溪北路88号圣爱大厦11楼',
    at: [31.1935, 121.437],
    title: '直饮机滤芯到期更换',
    desc: '系统提示滤芯寿命到期',
    priority: 1,
    product: '净水设备',
  },
  {
    customer: 云帆,
    district: '普陀区',
    detail: '真北路3199号云帆冷链上海仓',
    at: [31.247, 121.4015],
    title: '冷库温度降不下来',
    desc: '设定-18℃，实际只到-9℃',
    priority: 2,
  },
  {
    customer: 云帆,
    district: '静安区',
    detail: '共和新路3088号大宁中心广场',
    at: [31.28, 121.4575],
    title: '净水器出水量小',
    desc: '直饮水出水明显变慢',
    priority: 1,
    product: '净水设备',
  },
  // Booked that Monday. 陈国栋 (漕河泾) goes to the farthest first, then back to the nearest and out again; so does 刘凯 (张江) in the afternoon.
  {
    customer: 星河,
    district: '徐汇区',
    detail: '龙华中路596号星河徐汇展厅',
    at: [31.195, 121.46],
    title: '空调季度清洗保养',
    desc: '展厅6台室内机清洗',
    priority: 1,
    product: '暖通空调',
    visit: [0, '08:30', true],
  },
  {
    customer: 鄞州,
    district: '徐汇区',
    detail: '桂平路418号漕河泾门店',
    at: [31.178, 121.415],
    title: '空调外机异响',
    desc: '外机风扇有刮擦声',
    priority: 1,
    product: '暖通空调',
    visit: [0, '09:45', true],
  },
  {
    customer: 云帆,
    district: '徐汇区',
    detail: '漕宝路1111号云帆冷链展示中心',
    at: [31.185, 121.435],
    title: '冷柜压缩机频繁启停',
    desc: '展示冷柜压缩机每隔几分钟启停一次',
    priority: 2,
    visit: [0, '11:00', false],
  },
  {
    customer: 西溪,
    district: '浦东新区',
    detail: '银城中路501号上海中心办公区',
    at: [31.238, 121.502],
    title: '直饮机滤芯到期更换',
    desc: '办公区4台直饮机更换滤芯',
    priority: 1,
    product: '净水设备',
    visit: [4, '13:30', true],
  },
  {
    customer: 星河,
    district: '浦东新区',
    detail: '碧波路690号星河张江二期',
    at: [31.21, 121.57],
    title: '中央空调制冷效果差',
    desc: '二期机房空调回风温度偏高',
    priority: 1,
    product: '暖通空调',
    visit: [4, '15:00', false],
  },
  {
    customer: 蜀山,
    district: '浦东新区',
    detail: '东方路1217号陆家嘴金融服务广场',
    at: [31.225, 121.54],
    title: '电梯月度维保',
    desc: '按维保合同进行月度保养',
    priority: 1,
    product: '电梯',
    visit: [4, '16:30', true],
  },
  {
    customer: 恒通,
    district: '普陀区',
    detail: '长寿路588号恒通上海营业部',
    at: [31.235, 121.42],
    title: '电梯门机异响',
    desc: '开关门时有摩擦声',
    priority: 1,
    product: '电梯',
    visit: [1, '09:00', true],
  },
  {
    customer: 一中,
    district: '闵行区',
    detail: '沪闵路6088号 体育馆',
    at: [31.1192, 121.3869],
    title: '备用发电机组年度保养',
    desc: '更换机油、三滤，带载测试',
    priority: 1,
    visit: [1, '14:00', false],
  },
  {
    customer: 西溪,
    district: '杨浦区',
    detail: '政学路77号五角场办公区',
    at: [31.31, 121.52],
    title: '净水器出水量小',
    desc: '直饮水出水明显变慢',
    priority: 1,
    product: '净水设备',
    visit: [2, '10:00', true],
  },
  {
    customer: 江宁,
    district: '闵行区',
    detail: '七莘路3755号江宁智造七宝仓',
    at: [31.14, 121.36],
    title: '空压机保养换油',
    desc: '运行4000小时保养',
    priority: 1,
    visit: [3, '09:30', true],
  },
  {
    customer: 太湖,
    district: '闵行区',
    detail: '颛兴路1288号太湖精工颛桥车间',
    at: [31.09, 121.4],
    title: '加工中心主轴异响',
    desc: '主轴高速时有异响',
    priority: 2,
    visit: [3, '14:30', false],
  },
];

async function actorFor(tx: Tx, enterpriseId: number, userId: number | undefined): Promise<Actor | null> {
  const u = userId == null ? null : await sessionUserOf(tx, enterpriseId, userId);
  return u ? actorOf(u) : null;
}

async function seedDemoMonday(tx: Tx, enterpriseId: number): Promise<void> {
  const crew = await demoEngineers(tx, enterpriseId, DEMO_CITY_CREW);
  if (crew.length !== DEMO_CITY_CREW.length) return;
  const staff = await rows<{ id: number; sysrole: number }>(
    tx,
    sql`select id::int, sysrole from users where enterprise_id = ${enterpriseId} and sysrole in (1, 6) and user_type = 0 and enabled and deleted_at is null order by id`,
  );
  const desk = await actorFor(tx, enterpriseId, staff.find((u) => u.sysrole === 6)?.id);
  const dispatcher = await actorFor(tx, enterpriseId, staff.find((u) => u.sysrole === 1)?.id);
  if (!desk || !dispatcher) return;
  const customers = await rows<{ id: number; name: string }>(tx, sql`select id::int, name from customers where enterprise_id = ${enterpriseId}`);
  const products = await rows<{ id: number; customer_id: number; category: string }>(
    tx,
    sql`select ip.id::int, ip.customer_id::int, m.category from installed_products ip
      join product_models m on m.enterprise_id = ip.enterprise_id and m.id = ip.product_id
      where ip.enterprise_id = ${enterpriseId} order by ip.id`,
  );
  const monday = await demoMonday(tx, enterpriseId, desk.timeZone);
  const ext = await requiredExt(tx, enterpriseId);
  // The services open their own transactions: inside the demo step's they are savepoints.
  const db = tx as unknown as Db;
  for (const s of SITES) {
    const customerId = customers.find((c) => c.name === s.customer)?.id;
    const codes = areaCodes('上海市', '', s.district);
    if (customerId == null || !codes) continue;
    const productId = s.product ? products.find((p) => p.customer_id === customerId && p.category === s.product)?.id : undefined;
    const made = await createOrder(
      db,
      desk,
      createOrderBody.parse({
        customerId,
        title: s.title,
        detailDesc: s.desc,
        priority: s.priority,
        productId,
        gpsAddr: { ...codes, detail: s.detail, latitude: s.at[0], longitude: s.at[1] },
        ext,
      }),
    );
    if (!s.visit) continue;
    const [n, time, accepted] = s.visit;
    const engineer = crew[n];
    if (!engineer) continue;
    await book(
      db,
      dispatcher,
      bookBody.parse({ orderId: made.id, serviceUserId: engineer.id, bespokeTime: `${monday} ${time}:00`, note: '已与客户电话确认周一上门' }),
    );
    const him = accepted ? await actorFor(tx, enterpriseId, engineer.id) : null;
    if (him) await simpleAction(db, him, 'accept', { orderId: made.id });
  }
}

export const mondayDemoStep: DemoStep = {
  name: 'planning.monday',
  after: ['org.demo', 'customers', 'orders.demo', 'sla.demo', 'orders.month', 'events.demo'],
  run: seedDemoMonday,
};
