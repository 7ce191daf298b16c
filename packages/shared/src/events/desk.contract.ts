import { z } from 'zod';
import { endpoint } from '../common/contract';
import { L } from '../common/zod';
import { requiredId } from '../customers/fields';
import { eventRow } from './events.contract';

/** The service desk (/serviceCounter, power menu_ServiceCounter): find a customer, see them at a glance. */
const DESK_POWER = 'menu_ServiceCounter';

export const deskMatch = z.object({
  id: z.number(),
  name: z.string(),
  linkperson: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  /** What the keyword matched: 客户名称, 电话, 联系人电话 or 产品序列号. */
  matchedBy: z.string(),
});
export type DeskMatch = z.infer<typeof deskMatch>;

export const deskCustomer = z.object({
  customer: deskMatch.omit({ matchedBy: true }),
  contacts: z.array(z.object({ id: z.number(), name: z.string(), phone: z.string().nullable(), isPrimary: z.boolean() })),
  products: z.array(
    z.object({ id: z.number(), name: z.string(), serialNumber: z.string().nullable(), warrantyEnd: z.string().nullable(), warrantyState: z.number() }),
  ),
  openEvents: z.array(eventRow),
  /** The latest events whatever their state (last contacts). */
  recentEvents: z.array(eventRow),
  openOrders: z.array(z.object({ id: z.number(), orderNo: z.string(), title: z.string(), state: z.number(), create_time: z.string() })),
});
export type DeskCustomer = z.infer<typeof deskCustomer>;

export const deskContract = {
  find: endpoint({
    method: 'GET',
    path: '/v2/event/serviceCounter/find',
    power: DESK_POWER,
    query: z.object({
      keyword: L(
        z.string({ error: '请输入客户名称、电话或产品序列号' }).trim().min(1, '请输入客户名称、电话或产品序列号').max(100, '关键字不能超过100个字'),
        '关键字',
      ),
    }),
    response: z.array(deskMatch),
  }),
  customer: endpoint({
    method: 'GET',
    path: '/v2/event/serviceCounter/customer',
    power: DESK_POWER,
    query: z.object({ customerId: requiredId('客户') }),
    response: deskCustomer,
  }),
};
