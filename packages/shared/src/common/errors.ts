/**
 * Every error code the API can answer with, and its Chinese message.
 * Spec messages are verbatim. `{name}` placeholders are filled by `formatError`.
 */
export const errorMessages = {
  NOT_LOGGED_IN: '未登录',
  CSRF_INVALID: '操作失败，无效的CsrfToken',
  NO_POWER: '您没有该功能的操作权限',
  NO_ROLE: '当前用户未分配角色，请联系管理员',
  SERVICE_EXPIRED: '您的服务已到期，请联系客服续费',
  SEAT_EXCEEDED: '企业用户数超出套餐人数，部分功能已禁用，请前往组织架构调整',
  PLAN_FREE: '免费版不支持{feature}，建议升级为VIP版本，咨询热线：{phone}',
  VALIDATION: '{detail}',
  NOT_FOUND: '数据不存在或已被删除',
  CONFLICT: '数据已被他人修改，请刷新后重试',
  LOGIN_FAILED: '手机号或密码错误',
  LOGIN_LOCKED: '登录失败次数过多，请{minutes}分钟后再试',
  LOGIN_IP_LOCKED: '当前网络登录尝试过于频繁，请稍后再试',
  LOGIN_NO_ENTERPRISE: '该手机号未加入任何企业',
  LOGIN_CHOOSE_ENTERPRISE: '该手机号属于多个企业，请选择要登录的企业',
  USER_DISABLED: '该账号已被停用，请联系管理员',
  CODE_INVALID: '验证码错误或已过期',
  CODE_TOO_FREQUENT: '验证码发送过于频繁，请{seconds}秒后再试',
  PASSWORD_WEAK: '密码长度需为6至32位，且同时包含字母和数字',
  PASSWORD_OLD_WRONG: '原密码错误',
  ROLE_NOT_OWNED: '切换失败，您没有该角色',
  ADMIN_ONLY: '仅管理员可查看',
  MOBILE_TAKEN: '该手机号已在本企业中存在',
  NAME_TAKEN: '名称已存在',
  DEPT_NOT_EMPTY: '该部门下还有子部门或人员，不能删除',
  SELF_DELETE: '不能删除或停用自己的账号',
  LAST_ADMIN: '企业至少需要保留一名启用的系统管理员',
  FILE_TYPE: '不支持的文件类型：{ext}',
  FILE_TOO_LARGE: '文件大小不能超过{limit}',
  FILE_MISSING: '请选择要上传的文件',
  NOT_DONE: '文件尚未生成完成',
  INVALID_STATE: '当前状态不允许该操作',
  RATE_LIMITED: '操作过于频繁，请稍后再试',
  INTERNAL: '服务器繁忙，请稍后再试',
  DEPT_CYCLE: '不能将部门移动到其自身或其下级部门之下',
  HANDOVER_TARGET: '接收人已停用或已删除，请选择其他接收人',
  PROVIDER_DISABLED: '该服务商已停用',
  SETTING_UNKNOWN: '设置项不存在：{code}',
  DICT_FIXED: '该字典为系统内置，不能新增或删除字典项',
  LIMIT_REACHED: '数量已达上限（{max}个）',
  EXPORT_EMPTY: '导出数据不能为空',
  EXPORT_KIND: '不支持的导出类型',
  FILE_FORGED: '文件内容与扩展名不符：{ext}',
  UPLOAD_TOKEN_INVALID: '上传凭证无效或已过期，请重新获取',
  UPLOAD_MALFORMED: '上传数据不完整或格式错误，请重新选择文件上传',
  // The taken-number messages never name the record holding it: the caller may not be allowed to see it.
  CUSTOMER_CODE_TAKEN: '该客户编号已被使用，请更换',
  CUSTOMER_HAS_CONTRACTS: '客户“{name}”存在合同，不能删除',
  LAST_CONTACT: '客户至少需要保留一个联系人',
  SERIAL_TAKEN: '该序列号已被使用，请更换',
  PRODUCT_IN_USE: '产品“{name}”已有设备档案或合同，不能删除',
  CONTRACT_NO_TAKEN: '该合同编号已被使用，请更换',
  IMPORT_FILE: '请上传xlsx格式的导入文件（可先下载导入模板）',
  IMPORT_TOO_MANY: '导入文件最多{max}行',
  FORM_DEFAULT_TEMPLATE: '默认模板不能停用',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof errorMessages;

export function formatError(code: ErrorCode, params: Record<string, string | number> = {}): string {
  return errorMessages[code].replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
}
