import { PROJECT_ACTION_LABELS, PROJECT_STATES, TASK_ACTION_LABELS, TASK_STATES } from '@sk/shared/projects/projects.constants';
import { projectContract } from '@sk/shared/projects/projects.contract';
import type { ListQuery } from '../../components';
import { call } from '../../lib/api';
import { staleAfter } from '../../lib/query';
import { watchDownloads } from '../../shell/downloads';

export { projectContract };
const K = projectContract;

// Every project write refreshes the list, the detail, its process and the approval lists.
const READS = [K.list, K.count, K.detail, K.getProjectProcess, K.getTaskList, K.getTaskDetail, K.examineList, K.projectUserPower, K.warnList, K.myTaskList];
staleAfter(
  [K.add, K.batchDelete, K.examine, K.finish, K.saveProjectProcess, K.saveTaskPersonUser, K.saveTaskCoordinationUser, K.taskFinish, K.taskAction],
  READS,
);
staleAfter(
  [K.saveProjectProcessTmpl, K.deleteProjectProcessTmpl, K.saveTaskTmpl, K.deleteTaskTmpl, K.taskRemind],
  [K.tmplList, K.getProjectProcessTmplList, K.getTaskTmplList],
);

export const projectPath = (id: number) => `/allproject/projectdetails/${id}`;
/** A task's own page (the spec's /allproject/examine/{id}): its state, people, log and what the viewer may do to it. */
export const taskPath = (id: number) => `/allproject/examine/${id}`;
export const projectStateOf = (s: number) => PROJECT_STATES[s as keyof typeof PROJECT_STATES] ?? { label: '—', color: 'default' };
export const taskStateOf = (s: number) => TASK_STATES[s as keyof typeof TASK_STATES] ?? { label: '—', color: 'default' };
export const projectActionLabel = (a: string) => (PROJECT_ACTION_LABELS as Record<string, string>)[a] ?? a;
export const taskActionLabel = (a: string) => (TASK_ACTION_LABELS as Record<string, string>)[a] ?? a;

/** A download-centre export of the chosen rows (the spec offers the current page or the selected rows). */
export async function exportProjects(fileName: string, ids: number[], query: ListQuery): Promise<void> {
  const { pageIndex: _i, pageSize: _s, sortType: _t, ...filters } = query;
  const clean = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== ''));
  await call(K.exportList, (ids.length ? { fileName, ids } : { ...clean, fileName }) as never);
  watchDownloads();
}
