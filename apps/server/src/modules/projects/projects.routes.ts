import { type ProjectAction, projectPartsContract as PK, type TaskAction, projectContract as K } from '@sk/shared';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { registerAll, withMessage } from '../../platform/endpoint';
import { startExport } from '../../platform/exports';
import { examineProject, examineTask } from './approval.service';
import { createProject } from './create.service';
import { PROJECT_EXPORT, PROJECT_PRODUCT_EXPORT } from './export';
import * as parts from './parts.service';
import { type TaskRecord, visibleProject, visibleTask } from './project.access';
import { type Actor, actorOf } from '../../platform/actor';
import { moveProject, moveTask } from './project.state';
import { projectProcess, saveProcess, setTaskPeople, taskDetail, taskList } from './process.service';
import { countProjects, listProjects, projectProgressOf } from './projects.repo';
import { myTaskCount } from './projects.repo';
import { deleteProjects, examineCount, examineList, myTaskList, projectDetail, userPower, warnList } from './projects.service';
import { registerBadgeCount } from '../menu/index';
import { registerMenuGrant } from '../menu/index';
import { deleteTaskTemplate, deleteTemplate, saveTaskTemplate, saveTemplate, setTaskRemind, taskTemplates, templateDetail, templateList } from './tmpl.service';

// 项目审批 / 进度审批 / 我的任务 count what waits for the viewer (menu badges, home to-dos), and a named approver with
// something waiting or a task's principal sees the entry even when his role's powers do not hold it.
const examineKind = (q: Record<string, unknown>) => (q.kind === 'task' ? 'task' : 'project');

const PROJECT_DONE: Record<ProjectAction, string> = {
  approve: '审批通过',
  reject: '已驳回',
  finish: '操作成功',
  approveFinish: '审批通过',
  rejectFinish: '已驳回',
};
/** An engine step approved, the next step's approvers now decide. */
const NEXT_STEP = '已同意，等待下一步审批';
const TASK_DONE: Record<TaskAction, string> = {
  finish: '操作成功',
  approve: '审批通过',
  reject: '已驳回',
  disable: '已禁用',
  enable: '已启用',
  reopen: '已重新打开',
};

export async function projectsModule(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db } = deps;
  const task = async (viewer: Actor, id: number, action: TaskAction, note?: string | null) => {
    let r: { state: number; projectId: number; waiting: boolean };
    if (action === 'approve' || action === 'reject') r = await examineTask(db, viewer, id, action, note);
    else {
      await visibleTask(db, viewer, id);
      const m = await moveTask(db, viewer, id, action, note);
      r = { state: m.to, projectId: (m.row as unknown as TaskRecord).project_id, waiting: false };
    }
    const progress = await projectProgressOf(db, viewer.enterpriseId, r.projectId);
    const message = r.waiting ? NEXT_STEP : action === 'finish' && r.state === 3 ? '已提交审批' : TASK_DONE[action];
    return withMessage({ state: r.state, progress_speed: progress }, message);
  };
  registerAll(app, deps, K, {
    tmplList: async ({ user }) => templateList(db, user.enterpriseId),
    saveProjectProcessTmpl: async ({ actor, body }) => withMessage(await saveTemplate(db, actor, body), '保存成功'),
    getProjectProcessTmplList: async ({ user, query }) => templateDetail(db, user.enterpriseId, query.id),
    deleteProjectProcessTmpl: async ({ user, body }) => {
      await deleteTemplate(db, user.enterpriseId, body.id);
      return withMessage(null, '删除成功');
    },
    saveTaskTmpl: async ({ user, body }) => withMessage(await saveTaskTemplate(db, user.enterpriseId, body), '保存成功'),
    getTaskTmplList: async ({ user, query }) => taskTemplates(db, user.enterpriseId, query.templateId, query.stageId),
    deleteTaskTmpl: async ({ user, body }) => {
      await deleteTaskTemplate(db, user.enterpriseId, body.id);
      return withMessage(null, '删除成功');
    },
    taskRemind: async ({ user, body }) => {
      await setTaskRemind(db, user.enterpriseId, body.id, body.isOpen, body.remindHours);
      return withMessage(null, body.isOpen ? '已开启提醒' : '已关闭提醒');
    },
    add: async ({ actor, body }) => withMessage(await createProject(db, actor, body), '创建成功'),
    list: async ({ actor, query }) => listProjects(db, actor, query),
    count: async ({ actor, query }) => countProjects(db, actor, query),
    detail: async ({ actor, query }) => projectDetail(db, actor, query.id),
    batchDelete: async ({ actor, body }) => {
      await deleteProjects(db, actor, body.ids);
      return withMessage(null, '删除成功');
    },
    exportList: async ({ user, body }) => {
      const { fileName, ...params } = body;
      return withMessage({ id: (await startExport(db, user, { kind: PROJECT_EXPORT, name: fileName, params })).id }, '导出任务已创建，请到下载中心查看');
    },
    examine: async ({ actor, body }) => {
      const r = await examineProject(db, actor, body.id, body.action, body.note);
      return withMessage({ project_state: r.state }, r.waiting ? NEXT_STEP : PROJECT_DONE[body.action]);
    },
    finish: async ({ actor, body }) => {
      await visibleProject(db, actor, body.id);
      const r = await moveProject(db, actor, body.id, 'finish');
      return withMessage({ project_state: r.to }, r.to === 2 ? '项目已完成' : '已提交完成审批');
    },
    examineList: async ({ actor, query }) => examineList(db, actor, query.kind),
    myTaskList: async ({ actor, query }) => myTaskList(db, actor, query),
    projectUserPower: async ({ actor, query }) => userPower(db, actor, await visibleProject(db, actor, query.projectId)),
    getProjectProcess: async ({ actor, query }) => projectProcess(db, actor, query.projectId),
    getTaskList: async ({ actor, query }) => taskList(db, actor, query),
    getTaskDetail: async ({ actor, query }) => taskDetail(db, actor, query.id),
    saveProjectProcess: async ({ actor, body }) => withMessage({ progress_speed: await saveProcess(db, actor, body) }, '保存成功'),
    saveTaskPersonUser: async ({ actor, body }) => {
      await setTaskPeople(db, actor, body.id, { principalId: body.userId });
      return withMessage(null, '保存成功');
    },
    saveTaskCoordinationUser: async ({ actor, body }) => {
      await setTaskPeople(db, actor, body.id, { coordinationUserIds: body.userIds ?? [] });
      return withMessage(null, '保存成功');
    },
    taskFinish: async ({ actor, body }) => task(actor, body.id, 'finish', body.note),
    taskAction: async ({ actor, body }) => task(actor, body.id, body.action, body.note),
    warnList: async ({ actor, query }) => warnList(db, actor, query.hours),
  });
  registerAll(app, deps, PK, {
    fileUp: async ({ actor, body }) => withMessage(await parts.addFiles(db, actor, body.projectId, body.fileIds), '上传成功'),
    fileList: async ({ actor, query }) => parts.fileList(db, actor, query.projectId),
    batchDeleteFile: async ({ actor, body }) => {
      await parts.deleteFiles(db, actor, body.ids);
      return withMessage(null, '删除成功');
    },
    productList: async ({ actor, query }) => parts.productList(db, actor, query.projectId, query),
    productCount: async ({ actor, query }) => parts.productCount(db, actor, query.projectId),
    deleteProducts: async ({ actor, body }) => {
      await parts.deleteProducts(db, actor, body.ids);
      return withMessage(null, '删除成功');
    },
    takeSaleProducts: async ({ actor, body }) => withMessage(await parts.takeSaleProducts(db, actor, body.projectId, body.contractId), '导入成功'),
    exportProducts: async ({ actor, user, body }) => {
      await visibleProject(db, actor, body.projectId);
      const r = await startExport(db, user, { kind: PROJECT_PRODUCT_EXPORT, name: body.fileName, params: { projectId: body.projectId } });
      return withMessage({ id: r.id }, '导出任务已创建，请到下载中心查看');
    },
    refContract: async ({ actor, body }) => withMessage(await parts.refContract(db, actor, body.projectId, body.kind, body.contractId), '关联成功'),
    customerContracts: async ({ actor, query }) => parts.customerContracts(db, actor, query.projectId, query.kind, query.keyword ?? undefined),
    contractList: async ({ actor, query }) => parts.contractList(db, actor, query.projectId),
    messageList: async ({ actor, query }) => parts.messageList(db, actor, query.projectId),
    addMessage: async ({ actor, body }) => withMessage(await parts.addMessage(db, actor, body.projectId, body.content), '发送成功'),
    delMessage: async ({ actor, body }) => {
      await parts.delMessage(db, actor, body.id);
      return withMessage(null, '删除成功');
    },
  });
}

/** Plugs this file's subscribers in (called by the module's wiring, in its declared order). */
export function wireProjectsRoutes(): void {
  registerBadgeCount('/project/examineCount', async ({ user, query, deps }) => examineCount(deps.db, actorOf(user), examineKind(query)));

  registerBadgeCount('/project/myTaskCount', async ({ user, deps }) => myTaskCount(deps.db, actorOf(user)));

  registerMenuGrant('projects', async ({ user, deps }) => {
    const v = actorOf(user);
    const [projects, tasks, mine] = await Promise.all([examineCount(deps.db, v, 'project'), examineCount(deps.db, v, 'task'), myTaskCount(deps.db, v)]);
    return [...(projects ? ['ProjectExamine'] : []), ...(tasks ? ['ProjectPlanExamine'] : []), ...(mine ? ['MyProjectTask'] : [])];
  });
}
