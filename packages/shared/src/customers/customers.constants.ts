/** Customer tags are tag code 4 (/v2/epTag/list). */
export const CUSTOMER_TAG_CODE = 4 as const;

/** Where a customer came from. */
export const CUSTOMER_SOURCES = { 1: '客服录入', 2: '电话来电', 3: '线上咨询', 4: '销售拓展', 5: '转介绍', 6: '批量导入' } as const;
/** Customer level, read as the spec's service level: 1 first, 2 second, 3 third. */
export const CUSTOMER_LEVELS = { 1: '一级', 2: '二级', 3: '三级' } as const;

/**
 * Roles that see only their own customers (responsible salesperson, creator, or granted), in lists,
 * pickers, counts and details. Every other role holding the customer powers sees the enterprise's customers.
 */
export const OWN_CUSTOMERS_ONLY_ROLES: readonly number[] = [5];

/** Data permission granted on one customer to one user. */
export const CUSTOMER_PERMISSIONS = { 1: '查看', 2: '编辑' } as const;
export type CustomerPermission = 1 | 2;

/** Warranty period units (day, month, year). */
export const WARRANTY_UNITS = { 1: '天', 2: '月', 3: '年' } as const;
export type WarrantyUnit = 1 | 2 | 3;
/** Maintenance/warranty start types: purchase time 2, install time 3. */
export const WARRANTY_START_TYPES = { 2: '购买时间', 3: '安装时间' } as const;
export type WarrantyStartType = 2 | 3;

/** Installed product (equipment archive) status. */
export const PRODUCT_STATUS = { 1: '正常使用', 2: '维修中', 3: '已停用' } as const;
/** Warranty state shown next to an installed product, computed from warranty_end. */
/** 3: covered by an active extended warranty (commerce/coverage.ts coverageOf). */
export const WARRANTY_STATES = { 0: '未知', 1: '在保', 2: '过保', 3: '延保' } as const;

/** Sales contract states. */
export const SALE_CONTRACT_STATES = { 1: '待提交', 2: '待审批', 3: '已审批' } as const;
/** Maintenance contract states. */
export const MAINTAIN_CONTRACT_STATES = { 1: '已签约', 2: '执行中', 3: '已完成', 4: '已终止' } as const;

/** xlsx import kinds. */
export const IMPORT_KINDS = { customer: '客户', product: '设备档案' } as const;
export type ImportKind = keyof typeof IMPORT_KINDS;
/** Most rows one import file may hold. */
export const IMPORT_MAX_ROWS = 5000;
