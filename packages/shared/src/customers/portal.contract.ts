import { z } from 'zod';
import { endpoint } from '../common/contract';
import { pageQuery } from '../common/pagination';
import { L, mobile } from '../common/zod';
import { newPassword } from '../common/password';
import { CUSTOMER_POWERS as P } from './customers.contract';
import { ids, optionalId, requiredId, requiredText, text } from './fields';

export const homeAccountSchema = z.object({
  id: z.number(),
  customerId: z.number(),
  customerName: z.string(),
  linkPersonId: z.number().nullable(),
  name: z.string(),
  mobile: z.string(),
  enabled: z.boolean(),
  last_login_time: z.string().nullable(),
  createUserName: z.string().nullable(),
  create_time: z.string(),
});
export type HomeAccount = z.infer<typeof homeAccountSchema>;

const password = newPassword('密码');

/** Portal logins (home_account) for a customer's people: created, disabled and reset by staff. */
export const homeAccountContract = {
  list: endpoint({
    method: 'GET',
    path: '/homeAccount/list',
    power: P.homeAccount,
    plan: 'homeAccount',
    query: z.object({
      keyword: text('关键字', 50).optional(),
      customerId: optionalId('客户'),
      enabled: L(z.enum(['0', '1']).optional(), '状态'),
      ...pageQuery.shape,
    }),
    response: z.object({ list: z.array(homeAccountSchema), count: z.number() }),
  }),
  /** Creates (no id, password required) or updates name, mobile and contact of an account. */
  save: endpoint({
    method: 'POST',
    path: '/homeAccount/save',
    power: P.homeAccount,
    plan: 'homeAccount',
    body: z.object({
      id: optionalId('账号'),
      customerId: requiredId('客户'),
      linkPersonId: optionalId('联系人'),
      name: requiredText('姓名'),
      mobile: L(mobile, '手机号'),
      password: password.optional(),
    }),
    response: z.object({ id: z.number() }),
  }),
  setEnabled: endpoint({
    method: 'POST',
    path: '/homeAccount/enabled',
    power: P.homeAccount,
    plan: 'homeAccount',
    body: z.object({ ids: ids('账号'), enabled: L(z.boolean({ error: '请选择启用或停用' }), '状态') }),
    response: z.null(),
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/homeAccount/resetPassword',
    power: P.homeAccount,
    plan: 'homeAccount',
    body: z.object({ id: requiredId('账号'), password }),
    response: z.null(),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/homeAccount/delete',
    power: P.homeAccount,
    plan: 'homeAccount',
    body: z.object({ ids: ids('账号') }),
    response: z.null(),
  }),
};
