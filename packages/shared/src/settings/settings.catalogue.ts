import type { FreeFeature } from '../auth/plans';
import { PAGE_SIZES } from '../common/pagination';

export type SettingType = 'bool' | 'int' | 'enum' | 'text' | 'url' | 'secret';

/** What the web is shown of a stored secret (a key): never the value. Saving the mask back keeps the stored value. */
export const SECRET_MASK = '******';
/** geo_provider's options: the offline table of administrative areas, or an online provider keyed by geo_key. */
export const GEO_PROVIDER_OPTIONS = ['离线', '高德', '腾讯', '百度'] as const;

/** One system setting: its code, default, Chinese description and value type. Values travel as strings. */
export interface SettingDef {
  code: string;
  group: string;
  descri: string;
  type: SettingType;
  default: string;
  min?: number;
  max?: number;
  options?: readonly string[];
  maxLength?: number;
  pattern?: RegExp;
  patternMessage?: string;
  /** Switching it on (away from the default) is refused on the free plan. */
  plan?: FreeFeature;
  /**
   * No code reads it yet: kept (stored values survive, the API still answers it) but off the settings page until the
   * area named here reads it (docs/settings.md).
   */
  pending?: string;
}

/** Marks a setting no code reads yet (off the page). */
const pending = (def: SettingDef, area: string): SettingDef => ({ ...def, pending: area });

const bool = (code: string, group: string, descri: string, on: boolean, plan?: FreeFeature): SettingDef => ({
  code,
  group,
  descri,
  type: 'bool',
  default: on ? '1' : '0',
  ...(plan ? { plan } : {}),
});
const int = (code: string, group: string, descri: string, def: number, min: number, max: number, plan?: FreeFeature): SettingDef => ({
  code,
  group,
  descri,
  type: 'int',
  default: String(def),
  min,
  max,
  ...(plan ? { plan } : {}),
});

/** Default map tiles (AutoNavi street map), subdomains 1–4, Leaflet URL template. */
export const DEFAULT_MAP_TILE_URL = 'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}';

export const SETTINGS: readonly SettingDef[] = [
  pending(int('order_auto_archive_days', '工单', '工单完成后自动归档的天数（0为不自动归档）', 30, 0, 365), '工单自动归档任务'),
  pending(int('order_timeout_hours', '工单', '工单超时时长（小时），超过仍未完成计为超时工单', 48, 1, 720, 'orderTimeout'), '工单超时（SLA之外的统一时限）'),
  bool('order_high_seas', '工单', '开启工单公海，服务人员可抢单', false, 'orderHighSeas'),
  int('order_pool_unclaimed_minutes', '工单', '工单公海中无人抢单多少分钟后退回派单员（0为不退回）', 60, 0, 10080),
  int('order_pool_revoke_minutes', '工单', '服务人员抢单后多少分钟内可退回工单公海', 30, 0, 1440),
  pending(bool('order_reserve_required', '工单', '服务人员接单后须预约上门时间', true), '工单状态机（开始服务前须预约）'),
  bool('order_sign_required', '工单', '完成服务时须客户签名确认', false),
  bool('app_image_compress', '工单', '上传图片时压缩（画质0.5，减少流量和存储）', false),
  pending(bool('order_evaluation', '工单', '工单完成后邀请客户评价', true), '完成后的客户评价邀请（短信/链接）'),
  {
    code: 'order_no_prefix',
    group: '工单',
    descri: '工单编号前缀',
    type: 'text',
    default: 'GD',
    maxLength: 6,
    pattern: /^[A-Za-z]*$/,
    patternMessage: '只能填写英文字母',
  },
  bool('sla_enabled', '工单', '启用SLA时效管理', false, 'sla'),
  int('cycle_plan_horizon_days', '工单', '周期计划提前生成工单的天数（到期日在该天数之内的工单提前生成）', 30, 1, 365),
  pending(bool('auto_copy', '工单', '工单按规则自动抄送相关人员', false, 'autoCopy'), '自动化规则的抄送动作'),
  pending(bool('return_visit_auto', '回访', '工单完成后自动生成回访任务', true), '回访任务'),
  pending(int('return_visit_delay_hours', '回访', '工单完成多少小时后生成回访任务', 24, 0, 720), '回访任务'),
  pending(int('return_visit_pass_score', '回访', '回访评分不低于该分数视为回访通过', 3, 1, 5), '回访任务'),
  pending(int('return_visit_max_times', '回访', '同一工单最多回访次数（含下次回访）', 3, 1, 10), '回访任务'),
  pending(bool('return_visit_sms', '回访', '回访完成后向客户发送短信', false), '回访任务'),
  pending(int('event_auto_close_days', '事件', '事件完成后自动关闭的天数（0为不自动关闭）', 7, 0, 365), '事件自动关闭任务'),
  bool('customer_phone_unique', '客户', '客户电话不可重复', true),
  bool('scan_repair_enabled', '客户', '开启扫码报修（任何人扫设备二维码，用短信验证码验证手机号后即可报修，无需账号）', true),
  {
    code: 'service_phone',
    group: '客户',
    descri: '服务电话（显示在扫码报修页和报修跟踪页）',
    type: 'text',
    default: '',
    maxLength: 20,
    pattern: /^[0-9+\-() ]*$/,
    patternMessage: '请输入正确的电话号码',
  },
  bool('spare_stock_warning', '备件', '库存低于预警值时提醒仓库管理员', true),
  {
    code: 'default_page_size',
    group: '界面',
    descri: '列表默认每页条数',
    type: 'enum',
    default: '10',
    options: PAGE_SIZES.map(String),
  },
  pending(bool('help_tip_spare_manage', '界面', '备件管理页面显示帮助提示', true), '备件管理页的帮助提示'),
  pending(bool('help_tip_service_project', '界面', '服务项目页面显示帮助提示', true), '服务项目页的帮助提示'),
  pending(bool('help_tip_parameter_set', '界面', '参数设置页面显示帮助提示', true), '参数设置页的帮助提示'),
  bool('help_tip_organization', '界面', '组织架构页面显示帮助提示', true),
  { code: 'map_tile_url', group: '地图', descri: '地图瓦片地址（含{x}、{y}、{z}的URL模板）', type: 'url', default: DEFAULT_MAP_TILE_URL, maxLength: 500 },
  {
    code: 'map_default_center',
    group: '地图',
    descri: '地图默认中心点（经度,纬度）',
    type: 'text',
    default: '116.397428,39.90923',
    maxLength: 40,
    pattern: /^-?\d{1,3}(\.\d+)?,-?\d{1,2}(\.\d+)?$/,
    patternMessage: '格式为“经度,纬度”，如 116.397428,39.90923',
  },
  {
    code: 'geo_provider',
    group: '地图',
    descri: '地址定位服务（离线按省市区中心定位；高德、腾讯、百度需填写密钥，失败时回退离线定位）',
    type: 'enum',
    default: '离线',
    options: GEO_PROVIDER_OPTIONS,
  },
  { code: 'geo_key', group: '地图', descri: '地址定位服务密钥（Key/AK）', type: 'secret', default: '', maxLength: 128 },
  // The dispatch assistant (docs/planning.md): its weights, also shown on the 派单规则 page.
  int('plan_weight_travel', '派单', '智能派单：路程权重（每10分钟路程扣的分数）', 10, 0, 100),
  int('plan_weight_load', '派单', '智能派单：负荷权重（当天每个已约上门扣的分数）', 8, 0, 100),
  int('plan_weight_sla', '派单', '智能派单：时效权重（超过SLA时限扣的分数，每超30分钟再扣一次）', 20, 0, 100),
  int('plan_weight_skill', '派单', '智能派单：技能加分（技能标签含工单的产品分类或所需技能）', 10, 0, 100),
  bool('plan_own_first', '派单', '智能派单：优先本企业服务人员，服务商人员排在其后', true),
  int('plan_speed_kmh', '派单', '未配置路径规划服务时，估算路程所用的平均车速（公里/小时）', 25, 5, 120),
  bool('plan_notify_customers', '派单', '应用优化路线后，短信告知客户新的上门时间', false),
  int('fee_claim_tolerance_pct', '结算', '服务商申请的交通里程超出直线距离多少（%）须走审批，以内自动通过', 20, 0, 500),
  int('penalty_sla_breach_yuan', '结算', '服务商工单SLA超时，系统建议的处罚金额（元，0为不建议）', 50, 0, 100000),
  int('penalty_visit_failed_yuan', '结算', '服务商工单回访不通过，系统建议的处罚金额（元，0为不建议）', 100, 0, 100000),
  int('penalty_old_part_overdue_yuan', '结算', '服务商工单旧件逾期未返还，系统建议的处罚金额（元，0为不建议）', 50, 0, 100000),
  int('quote_discount_limit_pct', '报价', '报价单折扣超过合计金额的多少（%）须走“报价折扣审批”', 10, 0, 100),
  // Call centre (docs/calls.md): the key telephony platforms sign call events with, and the dial provider.
  {
    code: 'call_event_secret',
    group: '呼叫中心',
    descri: '呼叫中心事件签名密钥（通话平台推送来电事件时用它签名）',
    type: 'secret',
    default: '',
    maxLength: 128,
  },
  {
    code: 'call_provider',
    group: '呼叫中心',
    descri: '外呼方式（记录：只记录外呼，由坐席用座机拨打；HTTP：通过通话平台的外呼接口拨打）',
    type: 'enum',
    default: '记录',
    options: ['记录', 'HTTP'],
  },
  {
    code: 'call_provider_url',
    group: '呼叫中心',
    descri: '通话平台外呼接口地址（外呼方式为HTTP时使用）',
    type: 'text',
    default: '',
    maxLength: 500,
    pattern: /^(https?:\/\/\S+)?$/,
    patternMessage: '请输入以http://或https://开头的地址',
  },
  // Online payment of goods orders (docs/commerce.md "Online payment"): 线下 = the keeper confirms; HTTP = the gateway below.
  {
    code: 'goods_pay_provider',
    group: '在线支付',
    descri: '备件申请在线支付方式（线下：由仓管员确认收款；HTTP：通过支付网关在线支付）',
    type: 'enum',
    default: '线下',
    options: ['线下', 'HTTP'],
  },
  {
    code: 'goods_pay_url',
    group: '在线支付',
    descri: '支付网关接口地址（在线支付方式为HTTP时使用）',
    type: 'text',
    default: '',
    maxLength: 500,
    pattern: /^(https?:\/\/\S+)?$/,
    patternMessage: '请输入以http://或https://开头的地址',
  },
  { code: 'goods_pay_merchant', group: '在线支付', descri: '支付网关商户号', type: 'text', default: '', maxLength: 64 },
  { code: 'goods_pay_secret', group: '在线支付', descri: '支付网关签名密钥（下单与支付结果通知的签名）', type: 'secret', default: '', maxLength: 128 },
  int('schedule_visit_minutes', '排班', '每次上门服务占用服务人员的时长（分钟），用于排班冲突检查和负荷计算', 60, 15, 480),
];

export const settingDef = (code: string): SettingDef | undefined => SETTINGS.find((s) => s.code === code);

const TRUE = new Set(['1', 'true']);
const FALSE = new Set(['0', 'false']);

/** The canonical stored string for a submitted value, or the Chinese reason it is refused. */
export function normaliseSetting(def: SettingDef, raw: unknown): { value: string } | { error: string } {
  if (raw === null || raw === undefined || typeof raw === 'object') return { error: '请填写设置值' };
  const text = String(raw).trim();
  switch (def.type) {
    case 'bool':
      if (TRUE.has(text.toLowerCase())) return { value: '1' };
      if (FALSE.has(text.toLowerCase())) return { value: '0' };
      return { error: '只能是开启(1)或关闭(0)' };
    case 'int': {
      if (!/^-?\d+$/.test(text)) return { error: '请输入整数' };
      const n = Number(text);
      if (def.min !== undefined && n < def.min) return { error: `不能小于${def.min}` };
      if (def.max !== undefined && n > def.max) return { error: `不能大于${def.max}` };
      return { value: String(n) };
    }
    case 'enum':
      return def.options?.includes(text) ? { value: text } : { error: `只能是${def.options?.join('、')}` };
    case 'url':
      if (!/^https?:\/\/\S+$/.test(text)) return { error: '请输入以http://或https://开头的地址' };
      if (!['{x}', '{y}', '{z}'].every((p) => text.includes(p))) return { error: '地址须包含{x}、{y}、{z}' };
      return def.maxLength && text.length > def.maxLength ? { error: `不能超过${def.maxLength}个字符` } : { value: text };
    case 'secret':
      if (/\s/.test(text)) return { error: '不能包含空格' };
      return def.maxLength && text.length > def.maxLength ? { error: `不能超过${def.maxLength}个字符` } : { value: text };
    case 'text':
      if (def.maxLength && text.length > def.maxLength) return { error: `不能超过${def.maxLength}个字符` };
      if (def.pattern && !def.pattern.test(text)) return { error: def.patternMessage ?? '格式不正确' };
      return { value: text };
  }
}
