import { MENU_ENTRIES, PROVIDER_MENU_ROUTERS, PROVIDER_ONLY_ENTRIES } from './menus';
import type { RoleId } from './roles';

/** Named power codes the specification gives. */
export const POWERS = {
  createProject: '13002',
  quickDeploy: '09001',
  spareDetail: '05001',
  systemSetting: 'sh_system_setting',
  chart: 'chart_manage',
  /** Organisation: manage departments and users. */
  orgManage: 'org_manage',
  /** Tags of every kind. */
  tagManage: 'tag_manage',
  /** Download-centre exports. */
  export: 'data_export',
  /** Availability status of oneself. */
  statusSet: 'status_set',
  // Customer area (docs/permissions.md): seeing a page is its menu code; changing records needs these.
  customerAdd: 'customer_add',
  customerEdit: 'customer_edit',
  customerDelete: 'customer_delete',
  customerImport: 'customer_import',
  contactEdit: 'contact_edit',
  addressEdit: 'address_edit',
  installedEdit: 'installed_edit',
  contractEdit: 'contract_edit',
  contractDelete: 'contract_delete',
  /** Knowledge base: write articles and categories (docs/knowledge.md). */
  knowledgeEdit: 'knowledge_edit',
} as const;

export const ALL_POWERS: string[] = [...new Set([...Object.values(POWERS), ...[...MENU_ENTRIES, ...PROVIDER_ONLY_ENTRIES].map((e) => e.power)])];

const menus = (...routers: string[]): string[] => [...MENU_ENTRIES, ...PROVIDER_ONLY_ENTRIES].filter((e) => routers.includes(e.routerName)).map((e) => e.power);

/** Adding and keeping up customers with their contacts, addresses and installed products (not deleting or importing). */
const CUSTOMER_UPKEEP = [POWERS.customerAdd, POWERS.customerEdit, POWERS.contactEdit, POWERS.addressEdit, POWERS.installedEdit];

const ORDER_DESK = ['AllOrder', 'CreateOrder', 'AcceptanceOrder', 'MyOrder', 'TeamworkOrder', 'SendMeOrder'];
const EVENT_DESK = ['NewEvent', 'ServiceCounter', 'Shelters', 'Myevent', 'Eventassigned'];

/** Each role's default powers. Role 3 (system administrator) holds all. */
export const ROLE_POWERS: Record<RoleId, string[]> = {
  1: [
    ...menus(
      ...ORDER_DESK,
      'AssignOrder',
      'OrderHighSeas',
      'AbnormalOrder',
      'DueOrder',
      'ExamineOrder',
      'OrderRubbish',
      'TemplateView',
      ...EVENT_DESK,
      'ServiceOrder',
      // 工单管理: the provider orders and their settlement state (docs/settlement.md); a provider's user never holds it.
      'OrderManagement',
      'AllCustomer',
      'ContactManage',
      'AddressManage',
      'ProductManage',
      'AllProduct',
      'ScheduleList',
      'ScheduleReport',
      'AllProject',
      'ApprovalProcessList',
      'CaseManagement',
      'Knowledge',
    ),
    ...CUSTOMER_UPKEEP,
    POWERS.knowledgeEdit,
    POWERS.export,
    POWERS.statusSet,
  ],
  2: [
    ...menus(
      'MyOrder',
      'TeamworkOrder',
      'OrderHighSeas',
      'Myevent',
      'Shelters',
      'SpareMine',
      'SpareGet',
      'AllCustomer',
      'ScheduleList',
      'ServiceOrder',
      'ApprovalProcessList',
      'Knowledge',
    ),
    POWERS.statusSet,
  ],
  3: ALL_POWERS,
  4: [...menus('CreateOrder', 'MyOrder', 'SendMeOrder', 'NewEvent', 'Myevent', 'Knowledge'), POWERS.statusSet],
  5: [
    ...menus(
      'AllOrder',
      'CreateOrder',
      'MyOrder',
      'AllCustomer',
      'ContactManage',
      'AddressManage',
      'ProductManage',
      'AllProduct',
      'QuotationList',
      // 延保管理: the salesperson sells extended warranties on his customers' products (docs/commerce.md).
      'ExtendWarranty',
      'Knowledge',
    ),
    ...CUSTOMER_UPKEEP,
    POWERS.contractEdit,
    POWERS.contractDelete,
    POWERS.export,
    POWERS.statusSet,
  ],
  6: [
    ...menus(
      ...ORDER_DESK,
      ...EVENT_DESK,
      'AllCustomer',
      'ContactManage',
      'AddressManage',
      'ProductManage',
      'Callcenter',
      'CustomerComplaintList',
      'RepairOrderList',
      'ExchangeOrderList',
      'CaseManagement',
      'Knowledge',
    ),
    ...CUSTOMER_UPKEEP,
    POWERS.export,
    POWERS.statusSet,
  ],
  7: [
    ...menus(
      'AllOrder',
      // 新建工单: the call centre's agent takes the caller's order from the screen pop (issue 65; docs/decisions.md, Instant messages and telephony).
      'CreateOrder',
      'ReturnVisitPlan',
      'ReturnVisitOrder',
      'ReturnVisitTask',
      'ReturnVisitReport',
      'Callcenter',
      'AllCustomer',
      'Knowledge',
    ),
    POWERS.export,
    POWERS.statusSet,
  ],
  8: [
    ...menus(
      'AllOrder',
      'OrderManagement',
      'CostCheck',
      'SettleAccountsList',
      'ServiceGroupList',
      'CommissionOrder',
      'TransportationFeeApproval',
      'ServiceFeeStandard',
      'ExamineOrder',
      // 审批处理: finance approves statements and fee claims when a flow names it, and the to-do opens this page.
      'ApprovalProcess',
    ),
    POWERS.export,
    POWERS.statusSet,
  ],
  9: [
    ...menus(
      'SpareType',
      'SpareList',
      'SpareStock',
      'SpareGet',
      'SpareAllotted',
      'SpareMine',
      'SpareWaste',
      'SpareDistributed',
      'StockTaking',
      'SpareLog',
      'SpareWarning',
      'StockLog',
      'SparePartsSalesman',
      'OldPartReturn',
      'OutboundOrder',
      // 寄修单: the keeper receives the units sent in for repair and sends them back (docs/decisions.md, Quality).
      'RepairOrderList',
      // 审批处理: the keeper and the director are the usual approvers of stock documents' flows (docs/decisions.md, Approvals).
      'ApprovalProcess',
    ),
    POWERS.spareDetail,
    POWERS.export,
    POWERS.statusSet,
  ],
  10: [
    ...menus(
      'AllOrder',
      'AllCustomer',
      'AllProject',
      'StatusStatistics',
      'ExceedStatistics',
      'OperateReport',
      'ScheduleReport',
      'ReturnVisitReport',
      'Notice',
      'ApprovalProcess',
      'Knowledge',
    ),
    POWERS.chart,
    POWERS.createProject,
    POWERS.export,
    POWERS.statusSet,
  ],
};

/**
 * An enterprise's edit of one role (role_powers): what it adds to and removes from the role's default. Kept as a
 * difference, so a capability a later release adds to a role's defaults reaches edited roles too.
 */
export interface RoleOverride {
  added: readonly string[];
  removed: readonly string[];
}
/** The enterprise's edited roles by role id; a role absent here has its defaults. */
export type RoleOverrides = Readonly<Record<number, RoleOverride | undefined>>;

const KNOWN_POWERS = new Set(ALL_POWERS);

/** The powers a role holds by default (ROLE_POWERS), before any enterprise's edit. */
export const defaultPowersOfRole = (role: number): string[] => ROLE_POWERS[role as RoleId] ?? [];

/**
 * Powers of a role in an enterprise: its defaults with the enterprise's edit applied (codes no longer known are
 * ignored). The one computation behind the session, the menu and every route's power check.
 */
export function powersOfRole(role: number, overrides?: RoleOverrides | null): string[] {
  const base = defaultPowersOfRole(role);
  const o = overrides?.[role];
  if (!o) return base;
  const removed = new Set(o.removed);
  const out = new Set(base.filter((p) => !removed.has(p)));
  for (const p of o.added) if (KNOWN_POWERS.has(p) && !removed.has(p)) out.add(p);
  return ALL_POWERS.filter((p) => out.has(p));
}

/** The edit that turns a role's defaults into `powers`: { added, removed }, both empty when they are the defaults. */
export function overrideOf(role: number, powers: readonly string[]): RoleOverride {
  const base = defaultPowersOfRole(role);
  const want = new Set(powers);
  const had = new Set(base);
  return { added: ALL_POWERS.filter((p) => want.has(p) && !had.has(p)), removed: ALL_POWERS.filter((p) => had.has(p) && !want.has(p)) };
}

/** What a system administrator (role 3) always keeps, so nobody locks the enterprise out of the role editor. */
export const ROLE_EDITOR_POWERS = ['menu_RolePower', POWERS.systemSetting] as const;

/** What an outsourced provider's user may ever hold: the provider menu's pages, their status and exports. */
const PROVIDER_SIDE_POWERS = new Set([...menus(...PROVIDER_MENU_ROUTERS), POWERS.statusSet, POWERS.export]);

/** Powers of a user by the current role (with the enterprise's edits); an outsourced user's are cut to the provider side. */
export const powersOfUser = (role: number, outsourced: boolean, overrides?: RoleOverrides | null): string[] =>
  outsourced ? providerSide(role, powersOfRole(role, overrides)) : powersOfRole(role, overrides);

/**
 * What a provider's own dispatcher (role 1) holds on the provider side besides his role's pages: his provider's
 * statements (外包结算: confirm or dispute; 平台结算: a platform's, by service group), his fee claims (费用审批) and his
 * rewards and penalties (奖惩管理, read only),
 * which the enterprise's dispatchers never see (docs/settlement.md).
 */
const PROVIDER_ROLE_EXTRA: Readonly<Record<number, readonly string[]>> = {
  1: menus('SettleAccountsList', 'ServiceGroupList', 'TransportationFeeApproval', 'CommissionOrder'),
};

function providerSide(role: number, powers: string[]): string[] {
  const out = new Set(powers.filter((p) => PROVIDER_SIDE_POWERS.has(p)));
  for (const p of PROVIDER_ROLE_EXTRA[role] ?? []) out.add(p);
  return ALL_POWERS.filter((p) => out.has(p));
}

/** An empty code is always allowed. */
export const hasPower = (powers: readonly string[], code: string | undefined | null): boolean => !code || powers.includes(code);
