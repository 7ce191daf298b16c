import { describe, expect, it } from 'vitest';
import type { Actor } from '../../platform/actor';
import { pageRows } from '../../platform/list';
import { renderSqlSet } from '../../test/sql-snapshot';
import { PROJECT_ORDERS, projectPageSql, projectsBeforeSql, projectWhere } from './projects.repo';

/** The project list's SQL (projects.sql.snap): a change of it shows in the diff. `-u` rewrites the file. */

const admin: Actor = { id: 7, enterpriseId: 3, sysrole: 1, admin: true, powers: [], providerId: null, timeZone: 'Asia/Shanghai' };
const member: Actor = { ...admin, admin: false, sysrole: 2 };
const page = { pageIndex: 2, pageSize: 20 };
const list = (v: Actor, f: Parameters<typeof projectWhere>[1], order = PROJECT_ORDERS[1]) =>
  projectPageSql(v, pageRows('projects', 'p', v.enterpriseId, projectWhere(v, f), order, page), order);

describe('project list SQL', () => {
  it('matches projects.sql.snap', async () => {
    await expect(
      renderSqlSet({
        'all projects, no filter': list(admin, {}),
        'all projects by state and template, oldest first': list(admin, { project_state: 1, fk_t_project_tmpl_id: 4 }, PROJECT_ORDERS[2]),
        'all projects by creator, customer and created period': list(admin, {
          fk_t_create_user_id: 9,
          fk_t_customer_id: 11,
          start_create_time: '2026-03-01',
          end_create_time: '2026-03-31',
        }),
        'the projects a member is on': list(member, {}),
        'the export, a keyset page': projectsBeforeSql(admin, { project_state: 2 }, 500, 1000),
      }),
    ).toMatchFileSnapshot('./projects.sql.snap');
  });
});
