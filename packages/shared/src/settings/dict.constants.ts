import { PHONE as PHONE_RULE } from '../common/zod';
import { SALE_CHANNELS } from '../auth/plans';

/** What an item's `value` holds for types where it matters (the settings page shows a second column). */
export interface DictValueRule {
  label: string;
  required: boolean;
  pattern?: RegExp;
  message?: string;
}

export interface DictType {
  /** Numeric type id: the basic info types (1 order, 2 customer, 4 spare, 5 product, 6 event, 37, 61) keep the spec's ids, the other types start at 101. */
  type: number;
  code: string;
  name: string;
  group: string;
  /** Built in: items cannot be added or deleted (renaming, sorting and enabling still work). */
  fixed?: boolean;
  value?: DictValueRule;
  /** Seeded for every new enterprise: a name, or [name, value]. */
  defaults: (string | [string, string])[];
}

const ADDRESS: DictValueRule = { label: '详细地址', required: true };
const PHONE: DictValueRule = { label: '电话', required: true, pattern: PHONE_RULE, message: '请输入正确的电话号码' };
const COEFFICIENT: DictValueRule = { label: '系数', required: true, pattern: /^(10(\.0{1,2})?|\d(\.\d{1,2})?)$/, message: '请输入0至10之间的数，最多两位小数' };

export const DICT_TYPES: readonly DictType[] = [
  { type: 1, code: 'order_category', name: '工单分类', group: '基础信息', defaults: ['安装', '维修', '保养', '巡检', '改造'] },
  { type: 2, code: 'customer_category', name: '客户分类', group: '基础信息', defaults: ['个人客户', '企业客户', '经销商', '政府机构'] },
  { type: 4, code: 'spare_unit', name: '备件单位', group: '基础信息', defaults: ['个', '件', '套', '台', '箱', '米'] },
  { type: 5, code: 'product_category', name: '产品分类', group: '基础信息', defaults: ['整机', '配件', '耗材', '软件'] },
  { type: 6, code: 'event_category', name: '事件分类', group: '基础信息', defaults: ['咨询', '报修', '投诉', '建议'] },
  { type: 37, code: 'equipment_category', name: '设备档案分类', group: '基础信息', defaults: ['生产设备', '检测设备', '动力设备', '办公设备'] },
  { type: 61, code: 'personnel_post', name: '人员岗位', group: '基础信息', defaults: ['服务工程师', '技术支持', '客服专员', '区域主管'] },
  {
    type: 101,
    code: 'logistics_company',
    name: '物流公司',
    group: '物流仓储',
    defaults: ['顺丰速运', '中通快递', '圆通速递', '韵达快递', '申通快递', '京东物流', '德邦快递', '中国邮政EMS'],
  },
  {
    type: 102,
    code: 'sales_channel',
    name: '销售渠道',
    group: '销售',
    fixed: true,
    value: { label: '渠道编号', required: true },
    defaults: SALE_CHANNELS.map((c): [string, string] => [c.name, String(c.id)]),
  },
  { type: 103, code: 'service_type_onsite', name: '上门服务类型', group: '服务类型', defaults: ['上门安装', '上门维修', '上门保养', '上门巡检'] },
  { type: 104, code: 'service_type_remote', name: '远程服务类型', group: '服务类型', defaults: ['远程诊断', '远程调试', '远程升级'] },
  { type: 105, code: 'service_type_compensation', name: '赔偿服务类型', group: '服务类型', defaults: ['现金赔偿', '配件补偿', '延保补偿'] },
  { type: 106, code: 'service_type_phone', name: '电话指导服务类型', group: '服务类型', defaults: ['操作指导', '故障排查指导', '安装指导'] },
  { type: 107, code: 'service_type_return', name: '退换货服务类型', group: '服务类型', defaults: ['退货', '换货', '补发'] },
  { type: 108, code: 'service_method', name: '服务方式', group: '服务类型', defaults: ['上门服务', '远程服务', '电话指导', '寄修'] },
  { type: 109, code: 'shop', name: '店铺', group: '销售', defaults: ['官方旗舰店', '天猫旗舰店', '京东自营店', '线下直营门店'] },
  {
    type: 110,
    code: 'old_part_return_address',
    name: '旧件返还地址',
    group: '物流仓储',
    value: ADDRESS,
    defaults: [
      ['总部旧件仓', '上海市浦东新区张江高科技园区科苑路88号'],
      ['华南旧件仓', '广东省广州市白云区太和镇龙归路18号'],
    ],
  },
  { type: 111, code: 'delivery_warehouse', name: '发货仓库', group: '物流仓储', defaults: ['总部中心仓', '华东分仓', '华南分仓', '华北分仓'] },
  {
    type: 112,
    code: 'responsibility_reason',
    name: '责任原因',
    group: '质量分析',
    defaults: ['产品质量问题', '安装不当', '用户使用不当', '运输损坏', '不可抗力'],
  },
  { type: 113, code: 'analysis_unit', name: '分析单位', group: '质量分析', defaults: ['研发部', '质量部', '生产部', '售后服务部'] },
  { type: 114, code: 'sales_unit', name: '销售单位', group: '销售', defaults: ['总部销售部', '华东销售区', '华南销售区', '华北销售区'] },
  { type: 115, code: 'place_of_use', name: '使用场所', group: '质量分析', defaults: ['家庭', '办公室', '工厂车间', '商场', '医院', '学校'] },
  { type: 116, code: 'complaint_level', name: '投诉等级', group: '投诉', defaults: ['一般投诉', '重要投诉', '重大投诉'] },
  {
    type: 117,
    code: 'unable_reason',
    name: '无法完成原因',
    group: '服务类型',
    defaults: ['客户不在现场', '缺少备件', '超出服务范围', '需厂家技术支持', '客户取消服务'],
  },
  {
    type: 118,
    code: 'settlement_coefficient',
    name: '结算系数',
    group: '结算',
    value: COEFFICIENT,
    defaults: [
      ['标准', '1.00'],
      ['偏远地区', '1.20'],
      ['夜间加急', '1.30'],
      ['节假日', '1.50'],
    ],
  },
  { type: 119, code: 'not_passed_reason', name: '不通过原因', group: '回访', defaults: ['客户不满意', '问题未解决', '服务态度差', '未按约定时间上门'] },
  { type: 120, code: 'next_visit_reason', name: '下次回访原因', group: '回访', defaults: ['客户未接听', '客户要求改期', '问题待观察'] },
  { type: 121, code: 'service_type', name: '服务类型', group: '服务类型', defaults: ['安装', '维修', '保养', '巡检', '咨询'] },
  { type: 122, code: 'tag', name: '标签', group: '其他', defaults: ['老客户', '重点跟进', '批量故障'] },
  {
    type: 123,
    code: 'manufacturer_contact',
    name: '厂家联系人',
    group: '厂家',
    value: { label: '所属部门', required: false },
    defaults: [
      ['王经理', '售后服务部'],
      ['李工', '技术支持部'],
    ],
  },
  {
    type: 124,
    code: 'manufacturer_phone',
    name: '厂家电话',
    group: '厂家',
    value: PHONE,
    defaults: [
      ['售后服务热线', '400-800-6688'],
      ['技术支持电话', '021-50001234'],
    ],
  },
  { type: 125, code: 'cost_check_reason', name: '费用审核原因', group: '结算', defaults: ['费用超出标准', '票据不全', '重复报销', '未经事先审批'] },
];

export const dictType = (type: number): DictType | undefined => DICT_TYPES.find((t) => t.type === type);
export const dictTypeByCode = (code: string): DictType | undefined => DICT_TYPES.find((t) => t.code === code || String(t.type) === code);

export const DICT_NAME_MAX = 50;
export const DICT_VALUE_MAX = 200;
/** Most items one type may hold in one enterprise (the settings page shows them all, unpaged). */
export const DICT_MAX_ITEMS = 500;
