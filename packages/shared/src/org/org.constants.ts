/** users.user_type: staff count against the purchased seats; outsourced users belong to a service provider. */
export const USER_TYPES = { 0: '内部员工', 1: '外包人员' } as const;
export const STAFF_USER = 0;
export const OUTSOURCED_USER = 1;

/** Partner types. */
export const PARTNER_TYPES = { 1: '外包服务商', 3: '授权服务商', 4: '授权服务平台' } as const;
export type PartnerType = keyof typeof PARTNER_TYPES;
export const PARTNER_TYPE_IDS = [1, 3, 4] as const;

/** Service group (team) types; -1 in a list filter means all. */
export const SERVICE_GROUP_TYPES = { 1: '内部服务团队', 2: '外包服务团队' } as const;
export const SERVICE_GROUP_TYPE_IDS = [1, 2] as const;

/** Children of the root department a new enterprise starts with (the root is named after the enterprise). */
export const DEFAULT_DEPARTMENTS = ['客服部', '技术服务部', '销售部', '财务部', '仓储部'] as const;
export const DEFAULT_SERVICE_GROUPS = [
  { name: '售后服务一组', type: 1 },
  { name: '售后服务二组', type: 1 },
] as const;

/** Largest unpaged picker answer (/user/getUserWithRole). */
export const PICKER_MAX = 1000;

/** The version message stored while enabled staff exceed the purchased seats. */
export const seatMessage = (used: number, bought: number): string =>
  `企业启用人数（${used}人）已超出套餐购买人数（${bought}人），部分功能已禁用，请前往组织架构停用或删除人员，或联系客服增购人数`;
