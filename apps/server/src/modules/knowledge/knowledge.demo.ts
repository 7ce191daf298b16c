// Demo data for the knowledge base: three categories, ten articles (some on the 暖通空调 model and its fault modes,
// a few shown to providers or public) and two published cases (内部, 公开) from completed orders, on the 暖通空调 model.
import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import type { DemoStep } from '../../platform/demo/data';
import { gramsOf, texts } from '../../platform/search';

const CATEGORIES = ['空调维修', '安装规范', '服务流程'];
/** [category index, title, body, visibility, on the model, fault code (or null)]. */
const ARTICLES: [number, string, string, number, boolean, string | null][] = [
  [0, '空调不制冷的排查顺序', '先看电源与设定温度，再测高低压压力，最后检查压缩机启动电流。低压偏低且室外机结霜多为冷媒不足。', 2, true, 'HV01'],
  [0, '冷媒泄漏的检漏与补焊', '用电子检漏仪沿铜管接头逐段检查，补焊后保压24小时，抽真空再定量补充冷媒。', 2, true, 'HV01.1.1'],
  [0, '压缩机更换作业指导', '回收冷媒，拆除旧压缩机，更换干燥过滤器，充氮焊接，抽真空并定量加注。', 1, true, 'HV01.2.1'],
  [0, '室外风机异响处理', '断电后手转风叶，有卡滞或沙沙声时更换风机轴承，复装后测试运行电流。', 2, true, 'HV02.1.1'],
  [0, '变频空调故障代码速查', 'E1 通讯故障，E4 排气温度过高，F1 室外环境温度传感器故障，P1 过欠压保护。', 3, false, null],
  [1, '分体空调安装规范', '室外机离墙不少于10厘米，连接管坡度朝外，穿墙孔内高外低，排水管不得盘绕。', 3, false, null],
  [1, '柜机安装验收清单', '确认电源线径、接地、管路保温、抽真空时间、试机电流并请客户签字。', 2, false, null],
  [2, '上门服务礼仪', '提前电话预约，进门穿鞋套，作业后清理现场，离开前请客户确认服务结果。', 2, false, null],
  [2, '保外维修报价口径', '备件按销售价，人工按服务项目价目表，远程费按里程计算，报价须经客户确认。', 1, false, null],
  [2, '投诉升级处理流程', '一般投诉24小时内响应，重要投诉4小时内响应，重大投诉1小时内响应并上报质量部。', 1, false, null],
];

async function seedDemoKnowledge(tx: Tx, ep: number): Promise<void> {
  const [done] = await rows<{ id: number }>(tx, sql`select id from kb_categories where enterprise_id = ${ep} limit 1`);
  if (done) return;
  const cats = await rows<{ id: number }>(
    tx,
    sql`insert into kb_categories (enterprise_id, name, sort) values ${sql.join(
      CATEGORIES.map((n, i) => sql`(${ep}, ${n}, ${i})`),
      sql`, `,
    )} returning id::int`,
  );
  const faults = new Map(
    (await rows<{ id: number; code: string }>(tx, sql`select id::int, code from fault_modes where enterprise_id = ${ep} and category = '暖通空调'`)).map(
      (f) => [f.code, f.id],
    ),
  );
  const [model] = await rows<{ id: number }>(
    tx,
    sql`select id::int from product_models where enterprise_id = ${ep} and category = '暖通空调' order by id limit 1`,
  );
  const [admin] = await rows<{ id: number }>(tx, sql`select id::int from users where enterprise_id = ${ep} and 3 = any(roles) order by id limit 1`);
  await tx.execute(sql`insert into kb_articles (enterprise_id, category_id, title, body, visibility, product_model_id, fault_mode_id, search_grams, created_by, updated_by)
    values ${sql.join(
      ARTICLES.map(
        ([c, title, body, vis, onModel, code]) =>
          sql`(${ep}, ${cats[c]?.id}, ${title}, ${body}, ${vis}, ${onModel ? (model?.id ?? null) : null}, ${code ? (faults.get(code) ?? null) : null},
            ${texts(gramsOf(title, body))}, ${admin?.id ?? null}, ${admin?.id ?? null})`,
      ),
      sql`, `,
    )}`);
  // Two published cases from completed orders on units of the 暖通空调 model, diagnosed 检漏补焊并补充冷媒.
  const remedy = faults.get('HV01.1.1');
  if (!model || !remedy) return;
  // The demo month's completed orders carry no unit: the cases name the 暖通空调 model and its remedy themselves.
  const orders = await rows<{ id: number; title: string; customer_id: number; provider_id: number | null; order_no: string }>(
    tx,
    sql`select o.id::int, o.title, o.customer_id::int, o.provider_id::int, o.order_no from orders o
      where o.enterprise_id = ${ep} and o.state = 5 and o.deleted_at is null order by o.finished_at desc nulls last, o.id limit 2`,
  );
  for (const [i, o] of orders.entries()) {
    const remedyText = '不制冷 / 冷媒泄漏 / 检漏补焊并补充冷媒';
    const title = i === 0 ? '中央空调开机半小时后不制冷' : '中央空调制冷效果差（冷媒泄漏）';
    const description = i === 0 ? '开机半小时后不制冷，室外机细管结霜' : '制冷效果差，低压0.3MPa，铜管接头有油渍';
    const [c] = await rows<{ id: number }>(
      tx,
      sql`insert into cases (enterprise_id, case_no, source, order_id, customer_id, installed_product_id, product_model_id, fault_mode_id, provider_id,
          title, description, remedy, state, scope, created_by, published_at)
        values (${ep}, ${`TMP${o.id}`}, 1, ${o.id}, ${o.customer_id}, null, ${model.id}, ${remedy}, ${o.provider_id}, ${title},
          ${description}, ${remedyText}, 2, ${i === 0 ? 1 : 2}, ${admin?.id ?? null}, now()) returning id::int`,
    );
    const no = `AL${String(c?.id).padStart(8, '0')}`;
    await tx.execute(sql`update cases set case_no = ${no}, search_grams = ${texts(gramsOf(title, no, description, remedyText))}
      where enterprise_id = ${ep} and id = ${c?.id}`);
    await tx.execute(sql`insert into case_logs (enterprise_id, case_id, from_state, to_state, action, note, user_id) values
      (${ep}, ${c?.id}, null, 1, 'create', ${o.order_no}, ${admin?.id ?? null}), (${ep}, ${c?.id}, 1, 2, 'publish', null, ${admin?.id ?? null})`);
  }
}

export const knowledgeDemoStep: DemoStep = { name: 'knowledge.demo', after: ['quality.demo', 'orders.month', 'customers'], run: seedDemoKnowledge };
