import { z } from 'zod';
import { POWERS } from '../auth/powers';
import { endpoint } from '../common/contract';
import { pageQuery } from '../common/pagination';
import { id, idList, L } from '../common/zod';
import { moneyItemRow } from './forms.views';

/** A table or page key: the route path the list lives on ('/allOrder'), or a name of the web's choosing. */
const viewKey = (label: string) =>
  L(
    z
      .string()
      .trim()
      .min(1, `请指定${label}`)
      .max(100, `${label}不能超过100个字符`)
      .regex(/^[\w/\-|.:]+$/, `${label}格式不正确`),
    label,
  );

export const tableColumn = z.object({
  key: L(z.string().trim().min(1, '列不能为空').max(100), '列'),
  width: L(z.coerce.number().int().min(60, '列宽不能小于60').max(2000, '列宽不能大于2000').nullable().default(null), '列宽'),
  fixed: L(z.enum(['left', 'right']).nullable().default(null), '固定'),
});
export type TableColumn = z.infer<typeof tableColumn>;

export const tableConfigRow = z.object({ tableKey: z.string(), columns: z.array(tableColumn), updateTime: z.string() });

const CONDITIONS_MAX = 10_000;
export const searchConditions = L(
  z.record(z.string(), z.unknown()).refine((o) => JSON.stringify(o).length <= CONDITIONS_MAX, `筛选条件不能超过${CONDITIONS_MAX}个字符`),
  '筛选条件',
);

export const searchPlan = z.object({
  id: z.number(),
  pageKey: z.string(),
  name: z.string(),
  conditions: z.record(z.string(), z.unknown()),
  isDefault: z.boolean(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type SearchPlan = z.infer<typeof searchPlan>;

const pageKey = viewKey('页面');
const planName = L(z.string().trim().min(1, '请输入方案名称').max(20, '方案名称不能超过20个字'), '方案名称');

/** Per-user preferences: table columns and saved search plans. */
export const preferencesContract = {
  tableParams: endpoint({
    method: 'GET',
    path: '/fr/table/cfg/parameter/list',
    query: z.object({ tableKey: viewKey('表格') }),
    response: z.array(tableColumn),
  }),
  tableList: endpoint({ method: 'GET', path: '/fr/table/cfg/list/table', response: z.array(tableConfigRow) }),
  tableUpdate: endpoint({
    method: 'POST',
    path: '/fr/table/cfg/update',
    body: z.object({ tableKey: viewKey('表格'), columns: L(z.array(tableColumn).max(200, '最多200列'), '列') }),
    response: z.null(),
  }),
  planCount: endpoint({ method: 'GET', path: '/search/plan/count', query: z.object({ pageKey }), response: z.number() }),
  planList: endpoint({ method: 'GET', path: '/search/plan/list', query: z.object({ pageKey }), response: z.array(searchPlan) }),
  planDetail: endpoint({ method: 'GET', path: '/search/plan/detail', query: z.object({ id: L(id, '方案') }), response: searchPlan }),
  planSave: endpoint({
    method: 'POST',
    path: '/search/plan/save',
    body: z.object({
      id: L(id.optional(), '方案'),
      pageKey,
      name: planName,
      conditions: searchConditions,
      isDefault: L(z.boolean().optional(), '默认方案'),
    }),
    response: z.object({ id: z.number() }),
  }),
  planDelete: endpoint({ method: 'DELETE', path: '/search/plan/delete', body: z.object({ id: L(id, '方案') }), response: z.null() }),
  planDefault: endpoint({ method: 'GET', path: '/search/plan/default', query: z.object({ pageKey }), response: searchPlan.nullable() }),
  planSetDefault: endpoint({
    method: 'POST',
    path: '/search/plan/set/default',
    body: z.object({ pageKey, id: L(id.nullable().optional(), '方案') }),
    response: z.null(),
  }),
};

const SET = POWERS.systemSetting;
const moneyIds = L(idList.pipe(z.array(z.number()).min(1, '请选择收费项目').max(200, '一次最多200项')), '收费项目');
const moneyBody = {
  name: L(z.string().trim().min(1, '请输入收费项目名称').max(30, '收费项目名称不能超过30个字'), '收费项目名称'),
  price: L(z.coerce.number({ error: '请输入数字' }).min(0, '单价不能小于0').max(99_999_999, '单价过大').multipleOf(0.01, '单价最多两位小数'), '单价'),
  unit: L(z.string().trim().max(10, '单位不能超过10个字').default(''), '单位'),
};

/** Money (fee) items of an order type, with their own recycle bin. */
export const moneyItemContract = {
  list: endpoint({ method: 'GET', path: '/v2/moneyItem/list', query: z.object({ tmpId: L(id.optional(), '工单类型') }), response: z.array(moneyItemRow) }),
  save: endpoint({
    method: 'POST',
    path: '/v2/moneyItem/save',
    power: SET,
    body: z.object({ tmpId: L(id, '工单类型'), ...moneyBody }),
    response: z.object({ id: z.number() }),
  }),
  update: endpoint({ method: 'PUT', path: '/v2/moneyItem/update', power: SET, body: z.object({ id: L(id, '收费项目'), ...moneyBody }), response: z.null() }),
  delete: endpoint({ method: 'DELETE', path: '/v2/moneyItem/delete', power: SET, body: z.object({ ids: moneyIds }), response: z.null() }),
  tmpDeleteList: endpoint({
    method: 'GET',
    path: '/v2/moneyItem/tmpDeleteList',
    power: SET,
    plan: 'recycleBin',
    query: pageQuery.extend({ tmpId: L(id.optional(), '工单类型') }),
    response: z.array(moneyItemRow),
  }),
  tmpDeleteListCount: endpoint({
    method: 'GET',
    path: '/v2/moneyItem/tmpDeleteListCount',
    power: SET,
    plan: 'recycleBin',
    query: z.object({ tmpId: L(id.optional(), '工单类型') }),
    response: z.number(),
  }),
  returnTmp: endpoint({
    method: 'PUT',
    path: '/v2/moneyItem/returnTmp',
    power: SET,
    plan: 'recycleBin',
    body: z.object({ ids: moneyIds }),
    response: z.null(),
  }),
};
