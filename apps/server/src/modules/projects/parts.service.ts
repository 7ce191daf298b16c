import type { CustomerContractRow, ProjectContractRow, ProjectFileRow, ProjectMessageRow, ProjectProductRow } from '@sk/shared';
import type { Db, Executor } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { PageRequest } from '../../platform/list';
import { isManager, type ProjectRecord, visibleProject } from './project.access';
import type { Actor } from '../../platform/actor';
import {
  type ChildRow,
  type ChildTable,
  childRows,
  contractCustomer,
  contractRows,
  customerContractRows,
  deleteChildRows,
  fileRows,
  insertContractRef,
  insertFiles,
  insertMessage,
  insertSaleProducts,
  messageRows,
  productRowCount,
  productRows,
  uploadCount,
} from './parts.repo';

/** A project's files, products, contracts and messages: read by whoever sees the project; products and contracts changed by its managers. */
async function managed(ex: Executor, v: Actor, projectId: number): Promise<ProjectRecord> {
  const p = await visibleProject(ex, v, projectId);
  if (!(await isManager(ex, v, p))) throw new AppError('PROJECT_ACTOR');
  return p;
}

/** Rows of a project child table the viewer may reach, all or nothing. */
async function ownRows(ex: Executor, v: Actor, table: ChildTable, ids: number[]): Promise<ChildRow[]> {
  const found = await childRows(ex, v, table, ids);
  if (found.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
  return found;
}

export async function addFiles(db: Db, v: Actor, projectId: number, fileIds: number[]): Promise<{ count: number }> {
  return db.transaction(async (tx) => {
    await visibleProject(tx, v, projectId);
    const count = await uploadCount(tx, v.enterpriseId, fileIds);
    if (count !== new Set(fileIds).size) throw new AppError('VALIDATION', { detail: '文件：文件不存在或已被删除' });
    await insertFiles(tx, v, projectId, [...new Set(fileIds)]);
    return { count };
  });
}

export async function fileList(ex: Executor, v: Actor, projectId: number): Promise<ProjectFileRow[]> {
  await visibleProject(ex, v, projectId);
  return fileRows(ex, v, projectId);
}

/** Files go with their uploader or the project's managers. */
export async function deleteFiles(db: Db, v: Actor, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const f of await ownRows(tx, v, 'project_files', ids)) {
      if (f.created_by !== v.id && !(await isManager(tx, v, { created_by: f.project_creator, template_id: f.template_id })))
        throw new AppError('PROJECT_ACTOR');
    }
    await deleteChildRows(tx, v.enterpriseId, 'project_files', ids);
  });
}

export async function productList(ex: Executor, v: Actor, projectId: number, page: PageRequest): Promise<ProjectProductRow[]> {
  await visibleProject(ex, v, projectId);
  return productRows(ex, v, projectId, page);
}

export async function productCount(ex: Executor, v: Actor, projectId: number): Promise<number> {
  await visibleProject(ex, v, projectId);
  return productRowCount(ex, v.enterpriseId, projectId);
}

export async function deleteProducts(db: Db, v: Actor, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await ownRows(tx, v, 'project_products', ids);
    for (const pid of new Set(found.map((f) => f.project_id))) await managed(tx, v, pid);
    await deleteChildRows(tx, v.enterpriseId, 'project_products', ids);
  });
}

/** Takes a sales contract's products into the project (and refers to the contract); taking it twice adds nothing. */
export async function takeSaleProducts(db: Db, v: Actor, projectId: number, contractId: number): Promise<{ count: number }> {
  return db.transaction(async (tx) => {
    await refContract(tx, v, projectId, 'sale', contractId);
    return { count: await insertSaleProducts(tx, v.enterpriseId, projectId, contractId) };
  });
}

/** A project with a customer takes only that customer's contracts; one without takes any of the enterprise. */
async function contractOfProject(ex: Executor, v: Actor, project: ProjectRecord, kind: 'sale' | 'maintain', contractId: number): Promise<void> {
  const c = await contractCustomer(ex, v.enterpriseId, kind, contractId);
  if (!c) throw new AppError('NOT_FOUND');
  if (project.customer_id != null && c.customer_id !== project.customer_id) {
    throw new AppError('VALIDATION', { detail: '合同：该合同不属于项目的客户' });
  }
}

/** The project customer's contracts of one kind, newest first, by number or name (the tabs' pickers). */
export async function customerContracts(
  ex: Executor,
  v: Actor,
  projectId: number,
  kind: 'sale' | 'maintain',
  keyword?: string,
): Promise<CustomerContractRow[]> {
  const p = await visibleProject(ex, v, projectId);
  if (p.customer_id == null) return [];
  return customerContractRows(ex, v.enterpriseId, p.customer_id, kind, keyword);
}

export async function refContract(ex: Executor, v: Actor, projectId: number, kind: 'sale' | 'maintain', contractId: number): Promise<{ id: number }> {
  const project = await managed(ex, v, projectId);
  await contractOfProject(ex, v, project, kind, contractId);
  return { id: await insertContractRef(ex, v.enterpriseId, projectId, kind, contractId) };
}

export async function contractList(ex: Executor, v: Actor, projectId: number): Promise<ProjectContractRow[]> {
  await visibleProject(ex, v, projectId);
  return contractRows(ex, v.enterpriseId, projectId);
}

export async function messageList(ex: Executor, v: Actor, projectId: number): Promise<ProjectMessageRow[]> {
  await visibleProject(ex, v, projectId);
  return messageRows(ex, v, projectId);
}

export async function addMessage(ex: Executor, v: Actor, projectId: number, content: string): Promise<{ id: number }> {
  await visibleProject(ex, v, projectId);
  return { id: await insertMessage(ex, v, projectId, content) };
}

/** A message goes only with its author. */
export async function delMessage(db: Db, v: Actor, id: number): Promise<void> {
  const [m] = await ownRows(db, v, 'project_messages', [id]);
  if (m?.user_id !== v.id) throw new AppError('NO_POWER');
  await deleteChildRows(db, v.enterpriseId, 'project_messages', [id]);
}
