/**
 * Chinese labels for field names that recur across contracts, used where a field has no label of
 * its own (`L(schema, '标签')`). The contract label test fails on any input field that has neither.
 */
export const FIELD_LABELS: Record<string, string> = {
  id: '编号',
  ids: '选中项',
  name: '名称',
  type: '类型',
  code: '编码',
  value: '值',
  sort: '排序',
  remark: '备注',
  pageIndex: '页码',
  pageSize: '每页条数',
  keyword: '关键字',
  enabled: '启用状态',
  ticket: '登录凭证',
  client: '客户端',
  purpose: '用途',
  csrfToken: '安全令牌',
  ctoken: '安全令牌',
};

/*
 * Labels of the enumerations that more than one area shows: the one table the server (exports,
 * history, reports) and the web (lists, pool, board, map, filters) read, so one value never shows two names.
 */

/** Urgency / priority 1–3 of orders and events: 1 normal, 2 urgent, 3 very urgent. */
export const PRIORITY_LABELS = { 1: '普通', 2: '紧急', 3: '非常紧急' } as const;
export type Priority = keyof typeof PRIORITY_LABELS;
/** Tag colours of the priorities, as the order list shows them. */
export const PRIORITY_COLORS: Record<Priority, string> = { 1: 'default', 2: 'orange', 3: 'red' };
/** The label of a priority; '—' for none or an unknown value. */
export const priorityLabel = (p: number | null | undefined): string => (p == null ? '—' : (PRIORITY_LABELS[p as Priority] ?? '—'));

/** Service level 1–3. */
export const SERVICE_LEVELS = { 1: '一级', 2: '二级', 3: '三级' } as const;

/**
 * Order states (0–6 of the spec, 7 for awaiting approval), with their tag colours: dark shades of antd's palette, so
 * the state's text reaches 4.5:1 on the tag's light background (docs/accessibility.md); the map's pins use them too.
 */
export const ORDER_STATES = {
  0: { label: '待受理', color: '#9c5b00' },
  1: { label: '待派单', color: '#ad4e00' },
  2: { label: '待接单', color: '#006d75' },
  3: { label: '待服务', color: '#1668dc' },
  4: { label: '服务中', color: '#722ed1' },
  5: { label: '已完成', color: '#237804' },
  6: { label: '已取消', color: '#595959' },
  7: { label: '待审核', color: '#c41d7f' },
} as const;

/** Event display states 1–7, with their tag colours (readable on the tag's background, as the order states'). */
export const EVENT_STATES = {
  1: { label: '待分配', color: '#ad4e00' },
  2: { label: '待处理', color: '#1668dc' },
  3: { label: '处理中', color: '#722ed1' },
  4: { label: '升级处理', color: '#c41d7f' },
  5: { label: '已暂停', color: '#9c5b00' },
  6: { label: '已完成', color: '#237804' },
  7: { label: '已关闭', color: '#595959' },
} as const;

/** Project states and their tag colours; -1 in a filter means all. */
export const PROJECT_STATES = {
  0: { label: '未审批', color: 'blue' },
  1: { label: '进行中', color: 'green' },
  2: { label: '已完成', color: '#135200' },
} as const;

/** Project task states and their tag colours. */
export const TASK_STATES = {
  0: { label: '未完成', color: 'default' },
  1: { label: '已完成', color: 'green' },
  2: { label: '已禁用', color: 'default' },
  3: { label: '审批中', color: 'orange' },
} as const;
