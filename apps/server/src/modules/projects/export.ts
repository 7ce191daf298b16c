import { PROJECT_EXPORT_NAME, PROJECT_STATES, type ProjectFilters } from '@sk/shared';
import { keysetPages, registerExport } from '../../platform/exports';
import { productCount, productList } from './parts.service';
import { countProjects, projectsBefore } from './projects.repo';

export const PROJECT_EXPORT = 'projects';
type Params = Partial<ProjectFilters> & { ids?: number[] };

export const PROJECT_PRODUCT_EXPORT = 'project_products';

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireExport(): void {
  /** The project list through the download centre; the default file name is the spec's plus the date. */
  registerExport<Params>(PROJECT_EXPORT, {
    title: PROJECT_EXPORT_NAME,
    columns: [
      { key: 'project_no', header: '项目编号', width: 22 },
      { key: 'name', header: '项目名称', width: 30 },
      { key: 'project_tmpl_name', header: '项目模板', width: 20 },
      { key: 'project_state', header: '状态' },
      { key: 'customer_name', header: '客户', width: 28 },
      { key: 'create_user_name', header: '创建人' },
      { key: 'create_time', header: '创建时间', width: 20 },
      { key: 'finish_time', header: '完成时间', width: 20 },
      { key: 'progress_speed', header: '进度' },
    ],
    count: (ex, user, p) => countProjects(ex, user, p),
    rows: async function* (ex, user, p) {
      const v = user;
      for await (const page of keysetPages((before, limit) => projectsBefore(ex, v, p, before, limit))) {
        yield page.map((r) => ({ ...r, project_state: PROJECT_STATES[r.project_state as keyof typeof PROJECT_STATES]?.label ?? '' }));
      }
    },
  });

  /** A project's products through the download centre (POST /export/project/product). */
  registerExport<{ projectId: number }>(PROJECT_PRODUCT_EXPORT, {
    title: '项目产品',
    columns: [
      { key: 'name', header: '产品名称', width: 28 },
      { key: 'model', header: '型号', width: 20 },
      { key: 'quantity', header: '数量' },
      { key: 'saleContractNo', header: '销售合同', width: 22 },
    ],
    count: (ex, user, p) => productCount(ex, user, p.projectId),
    rows: async function* (ex, user, p) {
      const v = user;
      for (let pageIndex = 0; ; pageIndex++) {
        const page = await productList(ex, v, p.projectId, { pageIndex, pageSize: 1000 });
        if (page.length) yield page;
        if (page.length < 1000) return;
      }
    },
  });
}
