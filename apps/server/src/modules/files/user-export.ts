import { keysetPages, registerExport } from '../../platform/exports';
import { countExportUsers, exportUsersPage, toUserExportRow } from './user-export.repo';

/** What POST /export/user stores: GET /v2/user/list's filters, and optionally the selected rows. */
export type { UserExportParams } from './files.types';
import type { UserExportParams } from './files.types';

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
    count: (ex, user, p) => countExportUsers(ex, user.enterpriseId, p),
    rows: async function* (ex, user, p) {
      const pages = keysetPages((before, limit) => exportUsersPage(ex, user.enterpriseId, p, before, limit));
      for await (const page of pages) yield page.map(toUserExportRow);
    },
  });
}
