import { z } from 'zod';
import { ALL_POWERS } from '../auth/powers';
import { isRole } from '../auth/roles';
import { endpoint } from '../common/contract';
import { L } from '../common/zod';

/** The power of the role editor (角色权限, a settings entry). */
export const ROLE_POWER_EDIT = 'menu_RolePower';

/** One role as the editor shows it: what it holds now in this enterprise, and whether that differs from the defaults. */
export const rolePowerSchema = z.object({
  role: z.number(),
  roleName: z.string(),
  powers: z.array(z.string()),
  /** True when the enterprise changed the role's powers (恢复默认 brings the defaults back). */
  edited: z.boolean(),
  /** Last change, enterprise time; null for a role never edited. */
  update_time: z.string().nullable(),
});
export type RolePowerView = z.infer<typeof rolePowerSchema>;

const known = new Set(ALL_POWERS);
const roleField = L(
  z.coerce
    .number('角色不存在')
    .int('角色不存在')
    .min(1, '角色不存在')
    .max(10, '角色不存在')
    .refine((r) => isRole(r), '角色不存在'),
  '角色',
);
const powersField = L(
  z
    .array(z.string().max(64, '权限编码不存在'), '请选择权限')
    .max(ALL_POWERS.length * 2, '权限过多')
    .superRefine((arr, ctx) => {
      const bad = [...new Set(arr.filter((p) => !known.has(p)))];
      if (bad.length) ctx.addIssue({ code: 'custom', message: `权限编码不存在：${bad.slice(0, 3).join('、')}` });
    }),
  '权限',
);

export const rolePowerContract = {
  /** Every role of the enterprise with its current powers. */
  rolePowerList: endpoint({
    method: 'GET',
    path: '/v2/role/power/list',
    power: ROLE_POWER_EDIT,
    plan: 'permission',
    response: z.array(rolePowerSchema),
  }),
  /** Replaces one role's powers (stored as the difference from its defaults). */
  rolePowerSave: endpoint({
    method: 'PUT',
    path: '/v2/role/power',
    power: ROLE_POWER_EDIT,
    plan: 'permission',
    body: z.object({ role: roleField, powers: powersField }),
    response: rolePowerSchema,
  }),
  /** 恢复默认: the role's defaults (ROLE_POWERS) again. */
  rolePowerReset: endpoint({
    method: 'POST',
    path: '/v2/role/power/reset',
    power: ROLE_POWER_EDIT,
    plan: 'permission',
    body: z.object({ role: roleField }),
    response: rolePowerSchema,
  }),
};
