import { z } from 'zod';
import { coerceInt } from '../common/ints';
import { POWERS } from '../auth/powers';
import { endpoint } from '../common/contract';
import { pageQuery } from '../common/pagination';
import { choiceMessage, id, L, PHONE, PHONE_MESSAGE } from '../common/zod';
import { PARTNER_TYPE_IDS, PARTNER_TYPES, SERVICE_GROUP_TYPE_IDS, SERVICE_GROUP_TYPES } from './org.constants';
import { flag, groupDetail, groupRow, idArray, optionalText, providerDetail, providerRow } from './org.schema';

const manage = POWERS.orgManage;
const searchText = L(z.string().trim().max(50, '搜索内容不能超过50个字').optional(), '搜索内容');
const groupType = L(
  coerceInt('smallint').refine((n) => (SERVICE_GROUP_TYPE_IDS as readonly number[]).includes(n), choiceMessage('团队类型', SERVICE_GROUP_TYPES)),
  '团队类型',
);
const partnerType = L(
  coerceInt('smallint').refine((n) => (PARTNER_TYPE_IDS as readonly number[]).includes(n), choiceMessage('合作类型', PARTNER_TYPES)),
  '合作类型',
);

const groupFields = {
  name: L(z.string().trim().min(1, '请输入团队名称').max(30, '团队名称不能超过30个字'), '团队名称'),
  type: groupType.default(1),
  leaderId: L(id.nullish(), '负责人'),
  memberIds: idArray('成员', 500).default([]),
  remark: optionalText('备注', 200),
};

/** 银行账号: digits only (spaces and dashes as typed are dropped), 8 to 30 of them; '' clears it. */
const bankAccount = L(
  z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => v === '' || /^\d{8,30}$/.test(v), '银行账号应为8至30位数字')
    .nullish(),
  '银行账号',
);

const contact = z.object({
  name: L(z.string({ error: '请输入联系人姓名' }).trim().min(1, '请输入联系人姓名').max(20, '联系人姓名不能超过20个字'), '联系人姓名'),
  phone: L(z.string({ error: '请输入联系人电话' }).trim().regex(PHONE, PHONE_MESSAGE), '联系人电话'),
  position: optionalText('联系人职务', 20).transform((v) => v || null),
  isPrimary: L(z.boolean().default(false), '主联系人'),
});

/** 联系人: up to 20, exactly one primary (its name and phone become the provider's linkman and phone). */
const contacts = L(
  z
    .array(contact)
    .max(20, '联系人最多20个')
    .refine((l) => l.length === 0 || l.filter((c) => c.isPrimary).length === 1, '请指定且只指定一位主联系人'),
  '联系人',
);

/** 服务区域: area codes (province 2, city 4 or district 6 digits); the server checks each is in the area table. */
const regionCodes = L(
  z
    .array(
      z
        .string()
        .trim()
        .regex(/^\d{2}(\d{2}){0,2}$/, '地区编码不正确'),
    )
    .max(100, '服务区域最多100个')
    .transform((l) => [...new Set(l)]),
  '服务区域',
);

/** 产品线: product categories, as the catalogue's 产品分类 spells them. */
const productLines = L(
  z
    .array(z.string().trim().min(1, '产品线不能为空').max(50, '产品线不能超过50个字'))
    .max(50, '产品线最多50个')
    .transform((l) => [...new Set(l)]),
  '产品线',
);

const providerFields = {
  name: L(z.string().trim().min(1, '请输入服务商名称').max(50, '服务商名称不能超过50个字'), '服务商名称'),
  partnerType: partnerType.default(1),
  linkman: optionalText('联系人', 20),
  phone: optionalText('联系电话', 20),
  address: optionalText('地址', 200),
  serviceArea: optionalText('服务区域', 200),
  remark: optionalText('备注', 200),
  /** 结算系数, two decimals (1.00 = the standard's amount; docs/settlement.md). */
  coefficient: L(
    z.coerce
      .number({ error: '结算系数不正确' })
      .min(0.01, '结算系数不能小于0.01')
      .max(9.99, '结算系数不能大于9.99')
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-9, '结算系数最多两位小数')
      .optional(),
    '结算系数',
  ),
  regionCodes: regionCodes.optional(),
  productLines: productLines.optional(),
  bankName: optionalText('开户银行', 50),
  bankAccountName: optionalText('开户名', 50),
  bankAccount,
  contacts: contacts.optional(),
};

/** Service groups (teams) and service providers (outsourcing partners). Writes follow the seat quota like their menu entries. */
export const teamContract = {
  groupList: endpoint({
    method: 'GET',
    path: '/servicegroup/list',
    // type -1 means all; filters ask for up to 1000 teams, on every plan.
    query: pageQuery.extend({
      type: L(coerceInt('smallint').default(-1), '团队类型'),
      searchText,
      pageSize: L(z.coerce.number().int().min(1, '每页条数不能小于1').max(1000, '每页条数不能超过1000').default(10), '每页条数'),
    }),
    response: z.object({ list: z.array(groupRow), count: z.number() }),
  }),
  groupSimpleList: endpoint({ method: 'GET', path: '/servicegroup/simplelist', response: z.array(z.object({ id: z.number(), name: z.string() })) }),
  groupDetail: endpoint({ method: 'GET', path: '/servicegroup/detail', query: z.object({ id: L(id, '团队') }), response: groupDetail }),
  groupCreate: endpoint({
    method: 'POST',
    path: '/servicegroup',
    power: manage,
    quota: true,
    body: z.object(groupFields),
    response: z.object({ id: z.number() }),
  }),
  groupUpdate: endpoint({
    method: 'PUT',
    path: '/servicegroup',
    power: manage,
    quota: true,
    body: z.object({
      id: L(id, '团队'),
      name: groupFields.name.optional(),
      type: groupType.optional(),
      leaderId: groupFields.leaderId,
      memberIds: idArray('成员', 500).optional(),
      remark: groupFields.remark,
    }),
    response: z.null(),
  }),
  groupDelete: endpoint({ method: 'DELETE', path: '/servicegroup', power: manage, quota: true, body: z.object({ id: L(id, '团队') }), response: z.null() }),

  providerList: endpoint({
    method: 'GET',
    path: '/serviceprovider/list',
    power: manage,
    query: pageQuery.extend({ keyword: searchText, partnerType: partnerType.optional(), enabled: L(flag.optional(), '启用状态') }),
    response: z.object({ list: z.array(providerRow), count: z.number() }),
  }),
  providerSimpleList: endpoint({
    method: 'GET',
    path: '/serviceprovider/simplelist',
    query: z.object({ partnerType: partnerType.optional() }),
    response: z.array(z.object({ id: z.number(), name: z.string(), partnerType: z.number() })),
  }),
  providerDetail: endpoint({
    method: 'GET',
    path: '/serviceprovider/detail',
    power: manage,
    query: z.object({ id: L(id, '服务商') }),
    response: providerDetail,
  }),
  providerCreate: endpoint({
    method: 'POST',
    path: '/serviceprovider',
    power: manage,
    quota: true,
    body: z.object(providerFields),
    response: z.object({ id: z.number() }),
  }),
  providerUpdate: endpoint({
    method: 'PUT',
    path: '/serviceprovider',
    power: manage,
    quota: true,
    body: z.object({
      id: L(id, '服务商'),
      ...providerFields,
      name: providerFields.name.optional(),
      partnerType: partnerType.optional(),
    }),
    response: z.null(),
  }),
  /** Disabling a provider also disables its outsourced users and ends their sessions. */
  providerEnabled: endpoint({
    method: 'PUT',
    path: '/serviceprovider/enabled',
    power: manage,
    quota: true,
    body: z.object({ id: L(id, '服务商'), enabled: L(flag, '启用状态') }),
    response: z.null(),
  }),
};
