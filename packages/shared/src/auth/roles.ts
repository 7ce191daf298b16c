/** The ten roles. */
export const ROLES = {
  1: '派单员',
  2: '服务人员',
  3: '系统管理员',
  4: '普通员工',
  5: '销售人员',
  6: '受理客服',
  7: '回访客服',
  8: '财务人员',
  9: '仓库管理员',
  10: '管理总监',
} as const;

export type RoleId = keyof typeof ROLES;
export const ROLE_IDS = Object.keys(ROLES).map(Number) as RoleId[];
export const ADMIN_ROLE: RoleId = 3;

export const roleName = (r: number): string => ROLES[r as RoleId] ?? `角色${r}`;
export const isRole = (r: number): r is RoleId => r in ROLES;

/** Role-limited pickers. */
export const PICKER_ROLES = {
  servicePerson: 2,
  collaborator: 2,
  dispatcher: 1,
  salesperson: 5,
  returnVisitor: 7,
} as const;
