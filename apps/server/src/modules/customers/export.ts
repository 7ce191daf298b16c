import { CUSTOMER_LEVELS, CUSTOMER_SOURCES, type CustomerFilters } from '@sk/shared';
import { keysetPages, registerExport } from '../../platform/exports';
import { countForExport, customersBefore } from './customers.repo';

export const CUSTOMER_EXPORT = 'customers';

type Params = Partial<CustomerFilters> & { ids?: number[] };

const label = (table: Record<number, string>, n: number | null) => (n == null ? '' : (table[n] ?? ''));

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireExport(): void {
  /** The customer list through the download centre, with the list's filters and the viewer's scope. */
  registerExport<Params>(CUSTOMER_EXPORT, {
    title: '客户列表',
    columns: [
      { key: 'name', header: '客户名称', width: 28 },
      { key: 'code', header: '客户编号' },
      { key: 'linkperson', header: '联系人' },
      { key: 'phone', header: '联系电话' },
      { key: 'address', header: '地址', width: 40 },
      { key: 'tags', header: '客户标签' },
      { key: 'businessUserName', header: '负责销售' },
      { key: 'serviceGroupName', header: '服务团队' },
      { key: 'source', header: '客户来源' },
      { key: 'level', header: '客户等级' },
      { key: 'createUserName', header: '创建人' },
      { key: 'create_time', header: '创建时间', width: 20 },
    ],
    count: (ex, user, params) => countForExport(ex, user, params),
    rows: async function* (ex, user, params) {
      const v = user;
      for await (const page of keysetPages((before, limit) => customersBefore(ex, v, params, before, limit))) {
        yield page.map((r) => ({
          ...r,
          tags: r.tags.map((t) => t.name).join('、'),
          source: label(CUSTOMER_SOURCES, r.source),
          level: label(CUSTOMER_LEVELS, r.level),
        }));
      }
    },
  });
}
