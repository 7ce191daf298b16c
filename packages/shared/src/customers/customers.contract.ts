import { z } from 'zod';
import { POWERS } from '../auth/powers';
import { coerceInt } from '../common/ints';
import { endpoint } from '../common/contract';
import { pageQuery } from '../common/pagination';
import { L } from '../common/zod';
import {
  addCustomerBody,
  contactSchema,
  customerDetailSchema,
  customerFilters,
  customerListQuery,
  customerPickSchema,
  customerRowSchema,
  editCustomerBody,
} from './customers.schema';
import { ids, optionalId, optionalIds, phone, requiredId, requiredText, text } from './fields';

/** Power codes of the customer area: the menu codes of packages/shared/src/auth/menus.ts. */
export const CUSTOMER_POWERS = {
  customer: 'menu_AllCustomer',
  contact: 'menu_ContactManage',
  address: 'menu_AddressManage',
  product: 'menu_ProductManage',
  catalogue: 'menu_AllProduct',
  homeAccount: 'menu_HomeAccount',
  // Changing records (docs/permissions.md).
  add: POWERS.customerAdd,
  edit: POWERS.customerEdit,
  remove: POWERS.customerDelete,
  import: POWERS.customerImport,
  contactEdit: POWERS.contactEdit,
  addressEdit: POWERS.addressEdit,
  productEdit: POWERS.installedEdit,
  contractEdit: POWERS.contractEdit,
  contractDelete: POWERS.contractDelete,
} as const;

const P = CUSTOMER_POWERS;

/** The form engine's field list for one form kind, at the version new records are created with. */
export const customerFormFieldsSchema = z.object({ templateVersionId: z.number().nullable(), fields: z.array(z.looseObject({})) });

export const customerFixedFieldSchema = z.object({ key: z.string(), name: z.string(), required: z.boolean() });

export const extractedCustomerSchema = z.object({
  /** The customer: the company when the text names one, else the person. */
  name: z.string().nullable(),
  /** The contact person. */
  linkName: z.string().nullable(),
  phone: z.string().nullable(),
  provinceCode: z.string().nullable(),
  cityCode: z.string().nullable(),
  districtCode: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  detail: z.string().nullable(),
  /** The problem (故障/问题/描述/备注 and what else the text says): the order's 详细描述. */
  description: z.string().nullable(),
});
export type ExtractedCustomer = z.infer<typeof extractedCustomerSchema>;

/** A customer with the same name and phone as the one being entered; id null when the caller may not open it. */
export const customerDuplicateSchema = z.object({
  id: z.number().nullable(),
  name: z.string(),
  linkperson: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
});
export type CustomerDuplicate = z.infer<typeof customerDuplicateSchema>;

export const customerPermissionRowSchema = z.object({
  userId: z.number(),
  userName: z.string(),
  mobile: z.string(),
  permission: z.number(),
  create_time: z.string(),
});

const permissionLevel = L(
  coerceInt('smallint')
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .default(1),
  '权限',
);

export const linkPersonFilters = z.object({
  /** Name or phone, as the person picker searches (ContactManage's search box). */
  keyword: text('姓名或电话', 50).optional(),
  name: text('联系人', 50).optional(),
  phone: text('联系电话', 30).optional(),
  customerName: text('客户名称', 100).optional(),
});

export const customerContract = {
  epCustomerList: endpoint({
    method: 'GET',
    path: '/v2/customer/epCustomerList',
    power: P.customer,
    query: customerListQuery,
    response: z.array(customerRowSchema),
  }),
  customerListCount: endpoint({ method: 'GET', path: '/v2/customer/customerListCount', power: P.customer, query: customerFilters, response: z.number() }),
  /** Picker: keyword over name, phone and contact; paged. */
  customerList: endpoint({
    method: 'GET',
    path: '/v2/customer/customerList',
    power: P.customer,
    query: z.object({ keyword: text('关键字', 100).optional(), ...pageQuery.shape }),
    response: z.object({ list: z.array(customerPickSchema), count: z.number() }),
  }),
  /** Names of given customers (ids) or the first 50 matches of a keyword, for selects. */
  getCustomerList: endpoint({
    method: 'GET',
    path: '/v2/customer/getCustomerList',
    power: P.customer,
    query: z.object({ ids: optionalIds('客户', 100), keyword: text('关键字', 100).optional() }),
    response: z.array(customerPickSchema),
  }),
  customerExtField: endpoint({ method: 'GET', path: '/v2/customer/customerExtField', power: P.customer, response: customerFormFieldsSchema }),
  customerProField: endpoint({ method: 'GET', path: '/v2/customer/production/customerProField', power: P.product, response: customerFormFieldsSchema }),
  detail: endpoint({
    method: 'GET',
    path: '/v2/customer/detail',
    power: P.customer,
    query: z.object({ id: requiredId('客户') }),
    response: customerDetailSchema,
  }),
  /** The add-customer form: fixed fields with their required flags, then the custom fields. */
  cusTemplate: endpoint({
    method: 'GET',
    path: '/v2/customer/cusTemplate',
    power: P.customer,
    response: customerFormFieldsSchema.extend({ fixedFields: z.array(customerFixedFieldSchema) }),
  }),
  epLinkPersonList: endpoint({
    method: 'GET',
    path: '/v2/customer/epLinkPersonList',
    power: P.contact,
    plan: 'contactManage',
    query: linkPersonFilters.extend(pageQuery.shape),
    response: z.array(contactSchema),
  }),
  epLinkPersonListCount: endpoint({
    method: 'GET',
    path: '/v2/customer/epLinkPersonListCount',
    power: P.contact,
    plan: 'contactManage',
    query: linkPersonFilters,
    response: z.number(),
  }),
  /**
   * Whether another customer already has this phone (before a save): with 客户电话不可重复 on the save is refused,
   * off the page asks for confirmation. Never names the other customer (the caller may not see it).
   */
  phoneCheck: endpoint({
    method: 'GET',
    path: '/v2/customer/phoneCheck',
    power: P.add,
    query: z.object({ phone: phone('联系电话'), id: optionalId('客户') }),
    response: z.object({ taken: z.boolean(), unique: z.boolean() }),
  }),
  addCustomer: endpoint({ method: 'POST', path: '/v2/customer/addCustomer', power: P.add, body: addCustomerBody, response: z.object({ id: z.number() }) }),
  editCustomer: endpoint({ method: 'PUT', path: '/v2/customer/editCustomer', power: P.edit, body: editCustomerBody, response: z.null() }),
  deleteCustomer: endpoint({
    method: 'DELETE',
    path: '/customer/deleteCustomer',
    power: P.remove,
    body: z.object({ id: requiredId('客户') }),
    response: z.null(),
  }),
  delAllCustomer: endpoint({ method: 'DELETE', path: '/customer/delAllCustomer', power: P.remove, body: z.object({ ids: ids('客户') }), response: z.null() }),
  /** Before saving a new customer: the existing ones with the same name and phone (saving one more is refused). */
  duplicateCheck: endpoint({
    method: 'GET',
    path: '/v2/customer/duplicateCheck',
    power: P.add,
    query: z.object({ name: requiredText('客户名称', 100), phone: requiredText('电话', 30), exceptId: optionalId('客户') }),
    response: z.array(customerDuplicateSchema),
  }),
  /** Free text such as '张三 13800138000 上海市浦东新区…' → name, phone and address fields. */
  extractCustomerInfo: endpoint({
    method: 'POST',
    path: '/customer/extractCustomerInfo',
    power: P.add,
    body: z.object({ text: L(z.string().trim().min(1, '请粘贴客户信息').max(500, '客户信息不能超过500个字'), '客户信息') }),
    response: extractedCustomerSchema,
  }),
  permissionList: endpoint({
    method: 'GET',
    path: '/v2/customer/permissionList',
    power: P.customer,
    plan: 'permission',
    query: z.object({ customerId: requiredId('客户') }),
    response: z.array(customerPermissionRowSchema),
  }),
  /** Replaces one customer's grants with the given list. */
  savePermission: endpoint({
    method: 'POST',
    path: '/v2/customer/savePermission',
    power: P.edit,
    plan: 'permission',
    body: z.object({
      customerId: requiredId('客户'),
      users: L(z.array(z.object({ userId: requiredId('人员'), permission: permissionLevel })).max(200, '最多200人'), '授权人员'),
    }),
    response: z.null(),
  }),
  batchAddPermission: endpoint({
    method: 'POST',
    path: '/v2/customer/batchAddPermission',
    power: P.edit,
    plan: 'permission',
    body: z.object({ customerIds: ids('客户'), userIds: ids('人员', 200), permission: permissionLevel }),
    response: z.null(),
  }),
  batchRemovePermission: endpoint({
    method: 'POST',
    path: '/v2/customer/batchRemovePermission',
    power: P.edit,
    plan: 'permission',
    body: z.object({ customerIds: ids('客户'), userIds: ids('人员', 200) }),
    response: z.null(),
  }),
};
