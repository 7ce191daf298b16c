// The statements of the user list's export (user-export.ts): its count and keyset pages.
import { roleName } from '@sk/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import { userWhere } from '../org/index';
import type { UserExportParams } from './files.types';

/** The list's own filters (org/user.query.ts), narrowed to the selected rows when given. */
const whereOf = (enterpriseId: number, p: UserExportParams): SQL =>
  p.ids?.length
    ? sql`${userWhere(enterpriseId, p)} and u.id in (${sql.join(
        p.ids.map((i) => sql`${i}`),
        sql`, `,
      )})`
    : userWhere(enterpriseId, p);

interface UserExportRaw {
  id: number;
  name: string;
  mobile: string;
  department: string | null;
  roles: number[] | null;
  enabled: boolean;
}

/** Exact, unlike the list's capped count: the download centre shows the export's progress against it. */
export async function countExportUsers(ex: Executor, enterpriseId: number, p: UserExportParams): Promise<number> {
  const [r] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from users u where ${whereOf(enterpriseId, p)}`);
  return r?.n ?? 0;
}

/** One keyset page, newest first: the users with ids below `before` (all when null). */
export function exportUsersPage(ex: Executor, enterpriseId: number, p: UserExportParams, before: number | null, limit: number): Promise<UserExportRaw[]> {
  return rows<UserExportRaw>(
    ex,
    sql`select u.id, u.name, u.mobile, d.name as department, u.roles, u.enabled from users u
        left join departments d on d.enterprise_id = u.enterprise_id and d.id = u.dept_id
        where ${whereOf(enterpriseId, p)} ${before == null ? sql`` : sql`and u.id < ${before}`}
        order by u.id desc limit ${limit}`,
  );
}

/** A user as the export's row shows it. */
export const toUserExportRow = (r: UserExportRaw) => ({
  name: r.name,
  mobile: r.mobile,
  department: r.department ?? '',
  roles: (r.roles ?? []).map(Number).map(roleName).join('、'),
  enabled: r.enabled ? '启用' : '停用',
});
