import { z } from 'zod';
import { id, L } from '../common/zod';

/** Query flags arrive as '1'/'0'/'true'/'false'; bodies may send real booleans. */
export const flag = z.preprocess((v) => {
  if (v === 'true' || v === '1' || v === 1) return true;
  if (v === 'false' || v === '0' || v === 0) return false;
  return v;
}, z.boolean());

export const optionalText = (label: string, max: number) => L(z.string().trim().max(max, `${label}不能超过${max}个字`).nullish(), label);

export const personName = L(z.string().trim().min(1, '请输入姓名').max(20, '姓名不能超过20个字'), '姓名');
// Elements are checked by the array's own refine, so a failure names the field rather than an index.
const intIn = (v: unknown, min: number, max: number): boolean =>
  (typeof v === 'number' || (typeof v === 'string' && v.trim() !== '')) && Number.isInteger(Number(v)) && Number(v) >= min && Number(v) <= max;

export const roleList = L(
  z
    .array(z.unknown())
    .max(10, '最多选择10个角色')
    .refine((r) => r.every((n) => intIn(n, 1, 10)), '角色只能是1至10')
    .transform((r) => [...new Set(r.map(Number))].sort((a, b) => a - b)),
  '角色',
);
export const idArray = (label: string, max: number) =>
  L(
    z
      .array(z.unknown())
      .max(max, `${label}最多${max}个`)
      .refine((r) => r.every((n) => intIn(n, 1, Number.MAX_SAFE_INTEGER)), `${label}格式不正确`)
      .transform((r) => [...new Set(r.map(Number))]),
    label,
  );
export const email = L(
  z
    .string()
    .trim()
    .max(100, '邮箱不能超过100个字')
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), '邮箱格式不正确')
    .nullish(),
  '邮箱',
);
export const deptRef = L(id.nullish(), '部门');

/** A department in the tree, with its direct and subtree user counts. */
export interface DeptNode {
  id: number;
  name: string;
  parentId: number | null;
  sort: number;
  userCount: number;
  allUserCount: number;
  children: DeptNode[];
}
export const deptNode: z.ZodType<DeptNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    parentId: z.number().nullable(),
    sort: z.number(),
    userCount: z.number(),
    allUserCount: z.number(),
    children: z.array(deptNode),
  }),
);

export const userRow = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  jobNumber: z.string().nullable(),
  deptId: z.number().nullable(),
  department_name: z.string().nullable(),
  roles: z.array(z.number()),
  roleNames: z.string(),
  admin: z.boolean(),
  enabled: z.boolean(),
  userType: z.number(),
  providerId: z.number().nullable(),
  provider_name: z.string().nullable(),
  create_time: z.string(),
});
export type UserRow = z.infer<typeof userRow>;

export const userDetail = userRow.extend({
  deptPath: z.array(z.number()),
  groups: z.array(z.object({ id: z.number(), name: z.string(), leader: z.boolean() })),
  hasPassword: z.boolean(),
  statusTagId: z.number().nullable(),
  deleted: z.boolean(),
});
export type UserDetail = z.infer<typeof userDetail>;

/** Person picker row. */
export const pickerRow = z.object({ id: z.number(), name: z.string(), mobile: z.string(), department_name: z.string().nullable() });
export type PickerRow = z.infer<typeof pickerRow>;

export const groupRow = z.object({
  id: z.number(),
  name: z.string(),
  type: z.number(),
  typeName: z.string(),
  leaderId: z.number().nullable(),
  leader_name: z.string().nullable(),
  memberCount: z.number(),
  remark: z.string().nullable(),
  create_time: z.string(),
});
export const groupDetail = groupRow.extend({ members: z.array(pickerRow) });
export type GroupRow = z.infer<typeof groupRow>;
export type GroupDetail = z.infer<typeof groupDetail>;

export const providerRow = z.object({
  id: z.number(),
  name: z.string(),
  partnerType: z.number(),
  partnerTypeName: z.string(),
  linkman: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  serviceArea: z.string().nullable(),
  remark: z.string().nullable(),
  enabled: z.boolean(),
  userCount: z.number(),
  /** 结算系数 (1.00 = the standard's amount). */
  coefficient: z.number(),
  /** 服务区域: area codes with their full names ('310115' → '上海市浦东新区'). */
  regions: z.array(z.object({ code: z.string(), name: z.string() })),
  /** 产品线: product categories served. */
  productLines: z.array(z.string()),
  bankName: z.string().nullable(),
  bankAccountName: z.string().nullable(),
  /** 银行账号 masked ('****5678'); the detail carries the whole account. */
  bankAccountMasked: z.string().nullable(),
  create_time: z.string(),
});
export type ProviderRow = z.infer<typeof providerRow>;

export const providerContact = z.object({ name: z.string(), phone: z.string(), position: z.string().nullable(), isPrimary: z.boolean() });
export type ProviderContact = z.infer<typeof providerContact>;

/** A provider as its detail and edit dialog read it: the whole bank account and the contacts (primary first). */
export const providerDetail = providerRow.extend({ bankAccount: z.string().nullable(), contacts: z.array(providerContact) });
export type ProviderDetail = z.infer<typeof providerDetail>;

/** '****5678': a bank account with all but its last four digits hidden, for lists and logs. */
export const maskBankAccount = (account: string | null | undefined): string | null => (account ? `****${account.slice(-4)}` : null);

export const handoverResult = z.object({
  steps: z.array(z.object({ name: z.string(), label: z.string(), moved: z.number() })),
  total: z.number(),
});
export type HandoverResult = z.infer<typeof handoverResult>;
