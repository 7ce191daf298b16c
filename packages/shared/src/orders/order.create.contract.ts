import { z } from 'zod';
import { SALE_CHANNELS } from '../auth/plans';
import { coerceInt } from '../common/ints';
import { endpoint } from '../common/contract';
import { L } from '../common/zod';
import { customerPickSchema } from '../customers/customers.schema';
import { ids, money, optionalId, optionalIds, optionalText, requiredId, requiredText, text } from '../customers/fields';
import { ORDER_POWERS } from './orders.contract';

/** The service-item catalogue's management page (settings menu entry ServiceItem). */
export const SERVICE_ITEM_POWER = 'menu_ServiceItem';
/** Most items one enterprise keeps (the picker asks for up to 9999). */
export const SERVICE_ITEM_MAX = 9999;

/** Order sources (1 客服/内部创建, 2 经销商案例转化; 3 and 4 are made by the portal). */
export const ORDER_SOURCES = { 1: '客服/内部创建', 2: '经销商案例转化', 3: '客户门户报修', 4: '扫码报修' } as const;

/** The sale channels a user may pick: the three fixed ones, filtered by the session's sale_channels ('1,2,3'). */
export function saleChannelsOf(saleChannels: string | null | undefined): { id: number; name: string }[] {
  const allowed = new Set(
    String(saleChannels ?? '')
      .split(',')
      .map((s) => Number(s.trim()))
      .filter((n) => Number.isInteger(n) && n > 0),
  );
  return SALE_CHANNELS.filter((c) => allowed.has(c.id)).map((c) => ({ id: c.id, name: c.name }));
}

export const serviceItemRow = z.object({
  id: z.number(),
  typeId: z.number().nullable(),
  typeName: z.string().nullable(),
  name: z.string(),
  price: z.number(),
  unit: z.string(),
  sort: z.number(),
  create_time: z.string(),
});
export type ServiceItemRow = z.infer<typeof serviceItemRow>;

export const serviceItemTypeRow = z.object({ id: z.number(), name: z.string(), sort: z.number(), itemCount: z.number() });
export type ServiceItemTypeRow = z.infer<typeof serviceItemTypeRow>;

const sortNo = L(coerceInt('integer').min(0, '排序不能小于0').max(99999, '排序不能大于99999').default(0), '排序');

/** GET /v2/serverItem/getItemList: the picker asks for everything at once (pageSize up to 9999), the page pages. */
export const serviceItemQuery = z.object({
  typeId: optionalId('服务项目分类'),
  name: text('服务项目名称', 50).optional(),
  pageIndex: L(coerceInt().min(0, '页码不能小于0').default(0), '页码'),
  pageSize: L(coerceInt().min(1, '每页条数不正确').max(SERVICE_ITEM_MAX, `每页最多${SERVICE_ITEM_MAX}条`).default(10), '每页条数'),
});

export const serviceItemBody = z.object({
  id: optionalId('服务项目'),
  typeId: optionalId('服务项目分类'),
  name: requiredText('服务项目名称', 50),
  price: money('价格'),
  unit: optionalText('单位', 10),
  sort: sortNo,
});
export type ServiceItemBody = z.infer<typeof serviceItemBody>;

export const serviceItemTypeBody = z.object({ id: optionalId('服务项目分类'), name: requiredText('分类名称', 30), sort: sortNo });

/** An open order of the same customer and template (the create page's duplicate warning). */
export const duplicateOrderRow = z.object({ id: z.number(), orderNo: z.string(), title: z.string(), state: z.number(), create_time: z.string() });

/** What the create page shows for a chosen customer: contacts, addresses and installed products with warranty. */
export const orderCustomerContext = z.object({
  customer: z.object({ id: z.number(), name: z.string() }),
  contacts: z.array(z.object({ id: z.number(), name: z.string(), phone: z.string(), isPrimary: z.boolean() })),
  addresses: z.array(
    z.object({
      id: z.number(),
      provinceCode: z.string().nullable(),
      cityCode: z.string().nullable(),
      districtCode: z.string().nullable(),
      fullAddress: z.string(),
      detail: z.string(),
      latitude: z.number().nullable(),
      longitude: z.number().nullable(),
      isDefault: z.boolean(),
    }),
  ),
  products: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      serialNumber: z.string().nullable(),
      addressId: z.number().nullable(),
      /** The last day of the coverage warrantyState names (the product's coverageEnd: an extension's end under 延保). */
      warrantyEnd: z.string().nullable(),
      /** coverageOf: 0 unknown, 1 in warranty, 2 expired, 3 extended (today, in the enterprise's zone). */
      warrantyState: z.number(),
    }),
  ),
});
export type OrderCustomerContext = z.infer<typeof orderCustomerContext>;

const okNull = z.null();

/** Service-item catalogue (/v2/serverItem/*), duplicate check and the create page's customer context. */
export const orderCreateContract = {
  /** Any logged-in user reads the catalogue: every order page shows and picks service items. */
  itemList: endpoint({
    method: 'GET',
    path: '/v2/serverItem/getItemList',
    query: serviceItemQuery,
    response: z.object({ list: z.array(serviceItemRow), count: z.number() }),
  }),
  itemTypeList: endpoint({ method: 'GET', path: '/v2/serverItem/getTypeList', response: z.array(serviceItemTypeRow) }),
  itemSave: endpoint({ method: 'POST', path: '/v2/serverItem/save', power: SERVICE_ITEM_POWER, body: serviceItemBody, response: z.object({ id: z.number() }) }),
  itemDelete: endpoint({
    method: 'DELETE',
    path: '/v2/serverItem/delete',
    power: SERVICE_ITEM_POWER,
    body: z.object({ ids: ids('服务项目') }),
    response: okNull,
  }),
  itemTypeSave: endpoint({
    method: 'POST',
    path: '/v2/serverItem/type/save',
    power: SERVICE_ITEM_POWER,
    body: serviceItemTypeBody,
    response: z.object({ id: z.number() }),
  }),
  itemTypeDelete: endpoint({
    method: 'DELETE',
    path: '/v2/serverItem/type/delete',
    power: SERVICE_ITEM_POWER,
    body: z.object({ id: requiredId('服务项目分类') }),
    response: okNull,
  }),
  duplicateCheck: endpoint({
    method: 'GET',
    path: '/v2/order/duplicateCheck',
    power: ORDER_POWERS.create,
    query: z.object({ customerId: requiredId('客户'), templateId: optionalId('工单类型') }),
    response: z.object({ count: z.number(), list: z.array(duplicateOrderRow) }),
  }),
  /** The create page's customer picker: creating an order needs no customer-list power (roles 4 and 5 create orders). */
  customerOptions: endpoint({
    method: 'GET',
    path: '/v2/order/customerOptions',
    power: ORDER_POWERS.create,
    query: z.object({ ids: optionalIds('客户', 100), keyword: text('关键字', 100).optional() }),
    response: z.array(customerPickSchema),
  }),
  customerContext: endpoint({
    method: 'GET',
    path: '/v2/order/customerContext',
    power: ORDER_POWERS.create,
    query: z.object({ customerId: requiredId('客户') }),
    response: orderCustomerContext,
  }),
  /**
   * 编辑工单 / 补充信息: the contacts, addresses and installed products of the order's own customer, for whoever may edit
   * this order now (staff with 编辑, or the engineer with 补充信息), though they may lack 新建工单. No power of its own:
   * the server asks for the edit or the engineer's edit ability on the order (docs/decisions.md, Orders).
   */
  orderCustomerContext: endpoint({
    method: 'GET',
    path: '/v2/order/orderCustomerContext',
    query: z.object({ orderId: requiredId('工单') }),
    response: orderCustomerContext,
  }),
};
