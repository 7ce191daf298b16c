import * as shared from '@sk/shared';
import type { EndpointDef } from '@sk/shared';

/** The Chinese name of each contract table's area, the first half of a derived summary. */
const AREAS: Record<string, string> = {
  account: '账号与登录',
  activity: '操作记录',
  announcements: '公告',
  apiDocs: '接口文档',
  approvals: '审批',
  area: '地区',
  automation: '自动化规则',
  badgeCount: '待办数',
  calls: '呼叫中心',
  case: '案例库',
  channels: '渠道接入',
  claims: '运费报销',
  complaint: '客户投诉',
  contract: '合同',
  customer: '客户',
  customerImport: '客户导入',
  customerParts: '联系人、地址与设备',
  cycle: '周期服务',
  desk: '服务台',
  dict: '数据字典',
  dispatch: '派单',
  event: '事件',
  eventSetting: '事件设置',
  eventSla: '事件时效',
  exchange: '换货',
  fault: '故障模式',
  feeStandard: '收费标准',
  files: '文件',
  forms: '表单模板',
  goods: '备件申领',
  homeAccount: '客户账号',
  im: '在线客服',
  knowledge: '知识库',
  menu: '菜单',
  moneyItem: '费用项目',
  notices: '通知中心',
  orderActions: '工单处理',
  order: '工单',
  orderCounts: '工单数',
  orderCreate: '新建工单',
  orderDetail: '工单详情',
  orderList: '工单列表',
  orderMoney: '工单费用',
  orderReconcile: '工单对账',
  org: '组织架构',
  pool: '工单池',
  portal: '客户门户',
  preferences: '个人设置',
  process: '流程设置',
  product: '产品',
  project: '项目',
  projectParts: '项目文件与物料',
  providerConsole: '服务商',
  quickDeploy: '快速部署',
  quotation: '报价',
  repair: '寄修',
  reports: '报表',
  rewards: '奖惩',
  rolePower: '角色权限',
  schedule: '排班调度',
  search: '搜索',
  settings: '系统设置',
  settle: '结算',
  sla: '工单时效',
  spares: '备件',
  subscriptions: '消息订阅',
  tags: '标签',
  team: '服务团队',
  visits: '回访',
  warrantyExt: '延保',
};

/** What a contract key's first word says it does (`addCustomer` → 新增); a key whose first word is not here: the method. */
const VERB_WORDS: [string, string[]][] = [
  ['查询', ['list', 'page', 'query', 'queries', 'search', 'find', 'get', 'my', 'mine', 'all', 'select', 'simple', 'tree', 'options']],
  ['查看详情', ['detail', 'detailed', 'info', 'view', 'preview']],
  ['统计', ['count', 'counts', 'statistics', 'stat', 'report']],
  ['新增', ['add', 'create', 'new', 'register', 'insert', 'book']],
  ['保存', ['save', 'put', 'keep']],
  ['修改', ['edit', 'update', 'modify', 'change', 'set', 'reset']],
  ['删除', ['del', 'delete', 'remove', 'purge']],
  ['导出', ['export']],
  ['导入', ['import']],
  ['上传', ['upload']],
  ['下载', ['download']],
  ['提交', ['submit', 'apply']],
  ['审批', ['approve', 'examine', 'decide', 'audit']],
  ['驳回', ['reject', 'refuse']],
  ['撤回', ['cancel', 'revoke', 'withdraw', 'recall']],
  ['完成', ['close', 'finish', 'complete']],
  ['开始', ['start', 'begin', 'resume']],
  ['暂停', ['pause']],
  ['恢复', ['reopen', 'restore', 'recovery']],
  ['发送', ['send', 'resend', 'notify']],
  ['校验', ['check']],
  ['领取', ['grab', 'take', 'receive', 'accept', 'claim']],
  ['指派', ['assign', 'dispatch', 'designate', 'transfer', 'handover', 'delegate']],
  ['启用或停用', ['enable', 'enabled', 'disable']],
  ['排序', ['sort']],
  ['登录', ['login']],
  ['退出登录', ['logout']],
];
const VERBS = new Map(VERB_WORDS.flatMap(([verb, words]) => words.map((w) => [w, verb] as const)));
/** A key's words in lower case: batchDeleteFile → batch, delete, file. */
const wordsOf = (key: string): string[] =>
  key
    .split(/(?=[A-Z])|[^A-Za-z]+/)
    .map((w) => w.toLowerCase())
    .filter(Boolean);
const METHOD_VERBS: Record<string, string> = { GET: '查询', POST: '提交', PUT: '修改', DELETE: '删除' };

export interface ContractName {
  /** The contract table's name without "Contract" (customerContract → customer). */
  table: string;
  key: string;
}

/** Every contract packages/shared exports, by object: its table and key (a contract in two tables: the first by name). */
let names: Map<EndpointDef, ContractName> | null = null;
export function contractName(ep: EndpointDef): ContractName | undefined {
  if (!names) {
    names = new Map();
    const isEndpoint = (e: unknown): e is EndpointDef => !!e && typeof e === 'object' && 'method' in e && 'path' in e;
    const tables = Object.entries(shared)
      .filter(([, v]) => v && typeof v === 'object' && Object.values(v).length > 0 && Object.values(v).every(isEndpoint))
      .sort(([a], [b]) => a.localeCompare(b)) as [string, Record<string, EndpointDef>][];
    for (const [table, eps] of tables) {
      for (const [key, e] of Object.entries(eps)) if (!names.has(e)) names.set(e, { table: table.replace(/Contract$/, ''), key });
    }
  }
  return names.get(ep);
}

/** `customer` + `addCustomer` → customer.addCustomer: unique across the document (a dot cannot occur in either half) and stable while the contract keeps its name. */
export const operationIdOf = (n: ContractName): string => `${n.table}.${n.key}`;

/**
 * The operation's Chinese summary: the contract's own title when it has one, else its area and what the key's
 * first words say it does, with the key (客户：新增（addCustomer）).
 */
export function summaryOf(ep: EndpointDef, n: ContractName | undefined, fallbackKey: string): string {
  if (ep.title) return ep.title;
  const key = n?.key ?? fallbackKey;
  const words = wordsOf(key);
  // "batch" says how, not what: the next word does.
  const first = words.includes('login') ? 'login' : words[0] === 'batch' ? words[1] : words[0];
  const verb = (first && VERBS.get(first)) ?? METHOD_VERBS[ep.method] ?? '调用';
  const area = n ? (AREAS[n.table] ?? n.table) : '接口';
  return `${area}：${verb}（${key}）`;
}
