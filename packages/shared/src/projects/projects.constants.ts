/** Project states and their tag colours; -1 in a filter means all. */
export const PROJECT_STATES = {
  0: { label: '未审批', color: 'blue' },
  1: { label: '进行中', color: 'green' },
  2: { label: '已完成', color: '#135200' },
} as const;
export type ProjectState = keyof typeof PROJECT_STATES;

export const TASK_STATES = {
  0: { label: '未完成', color: 'default' },
  1: { label: '已完成', color: 'green' },
  2: { label: '已禁用', color: 'default' },
  3: { label: '审批中', color: 'orange' },
} as const;
export type TaskState = keyof typeof TASK_STATES;

/** The export's default file name before the date. */
export const PROJECT_EXPORT_NAME = '全部项目数据';

/** Power codes of the project area: menu codes of auth/menus.ts and the spec's 13002. */
export const PROJECT_POWERS = {
  list: 'menu_AllProject',
  create: '13002',
  settings: 'menu_ProjectSet',
} as const;

export const PROJECT_ACTION_LABELS = {
  create: '创建项目',
  approve: '审批通过',
  reject: '审批驳回',
  finish: '完成项目',
  approveFinish: '完成审批通过',
  rejectFinish: '完成审批驳回',
  process: '修改流程',
} as const;

export const TASK_ACTION_LABELS = {
  finish: '完成任务',
  approve: '审批通过',
  reject: '审批驳回',
  disable: '禁用任务',
  enable: '启用任务',
  reopen: '重新打开',
} as const;
