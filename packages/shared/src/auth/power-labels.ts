// Readable Chinese names of every power code, and the tree the role editor (角色权限) shows them in:
// menu group → menu entry (its page) → the actions under it.
import { MENU_ENTRIES, MENU_GROUPS, PROVIDER_GROUP, PROVIDER_ONLY_ENTRIES } from './menus';
import { ALL_POWERS, POWERS } from './powers';

/** Powers that are not a menu entry's page, with their names. */
const ACTION_LABELS: Record<string, string> = {
  [POWERS.quickDeploy]: '快速部署',
  [POWERS.spareDetail]: '查看备件详情',
  [POWERS.systemSetting]: '系统设置（设置分组的入口）',
  [POWERS.chart]: '报表（工单统计、超时统计、运营报表、质量分析）',
  [POWERS.orgManage]: '管理部门和人员',
  [POWERS.tagManage]: '管理标签',
  [POWERS.export]: '导出数据（下载中心）',
  [POWERS.statusSet]: '设置自己的工作状态',
  [POWERS.customerAdd]: '新建客户（含智能填写）',
  [POWERS.customerEdit]: '编辑客户、批量标签、数据权限',
  [POWERS.customerDelete]: '删除、批量删除客户',
  [POWERS.customerImport]: '导入客户、导入设备',
  [POWERS.contactEdit]: '新增、编辑、删除联系人',
  [POWERS.addressEdit]: '新增、编辑、删除地址，设为默认',
  [POWERS.installedEdit]: '登记、编辑、删除设备',
  [POWERS.contractEdit]: '新建、编辑、提交合同',
  [POWERS.contractDelete]: '删除合同',
  [POWERS.knowledgeEdit]: '编写知识库文章和分类',
};

/** Where an action power sits in the tree: under the power of the page it acts on. */
const ACTION_PARENT: Record<string, string> = {
  [POWERS.customerAdd]: 'menu_AllCustomer',
  [POWERS.customerEdit]: 'menu_AllCustomer',
  [POWERS.customerDelete]: 'menu_AllCustomer',
  [POWERS.customerImport]: 'menu_AllCustomer',
  [POWERS.contractEdit]: 'menu_AllCustomer',
  [POWERS.contractDelete]: 'menu_AllCustomer',
  [POWERS.contactEdit]: 'menu_ContactManage',
  [POWERS.addressEdit]: 'menu_AddressManage',
  [POWERS.installedEdit]: 'menu_ProductManage',
  [POWERS.spareDetail]: 'menu_SpareList',
  [POWERS.knowledgeEdit]: 'menu_Knowledge',
  [POWERS.orgManage]: 'menu_OrganizationalStructure',
  [POWERS.tagManage]: POWERS.systemSetting,
  [POWERS.quickDeploy]: POWERS.systemSetting,
};

/** Powers of no page or group: the 通用 branch. */
const COMMON_POWERS: string[] = [POWERS.export, POWERS.statusSet];

/** A menu power's name: the names of the entries it opens (销售合同 and 维保合同 share 全部客户's). */
function menuLabel(power: string): string | undefined {
  const staff = MENU_ENTRIES.filter((e) => e.power === power).map((e) => e.name);
  if (staff.length) return [...new Set(staff)].join('、');
  const provider = PROVIDER_ONLY_ENTRIES.filter((e) => e.power === power).map((e) => e.name);
  return provider.length ? `${provider.join('、')}（服务商菜单）` : undefined;
}

/** Every power code's Chinese name. */
export const POWER_LABELS: Record<string, string> = Object.fromEntries(ALL_POWERS.map((p) => [p, ACTION_LABELS[p] ?? menuLabel(p) ?? p]));

export const powerLabel = (code: string): string => POWER_LABELS[code] ?? code;

export interface PowerNode {
  power: string;
  label: string;
  children: PowerNode[];
}
export interface PowerGroup {
  key: string;
  title: string;
  nodes: PowerNode[];
}

const node = (power: string): PowerNode => ({
  power,
  label: powerLabel(power),
  children: Object.keys(ACTION_PARENT)
    .filter((a) => ACTION_PARENT[a] === power)
    .map(node),
});

/** Each group's page powers in menu order, once each (the settings group starts with its own entry power). */
function groupPowers(groupId: number): string[] {
  const head = groupId === 8 ? [POWERS.systemSetting] : [];
  return [...new Set([...head, ...MENU_ENTRIES.filter((e) => e.parentId === groupId).map((e) => e.power)])];
}

/** The role editor's tree: every power exactly once. */
export const POWER_TREE: PowerGroup[] = [
  ...MENU_GROUPS.map((g) => ({ key: g.routerName, title: g.name, nodes: groupPowers(g.id).map(node) })),
  { key: PROVIDER_GROUP.routerName, title: PROVIDER_GROUP.name, nodes: [...new Set(PROVIDER_ONLY_ENTRIES.map((e) => e.power))].map(node) },
  { key: 'common', title: '通用', nodes: COMMON_POWERS.map(node) },
];

/** Every power of the tree, depth first (tests: each power once). */
export const powersOfTree = (tree: PowerGroup[] = POWER_TREE): string[] => {
  const walk = (n: PowerNode): string[] => [n.power, ...n.children.flatMap(walk)];
  return tree.flatMap((g) => g.nodes.flatMap(walk));
};
