import { z } from 'zod';
import { endpoint } from '../common/contract';
import { pageQuery } from '../common/pagination';
import { isCalendarText } from '../common/dates';
import { coerceInt } from '../common/ints';
import { L } from '../common/zod';
import { extInput, ids, optionalId, optionalIds, optionalText, requiredId, requiredText, sortType, timeFilter } from '../customers/fields';
import { TASK_ACTIONS } from './project.machine';
import { PROJECT_POWERS as P } from './projects.constants';

const flag = (label: string) =>
  L(
    z.preprocess((v) => (v === 'true' || v === 1 || v === '1' ? true : v === 'false' || v === 0 || v === '0' ? false : v), z.boolean()),
    label,
  );
const days = L(coerceInt().min(0, '工期不能小于0天').max(3650, '工期不能超过3650天').default(1), '工期（天）');
const dateTime = (label: string) =>
  L(
    z.preprocess(
      (v) => (v === '' ? null : v),
      z
        .string()
        .trim()
        .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, '时间格式应为YYYY-MM-DD HH:mm:ss')
        .refine(isCalendarText, '时间格式应为YYYY-MM-DD HH:mm:ss')
        .nullish(),
    ),
    label,
  );

// ---- Templates (/projectSet) ----
export const projectTmplBody = z.object({
  id: optionalId('项目模板'),
  name: requiredText('模板名称', 50),
  createApproval: flag('创建审批').default(false),
  createApproverId: optionalId('创建审批人'),
  finishApproval: flag('完成审批').default(false),
  finishApproverId: optionalId('完成审批人'),
  managerIds: optionalIds('项目管理人员', 50),
  /** The ordered stages; an existing stage keeps its id (and its task templates). */
  stages: L(
    z
      .array(z.object({ id: optionalId('阶段'), name: requiredText('阶段名称', 50) }))
      .min(1, '请至少添加一个阶段')
      .max(50, '最多50个阶段'),
    '阶段',
  ),
});
export type ProjectTmplBody = z.infer<typeof projectTmplBody>;

export const taskTmplBody = z.object({
  id: optionalId('任务模板'),
  templateId: requiredId('项目模板'),
  stageId: requiredId('阶段'),
  name: requiredText('任务名称', 50),
  principalId: optionalId('负责人'),
  coordinationUserIds: optionalIds('协作人', 20),
  durationDays: days,
  needApproval: flag('需要审批').default(false),
  approverId: optionalId('审批人'),
  remind: flag('到期提醒').default(false),
  remindHours: L(coerceInt().min(1, '提醒时间不正确').max(720, '提醒时间不正确').default(24), '提前提醒（小时）'),
});
export type TaskTmplBody = z.infer<typeof taskTmplBody>;

const person = z.object({ id: z.number(), name: z.string() });
export const taskTmplRow = z.object({
  id: z.number(),
  stageId: z.number(),
  name: z.string(),
  principal: person.nullable(),
  coordinationUsers: z.array(person),
  durationDays: z.number(),
  needApproval: z.boolean(),
  approver: person.nullable(),
  remind: z.boolean(),
  remindHours: z.number(),
});
export type TaskTmplRow = z.infer<typeof taskTmplRow>;
export const projectTmplDetail = z.object({
  id: z.number(),
  name: z.string(),
  createApproval: z.boolean(),
  createApprover: person.nullable(),
  finishApproval: z.boolean(),
  finishApprover: person.nullable(),
  managers: z.array(person),
  stages: z.array(z.object({ id: z.number(), name: z.string(), tasks: z.array(taskTmplRow) })),
});
export type ProjectTmplDetail = z.infer<typeof projectTmplDetail>;

// ---- Projects ----
export const createProjectBody = z.object({
  name: requiredText('项目名称', 100),
  templateId: requiredId('项目模板'),
  customerId: optionalId('客户'),
  /** The first task starts here; each task's plan follows the template's durations. */
  startDate: dateTime('开始时间'),
  ext: extInput,
  /** Copied from this project (/allproject/copyProjectDetail). */
  copiedFrom: optionalId('源项目'),
});
export type CreateProjectBody = z.infer<typeof createProjectBody>;

const stateFilter = L(coerceInt('smallint').min(-1, '项目状态不正确').max(2, '项目状态不正确').optional(), '项目状态');
/** The project list's search form. */
export const projectFilters = z.object({
  keyword: optionalText('关键字', 100),
  project_no: optionalText('项目编号', 50),
  start_create_time: timeFilter('创建开始时间'),
  end_create_time: timeFilter('创建结束时间'),
  start_finish_time: timeFilter('完成开始时间'),
  end_finish_time: timeFilter('完成结束时间'),
  fk_t_project_tmpl_id: optionalId('项目模板'),
  fk_t_create_user_id: optionalId('创建人'),
  fk_t_customer_id: optionalId('客户'),
  project_state: stateFilter,
});
export type ProjectFilters = z.infer<typeof projectFilters>;
export const projectListQuery = projectFilters.extend({ ...pageQuery.shape, sortType });
export type ProjectListQuery = z.infer<typeof projectListQuery>;

/** The project list's row. */
export const projectRow = z.object({
  id: z.number(),
  project_no: z.string(),
  name: z.string(),
  project_tmpl_name: z.string().nullable(),
  project_state: z.number(),
  fk_t_create_user_id: z.number(),
  create_user_name: z.string().nullable(),
  create_time: z.string(),
  finish_time: z.string().nullable(),
  progress_speed: z.string(),
  customer_name: z.string().nullable(),
});
export type ProjectRow = z.infer<typeof projectRow>;

export const taskRow = z.object({
  id: z.number(),
  projectId: z.number(),
  stageId: z.number(),
  name: z.string(),
  state: z.number(),
  principal: person.nullable(),
  coordinationUsers: z.array(person),
  needApproval: z.boolean(),
  approver: person.nullable(),
  remind: z.boolean(),
  planStart: z.string().nullable(),
  planEnd: z.string().nullable(),
  finishedAt: z.string().nullable(),
  abilities: z.array(z.enum(TASK_ACTIONS)),
});
export type TaskRow = z.infer<typeof taskRow>;
export const processStage = z.object({ id: z.number(), name: z.string(), tasks: z.array(taskRow) });
export type ProcessStage = z.infer<typeof processStage>;

const logRow = z.object({
  id: z.number(),
  action: z.string(),
  from: z.number().nullable(),
  to: z.number(),
  note: z.string().nullable(),
  userName: z.string().nullable(),
  time: z.string(),
});
export type ProjectLogRow = z.infer<typeof logRow>;

/** What this user may do in a project (/project/projectUserPower); the detail carries it too. */
export const projectUserPower = z.object({
  manage: z.boolean(),
  approve: z.boolean(),
  abilities: z.array(z.string()),
});
export type ProjectUserPower = z.infer<typeof projectUserPower>;

export const projectDetail = projectRow.extend({
  customerId: z.number().nullable(),
  templateId: z.number(),
  templateVersionId: z.number().nullable(),
  approval: z.string().nullable(),
  ext: z.record(z.string(), z.unknown()),
  power: projectUserPower,
  logs: z.array(logRow),
});
export type ProjectDetail = z.infer<typeof projectDetail>;

const idQuery = z.object({ id: requiredId('项目') });
const projectIdQuery = z.object({ projectId: requiredId('项目') });
const note = optionalText('审批意见', 500);

export const taskActionBody = z.object({
  id: requiredId('任务'),
  action: L(z.enum(TASK_ACTIONS, { error: '操作不正确' }), '操作'),
  note,
});

/**
 * A project's whole process as its managers edit it (saveProjectProcess): stages and tasks in order. A listed id is
 * kept and updated, one without an id is added, an unlisted stage or task is removed. A task field left out keeps its value.
 */
export const projectPlanInput = z.object({
  projectId: requiredId('项目'),
  stages: L(
    z
      .array(
        z.object({
          id: optionalId('阶段'),
          name: requiredText('阶段名称', 50),
          tasks: L(
            z
              .array(
                z.object({
                  id: optionalId('任务'),
                  name: requiredText('任务名称', 50),
                  principalId: optionalId('负责人'),
                  coordinationUserIds: optionalIds('协作人', 20),
                  needApproval: flag('需要审批').optional(),
                  approverId: optionalId('审批人'),
                  planStart: dateTime('计划开始时间'),
                  planEnd: dateTime('计划结束时间'),
                  /** Without a plan end, the task ends this many days after its start. */
                  durationDays: L(coerceInt().min(0, '工期不能小于0天').max(3650, '工期不能超过3650天').optional(), '工期（天）'),
                }),
              )
              .max(200, '每个阶段最多200个任务')
              .default([]),
            '任务',
          ),
        }),
      )
      .min(1, '请至少保留一个阶段')
      .max(50, '最多50个阶段'),
    '阶段',
  ),
});

export type ProjectPlanInput = z.infer<typeof projectPlanInput>;
export type PlanStage = ProjectPlanInput['stages'][number];
export type PlanTask = PlanStage['tasks'][number];

export const warnRow = z.object({
  kind: z.enum(['task', 'project']),
  id: z.number(),
  projectId: z.number(),
  projectNo: z.string(),
  name: z.string(),
  principalName: z.string().nullable(),
  planEnd: z.string(),
  /** 'late' past due, 'soon' within the window. */
  warn: z.enum(['late', 'soon']),
});
export type WarnRow = z.infer<typeof warnRow>;

export const examineRow = z.object({
  id: z.number(),
  kind: z.enum(['create', 'finish', 'task']),
  projectId: z.number(),
  projectNo: z.string(),
  projectName: z.string(),
  taskName: z.string().nullable(),
  applicantName: z.string().nullable(),
  time: z.string(),
});
export type ExamineRow = z.infer<typeof examineRow>;

/** A task the viewer is the principal of (我的任务): open ones (unfinished or in approval) of projects in progress. */
export const myTaskRow = z.object({
  id: z.number(),
  projectId: z.number(),
  projectNo: z.string(),
  projectName: z.string(),
  stageName: z.string(),
  name: z.string(),
  state: z.number(),
  planEnd: z.string().nullable(),
});
export type MyTaskRow = z.infer<typeof myTaskRow>;

const okId = z.object({ id: z.number() });

export const projectContract = {
  tmplList: endpoint({ method: 'GET', path: '/project/tmpl/list', response: z.array(z.object({ id: z.number(), name: z.string() })) }),
  saveProjectProcessTmpl: endpoint({ method: 'POST', path: '/project/tmpl/saveProjectProcessTmpl', body: projectTmplBody, response: okId, power: P.settings }),
  getProjectProcessTmplList: endpoint({
    method: 'GET',
    path: '/project/tmpl/getProjectProcessTmplList',
    query: z.object({ id: requiredId('项目模板') }),
    response: projectTmplDetail,
  }),
  deleteProjectProcessTmpl: endpoint({
    method: 'DELETE',
    path: '/project/tmpl/deleteProjectProcessTmpl',
    body: z.object({ id: requiredId('项目模板') }),
    power: P.settings,
    response: z.null(),
  }),
  saveTaskTmpl: endpoint({ method: 'POST', path: '/project/tmpl/saveTaskTmpl', body: taskTmplBody, response: okId, power: P.settings }),
  getTaskTmplList: endpoint({
    method: 'GET',
    path: '/project/tmpl/getTaskTmplList',
    query: z.object({ templateId: requiredId('项目模板'), stageId: optionalId('阶段') }),
    response: z.array(taskTmplRow),
  }),
  deleteTaskTmpl: endpoint({
    method: 'DELETE',
    path: '/project/tmpl/deleteTaskTmpl',
    body: z.object({ id: requiredId('任务模板') }),
    power: P.settings,
    response: z.null(),
  }),
  taskRemind: endpoint({
    method: 'POST',
    path: '/project/tmpl/isOpen/taskRemind',
    body: z.object({
      id: requiredId('任务模板'),
      isOpen: flag('到期提醒'),
      remindHours: L(coerceInt().min(1, '提醒时间不正确').max(720, '提醒时间不正确').optional(), '提前提醒（小时）'),
    }),
    power: P.settings,
    response: z.null(),
  }),

  add: endpoint({
    method: 'POST',
    path: '/project/add',
    body: createProjectBody,
    response: z.object({ id: z.number(), project_no: z.string(), project_state: z.number() }),
    power: P.create,
  }),
  list: endpoint({ method: 'GET', path: '/project/list', query: projectListQuery, response: z.array(projectRow), power: P.list }),
  count: endpoint({ method: 'GET', path: '/project/count', query: projectListQuery, response: z.number(), power: P.list }),
  detail: endpoint({ method: 'GET', path: '/project/detail', query: idQuery, response: projectDetail }),
  batchDelete: endpoint({ method: 'DELETE', path: '/project/batchDelete', body: z.object({ ids: ids('项目', 500) }), power: P.create, response: z.null() }),
  exportList: endpoint({
    method: 'POST',
    path: '/project/export',
    body: projectFilters.extend({ fileName: optionalText('文件名', 100), ids: optionalIds('项目', 1000) }),
    response: okId,
    power: P.list,
  }),
  examine: endpoint({
    method: 'POST',
    path: '/project/examine',
    body: z.object({
      id: requiredId('项目'),
      action: L(z.enum(['approve', 'reject', 'approveFinish', 'rejectFinish'], { error: '操作不正确' }), '操作'),
      note,
    }),
    response: z.object({ project_state: z.number() }),
  }),
  finish: endpoint({ method: 'POST', path: '/project/finish', body: z.object({ id: requiredId('项目') }), response: z.object({ project_state: z.number() }) }),
  examineList: endpoint({
    method: 'GET',
    path: '/project/examineList',
    query: z.object({ kind: L(z.enum(['project', 'task']).default('project'), '类型') }),
    response: z.array(examineRow),
  }),
  projectUserPower: endpoint({ method: 'GET', path: '/project/projectUserPower', query: projectIdQuery, response: projectUserPower }),
  /** 我的任务: the viewer's open tasks (as principal), earliest planned end first. */
  myTaskList: endpoint({
    method: 'GET',
    path: '/project/myTaskList',
    query: pageQuery,
    response: z.object({ list: z.array(myTaskRow), count: z.number() }),
  }),

  getProjectProcess: endpoint({ method: 'GET', path: '/project/progress/getProjectProcess', query: projectIdQuery, response: z.array(processStage) }),
  getTaskList: endpoint({
    method: 'GET',
    path: '/project/progress/getTaskList',
    query: projectIdQuery.extend({
      stageId: optionalId('阶段'),
      state: L(coerceInt('smallint').min(0, '任务状态不正确').max(3, '任务状态不正确').optional(), '任务状态'),
    }),
    response: z.array(taskRow),
  }),
  getTaskDetail: endpoint({
    method: 'GET',
    path: '/project/progress/getTaskDetail',
    query: z.object({ id: requiredId('任务') }),
    response: taskRow.extend({ logs: z.array(logRow) }),
  }),
  saveProjectProcess: endpoint({
    method: 'POST',
    path: '/project/progress/saveProjectProcess',
    body: projectPlanInput,
    response: z.object({ progress_speed: z.number() }),
  }),
  saveTaskPersonUser: endpoint({
    method: 'POST',
    path: '/project/progress/saveTaskPersonUser',
    body: z.object({ id: requiredId('任务'), userId: requiredId('负责人') }),
    response: z.null(),
  }),
  saveTaskCoordinationUser: endpoint({
    method: 'POST',
    path: '/project/progress/saveTaskCoordinationUser',
    body: z.object({ id: requiredId('任务'), userIds: optionalIds('协作人', 20) }),
    response: z.null(),
  }),
  taskFinish: endpoint({
    method: 'POST',
    path: '/project/progress/taskFinish',
    body: z.object({ id: requiredId('任务'), note }),
    response: z.object({ state: z.number(), progress_speed: z.number() }),
  }),
  taskAction: endpoint({
    method: 'POST',
    path: '/project/progress/taskAction',
    body: taskActionBody,
    response: z.object({ state: z.number(), progress_speed: z.number() }),
  }),
  warnList: endpoint({
    method: 'GET',
    path: '/objWarn/list',
    query: z.object({ hours: L(coerceInt().min(1, '时间范围不正确').max(720, '时间范围不正确').default(24), '提前（小时）') }),
    response: z.array(warnRow),
  }),
} as const;
