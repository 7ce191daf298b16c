import { z } from 'zod';
import { pageQuery } from '../common/pagination';
import { coerceInt } from '../common/ints';
import { L } from '../common/zod';
import { CUSTOMER_LEVELS, CUSTOMER_SOURCES } from './customers.constants';
import { coord, extInput, optionalId, optionalIds, optionalText, phone, requiredId, requiredText, sortType, text, timeFilter } from './fields';

const enumOf = (table: Record<number, string>, label: string) =>
  L(
    z.preprocess(
      (v) => (v === '' ? null : v),
      coerceInt('smallint')
        .refine((n) => n in table, `${label}不正确`)
        .nullish(),
    ),
    label,
  );

/** Province/city/district codes exactly as GET /area/list answers them ('31', '3101', '310115'). */
const areaCode = (label: string) =>
  L(
    z.preprocess(
      (v) => (v === '' ? null : v),
      z
        .string()
        .trim()
        .regex(/^\d{2,6}$/, `${label}不正确`)
        .nullish(),
    ),
    label,
  );

export const addressFields = {
  provinceCode: areaCode('省份'),
  cityCode: areaCode('城市'),
  districtCode: areaCode('区县'),
  detail: requiredText('详细地址', 200),
  mapName: optionalText('地图位置名称', 200),
  latitude: coord('纬度', 90),
  longitude: coord('经度', 180),
};
export const addressInput = z.object(addressFields);
export type AddressInput = z.infer<typeof addressInput>;

export const contactFields = {
  name: requiredText('联系人'),
  phone: phone('联系电话'),
  position: optionalText('职位', 50),
};

export const customerFields = {
  name: requiredText('客户名称', 100),
  code: optionalText('客户编号', 50),
  businessUserId: optionalId('负责销售'),
  serviceGroupId: optionalId('服务团队'),
  source: enumOf(CUSTOMER_SOURCES, '客户来源'),
  level: enumOf(CUSTOMER_LEVELS, '客户等级'),
  remark: optionalText('备注', 500),
  external_userid: optionalText('外部联系人', 64),
  tagIds: optionalIds('客户标签', 20),
  ext: extInput,
};

/** POST /v2/customer/addCustomer: the customer, its first contact and an optional first address, in one transaction. */
export const addCustomerBody = z.object({
  ...customerFields,
  linkPerson: L(z.object(contactFields, { error: '请填写联系人' }), '联系人'),
  address: L(addressInput.nullish(), '服务地址'),
});
export type AddCustomerBody = z.infer<typeof addCustomerBody>;

export const editCustomerBody = z.object({ id: requiredId('客户'), ...customerFields });

/** The customer list's filters, exactly as the spec names them, plus paging and sort. */
export const customerFilters = z.object({
  name: text('客户名称', 100).optional(),
  phone: text('电话', 30).optional(),
  linkperson: text('联系人', 50).optional(),
  linkPersonPhone: text('联系人电话', 30).optional(),
  mapName: text('地址', 100).optional(),
  tagId: optionalId('客户标签'),
  businessUserId: optionalId('负责销售'),
  serviceGroupId: optionalId('服务团队'),
  startCreateTime: timeFilter('创建开始时间'),
  endCreateTime: timeFilter('创建结束时间'),
  external_userid: text('外部联系人', 64).optional(),
});
export type CustomerFilters = z.infer<typeof customerFilters>;
export const customerListQuery = customerFilters.extend({ ...pageQuery.shape, sortType });
export type CustomerListQuery = z.infer<typeof customerListQuery>;

const tagView = z.object({ id: z.number(), name: z.string(), color_rgb: z.string() });

export const customerRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  phone: z.string().nullable(),
  linkperson: z.string().nullable(),
  address: z.string().nullable(),
  mapName: z.string().nullable(),
  tags: z.array(tagView),
  businessUserId: z.number().nullable(),
  businessUserName: z.string().nullable(),
  serviceGroupId: z.number().nullable(),
  serviceGroupName: z.string().nullable(),
  source: z.number().nullable(),
  level: z.number().nullable(),
  external_userid: z.string().nullable(),
  createUserName: z.string().nullable(),
  create_time: z.string(),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

export const contactSchema = z.object({
  id: z.number(),
  customerId: z.number(),
  customerName: z.string().optional(),
  name: z.string(),
  phone: z.string(),
  position: z.string().nullable(),
  isPrimary: z.boolean(),
  create_time: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

export const addressSchema = z.object({
  id: z.number(),
  customerId: z.number(),
  customerName: z.string().optional(),
  provinceCode: z.string().nullable(),
  cityCode: z.string().nullable(),
  districtCode: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  detail: z.string(),
  mapName: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  isDefault: z.boolean(),
  /** Province, city, district and detail in one line. */
  fullAddress: z.string(),
  create_time: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/** A custom field value in the spec's ExtField shape, as the form engine presents it. */
export const customerExtValueSchema = z.looseObject({ id: z.union([z.number(), z.string()]), type: z.number(), tfname: z.string(), tfvvalue: z.unknown() });

export const customerDetailSchema = customerRowSchema.extend({
  remark: z.string().nullable(),
  templateVersionId: z.number().nullable(),
  ext: z.record(z.string(), z.unknown()),
  extFields: z.array(customerExtValueSchema),
  contacts: z.array(contactSchema),
  addresses: z.array(addressSchema),
  productCount: z.number(),
  saleContractCount: z.number(),
  maintainContractCount: z.number(),
  /** What the caller may do with this customer now. */
  abilities: z.object({ edit: z.boolean(), delete: z.boolean(), permission: z.boolean() }),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

/** A picker row (customerList / getCustomerList). */
export const customerPickSchema = z.object({
  id: z.number(),
  name: z.string(),
  linkperson: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
});
