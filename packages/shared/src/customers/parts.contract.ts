import { z } from 'zod';
import { endpoint } from '../common/contract';
import { pageQuery } from '../common/pagination';
import { L } from '../common/zod';
import { CUSTOMER_POWERS as P } from './customers.contract';
import { addressFields, addressSchema, contactFields, contactSchema } from './customers.schema';
import { optionalId, requiredId, text } from './fields';

const flag = (label: string) => L(z.boolean({ error: `${label}应为是或否` }).optional(), label);

export const customerAddressFilters = z.object({
  customerId: optionalId('客户'),
  customerName: text('客户名称', 100).optional(),
  mapName: text('地址', 100).optional(),
  provinceCode: text('省份', 6).optional(),
  cityCode: text('城市', 6).optional(),
  districtCode: text('区县', 6).optional(),
});

export const customerContactFilters = z.object({ customerId: optionalId('客户') });

/** Contacts and addresses of customers (ContactManage, AddressManage and the customer detail page). */
export const customerPartsContract = {
  linkPersonList: endpoint({
    method: 'GET',
    path: '/customer/linkperson/list',
    power: P.contact,
    plan: 'contactManage',
    query: customerContactFilters.extend(pageQuery.shape),
    response: z.array(contactSchema),
  }),
  linkPersonCount: endpoint({
    method: 'GET',
    path: '/customer/linkperson/count',
    power: P.contact,
    plan: 'contactManage',
    query: customerContactFilters,
    response: z.number(),
  }),
  /** Creates (no id) or updates a contact; `isPrimary` makes it the customer's one primary contact. */
  linkPersonSave: endpoint({
    method: 'POST',
    path: '/customer/linkperson/save',
    power: P.contactEdit,
    plan: 'contactManage',
    body: z.object({ id: optionalId('联系人'), customerId: requiredId('客户'), ...contactFields, isPrimary: flag('主联系人') }),
    response: z.object({ id: z.number() }),
  }),
  linkPersonDelete: endpoint({
    method: 'DELETE',
    path: '/customer/linkperson/delete',
    power: P.contactEdit,
    plan: 'contactManage',
    body: z.object({ id: requiredId('联系人') }),
    response: z.null(),
  }),
  addressList: endpoint({
    method: 'GET',
    path: '/customer/address/list',
    power: P.address,
    plan: 'addressManage',
    query: customerAddressFilters.extend(pageQuery.shape),
    response: z.array(addressSchema),
  }),
  addressCount: endpoint({
    method: 'GET',
    path: '/customer/address/count',
    power: P.address,
    plan: 'addressManage',
    query: customerAddressFilters,
    response: z.number(),
  }),
  /** JSON body; creates (no id) or updates an address. A customer's first address becomes its default. */
  addressSave: endpoint({
    method: 'POST',
    path: '/customer/address/save',
    power: P.addressEdit,
    plan: 'addressManage',
    body: z.object({ id: optionalId('地址'), customerId: requiredId('客户'), ...addressFields, isDefault: flag('默认地址') }),
    response: z.object({ id: z.number() }),
  }),
  addressSetDefault: endpoint({
    method: 'POST',
    path: '/customer/address/setDefault',
    power: P.addressEdit,
    plan: 'addressManage',
    body: z.object({ id: requiredId('地址') }),
    response: z.null(),
  }),
  addressDelete: endpoint({
    method: 'DELETE',
    path: '/customer/address/delete',
    power: P.addressEdit,
    plan: 'addressManage',
    body: z.object({ id: requiredId('地址') }),
    response: z.null(),
  }),
};
