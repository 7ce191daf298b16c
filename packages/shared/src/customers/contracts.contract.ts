import { z } from 'zod';
import { coerceInt } from '../common/ints';
import { endpoint } from '../common/contract';
import { pageQuery } from '../common/pagination';
import { id, L } from '../common/zod';
import { CUSTOMER_POWERS as P } from './customers.contract';
import { customerExtValueSchema } from './customers.schema';
import { dateField, extInput, ids, money, optionalId, optionalText, requiredDate, requiredId, requiredText, text, timeFilter } from './fields';

const lineSchema = z.object({ productId: z.number(), productName: z.string(), model: z.string().nullable(), quantity: z.number(), price: z.number() });
const coveredSchema = z.object({ id: z.number(), name: z.string(), serialNumber: z.string().nullable() });
const logSchema = z.object({
  fromState: z.number().nullable(),
  toState: z.number(),
  note: z.string().nullable(),
  userName: z.string().nullable(),
  create_time: z.string(),
});
const extPart = { templateVersionId: z.number().nullable(), ext: z.record(z.string(), z.unknown()), extFields: z.array(customerExtValueSchema) };

export const saleContractSchema = z.object({
  id: z.number(),
  contractNo: z.string(),
  name: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  signDate: z.string(),
  status: z.number(),
  amount: z.number(),
  createUserName: z.string().nullable(),
  create_time: z.string(),
});
export const saleContractDetailSchema = saleContractSchema.extend({
  remark: z.string().nullable(),
  products: z.array(lineSchema),
  logs: z.array(logSchema),
  abilities: z.object({ edit: z.boolean(), actions: z.array(z.string()), delete: z.boolean() }),
  ...extPart,
});

export const maintainContractSchema = z.object({
  id: z.number(),
  contractNo: z.string(),
  name: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  amount: z.number(),
  status: z.number(),
  productCount: z.number(),
  createUserName: z.string().nullable(),
  create_time: z.string(),
});
export const maintainContractDetailSchema = maintainContractSchema.extend({
  remark: z.string().nullable(),
  products: z.array(coveredSchema),
  logs: z.array(logSchema),
  abilities: z.object({ edit: z.boolean(), actions: z.array(z.string()), delete: z.boolean() }),
  ...extPart,
});

const line = z.object({
  productId: requiredId('产品'),
  quantity: L(z.coerce.number().int().min(1, '数量至少为1').max(1_000_000, '数量过大'), '数量'),
  price: money('单价').default(0),
});

export const saleContractBody = z.object({
  id: optionalId('合同'),
  contractNo: optionalText('合同编号', 50),
  name: requiredText('合同名称', 100),
  customerId: requiredId('客户'),
  signDate: requiredDate('签订日期'),
  remark: optionalText('备注', 500),
  products: L(z.array(line).max(200, '产品最多200行').default([]), '合同产品'),
  ext: extInput,
});

export const maintainContractBody = z
  .object({
    id: optionalId('合同'),
    contractNo: optionalText('合同编号', 50),
    name: requiredText('合同名称', 100),
    customerId: requiredId('客户'),
    startDate: requiredDate('服务开始日期'),
    endDate: requiredDate('服务结束日期'),
    amount: money('合同金额'),
    remark: optionalText('备注', 500),
    productIds: L(z.array(id).max(500, '最多500台设备').default([]), '保修设备'),
    ext: extInput,
  })
  .refine((b) => b.endDate >= b.startDate, { message: '服务结束日期不能早于开始日期', path: ['endDate'] });

const contractFilters = {
  keyword: text('关键字', 100).optional(),
  customerId: optionalId('客户'),
  status: L(coerceInt('smallint').optional(), '合同状态'),
  startCreateTime: timeFilter('创建开始时间'),
  endCreateTime: timeFilter('创建结束时间'),
  ...pageQuery.shape,
};

/** A maintenance contract in force (执行中) that ends within this many days is due for renewal: 维保合同's badge and filter. */
export const RENEWAL_DAYS = 30;

/** Sales and maintenance contracts of customers. Not named by the spec; paths in its style (docs/api.md). */
export const contractContract = {
  saleList: endpoint({
    method: 'GET',
    path: '/contract/sale/list',
    power: P.customer,
    query: z.object({ ...contractFilters, startSignDate: dateField('签订开始日期').optional(), endSignDate: dateField('签订结束日期').optional() }),
    response: z.object({ list: z.array(saleContractSchema), count: z.number() }),
  }),
  saleDetail: endpoint({
    method: 'GET',
    path: '/contract/sale/detail',
    power: P.customer,
    query: z.object({ id: requiredId('合同') }),
    response: saleContractDetailSchema,
  }),
  saleSave: endpoint({ method: 'POST', path: '/contract/sale/save', power: P.contractEdit, body: saleContractBody, response: z.object({ id: z.number() }) }),
  saleSubmit: endpoint({
    method: 'POST',
    path: '/contract/sale/submit',
    power: P.contractEdit,
    body: z.object({ id: requiredId('合同') }),
    response: z.null(),
  }),
  /** Approve (pass true) or send back to be resubmitted (pass false). System administrators only. */
  saleExamine: endpoint({
    method: 'POST',
    path: '/contract/sale/examine',
    power: P.contractEdit,
    adminOnly: true,
    body: z.object({ id: requiredId('合同'), pass: L(z.boolean({ error: '请选择审批结果' }), '审批结果'), note: optionalText('审批意见', 200) }),
    response: z.null(),
  }),
  saleDelete: endpoint({ method: 'DELETE', path: '/contract/sale/delete', power: P.contractDelete, body: z.object({ ids: ids('合同') }), response: z.null() }),

  maintainList: endpoint({
    method: 'GET',
    path: '/contract/maintain/list',
    power: P.customer,
    query: z.object({ ...contractFilters, expiring: L(z.enum(['0', '1']).optional(), '即将到期') }),
    response: z.object({ list: z.array(maintainContractSchema), count: z.number() }),
  }),
  maintainDetail: endpoint({
    method: 'GET',
    path: '/contract/maintain/detail',
    power: P.customer,
    query: z.object({ id: requiredId('合同') }),
    response: maintainContractDetailSchema,
  }),
  maintainSave: endpoint({
    method: 'POST',
    path: '/contract/maintain/save',
    power: P.contractEdit,
    body: maintainContractBody,
    response: z.object({ id: z.number() }),
  }),
  /** execute: 1 → 2; finish: 2 → 3; terminate: 1 or 2 → 4. */
  maintainChangeState: endpoint({
    method: 'POST',
    path: '/contract/maintain/changeState',
    power: P.contractEdit,
    body: z.object({ id: requiredId('合同'), action: L(z.enum(['execute', 'finish', 'terminate'], '操作不正确'), '操作'), note: optionalText('备注', 200) }),
    response: z.null(),
  }),
  maintainDelete: endpoint({
    method: 'DELETE',
    path: '/contract/maintain/delete',
    power: P.contractDelete,
    body: z.object({ ids: ids('合同') }),
    response: z.null(),
  }),
};
