import type { Industry } from '../auth/plans';
import type { OrderGroup } from './forms.constants';

/**
 * Quick deploy (快速部署): what each of the five industries brings — order, event and project templates with
 * their custom fields, the order types' service items (money items) and dictionary values. Everything is matched
 * by name when deployed again, so a second run adds only what is missing.
 */
export interface DeployField {
  name: string;
  /** Field type (FIELD_TYPES): 1 text, 2 number, 3 single choice, 4 date, 7 switch, 8 multiple choice, 13 long text, 21 signature, 23 phone, 26 pictures. */
  type: 1 | 2 | 3 | 4 | 7 | 8 | 13 | 21 | 23 | 26;
  required?: boolean;
  options?: string[];
  group?: OrderGroup;
  placeholder?: string;
  help?: string;
  min?: number;
  precision?: number;
}

export interface DeployMoneyItem {
  name: string;
  price: number;
  unit: string;
}

export interface DeployTemplate {
  /** Form kind: 1 order type, 6 event, 10 project. */
  kind: 1 | 6 | 10;
  name: string;
  fields: DeployField[];
  /** Service items of an order type. */
  moneyItems?: DeployMoneyItem[];
}

export interface IndustryDeploy {
  templates: DeployTemplate[];
  /** Values added to the enterprise's dictionaries (DICT_TYPES), by type. */
  dict: { type: number; names: string[] }[];
}

const photos = (name = '现场照片'): DeployField => ({ name, type: 26, group: 'orderReceipt' });
const signature: DeployField = { name: '客户签字', type: 21, group: 'orderReceipt' };

export const DEPLOY_PRESETS: Record<Industry, IndustryDeploy> = {
  manufacturing: {
    templates: [
      {
        kind: 1,
        name: '设备安装调试',
        fields: [
          { name: '设备型号', type: 1, group: 'orderInfo', required: true, placeholder: '请输入铭牌上的型号' },
          { name: '出厂编号', type: 1, group: 'orderInfo' },
          { name: '安装环境', type: 3, group: 'orderInfo', options: ['室内', '室外', '洁净车间', '高温车间'] },
          { name: '调试结果', type: 3, group: 'orderReceipt', options: ['一次调试合格', '调整后合格', '需二次上门'], required: true },
          photos('安装照片'),
          signature,
        ],
        moneyItems: [
          { name: '安装调试费', price: 300, unit: '台' },
          { name: '远途交通补贴', price: 80, unit: '次' },
          { name: '配套线材', price: 15, unit: '米' },
        ],
      },
      {
        kind: 1,
        name: '售后维修',
        fields: [
          { name: '故障现象', type: 13, group: 'orderInfo', required: true },
          { name: '故障分类', type: 3, group: 'orderInfo', options: ['电气故障', '机械故障', '软件故障', '外观损坏'] },
          { name: '更换部件', type: 13, group: 'orderReceipt' },
          photos('维修前后照片'),
          signature,
        ],
        moneyItems: [
          { name: '上门检测费', price: 50, unit: '次' },
          { name: '维修工时费', price: 120, unit: '小时' },
          { name: '保外配件费', price: 0, unit: '件' },
        ],
      },
      {
        kind: 6,
        name: '产品咨询',
        fields: [
          { name: '咨询产品', type: 1, required: true },
          { name: '咨询类型', type: 3, options: ['使用方法', '价格报价', '售后政策', '其他'] },
        ],
      },
      {
        kind: 10,
        name: '产线设备交付',
        fields: [
          { name: '合同编号', type: 1, required: true },
          { name: '设备台数', type: 2, min: 0, precision: 0 },
          { name: '计划验收日期', type: 4 },
        ],
      },
    ],
    dict: [
      { type: 1, names: ['安装调试', '售后维修', '定期保养'] },
      { type: 112, names: ['来料缺陷', '装配工艺问题'] },
      { type: 5, names: ['生产线设备', '控制柜'] },
    ],
  },
  service: {
    templates: [
      {
        kind: 1,
        name: '上门服务',
        fields: [
          { name: '服务内容', type: 13, group: 'orderInfo', required: true },
          { name: '预约时段', type: 3, group: 'orderInfo', options: ['上午', '下午', '晚间'] },
          { name: '实际工时', type: 2, group: 'serviceFees', min: 0, precision: 1, help: '单位：小时' },
          { name: '服务评价', type: 3, group: 'serviceEvaluation', options: ['非常满意', '满意', '一般', '不满意'] },
          signature,
        ],
        moneyItems: [
          { name: '基础上门费', price: 60, unit: '次' },
          { name: '服务工时费', price: 80, unit: '小时' },
          { name: '夜间加急费', price: 50, unit: '次' },
        ],
      },
      {
        kind: 1,
        name: '清洁保洁',
        fields: [
          { name: '保洁面积', type: 2, group: 'orderInfo', min: 0, precision: 1, help: '单位：平方米' },
          { name: '保洁类型', type: 3, group: 'orderInfo', options: ['日常保洁', '深度保洁', '开荒保洁'], required: true },
          { name: '需自带工具', type: 7, group: 'orderInfo' },
          photos('完工照片'),
        ],
        moneyItems: [
          { name: '日常保洁', price: 6, unit: '平方米' },
          { name: '深度保洁', price: 10, unit: '平方米' },
          { name: '油烟机清洗', price: 120, unit: '台' },
        ],
      },
      {
        kind: 6,
        name: '客户投诉',
        fields: [
          { name: '投诉对象', type: 1, required: true },
          { name: '期望处理方式', type: 3, options: ['道歉', '重新服务', '退款', '其他'] },
        ],
      },
      {
        kind: 10,
        name: '年度服务项目',
        fields: [
          { name: '服务次数', type: 2, min: 0, precision: 0 },
          { name: '客户联系人电话', type: 23 },
        ],
      },
    ],
    dict: [
      { type: 121, names: ['保洁', '家政', '上门服务'] },
      { type: 116, names: ['服务态度投诉'] },
      { type: 6, names: ['预约改期'] },
    ],
  },
  property: {
    templates: [
      {
        kind: 1,
        name: '业主报修',
        fields: [
          { name: '楼栋房号', type: 1, group: 'customerInfo', required: true, placeholder: '如：3栋1单元502' },
          { name: '报修类别', type: 3, group: 'orderInfo', options: ['水电', '门窗', '墙面', '公共设施', '电梯'], required: true },
          { name: '是否有偿', type: 7, group: 'serviceFees' },
          photos('报修照片'),
          signature,
        ],
        moneyItems: [
          { name: '水电维修', price: 50, unit: '次' },
          { name: '更换水龙头', price: 30, unit: '个' },
          { name: '疏通下水道', price: 80, unit: '次' },
        ],
      },
      {
        kind: 1,
        name: '公共设施巡检',
        fields: [
          { name: '巡检区域', type: 3, group: 'orderInfo', options: ['地下车库', '电梯机房', '消防通道', '绿化区域', '配电房'], required: true },
          { name: '检查项目', type: 8, group: 'orderInfo', options: ['照明', '消防器材', '监控', '门禁', '排水'] },
          { name: '是否发现隐患', type: 7, group: 'orderReceipt' },
          { name: '隐患描述', type: 13, group: 'orderReceipt' },
          photos('巡检照片'),
        ],
      },
      {
        kind: 6,
        name: '业主投诉建议',
        fields: [
          { name: '楼栋房号', type: 1, required: true },
          { name: '反馈类型', type: 3, options: ['噪音扰民', '环境卫生', '停车管理', '安全管理', '其他'] },
        ],
      },
      {
        kind: 10,
        name: '小区改造工程',
        fields: [
          { name: '改造范围', type: 13 },
          { name: '业主公示日期', type: 4 },
        ],
      },
    ],
    dict: [
      { type: 1, names: ['业主报修', '公区巡检'] },
      { type: 6, names: ['噪音投诉', '停车投诉'] },
      { type: 115, names: ['住宅小区', '写字楼'] },
    ],
  },
  homeImprovement: {
    templates: [
      {
        kind: 1,
        name: '上门量房',
        fields: [
          { name: '房屋面积', type: 2, group: 'orderInfo', min: 0, precision: 2, help: '单位：平方米', required: true },
          { name: '户型', type: 3, group: 'orderInfo', options: ['一室', '两室', '三室', '四室及以上', '别墅'] },
          { name: '装修风格', type: 3, group: 'orderInfo', options: ['现代简约', '新中式', '北欧', '轻奢', '其他'] },
          { name: '量房日期', type: 4, group: 'progressInfo' },
          photos('现场照片'),
        ],
        moneyItems: [{ name: '量房设计费', price: 200, unit: '次' }],
      },
      {
        kind: 1,
        name: '装修售后',
        fields: [
          { name: '问题部位', type: 3, group: 'orderInfo', options: ['墙面开裂', '地板起拱', '瓷砖空鼓', '水电问题', '门窗问题'], required: true },
          { name: '竣工日期', type: 4, group: 'orderInfo' },
          { name: '是否在质保期', type: 7, group: 'orderInfo' },
          photos('问题照片'),
          signature,
        ],
        moneyItems: [
          { name: '墙面修补', price: 35, unit: '平方米' },
          { name: '瓷砖更换', price: 60, unit: '块' },
          { name: '水电检修', price: 100, unit: '次' },
        ],
      },
      {
        kind: 6,
        name: '装修咨询',
        fields: [
          { name: '预算范围', type: 3, options: ['10万以下', '10-20万', '20-50万', '50万以上'] },
          { name: '计划开工时间', type: 4 },
        ],
      },
      {
        kind: 10,
        name: '整装施工项目',
        fields: [
          { name: '合同金额', type: 2, min: 0, precision: 2 },
          { name: '施工阶段', type: 3, options: ['拆改', '水电', '泥木', '油漆', '安装', '竣工'] },
          { name: '计划竣工日期', type: 4 },
        ],
      },
    ],
    dict: [
      { type: 1, names: ['量房', '装修售后'] },
      { type: 112, names: ['施工工艺问题', '材料质量问题'] },
      { type: 4, names: ['平方米', '卷'] },
    ],
  },
  machinery: {
    templates: [
      {
        kind: 1,
        name: '工程机械维修',
        fields: [
          { name: '设备编号', type: 1, group: 'orderInfo', required: true },
          { name: '运行小时数', type: 2, group: 'orderInfo', min: 0, precision: 0, help: '仪表盘上的累计工作小时' },
          { name: '故障部位', type: 3, group: 'orderInfo', options: ['发动机', '液压系统', '电气系统', '行走系统', '工作装置'], required: true },
          { name: '是否停机', type: 7, group: 'orderInfo' },
          photos('故障照片'),
          signature,
        ],
        moneyItems: [
          { name: '野外作业费', price: 200, unit: '次' },
          { name: '维修工时费', price: 150, unit: '小时' },
          { name: '液压油', price: 35, unit: '升' },
        ],
      },
      {
        kind: 1,
        name: '定期保养',
        fields: [
          { name: '保养级别', type: 3, group: 'orderInfo', options: ['250小时保养', '500小时保养', '1000小时保养', '2000小时保养'], required: true },
          { name: '保养项目', type: 8, group: 'orderReceipt', options: ['更换机油', '更换滤芯', '检查液压管路', '润滑加注', '紧固检查'] },
          { name: '下次保养小时数', type: 2, group: 'orderReceipt', min: 0, precision: 0 },
          photos('保养照片'),
        ],
        moneyItems: [
          { name: '保养工时费', price: 300, unit: '次' },
          { name: '机油滤芯', price: 85, unit: '个' },
        ],
      },
      {
        kind: 6,
        name: '设备故障报备',
        fields: [
          { name: '设备编号', type: 1, required: true },
          { name: '施工工地', type: 1 },
        ],
      },
      {
        kind: 10,
        name: '设备进场服务',
        fields: [
          { name: '工地名称', type: 1, required: true },
          { name: '进场设备数量', type: 2, min: 0, precision: 0 },
          { name: '进场日期', type: 4 },
        ],
      },
    ],
    dict: [
      { type: 1, names: ['野外抢修', '定期保养'] },
      { type: 37, names: ['挖掘机', '装载机', '起重机'] },
      { type: 117, names: ['工地停工'] },
    ],
  },
};
