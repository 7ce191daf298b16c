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
