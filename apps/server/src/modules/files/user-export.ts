import { roleName, type UserFilters } from '@sk/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/client';
import { keysetPages, registerExport } from '../../platform/exports';
import { userWhere } from '../org/user.list.repo';

/** What POST /export/user stores: GET /v2/user/list's filters, and optionally the selected rows. */
export type UserExportParams = UserFilters & { ids?: number[] };

/** The list's own filters (org/user.query.ts), narrowed to the selected rows when given. */
const whereOf = (enterpriseId: number, p: UserExportParams) =>
  p.ids?.length
    ? sql`${userWhere(enterpriseId, p)} and u.id in (${sql.join(
        p.ids.map((i) => sql`${i}`),
        sql`, `,
      )})`
    : userWhere(enterpriseId, p);

interface Raw {
  id: number;
  name: string;
  mobile: string;
  department: string | null;
  roles: number[] | null;
  enabled: boolean;
}

async function count(ex: Executor, enterpriseId: number, p: UserExportParams): Promise<number> {
  // Exact, unlike the list's capped count: the download centre shows the export's progress against it.
  const [r] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from users u where ${whereOf(enterpriseId, p)}`);
  return r?.n ?? 0;
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireUserExport(): void {
  registerExport<UserExportParams>('user', {
    title: '人员列表',
    columns: [
      { key: 'name', header: '姓名', width: 16 },
      { key: 'mobile', header: '手机号', width: 16 },
      { key: 'department', header: '部门', width: 20 },
      { key: 'roles', header: '角色', width: 30 },
      { key: 'enabled', header: '状态', width: 10 },
    ],
    count: (ex, user, p) => count(ex, user.enterpriseId, p),
    rows: async function* (ex, user, p) {
      const pages = keysetPages((before, limit) =>
        rows<Raw>(
          ex,
          sql`select u.id, u.name, u.mobile, d.name as department, u.roles, u.enabled from users u
              left join departments d on d.enterprise_id = u.enterprise_id and d.id = u.dept_id
              where ${whereOf(user.enterpriseId, p)} ${before == null ? sql`` : sql`and u.id < ${before}`}
              order by u.id desc limit ${limit}`,
        ),
      );
      for await (const page of pages) {
        yield page.map((r) => ({
          name: r.name,
          mobile: r.mobile,
          department: r.department ?? '',
          roles: (r.roles ?? []).map(Number).map(roleName).join('、'),
          enabled: r.enabled ? '启用' : '停用',
        }));
      }
    },
  });
}
