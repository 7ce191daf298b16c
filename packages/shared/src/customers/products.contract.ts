import { z } from 'zod';
import { coerceInt } from '../common/ints';
import { endpoint } from '../common/contract';
import { pageQuery } from '../common/pagination';
import { L } from '../common/zod';
import { CUSTOMER_POWERS as P } from './customers.contract';
import { PRODUCT_STATUS, WARRANTY_START_TYPES, WARRANTY_UNITS } from './customers.constants';
import { customerExtValueSchema } from './customers.schema';
import { dateField, extInput, ids, optionalId, optionalIds, optionalText, requiredId, requiredText, text, timeFilter } from './fields';

const oneOf = (table: Record<number, string>, label: string) =>
  L(
    coerceInt('smallint').refine((n) => n in table, `${label}不正确`),
    label,
  );

/** A product model of the catalogue (/allProduct). */
export const productModelSchema = z.object({
  id: z.number(),
  name: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  category: z.string().nullable(),
  warrantyPeriod: z.number().nullable(),
  warrantyUnit: z.number(),
  warrantyStartType: z.number(),
  images: z.array(z.number()),
  documents: z.array(z.number()),
  remark: z.string().nullable(),
  installedCount: z.number(),
  create_time: z.string(),
});
export type ProductModel = z.infer<typeof productModelSchema>;

export const productModelBody = z.object({
  id: optionalId('产品'),
  name: requiredText('产品名称', 100),
  brand: optionalText('品牌', 50),
  model: optionalText('型号', 100),
  category: optionalText('产品分类', 50),
  warrantyPeriod: L(z.coerce.number().int().min(0, '保修期不能小于0').max(1200, '保修期过长').nullish(), '保修期'),
  warrantyUnit: oneOf(WARRANTY_UNITS, '保修期单位').default(2),
  warrantyStartType: oneOf(WARRANTY_START_TYPES, '保修起算方式').default(2),
  images: optionalIds('产品图片', 20),
  documents: optionalIds('产品资料', 20),
  remark: optionalText('备注', 500),
});

/** An installed product (equipment archive, ProductManage). */
export const installedProductSchema = z.object({
  id: z.number(),
  name: z.string(),
  productId: z.number(),
  productName: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  serialNumber: z.string().nullable(),
  customerId: z.number().nullable(),
  customerName: z.string().nullable(),
  addressId: z.number().nullable(),
  address: z.string().nullable(),
  installDate: z.string().nullable(),
  purchaseDate: z.string().nullable(),
  warrantyStartType: z.number(),
  /** The model's warranty's last day (not the extension's): the product's own dates. */
  warrantyEnd: z.string().nullable(),
  /** coverageOf: 0 unknown, 1 in warranty (在保), 2 expired (过保), 3 an extended warranty in force (延保). */
  warrantyState: z.number(),
  /** The last day of the coverage warrantyState names (在保: the model's, 延保: the extension's; 过保: the latest end): shown with the state. */
  coverageEnd: z.string().nullable(),
  /** The last day an extended warranty in force covers (延保), when there is one. */
  extendedEnd: z.string().nullable().optional(),
  status: z.number(),
  qrCode: z.string(),
  /** Web path the QR code opens (inside the enterprise: a login is needed). */
  qrLink: z.string(),
  create_time: z.string(),
});
export type InstalledProduct = z.infer<typeof installedProductSchema>;

export const installedProductDetailSchema = installedProductSchema.extend({
  remark: z.string().nullable(),
  templateVersionId: z.number().nullable(),
  ext: z.record(z.string(), z.unknown()),
  extFields: z.array(customerExtValueSchema),
  productModel: productModelSchema.omit({ installedCount: true }).nullable(),
});

export const installedBody = z.object({
  id: optionalId('设备'),
  productId: requiredId('产品'),
  name: optionalText('设备名称', 100),
  serialNumber: optionalText('序列号', 100),
  customerId: optionalId('客户'),
  addressId: optionalId('地址'),
  installDate: dateField('安装日期'),
  purchaseDate: dateField('购买日期'),
  status: oneOf(PRODUCT_STATUS, '设备状态').default(1),
  remark: optionalText('备注', 500),
  ext: extInput,
});

export const installedProductFilters = z.object({
  keyword: text('关键字', 100).optional(),
  serialNumber: text('序列号', 100).optional(),
  customerId: optionalId('客户'),
  productId: optionalId('产品'),
  status: L(coerceInt('smallint').optional(), '设备状态'),
  warrantyState: L(
    coerceInt('smallint')
      .pipe(z.union([z.literal(1), z.literal(2)]))
      .optional(),
    '保修状态',
  ),
  startCreateTime: timeFilter('创建开始时间'),
  endCreateTime: timeFilter('创建结束时间'),
});

export const productHistoryItemSchema = z.object({ type: z.string(), id: z.number(), no: z.string(), title: z.string(), state: z.string(), time: z.string() });

export const productContract = {
  productList: endpoint({
    method: 'GET',
    path: '/allProduct/list',
    power: P.catalogue,
    query: z.object({ keyword: text('关键字', 100).optional(), category: text('产品分类', 50).optional(), ...pageQuery.shape }),
    response: z.object({ list: z.array(productModelSchema), count: z.number() }),
  }),
  /** Picker over the catalogue: any logged-in user may read model names (orders, contracts, equipment). */
  productSimpleList: endpoint({
    method: 'GET',
    path: '/allProduct/simpleList',
    query: z.object({ keyword: text('关键字', 100).optional(), ids: optionalIds('产品', 100) }),
    response: z.array(productModelSchema.pick({ id: true, name: true, brand: true, model: true, category: true })),
  }),
  productCategories: endpoint({ method: 'GET', path: '/allProduct/categories', power: P.catalogue, response: z.array(z.string()) }),
  productDetail: endpoint({
    method: 'GET',
    path: '/allProduct/Productdetails',
    power: P.catalogue,
    query: z.object({ id: requiredId('产品') }),
    response: productModelSchema,
  }),
  productSave: endpoint({ method: 'POST', path: '/allProduct/save', power: P.catalogue, body: productModelBody, response: z.object({ id: z.number() }) }),
  productDelete: endpoint({ method: 'DELETE', path: '/allProduct/delete', power: P.catalogue, body: z.object({ ids: ids('产品') }), response: z.null() }),

  productionList: endpoint({
    method: 'GET',
    path: '/v2/customer/production/list',
    power: P.product,
    plan: 'productManage',
    query: installedProductFilters.extend(pageQuery.shape),
    response: z.object({ list: z.array(installedProductSchema), count: z.number() }),
  }),
  productionDetail: endpoint({
    method: 'GET',
    path: '/v2/customer/production/detail',
    power: P.product,
    plan: 'productManage',
    query: z.object({ customerProductionId: requiredId('设备') }),
    response: installedProductDetailSchema,
  }),
  /** The QR code's link lands here: the product with that code, in the caller's enterprise only. */
  productionByCode: endpoint({
    method: 'GET',
    path: '/v2/customer/production/byCode',
    power: P.product,
    plan: 'productManage',
    query: z.object({
      code: L(
        z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9_-]{8,64}$/, '二维码不正确'),
        '二维码',
      ),
    }),
    response: installedProductDetailSchema,
  }),
  productionSave: endpoint({
    method: 'POST',
    path: '/v2/customer/production/save',
    power: P.productEdit,
    plan: 'productManage',
    body: installedBody,
    response: z.object({ id: z.number() }),
  }),
  productionDelete: endpoint({
    method: 'DELETE',
    path: '/v2/customer/production/delete',
    power: P.productEdit,
    plan: 'productManage',
    body: z.object({ ids: ids('设备') }),
    response: z.null(),
  }),
  /** The product's QR code as an image (not an envelope): PNG by default, SVG with type=svg. */
  productionQrcode: endpoint({
    method: 'GET',
    path: '/v2/customer/production/qrcode',
    power: P.product,
    plan: 'productManage',
    query: z.object({ id: requiredId('设备'), type: L(z.enum(['png', 'svg']).default('png'), '格式') }),
    response: z.null(),
  }),
  /** Orders, events and parts used on this product, newest first, from the areas that register a source. */
  productionHistory: endpoint({
    method: 'GET',
    path: '/v2/customer/production/history',
    power: P.product,
    plan: 'productManage',
    query: z.object({ id: requiredId('设备') }),
    response: z.array(productHistoryItemSchema),
  }),
};
