/** Notice template variables, written `{工单编号}` in a template. */
export const TEMPLATE_VARIABLES = {
  工单编号: 'orderNo',
  标题: 'title',
  预约时间: 'appointmentTime',
  客户: 'customer',
  联系人: 'contact',
  电话: 'phone',
  地址: 'address',
  链接: 'url',
  SLA预警: 'slaWarning',
  事件: 'event',
} as const;
export type TemplateValues = Partial<Record<(typeof TEMPLATE_VARIABLES)[keyof typeof TEMPLATE_VARIABLES], string>>;

export const DEFAULT_NOTICE_TEMPLATE = '【{事件}】工单{工单编号}「{标题}」，客户：{客户}，联系人：{联系人} {电话}，地址：{地址}，预约时间：{预约时间}。{链接}';

/** Fills `{变量}` with the order's values; an unknown name stays as written, a missing value becomes empty. */
export function renderTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\{([^{}]{1,20})\}/g, (all, name: string) => {
    const key = TEMPLATE_VARIABLES[name as keyof typeof TEMPLATE_VARIABLES];
    return key ? (values[key] ?? '') : all;
  });
}
