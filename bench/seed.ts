import { sql } from 'drizzle-orm';
import { type Db, rows } from '../apps/server/src/db/client';
import { hashPassword } from '../apps/server/src/platform/crypto';

export const BENCH_ENTERPRISE = '压测企业';
export const BENCH_ADMIN_MOBILE = '17000000000';
export const BENCH_PASSWORD = 'bench1234';
const DEPTS = 200;

export interface Seeded {
  enterpriseId: number;
  users: number;
  deptId: number;
  reused: boolean;
}

/** Reuses the bench enterprise of an earlier run on the same database when it is already full. */
async function existing(db: Db, users: number): Promise<Seeded | null> {
  const [e] = await rows<{ id: number; n: number; dept: number }>(
    db,
    sql`select e.id, (select count(*) from users u where u.enterprise_id = e.id)::int as n,
          (select min(id) from departments d where d.enterprise_id = e.id) as dept
        from enterprises e where e.name = ${BENCH_ENTERPRISE} order by e.id limit 1`,
  );
  return e && Number(e.n) >= users ? { enterpriseId: Number(e.id), users: Number(e.n), deptId: Number(e.dept), reused: true } : null;
}

/** One large VIP enterprise: DEPTS departments and `users` staff written by generate_series, plus an admin to log in as. */
export async function seedLarge(db: Db, users: number): Promise<Seeded> {
  const found = await existing(db, users);
  if (found) return found;
  const hash = await hashPassword(BENCH_PASSWORD);
  return db.transaction(async (tx) => {
    const [e] = await rows<{ id: number }>(
      tx,
      sql`insert into enterprises (name, is_charge_user, package_name, buy_person_num, ep_service_expire_time)
          values (${BENCH_ENTERPRISE}, 1, 'VIP版', ${users * 2}, now() + interval '365 days') returning id`,
    );
    const ep = Number(e?.id);
    const depts = await rows<{ id: number }>(
      tx,
      sql`insert into departments (enterprise_id, name, sort)
          select ${ep}, '部门' || g, g from generate_series(1, ${DEPTS}) g returning id`,
    );
    const ids = depts.map((d) => Number(d.id));
    await tx.execute(sql`insert into users (enterprise_id, mobile, name, roles, sysrole, admin, dept_id, password_hash)
        values (${ep}, ${BENCH_ADMIN_MOBILE}, '压测管理员', '{3}', 3, true, ${ids[0]}, ${hash})`);
    await tx.execute(sql`insert into users (enterprise_id, mobile, name, roles, sysrole, dept_id, enabled)
        select ${ep}, '17' || lpad(g::text, 9, '0'), '员工' || g, array[(g % 10) + 1]::smallint[], (g % 10) + 1,
               (${sql.raw(`'{${ids.join(',')}}'`)}::bigint[])[1 + g % ${DEPTS}], g % 50 <> 0
        from generate_series(1, ${users - 1}) g`);
    return { enterpriseId: ep, users, deptId: ids[1] ?? ids[0] ?? 0, reused: false };
  });
}

/** Logs a bench user in through the API; answers the session cookie. */
export async function benchLogin(base: string, enterpriseId: number, mobile = BENCH_ADMIN_MOBILE): Promise<string> {
  const res = await fetch(`${base}/api/stand/pwdLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile, password: BENCH_PASSWORD, enterpriseId }),
  });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!cookie.startsWith('sk_sid=')) throw new Error(`login failed: ${await res.text()}`);
  return cookie;
}
