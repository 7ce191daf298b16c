import { type CreateProjectBody, PROJECT_KIND } from '@sk/shared';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../platform/errors';
import { insertStateLog } from '../../platform/state';
import { visibleCustomer } from '../customers/index';
import { currentVersionOf, validateAndComputeExt } from '../forms/index';
import { visibleProject } from './project.access';
import { PROJECT_STATE, startProjectApproval } from './project.state';
import type { Actor } from '../../platform/actor';
import { insertPlan, insertProject, nextProjectCounter, planOf, templateEnabled } from './create.repo';
import { projectRecord, tmplSettingsOf } from './records.repo';

/** XM20240501-0001: the day in the enterprise's zone and the enterprise's project counter. */
async function nextProjectNo(tx: Tx, v: Actor): Promise<string> {
  const value = await nextProjectCounter(tx, v.enterpriseId);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: v.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .replaceAll('-', '');
  return `XM${day}-${String(value).padStart(4, '0')}`;
}

/**
 * Creates a project in one transaction: template and custom fields checked, the next number, the row, the first
 * log row, and its stages and tasks. Each stage starts when the previous one's longest task ends; its tasks run side by side.
 * A template with a creation approval leaves the project unapproved (0) before its approver; otherwise it is in progress (1).
 */
export async function createProject(db: Db, v: Actor, b: CreateProjectBody): Promise<{ id: number; project_no: string; project_state: number }> {
  return db.transaction(async (tx) => {
    const ep = v.enterpriseId;
    const source = b.copiedFrom ? await visibleProject(tx, v, b.copiedFrom) : null;
    const cur = await currentVersionOf(tx, ep, PROJECT_KIND, b.templateId);
    if (!(await templateEnabled(tx, ep, cur.templateId))) throw new AppError('VALIDATION', { detail: '项目模板：该项目模板已停用' });
    const ext = await validateAndComputeExt(tx, ep, PROJECT_KIND, cur.templateVersionId, b.ext ?? {}, {
      isNew: true,
      roles: v.sysrole == null ? undefined : [v.sysrole],
    });
    const customer = b.customerId ? await visibleCustomer(tx, v, b.customerId) : null;
    const s = await tmplSettingsOf(tx, ep, cur.templateId);
    const needsApproval = !!s?.create_approval;
    const state = needsApproval ? 0 : 1;
    const projectNo = await nextProjectNo(tx, v);
    const id = await insertProject(tx, v, {
      projectNo,
      name: b.name,
      customerId: customer?.id ?? null,
      templateId: cur.templateId,
      templateVersionId: cur.templateVersionId,
      ext,
      state,
      approval: needsApproval ? 'create' : null,
      createApproverId: s?.create_approver_id ?? null,
      finishApproverId: s?.finish_approver_id ?? null,
      copiedFrom: source?.id ?? null,
    });
    await insertStateLog(tx, PROJECT_STATE, { enterpriseId: ep, id, from: null, to: state, action: 'create', actorId: v.id });
    await insertPlan(tx, ep, id, await planOf(tx, ep, cur.templateId, source?.id ?? null), b.startDate ?? null, v.timeZone);
    if (needsApproval) {
      const row = await projectRecord(tx, ep, id);
      if (row) await startProjectApproval(tx, 'project_create', row, v.id);
    }
    return { id, project_no: projectNo, project_state: state };
  });
}
