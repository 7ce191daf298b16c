import { z } from 'zod';
import { endpoint } from '../common/contract';
import { L } from '../common/zod';
import { addressFields } from '../customers/customers.schema';
import { extInput, optionalId, optionalIds, optionalText, requiredId, requiredText, timeFilter } from '../customers/fields';

/** Power codes of the order area: the menu codes of packages/shared/src/auth/menus.ts. */
export const ORDER_POWERS = {
  all: 'menu_AllOrder',
  create: 'menu_CreateOrder',
} as const;

const level = (label: string) =>
  L(
    z.coerce
      .number({ error: `${label}不正确` })
      .int()
      .min(1, `${label}不正确`)
      .max(3, `${label}不正确`),
    label,
  );
const smallCode = (label: string) =>
  L(
    z.coerce
      .number({ error: `${label}不正确` })
      .int()
      .min(0, `${label}不正确`)
      .max(99, `${label}不正确`)
      .nullish(),
    label,
  );

/** The service address typed on the order (gpsAddr) when no saved address of the customer is chosen. */
export const orderAddressInput = z.object(addressFields);

/** POST /v2/order/add: the create-order page's fixed fields and the template's custom fields. */
export const createOrderBody = z.object({
  /** The order type (an order-kind template); the default type when absent. */
  orderType: optionalId('工单类型'),
  customerId: requiredId('客户'),
  title: requiredText('标题', 100),
  contactId: optionalId('联系人'),
  customLinkPerson: optionalText('联系人', 50),
  customPhone: optionalText('联系电话', 30),
  customEnterpriseName: optionalText('企业名称', 100),
  addressId: optionalId('服务地址'),
  gpsAddr: L(orderAddressInput.nullish(), '服务地址'),
  /** An installed product of the customer. */
  productId: optionalId('产品'),
  /** The fault mode diagnosed on the phone (a remedy of the product's category; quality/fault.service). */
  faultModeId: optionalId('故障模式'),
  serviceId: optionalIds('服务项目', 100),
  customApplyTime: timeFilter('预约时间'),
  priority: level('优先级').default(1),
  serviceLevel: level('服务级别').nullish(),
  detailDesc: optionalText('详细描述', 2000),
  attachments: optionalIds('附件', 20),
  orderLabel: optionalIds('工单标签', 20),
  serviceGroupId: optionalId('服务团队'),
  source: smallCode('来源'),
  saleChannel: smallCode('销售渠道'),
  salespersonId: optionalId('销售人员'),
  coordinationUserId: optionalIds('协作人员', 20),
  duplicateUserId: optionalIds('抄送人', 50),
  /** Converting an event (association type 1 → 2): the event is linked to the new order. */
  eventId: optionalId('事件'),
  /** The call the order was taken from (新建工单 on the call's pop): the call record links to the order. */
  belongCallRecordId: optionalId('通话记录'),
  ext: extInput,
});
export type CreateOrderBody = z.infer<typeof createOrderBody>;

export const orderContract = {
  add: endpoint({
    method: 'POST',
    path: '/v2/order/add',
    power: ORDER_POWERS.create,
    body: createOrderBody,
    response: z.object({ id: z.number(), orderNo: z.string(), state: z.number() }),
  }),
};
