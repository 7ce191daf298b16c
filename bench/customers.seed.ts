import { sql } from 'drizzle-orm';
import { type Db, rows, type Tx } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/platform/crypto';
import { BENCH_PASSWORD } from './seed';

export const BENCH_SALES_MOBILE = '17100000005';

const CITIES = ['上海', '杭州', '苏州', '深圳', '北京', '成都', '武汉', '青岛', '天津', '重庆', '西安', '厦门', '长沙', '郑州', '合肥'];
const WORDS = [
  '星河',
  '云帆',
  '恒通',
  '启明',
  '天府',
  '光谷',
  '海滨',
  '两江',
  '鹭岛',
  '湘江',
  '中原',
  '港湾',
  '江宁',
  '太湖',
  '泉城',
  '西溪',
  '锦江',
  '东湖',
  '明珠',
  '华夏',
];
const TRADES = ['科技有限公司', '制冷设备有限公司', '精密机械有限公司', '物业管理有限公司', '医疗器械有限公司', '食品有限公司', '酒店管理有限公司', '连锁超市'];
const SURNAMES = ['张', '王', '李', '赵', '刘', '陈', '杨', '黄', '周', '吴', '徐', '孙', '胡', '朱', '高', '林', '何', '郭', '马', '罗'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '强', '磊', '洋', '艳', '勇', '军', '杰', '涛', '明', '超', '秀英', '华', '平', '刚', '桂英'];
// [province, city, district codes and names]
const AREAS: [string, string, string, string, string, string][] = [
  ['31', '3101', '310115', '上海市', '', '浦东新区'],
  ['33', '3301', '330106', '浙江省', '杭州市', '西湖区'],
  ['32', '3205', '320506', '江苏省', '苏州市', '吴中区'],
  ['44', '4403', '440305', '广东省', '深圳市', '南山区'],
  ['11', '1101', '110108', '北京市', '', '海淀区'],
  ['51', '5101', '510107', '四川省', '成都市', '武侯区'],
  ['42', '4201', '420111', '湖北省', '武汉市', '洪山区'],
  ['37', '3702', '370211', '山东省', '青岛市', '黄岛区'],
];

export const arr = (list: string[]) => sql.raw(`array[${list.map((s) => `'${s}'`).join(',')}]::text[]`);
/** The same single characters and character pairs the app stores in search_grams (customers/common.ts gramsOf). */
export const grams = (expr: string) =>
  sql.raw(`array(select distinct g from (
    select substr(lower(${expr}), i, 1) g from generate_series(1, char_length(${expr})) i
    union all select substr(lower(${expr}), i, 2) from generate_series(1, char_length(${expr}) - 1) i) s where g !~ '\\s')`);

/** The bench salesperson to log in as, 99 more salespeople, 20 service groups and 10 customer tags. */
async function seedPeople(tx: Tx, ep: number, hash: string): Promise<void> {
  await tx.execute(sql`insert into users (enterprise_id, mobile, name, roles, sysrole, password_hash)
    values (${ep}, ${BENCH_SALES_MOBILE}, '压测销售', '{5}', 5, ${hash})`);
  await tx.execute(sql`insert into users (enterprise_id, mobile, name, roles, sysrole)
    select ${ep}, '171' || lpad(g::text, 8, '0'), '销售' || g, '{5}', 5 from generate_series(100, 198) g`);
  await tx.execute(sql`insert into service_groups (enterprise_id, name) select ${ep}, '服务团队' || g from generate_series(1, 20) g`);
  await tx.execute(
    sql`insert into tags (enterprise_id, code, name, color_rgb, sort) select ${ep}, 4, '客户标签' || g, '#1890ff', g from generate_series(1, 10) g`,
  );
}

export interface CustomerSeed {
  customers: number;
  salesId: number;
  groupId: number;
  tagId: number;
  reused: boolean;
}

/**
 * `n` customers in one enterprise, each with a primary contact and a default address, a quarter with a second
 * contact; 100 salespeople, 20 service groups, 10 customer tags (a tenth of the customers carry each).
 * An enterprise seeded smaller by an earlier scenario is topped up to `n`.
 */
export async function seedCustomers(db: Db, enterpriseId: number, n: number): Promise<CustomerSeed> {
  const [have] = await rows<{ n: number }>(db, sql`select count(*)::int as n from customers where enterprise_id = ${enterpriseId}`);
  const ids = async () => {
    const [s] = await rows<{ id: number }>(db, sql`select id from users where enterprise_id = ${enterpriseId} and mobile = ${BENCH_SALES_MOBILE}`);
    const [g] = await rows<{ id: number }>(db, sql`select min(id) as id from service_groups where enterprise_id = ${enterpriseId}`);
    const [t] = await rows<{ id: number }>(db, sql`select min(id) as id from tags where enterprise_id = ${enterpriseId} and code = 4`);
    return { salesId: Number(s?.id), groupId: Number(g?.id), tagId: Number(t?.id) };
  };
  if (Number(have?.n) >= n) return { customers: Number(have?.n), ...(await ids()), reused: true };
  const hash = await hashPassword(BENCH_PASSWORD);
  const from = Number(have?.n ?? 0) + 1;
  await db.transaction(async (tx) => {
    const ep = enterpriseId;
    const [last] = await rows<{ id: number }>(tx, sql`select coalesce(max(id), 0) as id from customers where enterprise_id = ${ep}`);
    // Only the customers this call adds get contacts, addresses and tags.
    const added = sql`enterprise_id = ${ep} and id > ${Number(last?.id ?? 0)}`;
    if (from === 1) await seedPeople(tx, ep, hash);
    await tx.execute(sql`create temp table bench_sales on commit drop as
      select row_number() over (order by id) - 1 as i, id from users where enterprise_id = ${ep} and mobile like '171%'`);
    await tx.execute(sql`create temp table bench_groups on commit drop as
      select row_number() over (order by id) - 1 as i, id from service_groups where enterprise_id = ${ep}`);
    await tx.execute(sql`insert into customers (enterprise_id, name, code, link_name, phone, business_user_id, service_group_id, source, level,
        external_userid, created_at, search_grams)
      select ${ep}, x.name, 'KH' || lpad(g::text, 7, '0'), x.link, '13' || lpad(g::text, 9, '0'),
        (select id from bench_sales where i = g % 100), (select id from bench_groups where i = g % 20), 1 + g % 6, 1 + g % 3,
        case when g % 50 = 0 then 'wm' || g end, now() - (g % 1000) * interval '1 day' - g * interval '1 second',
        ${grams("x.name || ' ' || x.link")}
      from generate_series(${from}::int, ${n}::int) g
      cross join lateral (select
        (${arr(CITIES)})[1 + g % ${CITIES.length}] || (${arr(WORDS)})[1 + (g / 7) % ${WORDS.length}] || (${arr(TRADES)})[1 + (g / 131) % ${TRADES.length}] || g as name,
        (${arr(SURNAMES)})[1 + g % ${SURNAMES.length}] || (${arr(GIVEN)})[1 + (g / 3) % ${GIVEN.length}] as link) x`);
    await tx.execute(sql`insert into customer_contacts (enterprise_id, customer_id, name, phone, is_primary, search_grams)
      select enterprise_id, id, link_name, phone, true, ${grams("link_name || ' ' || phone")} from customers where ${added}`);
    await tx.execute(sql`insert into customer_contacts (enterprise_id, customer_id, name, phone, is_primary, search_grams)
      select enterprise_id, id, '副' || link_name, '15' || lpad(id::text, 9, '0'), false, ${grams("'副' || link_name || ' 15' || lpad(id::text, 9, '0')")}
      from customers where ${added} and id % 4 = 0`);
    const areas = sql.raw(`(values ${AREAS.map((a, i) => `(${i}, '${a.join("','")}')`).join(',')}) as a(i, pc, cc, dc, p, c, d)`);
    await tx.execute(sql`insert into customer_addresses (enterprise_id, customer_id, province_code, city_code, district_code, province, city,
        district, detail, full_address, map_name, is_default, search_grams)
      select x.enterprise_id, x.id, a.pc, a.cc, a.dc, a.p, nullif(a.c, ''), a.d, x.detail, a.p || a.c || a.d || x.detail, x.map_name, true,
        ${grams("a.p || a.c || a.d || x.detail || ' ' || x.map_name")}
      from (select enterprise_id, id, '科技路' || (id % 999) || '号' as detail, (${arr(WORDS)})[1 + id % ${WORDS.length}] || '大厦' as map_name
            from customers where ${added}) x
      join ${areas} on a.i = x.id % ${AREAS.length}`);
    await tx.execute(sql`insert into tag_links (enterprise_id, obj_type, obj_id, tag_id)
      select c.enterprise_id, 4, c.id, t.id from customers c
      join (select row_number() over (order by id) - 1 as i, id from tags where enterprise_id = ${ep} and code = 4) t on t.i = c.id % 10
      where c.enterprise_id = ${ep} and c.id > ${Number(last?.id ?? 0)}`);
  });
  await db.execute(sql`analyze customers`);
  await db.execute(sql`analyze customer_contacts`);
  await db.execute(sql`analyze customer_addresses`);
  await db.execute(sql`analyze tag_links`);
  return { customers: n, ...(await ids()), reused: false };
}
