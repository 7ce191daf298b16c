import { PROJECT_STATES, TASK_STATES } from '../common/labels';

/** Project and task states: the tables live in common/labels. */
export { PROJECT_STATES, TASK_STATES };
export type ProjectState = keyof typeof PROJECT_STATES;
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
