import type { CustomerContractRow, ProjectContractRow, ProjectFileRow, ProjectMessageRow, ProjectProductRow } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Db, type Executor, rows } from '../../db/client';
import { AppError } from '../../platform/errors';
import { type PageRequest, pageSql } from '../../platform/list';
import { likePattern } from '../../platform/search';
import { bigints, timeOf } from '../../platform/sql';
import { uploadUrl } from '../files/uploads.repo';
import { isManager, projectScope, type Row, visibleProject } from './project.access';
import type { Actor } from '../../platform/actor';

/** A project's files, products, contracts and messages: read by whoever sees the project; products and contracts changed by its managers. */
async function managed(ex: Executor, v: Actor, projectId: number): Promise<Row> {
  const p = await visibleProject(ex, v, projectId);
  if (!(await isManager(ex, v, p))) throw new AppError('PROJECT_ACTOR');
  return p;
}

/** Rows of a project child table the viewer may reach, all or nothing. */
async function ownRows(ex: Executor, v: Actor, table: string, ids: number[]): Promise<Row[]> {
  const found = await rows(
    ex,
    sql`select c.*, p.created_by as project_creator, p.template_id from ${sql.identifier(table)} c join projects p on p.enterprise_id = c.enterprise_id and p.id = c.project_id
      where c.enterprise_id = ${v.enterpriseId} and c.id = any(${bigints(ids)}) and ${projectScope(v)}`,
  );
  if (found.length !== new Set(ids).size) throw new AppError('NOT_FOUND');
  return found;
}

export async function addFiles(db: Db, v: Actor, projectId: number, fileIds: number[]): Promise<{ count: number }> {
  return db.transaction(async (tx) => {
    await visibleProject(tx, v, projectId);
    const found = await rows(tx, sql`select id from uploads where enterprise_id = ${v.enterpriseId} and id = any(${bigints(fileIds)})`);
    if (found.length !== new Set(fileIds).size) throw new AppError('VALIDATION', { detail: '文件：文件不存在或已被删除' });
    await tx.execute(sql`insert into project_files (enterprise_id, project_id, upload_id, created_by)
      select ${v.enterpriseId}, ${projectId}, u, ${v.id} from unnest(${bigints([...new Set(fileIds)])}) u`);
    return { count: found.length };
  });
}

export async function fileList(ex: Executor, v: Actor, projectId: number): Promise<ProjectFileRow[]> {
  await visibleProject(ex, v, projectId);
  const found = await rows(
    ex,
    sql`select f.id, f.upload_id, u.name, u.ext, u.size, us.name as user_name, ${timeOf(sql`f.created_at`, v)} as time
      from project_files f join uploads u on u.enterprise_id = f.enterprise_id and u.id = f.upload_id
        left join users us on us.enterprise_id = f.enterprise_id and us.id = f.created_by
      where f.enterprise_id = ${v.enterpriseId} and f.project_id = ${projectId} order by f.id desc`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    uploadId: Number(r.upload_id),
    name: String(r.name),
    ext: String(r.ext),
    size: Number(r.size),
    url: uploadUrl(Number(r.upload_id)),
    userName: (r.user_name as string | null) ?? null,
    time: String(r.time),
  }));
}

/** Files go with their uploader or the project's managers. */
export async function deleteFiles(db: Db, v: Actor, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const f of await ownRows(tx, v, 'project_files', ids)) {
      if (Number(f.created_by) !== v.id && !(await isManager(tx, v, { ...f, created_by: f.project_creator }))) throw new AppError('PROJECT_ACTOR');
    }
    await tx.execute(sql`delete from project_files where enterprise_id = ${v.enterpriseId} and id = any(${bigints(ids)})`);
  });
}

export async function productList(ex: Executor, v: Actor, projectId: number, page: PageRequest): Promise<ProjectProductRow[]> {
  await visibleProject(ex, v, projectId);
  const found = await rows(
    ex,
    sql`select pp.id, pp.product_model_id, pp.name, pp.model, pp.quantity::text as quantity, sc.contract_no
      from project_products pp left join sale_contracts sc on sc.enterprise_id = pp.enterprise_id and sc.id = pp.sale_contract_id
      where pp.enterprise_id = ${v.enterpriseId} and pp.project_id = ${projectId} order by pp.id ${pageSql(page)}`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    productModelId: r.product_model_id == null ? null : Number(r.product_model_id),
    name: String(r.name),
    model: (r.model as string | null) ?? null,
    quantity: String(r.quantity),
    saleContractNo: (r.contract_no as string | null) ?? null,
  }));
}

export async function productCount(ex: Executor, v: Actor, projectId: number): Promise<number> {
  await visibleProject(ex, v, projectId);
  const [r] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from project_products where enterprise_id = ${v.enterpriseId} and project_id = ${projectId}`,
  );
  return Number(r?.n ?? 0);
}

export async function deleteProducts(db: Db, v: Actor, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await ownRows(tx, v, 'project_products', ids);
    for (const pid of new Set(found.map((f) => Number(f.project_id)))) await managed(tx, v, pid);
    await tx.execute(sql`delete from project_products where enterprise_id = ${v.enterpriseId} and id = any(${bigints(ids)})`);
  });
}

/** Takes a sales contract's products into the project (and refers to the contract); taking it twice adds nothing. */
export async function takeSaleProducts(db: Db, v: Actor, projectId: number, contractId: number): Promise<{ count: number }> {
  return db.transaction(async (tx) => {
    await refContract(tx, v, projectId, 'sale', contractId);
    const added = await rows(
      tx,
      sql`insert into project_products (enterprise_id, project_id, product_model_id, name, model, quantity, sale_contract_id)
        select i.enterprise_id, ${projectId}, i.product_id, m.name, m.model, i.quantity, i.contract_id
        from sale_contract_items i join product_models m on m.enterprise_id = i.enterprise_id and m.id = i.product_id
        where i.enterprise_id = ${v.enterpriseId} and i.contract_id = ${contractId}
          and not exists (select 1 from project_products x where x.enterprise_id = i.enterprise_id and x.project_id = ${projectId} and x.sale_contract_id = i.contract_id)
        returning id`,
    );
    return { count: added.length };
  });
}

const CONTRACT_TABLES = { sale: 'sale_contracts', maintain: 'maintain_contracts' } as const;

/** A project with a customer takes only that customer's contracts; one without takes any of the enterprise. */
async function contractOfProject(ex: Executor, v: Actor, project: Row, kind: 'sale' | 'maintain', contractId: number): Promise<void> {
  const [c] = await rows(
    ex,
    sql`select customer_id from ${sql.identifier(CONTRACT_TABLES[kind])} where enterprise_id = ${v.enterpriseId} and id = ${contractId}`,
  );
  if (!c) throw new AppError('NOT_FOUND');
  if (project.customer_id != null && Number(c.customer_id) !== Number(project.customer_id)) {
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
  const date =
    kind === 'sale' ? sql`to_char(c.sign_date, 'YYYY-MM-DD')` : sql`to_char(c.start_date, 'YYYY-MM-DD') || ' ~ ' || to_char(c.end_date, 'YYYY-MM-DD')`;
  const found = await rows(
    ex,
    sql`select c.id, c.contract_no, c.name, ${date} as date from ${sql.identifier(CONTRACT_TABLES[kind])} c
      where c.enterprise_id = ${v.enterpriseId} and c.customer_id = ${p.customer_id}
        and ${keyword ? sql`(c.contract_no ilike ${likePattern(keyword)} or c.name ilike ${likePattern(keyword)})` : sql`true`}
      order by c.id desc limit 50`,
  );
  return found.map((r) => ({ id: Number(r.id), contractNo: String(r.contract_no), name: String(r.name), date: String(r.date) }));
}

export async function refContract(ex: Executor, v: Actor, projectId: number, kind: 'sale' | 'maintain', contractId: number): Promise<{ id: number }> {
  const project = await managed(ex, v, projectId);
  await contractOfProject(ex, v, project, kind, contractId);
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into project_contracts (enterprise_id, project_id, kind, contract_id) values (${v.enterpriseId}, ${projectId}, ${kind}, ${contractId})
      on conflict (enterprise_id, project_id, kind, contract_id) do update set kind = excluded.kind returning id`,
  );
  return { id: Number(r?.id) };
}

export async function contractList(ex: Executor, v: Actor, projectId: number): Promise<ProjectContractRow[]> {
  await visibleProject(ex, v, projectId);
  const found = await rows(
    ex,
    sql`select pc.id, pc.kind, pc.contract_id, coalesce(s.contract_no, m.contract_no) as contract_no, coalesce(s.name, m.name) as name
      from project_contracts pc
        left join sale_contracts s on pc.kind = 'sale' and s.enterprise_id = pc.enterprise_id and s.id = pc.contract_id
        left join maintain_contracts m on pc.kind = 'maintain' and m.enterprise_id = pc.enterprise_id and m.id = pc.contract_id
      where pc.enterprise_id = ${v.enterpriseId} and pc.project_id = ${projectId} order by pc.id`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    kind: r.kind as 'sale' | 'maintain',
    contractId: Number(r.contract_id),
    contractNo: String(r.contract_no ?? ''),
    name: String(r.name ?? ''),
  }));
}

export async function messageList(ex: Executor, v: Actor, projectId: number): Promise<ProjectMessageRow[]> {
  await visibleProject(ex, v, projectId);
  const found = await rows(
    ex,
    sql`select m.id, m.content, m.user_id, u.name as user_name, ${timeOf(sql`m.created_at`, v)} as time
      from project_messages m left join users u on u.enterprise_id = m.enterprise_id and u.id = m.user_id
      where m.enterprise_id = ${v.enterpriseId} and m.project_id = ${projectId} order by m.created_at, m.id`,
  );
  return found.map((r) => ({
    id: Number(r.id),
    content: String(r.content),
    userName: (r.user_name as string | null) ?? null,
    mine: Number(r.user_id) === v.id,
    time: String(r.time),
  }));
}

export async function addMessage(ex: Executor, v: Actor, projectId: number, content: string): Promise<{ id: number }> {
  await visibleProject(ex, v, projectId);
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into project_messages (enterprise_id, project_id, user_id, content) values (${v.enterpriseId}, ${projectId}, ${v.id}, ${content}) returning id`,
  );
  return { id: Number(r?.id) };
}

/** A message goes only with its author. */
export async function delMessage(db: Db, v: Actor, id: number): Promise<void> {
  const [m] = await ownRows(db, v, 'project_messages', [id]);
  if (Number(m?.user_id) !== v.id) throw new AppError('NO_POWER');
  await db.execute(sql`delete from project_messages where enterprise_id = ${v.enterpriseId} and id = ${id}`);
}
