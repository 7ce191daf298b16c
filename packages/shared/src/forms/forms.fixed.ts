import type { FieldType, FormKindId, OrderGroup } from './forms.constants';

/** A built-in field of a form kind; its value lives in the record's own column, not in ext. */
export interface FixedField {
  key: string;
  name: string;
  type: FieldType;
  required: boolean;
  group?: OrderGroup;
  options?: string[];
}

const f = (key: string, name: string, type: FieldType, required: boolean, extra: Partial<FixedField> = {}): FixedField => ({
  key,
  name,
  type,
  required,
  ...extra,
});

/** Contract states (1 signed, 2 executing, 3 finished, 4 terminated). */
const CONTRACT_STATES = ['已签订', '执行中', '已完成', '已终止'];

/**
 * Fixed fields and required flags exactly as the spec lists them. Kinds it lists none for
 * (evaluation, receipt, spare part, project, renovation, detection, event, equipment order) have none here;
 * their modules own their columns.
 */
export const FIXED_FIELDS: Record<FormKindId, FixedField[]> = {
  1: [f('customerId', '客户', 30, true, { group: 'customerInfo' }), f('title', '标题', 1, true, { group: 'orderInfo' })],
  2: [f('name', '客户', 1, true), f('linkPerson', '联系人', 1, true), f('phone', '电话', 23, true), f('address', '服务地址', 9, false)],
  3: [
    f('name', '名称', 1, true),
    f('serialNumber', '序列号', 12, false),
    f('customerId', '客户', 30, false),
    f('address', '地址', 9, false),
    f('qrCode', '二维码', 12, false),
  ],
  4: [],
  6: [],
  7: [
    f('serviceProject', '服务项目', 1, false),
    f('spareAmount', '备件金额', 2, false),
    f('otherAmount', '其他金额', 2, false),
    f('discountAmount', '优惠金额', 2, false),
  ],
  8: [],
  9: [],
  10: [],
  11: [],
  12: [],
  13: [],
  25: [f('name', '名称', 1, true), f('servicePeriod', '服务期限', 24, true), f('amount', '金额', 2, true)],
  26: [
    f('contractNo', '合同编号', 1, true),
    f('name', '名称', 1, true),
    f('customerId', '客户', 30, true),
    f('signDate', '签订日期', 4, true),
    f('status', '状态', 3, true, { options: CONTRACT_STATES }),
  ],
};

/**
 * System values a formula may reference besides custom fields: the numeric fixed fields, and for
 * orders the service-fee totals the orders module fills in (our choice; docs/decisions.md).
 */
export const FORMULA_SYSTEM_REFS: Record<FormKindId, { key: string; name: string }[]> = Object.fromEntries(
  Object.entries(FIXED_FIELDS).map(([kind, list]) => [kind, list.filter((x) => x.type === 2).map(({ key, name }) => ({ key, name }))]),
) as Record<FormKindId, { key: string; name: string }[]>;
FORMULA_SYSTEM_REFS[1] = [
  { key: 'serviceAmount', name: '服务费' },
  { key: 'spareAmount', name: '备件费' },
  { key: 'otherAmount', name: '其他费用' },
  { key: 'totalAmount', name: '费用合计' },
];
