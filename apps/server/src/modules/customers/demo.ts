import { CUSTOMER_TAG_CODE, warrantyEnd } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rows } from '../../db/client';
import { customerAddresses, customerContacts, customers } from '../../db/schema/index';
import { hashPassword, randomToken } from '../../platform/crypto';
import { gramsOf } from '../../platform/search';
import { geocodeSaved } from '../geo/index';
import { addLinks } from '../tags/index';
import { contactGrams } from './common';
import { areaCodes } from '../../platform/geo/areas';
import { cleanExt, FORM_KIND } from './integrations';
import { addressValues } from './parts.common';
import type { Actor } from '../../platform/actor';

// [客户, 联系人, 电话, 职位, 省, 市, 区, 详细地址, 等级, 来源]
type Row = [string, string, string, string, string, string, string, string, number, number];
const CUSTOMERS: Row[] = [
  ['上海星河科技有限公司', '张伟', '13816612301', '设备科长', '上海市', '', '浦东新区', '张江路88号星河大厦5楼', 1, 4],
  ['杭州云帆制冷设备有限公司', '李娜', '13905716602', '采购经理', '浙江省', '杭州市', '西湖区', '文三路100号', 1, 2],
  ['苏州恒通精密机械有限公司', '王强', '13771823003', '厂长', '江苏省', '苏州市', '吴中区', '木渎镇金枫路216号', 2, 4],
  ['深圳前海启明电子有限公司', '刘洋', '13692204404', '行政主管', '广东省', '深圳市', '南山区', '科技园南区高新南一道9号', 1, 3],
  ['北京中关村数码广场', '陈静', '13911105505', '物业经理', '北京市', '', '海淀区', '中关村大街15号', 2, 1],
  ['成都天府软件园管理有限公司', '杨帆', '13880806606', '工程部经理', '四川省', '成都市', '武侯区', '天府大道中段1268号', 2, 5],
  ['武汉光谷生物医药有限公司', '赵磊', '13986107707', '设备主管', '湖北省', '武汉市', '洪山区', '光谷大道77号', 3, 2],
  ['青岛海滨食品有限公司', '黄敏', '13863908808', '生产经理', '山东省', '青岛市', '黄岛区', '长江中路368号', 2, 4],
  ['天津滨海物流园有限公司', '周杰', '13820109909', '仓储经理', '天津市', '', '滨海新区', '泰达大街18号', 3, 1],
  ['重庆两江汽车配件有限公司', '吴刚', '13908231010', '设备科长', '重庆市', '', '渝北区', '金开大道1号', 2, 4],
  ['西安古城酒店管理有限公司', '徐丽', '13991921111', '工程总监', '陕西省', '西安市', '雁塔区', '小寨东路126号', 1, 3],
  ['厦门鹭岛海洋科技有限公司', '孙涛', '13906031212', '总经理', '福建省', '厦门市', '思明区', '环岛南路3088号', 3, 5],
  ['长沙湘江医疗器械有限公司', '马超', '13873121313', '售后对接人', '湖南省', '长沙市', '岳麓区', '麓谷大道658号', 2, 2],
  ['郑州中原商业广场', '胡军', '13838071414', '物业主管', '河南省', '郑州市', '金水区', '花园路39号', 3, 1],
  ['合肥蜀山新材料有限公司', '郭芳', '13965011515', '设备主管', '安徽省', '合肥市', '蜀山区', '长江西路669号', 2, 4],
  ['大连港湾冷链有限公司', '何平', '13904111616', '运营经理', '辽宁省', '大连市', '甘井子区', '中华西路18号', 1, 2],
  ['南京江宁智能制造有限公司', '高翔', '13813871717', '厂务经理', '江苏省', '南京市', '江宁区', '将军大道100号', 1, 4],
  ['广州天河写字楼物业有限公司', '林琳', '13802281818', '工程主管', '广东省', '广州市', '天河区', '珠江新城华夏路8号', 2, 5],
  ['宁波鄞州家电商城', '罗斌', '13906741919', '店长', '浙江省', '宁波市', '鄞州区', '天童南路588号', 3, 3],
  ['昆明春城连锁超市有限公司', '梁红', '13888002020', '后勤经理', '云南省', '昆明市', '五华区', '东风西路99号', 3, 1],
  ['上海闵行第一中学', '宋晨', '13764502121', '总务处主任', '上海市', '', '闵行区', '沪闵路6088号', 2, 2],
  ['北京朝阳国际会展中心', '唐亮', '13701172222', '设备部经理', '北京市', '', '朝阳区', '北辰东路8号', 1, 4],
  ['佛山顺德家具制造有限公司', '韩雪', '13924822323', '生产主管', '广东省', '佛山市', '顺德区', '乐从镇家具大道1号', 2, 4],
  ['无锡太湖精工有限公司', '冯凯', '13951572424', '设备工程师', '江苏省', '无锡市', '滨湖区', '蠡湖大道2008号', 2, 3],
  ['济南泉城医院', '邓超', '13905312525', '后勤科长', '山东省', '济南市', '历下区', '经十路16766号', 1, 1],
  ['杭州西溪数据中心', '曹颖', '13732162626', '运维主管', '浙江省', '杭州市', '西湖区', '西溪路525号', 1, 5],
  ['深圳南山实验学校', '彭博', '13713892727', '后勤主任', '广东省', '深圳市', '南山区', '南光路6号', 3, 2],
  ['成都锦江宾馆', '谢婷', '13982102828', '工程经理', '四川省', '成都市', '武侯区', '人民南路二段80号', 2, 3],
  ['武汉东湖连锁餐饮有限公司', '邹勇', '13971592929', '采购主管', '湖北省', '武汉市', '洪山区', '珞喻路1037号', 3, 6],
  ['苏州吴中湖畔花园业主委员会', '潘悦', '13862033030', '主任', '江苏省', '苏州市', '吴中区', '东吴北路98号', 3, 1],
];

// [名称, 品牌, 型号, 分类, 保修期, 单位 1天/2月/3年, 起算 2购买/3安装]
const MODELS: [string, string, string, string, number, number, number][] = [
  ['商用中央空调', '格力', 'GMV-H450WL', '暖通空调', 2, 3, 3],
  ['直饮净水器', '沁园', 'QY-RO800', '净水设备', 12, 2, 2],
  ['乘客电梯', '日立', 'HGP-1050', '电梯', 1, 3, 3],
  ['柴油发电机组', '康明斯', 'C250D5', '动力设备', 18, 2, 3],
  ['数控加工中心', '海天精工', 'VMC850', '机床', 1, 3, 3],
  ['螺杆空压机', '阿特拉斯', 'GA37', '动力设备', 24, 2, 2],
];

const addDays = (base: string, days: number) => new Date(Date.parse(`${base}T00:00:00Z`) + days * 86400_000).toISOString().slice(0, 10);

/** About thirty customers with contacts and addresses, a product catalogue, installed products, contracts and a portal account. */
export async function seedDemoCustomers(tx: Tx, enterpriseId: number): Promise<void> {
  const people = await rows<{ id: number; sysrole: number | null }>(tx, sql`select id, sysrole from users where enterprise_id = ${enterpriseId} order by id`);
  const admin = people.find((p) => p.sysrole === 3) ?? people[0];
  if (!admin) return;
  const sales = people.find((p) => p.sysrole === 5);
  const tz = await rows<{ tz: string }>(tx, sql`select time_zone as tz from enterprises where id = ${enterpriseId}`);
  const v: Actor = { id: admin.id, enterpriseId, sysrole: 3, admin: false, powers: [], providerId: null, timeZone: tz[0]?.tz ?? 'Asia/Shanghai' };
  const groups = await rows<{ id: number }>(tx, sql`select id from service_groups where enterprise_id = ${enterpriseId} order by id limit 2`);
  const tags = await rows<{ id: number }>(tx, sql`select id from tags where enterprise_id = ${enterpriseId} and code = 4 order by sort, id`);

  // The customers as insertCustomer writes them (customer, primary contact, default address, tags), one insert per table.
  const { templateVersionId, ext } = await cleanExt(tx, enterpriseId, FORM_KIND.customer, null, undefined, { sysrole: v.sysrole });
  const made = await tx
    .insert(customers)
    .values(
      CUSTOMERS.map(([name, link, phone, , , , , , level, source], i) => ({
        enterpriseId,
        name,
        code: `KH${String(i + 1).padStart(4, '0')}`,
        linkName: link,
        phone,
        businessUserId: sales && i % 3 === 0 ? sales.id : null,
        serviceGroupId: groups.length ? (groups[i % groups.length]?.id ?? null) : null,
        source,
        level,
        templateVersionId,
        ext,
        searchGrams: gramsOf(name, link),
        createdBy: v.id,
      })),
    )
    .returning({ id: customers.id, code: customers.code });
  const idByCode = new Map(made.map((r) => [r.code, r.id]));
  const customerIds = CUSTOMERS.map((_, i) => idByCode.get(`KH${String(i + 1).padStart(4, '0')}`) ?? 0);
  await tx.insert(customerContacts).values(
    CUSTOMERS.map(([, name, phone, position], i) => ({
      enterpriseId,
      customerId: customerIds[i] as number,
      name,
      phone,
      position,
      isPrimary: true,
      searchGrams: contactGrams(name, phone),
    })),
  );
  const addresses = await tx
    .insert(customerAddresses)
    .values(
      CUSTOMERS.map(([name, , , , p, c, d, detail], i) => {
        const codes = areaCodes(p, c, d) ?? { provinceCode: null, cityCode: null, districtCode: null };
        return {
          enterpriseId,
          customerId: customerIds[i] as number,
          ...addressValues({ ...codes, detail, mapName: name, latitude: null, longitude: null }),
          isDefault: true,
        };
      }),
    )
    .returning({ id: customerAddresses.id });
  await geocodeSaved(
    tx,
    'customer_addresses',
    enterpriseId,
    addresses.map((a) => a.id),
  );
  for (const [k, tag] of tags.entries()) {
    const tagged = customerIds.filter((_, i) => i % 4 === 0 && i % tags.length === k);
    if (tagged.length) await addLinks(tx, enterpriseId, CUSTOMER_TAG_CODE, [tag.id], tagged);
  }

  const models = await rows<{ id: number; name: string }>(
    tx,
    sql`insert into product_models (enterprise_id, name, brand, model, category, warranty_period, warranty_unit, warranty_start_type, search_grams)
      select ${enterpriseId}, m.name, m.brand, m.model, m.category, m.period, m.unit, m.start, m.grams
      from jsonb_to_recordset(${JSON.stringify(
        MODELS.map(([name, brand, model, category, period, unit, start], n) => ({
          n,
          name,
          brand,
          model,
          category,
          period,
          unit,
          start,
          grams: gramsOf(name, brand, model, category),
        })),
      )}::jsonb) as m(n int, name text, brand text, model text, category text, period int, unit int, start int, grams text[])
      order by m.n returning id::int, name`,
  );
  const modelIds = MODELS.map(([name]) => models.find((m) => m.name === name)?.id ?? 0);

  const planned = Array.from({ length: 40 }, (_, i) => {
    const m = i % MODELS.length;
    const [name, , model, , period, unit, start] = MODELS[m] as (typeof MODELS)[number];
    const customerId = customerIds[i % customerIds.length] as number;
    const purchase = addDays('2023-01-10', i * 17);
    const install = addDays(purchase, 7);
    const serial = `SN${String(2023000 + i * 37).padStart(8, '0')}`;
    return {
      n: i,
      product_id: modelIds[m],
      name: `${name} ${model}`,
      serial,
      customer_id: customerId,
      install,
      purchase,
      end: warrantyEnd(start === 2 ? purchase : install, period, unit as 1 | 2 | 3),
      status: i % 9 === 0 ? 2 : 1,
      qr: randomToken(12),
      grams: gramsOf(`${name} ${model}`, serial),
    };
  });
  const installed = (
    await rows<{ id: number; customer_id: number }>(
      tx,
      sql`insert into installed_products (enterprise_id, product_id, name, serial_number, customer_id, address_id, install_date, purchase_date,
          warranty_end, status, qr_code, search_grams, created_by)
        select ${enterpriseId}, p.product_id, p.name, p.serial, p.customer_id, a.id, p.install::date, p.purchase::date, p.end::date, p.status, p.qr, p.grams, ${v.id}
        from jsonb_to_recordset(${JSON.stringify(planned)}::jsonb) as p(n int, product_id bigint, name text, serial text, customer_id bigint, install text,
          purchase text, "end" text, status int, qr text, grams text[])
        join customer_addresses a on a.enterprise_id = ${enterpriseId} and a.customer_id = p.customer_id and a.is_default
        order by p.n returning id::int, customer_id::int`,
    )
  ).map((r) => ({ id: r.id, customerId: r.customer_id }));

  const first = customerIds[0] as number;
  await tx.execute(sql`insert into sale_contracts (enterprise_id, contract_no, name, customer_id, sign_date, status, amount, created_by)
    values (${enterpriseId}, 'HT20240301-0001', '中央空调采购合同', ${first}, '2024-03-01', 3, 386000, ${v.id}),
           (${enterpriseId}, 'HT20240612-0002', '净水设备采购合同', ${customerIds[1]}, '2024-06-12', 1, 25600, ${v.id})`);
  const [mc] = await rows<{ id: number }>(
    tx,
    sql`insert into maintain_contracts (enterprise_id, contract_no, name, customer_id, start_date, end_date, amount, status, created_by)
      values (${enterpriseId}, 'WB20240401-0001', '空调年度维保合同', ${first}, '2024-04-01', '2025-03-31', 48000, 2, ${v.id}) returning id`,
  );
  // One in force that ends in 20 days, of a customer of the salesperson's: 维保合同's to-do for him (docs/decisions.md).
  await tx.execute(sql`insert into maintain_contracts (enterprise_id, contract_no, name, customer_id, start_date, end_date, amount, status, created_by)
    select ${enterpriseId}, 'WB' || to_char(d - interval '1 year' + interval '1 day', 'YYYYMMDD') || '-0002', '净水设备年度维保合同', ${customerIds[3]},
      (d - interval '1 year' + interval '1 day')::date, d::date, 12800, 2, ${v.id}
    from (select (now() at time zone ${v.timeZone})::date + 20 as d) x`);
  const covered = installed.filter((x) => x.customerId === first).map((p) => p.id);
  if (covered.length)
    await tx.execute(sql`insert into maintain_contract_products (enterprise_id, contract_id, installed_product_id)
      select ${enterpriseId}, ${mc?.id}, unnest(${`{${covered.join(',')}}`}::bigint[])`);
  const [contact] = await rows<{ id: number }>(
    tx,
    sql`select id from customer_contacts where enterprise_id = ${enterpriseId} and customer_id = ${first} and is_primary`,
  );
  await tx.execute(sql`insert into home_accounts (enterprise_id, customer_id, link_person_id, name, mobile, password_hash, created_by)
    values (${enterpriseId}, ${first}, ${contact?.id ?? null}, '张伟', '13816612301', ${await hashPassword(randomToken(12))}, ${v.id})`);
}
