import { textContains } from '../../platform/search';
import type { CustomerContractRow, ProjectContractRow, ProjectFileRow, ProjectMessageRow, ProjectProductRow } from '@sk/shared';
import { sql } from 'drizzle-orm';
import { type Executor, rows } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { type PageRequest, pageSql } from '../../platform/list';
import { bigints, timeOf } from '../../platform/sql';
import { uploadUrl } from '../files/index';
import { projectScope } from './records.repo';

/** The statements of a project's files, products, contracts and messages, and their presenters. */

export type ChildTable = 'project_files' | 'project_products' | 'project_messages';

/** A row of a project child table as ownRows reads it: its own columns that matter, and its project's managers' keys. */
export interface ChildRow {
  id: number;
  project_id: number;
  /** project_files' uploader (the other tables have none). */
  created_by?: number | null;
  /** project_messages' author. */
  user_id?: number | null;
  project_creator: number;
  template_id: number;
}

/** Rows of a project child table of projects the viewer sees. */
export function childRows(ex: Executor, v: Actor, table: ChildTable, ids: number[]): Promise<ChildRow[]> {
  return rows<ChildRow>(
    ex,
    sql`select c.*, p.created_by as project_creator, p.template_id from ${sql.identifier(table)} c join projects p on p.enterprise_id = c.enterprise_id and p.id = c.project_id
      where c.enterprise_id = ${v.enterpriseId} and c.id = any(${bigints(ids)}) and ${projectScope(v)}`,
  );
}

export async function deleteChildRows(ex: Executor, ep: number, table: ChildTable, ids: number[]): Promise<void> {
  await ex.execute(sql`delete from ${sql.identifier(table)} where enterprise_id = ${ep} and id = any(${bigints(ids)})`);
}

/** How many of the uploads are the enterprise's. */
export async function uploadCount(ex: Executor, ep: number, ids: number[]): Promise<number> {
  const found = await rows<{ id: number }>(ex, sql`select id from uploads where enterprise_id = ${ep} and id = any(${bigints(ids)})`);
  return found.length;
}

export async function insertFiles(ex: Executor, v: Actor, projectId: number, uploadIds: number[]): Promise<void> {
  await ex.execute(sql`insert into project_files (enterprise_id, project_id, upload_id, created_by)
      select ${v.enterpriseId}, ${projectId}, u, ${v.id} from unnest(${bigints(uploadIds)}) u`);
}

/** A file as fileRows reads it. */
interface FileRaw {
  id: number;
  upload_id: number;
  name: string;
  ext: string;
  size: number;
  user_name: string | null;
  time: string;
}

const toFileRow = (r: FileRaw): ProjectFileRow => ({
  id: r.id,
  uploadId: r.upload_id,
  name: r.name,
  ext: r.ext,
  size: r.size,
  url: uploadUrl(r.upload_id),
  userName: r.user_name,
  time: r.time,
});

export async function fileRows(ex: Executor, v: Actor, projectId: number): Promise<ProjectFileRow[]> {
  const found = await rows<FileRaw>(
    ex,
    sql`select f.id, f.upload_id, u.name, u.ext, u.size, us.name as user_name, ${timeOf(sql`f.created_at`, v)} as time
      from project_files f join uploads u on u.enterprise_id = f.enterprise_id and u.id = f.upload_id
        left join users us on us.enterprise_id = f.enterprise_id and us.id = f.created_by
      where f.enterprise_id = ${v.enterpriseId} and f.project_id = ${projectId} order by f.id desc`,
  );
  return found.map(toFileRow);
}

/** A product as productRows reads it (the numeric quantity as text). */
interface ProductRaw {
  id: number;
  product_model_id: number | null;
  name: string;
  model: string | null;
  quantity: string;
  contract_no: string | null;
}

const toProductRow = (r: ProductRaw): ProjectProductRow => ({
  id: r.id,
  productModelId: r.product_model_id,
  name: r.name,
  model: r.model,
  quantity: r.quantity,
  saleContractNo: r.contract_no,
});

export async function productRows(ex: Executor, v: Actor, projectId: number, page: PageRequest): Promise<ProjectProductRow[]> {
  const found = await rows<ProductRaw>(
    ex,
    sql`select pp.id, pp.product_model_id, pp.name, pp.model, pp.quantity::text as quantity, sc.contract_no
      from project_products pp left join sale_contracts sc on sc.enterprise_id = pp.enterprise_id and sc.id = pp.sale_contract_id
      where pp.enterprise_id = ${v.enterpriseId} and pp.project_id = ${projectId} order by pp.id ${pageSql(page)}`,
  );
  return found.map(toProductRow);
}

export async function productRowCount(ex: Executor, ep: number, projectId: number): Promise<number> {
  const [r] = await rows<{ n: number }>(ex, sql`select count(*)::int as n from project_products where enterprise_id = ${ep} and project_id = ${projectId}`);
  return r?.n ?? 0;
}

/** Copies a sales contract's products into the project, once; how many were added. */
export async function insertSaleProducts(ex: Executor, ep: number, projectId: number, contractId: number): Promise<number> {
  const added = await rows<{ id: number }>(
    ex,
    sql`insert into project_products (enterprise_id, project_id, product_model_id, name, model, quantity, sale_contract_id)
        select i.enterprise_id, ${projectId}, i.product_id, m.name, m.model, i.quantity, i.contract_id
        from sale_contract_items i join product_models m on m.enterprise_id = i.enterprise_id and m.id = i.product_id
        where i.enterprise_id = ${ep} and i.contract_id = ${contractId}
          and not exists (select 1 from project_products x where x.enterprise_id = i.enterprise_id and x.project_id = ${projectId} and x.sale_contract_id = i.contract_id)
        returning id`,
  );
  return added.length;
}

const CONTRACT_TABLES = { sale: 'sale_contracts', maintain: 'maintain_contracts' } as const;

/** The customer of a contract of the enterprise; undefined if there is no such contract. */
export async function contractCustomer(
  ex: Executor,
  ep: number,
  kind: 'sale' | 'maintain',
  contractId: number,
): Promise<{ customer_id: number | null } | undefined> {
  const [c] = await rows<{ customer_id: number | null }>(
    ex,
    sql`select customer_id from ${sql.identifier(CONTRACT_TABLES[kind])} where enterprise_id = ${ep} and id = ${contractId}`,
  );
  return c;
}

/** A contract of the customer as customerContractRows reads it. */
interface CustomerContractRaw {
  id: number;
  contract_no: string;
  name: string;
  date: string | null;
}

const toCustomerContractRow = (r: CustomerContractRaw): CustomerContractRow => ({ id: r.id, contractNo: r.contract_no, name: r.name, date: r.date ?? '' });

/** The customer's contracts of one kind, newest first, by number or name (at most 50). */
export async function customerContractRows(
  ex: Executor,
  ep: number,
  customerId: number,
  kind: 'sale' | 'maintain',
  keyword?: string,
): Promise<CustomerContractRow[]> {
  const date =
    kind === 'sale' ? sql`to_char(c.sign_date, 'YYYY-MM-DD')` : sql`to_char(c.start_date, 'YYYY-MM-DD') || ' ~ ' || to_char(c.end_date, 'YYYY-MM-DD')`;
  const found = await rows<CustomerContractRaw>(
    ex,
    sql`select c.id, c.contract_no, c.name, ${date} as date from ${sql.identifier(CONTRACT_TABLES[kind])} c
      where c.enterprise_id = ${ep} and c.customer_id = ${customerId}
        and ${keyword ? sql`(${textContains(sql`c.contract_no`, keyword)} or ${textContains(sql`c.name`, keyword)})` : sql`true`}
      order by c.id desc limit 50`,
  );
  return found.map(toCustomerContractRow);
}

/** Refers the project to a contract (once); the reference's id. */
export async function insertContractRef(ex: Executor, ep: number, projectId: number, kind: 'sale' | 'maintain', contractId: number): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into project_contracts (enterprise_id, project_id, kind, contract_id) values (${ep}, ${projectId}, ${kind}, ${contractId})
      on conflict (enterprise_id, project_id, kind, contract_id) do update set kind = excluded.kind returning id`,
  );
  if (!r) throw new Error('insert returned no row');
  return r.id;
}

/** A contract reference as contractRows reads it. */
interface ContractRaw {
  id: number;
  kind: 'sale' | 'maintain';
  contract_id: number;
  contract_no: string | null;
  name: string | null;
}

const toContractRow = (r: ContractRaw): ProjectContractRow => ({
  id: r.id,
  kind: r.kind,
  contractId: r.contract_id,
  contractNo: r.contract_no ?? '',
  name: r.name ?? '',
});

export async function contractRows(ex: Executor, ep: number, projectId: number): Promise<ProjectContractRow[]> {
  const found = await rows<ContractRaw>(
    ex,
    sql`select pc.id, pc.kind, pc.contract_id, coalesce(s.contract_no, m.contract_no) as contract_no, coalesce(s.name, m.name) as name
      from project_contracts pc
        left join sale_contracts s on pc.kind = 'sale' and s.enterprise_id = pc.enterprise_id and s.id = pc.contract_id
        left join maintain_contracts m on pc.kind = 'maintain' and m.enterprise_id = pc.enterprise_id and m.id = pc.contract_id
      where pc.enterprise_id = ${ep} and pc.project_id = ${projectId} order by pc.id`,
  );
  return found.map(toContractRow);
}

/** A message as messageRows reads it. */
interface MessageRaw {
  id: number;
  content: string;
  user_id: number | null;
  user_name: string | null;
  time: string;
}

const toMessageRow = (r: MessageRaw, v: Actor): ProjectMessageRow => ({
  id: r.id,
  content: r.content,
  userName: r.user_name,
  mine: r.user_id === v.id,
  time: r.time,
});

export async function messageRows(ex: Executor, v: Actor, projectId: number): Promise<ProjectMessageRow[]> {
  const found = await rows<MessageRaw>(
    ex,
    sql`select m.id, m.content, m.user_id, u.name as user_name, ${timeOf(sql`m.created_at`, v)} as time
      from project_messages m left join users u on u.enterprise_id = m.enterprise_id and u.id = m.user_id
      where m.enterprise_id = ${v.enterpriseId} and m.project_id = ${projectId} order by m.created_at, m.id`,
  );
  return found.map((r) => toMessageRow(r, v));
}

export async function insertMessage(ex: Executor, v: Actor, projectId: number, content: string): Promise<number> {
  const [r] = await rows<{ id: number }>(
    ex,
    sql`insert into project_messages (enterprise_id, project_id, user_id, content) values (${v.enterpriseId}, ${projectId}, ${v.id}, ${content}) returning id`,
  );
  if (!r) throw new Error('insert returned no row');
  return r.id;
}
