import { z } from 'zod';
import { coerceInt } from '../common/ints';
import { INDUSTRIES } from '../auth/plans';
import { endpoint } from '../common/contract';
import { L, mobile } from '../common/zod';
import { currentPassword, newPassword } from '../common/password';

const loginOptions = {
  enterpriseId: L(coerceInt('bigint').positive().optional(), '企业'),
  /** 'app' for the mobile app shell: the answer also carries the session id for a header. */
  client: z.enum(['web', 'app']).default('web'),
};

/** Several enterprises hold this mobile: the client asks which, then logs in again with enterpriseId. */
export const chooseEnterprise = z.object({
  needChoose: z.literal(true),
  ticket: z.string(),
  epList: z.array(z.object({ id: z.number(), name: z.string() })),
});

export const sessionUserSchema = z.object({
  name: z.string(),
  id: z.number(),
  mobile: z.string(),
  enterpriseId: z.number(),
  enterpriseName: z.string(),
  avatar: z.string().nullable(),
  sysrole: z.number().nullable(),
  roleName: z.string(),
  allRoles: z.array(z.object({ type: z.number(), role_name: z.string(), roleName: z.string() })),
  admin: z.boolean(),
  isChargeUser: z.number(),
  tryoutType: z.number(),
  cropId: z.string().nullable(),
  powers: z.array(z.string()),
  epServiceExpireTime: z.string().nullable(),
  sale_channels: z.string(),
  csrfToken: z.string(),
  deptId: z.number().nullable(),
  userType: z.number(),
  seatsExceeded: z.boolean(),
  versionMessage: z.string().nullable(),
  customServicePhone: z.string(),
  /** Leads a service group: 我的工单 offers 我的团队 (scope team). */
  leadsTeam: z.boolean(),
  /** 列表默认每页条数 (setting default_page_size): the page size every list starts with. */
  defaultPageSize: z.number(),
});
export type SessionUserInfo = z.infer<typeof sessionUserSchema>;

const loginResult = z.union([z.object({ needChoose: z.literal(false), sessionId: z.string().optional() }), chooseEnterprise]);

export const accountContract = {
  pwdLogin: endpoint({
    method: 'POST',
    path: '/stand/pwdLogin',
    auth: 'public',
    body: z.object({ mobile: L(mobile, '手机号'), password: currentPassword('密码'), ticket: z.string().optional(), ...loginOptions }),
    response: loginResult,
  }),
  sendCode: endpoint({
    method: 'POST',
    path: '/stand/sendCode',
    auth: 'public',
    body: z.object({ mobile: L(mobile, '手机号'), purpose: z.enum(['login', 'password', 'register']).default('login') }),
    response: z.object({ seconds: z.number() }),
  }),
  devOutbox: endpoint({
    method: 'GET',
    path: '/stand/dev/outbox',
    auth: 'public',
    query: z.object({ mobile: L(mobile, '手机号') }),
    response: z.object({ code: z.string().nullable() }),
  }),
  codeLogin: endpoint({
    method: 'POST',
    path: '/stand/codeLogin',
    auth: 'public',
    body: z
      .object({
        mobile: L(mobile, '手机号'),
        code: L(
          z
            .string()
            .regex(/^\d{6}$/, '请输入6位验证码')
            .optional(),
          '验证码',
        ),
        ticket: z.string().optional(),
        ...loginOptions,
      })
      .refine((b) => b.code || b.ticket, { message: '请输入验证码', path: ['code'] }),
    response: loginResult,
  }),
  codePassword: endpoint({
    method: 'POST',
    path: '/stand/codeLogin/password',
    auth: 'public',
    body: z.object({
      mobile: L(mobile, '手机号'),
      code: L(z.string().regex(/^\d{6}$/, '请输入6位验证码'), '验证码'),
      password: newPassword('新密码'),
    }),
    response: z.null(),
  }),
  epList: endpoint({
    method: 'GET',
    path: '/stand/login/epList',
    auth: 'public',
    query: z.object({ mobile: L(mobile, '手机号'), ticket: L(z.string().min(1), '登录凭证') }),
    response: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
  register: endpoint({
    method: 'POST',
    path: '/stand/enterprise',
    auth: 'public',
    body: z.object({
      enterpriseName: L(z.string().trim().min(2, '企业名称至少2个字').max(50, '企业名称不能超过50个字'), '企业名称'),
      industry: L(z.enum(Object.keys(INDUSTRIES) as [keyof typeof INDUSTRIES, ...(keyof typeof INDUSTRIES)[]], '请选择行业'), '行业'),
      name: L(z.string().trim().min(1, '请输入姓名').max(20, '姓名不能超过20个字'), '姓名'),
      mobile: L(mobile, '手机号'),
      code: L(z.string().regex(/^\d{6}$/, '请输入6位验证码'), '验证码'),
      password: newPassword('密码'),
    }),
    response: z.object({ enterpriseId: z.number() }),
  }),
  registerProgress: endpoint({
    method: 'GET',
    path: '/stand/enterprise/progress',
    allowNoRole: true,
    response: z.object({ progress: z.number(), done: z.boolean() }),
  }),
  logout: endpoint({ method: 'POST', path: '/logout', allowNoRole: true, allowExpired: true, response: z.null() }),
  sessionUser: endpoint({
    method: 'GET',
    path: '/v2/sessionUser/info',
    allowNoRole: true,
    allowExpired: true,
    query: z.object({ timestamp: L(z.coerce.number().min(0).max(1e15).optional(), '时间戳') }),
    response: sessionUserSchema,
  }),
  changeRole: endpoint({
    method: 'POST',
    path: '/user/changeRole',
    allowExpired: true,
    body: z.object({ role: L(z.coerce.number().int().min(1).max(10), '角色') }),
    response: z.null(),
  }),
  changePcVersion: endpoint({
    method: 'POST',
    path: '/user/changePcVersion',
    body: z.object({ pcVersion: L(z.coerce.number().int().min(1).max(2), '版本') }),
    response: z.null(),
  }),
  packageDetail: endpoint({
    method: 'GET',
    path: '/v2/charge/epPackageDetail',
    adminOnly: true,
    allowExpired: true,
    response: z.object({
      userNum: z.number(),
      is_charge_user: z.number(),
      packageName: z.string(),
      buy_person_num: z.number(),
      epServiceExpireTime: z.string().nullable(),
    }),
  }),
  versionInfo: endpoint({
    method: 'GET',
    path: '/version/info',
    auth: 'public',
    response: z.object({ version: z.string(), download_link: z.string() }),
  }),
  productVersions: endpoint({
    method: 'GET',
    path: '/product/version/1',
    auth: 'public',
    response: z.array(z.object({ version: z.string(), date: z.string(), notes: z.array(z.string()) })),
  }),
  isNoviceGuide: endpoint({ method: 'GET', path: '/schema/isNoviceGuide', response: z.boolean() }),
  finishNoviceGuide: endpoint({ method: 'POST', path: '/schema/finishNoviceGuide', response: z.null() }),
  isQuickDeploy: endpoint({ method: 'GET', path: '/schema/isQuickDeploy', response: z.boolean() }),
  customServicePhone: endpoint({ method: 'GET', path: '/v2/system/customServicePhone', auth: 'public', response: z.string() }),
};
