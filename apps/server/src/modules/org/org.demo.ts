import { sql } from 'drizzle-orm';
import { rows, type Tx } from '../../db/client';
import { areaCodes } from '../../platform/geo/areas';

/**
 * The demo enterprise's field teams (docs/decisions.md, "Demo"): six regional engineers beside 李服务, each in a regional team
 * with skills (pool eligibility), the provinces he covers and a last known position in his city, so the dispatch
 * map, the nearest-engineer list and the board look like a working day. Mobiles 13810000001…06, the demo password.
 */
export interface DemoEngineer {
  mobile: string;
  name: string;
  team: string;
  skills: string[];
  /** Provinces he covers (names as in the area table). */
  provinces: string[];
  /** Where he was last seen: a spot in his home city. */
  at: [lat: number, lng: number];
  /** Cities (as the customers' addresses name them) he serves first. */
  cities: string[];
  /** Where his day starts (pool_profiles' base): the city crew's, none for the regional engineers. */
  base?: [lat: number, lng: number];
}

export const DEMO_ENGINEERS: DemoEngineer[] = [
  {
    mobile: '13810000001',
    name: '周建华',
    team: '华东空调组',
    skills: ['空调', '制冷'],
    provinces: ['上海市', '江苏省'],
    at: [31.2235, 121.5447],
    cities: ['上海市', '南京市', '无锡市'],
  },
  {
    mobile: '13810000002',
    name: '吴志强',
    team: '华东空调组',
    skills: ['空调', '净水'],
    provinces: ['浙江省', '上海市'],
    at: [30.2741, 120.1301],
    cities: ['杭州市', '宁波市', '合肥市'],
  },
  {
    mobile: '13810000003',
    name: '郑海峰',
    team: '电梯维保组',
    skills: ['电梯', '发电机'],
    provinces: ['江苏省', '山东省'],
    at: [31.2697, 120.6318],
    cities: ['苏州市', '青岛市', '济南市'],
  },
  {
    mobile: '13810000004',
    name: '孙立新',
    team: '华北服务组',
    skills: ['发电机', '空压机', '机床'],
    provinces: ['北京市', '天津市', '辽宁省'],
    at: [39.9593, 116.2981],
    cities: ['北京市', '天津市', '大连市', '郑州市'],
  },
  {
    mobile: '13810000005',
    name: '林少杰',
    team: '华南服务组',
    skills: ['空调', '机床'],
    provinces: ['广东省', '福建省'],
    at: [22.5333, 113.9305],
    cities: ['深圳市', '广州市', '佛山市', '厦门市'],
  },
  {
    mobile: '13810000006',
    name: '何文斌',
    team: '西南服务组',
    skills: ['电梯', '空调', '净水'],
    provinces: ['四川省', '重庆市', '湖北省'],
    at: [30.6415, 104.0431],
    cities: ['成都市', '重庆市', '武汉市', '长沙市', '西安市', '昆明市'],
  },
];

/**
 * 上海城区服务组: the city crew of the demo's Monday (demo/monday.demo.ts, docs/decisions.md "Demo"), five engineers
 * based across Shanghai (each with a base where his day starts, the province as his area), beside 周建华 of 华东空调组.
 * Mobiles 13810000007…11. They are not regional engineers: the month, the events and the stock leave them out.
 */
const crew = (mobile: string, name: string, skills: string[], at: [lat: number, lng: number]): DemoEngineer => ({
  mobile,
  name,
  team: '上海城区服务组',
  skills,
  provinces: ['上海市'],
  at,
  cities: ['上海市'],
  base: at,
});
export const DEMO_CITY_CREW: DemoEngineer[] = [
  crew('13810000007', '陈国栋', ['空调', '制冷'], [31.1706, 121.4012]), // 徐汇 漕河泾
  crew('13810000008', '王海涛', ['电梯', '发电机'], [31.2452, 121.3926]), // 普陀 长风
  crew('13810000009', '李明辉', ['空调', '净水'], [31.2998, 121.5139]), // 杨浦 五角场
  crew('13810000010', '张磊', ['空压机', '机床', '发电机'], [31.1113, 121.3853]), // 闵行 莘庄
  crew('13810000011', '刘凯', ['空调', '电梯', '净水'], [31.2036, 121.5902]), // 浦东 张江
];

/** The demo engineers as they were saved (id and the plan above), in the order of the list (DEMO_ENGINEERS); empty elsewhere. */
export async function demoEngineers(tx: Tx, enterpriseId: number, list: DemoEngineer[] = DEMO_ENGINEERS): Promise<(DemoEngineer & { id: number })[]> {
  const found = await rows<{ id: number; mobile: string }>(
    tx,
    sql`select id::int as id, mobile from users where enterprise_id = ${enterpriseId} and deleted_at is null and enabled
      and mobile = any(${`{${list.map((e) => e.mobile).join(',')}}`}::text[])`,
  );
  return list.flatMap((e) => {
    const u = found.find((f) => f.mobile === e.mobile);
    return u ? [{ ...e, id: u.id }] : [];
  });
}

/** Adds the engineers (the regional ones, then the city crew), their teams (the first engineer of a team leads it), skills, areas and positions. */
export async function demoTeams(tx: Tx, enterpriseId: number): Promise<void> {
  const [admin] = await rows<{ hash: string | null }>(
    tx,
    sql`select password_hash as hash from users where enterprise_id = ${enterpriseId} and admin and deleted_at is null order by id limit 1`,
  );
  const [dept] = await rows<{ id: number }>(
    tx,
    sql`select id::int as id from departments where enterprise_id = ${enterpriseId} and name = '技术服务部' order by id limit 1`,
  );
  const teams = new Map<string, number>();
  const all = [...DEMO_ENGINEERS, ...DEMO_CITY_CREW];
  for (const e of all) {
    const [u] = await rows<{ id: number }>(
      tx,
      sql`insert into users (enterprise_id, mobile, name, roles, sysrole, dept_id, password_hash)
        values (${enterpriseId}, ${e.mobile}, ${e.name}, '{2}'::smallint[], 2, ${dept?.id ?? null}, ${admin?.hash ?? null})
        on conflict do nothing returning id::int as id`,
    );
    if (!u) return; // seeded before
    let team = teams.get(e.team);
    if (team == null) {
      const [g] = await rows<{ id: number }>(
        tx,
        sql`insert into service_groups (enterprise_id, name, type, leader_id, remark)
          values (${enterpriseId}, ${e.team}, 1, ${u.id}, ${`负责${e.provinces.join('、')}`}) returning id::int as id`,
      );
      team = g!.id;
      teams.set(e.team, team);
    }
    await tx.execute(sql`insert into service_group_members (enterprise_id, group_id, user_id) values (${enterpriseId}, ${team}, ${u.id})`);
    const codes = e.provinces.flatMap((p) => areaCodes(p, '', '')?.provinceCode ?? []);
    await tx.execute(sql`insert into pool_profiles (enterprise_id, user_id, area_codes, skills, base_lat, base_lng)
      values (${enterpriseId}, ${u.id}, ${`{${codes.join(',')}}`}::text[], ${`{${e.skills.join(',')}}`}::text[], ${e.base?.[0] ?? null}, ${e.base?.[1] ?? null})`);
    // As if he had allowed the phone to share its position (docs/decisions.md: demo engineers' positions).
    await tx.execute(sql`insert into engineer_positions (enterprise_id, user_id, latitude, longitude, accuracy, reported_at)
      values (${enterpriseId}, ${u.id}, ${e.at[0]}, ${e.at[1]}, 25, now() - make_interval(mins => ${5 + all.indexOf(e) * 7}))
      on conflict (enterprise_id, user_id) do nothing`);
  }
}
